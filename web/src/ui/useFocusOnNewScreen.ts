import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new screen's heading is waited for (its code may still be loading). */
const HEADING_WAIT_MS = 3_000;

/**
 * A move to another screen takes the focus to its heading, so a keyboard or screen-reader user
 * starts at the top of the new page and hears its name (a page change otherwise leaves focus on
 * <body> and says nothing). Not on the first screen, and not when the new screen has already put
 * the focus somewhere itself. Every area's layout uses it (the customer's, and AreaShell for the
 * admin, dealership and driver areas).
 */
export function useFocusOnNewScreen() {
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
