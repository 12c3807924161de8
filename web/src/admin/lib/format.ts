/** Display formats of the back office: Cape Town time, rand, labels, counts. */
import { BOOKING_STATUS_LABELS, isBookingStatus } from "#domain/booking.ts";
import { categoryLabel, isCategory, TRANSMISSION_LABELS, isTransmission, vehicleStatusLabel } from "#domain/catalogue.ts";
import { formatRand, formatRandPerDay } from "#domain/money.ts";
import { CATEGORY_RATES, chargedDailyRate } from "#domain/pricing.ts";
import { addDays, CAPE_TOWN_TIME_ZONE, capeTownDateTimeToUtc, capeTownToday, type IsoDate } from "#domain/time.ts";

const dateTimeFormat = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: CAPE_TOWN_TIME_ZONE,
});
const dateFormat = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "short", year: "numeric", timeZone: CAPE_TOWN_TIME_ZONE });
const dayFormat = new Intl.DateTimeFormat("en-ZA", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: CAPE_TOWN_TIME_ZONE });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

function valid(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "22 Nov 2026, 14:05" in Cape Town time; "—" when missing. */
export function dateTimeLabel(value: string | null | undefined): string {
  const date = valid(value);
  return date ? dateTimeFormat.format(date) : "—";
}

/** "22 Nov 2026" in Cape Town time; "—" when missing. */
export function dateLabel(value: string | null | undefined): string {
  const date = valid(value);
  return date ? dateFormat.format(date) : "—";
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 minutes ago", "yesterday", "just now"; `fallback` when missing. */
export function relativeTime(value: string | null | undefined, now: Date = new Date(), fallback = "Never"): string {
  const date = valid(value);
  if (!date) return fallback;
  const diff = date.getTime() - now.getTime();
  if (Math.abs(diff) < 60_000) return "just now";
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relativeFormat.format(Math.round(diff / ms), unit);
  }
  return "just now";
}

/** Rand from the API's decimal text: "1350.00" -> "R1,350"; the text itself if unreadable. */
export function rand(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  try {
    return formatRand(value);
  } catch {
    return String(value);
  }
}

export function bookingStatusLabel(status: string): string {
  return isBookingStatus(status) ? BOOKING_STATUS_LABELS[status] : status;
}

export function transmissionLabel(value: string): string {
  return isTransmission(value) ? TRANSMISSION_LABELS[value] : value;
}

export { categoryLabel, vehicleStatusLabel };

/** "1 vehicle", "1,200 bookings" (grouped like the rand amounts). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/**
 * The hint under a fleet car's "Price per day": customers pay the category's daily rate (SPEC 9,
 * the domain's pricing), never the car's own price.
 */
export function categoryRateHint(category: string): string {
  if (!isCategory(category)) return "Customers are charged their category's daily rate.";
  return `Customers are charged the ${categoryLabel(category)} rate, ${formatRandPerDay(CATEGORY_RATES[category])}.`;
}

/**
 * Beside a fleet car's own price on its card, when customers are charged another (its category's,
 * domain chargedDailyRate): "Customers pay R450/day (Small rate)". Null when they agree, and for
 * a dealership's car (for sale, never rented).
 */
export function chargedRateNote(vehicle: { category: string; pricePerDay: string }, forSale: boolean): string | null {
  if (forSale || !isCategory(vehicle.category)) return null;
  const charged = chargedDailyRate(vehicle);
  if (Number(vehicle.pricePerDay) === Number(charged)) return null;
  return `Customers pay ${formatRandPerDay(charged)} (${categoryLabel(vehicle.category)} rate)`;
}

/** A search's result count with its verb: "1 vehicle matches", "3 vehicles match", "0 customers match". */
export function matchCount(count: number, one: string, many = `${one}s`): string {
  return `${plural(count, one, many)} ${count === 1 ? "matches" : "match"}`;
}

export { vehicleStatusTone } from "../../ui/vehicleStatusTone.ts";

/** "Thursday, 26 November 2026": a Cape Town day ("yyyy-mm-dd"). */
export function dayLabel(date: IsoDate): string {
  return dayFormat.format(capeTownDateTimeToUtc(date, "12:00"));
}

/** "Today", "Tomorrow" or "Yesterday" for a Cape Town day near today; null for any other day. */
export function nearDayLabel(date: IsoDate, now: Date = new Date()): string | null {
  const today = capeTownToday(now);
  if (date === today) return "Today";
  if (date === addDays(today, 1)) return "Tomorrow";
  if (date === addDays(today, -1)) return "Yesterday";
  return null;
}
