/**
 * Cape Town time rules.
 *
 * Every business date rule (day counting, "before today", the 24-hour cancel window, what
 * the customer typed as dd/mm/yyyy HH:mm) is evaluated in Africa/Johannesburg, whatever the
 * time zone of the server process or the browser. The zone offset is read from Intl, never
 * from the process' local time (`Date#getHours` and friends are not used anywhere here).
 *
 * Representation choices:
 * - An instant is a `Date` (stored as UTC).
 * - A calendar date (no time, no zone) is an `IsoDate`: a "yyyy-mm-dd" string. Such strings
 *   sort and compare correctly as plain strings, travel through JSON and form state
 *   unchanged, and match `CalendarDate#toString()` of Ark UI's date picker.
 * - A time of day is a "HH:mm" string on a 24-hour clock (what `<input type="time">` gives).
 */
import { isCancellableStatus } from "./booking.ts";

export const CAPE_TOWN_TIME_ZONE = "Africa/Johannesburg";
/** Default pickup and return time of day. */
export const DEFAULT_TIME = "10:00";
/** A customer may cancel only while pickup is at least this many hours away. */
export const CANCELLATION_WINDOW_HOURS = 24;

/** Calendar date as "yyyy-mm-dd" (see the module comment). */
export type IsoDate = string;

export interface CapeTownDateTime {
  /** Calendar date in Cape Town, "yyyy-mm-dd". */
  date: IsoDate;
  /** Time of day in Cape Town, "HH:mm" (24-hour). */
  time: string;
}

const MS_PER_HOUR = 3_600_000;
const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let partsFormatter: Intl.DateTimeFormat | undefined;

/** Wall-clock fields of `instant` in Cape Town, read through Intl. */
function capeTownParts(instant: Date): DateTimeParts {
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: CAPE_TOWN_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const out: DateTimeParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof DateTimeParts] = Number(part.value);
  }
  // Some engines still print midnight as "24" even with h23.
  if (out.hour === 24) out.hour = 0;
  return out;
}

/** Milliseconds since the epoch of the given wall-clock fields read as UTC (any year >= 1). */
function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // avoids Date.UTC's 0..99 => 1900s quirk
  d.setUTCHours(hour, minute, 0, 0);
  return d.getTime();
}

