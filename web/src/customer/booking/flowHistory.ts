/**
 * The new booking flow's place in the tab's history, so that a finished booking leaves the flow
 * behind: Back from the success screen goes to where the customer was before "Book a Car", not
 * through the steps of a booking that is done (their draft is cleared).
 *
 * Every screen change notes the history index (react-router's `history.state.idx`) of the first
 * entry of the current pass through the flow's steps, in session storage (this tab's history only;
 * it survives a reload). On success the app goes back to that entry and replaces it with the
 * success screen; the steps after it are then only forward entries (which a step without a draft
 * sends to the flow's start). Kept small and free of the draft's code: the customer layout, in
 * the main bundle, runs it on every screen.
 */
import { useLayoutEffect } from "react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router";
import type { CreatedBooking } from "../screens/booking/Success.tsx";

/** The new booking's steps (a change of a booking has its own screens and returns to its summary). */
const FLOW_PATHS: ReadonlySet<string> = new Set([
  "/booking/category",
  "/booking/datetime",
  "/booking/delivery-location",
  "/booking/return-location",
  "/booking/confirmation",
]);

const FLOW_START_KEY = "capedrive.bookingFlowStart";
const SUCCESS_PATH = "/booking/success";

/**
 * The flow's first entry after a screen at `index` (path `pathname`) shows, given the one noted
 * before. A step below the noted start (or the first step seen) starts the flow there; any other
 * screen at or below the start means the flow's entries were left or replaced: none is noted.
 */
export function nextFlowStart(start: number | null, pathname: string, index: number): number | null {
  if (FLOW_PATHS.has(pathname)) return start === null || index < start ? index : start;
  return start !== null && index <= start ? null : start;
}

/** The history index of the entry shown (react-router keeps it in `history.state.idx`). */
function historyIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
}

function readStart(): number | null {
  try {
    const text = sessionStorage.getItem(FLOW_START_KEY);
    const value = text === null ? Number.NaN : Number(text);
    return Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

function writeStart(start: number | null): void {
  try {
    if (start === null) sessionStorage.removeItem(FLOW_START_KEY);
    else sessionStorage.setItem(FLOW_START_KEY, String(start));
  } catch {
    // Storage unavailable: Back then walks the flow's steps, which send an empty draft to its start.
  }
}

/** A booking made, on its way to the success screen through the flow's first entry. */
let handOver: { booking: CreatedBooking; fromKey: unknown } | null = null;

/**
 * Shows the success screen for `booking` in place of the flow's first entry (see the file
 * comment); without a known start, in place of the confirmation, as before.
 */
export function finishBookingFlow(navigate: NavigateFunction, booking: CreatedBooking): void {
  const here = historyIndex();
  const start = readStart();
  writeStart(null);
  if (here === null || start === null || start >= here) {
    void navigate("/booking/success", { replace: true, state: { booking } });
    return;
  }
  handOver = { booking, fromKey: (window.history.state as { key?: unknown } | null)?.key };
  void navigate(start - here);
}

/**
 * Run by the customer layout on every screen: notes the flow's start, and lands a finished
 * booking on the success screen. True while the screen shown is only on the way there (the
 * flow's first entry, about to be replaced): the layout shows nothing of it.
 */
export function useBookingFlowHistory(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const passing = handOver !== null && location.key !== handOver.fromKey && location.pathname !== SUCCESS_PATH;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each entry shown (its key)
  useLayoutEffect(() => {
    if (handOver !== null && location.key !== handOver.fromKey) {
      // Landed: the flow's first entry becomes the success screen (once there, the hand-over is done).
      if (location.pathname === SUCCESS_PATH) handOver = null;
      else void navigate(SUCCESS_PATH, { replace: true, state: { booking: handOver.booking } });
      return;
    }
    if (handOver !== null) return;
    const index = historyIndex();
    if (index !== null) writeStart(nextFlowStart(readStart(), location.pathname, index));
  }, [location.key]);
  return passing;
}
