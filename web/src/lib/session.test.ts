import { afterEach, describe, expect, test } from "bun:test";
import { CUSTOMER_TOKEN_KEY } from "./storage.ts";

// A minimal localStorage for this file (bun has none); installed before the module reads it.
const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
};
const { customerToken, dropCustomerToken, storeCustomerToken, subscribeCustomerToken } = await import("./session.ts");

afterEach(() => dropCustomerToken());

describe("customer token store (SPEC 4, 9)", () => {
  test("stores the token under the product key and tells subscribers", () => {
    let calls = 0;
    const stop = subscribeCustomerToken(() => calls++);
    storeCustomerToken("t-1");
    expect(customerToken()).toBe("t-1");
    expect(store.get(CUSTOMER_TOKEN_KEY)).toBe("t-1");
    expect(CUSTOMER_TOKEN_KEY).toBe("capedrive.token");
    dropCustomerToken();
    expect(customerToken()).toBeNull();
    expect(store.has(CUSTOMER_TOKEN_KEY)).toBe(false);
    expect(calls).toBe(2);
    stop();
    storeCustomerToken("t-2");
    expect(calls).toBe(2);
  });

  test("dropping when signed out tells nobody", () => {
    let calls = 0;
    const stop = subscribeCustomerToken(() => calls++);
    dropCustomerToken();
    expect(calls).toBe(0);
    stop();
  });

  test("keeps the session in memory when storage throws", () => {
    const saved = (globalThis as { localStorage?: unknown }).localStorage;
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    try {
      storeCustomerToken("memory-only");
      expect(customerToken()).toBe("memory-only");
      dropCustomerToken();
      expect(customerToken()).toBeNull();
    } finally {
      (globalThis as { localStorage?: unknown }).localStorage = saved;
    }
  });
});
