import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { css } from "styled-system/css";
import { HeaderLogo } from "./HeaderLogo.tsx";
import { SkipLink } from "./SkipLink.tsx";
import { useFocusOnNewScreen } from "./useFocusOnNewScreen.ts";

const header = css({
  position: "sticky",
  top: "0",
  zIndex: "10",
  bg: "bg.surface",
  borderBottomWidth: "1px",
  borderColor: "border.default",
});

const headerInner = css({
  display: "flex",
  alignItems: "center",
  // On a phone the actions wrap under the logo instead of widening the page.
  flexWrap: "wrap",
  columnGap: "3",
  rowGap: "2",
  minH: "16",
  py: "2",
  px: { base: "4", md: "8" },
});

const areaTag = css({
  fontSize: "sm",
  fontWeight: "600",
  color: "fg.muted",
  pl: "3",
  borderLeftWidth: "1px",
  borderColor: "border.strong",
});

/**
 * Full-width layout for the admin and dealership areas: skip link, a sticky header with the logo
 * and the area name (and `actions` on the right; an optional `nav` row below), then the page in
 * <main>. A move to another screen takes the focus to its heading.
 */
export function AreaShell({ area, actions, nav }: { area: string; actions?: ReactNode; nav?: ReactNode }) {
  useFocusOnNewScreen();
  return (
    <div className={css({ minH: "100dvh", display: "flex", flexDirection: "column", bg: "bg.subtle" })}>
      <SkipLink />
      <header className={header}>
        <div className={headerInner}>
          <HeaderLogo size="sm" />
          <span className={areaTag}>{area}</span>
          {actions ? <div className={css({ ml: "auto", display: "flex", gap: "2" })}>{actions}</div> : null}
        </div>
        {nav}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={css({
          flex: "1",
          display: "flex",
          flexDirection: "column",
          width: "full",
          px: { base: "4", md: "8" },
          py: { base: "6", md: "8" },
          _focus: { outline: "none" },
        })}
      >
        <Outlet />
      </main>
    </div>
  );
}
