import { useId } from "react";
import { css } from "styled-system/css";

const chip = css({
  display: "inline-flex",
  alignItems: "center",
  minH: "9",
  px: "3",
  borderRadius: "full",
  borderWidth: "1.5px",
  borderColor: "border.strong",
  bg: "bg.surface",
  color: "fg.default",
  fontSize: "sm",
  fontWeight: "600",
  cursor: "pointer",
  userSelect: "none",
  transition: "background-color 120ms, border-color 120ms",
  _hover: { borderColor: "brand.solid" },
  "&:has(input:checked)": { bg: "brand.solid", borderColor: "brand.solid", color: "fg.onBrand" },
  "&:has(input:focus-visible)": { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
});

/** A labelled group of single-choice chips (native radio buttons underneath: arrow keys, screen readers). */
export function ChipGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T | null;
  options: readonly { value: T | null; label: string }[];
  onChange: (value: T | null) => void;
}) {
  const id = useId();
  return (
    <fieldset className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })}>
      <legend className={css({ fontSize: "sm", fontWeight: "650", mb: "1.5" })}>{legend}</legend>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        {options.map((option) => (
          <label key={option.value ?? "any"} className={chip}>
            <input
              type="radio"
              name={`${name}-${id}`}
              className={css({ srOnly: true })}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
