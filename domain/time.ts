/**
 * Cape Town time rules.
 *
 * Every business date rule (day counting, "before today", the 24-hour cancel window, what
 * the customer typed as dd/mm/yyyy HH:mm) is evaluated in Africa/Johannesburg, whatever the
 * time zone of the server process or the browser. The calendar (leap years, month lengths,
 * day arithmetic) and the zone's offset come from @internationalized/date (the date library
 * of Ark UI's date picker, which reads the time zone database through Intl), never from the
 * process' local time (`Date#getHours` and friends are not used anywhere here).
 *
 * Representation choices:
 * - An instant is a `Date` (stored as UTC).
 * - A calendar date (no time, no zone) is an `IsoDate`: a "yyyy-mm-dd" string (years 1 to
 *   9999). Such strings sort and compare correctly as plain strings, travel through JSON and
 *   form state unchanged, and match `CalendarDate#toString()` of Ark UI's date picker.
 * - A time of day is a "HH:mm" string on a 24-hour clock (what `<input type="time">` gives).
 */
import { CalendarDate, fromDate, GregorianCalendar, parseTime, toCalendarDate, toCalendarDateTime, toZoned, ZonedDateTime } from "@internationalized/date";
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
const gregorian = new GregorianCalendar();
/** Days from 0001-01-01 to 9999-12-31: no IsoDate is further than this from another. */
const MAX_DAY_SPAN = 3_652_058;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function assertValidInstant(instant: Date, name: string): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError(`${name} is not a valid date`);
  }
}

// The zone's offset per quarter hour asked about. Intl's answer (what `fromDate` asks) cost
// 10-20 µs a conversion, and a booking makes dozens (its emails, calendar and reminders: issue 16).
// Offsets change only at the zone's transitions: a quarter hour whose two ends differ is never kept.
const QUARTER_HOUR_MS = 900_000;
const quarterHourOffsets = new Map<number, number>();

function capeTownOffset(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const known = quarterHourOffsets.get(quarter);
  if (known !== undefined) return known;
  const first = fromDate(new Date(quarter * QUARTER_HOUR_MS), CAPE_TOWN_TIME_ZONE).offset;
  const last = fromDate(new Date((quarter + 1) * QUARTER_HOUR_MS - 1), CAPE_TOWN_TIME_ZONE).offset;
  if (first !== last) return fromDate(new Date(ms), CAPE_TOWN_TIME_ZONE).offset;
  if (quarterHourOffsets.size >= 20_000) quarterHourOffsets.clear();
  quarterHourOffsets.set(quarter, first);
  return first;
}

/** The Cape Town wall clock at `instant`; RangeError when it is not a valid Date. */
function capeTown(instant: Date, name: string): ZonedDateTime {
  assertValidInstant(instant, name);
  const ms = instant.getTime();
  const offset = capeTownOffset(ms);
  const wall = new Date(ms + offset);
  const year = wall.getUTCFullYear();
  // Years before 1 (another era) and past 9999 are the library's to write.
  if (year < 1 || year > 9999) return fromDate(instant, CAPE_TOWN_TIME_ZONE);
  return new ZonedDateTime(
    year,
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    CAPE_TOWN_TIME_ZONE,
    offset,
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
}

/** The calendar date of these fields, or null when they name no real date in years 1 to 9999. */
function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  // CalendarDate clamps fields that are out of range (31 February becomes the 28th, year 0
  // becomes 1): a date whose fields changed did not exist.
  const date = new CalendarDate(year, month, day);
  return date.year === year && date.month === month && date.day === day ? date : null;
}

/** The calendar date of a "yyyy-mm-dd" string, or null. */
function isoCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value !== "string") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** The calendar date of a valid IsoDate; throws RangeError on anything else. */
function parseIsoDate(date: IsoDate): CalendarDate {
  const parsed = isoCalendarDate(date);
  if (!parsed) throw new RangeError(`Not a valid yyyy-mm-dd date: ${String(date)}`);
  return parsed;
}

/** The first day of a month of years 1 to 9999; RangeError for anything else. */
function firstOfMonth(year: number, month: number): CalendarDate {
  const date = calendarDate(year, month, 1);
  if (!date) throw new RangeError(`Not a month of years 1 to 9999: ${String(year)}-${String(month)}`);
  return date;
}

