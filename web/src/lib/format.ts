/** Display formats shared by the areas (South African English; money per domain/money.ts). */
import { formatRandCents, groupDigits, parseMoneyToCents } from "#domain/money.ts";

export { groupDigits };

/** "88,000 km". */
export function formatKm(km: number): string {
  return `${groupDigits(Math.max(0, km))} km`;
}

/**
 * A price in rand without decimals (SPEC 9, for-sale prices): "185000.00" -> "R185,000",
 * "99999.50" -> "R100,000" (rounded half up). The text itself when it is not an amount.
 */
export function formatRandWhole(value: string | number): string {
  try {
    const cents = parseMoneyToCents(value);
    return formatRandCents(Math.round(cents / 100) * 100);
  } catch {
    return String(value);
  }
}

const dateTime = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "Africa/Johannesburg",
});

/** An ISO instant in Cape Town time: "3 Mar 2025, 14:05"; the text itself if unreadable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
