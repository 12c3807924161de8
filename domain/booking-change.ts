// Changing a booking and extending a trip (issue 13): who may change what, and when, and how a
// change is described. The server (services/booking-changes.ts) enforces these rules; the web
// uses the same ones to show a disabled button with its reason.
import { isCancellableStatus } from "./booking.ts";
import { categoryLabel, TRANSMISSION_LABELS } from "./catalogue.ts";
import { formatRandCents } from "./money.ts";
import { CANCELLATION_WINDOW_HOURS, canCustomerCancel, formatConfirmationDateTime } from "./time.ts";

/** Why a customer may not change a booking (the UI shows it beside a disabled Change button). */
export const CHANGE_BLOCKED_MESSAGES = {
  cancelled: "This booking is cancelled and can no longer be changed",
  completed: "Completed bookings cannot be changed",
  started: "Your trip has started: you can extend it instead",
  // The same rule, and the same words, as the cancel button's reason.
  tooLate: `Bookings can only be changed up to ${CANCELLATION_WINDOW_HOURS} hours before pickup`,
  unknown: "This booking cannot be changed",
} as const;

/**
 * The reason a customer may not change a booking's dates, places or car, or null when they may:
 * the booking is pending or confirmed and pickup is at least 24 hours away (as for cancelling).
 */
export function customerChangeBlockedReason(pickup: Date, status: string, now: Date = new Date()): string | null {
  if (status === "in_progress") return CHANGE_BLOCKED_MESSAGES.started;
  if (status === "cancelled") return CHANGE_BLOCKED_MESSAGES.cancelled;
  if (status === "completed") return CHANGE_BLOCKED_MESSAGES.completed;
  if (!isCancellableStatus(status)) return CHANGE_BLOCKED_MESSAGES.unknown;
  return canCustomerCancel(pickup, status, now) ? null : CHANGE_BLOCKED_MESSAGES.tooLate;
}

export const EXTEND_BLOCKED_MESSAGES = {
  notStarted: "Only a trip in progress can be extended. Change the booking instead.",
  over: "This trip has ended",
  notLater: "The new return must be later than the current one",
} as const;

/** Why a customer may not extend a trip, or null: only a trip on the road, before its return time. */
export function customerExtendBlockedReason(status: string): string | null {
  if (status === "in_progress") return null;
  if (status === "completed" || status === "cancelled") return EXTEND_BLOCKED_MESSAGES.over;
  return EXTEND_BLOCKED_MESSAGES.notStarted;
}

/** "R650 more" / "R450 less" / "No change in price" for a new total minus the old one, in cents. */
export function priceDifferenceText(differenceCents: number): string {
  if (differenceCents === 0) return "No change in price";
  return `${formatRandCents(Math.abs(differenceCents))} ${differenceCents > 0 ? "more" : "less"}`;
}

/** The parts of a booking a change may alter. */
export type ChangeableBooking = {
  pickupDate: Date;
  returnDate: Date;
  deliveryLocation: string;
  returnLocation: string;
  category: string;
  transmission: string;
};

export type ChangedField = { field: keyof ChangeableBooking; label: string; from: string; to: string };

const FIELD_LABELS: Record<keyof ChangeableBooking, string> = {
  pickupDate: "Pick-up",
  returnDate: "Return",
  deliveryLocation: "Delivery",
  returnLocation: "Collection",
  category: "Category",
  transmission: "Transmission",
};

function fieldText(field: keyof ChangeableBooking, value: Date | string): string {
  if (value instanceof Date) return formatConfirmationDateTime(value);
  if (field === "category") return categoryLabel(value);
  if (field === "transmission") return TRANSMISSION_LABELS[value as keyof typeof TRANSMISSION_LABELS] ?? value;
  return value;
}

/** What differs between two versions of a booking, in the order a customer reads a booking. */
export function changedFields(before: ChangeableBooking, after: ChangeableBooking): ChangedField[] {
  const out: ChangedField[] = [];
  for (const field of Object.keys(FIELD_LABELS) as (keyof ChangeableBooking)[]) {
    const a = before[field];
    const b = after[field];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) out.push({ field, label: FIELD_LABELS[field], from: fieldText(field, a), to: fieldText(field, b) });
  }
  return out;
}
