import type { ReactNode } from "react";
import { Link, type To } from "react-router";
import { css, cx } from "styled-system/css";
import { HeaderLogo } from "../ui/HeaderLogo.tsx";

const header = css({
  position: "sticky",
  top: "0",
  zIndex: "10",
  display: "flex",
  alignItems: "center",
  gap: "2",
  minH: "14",
  px: "4",
  bg: "bg.surface/95",
  backdropFilter: "saturate(180%) blur(8px)",
  borderBottomWidth: "1px",
  borderColor: "border.default",
});

const backLink = css({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  // 44px: a thumb's target on a phone.
  width: "11",
  height: "11",
  ml: "-2.5",
  borderRadius: "full",
  color: "fg.default",
  _hover: { bg: "bg.muted" },
});

export function BackLink({ to, label = "Back" }: { to: To; label?: string }) {
  return (
    <Link to={to} className={backLink} aria-label={label}>
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="m15 18-6-6 6-6" />
      </svg>
    </Link>
  );
}

export const customerFooter = css({
  py: "4",
  px: "6",
  textAlign: "center",
  textStyle: "small",
  color: "fg.muted",
});

/** SPEC 1: footer "© {brand} 2025". */
export function CustomerFooter({ className }: { className?: string }) {
  return (
    <footer className={cx(customerFooter, className)}>
      <p>© CapeDrive 2025</p>
    </footer>
  );
}

/**
 * The frame of an ordinary customer screen: a header with an optional back link, the logo and an
 * optional right-hand slot; then the page in <main>; then an optional footer.
 */
export function CustomerScreen({
  back,
  backPlace = false,
  backLabel,
  right,
  footer = false,
  children,
  mainClassName,
}: {
  back?: To;
  /** Hold the back link's room empty (a screen whose code is still loading), so the logo stays put when it arrives. */
  backPlace?: boolean;
  /** The back link's name for assistive technology ("Back" unless given). */
  backLabel?: string;
  right?: ReactNode;
  footer?: boolean;
  children: ReactNode;
  mainClassName?: string;
}) {
  return (
    <>
      <header className={header}>
        {back !== undefined ? <BackLink to={back} label={backLabel} /> : backPlace ? <span className={backLink} aria-hidden="true" /> : null}
        <HeaderLogo size="sm" />
        {right ? <div className={css({ ml: "auto", display: "flex", alignItems: "center", gap: "1" })}>{right}</div> : null}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cx(css({ flex: "1", display: "flex", flexDirection: "column", px: "5", py: "6", _focus: { outline: "none" } }), mainClassName)}
      >
        {children}
      </main>
      {footer ? <CustomerFooter /> : null}
    </>
  );
}
