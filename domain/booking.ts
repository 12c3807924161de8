/** Booking status rules, booking numbers, fleet utilisation and period overlap. */

import type { VehicleStatus } from "./catalogue.ts";

export const BOOKING_STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const DEFAULT_BOOKING_STATUS: BookingStatus = "confirmed";

export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  pending: "Pending",
  confirmed: "Confirmed",
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Bookings shown on the customer home screen. */
export const HOME_BOOKINGS_LIMIT = 2;
/** Recent bookings shown on the admin dashboard. */
export const ADMIN_RECENT_BOOKINGS_LIMIT = 5;

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === "string" && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** Completed and cancelled bookings are final. */
export function isFinalBookingStatus(status: string): boolean {
  return status === "completed" || status === "cancelled";
}

/**
 * A status set by a person, as a booking's history names it: "Cancelled", "Confirmed", "Reopened
 * as Confirmed" (a cancelled or completed booking opened again), else "Marked In Progress".
 */
export function statusChangeTitle(from: BookingStatus, to: BookingStatus): string {
  if (to === "cancelled") return "Cancelled";
  if (isFinalBookingStatus(from)) return `Reopened as ${BOOKING_STATUS_LABELS[to]}`;
  if (to === "confirmed") return "Confirmed";
  return `Marked ${BOOKING_STATUS_LABELS[to]}`;
}

/**
 * A booking whose status is neither completed nor cancelled (the "Cancel Booking" button is
 * shown on it). The 24-hour policy is applied on top of this by `canCustomerCancel`.
 */
export function isCancellableStatus(status: string): boolean {
  return isBookingStatus(status) && !isFinalBookingStatus(status);
}

/**
 * Statuses that hold a vehicle for their period: a new booking of the same vehicle must not
 * overlap one of these. Completed and cancelled bookings free the vehicle.
 */
export const BLOCKING_BOOKING_STATUSES = ["pending", "confirmed", "in_progress"] as const satisfies readonly BookingStatus[];

export function isBlockingBookingStatus(status: string): boolean {
  return (BLOCKING_BOOKING_STATUSES as readonly string[]).includes(status);
}

/** A booking whose trip has not started yet: its car and its places may still change. */
export const NOT_STARTED_BOOKING_STATUSES = ["pending", "confirmed"] as const satisfies readonly BookingStatus[];

