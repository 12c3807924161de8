/**
 * A session token kept in browser local storage under one key, as a tiny observable store. Each
 * area has its own (customer "capedrive.token", dealership "capedrive.dealership.token"), so
 * their sessions never mix.
 *
 * The value is mirrored in memory, so a browser whose storage throws still keeps the session for
 * as long as the page lives; a sign-in or sign-out in another tab is picked up via "storage".
 * Part of the main bundle (the landing page reads the customer token): keep it small.
 */
import { useSyncExternalStore } from "react";
import { readKey, removeKey, writeKey } from "./storage.ts";

export interface TokenStore {
  readonly key: string;
  get(): string | null;
  set(token: string): void;
  drop(): void;
  subscribe(listener: () => void): () => void;
}

export function createTokenStore(key: string): TokenStore {
  let current: string | null = readKey(key);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (event.key !== key && event.key !== null) return;
      const next = readKey(key);
      if (next === current) return;
      current = next;
      emit();
    });
  }

  return {
    key,
    get: () => current,
    set(token) {
      writeKey(key, token);
      current = token;
      emit();
    },
    drop() {
      removeKey(key);
      if (current === null) return;
      current = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The token of a store (re-renders when it changes). */
export function useToken(store: TokenStore): string | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}
