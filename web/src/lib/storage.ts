/**
 * Browser storage for credentials. SPEC 9: "The customer token is kept in browser local storage
 * under a product-specific key." Every access is guarded: storage can throw (Safari private mode,
 * disabled cookies, quota), in which case the user is simply treated as signed out.
 */
export const CUSTOMER_TOKEN_KEY = "capedrive.token";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readKey(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the session then lasts as long as the page.
  }
}

export function removeKey(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export const getCustomerToken = (): string | null => readKey(CUSTOMER_TOKEN_KEY);
export const setCustomerToken = (token: string): void => writeKey(CUSTOMER_TOKEN_KEY, token);
export const clearCustomerToken = (): void => removeKey(CUSTOMER_TOKEN_KEY);
