/**
 * Rental pricing: the daily rate of each category, the rental duration in days and the total.
 * The server recomputes both from these functions; the client's numbers are never trusted.
 */
import type { Category } from "./catalogue.ts";
import { centsToDecimal } from "./money.ts";

/** Daily rate by category, in whole rand per day. */
export const CATEGORY_RATES: Readonly<Record<Category, number>> = {
  small: 450,
  medium: 650,
  large: 850,
};

const MS_PER_DAY = 86_400_000;

function isCategory(value: unknown): value is Category {
  return typeof value === "string" && Object.hasOwn(CATEGORY_RATES, value);
}

function isValidInstant(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/**
 * Rental duration in whole days from pickup to return; any part of a day counts as a full
 * day (10:00 to 10:00 next day = 1, 10:00 to 10:01 next day = 2). A day is 24 hours from the
 * pickup moment (Cape Town has no daylight saving, so this is also one calendar day there).
 * 0 when return is not after pickup or either date is missing/invalid.
 */
export function rentalDays(pickup: Date | null | undefined, returnAt: Date | null | undefined): number {
  if (!isValidInstant(pickup) || !isValidInstant(returnAt)) return 0;
  const ms = returnAt.getTime() - pickup.getTime();
  return ms > 0 ? Math.ceil(ms / MS_PER_DAY) : 0;
}

/** Daily rate of a category in integer cents, or 0 for a missing or unknown category. */
export function dailyRateCents(category: string | null | undefined): number {
  return isCategory(category) ? CATEGORY_RATES[category] * 100 : 0;
}

/**
 * The daily rate a booking of this car is charged, as the wire's decimal text ("450.00"): its
 * category's. A car's own configured price (the admin's "Price per day") is never what a customer
 * pays, so every surface that tells customers or API clients a car's rate shows this one.
 */
export function chargedDailyRate(car: { category: string }): string {
  return centsToDecimal(dailyRateCents(car.category));
}

export interface BookingQuote {
  /** Whole days, as rentalDays. */
  days: number;
  /** Category daily rate in rand, 0 when the category is missing. */
  dailyRate: number;
  /** Total in integer cents. */
  totalCents: number;
  /** Total as the wire/database decimal string, e.g. "1350.00". */
  total: string;
}

/** Duration and total for a draft or a booking request; zeros when something is missing. */
export function bookingQuote(category: string | null | undefined, pickup: Date | null | undefined, returnAt: Date | null | undefined): BookingQuote {
  const rateCents = dailyRateCents(category);
  const days = rentalDays(pickup, returnAt);
  const totalCents = rateCents * days;
  return { days, dailyRate: rateCents / 100, totalCents, total: centsToDecimal(totalCents) };
}

/**
 * Total = days x the category's daily rate, as a two-decimal string ("1350.00"); "0.00" when
 * the category, pickup or return is missing (or return is not after pickup).
 */
export function bookingTotal(category: string | null | undefined, pickup: Date | null | undefined, returnAt: Date | null | undefined): string {
  return bookingQuote(category, pickup, returnAt).total;
}
