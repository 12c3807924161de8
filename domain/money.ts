/**
 * Money in rand. Amounts travel as decimal strings with two decimals ("1350.00", the database's
 * decimal(10,2) as text) and are computed as integer cents, never as floating-point rand.
 *
 * The one display format used everywhere (customer, admin, dealership, CLI):
 *   "R" + whole rand with a comma every three digits, cents only when not zero, minus sign
 *   before the R:  R450, R1,350, R1,350.50, R100,000, -R50.
 * The separators are written by hand here, not taken from the runtime's Intl locale data,
 * so the browser, the server and the CLI print exactly the same text.
 */

/** Database money columns: decimal(10, 2). */
export const MONEY_PRECISION = 10;
export const MONEY_SCALE = 2;
/** Largest amount a decimal(10,2) column holds, in cents (99,999,999.99 rand). */
export const MAX_MONEY_CENTS = 9_999_999_999;

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Converts rand to integer cents. Accepts a number (e.g. 450, 1350.5) or a decimal string
 * ("1350.00", "1350", "1350.5", " 12.345 "); more than two decimals are rounded half away from
 * zero on the decimal digits themselves. Throws RangeError for anything else ("", "abc",
 * "1,350", NaN, Infinity, or an amount too large to count exactly).
 */
export function parseMoneyToCents(value: number | string): number {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || Math.abs(value) >= 1e13) {
      throw new RangeError(`Not a money amount: ${value}`);
    }
    // toFixed(6) turns 1.005 (stored as 1.00499999...) into "1.005000" before rounding.
    text = value.toFixed(6);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new RangeError(`Not a money amount: ${String(value)}`);
  }
  const m = DECIMAL_PATTERN.exec(text);
  const whole = m?.[2] ?? "";
  const fraction = m?.[3] ?? "";
  if (!m || (whole === "" && fraction === "")) {
    throw new RangeError(`Not a money amount: ${JSON.stringify(value)}`);
  }
  const negative = m[1] === "-";
  let cents = Number(whole || "0") * 100 + Number((fraction + "00").slice(0, 2));
  if ((fraction[2] ?? "0") >= "5") cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${text}`);
  return negative && cents !== 0 ? -cents : cents;
}

/** Digits in groups of three after the first one to three, each group after the same separator. */
const GROUPED_AMOUNT = /^(\d{1,3})((?:([ \u00a0\u202f,])\d{3})(?:\3\d{3})*)(?:([.,])(\d{1,2}))?$/;

/**
 * An amount as people type it in a form, in the plain form parseMoneyToCents reads: a leading "R",
 * thousands grouped by spaces or commas ("R189 900", "189,900", "1 350,50") and a decimal comma
 * ("1350,5") are read as South Africans write them; "189,900" is grouping, "1350,50" a decimal
 * comma (two digits at most after it). Anything else comes back trimmed, for parseMoneyToCents to
 * accept or refuse as it stands.
 */
export function typedAmount(text: string): string {
  const t = text.trim().replace(/^R\s*/i, "");
  const grouped = GROUPED_AMOUNT.exec(t);
  if (grouped) {
    const [, head, groups, separator, decimalMark, decimals] = grouped;
    // "1,350,50" names no amount: a comma cannot both group and mark the decimals.
    if (decimalMark === separator) return t;
    return `${head}${groups!.replaceAll(separator!, "")}${decimals ? `.${decimals}` : ""}`;
  }
  const decimalComma = /^(\d+),(\d{1,2})$/.exec(t);
  return decimalComma ? `${decimalComma[1]}.${decimalComma[2]}` : t;
}

/** Whether `value` can be read as a money amount by parseMoneyToCents. */
export function isMoneyAmount(value: unknown): value is number | string {
  if (typeof value !== "number" && typeof value !== "string") return false;
  try {
    parseMoneyToCents(value);
    return true;
  } catch {
    return false;
  }
}

/** A stored money amount (a Prisma Decimal, or anything that writes itself with toFixed) in cents. */
export function decimalToCents(amount: { toFixed(digits: number): string }): number {
  return parseMoneyToCents(amount.toFixed(MONEY_SCALE));
}

/** Integer cents to the wire/database form: 135000 -> "1350.00", -5 -> "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Normalises an amount to the two-decimal wire form: 450 -> "450.00", "12.5" -> "12.50". */
export function toMoneyString(value: number | string): string {
  return centsToDecimal(parseMoneyToCents(value));
}

/** A whole number with a comma every three digits: 88000 -> "88,000" (rounded; sign kept). */
export function groupDigits(value: number): string {
  const sign = value < 0 ? "-" : "";
  return sign + groupThousands(String(Math.abs(Math.round(value))));
}

function groupThousands(digits: string): string {
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return out;
}

/** Formats cents in the product's rand style (see the module comment): 135050 -> "R1,350.50". */
export function formatRandCents(cents: number): string {
  return writeRand(cents, false);
}

/** Always with its cents, as a tax document writes amounts: 260000 -> "R2,600.00"; -130000 -> "-R1,300.00". */
export function formatRandCentsExact(cents: number): string {
  return writeRand(cents, true);
}

function writeRand(cents: number, alwaysCents: boolean): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const whole = groupThousands(String(Math.floor(abs / 100)));
  return `${sign}R${whole}${rest === 0 && !alwaysCents ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/** "1350.00" -> "R1,350"; "1350.5" -> "R1,350.50"; 100000 -> "R100,000". Throws on bad input. */
export function formatRand(value: number | string): string {
  return formatRandCents(parseMoneyToCents(value));
}

/** A daily rate as shown on vehicle and category cards: 450 -> "R450/day". */
export function formatRandPerDay(rate: number | string): string {
  return `${formatRand(rate)}/day`;
}
