/** The admin session: its own storage keys, its own GraphQL client, sign-out on a dead session. */
import { afterAll, afterEach, beforeEach, describe, expect, mock, test } from "bun:test";
import { graphql } from "../../lib/graphql.ts";

// A minimal localStorage for this file (bun has none); installed before the modules read it.
const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
};

const { gql } = await import("urql");
const { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, adminInfo, adminToken, clearAdminSession, storeAdminSession, adminDisplayName } = await import("./store.ts");
const { createAdminClient, getAdminClient, isSessionError, subscribeAdminClient } = await import("./client.ts");
const { storeCustomerToken, dropCustomerToken } = await import("../../lib/session.ts");
const { afterSignIn } = await import("../screens/SignIn.tsx");

const realFetch = globalThis.fetch;
type Call = { url: string; body: { query: string; operationName?: string; variables?: Record<string, unknown> }; headers: Headers };
let calls: Call[] = [];
let answer: (call: Call) => Response;

const ADMIN = { id: "a1", email: "ada@capedrive.example", firstName: "Ada", lastName: "Admin", role: "admin" };

beforeEach(() => {
  calls = [];
  answer = () => Response.json({ data: { adminMe: { __typename: "Admin", ...ADMIN } } });
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), body: JSON.parse(String(init?.body ?? "{}")), headers: new Headers(init?.headers) };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
});
afterEach(() => {
  clearAdminSession();
  dropCustomerToken();
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const ME = graphql(`
  query AdminMe {
    adminMe {
      id
      email
      firstName
      lastName
      role
    }
  }
`);
const VEHICLES = graphql(`
  query AdminVehicles {
    adminVehicles {
      total
      items {
        id
        make
      }
    }
  }
`);
const CREATE = graphql(`
  mutation CreateAdminVehicle($input: AdminVehicleInput!) {
    createAdminVehicle(input: $input) {
      id
      make
    }
  }
`);
const SIGN_IN = graphql(`
  mutation AdminSignIn($input: AdminSignInInput!) {
    adminSignIn(input: $input) {
      token
    }
  }
`);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("admin session store (SPEC 4, Admin auth)", () => {
  test("token and admin under their own keys; sign-out clears both", () => {
    storeAdminSession("admin-token", ADMIN);
    expect(store.get(ADMIN_TOKEN_KEY)).toBe("admin-token");
    expect(JSON.parse(store.get(ADMIN_USER_KEY)!)).toEqual(ADMIN);
    expect(ADMIN_TOKEN_KEY).not.toBe("capedrive.token");
    expect(adminToken()).toBe("admin-token");
    expect(adminInfo()?.firstName).toBe("Ada");
    expect(adminDisplayName(ADMIN)).toBe("Ada Admin");
    clearAdminSession();
    expect(store.has(ADMIN_TOKEN_KEY)).toBe(false);
    expect(store.has(ADMIN_USER_KEY)).toBe(false);
    expect(adminToken()).toBeNull();
    expect(adminInfo()).toBeNull();
  });

  test("after sign-in: back to the admin screen that sent us, never elsewhere", () => {
    expect(afterSignIn({ from: "/admin/bookings?status=pending" })).toBe("/admin/bookings?status=pending");
    expect(afterSignIn({ from: "/admin/signin" })).toBe("/admin/dashboard");
    expect(afterSignIn({ from: "https://evil.example/admin/" })).toBe("/admin/dashboard");
    expect(afterSignIn({ from: "/profile" })).toBe("/admin/dashboard");
    expect(afterSignIn(null)).toBe("/admin/dashboard");
  });
});

describe("admin GraphQL client", () => {
  test("sends the admin token, never the customer's", async () => {
    storeCustomerToken("customer-token");
    await createAdminClient(() => {})
      .query(ME, {})
      .toPromise();
    expect(calls[0]?.headers.get("authorization")).toBeNull();
    storeAdminSession("admin-token", ADMIN);
    await createAdminClient(() => {})
      .query(ME, {}, { requestPolicy: "network-only" })
      .toPromise();
    expect(calls[1]?.headers.get("authorization")).toBe("Bearer admin-token");
    expect(calls[1]?.url).toContain("/graphql");
  });

  test("what counts as a dead session", async () => {
    const client = createAdminClient(() => {});
    answer = () =>
      Response.json({ errors: [{ message: "Your session has expired. Please sign in again.", extensions: { code: "UNAUTHENTICATED" } }], data: null });
    expect(isSessionError((await client.query(ME, {}).toPromise()).error!)).toBe(true);
    answer = () => Response.json({ errors: [{ message: "Unauthorized" }], data: null });
    expect(isSessionError((await client.query(ME, {}, { requestPolicy: "network-only" }).toPromise()).error!)).toBe(true);
    answer = () => new Response("no", { status: 401 });
    expect(isSessionError((await client.query(ME, {}, { requestPolicy: "network-only" }).toPromise()).error!)).toBe(true);
    answer = () => Response.json({ errors: [{ message: "A vehicle with this license plate already exists", extensions: { code: "CONFLICT" } }], data: null });
    expect(isSessionError((await client.query(ME, {}, { requestPolicy: "network-only" }).toPromise()).error!)).toBe(false);
  });

  test("a dead session on load signs the admin out (both keys), once; a wrong password does not", async () => {
    storeAdminSession("stale", ADMIN);
    answer = () => Response.json({ errors: [{ message: "Invalid email or password", extensions: { code: "UNAUTHENTICATED" } }], data: null });
    await getAdminClient()
      .mutation(SIGN_IN, { input: { email: "a@b.c", password: "x" } })
      .toPromise();
    await tick();
    expect(adminToken()).toBe("stale");

    answer = () =>
      Response.json({ errors: [{ message: "Your session has expired. Please sign in again.", extensions: { code: "UNAUTHENTICATED" } }], data: null });
    const before = getAdminClient();
    await before.query(ME, {}, { requestPolicy: "network-only" }).toPromise();
    await tick();
    expect(adminToken()).toBeNull();
    expect(store.has(ADMIN_USER_KEY)).toBe(false);
    expect(getAdminClient()).not.toBe(before); // nothing cached survives
  });

  test("a change makes the lists it touches stale: they are fetched again", async () => {
    storeAdminSession("admin-token", ADMIN);
    const client = createAdminClient(() => {});
    answer = (call) =>
      call.body.query.includes("createAdminVehicle")
        ? Response.json({ data: { createAdminVehicle: { __typename: "AdminVehicle", id: "v2", make: "Kia" } } })
        : Response.json({
            data: { adminVehicles: { __typename: "AdminVehiclePage", total: 1, items: [{ __typename: "AdminVehicle", id: "v1", make: "VW" }] } },
          });
    await client.query(VEHICLES, {}, { requestPolicy: "cache-first" }).toPromise();
    await client.query(VEHICLES, {}, { requestPolicy: "cache-first" }).toPromise();
    expect(calls).toHaveLength(1);
    await client.mutation(CREATE, { input: { make: "Kia" } }).toPromise();
    await client.query(VEHICLES, {}, { requestPolicy: "cache-first" }).toPromise();
    expect(calls).toHaveLength(3);
  });

  test("a new or dropped token starts a new client", () => {
    const listener = mock(() => {});
    const stop = subscribeAdminClient(listener);
    const first = getAdminClient();
    storeAdminSession("one", ADMIN);
    const second = getAdminClient();
    expect(second).not.toBe(first);
    clearAdminSession();
    expect(getAdminClient()).not.toBe(second);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});
