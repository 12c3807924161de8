/**
 * The dealership session (SPEC 4, "Dealership auth"): the token and the signed-in dealership's
 * info (companyName, contactPerson, dealershipCode) stored locally under their own keys, so a
 * customer session in the same browser never mixes with it. Sign-out clears both.
 */
import { createStoredRecord } from "../../lib/storedRecord.ts";
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
  /** The password is still the one CapeDrive set: the portal asks for the dealership's own first. */
  passwordChangeRequired?: boolean;
}

export const dealershipTokenStore = createTokenStore(DEALERSHIP_TOKEN_KEY);

/** The stored dealership, if it has the fields the screens need. */
function parseInfo(value: unknown): DealershipInfo | null {
  const v = value as Partial<DealershipInfo> | null;
  if (v && typeof v.companyName === "string" && typeof v.contactPerson === "string" && typeof v.dealershipCode === "string") return v as DealershipInfo;
  return null;
}

const infoRecord = createStoredRecord(DEALERSHIP_INFO_KEY, parseInfo);

export function dealershipToken(): string | null {
  return dealershipTokenStore.get();
}

export function dealershipInfo(): DealershipInfo | null {
  return infoRecord.get();
}

/** Keeps the dealership's info (after sign-in, and whenever the server sends fresher details). */
export function storeDealershipInfo(next: DealershipInfo): void {
  infoRecord.set({
    ...(next.id ? { id: next.id } : {}),
    dealershipCode: next.dealershipCode,
    companyName: next.companyName,
    contactPerson: next.contactPerson,
    city: next.city ?? null,
    passwordChangeRequired: next.passwordChangeRequired === true,
  });
}

/** Signs in locally: the token first, then the info. */
export function storeDealershipSession(token: string, next: DealershipInfo): void {
  storeDealershipInfo(next);
  dealershipTokenStore.set(token);
}

/** Forgets the session on this device (sign-out, or the server no longer accepts the token). */
export function clearDealershipSession(): void {
  infoRecord.clear();
  dealershipTokenStore.drop();
}

export function useDealershipToken(): string | null {
  return useToken(dealershipTokenStore);
}

export function useDealershipInfo(): DealershipInfo | null {
  return infoRecord.use();
}
