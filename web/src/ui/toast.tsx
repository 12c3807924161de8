/**
 * Toasts (SPEC 8 texts, SPEC 9 numbers): `notify` from anywhere, and `Toasts`, the notification
 * region each area's session root renders once. Both load the region and Ark UI's toaster
 * (./ToastRegion.tsx with the parts of Ark UI only it needs: about 60 of the 151 KB, before gzip,
 * that a first visit to /cars-for-sale waited for) after the screen rather than with it.
 *
 * A toast raised before the region arrives waits for it (the latest one: they show one at a time).
 * On a poor connection that code may come late or not at all, so no toast is ever dropped:
 * - the load is tried again on the next toast and when the browser comes back online;
 * - while it is missing (failed, or still on its way after FALLBACK_AFTER_MS), the toast shows in a
 *   plain live region drawn by this module itself, for the same 5 s, with its own close button;
 * - when the code arrives, a toast still waiting (or still on show in the plain region) moves to
 *   the real one.
 * The plain region looks (./toast-parts.tsx) and works like Ark's: F8 moves focus to
 * it, which holds the toast on show; Escape or the close button closes it; so does a swipe right.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { css, cx } from "styled-system/css";

export { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastKind } from "./toast-settings.ts";
import { CloseIcon, ToastIcon, toastAlign, toastStyles, useSwipeToDismiss } from "./toast-parts.tsx";
import { TOAST_DURATION_MS, type ToastAlign, type ToastKind } from "./toast-settings.ts";

/** A toast asked for but not (yet) in Ark's toaster. */
export interface PendingToast {
  kind: ToastKind;
  title: string;
  description: string | undefined;
}

/** What a queue needs of the region's module. */
export interface RegionModule {
  show(kind: ToastKind, title: string, description?: string): void;
}

export interface ToastQueueState<R> {
  /** The region's module once loaded. */
  region: R | null;
  /** The toast on show without the region's code (the plain live region), if any. */
  fallback: PendingToast | null;
}

/** How long a toast waits for the region's code before it shows without it. */
export const FALLBACK_AFTER_MS = 1000;

/**
 * The toasts' queue around a region module loaded by `load` (a dynamic import), kept apart from
 * React so its rules can be tested with a loader that fails.
 */
