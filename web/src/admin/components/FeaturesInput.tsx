/**
 * The vehicle form's features: tags, on Ark UI's TagsInput. Type a feature and press Enter or a
 * comma; paste or type a comma-separated list ("Bluetooth, USB, Cruise control") and every item
 * becomes a tag; each tag has a remove button; Backspace in the empty box highlights the last tag
 * and Backspace again removes it (the arrow keys move between tags). Duplicates are ignored
 * whatever their case; leaving the box adds what was typed.
 */
import { TagsInput } from "@ark-ui/react/tags-input";
import { useId, useState, type FormEvent } from "react";
import { css } from "styled-system/css";
import { splitFeatures } from "#domain/catalogue.ts";

const box = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "1.5",
  minH: "11",
  px: "2",
  py: "1.5",
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.strong",
  borderRadius: "control",
  cursor: "text",
  _focusWithin: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "0", borderColor: "brand.solid" },
});

const tag = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1",
  pl: "2.5",
  pr: "1",
  py: "0.5",
  fontSize: "sm",
  bg: "brand.subtle",
  color: "brand.text",
  borderRadius: "full",
  borderWidth: "1px",
  borderColor: "brand.muted",
  // Backspace or an arrow key picked this tag: the next Backspace or Delete removes it.
  "&[data-highlighted]": { bg: "brand.solid", color: "fg.onBrand", borderColor: "brand.solid" },
  // The remove button: 28 px to hit (above WCAG's 24 px floor) around the 20 px circle on show; the
  // negative margins keep the tag its size.
  "& button": {
    position: "relative",
    isolation: "isolate",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: "7",
    height: "7",
    m: "-1",
    borderRadius: "full",
    cursor: "pointer",
    _before: { content: '""', position: "absolute", inset: "1", borderRadius: "full", zIndex: "-1" },
    _hover: { color: "brand.text", _before: { bg: "brand.muted" } },
  },
});

/** Adds the items of `text` that are not listed yet (case-insensitive), in order. */
export function addFeatures(current: readonly string[], text: string): string[] {
  const next = [...current];
  const seen = new Set(current.map((f) => f.toLowerCase()));
  for (const item of splitFeatures(text)) {
    if (seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    next.push(item);
  }
  return next;
}

export function FeaturesInput({
  value,
  onChange,
  error,
  label = "Features",
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  label?: string;
}) {
  const id = useId();
  // What is typed and not yet a tag. Controlled, so that taking a list out of the box (below)
  // and Ark's clearing after Enter both leave the box holding exactly what is left.
  const [draft, setDraft] = useState("");
  // A typed or pasted list: everything up to the last comma becomes tags at once, and the box
  // keeps only what follows it. Runs before Ark's own handler, which then sees the rest only.
  const takeList = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const cut = input.value.lastIndexOf(",");
    if (cut < 0) return;
    onChange(addFeatures(value, input.value.slice(0, cut)));
    input.value = input.value.slice(cut + 1).trimStart();
  };
  return (
    <TagsInput.Root
      value={value}
      onValueChange={(details) => onChange(details.value)}
      inputValue={draft}
      onInputValueChange={(details) => setDraft(details.inputValue)}
      validate={({ inputValue, value: tags }) => !tags.some((f) => f.toLowerCase() === inputValue.toLowerCase())}
      blurBehavior="add"
      editable={false}
      invalid={Boolean(error)}
      translations={{
        deleteTagTriggerLabel: (feature) => `Remove ${feature}`,
        tagAdded: (feature) => `${feature} added`,
        tagsPasted: (features) => `${features.length} features added`,
        tagDeleted: (feature) => `${feature} removed`,
        tagSelected: (feature) => `${feature} selected. Press Backspace or Delete to remove it.`,
        noTagsSelected: "No features",
      }}
      className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}
    >
      <TagsInput.Label className={css({ fontSize: "sm", fontWeight: "600" })}>{label}</TagsInput.Label>
      <TagsInput.Control className={box}>
        <ul className={css({ display: "contents" })} aria-label="Features added">
          {value.map((feature, index) => (
            <TagsInput.Item key={feature} index={index} value={feature} asChild>
              <li className={css({ display: "inline-flex" })}>
                <TagsInput.ItemPreview className={tag}>
                  <TagsInput.ItemText>{feature}</TagsInput.ItemText>
                  {/* Reachable with Tab as well as through the arrow keys. */}
                  <TagsInput.ItemDeleteTrigger tabIndex={0}>
                    <svg
                      width="12"
                      height="12"
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.6"
                      strokeLinecap="round"
                      aria-hidden="true"
                      focusable="false"
                    >
                      <path d="M18 6 6 18M6 6l12 12" />
                    </svg>
                  </TagsInput.ItemDeleteTrigger>
                </TagsInput.ItemPreview>
              </li>
            </TagsInput.Item>
          ))}
        </ul>
        <TagsInput.Input
          onInput={takeList}
          placeholder={value.length === 0 ? "e.g. Bluetooth, Air conditioning" : "Add another"}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={css({ flex: "1", minW: "10rem", minH: "8", px: "1", fontSize: "md", bg: "transparent", _focusVisible: { outline: "none" } })}
        />
      </TagsInput.Control>
      <p id={`${id}-hint`} className={css({ fontSize: "sm", color: "fg.muted" })}>
        Press Enter or type a comma after each feature. Cards show the first 3.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className={css({ fontSize: "sm", fontWeight: "500", color: "danger.fg" })}>
          {error}
        </p>
      ) : null}
    </TagsInput.Root>
  );
}