/** Cape Town's offset from UTC at `instant`, in milliseconds (7_200_000 for UTC+2). */
function capeTownOffsetMs(instant: Date): number {
  const p = capeTownParts(instant);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  const wall = utcMillis(p.year, p.month, p.day, p.hour, p.minute) + p.second * 1000;
  return wall - wholeSeconds;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function assertValidInstant(instant: Date, name: string): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError(`${name} is not a valid date`);
  }
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Builds an IsoDate from numeric fields, or null when they are not a real calendar date. */
export function toIsoDate(year: number, month: number, day: number): IsoDate | null {
  if (!isRealDate(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** True for a "yyyy-mm-dd" string naming a real calendar date. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  return isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Splits a valid IsoDate into numbers; throws RangeError on anything else. */
export function isoDateParts(date: IsoDate): { year: number; month: number; day: number } {
  if (!isIsoDate(date)) throw new RangeError(`Not a valid yyyy-mm-dd date: ${String(date)}`);
  const [y, m, d] = date.split("-").map(Number);
  return { year: y ?? 0, month: m ?? 0, day: d ?? 0 };
}

/** Compares two IsoDates: negative when a is earlier, 0 when equal, positive when later. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  isoDateParts(a);
  isoDateParts(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The calendar date `days` days after (or before, when negative) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = isoDateParts(date);
  const d = new Date(utcMillis(year, month, day) + Math.trunc(days) * 24 * MS_PER_HOUR);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Today's calendar date in Cape Town, as "yyyy-mm-dd". */
export function capeTownToday(now: Date = new Date()): IsoDate {
  assertValidInstant(now, "now");
  const p = capeTownParts(now);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The current year in Cape Town (it turns over at midnight Cape Town time). */
export function capeTownYear(now: Date = new Date()): number {
  assertValidInstant(now, "now");
  return capeTownParts(now).year;
}

/** The Cape Town calendar date and "HH:mm" time of an instant. */
export function toCapeTownDateTime(instant: Date): CapeTownDateTime {
  assertValidInstant(instant, "instant");
  const p = capeTownParts(instant);
  return {
    date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}

/** True for a 24-hour "HH:mm" time of day (00:00 .. 23:59). */
export function isValidTime(value: unknown): value is string {
  return typeof value === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/**
 * The instant at which the Cape Town wall clock shows `date` `time`.
 * Throws RangeError when the date is not a real "yyyy-mm-dd" date or the time is not "HH:mm".
 */
export function capeTownDateTimeToUtc(date: IsoDate, time: string = DEFAULT_TIME): Date {
  const { year, month, day } = isoDateParts(date);
  if (!isValidTime(time)) throw new RangeError(`Not a valid HH:mm time: ${String(time)}`);
  const [hour, minute] = time.split(":").map(Number);
  const wall = utcMillis(year, month, day, hour ?? 0, minute ?? 0);
  // Two passes so the rule stays right even for a zone with DST transitions.
  const first = wall - capeTownOffsetMs(new Date(wall));
  const second = wall - capeTownOffsetMs(new Date(first));
  return new Date(second);
}

/**
 * Parses what the customer typed as "dd/mm/yyyy". Accepts only a real calendar date written
 * with exactly two-digit day and month and four-digit year, so that formatting the result
 * gives back exactly the same text (31/02/2025, 31/04/2025, 1/2/2025, 29/02/2025 are
 * rejected; 29/02/2024 is accepted). Returns the date as "yyyy-mm-dd", or null.
 */
export function parseDisplayDate(text: string): IsoDate | null {
  if (typeof text !== "string") return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = toIsoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  if (iso === null || formatDisplayDate(iso) !== text) return null;
  return iso;
}

/**
 * Formats as "dd/mm/yyyy". Given an IsoDate, formats that calendar date; given a Date
 * (an instant), formats its calendar date in Cape Town.
 */
export function formatDisplayDate(date: IsoDate | Date): string {
  const iso = date instanceof Date ? capeTownToday(date) : date;
  const { year, month, day } = isoDateParts(iso);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/**
 * The typing rule of the dd/mm/yyyy date field. Call it with the field's new text (and its
 * previous text) on every change and put the result back in the field:
 * - only digits and slashes are kept;
 * - a slash is inserted automatically once the day (then the month) has two digits; a third
 *   digit typed into the day or month spills over into the next part (so pasting "01022025"
 *   gives "01/02/2025");
 * - a typed slash closes a non-empty day or month part (so "1/" stays "1/", which
 *   parseDisplayDate then rejects); stray, doubled or extra slashes are dropped;
 * - the year takes at most 4 digits, so the text never exceeds 10 characters;
 * - when the edit made the text shorter (backspace), no trailing slash is added back, so a
 *   slash can be deleted.
 */
export function sanitiseDateInput(text: string, previous = ""): string {
  const deleting = text.length < previous.length;
  const parts: string[] = [""];
  for (const ch of text) {
    const index = parts.length - 1;
    const current = parts[index] ?? "";
    if (ch === "/") {
      if (index < 2 && current.length > 0) parts.push("");
    } else if (ch >= "0" && ch <= "9") {
      const max = index < 2 ? 2 : 4;
      if (current.length < max) parts[index] = current + ch;
      else if (index < 2) parts.push(ch);
    }
  }
  let out = parts.join("/");
  const last = parts[parts.length - 1] ?? "";
  if (!deleting && parts.length < 3 && last.length === 2) out += "/";
  return out.slice(0, 10);
}

/** True when `date` is a calendar day before today in Cape Town (today itself is not). */
export function isBeforeToday(date: IsoDate, now: Date = new Date()): boolean {
  return compareIsoDates(date, capeTownToday(now)) < 0;
}

/** "Mar 05, 2025, 10:00": the confirmation screen's "MMM dd, yyyy, HH:mm", in Cape Town time. */
export function formatConfirmationDateTime(instant: Date): string {
  assertValidInstant(instant, "instant");
  const p = capeTownParts(instant);
  return `${MONTHS_SHORT[p.month - 1]} ${pad(p.day)}, ${p.year}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** "Mar 5, 2025": US English short month, day, year, in Cape Town time (booking cards). */
export function formatBookingCardDate(instant: Date): string {
  assertValidInstant(instant, "instant");
  const p = capeTownParts(instant);
  return `${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}`;
}

/** "10:00 AM", "12:30 PM", "12:05 AM": US English 12-hour time, in Cape Town time. */
export function formatBookingCardTime(instant: Date): string {
  assertValidInstant(instant, "instant");
  const p = capeTownParts(instant);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${pad(p.minute)} ${p.hour < 12 ? "AM" : "PM"}`;
}

/** "Mar 5, 2025, 10:00 AM": the booking card's date and time, in Cape Town time. */
export function formatBookingCardDateTime(instant: Date): string {
  return `${formatBookingCardDate(instant)}, ${formatBookingCardTime(instant)}`;
}

/** Hours from `now` until `instant` (fractional; negative when `instant` has passed). */
export function hoursUntil(instant: Date, now: Date = new Date()): number {
  assertValidInstant(instant, "instant");
  assertValidInstant(now, "now");
  return (instant.getTime() - now.getTime()) / MS_PER_HOUR;
}

/**
 * The customer cancellation policy: allowed only when the booking is neither completed nor
 * cancelled AND pickup is at least 24 hours away (exactly 24 hours still allowed).
 * An invalid pickup date never allows cancellation.
 */
export function canCustomerCancel(pickup: Date, status: string, now: Date = new Date()): boolean {
  if (!isCancellableStatus(status)) return false;
  if (!(pickup instanceof Date) || Number.isNaN(pickup.getTime())) return false;
  return hoursUntil(pickup, now) >= CANCELLATION_WINDOW_HOURS;
}

/** Why a customer may not cancel a booking (the UI shows it beside a disabled Cancel button). */
export const CANCEL_BLOCKED_MESSAGES = {
  cancelled: "This booking is already cancelled",
  completed: "Completed bookings cannot be cancelled",
  tooLate: `Bookings can only be cancelled up to ${CANCELLATION_WINDOW_HOURS} hours before pickup`,
  unknown: "This booking cannot be cancelled",
} as const;

/**
 * The reason a customer may not cancel (the message of CANCEL_BLOCKED_MESSAGES), or null when
 * `canCustomerCancel` allows it.
 */
export function customerCancelBlockedReason(pickup: Date, status: string, now: Date = new Date()): string | null {
  if (canCustomerCancel(pickup, status, now)) return null;
  if (status === "cancelled") return CANCEL_BLOCKED_MESSAGES.cancelled;
  if (status === "completed") return CANCEL_BLOCKED_MESSAGES.completed;
  if (!isCancellableStatus(status)) return CANCEL_BLOCKED_MESSAGES.unknown;
  return CANCEL_BLOCKED_MESSAGES.tooLate;
}
