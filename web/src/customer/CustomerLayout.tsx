import { useEffect, useRef } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { css, cx } from "styled-system/css";
import { SkipLink } from "../ui/AreaShell.tsx";
import { useBookingFlowHistory } from "./booking/flowHistory.ts";

const page = css({
  minH: "100dvh",
  display: "flex",
  justifyContent: "center",
  bg: "bg.canvas",
  md: {
    bgImage:
      "radial-gradient(ellipse 80% 60% at 50% 0%, token(colors.ocean.100), transparent 70%), linear-gradient(180deg, token(colors.slate.50), token(colors.slate.100))",
  },
});

const frame = css({
  width: "full",
  maxW: "phone",
  minH: "100dvh",
  display: "flex",
  flexDirection: "column",
  position: "relative",
  bg: "bg.surface",
  md: { boxShadow: "frame" },
});

// Cars for Sale: a listing as wide as a desktop allows (grid of cards), still one column on a phone.
const wideFrame = css({ maxW: "6xl" });

/**
 * Customer screens sit in a phone-width frame (SPEC 1), centred on wider screens; a route whose
 * handle says `wideFrame` (Cars for Sale) gets a wide one. It also keeps the booking flow's place
 * in the tab's history (booking/flowHistory.ts).
 */
export function CustomerLayout() {
  const wide = useMatches().some((match) => (match.handle as { wideFrame?: boolean } | undefined)?.wideFrame === true);
  useFocusOnNewScreen();
  // After a booking, the app passes the flow's first entry on its way to the success screen: not shown.
  const passingToSuccess = useBookingFlowHistory();
  return (
    <div className={page}>
      <SkipLink />
      <div className={cx(frame, wide && wideFrame)} data-customer-frame="" data-wide={wide ? "" : undefined}>
        {passingToSuccess ? null : <Outlet />}
      </div>
    </div>
  );
}

/** How long a new screen's heading is waited for (its code may still be loading). */
const HEADING_WAIT_MS = 3_000;

/**
 * A move to another screen takes the focus to its heading, so a keyboard or screen-reader user
 * starts at the top of the new page and hears its name (a page change otherwise leaves focus on
 * <body> and says nothing). Not on the first screen, and not when the new screen has already put
 * the focus somewhere itself.
 */
function useFocusOnNewScreen() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new screen (its pathname), whatever the effect reads
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusHeading = () => {
      if (document.activeElement && document.activeElement !== document.body) return true;
      const heading = document.querySelector<HTMLElement>("main h1");
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
