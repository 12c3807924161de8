/**
 * The dealership portal's session (its own token and info, never the customer's), its GraphQL
 * client (SPEC 4: a 401 or 403 on a request sent with the token ends the session), and the
 * vehicle form's helpers (what the server is sent, the stored car as form values).
 */
import { afterAll, afterEach, beforeEach, describe, expect, mock, test } from "bun:test";
import { graphql } from "../lib/graphql.ts";

// A minimal localStorage (bun has none), installed before the store reads it at import.
const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
};

const session = await import("./session/store.ts");
const { createDealershipClient, isSessionError } = await import("./session/client.ts");
const { formValuesOf, vehicleFormSchema, vehicleInput } = await import("./components/VehicleForm.tsx");
const { moveItem } = await import("./lib/photos.ts");
const { fieldErrorsOf, saveFailureMessage } = await import("./lib/save.ts");
const { CombinedError } = await import("urql");
const { CONNECTION_MESSAGE } = await import("../lib/errors.ts");
const { statusLabel, statusTone, isForSale } = await import("./lib/vehicle.ts");
const { storeCustomerToken, dropCustomerToken, customerToken } = await import("../lib/session.ts");

const INFO = {
  id: "d1",
  dealershipCode: "ATLANTIC01",
  companyName: "Atlantic Motors",
  contactPerson: "Thandiwe Mokoena",
  city: "Cape Town",
  passwordChangeRequired: true,
};

