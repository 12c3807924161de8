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
import { useLayoutEffect, useSyncExternalStore } from "react";
import { css, cx } from "styled-system/css";
import { CloseIcon, ToastIcon, toastAlign, toastStyles, useSwipeToDismiss } from "./toast-parts.tsx";
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, type ToastAlign, type ToastKind } from "./toast-settings.ts";

const SETTINGS = {
  max: 1,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: ["F8"],
  gap: 12,
  offsets: "0.75rem",
  pauseOnPageIdle: true,
};

export const toaster = createToaster({
  // Ark's top centre spans the width; ToastRegion's `align` places the toast in it.
  placement: "top",
  ...SETTINGS,
});

/**
 * At a desk (admin, dealership; 40rem wide and up): bottom left. At the top a toast covered the
 * header's section links for 5 s after every save; at the bottom right it would cover the Save
 * and Cancel of a dialog or of the dealership form's bar after a failed save.
 */
const deskToaster = createToaster({ placement: "bottom-start", ...SETTINGS });
const DESK_MEDIA = "(min-width: 40rem)";

/** The toaster of the region on screen. */
let current = toaster;

/** Shows a toast, replacing any toast on screen (one at a time). */
export function show(kind: ToastKind, title: string, description?: string): void {
  current.remove();
  current.create({ type: kind, title, description });
}

const watchWidth = (onChange: () => void) => {
  const query = window.matchMedia(DESK_MEDIA);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** The desk's toaster on a wide screen, else the top one; a toast already shown moves over to it. */
function useToaster(desk: boolean) {
  const wide = useSyncExternalStore(
    watchWidth,
    () => window.matchMedia(DESK_MEDIA).matches,
    () => false,
  );
  const chosen = desk && wide ? deskToaster : toaster;
  useLayoutEffect(() => {
    if (current === chosen) return;
    // Raised as this region's code arrived (before it was drawn), or shown before a resize.
    const [shown] = current.getVisibleToasts();
    current.remove();
    current = chosen;
    if (shown) show(shown.type as ToastKind, String(shown.title ?? ""), shown.description === undefined ? undefined : String(shown.description));
  }, [chosen]);
  return chosen;
}

/** Ark's placement and stacking of the toast (its variables), on top of the shared look. */
const arkRoot = css({
  scale: "var(--scale, 1)",
  opacity: "var(--opacity)",
  zIndex: "var(--z-index)",
  height: "var(--height)",
  willChange: "translate, opacity, scale",
  // Dismissed: fade out, then leave the page's accessibility tree and tab order.
  "&[data-state=closed]": { visibility: "hidden", transition: "translate 300ms, opacity 300ms, visibility 0s 300ms" },
});

function ToastCard({ id, type, title, description }: { id: string | undefined; type: string | undefined; title: unknown; description: unknown }) {
  const swipe = useSwipeToDismiss(() => current.dismiss(id));
  return (
    <Toast.Root className={cx(toastStyles.root, arkRoot)} {...swipe}>
      <ToastIcon type={type} />
      <div className={toastStyles.content}>
        <Toast.Title className={toastStyles.title}>{title as string}</Toast.Title>
        {description ? <Toast.Description className={toastStyles.description}>{description as string}</Toast.Description> : null}
      </div>
      <Toast.CloseTrigger className={toastStyles.closeTrigger}>
        <CloseIcon />
      </Toast.CloseTrigger>
    </Toast.Root>
  );
}

/** The notification region (rendered through `Toasts` in ./toast.tsx). */
export function ToastRegion({ align = "center" }: { align?: ToastAlign }) {
  const shownBy = useToaster(align === "desk");
  return (
    // Keyed: Ark's group takes its toaster once.
    <Toaster key={shownBy.attrs.placement} toaster={shownBy} className={cx(toastStyles.group, toastAlign[align])}>
      {(toast) => <ToastCard key={toast.id} id={toast.id} type={toast.type} title={toast.title} description={toast.description} />}
    </Toaster>
  );
}
