/**
 * The booking draft (SPEC 3, "Booking draft"): held by the client during the booking flow, in
 * session storage, so it survives a page reload (and stays with this tab only); cleared after a
 * successful booking and when the customer signs out.
 *
 * The fields are the domain's BookingDraft (domain/draft.ts), plus two web-only notes that
 * say how each location was chosen ("From your phone's location", "Found on the map: ...").
 * Whatever is read back from storage is checked field by field, so a stale or tampered entry
 * never breaks a screen: a field of the wrong type falls back to its default.
 */
import { useSyncExternalStore } from "react";
import { isCategory, isTransmission } from "#domain/catalogue.ts";
import { emptyBookingDraft, type BookingDraft } from "#domain/draft.ts";
import { customerToken, subscribeCustomerToken } from "../../lib/session.ts";

export const BOOKING_DRAFT_KEY = "capedrive.bookingDraft";

export interface WebBookingDraft extends BookingDraft {
  /** The chosen car's name ("Toyota Starlet"), shown on the confirmation even if the car is taken meanwhile. */
  vehicleName: string;
  /** How the delivery location was chosen, shown under it (e.g. "From your phone's location"). */
  deliveryNote: string;
  returnNote: string;
}

export function emptyWebDraft(): WebBookingDraft {
  return { ...emptyBookingDraft(), vehicleName: "", deliveryNote: "", returnNote: "" };
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

const isIsoInstant = (value: unknown): value is string => typeof value === "string" && value !== "" && !Number.isNaN(Date.parse(value));

/** Reads a stored draft, keeping every field that has the right shape. */
export function parseStoredDraft(text: string | null): WebBookingDraft {
  const draft = emptyWebDraft();
  if (!text) return draft;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return draft;
  }
  if (typeof raw !== "object" || raw === null) return draft;
  const r = raw as Record<string, unknown>;
  if (isCategory(r.category)) draft.category = r.category;
  if (isTransmission(r.transmission)) draft.transmission = r.transmission;
  if (isIsoInstant(r.pickupDate)) draft.pickupDate = r.pickupDate;
  if (isIsoInstant(r.returnDate)) draft.returnDate = r.returnDate;
  for (const key of [
    "vehicleId",
    "deliveryLocation",
    "deliveryCoordinates",
    "returnLocation",
    "returnCoordinates",
    "vehicleName",
    "deliveryNote",
    "returnNote",
  ] as const) {
    const value = r[key];
    if (typeof value === "string") draft[key] = value;
  }
  for (const key of ["totalAmount", "duration"] as const) {
    const value = r[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) draft[key] = value;
  }
  return draft;
}

let current: WebBookingDraft = parseStoredDraft(readStored());
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return storage()?.getItem(BOOKING_DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
}

function persist(draft: WebBookingDraft): void {
  try {
    storage()?.setItem(BOOKING_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the draft then lives as long as the page.
  }
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function getBookingDraft(): WebBookingDraft {
  return current;
}

/** Updates some fields of the draft (SPEC 3: "Can be partly updated"). */
export function updateBookingDraft(patch: Partial<WebBookingDraft>): void {
  const next = { ...current, ...patch };
  const changed = (Object.keys(next) as (keyof WebBookingDraft)[]).some((key) => next[key] !== current[key]);
  if (!changed) return;
  current = next;
  persist(current);
  emit();
}

/** Back to the defaults (after a successful booking, or on sign-out). */
export function clearBookingDraft(): void {
  current = emptyWebDraft();
  try {
    storage()?.removeItem(BOOKING_DRAFT_KEY);
  } catch {
    // Nothing to remove.
  }
  emit();
}

export function subscribeBookingDraft(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The draft (re-renders when it changes). */
export function useBookingDraft(): WebBookingDraft {
  return useSyncExternalStore(subscribeBookingDraft, getBookingDraft, getBookingDraft);
}

// A draft belongs to the customer who made it: signing out (here or in another tab) drops it.
subscribeCustomerToken(() => {
  if (customerToken() === null) clearBookingDraft();
});
