/**
 * The vehicle form's features: tags. Type a feature and press Enter or a comma; paste or type a
 * comma-separated list ("Bluetooth, USB, Cruise control") and every item becomes a tag; each tag
 * has a remove button; Backspace in the empty box removes the last one.
 */
import { useId, useState, type KeyboardEvent } from "react";
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
  "& button": {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: "5",
    height: "5",
    borderRadius: "full",
    cursor: "pointer",
    _hover: { bg: "brand.muted" },
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
  const [draft, setDraft] = useState("");
  const commit = (text: string) => {
    if (text.trim()) onChange(addFeatures(value, text));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      commit(draft);
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600" })}>
        {label}
      </label>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience (a click anywhere in the box focuses the input); keyboard users are in the input already */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
      <div className={box} onClick={() => document.getElementById(id)?.focus()}>
        <ul className={css({ display: "contents" })} aria-label="Features added">
          {value.map((feature) => (
            <li key={feature} className={tag}>
              {feature}
              <button type="button" aria-label={`Remove ${feature}`} onClick={() => onChange(value.filter((f) => f !== feature))}>
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
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            // A pasted or typed list: everything before the last comma becomes tags.
            if (text.includes(",")) {
              const cut = text.lastIndexOf(",");
              onChange(addFeatures(value, text.slice(0, cut)));
              setDraft(text.slice(cut + 1).trimStart());
            } else setDraft(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(draft)}
          placeholder={value.length === 0 ? "e.g. Bluetooth, Air conditioning" : "Add another"}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={css({ flex: "1", minW: "10rem", minH: "8", px: "1", fontSize: "md", bg: "transparent", _focusVisible: { outline: "none" } })}
        />
      </div>
      <p id={`${id}-hint`} className={css({ fontSize: "sm", color: "fg.muted" })}>
        Press Enter or type a comma after each feature. Cards show the first 3.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className={css({ fontSize: "sm", fontWeight: "500", color: "danger.fg" })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
