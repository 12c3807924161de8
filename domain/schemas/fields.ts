// The building blocks of the input schemas: trimmed text, emails, dates, instants, model years,
// money as text and image URLs, each with the specification's messages.
import { z } from "zod";
import { parseCoordinates } from "../geo.ts";
import { isPhoneNumber } from "../phone.ts";
import { ADMIN_PASSWORD_MIN_LENGTH, CUSTOMER_PASSWORD_MIN_LENGTH } from "../limits.ts";
import { MAX_MONEY_CENTS, parseMoneyToCents, toMoneyString, typedAmount } from "../money.ts";
import { capeTownYear, isIsoDate, parseDisplayDate } from "../time.ts";

// Building blocks -----------------------------------------------------------------------------

/**
 * Longest one-line text (names, makes, cities, codes...) and longest address kept. Every text
 * field has a ceiling: without one, a 900,000-character "name" was stored and then shown in
 * emails, the back office and the dispatch board.
 */
export const TEXT_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 300;
/** Longest optional free text (special requests, upload links, phone numbers as typed). */
export const OPTIONAL_TEXT_MAX_LENGTH = 1000;

/** What a too-long field is told: "Name is too long (at most 100 characters)". */
export const tooLong = (label: string, max: number) => `${label} is too long (at most ${max} characters)`;

/** A one-line field's line breaks and tabs (an API client's, a paste) as one space: they broke emails' lines and the CLI's tables. */
const oneLine = (value: string) => value.replace(/ *[\r\n\t][ \r\n\t]*/g, " ");

/**
 * Trimmed one-line text of at least `min` characters; `message` for missing, wrong type or too
 * short; at most `max` characters (`long` says so). Line breaks and tabs become spaces.
 */
export function requiredText(message: string, min = 1, max = TEXT_MAX_LENGTH, long = tooLong("This text", max)) {
  return z.string({ error: message }).overwrite(oneLine).trim().min(min, message).max(max, long);
}

/** Trimmed, optional text of at most `max` characters; null is accepted and becomes undefined. */
export function optionalTextOf(max: number, long = tooLong("This text", max)) {
  return z
    .string()
    .trim()
    .max(max, long)
    .nullish()
    .transform((v) => v ?? undefined);
}
export const optionalText = optionalTextOf(OPTIONAL_TEXT_MAX_LENGTH);

/** Optional; when given, a number someone can call (a driver, a buyer): "call me maybe" is refused. */
export function optionalPhoneText(label: string, invalid: string) {
  return optionalTextOf(30, tooLong(label, 30)).refine((phone) => phone === undefined || phone === "" || isPhoneNumber(phone), invalid);
}

/**
 * Trimmed, lower-cased email. `required` when missing or blank, `invalid` when malformed or longer
 * than mail can carry (RFC 5321: 254 characters, 64 before the @), which zod's pattern alone let
 * through and every email to it would then fail.
 */
export function emailField(invalid: string, required = invalid) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .pipe(z.email({ error: invalid }))
    .refine((email) => email.length <= 254 && email.indexOf("@") <= 64, invalid);
}

const CUSTOMER_PASSWORD_MESSAGE = "Password must be at least 6 characters";
/** A customer's password: at least 6 characters (SPEC), not all of them spaces. */
export const customerPassword = z
  .string({ error: CUSTOMER_PASSWORD_MESSAGE })
  .min(CUSTOMER_PASSWORD_MIN_LENGTH, { message: CUSTOMER_PASSWORD_MESSAGE, abort: true })
  .regex(/\S/, CUSTOMER_PASSWORD_MESSAGE);

const STAFF_PASSWORD_MESSAGE = "Password must be at least 8 characters";
/**
 * A password an admin, a dealership or a driver signs in with: at least 8 characters, not all
 * of them spaces (eight spaces are 8 characters, but no password).
 */
export const staffPassword = z
  .string({ error: STAFF_PASSWORD_MESSAGE })
  .min(ADMIN_PASSWORD_MIN_LENGTH, { message: STAFF_PASSWORD_MESSAGE, abort: true })
  .regex(/\S/, STAFF_PASSWORD_MESSAGE);

