/**
 * The customer's session token as a tiny observable store (SPEC 4, "Customer auth": signed out
 * when no token is stored). Part of the main bundle on purpose: the landing screen only needs to
 * know whether a token exists to decide between itself and the (lazy) Home screen, without
 * downloading the GraphQL client.
 *
 * The value is mirrored in memory, so a browser whose storage throws still keeps the session for
 * as long as the page lives; a sign-in or sign-out in another tab is picked up via "storage".
 */
import { useSyncExternalStore } from "react";
import { CUSTOMER_TOKEN_KEY, clearCustomerToken, getCustomerToken, setCustomerToken } from "./storage.ts";

let current: string | null = getCustomerToken();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function customerToken(): string | null {
  return current;
}

export function storeCustomerToken(token: string): void {
  setCustomerToken(token);
  current = token;
  emit();
}

export function dropCustomerToken(): void {
  clearCustomerToken();
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeCustomerToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== CUSTOMER_TOKEN_KEY && event.key !== null) return;
    const next = getCustomerToken();
    if (next === current) return;
    current = next;
    emit();
  });
}

/** The stored customer token (re-renders when it changes). */
export function useCustomerToken(): string | null {
  return useSyncExternalStore(subscribeCustomerToken, customerToken, () => null);
}
