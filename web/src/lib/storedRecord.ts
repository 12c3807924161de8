/**
 * A small JSON record kept in local storage under one key (the signed-in admin, the signed-in
 * dealership), readable at once, followed across tabs, and read back only through `parse`, so a
 * damaged or foreign entry counts as none. Writing the same value again notifies no one.
 */
import { useSyncExternalStore } from "react";
import { readKey, removeKey, writeKey } from "./storage.ts";

export interface StoredRecord<T> {
  get: () => T | null;
  set: (value: T) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
  /** The record (re-renders when it changes). */
  use: () => T | null;
}

export function createStoredRecord<T>(key: string, parse: (value: unknown) => T | null): StoredRecord<T> {
  const read = (): T | null => {
    const text = readKey(key);
    if (!text) return null;
    try {
      return parse(JSON.parse(text));
    } catch {
      return null; // Not ours or damaged: ignore it.
    }
  };
  let value = read();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (event.key !== key && event.key !== null) return;
      value = read();
      emit();
    });
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    get,
    set(next) {
      if (value !== null && JSON.stringify(value) === JSON.stringify(next)) return;
      writeKey(key, JSON.stringify(next));
      value = next;
      emit();
    },
    clear() {
      removeKey(key);
      if (value === null) return;
      value = null;
      emit();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, get, () => null),
  };
}