/**
 * A calendar date typed as "yyyy-mm-dd" (date inputs) or "dd/mm/yyyy" (the product's text
 * format); the output is always "yyyy-mm-dd". `required` when missing or blank.
 */
export function calendarDateField(required: string) {
  return requiredText(required).transform((value, ctx) => {
    const iso = isIsoDate(value) ? value : parseDisplayDate(value);
    if (iso === null) {
      ctx.issues.push({ code: "custom", message: "Please enter a valid date", input: value });
      return z.NEVER;
    }
    return iso;
  });
}

export const INSTANT_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * Reads ISO 8601 date-time text with a zone, or null. Every part must be real: `new Date()`
 * alone would roll "2030-02-30" over to 2 March and "24:00" over to the next day.
 */
export function parseInstantText(text: string): Date | null {
  const m = INSTANT_PATTERN.exec(text);
  if (!m || !isIsoDate(m[1])) return null;
  const [hour, minute, second, offsetHours, offsetMinutes] = [m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0));
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 23 || offsetMinutes! > 59) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An instant: a Date, or an ISO 8601 date-time string WITH a zone ("...Z" or "+02:00"). Text
 * without a zone is refused, because `new Date()` would read it in the process' own zone.
 */
export function instantField(required: string) {
  return z.union([z.string(), z.date()], { error: required }).transform((value, ctx) => {
    const text = typeof value === "string" ? value.trim() : null;
    if (text === "") {
      ctx.issues.push({ code: "custom", message: required, input: value });
      return z.NEVER;
    }
    const date = text === null ? value : parseInstantText(text);
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
      ctx.issues.push({ code: "custom", message: "Please enter a valid date and time", input: value });
      return z.NEVER;
    }
    return date;
  });
}

/** Latest vehicle model year accepted: next year in Cape Town. */
export function maxVehicleYear(now: Date = new Date()): number {
  return capeTownYear(now) + 1;
}

/** A whole model year from `min` to next year (read from `now`, or the clock at parse time). */
export function vehicleYearField(min: number, now?: Date) {
  return z
    .number({ error: "Year is required" })
    .int("Year must be a whole number")
    .min(min, `Year must be ${min} or later`)
    .superRefine((year, ctx) => {
      const max = maxVehicleYear(now ?? new Date());
      if (year > max) ctx.addIssue({ code: "custom", message: `Year must be ${max} or earlier` });
    });
}

/**
 * Money as text (numbers accepted too), normalised to two decimals ("450" -> "450.00"); text as
 * people type it ("R189 900", "189,900": typedAmount). Must be non-negative, fit decimal(10,2), and
 * be above zero when `positive`.
 */
export function moneyTextField(required: string, options: { positive?: string } = {}) {
  return z.union([z.string(), z.number()], { error: required }).transform((given, ctx) => {
    const value = typeof given === "string" ? typedAmount(given) : given;
    if (value === "") {
      ctx.issues.push({ code: "custom", message: required, input: given });
      return z.NEVER;
    }
    let cents: number;
    try {
      cents = parseMoneyToCents(value);
    } catch {
      ctx.issues.push({ code: "custom", message: "Please enter a valid amount in rand", input: given });
      return z.NEVER;
    }
    const problem =
      cents < 0 ? "Amount cannot be negative" : cents > MAX_MONEY_CENTS ? "Amount is too large" : cents === 0 && options.positive ? options.positive : null;
    if (problem) {
      ctx.issues.push({ code: "custom", message: problem, input: given });
      return z.NEVER;
    }
    return toMoneyString(value);
  });
}

export function isImageUrl(value: string): boolean {
  if (value === "" || /^\/objects\/[^\s?#]+$/.test(value)) return true;
  // The (relative) upload URL an upload ticket gave: the server resolves it to its object.
  if (/^\/api\/objects\/upload\/[0-9a-f-]{36}\?token=[^\s#]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Coordinates text "lat,lon" with a valid latitude and longitude. */
export function coordinatesField(required: string) {
  return requiredText(required).refine((v) => parseCoordinates(v) !== null, "Invalid coordinates");
}
