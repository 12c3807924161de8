/**
 * The admin session (SPEC 4, "Admin auth"): the token and the signed-in admin (SPEC 3: firstName,
 * lastName, email, role) kept in local storage under their own keys, so a customer or dealership
 * session in the same browser never mixes with it. Sign-out clears both.
 */
import { useSyncExternalStore } from "react";
import { readKey, removeKey, writeKey } from "../../lib/storage.ts";
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

function readAdmin(): AdminInfo | null {
  const text = readKey(ADMIN_USER_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<AdminInfo> | null;
    if (value && typeof value.email === "string" && typeof value.firstName === "string" && typeof value.lastName === "string") {
      return { role: "admin", ...value } as AdminInfo;
    }
  } catch {
    // Not ours or damaged: ignore it.
  }
  return null;
}

let admin: AdminInfo | null = readAdmin();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of [...listeners]) listener();
};

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== ADMIN_USER_KEY && event.key !== null) return;
    admin = readAdmin();
    emit();
  });
}

export function adminToken(): string | null {
  return adminTokenStore.get();
}

export function adminInfo(): AdminInfo | null {
  return admin;
}

/** Keeps the admin's details (after sign-in, and whenever the server sends fresher ones). */
export function storeAdminInfo(next: AdminInfo): void {
  const value: AdminInfo = {
    ...(next.id ? { id: next.id } : {}),
    email: next.email,
    firstName: next.firstName,
    lastName: next.lastName,
    role: next.role,
  };
  if (admin && JSON.stringify(admin) === JSON.stringify(value)) return;
  writeKey(ADMIN_USER_KEY, JSON.stringify(value));
  admin = value;
  emit();
}

/** Signs in locally: the admin first, then the token (whose change the client and guard follow). */
export function storeAdminSession(token: string, next: AdminInfo): void {
  storeAdminInfo(next);
  adminTokenStore.set(token);
}

/** Signs out locally: both keys go. */
export function clearAdminSession(): void {
  removeKey(ADMIN_USER_KEY);
  if (admin !== null) {
    admin = null;
    emit();
  }
  adminTokenStore.drop();
}

function subscribeAdmin(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAdminToken(): string | null {
  return useToken(adminTokenStore);
}

export function useAdminInfo(): AdminInfo | null {
  return useSyncExternalStore(subscribeAdmin, adminInfo, () => null);
}

/** "Ada Lovelace" (or the email when the names are blank). */
export function adminDisplayName(info: Pick<AdminInfo, "firstName" | "lastName" | "email">): string {
  const name = `${info.firstName} ${info.lastName}`.trim();
  return name || info.email;
}