export function createToastQueue<R extends RegionModule>(
  load: () => Promise<R>,
  { fallbackAfterMs = FALLBACK_AFTER_MS, durationMs = TOAST_DURATION_MS }: { fallbackAfterMs?: number; durationMs?: number } = {},
) {
  let state: ToastQueueState<R> = { region: null, fallback: null };
  let loading: Promise<R> | undefined;
  let pending: PendingToast | null = null;
  let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let waitingForOnline = false;
  /** Focus is in the plain region: its toast stays until focus leaves (Ark pauses its toasts so). */
  let held = false;
  const listeners = new Set<() => void>();

  const set = (next: Partial<ToastQueueState<R>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const clearTimers = () => {
    clearTimeout(fallbackTimer);
    clearTimeout(hideTimer);
    fallbackTimer = hideTimer = undefined;
  };

  /** The plain region's toast goes after the usual time (unless held); then it has been seen and is dropped. */
  const hideLater = () => {
    clearTimeout(hideTimer);
    hideTimer = undefined;
    const shown = state.fallback;
    if (!shown || held) return;
    hideTimer = setTimeout(() => {
      if (pending === shown) pending = null;
      if (state.fallback === shown) set({ fallback: null });
    }, durationMs);
  };

  /** The waiting toast, in the plain region. */
  const showFallback = () => {
    if (!pending || state.region) return;
    clearTimers();
    set({ fallback: pending });
    hideLater();
  };

  /** Once the region is here: the waiting toast (if any) moves to it. */
  const flush = (region: R) => {
    clearTimers();
    const waiting = pending;
    pending = null;
    set({ region, fallback: null });
    if (waiting) region.show(waiting.kind, waiting.title, waiting.description);
  };

  const retryWhenOnline = () => {
    if (waitingForOnline || typeof window === "undefined") return;
    waitingForOnline = true;
    window.addEventListener(
      "online",
      () => {
        waitingForOnline = false;
        ensureLoaded().catch(() => {});
      },
      { once: true },
    );
  };

  /** The region's module, loaded once (again after a failed load: a dropped connection is not final). */
  function ensureLoaded(): Promise<R> {
    if (state.region) return Promise.resolve(state.region);
    loading ??= load().then(
      (region) => {
        loading = undefined;
        flush(region);
        return region;
      },
      (error: unknown) => {
        loading = undefined;
        if (pending) {
          console.warn(`The toasts' code did not load; showing "${pending.title}" without it`);
          showFallback();
        }
        retryWhenOnline();
        throw error;
      },
    );
    return loading;
  }

  /** Shows a toast, replacing any toast on screen (one at a time). */
  function notify(kind: ToastKind, title: string, description?: string): void {
    if (state.region) {
      if (state.fallback) set({ fallback: null });
      state.region.show(kind, title, description);
      return;
    }
    pending = { kind, title, description };
    // A toast already on show without the code is replaced at once, as the region would.
    if (state.fallback) showFallback();
    else {
      clearTimeout(fallbackTimer);
      fallbackTimer = setTimeout(showFallback, fallbackAfterMs);
    }
    ensureLoaded().catch(() => {});
  }

  return {
    notify,
    load: ensureLoaded,
    /** The close button, Escape or a swipe in the plain region. */
    dismissFallback() {
      clearTimers();
      pending = null;
      held = false; // the toast that held focus is gone
      set({ fallback: null });
    },
    /** Focus came into the plain region (true) or left it (false): its toast stays, then has its full time again. */
    holdFallback(hold: boolean) {
      held = hold;
      hideLater();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    state: () => state,
  };
}

type Region = typeof import("./ToastRegion.tsx");
const queue = createToastQueue<Region>(() => import("./ToastRegion.tsx"));

/** The region's module, loaded once (again after a failed load: a dropped connection is not final). */
export const loadToastRegion = queue.load;

/** Shows a toast, replacing any toast on screen (one at a time). */
export const notify = queue.notify;

export const notifySuccess = (title: string, description?: string) => notify("success", title, description);
export const notifyError = (title: string, description?: string) => notify("error", title, description);

/** How long after a session root first renders its toast region loads, if no toast asked for it sooner. */
const REGION_LOAD_DELAY_MS = 3000;

/** Where Ark's toaster puts its region (placement "top", offsets 0.75rem), which it sets inline. */
const plainPlacement = css({ position: "fixed", top: "max(env(safe-area-inset-top, 0px), 0.75rem)", insetInline: "3", zIndex: "100" });

/** What Ark's toaster calls its region ("Notifications", its placement, its hotkey). */
const REGION_LABEL = "Notifications, top (F8)";

/**
 * A toast without Ark's code: a live region (always in the page, so what is put in it is read
 * out) with the toast's icon, title, description and a close button. Same anatomy as Ark's toast
 * (data-scope, data-part, data-state, data-type), so what finds a toast finds this one, and the
 * same keys and swipe: F8 focuses the region (Ark's hotkey), Escape on the toast closes it.
 */
export function PlainToastRegion({
  toast,
  align = "center",
  onDismiss,
  onHold,
}: {
  toast: PendingToast | null;
  align?: ToastAlign;
  onDismiss: () => void;
  onHold?: (held: boolean) => void;
}) {
  const region = useRef<HTMLDivElement>(null);
  /** What had focus before F8: it gets it back when the toast is closed from within the region. */
  const focusBefore = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const el = region.current;
      if (event.code !== "F8" || !el) return;
      if (!el.contains(document.activeElement)) focusBefore.current = document.activeElement as HTMLElement | null;
      el.focus();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, []);

  const dismiss = () => {
    if (region.current?.contains(document.activeElement)) focusBefore.current?.focus();
    onDismiss();
  };
  const swipe = useSwipeToDismiss(dismiss);

  return (
    <div
      ref={region}
      role="region"
      aria-label={REGION_LABEL}
      tabIndex={-1}
      className={cx(plainPlacement, toastStyles.group, toastAlign[align])}
      aria-live={toast?.kind === "error" ? "assertive" : "polite"}
      aria-atomic="true"
      data-plain-toasts=""
      onFocus={() => onHold?.(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHold?.(false);
      }}
    >
      {toast ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape and a swipe close it, as they do Ark's toast; the close button is the control
        <div
          className={toastStyles.root}
          data-scope="toast"
          data-part="root"
          data-state="open"
          data-type={toast.kind}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable for Escape, as Ark's toast is
          tabIndex={0}
          onKeyDown={(event) => {
            if (event.key === "Escape") dismiss();
          }}
          {...swipe}
        >
          <ToastIcon type={toast.kind} />
          <div className={toastStyles.content}>
            <p data-part="title" className={toastStyles.title}>
              {toast.title}
            </p>
            {toast.description ? (
              <p data-part="description" className={toastStyles.description}>
                {toast.description}
              </p>
            ) : null}
          </div>
          <button type="button" className={toastStyles.closeTrigger} aria-label="Dismiss notification" onClick={dismiss}>
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The notification region; rendered once by each area's session root (customer, dealership,
 * admin, driver). Its code loads with the first toast, or a few seconds after the screen, once the
 * screen's own code and data have had the connection and the processor; it appears when that
 * arrives. Until then a toast shows in the plain region above.
 */
export function Toasts({ align }: { align?: ToastAlign }) {
  const { region, fallback } = useSyncExternalStore(queue.subscribe, queue.state, queue.state);
  useEffect(() => {
    const timer = setTimeout(() => loadToastRegion().catch(() => {}), REGION_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return region ? (
    <region.ToastRegion align={align} />
  ) : (
    <PlainToastRegion toast={fallback} align={align} onDismiss={queue.dismissFallback} onHold={queue.holdFallback} />
  );
}
