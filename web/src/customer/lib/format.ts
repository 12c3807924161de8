/** Display formats of the customer screens (Cape Town time, South African English). */

const longDate = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Johannesburg" });
const calendarDate = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "Member Since" from createdAt (an ISO instant); "N/A" when missing or unreadable (SPEC 3). */
export function memberSince(createdAt: string | null | undefined): string {
  if (!createdAt) return "N/A";
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? "N/A" : longDate.format(date);
}

/** A calendar date "yyyy-mm-dd" as "15 March 1990"; the text itself when it is not such a date. */
export function calendarDateLabel(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : calendarDate.format(date);
}
