// What one account may hold at once (issue 18): rules a rental business sets so that one customer
// cannot take the whole fleet or fill the disk. The numbers are the operator's (server/config.ts),
// with per-customer overrides an admin sets; the rules and their messages live here.

export type BookingLimits = {
  /** Pending, confirmed or in-progress bookings one customer may hold at once. */
  maxActive: number;
  /** Whether those may overlap in time (more than one car at a moment). */
  allowOverlap: boolean;
  /** Longest rental a customer books themselves, in days. */
  maxDays: number;
};

export const DEFAULT_BOOKING_LIMITS: Readonly<BookingLimits> = { maxActive: 2, allowOverlap: false, maxDays: 30 };

export const QUOTA_MESSAGES = {
  tooMany: (max: number) =>
    `You already have ${max} active ${max === 1 ? "booking" : "bookings"}, the limit for one account. You can book again once ${max === 1 ? "it is" : "one of them is"} over or cancelled; contact us if you need more.`,
  overlap: "You already have a booking during these dates. One account can hold one car at a time; contact us if you need more than one.",
  tooLong: (max: number) => `Bookings made online can be at most ${max} days long. Please contact us for a longer rental.`,
  uploadsFull: (files: number, megabytes: number) =>
    `You have reached the upload limit of ${files} photos (${megabytes} MB). Remove photos you no longer need, or contact us.`,
} as const;

type Period = { pickupDate: Date; returnDate: Date };

/**
 * What the limits look at of a customer's active bookings (pending, confirmed or in progress, not
 * yet returned): how many there are (counted up to the limit: more changes nothing) and whether one
 * of them overlaps the period asked for.
 */
export type HeldBookings = { active: number; overlapping: boolean };

/** Why `period` is longer than this customer may book online (their own longest rental), or null. */
export function rentalTooLong(limits: Pick<BookingLimits, "maxDays">, period: Period): string | null {
  const days = (period.returnDate.getTime() - period.pickupDate.getTime()) / 86_400_000;
  return days > limits.maxDays ? QUOTA_MESSAGES.tooLong(limits.maxDays) : null;
}

/** Why this customer may not book `period` on top of the bookings they `held`, or null when they may. */
export function bookingLimitProblem(
  limits: BookingLimits,
  held: HeldBookings,
  period: Period,
): { kind: "too_long" | "too_many" | "overlap"; message: string } | null {
  const tooLong = rentalTooLong(limits, period);
  if (tooLong) return { kind: "too_long", message: tooLong };
  if (held.active >= limits.maxActive) return { kind: "too_many", message: QUOTA_MESSAGES.tooMany(limits.maxActive) };
  if (!limits.allowOverlap && held.overlapping) return { kind: "overlap", message: QUOTA_MESSAGES.overlap };
  return null;
}

/** The limits in force for one customer: an admin's overrides over the operator's defaults. */
export function customerBookingLimits(
  defaults: BookingLimits,
  overrides: { maxActiveBookings: number | null; maxRentalDays: number | null; allowOverlappingBookings: boolean },
): BookingLimits {
  return {
    maxActive: overrides.maxActiveBookings ?? defaults.maxActive,
    maxDays: overrides.maxRentalDays ?? defaults.maxDays,
    allowOverlap: overrides.allowOverlappingBookings || defaults.allowOverlap,
  };
}

export type UploadQuota = { files: number; bytes: number };
export const DEFAULT_UPLOAD_QUOTA: Readonly<UploadQuota> = { files: 20, bytes: 100 * 1_048_576 };

/**
 * Whose uploads the quota and the upload rate limit count: customers' (a profile picture and a
 * licence photo need few files). Admins and dealerships photograph the fleet and their stock,
 * dozens of cars each, and are trusted accounts: neither counted nor refused.
 */
export function uploadsAreLimited(ownerType: string): boolean {
  return ownerType === "customer";
}

/** Whether an account holding `used` may store one more upload of up to `incomingBytes`. */
export function uploadQuotaProblem(quota: UploadQuota, used: UploadQuota, incomingBytes = 0): string | null {
  if (used.files >= quota.files || used.bytes + incomingBytes > quota.bytes)
    return QUOTA_MESSAGES.uploadsFull(quota.files, Math.round(quota.bytes / 1_048_576));
  return null;
}
