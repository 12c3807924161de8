/** Profile completeness, identity-number masks and avatar initials. */

/** The 9 fields profile completeness is computed over, in form order. */
export const PROFILE_COMPLETENESS_FIELDS = [
  "dateOfBirth",
  "address",
  "city",
  "postalCode",
  "nationality",
  "idType",
  "idNumber",
  "driversLicenseNumber",
  "driversLicenseExpiryDate",
] as const;
export type ProfileCompletenessField = (typeof PROFILE_COMPLETENESS_FIELDS)[number];

export const PROFILE_FIELD_LABELS: Readonly<Record<ProfileCompletenessField, string>> = {
  dateOfBirth: "Date of Birth",
  address: "Address",
  city: "City",
  postalCode: "Postal Code",
  nationality: "Nationality",
  idType: "ID Type",
  idNumber: "ID/Passport Number",
  driversLicenseNumber: "Driver's License Number",
  driversLicenseExpiryDate: "License Expiry Date",
};

/** Any object carrying some of the profile fields (a user row, the current-user response...). */
export type ProfileFields = { readonly [K in ProfileCompletenessField]?: unknown };

export interface ProfileCompleteness {
  filled: number;
  total: 9;
  /** filled / 9 as a rounded percent. */
  percent: number;
  /** Names of the fields still missing, in PROFILE_COMPLETENESS_FIELDS order. */
  missing: ProfileCompletenessField[];
  /** True when nothing is missing (the banner is shown otherwise). */
  complete: boolean;
}

/** A value counts as filled unless it is null/undefined, a blank string, or an invalid Date. */
function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return true;
}

export function profileCompleteness(user: ProfileFields | null | undefined): ProfileCompleteness {
  const missing = PROFILE_COMPLETENESS_FIELDS.filter((field) => !isFilled(user?.[field]));
  const total = PROFILE_COMPLETENESS_FIELDS.length as 9;
  const filled = total - missing.length;
  return {
    filled,
    total,
    percent: Math.round((filled / total) * 100),
    missing,
    complete: missing.length === 0,
  };
}

/**
 * Shows the first `head` and last `tail` characters around "****". When the value is too short
 * to hide at least 3 characters that way (length < head + tail + 3), nothing of it is shown and
 * the result is "****", so a short or mistyped number never leaks whole. Surrounding
 * whitespace is ignored; a missing or blank value gives "" (the screen says "Not provided").
 */
function mask(value: string | null | undefined, head: number, tail: number): string {
  const text = (value ?? "").trim();
  if (text === "") return "";
  const chars = Array.from(text);
  if (chars.length < head + tail + 3) return "****";
  return `${chars.slice(0, head).join("")}****${chars.slice(-tail).join("")}`;
}

/** ID or passport number: first 4, "****", last 2 ("8001015009087" -> "8001****87"). */
export function maskIdNumber(value: string | null | undefined): string {
  return mask(value, 4, 2);
}

/** Driver's licence number: first 3, "****", last 2 ("DL123456789" -> "DL1****89"). */
export function maskLicenceNumber(value: string | null | undefined): string {
  return mask(value, 3, 2);
}

/**
 * Avatar initials: the first letter of each of the first two words of the name, uppercase
 * ("thandi van der merwe" -> "TV", "Sipho" -> "S"); "?" for a missing or blank name.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const letters = words.map((word) => Array.from(word)[0] ?? "").join("");
  return letters === "" ? "?" : letters.toUpperCase();
}

/** "Thandi Nkosi" -> firstName "Thandi", lastName "Nkosi" (everything after the first word). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}