const realFetch = globalThis.fetch;
type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () =>
    Response.json({
      data: { dealershipVehicleStats: { __typename: "DealershipVehicleStats", total: 1, available: 1, booked: 0, maintenance: 0, outOfService: 0 } },
    });
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return answer();
  }) as unknown as typeof fetch;
});
afterEach(() => {
  session.clearDealershipSession();
  dropCustomerToken();
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const STATS = graphql(`
  query Stats {
    dealershipVehicleStats {
      total
      available
      booked
      maintenance
      outOfService
    }
  }
`);
const SIGN_IN = graphql(`
  mutation DealershipSignIn($input: DealershipSignInInput!) {
    dealershipSignIn(input: $input) {
      token
    }
  }
`);

function authorization(call: Call | undefined): string | null {
  return new Headers(call?.init.headers).get("authorization");
}

describe("dealership session store (SPEC 4)", () => {
  test("token and info under the portal's own keys; sign-out clears both", () => {
    let changes = 0;
    const stop = session.dealershipTokenStore.subscribe(() => changes++);
    session.storeDealershipSession("dealer-token", INFO);
    expect(session.DEALERSHIP_TOKEN_KEY).toBe("capedrive.dealership.token");
    expect(store.get("capedrive.dealership.token")).toBe("dealer-token");
    expect(JSON.parse(store.get("capedrive.dealership.info")!)).toEqual(INFO);
    expect(session.dealershipInfo()).toEqual(INFO);
    expect(session.dealershipToken()).toBe("dealer-token");
    session.clearDealershipSession();
    expect(store.has("capedrive.dealership.token")).toBe(false);
    expect(store.has("capedrive.dealership.info")).toBe(false);
    expect(session.dealershipInfo()).toBeNull();
    expect(changes).toBe(2);
    stop();
  });

  test("the customer session is a different one: neither touches the other", () => {
    storeCustomerToken("customer-token");
    session.storeDealershipSession("dealer-token", INFO);
    session.clearDealershipSession();
    expect(customerToken()).toBe("customer-token");
    expect(store.get("capedrive.token")).toBe("customer-token");
    session.storeDealershipSession("dealer-token", INFO);
    dropCustomerToken();
    expect(session.dealershipToken()).toBe("dealer-token");
  });
});

describe("dealership GraphQL client (SPEC 4, 9)", () => {
  test("sends the dealership token, never the customer's", async () => {
    storeCustomerToken("customer-token");
    session.storeDealershipSession("dealer-token", INFO);
    const client = createDealershipClient(() => {});
    const result = await client.query(STATS, {}).toPromise();
    expect(result.data?.dealershipVehicleStats.total).toBe(1);
    expect(authorization(calls[0])).toBe("Bearer dealer-token");
    expect(calls[0]?.init.method).toBe("POST");
  });

  test("a 401 or a 403 on a request sent with the token ends the session", async () => {
    for (const status of [401, 403]) {
      session.storeDealershipSession("dealer-token", INFO);
      answer = () => Response.json({ errors: [{ message: "Please sign in" }] }, { status });
      let over = 0;
      const client = createDealershipClient(() => over++);
      await client.query(STATS, {}).toPromise();
      expect(over).toBe(1);
    }
  });

  test("a GraphQL UNAUTHENTICATED or FORBIDDEN answer ends it too", async () => {
    for (const code of ["UNAUTHENTICATED", "FORBIDDEN"]) {
      session.storeDealershipSession("dealer-token", INFO);
      answer = () => Response.json({ data: null, errors: [{ message: "no", extensions: { code } }] });
      let over = 0;
      const client = createDealershipClient(() => over++);
      await client.query(STATS, {}).toPromise();
      expect(over).toBe(1);
    }
  });

  test("other failures, a wrong password, or no token at all sign nobody out", async () => {
    let over = 0;
    session.storeDealershipSession("dealer-token", INFO);
    answer = () => Response.json({ data: null, errors: [{ message: "Vehicle not found", extensions: { code: "NOT_FOUND" } }] });
    await createDealershipClient(() => over++)
      .query(STATS, {})
      .toPromise();
    answer = () => Response.json({ data: null, errors: [{ message: "Invalid dealership code or password", extensions: { code: "UNAUTHENTICATED" } }] });
    await createDealershipClient(() => over++)
      .mutation(SIGN_IN, { input: { dealershipCode: "X", password: "123456" } })
      .toPromise();
    session.clearDealershipSession();
    answer = () => Response.json({ errors: [{ message: "Please sign in" }] }, { status: 401 });
    await createDealershipClient(() => over++)
      .query(STATS, {})
      .toPromise();
    expect(over).toBe(0);
  });

  test("which errors are session errors", () => {
    const error = (status: number, code?: string) =>
      ({ response: { status }, graphQLErrors: code ? [{ extensions: { code } }] : [] }) as unknown as Parameters<typeof isSessionError>[0];
    expect(isSessionError(error(401))).toBe(true);
    expect(isSessionError(error(403))).toBe(true);
    expect(isSessionError(error(200, "FORBIDDEN"))).toBe(true);
    expect(isSessionError(error(200, "CONFLICT"))).toBe(false);
    expect(isSessionError(error(500))).toBe(false);
  });
});

const VEHICLE = {
  id: "v1",
  registrationNumber: "CA 123-456",
  make: "Toyota",
  model: "Corolla",
  year: 2019,
  category: "medium" as const,
  transmission: "automatic" as const,
  status: "rented" as const,
  mileage: 95_300,
  dailyRate: "650.00",
  salesPrice: "229000.00",
  images: ["/objects/uploads/a", "/objects/uploads/b"],
  dealershipId: "d1",
  soldAt: null,
};

describe("vehicle form (SPEC 5)", () => {
  const schema = vehicleFormSchema(new Date("2026-06-01T10:00:00Z"));
  const valid = {
    registrationNumber: "ca 1",
    make: "Kia",
    model: "Rio",
    year: 2022,
    category: "small",
    transmission: "manual",
    status: "available",
    mileage: 0,
    dailyRate: "420",
    salesPrice: "",
    images: [],
  };

  test("a blank sales price is allowed (not for sale); the add form's rules and messages hold", () => {
    const ok = schema.parse(valid);
    expect(ok.salesPrice).toBeUndefined();
    expect(ok.registrationNumber).toBe("CA 1");
    expect(ok.dailyRate).toBe("420.00");
    const messages = (input: object) => schema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(messages({ year: 1999 })).toEqual(["Year must be 2000 or later"]);
    expect(messages({ year: 2028 })).toEqual(["Year must be 2027 or earlier"]);
    expect(messages({ year: Number.NaN })).toEqual(["Year is required"]);
    expect(messages({ mileage: -1 })).toEqual(["Mileage cannot be negative"]);
    expect(messages({ dailyRate: "0" })).toEqual(["Daily rate must be greater than 0"]);
    expect(messages({ salesPrice: "lots" })).toEqual(["Please enter a valid amount in rand"]);
    expect(messages({ make: " " })).toEqual(["Make is required"]);
  });

  test("what the server is sent: no price means not for sale; a booked car's status is left out", () => {
    const data = schema.parse({ ...valid, salesPrice: "0" });
    expect(vehicleInput(data, { keepStatus: false, mode: "add" })).toMatchObject({ status: "available", salesPrice: undefined });
    expect(vehicleInput(data, { keepStatus: false, mode: "edit" }).salesPrice).toBeNull();
    const priced = schema.parse({ ...valid, salesPrice: "139900" });
    const input = vehicleInput(priced, { keepStatus: true, mode: "edit" });
    expect(input.salesPrice).toBe("139900.00");
    expect("status" in input).toBe(false);
  });

  test("a stored car as form values", () => {
    expect(formValuesOf(VEHICLE)).toEqual({
      registrationNumber: "CA 123-456",
      make: "Toyota",
      model: "Corolla",
      year: 2019,
      category: "medium",
      transmission: "automatic",
      status: "available", // rented is not a form status: the screen shows Booked read-only
      mileage: 95_300,
      dailyRate: "650",
      salesPrice: "229000",
      images: ["/objects/uploads/a", "/objects/uploads/b"],
    });
    expect(formValuesOf({ ...VEHICLE, status: "maintenance", salesPrice: null, dailyRate: "450.50" })).toMatchObject({
      status: "maintenance",
      salesPrice: "",
      dailyRate: "450.50",
    });
  });

  test("server errors land on their fields", () => {
    const error = (message: string, code: string, fieldErrors?: Record<string, string>) =>
      ({ graphQLErrors: [{ message, extensions: { code, ...(fieldErrors ? { fieldErrors } : {}) } }] }) as unknown as Parameters<typeof fieldErrorsOf>[0];
    const taken = "A vehicle with this registration number already exists";
    expect(fieldErrorsOf(error(taken, "CONFLICT", { registrationNumber: taken }))).toEqual({
      registrationNumber: "A vehicle with this registration number already exists",
    });
    expect(fieldErrorsOf(error("Please upload the photo again", "BAD_USER_INPUT", { "images.1": "Please upload the photo again", other: "x" }))).toEqual({
      images: "Please upload the photo again",
    });
  });

  test("a failed save without the server's verdict (offline, a 5xx) says so, and never blames the form", () => {
    const fallback = "Please check the form and try again.";
    expect(saveFailureMessage(new CombinedError({ networkError: new TypeError("Failed to fetch") }), fallback)).toBe(CONNECTION_MESSAGE);
    const badGateway = new CombinedError({ networkError: new Error("Bad Gateway"), response: new Response("", { status: 502 }) });
    expect(saveFailureMessage(badGateway, fallback)).toBe(CONNECTION_MESSAGE);
    const masked = new CombinedError({ graphQLErrors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }] });
    expect(saveFailureMessage(masked, fallback)).toBe(CONNECTION_MESSAGE);
    // The server's verdict: its reason; a refusal without one: the form's fallback.
    const taken = new CombinedError({
      graphQLErrors: [{ message: "A vehicle with this registration number already exists", extensions: { code: "CONFLICT" } }],
    });
    expect(saveFailureMessage(taken, fallback)).toBe("A vehicle with this registration number already exists");
    const tooLarge = new CombinedError({ networkError: new Error("Payload Too Large"), response: new Response("", { status: 413 }) });
    expect(saveFailureMessage(tooLarge, fallback)).toBe(fallback);
  });

  test("photos move within the list", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b"], 1, 5)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 4, 0)).toEqual(["a", "b"]);
  });

  test("statuses on the dealership screens: rented is Booked", () => {
    expect(statusLabel("rented")).toBe("Booked");
    expect(statusLabel("out_of_service")).toBe("Out of Service");
    expect(statusTone("available")).toBe("green");
    expect(isForSale("0.00")).toBe(false);
    expect(isForSale(null)).toBe(false);
    expect(isForSale("1.00")).toBe(true);
  });
});
