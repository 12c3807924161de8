/**
 * The booking draft (SPEC 3, "Booking draft"): held by the client during the booking flow, in
 * session storage, so it survives a page reload (and stays with this tab only); cleared after a
 * successful booking and when the customer signs out.
 *
 * The fields are the domain's BookingDraft (domain/draft.ts), plus two web-only notes that
 * say how each location was chosen ("From your phone's location", "Found on the map: ..."), the
 * text typed in each address field and not yet looked up (so a reload, or Android discarding the
 * tab, does not lose it; it is only text, never a chosen location), and
 * the idempotency key of the booking this draft asks for: made on the confirmation step, sent with
 * every attempt to create it, so a create repeated after a lost answer never books twice. It is
 * dropped with the draft after a booking, and whenever the car, the dates or a place changes (a
 * changed draft is a new request).
 * Whatever is read back from storage is checked field by field, so a stale or tampered entry
 * never breaks a screen: a field of the wrong type falls back to its default.
 */
import { useSyncExternalStore } from "react";
import { isCategory, isTransmission } from "#domain/catalogue.ts";
import { emptyBookingDraft, type BookingDraft } from "#domain/draft.ts";
import { idempotencyKeySchema } from "#domain/schemas.ts";
import { customerToken, subscribeCustomerToken } from "../../lib/session.ts";

export const BOOKING_DRAFT_KEY = "capedrive.bookingDraft";

export interface WebBookingDraft extends BookingDraft {
  /** The chosen car's name ("Toyota Starlet"), shown on the confirmation even if the car is taken meanwhile. */
  vehicleName: string;
  /** How the delivery location was chosen, shown under it (e.g. "From your phone's location"). */
  deliveryNote: string;
  returnNote: string;
  /** What is typed in the delivery address field and not yet looked up ("Use This Address"): not a chosen location. */
  deliveryAddressTyped: string;
  returnAddressTyped: string;
  /** The create's idempotency key ("" until the confirmation step makes one). */
  idempotencyKey: string;
  /** Whether a create was sent with that key: its booking may exist though no answer came. */
  idempotencyKeySent: boolean;
}

export function emptyWebDraft(): WebBookingDraft {
  return {
    ...emptyBookingDraft(),
    vehicleName: "",
    deliveryNote: "",
    returnNote: "",
    deliveryAddressTyped: "",
    returnAddressTyped: "",
    idempotencyKey: "",
    idempotencyKeySent: false,
  };
}

/** The fields a create sends: a change to any of them makes the draft a new request, with a new key. */
const REQUEST_FIELDS = [
  "category",
  "transmission",
  "vehicleId",
  "pickupDate",
  "returnDate",
  "deliveryLocation",
  "deliveryCoordinates",
  "returnLocation",
  "returnCoordinates",
] as const satisfies readonly (keyof BookingDraft)[];

export { newIdempotencyKey } from "../../lib/idempotency.ts";

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
    "deliveryAddressTyped",
    "returnAddressTyped",
  ] as const) {
    const value = r[key];
    if (typeof value === "string") draft[key] = value;
  }
  for (const key of ["totalAmount", "duration"] as const) {
    const value = r[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) draft[key] = value;
  }
  if (typeof r.idempotencyKey === "string" && idempotencyKeySchema.safeParse(r.idempotencyKey).success) {
    draft.idempotencyKey = r.idempotencyKey;
    draft.idempotencyKeySent = r.idempotencyKeySent === true;
  }
  return draft;
}

/** A draft kept in session storage under `key`, with subscribers (the booking's, and each change's). */
export type DraftStore = {
  get(): WebBookingDraft;
  /** Updates some fields of the draft (SPEC 3: "Can be partly updated"). */
  update(patch: Partial<WebBookingDraft>): void;
  /** Back to the defaults. */
  clear(): void;
  subscribe(listener: () => void): () => void;
};

export function createDraftStore(key: string): DraftStore {
  const read = (): string | null => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  let current: WebBookingDraft = parseStoredDraft(read());
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => current,
    update(patch) {
      const next = { ...current, ...patch };
      // Another car, period or place is another request: its create gets a key of its own.
      if (patch.idempotencyKey === undefined && next.idempotencyKey !== "" && REQUEST_FIELDS.some((k) => next[k] !== current[k])) {
        next.idempotencyKey = "";
        next.idempotencyKeySent = false;
      }
      const changed = (Object.keys(next) as (keyof WebBookingDraft)[]).some((k) => next[k] !== current[k]);
      if (!changed) return;
      current = next;
      try {
        storage()?.setItem(key, JSON.stringify(current));
      } catch {
        // Storage full or unavailable: the draft then lives as long as the page.
      }
      emit();
    },
    clear() {
      current = emptyWebDraft();
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to remove.
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The new booking's draft. */
export const bookingDraftStore = createDraftStore(BOOKING_DRAFT_KEY);

export function getBookingDraft(): WebBookingDraft {
  return bookingDraftStore.get();
}

/** Updates some fields of the draft (SPEC 3: "Can be partly updated"). */
export function updateBookingDraft(patch: Partial<WebBookingDraft>): void {
  bookingDraftStore.update(patch);
}

/** Back to the defaults (after a successful booking, or on sign-out). */
export function clearBookingDraft(): void {
  bookingDraftStore.clear();
}

export function subscribeBookingDraft(listener: () => void): () => void {
  return bookingDraftStore.subscribe(listener);
}

/** The draft of a store (re-renders when it changes). */
export function useDraftStore(store: DraftStore): WebBookingDraft {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The draft (re-renders when it changes). */
export function useBookingDraft(): WebBookingDraft {
  return useDraftStore(bookingDraftStore);
}

/** A change of booking `bookingId`: its own draft, so a new booking in progress is never touched. */
const changeStores = new Map<string, DraftStore>();
export function changeDraftStore(bookingId: string): DraftStore {
  let store = changeStores.get(bookingId);
  if (!store) {
    store = createDraftStore(`${BOOKING_DRAFT_KEY}.change.${bookingId}`);
    changeStores.set(bookingId, store);
  }
  return store;
}

// A draft belongs to the customer who made it: signing out (here or in another tab) drops it.
subscribeCustomerToken(() => {
  if (customerToken() !== null) return;
  clearBookingDraft();
  for (const store of changeStores.values()) store.clear();
});
