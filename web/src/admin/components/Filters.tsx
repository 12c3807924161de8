/** The filter bar above admin lists: a search box and compact selects. */
import { useId, type ComponentProps, type ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { SearchIcon } from "./icons.tsx";

export const filterBar = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: "3",
  p: "3",
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
});

const control = css({
  minH: "10",
  px: "3",
  bg: "bg.surface",
  color: "fg.default",
  fontSize: "sm",
  borderWidth: "1px",
  borderColor: "border.strong",
  borderRadius: "control",
  _hover: { borderColor: "slate.400" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "0", borderColor: "brand.solid" },
});

const label = css({ fontSize: "xs", fontWeight: "600", color: "fg.muted" });

export function SearchBox({ label: text, className, ...input }: ComponentProps<"input"> & { label: string }) {
  const id = useId();
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: "1", flex: "1 1 16rem", minW: "0" }), className)}>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <div className={css({ position: "relative" })}>
        <SearchIcon
          size={16}
          className={css({ position: "absolute", left: "3", top: "50%", transform: "translateY(-50%)", color: "fg.muted", pointerEvents: "none" })}
        />
        <input id={id} type="search" className={cx(control, css({ width: "full", pl: "9" }))} {...input} />
      </div>
    </div>
  );
}

export function FilterSelect({
  label: text,
  options,
  className,
  ...select
}: ComponentProps<"select"> & { label: string; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: "1", flex: { base: "1 1 9rem", md: "0 0 auto" }, minW: "0" }), className)}>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} className={cx(control, css({ pr: "8", minW: "10rem" }))} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A count line under the filters ("12 vehicles"), announced when it changes. */
export function ResultCount({ children }: { children: ReactNode }) {
  return (
    <p className={css({ textStyle: "small", color: "fg.muted" })} aria-live="polite">
      {children}
    </p>
  );
}
