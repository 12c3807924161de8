import { Link, useLocation } from "react-router";
import { css, cx } from "styled-system/css";
import { Logo } from "./Logo.tsx";
import { logoHref } from "./logoHref.ts";

const link = css({
  display: "inline-flex",
  alignItems: "center",
  borderRadius: "lg",
  textDecoration: "none",
  // A 44 px high hit area (the logo is 28 px) without moving the logo.
  m: "-2",
  p: "2",
});

// On the dark hero the orange ring would be too faint: use white there.
const inverseFocus = css({ _focusVisible: { outlineColor: "white" } });

/** The header logo: a link whose target follows SPEC 2's "Header logo" rule. */
export function HeaderLogo({ tone = "brand", size = "md", className }: { tone?: "brand" | "inverse"; size?: "sm" | "md" | "lg"; className?: string }) {
  const { pathname } = useLocation();
  return (
    <Link to={logoHref(pathname)} className={cx(link, tone === "inverse" && inverseFocus, className)} aria-label="CapeDrive home">
      <Logo tone={tone} size={size} />
    </Link>
  );
}
