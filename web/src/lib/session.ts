/**
 * The customer's session token as a tiny observable store (SPEC 4, "Customer auth": signed out
 * when no token is stored). Part of the main bundle on purpose: the landing screen only needs to
 * know whether a token exists to decide between itself and the (lazy) Home screen, without
 * downloading the GraphQL client. See lib/tokenStore.ts.
 */
import { CUSTOMER_TOKEN_KEY } from "./storage.ts";
import { createTokenStore, useToken } from "./tokenStore.ts";

const store = createTokenStore(CUSTOMER_TOKEN_KEY);

export const customerToken = (): string | null => store.get();
export const storeCustomerToken = (token: string): void => store.set(token);
export const dropCustomerToken = (): void => store.drop();
export const subscribeCustomerToken = (listener: () => void): (() => void) => store.subscribe(listener);

/** The stored customer token (re-renders when it changes). */
export function useCustomerToken(): string | null {
  return useToken(store);
}
