/**
 * Pure domain rules shared by the server, the web app (browser bundle) and the CLI.
 * No I/O here: nothing but the standard library's Date and Intl, zod, and @internationalized/date
 * (the calendar and time zone arithmetic of time.ts; Ark UI's date picker uses it too).
 */
export * from "./admin.ts";
export * from "./booking.ts";
export * from "./catalogue.ts";
export * from "./draft.ts";
export * from "./geo.ts";
export * from "./limits.ts";
export * from "./money.ts";
export * from "./pricing.ts";
export * from "./profile.ts";
export * from "./sales.ts";
export * from "./schemas.ts";
export * from "./time.ts";
export * from "./input.ts";
export * from "./quotas.ts";
export * from "./brand.ts";
export * from "./handover.ts";
export * from "./vat.ts";
export * from "./account.ts";
export * from "./booking-change.ts";
export * from "./reminders.ts";
export * from "./phone.ts";
