/**
 * The admin session (SPEC 4, "Admin auth"): the token and the signed-in admin (SPEC 3: firstName,
 * lastName, email, role) kept in local storage under their own keys, so a customer or dealership
 * session in the same browser never mixes with it. Sign-out clears both.
 */
import { createStoredRecord } from "../../lib/storedRecord.ts";
import { createTokenStore, useToken } from "../../lib/tokenStore.ts";

export const ADMIN_TOKEN_KEY = "capedrive.admin.token";
export const ADMIN_USER_KEY = "capedrive.admin.user";

/** SPEC 3, "Signed-in admin" (plus the id the server also gives). */
export interface AdminInfo {
  id?: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

export const adminTokenStore = createTokenStore(ADMIN_TOKEN_KEY);

/** The stored admin, if it has the fields the screens need. */
function parseAdmin(value: unknown): AdminInfo | null {
  const v = value as Partial<AdminInfo> | null;
  if (v && typeof v.email === "string" && typeof v.firstName === "string" && typeof v.lastName === "string") return { role: "admin", ...v } as AdminInfo;
  return null;
}

const adminRecord = createStoredRecord(ADMIN_USER_KEY, parseAdmin);

export function adminToken(): string | null {
  return adminTokenStore.get();
}

export function adminInfo(): AdminInfo | null {
  return adminRecord.get();
}

/** Keeps the admin's details (after sign-in, and whenever the server sends fresher ones). */
export function storeAdminInfo(next: AdminInfo): void {
  adminRecord.set({ ...(next.id ? { id: next.id } : {}), email: next.email, firstName: next.firstName, lastName: next.lastName, role: next.role });
}

/** Signs in locally: the admin first, then the token (whose change the client and guard follow). */
export function storeAdminSession(token: string, next: AdminInfo): void {
  storeAdminInfo(next);
  adminTokenStore.set(token);
}

/** Signs out locally: both keys go. */
export function clearAdminSession(): void {
  adminRecord.clear();
  adminTokenStore.drop();
}

export function useAdminToken(): string | null {
  return useToken(adminTokenStore);
}

export function useAdminInfo(): AdminInfo | null {
  return adminRecord.use();
}

/** "Ada Lovelace" (or the email when the names are blank). */
export function adminDisplayName(info: Pick<AdminInfo, "firstName" | "lastName" | "email">): string {
  const name = `${info.firstName} ${info.lastName}`.trim();
  return name || info.email;
}