export function isNotStartedStatus(status: string): boolean {
  return (NOT_STARTED_BOOKING_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether a booking's status change puts its car on the road ("start": to in progress) or takes
 * it off ("end": from in progress to anything else: completed, cancelled, back to confirmed or
 * pending); null when the car's status has nothing to follow.
 */
export function bookingTripMove(from: BookingStatus, to: BookingStatus): "start" | "end" | null {
  if (from === to) return null;
  if (to === "in_progress") return "start";
  if (from === "in_progress") return "end";
  return null;
}

/**
 * What a booking's status change does to its assigned car (the admin's status change and the
 * driver's handover alike): a trip that starts makes the car rented; a trip that ends makes a
 * rented car available again, unless another trip in progress still holds it. A car in
 * maintenance or out of service keeps that status (the office set it on purpose). Null: the
 * car's status stays as it is.
 */
export function carStatusAfterBookingStatus(change: {
  from: BookingStatus;
  to: BookingStatus;
  car: VehicleStatus;
  /** Another booking of this car is in progress. */
  heldByAnotherTrip: boolean;
}): VehicleStatus | null {
  const move = bookingTripMove(change.from, change.to);
  return move ? carStatusAfterTripMove({ ...change, move }) : null;
}

/**
 * What a trip starting or ending does to one car: the status change above, and a trip on the road
 * that changes car (the new car starts the trip, the old one ends it).
 */
export function carStatusAfterTripMove(change: { move: "start" | "end"; car: VehicleStatus; heldByAnotherTrip: boolean }): VehicleStatus | null {
  if (change.move === "start") return change.car === "available" ? "rented" : null;
  return change.car === "rented" && !change.heldByAnotherTrip ? "available" : null;
}

/** Admin "active" booking: confirmed or in progress. */
export function isActiveBooking(status: string): boolean {
  return status === "confirmed" || status === "in_progress";
}

/**
 * Where a booking stands on the customer's own timeline (My Bookings and Home): the trip under
 * way first, then the coming trips, then the past ones. A booking still open (pending, confirmed,
 * in progress) whose return time has not passed is "now" when it is in progress or its pickup has
 * come, else "upcoming"; everything else (completed, cancelled, or an open booking whose return
 * has passed) is "past".
 */
export type CustomerTimeline = "now" | "upcoming" | "past";

export function customerTimeline(booking: { status: string; pickupDate: Date; returnDate: Date }, now: Date): CustomerTimeline {
  if (!isBlockingBookingStatus(booking.status) || booking.returnDate.getTime() <= now.getTime()) return "past";
  return booking.status === "in_progress" || booking.pickupDate.getTime() <= now.getTime() ? "now" : "upcoming";
}

const TIMELINE_RANK: Readonly<Record<CustomerTimeline, number>> = { now: 0, upcoming: 1, past: 2 };

/**
 * The customer's order: now, then upcoming by pickup (soonest first), then past by pickup (most
 * recent first); ties by id so pages never overlap. Home shows the first two: the current trip
 * and the next.
 */
export function compareForCustomer(
  a: { id: string; status: string; pickupDate: Date; returnDate: Date },
  b: { id: string; status: string; pickupDate: Date; returnDate: Date },
  now: Date,
): number {
  const ta = customerTimeline(a, now);
  const tb = customerTimeline(b, now);
  if (ta !== tb) return TIMELINE_RANK[ta] - TIMELINE_RANK[tb];
  const byPickup = a.pickupDate.getTime() - b.pickupDate.getTime();
  if (byPickup !== 0) return ta === "past" ? -byPickup : byPickup;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type BookingNumberAudience = "customer" | "admin";

/**
 * The booking number shown after "Booking #": the last 6 (customer screens) or 8 (admin
 * screens) characters of the booking id, with the id's case kept as is.
 */
export function bookingNumber(id: string, audience: BookingNumberAudience): string {
  const length = audience === "admin" ? 8 : 6;
  return id.slice(-length);
}

export type StatusBadgeTone = "green" | "grey" | "red" | "blue";

/** Badge colour: confirmed green, completed grey, cancelled red, anything else blue. */
export function statusBadgeTone(status: string): StatusBadgeTone {
  switch (status) {
    case "confirmed":
      return "green";
    case "completed":
      return "grey";
    case "cancelled":
      return "red";
    default:
      return "blue";
  }
}

/**
 * Fleet utilisation = active bookings / total vehicles as a rounded percent; 0 when there are
 * no vehicles. Not capped: more active bookings than vehicles shows above 100.
 */
export function fleetUtilisation(activeBookings: number, totalVehicles: number): number {
  if (!(totalVehicles > 0) || !(activeBookings > 0)) return 0;
  return Math.round((activeBookings / totalVehicles) * 100);
}

/**
 * Whether two periods overlap, each half-open [start, end): a booking returned at the very
 * moment another is picked up does not overlap it. Empty or inverted periods overlap nothing.
 */
export function periodsOverlap(aStart: Date, aEnd: Date, bStart: Date, bEnd: Date): boolean {
  const as = aStart.getTime();
  const ae = aEnd.getTime();
  const bs = bStart.getTime();
  const be = bEnd.getTime();
  if ([as, ae, bs, be].some(Number.isNaN)) return false;
  if (!(as < ae) || !(bs < be)) return false;
  return as < be && bs < ae;
}

/** The longest rental a booking may cover, in days (also keeps any total inside decimal(10,2)). */
export const MAX_RENTAL_DAYS = 365;
/** How far ahead a pickup may be booked, in days. */
export const MAX_BOOKING_ADVANCE_DAYS = 365;

export type BookingPeriodProblem = "invalid_dates" | "pickup_in_past" | "return_not_after_pickup" | "too_far_ahead" | "too_long";

/** What the customer is told for each period problem. */
export const BOOKING_PERIOD_MESSAGES: Readonly<Record<BookingPeriodProblem, string>> = {
  invalid_dates: "Please enter a valid date and time",
  pickup_in_past: "The pickup time has already passed. Please choose a later pickup time.",
  return_not_after_pickup: "Return must be after pickup",
  too_far_ahead: `Bookings can be made at most ${MAX_BOOKING_ADVANCE_DAYS} days ahead`,
  too_long: `A booking can be at most ${MAX_RENTAL_DAYS} days long`,
};

const MS_PER_DAY = 86_400_000;

/**
 * Why the server must refuse a requested rental period, or null when it is acceptable:
 * dates that are not valid instants, a pickup moment already in the past, a return that is
 * not after pickup, a pickup more than MAX_BOOKING_ADVANCE_DAYS ahead, or a rental longer
 * than MAX_RENTAL_DAYS.
 */
export function bookingPeriodProblem(pickup: Date, returnAt: Date, now: Date = new Date()): BookingPeriodProblem | null {
  if (Number.isNaN(pickup.getTime()) || Number.isNaN(returnAt.getTime())) return "invalid_dates";
  if (pickup.getTime() < now.getTime()) return "pickup_in_past";
  if (returnAt.getTime() <= pickup.getTime()) return "return_not_after_pickup";
  if (pickup.getTime() - now.getTime() > MAX_BOOKING_ADVANCE_DAYS * MS_PER_DAY) return "too_far_ahead";
  if (returnAt.getTime() - pickup.getTime() > MAX_RENTAL_DAYS * MS_PER_DAY) return "too_long";
  return null;
}
