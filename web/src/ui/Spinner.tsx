import { css, cx } from "styled-system/css";

const spin = css({
  display: "inline-block",
  flexShrink: 0,
  borderRadius: "full",
  borderWidth: "2.5px",
  borderStyle: "solid",
  borderColor: "currentColor",
  borderRightColor: "transparent",
  animation: "spin 0.7s linear infinite",
});

const sizes = { sm: css({ width: "4", height: "4" }), md: css({ width: "6", height: "6" }), lg: css({ width: "10", height: "10" }) };

/** A spinning ring in the current text colour. Decorative unless `label` is given. */
export function Spinner({ size = "sm", label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  return label ? (
    <span role="status" className={css({ display: "inline-flex" })}>
      <span className={cx(spin, sizes[size], className)} aria-hidden="true" />
      <span className={css({ srOnly: true })}>{label}</span>
    </span>
  ) : (
    <span className={cx(spin, sizes[size], className)} aria-hidden="true" />
  );
}
