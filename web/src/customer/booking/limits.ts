/**
 * The customer's own booking limits, said where they apply (issue 18): a trip longer than theirs on
 * the dates step, no room for another booking on the first step. Read, not enforced: the server
 * decides when booking, under its locks. Unknown (still loading, or the read failed), nothing is said.
 */
import { useQuery } from "urql";
import { QUOTA_MESSAGES, rentalTooLong } from "#domain/quotas.ts";
import { MY_BOOKING_LIMITS, type OwnBookingLimits } from "./documents.ts";

export function useOwnBookingLimits(): OwnBookingLimits | null {
  const [result] = useQuery({ query: MY_BOOKING_LIMITS, requestPolicy: "cache-and-network" });
  return result.data?.myBookingLimits ?? null;
}

/** Why this period is longer than the customer may book online, or null. */
export function tooLongForCustomer(limits: OwnBookingLimits | null, period: { pickupDate: Date; returnDate: Date }): string | null {
  return limits ? rentalTooLong(limits, period) : null;
}

/** Why the customer cannot start another booking now (they hold as many as they may), or null. */
export function noRoomForAnother(limits: OwnBookingLimits | null): string | null {
  return limits && limits.active >= limits.maxActive ? QUOTA_MESSAGES.tooMany(limits.maxActive) : null;
}
