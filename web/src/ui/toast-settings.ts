/** SPEC 9's toast numbers, shared by `notify` (./toast.tsx) and the region (./ToastRegion.tsx). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastKind = "success" | "error";

/**
 * Where a toast sits on a wide screen: centred, at the right for the customer's one-column app, or
 * "desk" (admin, dealership): Ark's toast at the bottom left from 40rem wide, else centred at the top.
 */
export type ToastAlign = "center" | "end" | "desk";
