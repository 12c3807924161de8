/**
 * What the customer has typed into Complete Your Profile, kept in session storage while they type,
 * so a reload, Back and Forward, or a phone that discards the tab while the camera is open (Android
 * does) lose nothing. It stays with this tab only, belongs to the signed-in customer it was typed
 * for, and goes when the profile is completed or the customer signs out.
 *
 * Only the form's text fields and the two photos' object paths ("/objects/uploads/<uuid>": the
 * images are already on the server) are kept: never an image itself, nor a local preview's URL.
 * Whatever is read back is checked field by field, so a damaged entry never breaks the screen.
 */
import { ID_TYPES } from "#domain/catalogue.ts";
import { PROFILE_COMPLETENESS_FIELDS } from "#domain/profile.ts";
import type { ProfileCompletionInput } from "#domain/schemas.ts";
import { customerToken, subscribeCustomerToken } from "../../lib/session.ts";

export const PROFILE_DRAFT_KEY = "capedrive.profileDraft";

// The nine fields the profile's completeness counts: what the form types.
const TEXT_FIELDS = PROFILE_COMPLETENESS_FIELDS satisfies readonly (keyof ProfileCompletionInput)[];
const PHOTO_FIELDS = ["profilePicture", "driversLicenseImage"] as const satisfies readonly (keyof ProfileCompletionInput)[];

/** The fields a draft may hold. */
export type ProfileDraft = Partial<Pick<ProfileCompletionInput, (typeof TEXT_FIELDS)[number] | (typeof PHOTO_FIELDS)[number]>>;

/** An uploaded object's path, as the upload answers it: the only photo value a draft keeps. */
const OBJECT_PATH = /^\/objects\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_TEXT = 500;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The fields of `values` a draft keeps (text of a sane length, photo paths of the right form). */
export function draftFields(values: Record<string, unknown>): ProfileDraft {
  const draft: Record<string, string> = {};
  for (const key of TEXT_FIELDS) {
    const value = values[key];
    if (typeof value !== "string" || value.length > MAX_TEXT) continue;
    if (key === "idType" && !(ID_TYPES as readonly string[]).includes(value)) continue;
    draft[key] = value;
  }
  for (const key of PHOTO_FIELDS) {
    const value = values[key];
    if (typeof value === "string" && OBJECT_PATH.test(value)) draft[key] = value;
  }
  return draft as ProfileDraft;
}

/** The draft kept for customer `userId` in this tab, or null. */
export function readProfileDraft(userId: string): ProfileDraft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(PROFILE_DRAFT_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null) return null;
  const { userId: owner, values } = raw as { userId?: unknown; values?: unknown };
  if (owner !== userId || typeof values !== "object" || values === null) return null;
  const draft = draftFields(values as Record<string, unknown>);
  return Object.keys(draft).length > 0 ? draft : null;
}

export function saveProfileDraft(userId: string, values: Record<string, unknown>): void {
  try {
    storage()?.setItem(PROFILE_DRAFT_KEY, JSON.stringify({ userId, values: draftFields(values) }));
  } catch {
    // Storage full or unavailable: the form then lives as long as the page.
  }
}

export function clearProfileDraft(): void {
  try {
    storage()?.removeItem(PROFILE_DRAFT_KEY);
  } catch {
    // Nothing to remove.
  }
}

// A draft belongs to the customer who typed it: signing out (here or in another tab) drops it.
subscribeCustomerToken(() => {
  if (customerToken() === null) clearProfileDraft();
});
