/**
 * What Ark's toast (./ToastRegion.tsx) and the plain stand-in (./toast.tsx) share, so they cannot
 * drift apart: their look, the icon, the close icon, and swipe right to dismiss. Kept apart from
 * Ark UI: the stand-in is in the main code.
 *
 * The look is css() here rather than a config recipe: Panda's recipes all sit behind one index
 * module that the landing page imports (for its buttons), which would put this into the landing
 * page's code too.
 */
import { useRef, type PointerEvent } from "react";
import { css } from "styled-system/css";
import { TOAST_SWIPE_THRESHOLD_PX, type ToastAlign } from "./toast-settings.ts";

/**
 * The parts' classes, named as in Ark's toast anatomy; `data-type` (success, error) colours the
 * edge and the icon. Ark's own placement and stacking (its --x, --y, --opacity... variables) stay
 * in ToastRegion.tsx.
 */
export const toastStyles = {
  group: css({
    // The region spans the top of narrow screens; on wide ones it is 24rem wide.
    width: { base: "calc(100vw - 2rem)", sm: "24rem" },
    _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "4px", borderRadius: "xl" },
  }),
  root: css({
    position: "relative",
    width: "full",
    display: "flex",
    alignItems: "flex-start",
    gap: "3",
    p: "4",
    pr: "12",
    bg: "bg.surface",
    color: "fg.default",
    borderRadius: "xl",
    borderWidth: "1px",
    borderColor: "border.default",
    borderLeftWidth: "4px",
    boxShadow: "raised",
    // Swipe right to dismiss: it follows the finger by --swipe-x (plus Ark's placement, if any).
    touchAction: "pan-y",
    userSelect: "none",
    cursor: "grab",
    translate: "calc(var(--x, 0px) + var(--swipe-x, 0px)) var(--y, 0px)",
    transitionProperty: "translate, scale, opacity, height, box-shadow",
    transitionDuration: "300ms",
    transitionTimingFunction: "cubic-bezier(0.21, 1.02, 0.73, 1)",
    "&[data-swiping]": { transitionDuration: "0ms", cursor: "grabbing" },
    _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
    "&[data-type=success]": { borderLeftColor: "success.solid" },
    "&[data-type=error]": { borderLeftColor: "danger.solid" },
  }),
  icon: css({
    flexShrink: 0,
    width: "6",
    height: "6",
    borderRadius: "full",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    color: "white",
    mt: "-0.5",
    "&[data-type=success]": { bg: "success.solid" },
    "&[data-type=error]": { bg: "danger.solid" },
  }),
  content: css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" }),
  title: css({ fontWeight: "650", fontSize: "sm", lineHeight: "1.4" }),
  description: css({ fontSize: "sm", color: "fg.muted", lineHeight: "1.45" }),
  // 44 px to tap (a driver dismisses it with a thumb), the 32 px circle it always had drawn
  // inside, centred where it was.
  closeTrigger: css({
    position: "absolute",
    top: "0.5",
    right: "0.5",
    width: "11",
    height: "11",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    borderRadius: "full",
    color: "fg.muted",
    cursor: "pointer",
    isolation: "isolate",
    _before: { content: '""', position: "absolute", inset: "1.5", borderRadius: "full", zIndex: "-1" },
    _hover: { color: "fg.default", _before: { bg: "bg.muted" } },
    _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "-6px" },
  }),
};

/**
 * Where the region sits on a wide screen: its fixed width placed by auto margins, centred at a
 * desk (at the right it covered a dialog's close button and the header's Sign Out for 5 s), at
 * the right for the customer's one-column app (clear of the column).
 */
export const toastAlign: Record<ToastAlign, string> = {
  center: css({ marginInline: "auto" }),
  end: css({ marginInlineStart: "auto" }),
  // The desk toaster's own placement (ToastRegion.tsx) puts it bottom left; the stand-in and phones centre it.
  desk: css({ marginInline: "auto" }),
};

export function ToastIcon({ type }: { type: string | undefined }) {
  return (
    <span className={toastStyles.icon} data-type={type} aria-hidden="true">
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: decoration inside an aria-hidden span; the toast's title says it all */}
      <svg
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {type === "error" ? (
          <>
            <path d="M12 7v6" />
            <path d="M12 17h.01" />
          </>
        ) : (
          <path d="m5 12 5 5 9-10" />
        )}
      </svg>
    </span>
  );
}

/** The cross inside the close button (the button's label names it). */
export function CloseIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </svg>
  );
}

/**
 * Pointer-driven "swipe right to dismiss" (Ark's toast has no swipe of its own), for the toast's
 * root: it follows the finger (the --swipe-x the style reads), springs back from a short drag,
 * and calls `onDismiss` once dragged TOAST_SWIPE_THRESHOLD_PX.
 */
export function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const set = (el: HTMLElement, dx: number) => el.style.setProperty("--swipe-x", `${dx}px`);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if ((event.target as HTMLElement).closest("button")) return;
      start.current = { x: event.clientX, id: event.pointerId };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const s = start.current;
      if (!s || s.id !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - s.x);
      event.currentTarget.toggleAttribute("data-swiping", dx > 0);
      set(event.currentTarget, dx);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const s = start.current;
      start.current = null;
      const el = event.currentTarget;
      el.removeAttribute("data-swiping");
      if (!s) return;
      if (event.clientX - s.x >= TOAST_SWIPE_THRESHOLD_PX) {
        set(el, el.offsetWidth + 32); // slide out the rest of the way
        onDismiss();
      } else {
        set(el, 0);
      }
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      start.current = null;
      event.currentTarget.removeAttribute("data-swiping");
      set(event.currentTarget, 0);
    },
  };
}
