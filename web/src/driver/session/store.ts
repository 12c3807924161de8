/**
 * The driver session: the token and the signed-in driver's name, stored under their own keys so a
 * customer or staff session in the same browser never mixes with it. Sign-out clears both.
 */
import { createStoredRecord } from "../../lib/storedRecord.ts";
import { createTokenStore, useToken } from "../../lib/tokenStore.ts";

export const DRIVER_TOKEN_KEY = "capedrive.driver.token";
export const DRIVER_INFO_KEY = "capedrive.driver.info";

export interface DriverInfo {
  id: string;
  name: string;
  /** The password is still the one the office set: the app asks for the driver's own first. */
  passwordChangeRequired?: boolean;
}

export const driverTokenStore = createTokenStore(DRIVER_TOKEN_KEY);

const infoRecord = createStoredRecord(DRIVER_INFO_KEY, (value: unknown): DriverInfo | null => {
  const v = value as Partial<DriverInfo> | null;
  return v && typeof v.id === "string" && typeof v.name === "string"
    ? { id: v.id, name: v.name, passwordChangeRequired: v.passwordChangeRequired === true }
    : null;
});

export const driverToken = (): string | null => driverTokenStore.get();

/** Keeps the driver's details (after sign-in, and when their own password replaced the office's). */
export function storeDriverInfo(driver: DriverInfo): void {
  infoRecord.set({ id: driver.id, name: driver.name, passwordChangeRequired: driver.passwordChangeRequired === true });
}

export function storeDriverSession(token: string, driver: DriverInfo): void {
  storeDriverInfo(driver);
  driverTokenStore.set(token);
}

export function clearDriverSession(): void {
  infoRecord.clear();
  driverTokenStore.drop();
}

export const useDriverToken = (): string | null => useToken(driverTokenStore);
export const useDriverInfo = (): DriverInfo | null => infoRecord.use();
