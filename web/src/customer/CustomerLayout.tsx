import { Outlet, useLocation, useMatches } from "react-router";
import { css, cx } from "styled-system/css";
import { SkipLink } from "../ui/SkipLink.tsx";
import { useFocusOnNewScreen } from "../ui/useFocusOnNewScreen.ts";
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
