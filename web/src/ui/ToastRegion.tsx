/**
 * The toast region and Ark UI's toaster behind `notify` (./toast.tsx): loaded after a screen, not
 * with it, since Ark's toast machine was about 40 % of the session code a first visit waited for.
 * The rules it keeps (SPEC 9):
 * - one at a time: a new toast replaces the one showing;
 * - shown for 5000 ms;
 * - a dismissed toast is removed after 1,000,000 ms (it is hidden at once; the entry lingers);
 * - swipe right to dismiss once dragged 50 px;
 * - F8 moves focus to the notification region.
 */
import { Toast, Toaster, createToaster } from "@ark-ui/react/toast";
import { useRef, type PointerEvent } from "react";
import { css, cx } from "styled-system/css";
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastKind } from "./toast-settings.ts";

export const toaster = createToaster({
  // Ark's top centre spans the width; ToastRegion's `align` places the toast in it.
  placement: "top",
  max: 1,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: ["F8"],
  gap: 12,
  offsets: "0.75rem",
  pauseOnPageIdle: true,
});

/** Shows a toast, replacing any toast on screen (one at a time). */
export function show(kind: ToastKind, title: string, description?: string): void {
  toaster.remove();
  toaster.create({ type: kind, title, description });
}

const group = css({
  // The region spans the top of narrow screens; on wide ones it is 24rem wide.
  width: { base: "calc(100vw - 2rem)", sm: "24rem" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "4px", borderRadius: "xl" },
});

const root = css({
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
  touchAction: "pan-y",
  userSelect: "none",
  cursor: "grab",
  // Ark's placement variables (--x, --y, --opacity...) plus our own swipe offset.
  translate: "calc(var(--x) + var(--swipe-x, 0px)) var(--y)",
  scale: "var(--scale, 1)",
  opacity: "var(--opacity)",
  zIndex: "var(--z-index)",
  height: "var(--height)",
  willChange: "translate, opacity, scale",
  transitionProperty: "translate, scale, opacity, height, box-shadow",
  transitionDuration: "300ms",
  transitionTimingFunction: "cubic-bezier(0.21, 1.02, 0.73, 1)",
  "&[data-swiping]": { transitionDuration: "0ms", cursor: "grabbing" },
  // Dismissed: fade out, then leave the page's accessibility tree and tab order.
  "&[data-state=closed]": { visibility: "hidden", transition: "translate 300ms, opacity 300ms, visibility 0s 300ms" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
  "&[data-type=success]": { borderLeftColor: "success.solid" },
  "&[data-type=error]": { borderLeftColor: "danger.solid" },
});

const icon = css({
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
});

// 44 px to tap (a driver dismisses it with a thumb), the 32 px circle it always had drawn inside,
// centred where it was.
const closeButton = css({
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
});

function ToastIcon({ type }: { type: string | undefined }) {
  return (
    <span className={icon} data-type={type} aria-hidden="true">
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

/** Pointer-driven "swipe right to dismiss" (Ark's toast has no swipe of its own). */
function useSwipeToDismiss() {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const set = (el: HTMLElement, dx: number) => el.style.setProperty("--swipe-x", `${dx}px`);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if ((event.target as HTMLElement).closest("button")) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
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
      const dx = event.clientX - s.x;
      if (dx >= TOAST_SWIPE_THRESHOLD_PX) {
        set(el, el.offsetWidth + 32); // slide out the rest of the way
        toaster.dismiss(el.dataset.toastId);
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

function ToastCard({ id, type, title, description }: { id: string | undefined; type: string | undefined; title: unknown; description: unknown }) {
  const swipe = useSwipeToDismiss();
  return (
    <Toast.Root className={root} data-toast-id={id} {...swipe}>
      <ToastIcon type={type} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" })}>
        <Toast.Title className={css({ fontWeight: "650", fontSize: "sm", lineHeight: "1.4" })}>{title as string}</Toast.Title>
        {description ? (
          <Toast.Description className={css({ fontSize: "sm", color: "fg.muted", lineHeight: "1.45" })}>{description as string}</Toast.Description>
        ) : null}
      </div>
      <Toast.CloseTrigger className={closeButton}>
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
      </Toast.CloseTrigger>
    </Toast.Root>
  );
}

/**
 * Where a toast sits on a wide screen. Ark pins both sides of a top group, so auto margins place
 * its fixed width: centred at a desk (at the right it covered a dialog's close button and the
 * header's Sign Out for 5 s), at the right for the customer's one-column app (clear of the column).
 */
const ALIGN = {
  center: css({ marginInline: "auto" }),
  end: css({ marginInlineStart: "auto" }),
} as const;
export type ToastAlign = keyof typeof ALIGN;

/** The notification region (rendered through `Toasts` in ./toast.tsx). */
export function ToastRegion({ align = "center" }: { align?: ToastAlign }) {
  return (
    <Toaster toaster={toaster} className={cx(group, ALIGN[align])}>
      {(toast) => <ToastCard key={toast.id} id={toast.id} type={toast.type} title={toast.title} description={toast.description} />}
    </Toaster>
  );
}
