/**
 * Toasts (SPEC 8 texts, SPEC 9 numbers): `notify` from anywhere, and `Toasts`, the notification
 * region each area's session root renders once. Both load the region and Ark UI's toaster
 * (./ToastRegion.tsx with the parts of Ark UI only it needs: about 60 of the 151 KB, before gzip,
 * that a first visit to /cars-for-sale waited for) after the screen rather than with it; a toast
 * raised before the region arrives waits for it, in order.
 */
import { useEffect, useSyncExternalStore } from "react";

export { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastKind } from "./toast-settings.ts";
import type { ToastAlign } from "./ToastRegion.tsx";
import type { ToastKind } from "./toast-settings.ts";

type Region = typeof import("./ToastRegion.tsx");
let loading: Promise<Region> | undefined;
let loaded: Region | null = null;
const listeners = new Set<() => void>();

/** The region's module, loaded once (again after a failed load: a dropped connection is not final). */
export function loadToastRegion(): Promise<Region> {
  loading ??= import("./ToastRegion.tsx").then(
    (region) => {
      loaded = region;
      for (const listener of listeners) listener();
      return region;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Shows a toast, replacing any toast on screen (one at a time). */
export function notify(kind: ToastKind, title: string, description?: string): void {
  loadToastRegion().then(
    (region) => region.show(kind, title, description),
    () => console.warn(`A toast could not be shown (its code did not load): ${title}`),
  );
}

export const notifySuccess = (title: string, description?: string) => notify("success", title, description);
export const notifyError = (title: string, description?: string) => notify("error", title, description);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => loaded;

/** How long after a session root first renders its toast region loads, if no toast asked for it sooner. */
const REGION_LOAD_DELAY_MS = 3000;

/**
 * The notification region; rendered once by each area's session root (customer, dealership,
 * admin, driver). Its code loads with the first toast, or a few seconds after the screen, once the
 * screen's own code and data have had the connection and the processor; it appears when that
 * arrives (or when a later toast's retry brings it).
 */
export function Toasts({ align }: { align?: ToastAlign }) {
  const region = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    const timer = setTimeout(() => loadToastRegion().catch(() => {}), REGION_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return region ? <region.ToastRegion align={align} /> : null;
}
