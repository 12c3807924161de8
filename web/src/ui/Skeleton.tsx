import { css, cx } from "styled-system/css";

const base = css({
  display: "block",
  bg: "slate.100",
  borderRadius: "lg",
  animation: "pulse 1.6s ease-in-out infinite",
});

/** A grey placeholder block while content loads. Size it with a className. Hidden from AT. */
export function Skeleton({ className }: { className?: string }) {
  return <span className={cx(base, className)} aria-hidden="true" />;
}
