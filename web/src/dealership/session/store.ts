/**
 * The dealership session (SPEC 4, "Dealership auth"): the token and the signed-in dealership's
 * info (companyName, contactPerson, dealershipCode) stored locally under their own keys, so a
 * customer session in the same browser never mixes with it. Sign-out clears both.
 */
import { useSyncExternalStore } from "react";
import { readKey, removeKey, writeKey } from "../../lib/storage.ts";
import { createTokenStore, useToken } from "../../lib/tokenStore.ts";

export const DEALERSHIP_TOKEN_KEY = "capedrive.dealership.token";
export const DEALERSHIP_INFO_KEY = "capedrive.dealership.info";

/** SPEC 3, "Signed-in dealership" (plus the city and id the server also gives). */
export interface DealershipInfo {
  id?: string;
  dealershipCode: string;
  companyName: string;
  contactPerson: string;
  city?: string | null;
}

export const dealershipTokenStore = createTokenStore(DEALERSHIP_TOKEN_KEY);

function readInfo(): DealershipInfo | null {
  const text = readKey(DEALERSHIP_INFO_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DealershipInfo> | null;
    if (value && typeof value.companyName === "string" && typeof value.contactPerson === "string" && typeof value.dealershipCode === "string") {
      return value as DealershipInfo;
    }
  } catch {
    // Not ours or damaged: ignore it.
  }
  return null;
}

let info: DealershipInfo | null = readInfo();
const infoListeners = new Set<() => void>();
const emitInfo = () => {
  for (const listener of [...infoListeners]) listener();
};

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== DEALERSHIP_INFO_KEY && event.key !== null) return;
    info = readInfo();
    emitInfo();
  });
}

export function dealershipToken(): string | null {
  return dealershipTokenStore.get();
}

export function dealershipInfo(): DealershipInfo | null {
  return info;
}

/** Keeps the dealership's info (after sign-in, and whenever the server sends fresher details). */
export function storeDealershipInfo(next: DealershipInfo): void {
  const value: DealershipInfo = {
    ...(next.id ? { id: next.id } : {}),
    dealershipCode: next.dealershipCode,
    companyName: next.companyName,
    contactPerson: next.contactPerson,
    city: next.city ?? null,
  };
  if (info && JSON.stringify(info) === JSON.stringify(value)) return;
  writeKey(DEALERSHIP_INFO_KEY, JSON.stringify(value));
  info = value;
  emitInfo();
}

/** Signs in locally: the token first, then the info. */
export function storeDealershipSession(token: string, next: DealershipInfo): void {
  storeDealershipInfo(next);
  dealershipTokenStore.set(token);
}

/** Forgets the session on this device (sign-out, or the server no longer accepts the token). */
export function clearDealershipSession(): void {
  removeKey(DEALERSHIP_INFO_KEY);
  if (info !== null) {
    info = null;
    emitInfo();
  }
  dealershipTokenStore.drop();
}

function subscribeInfo(listener: () => void): () => void {
  infoListeners.add(listener);
  return () => {
    infoListeners.delete(listener);
  };
}

export function useDealershipToken(): string | null {
  return useToken(dealershipTokenStore);
}

export function useDealershipInfo(): DealershipInfo | null {
  return useSyncExternalStore(subscribeInfo, dealershipInfo, () => null);
}
