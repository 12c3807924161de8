/**
 * Admin back-office rules shared by the server and the admin web app: API-key permissions, the
 * API-key form, the admin sign-up request (with the operator's invitation code) and list paging.
 */
import { z } from "zod";
import { adminSignUpSchema } from "./schemas.ts";

/**
 * The roles the product knows for an admin account (every admin may do everything in the back
 * office); rentals-cli offers only these.
 */
export const ADMIN_ROLES = ["admin"] as const;

/** What an API key may be allowed to do; a key does exactly what its permissions name. */
export const API_KEY_PERMISSIONS = ["vehicles:read", "bookings:read", "bookings:write", "customers:read", "service-areas:read"] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export const API_KEY_PERMISSION_LABELS: Readonly<Record<ApiKeyPermission, string>> = {
  "vehicles:read": "Read vehicles",
  "bookings:read": "Read bookings",
  "bookings:write": "Change booking status and assign vehicles",
  "customers:read": "Read customers",
  "service-areas:read": "Read service areas",
};

export function isApiKeyPermission(value: unknown): value is ApiKeyPermission {
  return typeof value === "string" && (API_KEY_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The kinds of record the audit log names (`entity`), in the order the log's filter offers them:
 * every audited change names one of these (the type checker holds the server to it).
 */
export const AUDITED_RECORDS = ["booking", "vehicle", "user", "driver", "dealership", "service_area", "api_key", "admin_user", "database"] as const;
export type AuditedRecord = (typeof AUDITED_RECORDS)[number];

export const AUDITED_RECORD_LABELS: Readonly<Record<AuditedRecord, string>> = {
  booking: "Booking",
  vehicle: "Vehicle",
  user: "Customer",
  driver: "Driver",
  dealership: "Dealership",
  service_area: "Service area",
  api_key: "API key",
  admin_user: "Admin",
  database: "Database",
};

/** Every API key starts with this, so a key is told apart from a session token. */
export const API_KEY_PREFIX = "rk_";

/** The admin "new API key" form. Permissions come out distinct, in the order of the fixed list. */
export const apiKeyIssueSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS, { error: "Unknown permission" }), { error: "Choose at least one permission" })
    .min(1, "Choose at least one permission")
    .transform((list) => API_KEY_PERMISSIONS.filter((p) => list.includes(p))),
});
export type ApiKeyIssueInput = z.input<typeof apiKeyIssueSchema>;
export type ApiKeyIssueData = z.output<typeof apiKeyIssueSchema>;

/**
 * POST /api/admin/signup: the admin sign-up form plus the operator's invitation code (needed
 * once an admin exists). The role a client sends is not trusted; the server decides it.
 */
export const adminSignUpRequestSchema = adminSignUpSchema.extend({
  role: z
    .unknown()
    .optional()
    .transform(() => "admin" as const),
  signupCode: z
    .string({ error: "Invitation code must be text" })
    .trim()
    .nullish()
    .transform((v) => v || undefined),
});
export type AdminSignUpRequest = z.output<typeof adminSignUpRequestSchema>;

/** Admin lists are paged: at most this many rows a page. */
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_DEFAULT_PAGE_SIZE = 50;

const pageNumber = (message: string, min: number, max?: number) => {
  let n = z.coerce.number({ error: message }).int(message).min(min, message);
  if (max !== undefined) n = n.max(max, message);
  return n.optional();
};

/** limit (1..100) and offset (0..) from a query string or GraphQL arguments. */
export const pageSchema = z.object({
  limit: pageNumber(`limit must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`, 1, ADMIN_MAX_PAGE_SIZE),
  offset: pageNumber("offset must be a whole number of 0 or more", 0),
});
export type PageInput = z.output<typeof pageSchema>;

/**
 * What a search for a phone number looks for in the stored numbers' digits: the national number
 * without its trunk 0 or +27, so "082 123 4567", "0821234567" and "+27 82 123 4567" all find one
 * another ("821234567"). Null for text that is not a phone number (letters, an @) or has fewer
 * than 5 digits left.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!/^[+\d\s()./-]+$/.test(text.trim())) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("27")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 5 ? digits : null;
}

/**
 * What a search word looks for in plates compared without their spaces and dashes, upper-case:
 * "ca745561", "745-561" and "CA" find "CA 745-561" ("CA745561"). Null when nothing is left, or
 * for text with anything but letters and digits left (no plate holds it; nothing in a key is a
 * LIKE wildcard).
 */
export function plateSearchKey(word: string): string | null {
  const key = word.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]+$/.test(key) ? key : null;
}

/** A list's search box: what the admin typed, trimmed (empty is no search). */
export const listSearchSchema = z.string({ error: "search must be text" }).trim().max(100, "search is too long").optional();
