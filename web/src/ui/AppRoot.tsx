import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { css } from "styled-system/css";
import { LogoMark } from "./Logo.tsx";

const bar = css({
  position: "fixed",
  top: "0",
  left: "0",
  right: "0",
  height: "3px",
  zIndex: "9999",
  overflow: "hidden",
  pointerEvents: "none",
  "& > span": {
    display: "block",
    width: "40%",
    height: "full",
    bg: "accent.bright",
    borderRadius: "full",
    animation: "progress 1.1s ease-in-out infinite",
  },
});

/** A thin progress bar while a lazy route or a loader is pending. */
function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className={bar} role="progressbar" aria-label="Loading page">
      <span />
    </div>
  );
}

/** The root route: progress bar, scroll restoration, then the matched area. */
export function AppRoot() {
  return (
    <>
      <PendingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown on first load while an area's code is still loading. */
export function AppLoading() {
  return (
    <div
      className={css({
        minH: "100dvh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        bg: "bg.surface",
        animation: "fadeIn 0.4s ease-in 0.2s both",
      })}
      aria-busy="true"
    >
      <span className={css({ animation: "pulse 1.4s ease-in-out infinite" })}>
        <LogoMark size={56} />
      </span>
      <span className={css({ srOnly: true })}>Loading…</span>
    </div>
  );
}