/** True for a leap year of the Gregorian calendar (years 1 to 9999, as IsoDates). */
export function isLeapYear(year: number): boolean {
  return gregorian.getDaysInYear(firstOfMonth(year, 1)) === 366;
}

/** The number of days in a month (1 to 12) of the Gregorian calendar (years 1 to 9999). */
export function daysInMonth(year: number, month: number): number {
  return gregorian.getDaysInMonth(firstOfMonth(year, month));
}

/** Builds an IsoDate from numeric fields, or null when they are not a real calendar date. */
export function toIsoDate(year: number, month: number, day: number): IsoDate | null {
  return calendarDate(year, month, day)?.toString() ?? null;
}

/** True for a "yyyy-mm-dd" string naming a real calendar date. */
export function isIsoDate(value: unknown): value is IsoDate {
  return isoCalendarDate(value) !== null;
}

/** Splits a valid IsoDate into numbers; throws RangeError on anything else. */
export function isoDateParts(date: IsoDate): { year: number; month: number; day: number } {
  const { year, month, day } = parseIsoDate(date);
  return { year, month, day };
}

/** Compares two IsoDates: negative when a is earlier, 0 when equal, positive when later. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  parseIsoDate(a);
  parseIsoDate(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The calendar date `days` days after (or before, when negative) `date` (a fraction of a day
 * is dropped). Throws RangeError when the result would leave years 1 to 9999.
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  const start = parseIsoDate(date);
  const whole = Math.trunc(days);
  const outOfRange = () => new RangeError(`${date} plus ${days} days is not a date in years 1 to 9999`);
  // CalendarDate#add walks month by month (an enormous count would never end) and clamps at
  // year 9999 or turns to BC instead of failing: refuse those before and after.
  if (!(Math.abs(whole) <= MAX_DAY_SPAN)) throw outOfRange();
  const result = start.add({ days: whole });
  if (result.era !== "AD" || result.compare(start) !== whole) throw outOfRange();
  return result.toString();
}

/** Today's calendar date in Cape Town, as "yyyy-mm-dd". */
export function capeTownToday(now: Date = new Date()): IsoDate {
  return toCalendarDate(capeTown(now, "now")).toString();
}

/** The current year in Cape Town (it turns over at midnight Cape Town time). */
export function capeTownYear(now: Date = new Date()): number {
  return capeTown(now, "now").year;
}

/** The Cape Town calendar date and "HH:mm" time of an instant. */
export function toCapeTownDateTime(instant: Date): CapeTownDateTime {
  const wall = capeTown(instant, "instant");
  return { date: toCalendarDate(wall).toString(), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** The Cape Town wall clock of an instant as "yyyymmddThhmmss" (iCalendar's local DATE-TIME, to be named TZID=Africa/Johannesburg). */
export function capeTownICalendarDateTime(instant: Date): string {
  const wall = capeTown(instant, "instant");
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
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
  const day = parseIsoDate(date);
  if (!isValidTime(time)) throw new RangeError(`Not a valid HH:mm time: ${String(time)}`);
  // A wall time that happened twice (the end of summer time, last in 1944) is the later one;
  // one that never happened (its start) moves forward by the gap.
  return toZoned(toCalendarDateTime(day, parseTime(time)), CAPE_TOWN_TIME_ZONE, "later").toDate();
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
  const { year, month, day } = date instanceof Date ? capeTown(date, "now") : parseIsoDate(date);
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
  const p = capeTown(instant, "instant");
  return `${MONTHS_SHORT[p.month - 1]} ${pad(p.day)}, ${p.year}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** "Mar 5, 2025": US English short month, day, year, in Cape Town time (booking cards). */
export function formatBookingCardDate(instant: Date): string {
  const p = capeTown(instant, "instant");
  return `${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}`;
}

/** "10:00 AM", "12:30 PM", "12:05 AM": US English 12-hour time, in Cape Town time. */
export function formatBookingCardTime(instant: Date): string {
  const p = capeTown(instant, "instant");
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
  /** A trip on the road, past the window: the 24-hour rule is not what the customer needs to hear. */
  started: "Your trip has started, so it can't be cancelled. To end it early, contact us and we'll arrange the collection.",
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
  return status === "in_progress" ? CANCEL_BLOCKED_MESSAGES.started : CANCEL_BLOCKED_MESSAGES.tooLate;
}
