import { afterAll, afterEach, beforeEach, describe, expect, mock, test } from "bun:test";
import { dropCustomerToken, storeCustomerToken } from "../../lib/session.ts";
import { createCustomerClient, getCustomerClient, resetCustomerClient, subscribeCustomerClient } from "./client.ts";
import { ME_QUERY } from "./user.ts";
import { graphql } from "../../lib/graphql.ts";

const realFetch = globalThis.fetch;
type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let answer: () => Response;

const USER = {
  __typename: "User",
  id: "u1",
  name: "Thandi Nkosi",
  email: "thandi@example.com",
  phone: null,
  profileCompleted: false,
  profilePicture: null,
  dateOfBirth: null,
  address: null,
  city: null,
  postalCode: null,
  nationality: null,
  idType: null,
  idNumber: null,
  driversLicenseNumber: null,
  driversLicenseImage: null,
  driversLicenseExpiryDate: null,
  createdAt: "2026-01-01T10:00:00.000Z",
};

beforeEach(() => {
  calls = [];
  answer = () => Response.json({ data: { me: USER } });
  globalThis.fetch = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return answer();
  }) as unknown as typeof fetch;
});
afterEach(() => dropCustomerToken());
afterAll(() => {
  globalThis.fetch = realFetch;
});

function header(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

describe("customer GraphQL client (SPEC 4, 7, 9)", () => {
  test("sends the stored token as a bearer header, by POST", async () => {
    storeCustomerToken("token-123");
    const client = createCustomerClient(() => {});
    const result = await client.query(ME_QUERY, {}).toPromise();
    expect(result.data?.me?.name).toBe("Thandi Nkosi");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain("/graphql");
    expect(calls[0]?.init.method).toBe("POST");
    expect(header(calls[0], "authorization")).toBe("Bearer token-123");
  });

  test("no token, no authorization header", async () => {
    const client = createCustomerClient(() => {});
    await client.query(ME_QUERY, {}).toPromise();
    expect(header(calls[0], "authorization")).toBeNull();
  });

  test("results come from the cache: a second read makes no request (cache-first, never stale)", async () => {
    storeCustomerToken("token-123");
    const client = createCustomerClient(() => {});
    await client.query(ME_QUERY, {}).toPromise();
    const again = await client.query(ME_QUERY, {}).toPromise();
    expect(again.data?.me?.email).toBe("thandi@example.com");
    expect(calls).toHaveLength(1);
  });

  test("a failed request is not retried", async () => {
    storeCustomerToken("token-123");
    answer = () => new Response("boom", { status: 500, statusText: "Internal Server Error" });
    const client = createCustomerClient(() => {});
    const result = await client.query(ME_QUERY, {}).toPromise();
    expect(result.error).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });

  test("a 401 with a token means the session is gone", async () => {
    storeCustomerToken("expired");
    answer = () => Response.json({ message: "Your session has expired. Please sign in again.", code: "UNAUTHENTICATED" }, { status: 401 });
    const onUnauthorized = mock(() => {});
    const client = createCustomerClient(onUnauthorized);
    const result = await client.query(ME_QUERY, {}).toPromise();
    expect(result.error?.response?.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test("a 401 without a token (a wrong password, say) signs nobody out", async () => {
    answer = () => Response.json({ message: "Invalid email or password" }, { status: 401 });
    const onUnauthorized = mock(() => {});
    await createCustomerClient(onUnauthorized).query(ME_QUERY, {}).toPromise();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test("sign-in sets the current user from its own answer: no extra request for me", async () => {
    answer = () => Response.json({ data: { signIn: { __typename: "AuthPayload", token: "new-token", user: USER } } });
    const client = createCustomerClient(() => {});
    const { gql } = await import("urql");
    const { USER_FIELDS } = await import("./user.ts");
    const SIGN_IN = graphql(
      `
      mutation SignIn($input: SignInInput!) {
        signIn(input: $input) {
          token
          user {
            ...UserFields
          }
        }
      }
    `,
      [USER_FIELDS],
    );
    await client.mutation(SIGN_IN, { input: { email: "thandi@example.com", password: "secret1" } }).toPromise();
    storeCustomerToken("new-token");
    const me = await client.query(ME_QUERY, {}).toPromise();
    expect(me.data?.me?.id).toBe("u1");
    expect(calls).toHaveLength(1); // only the mutation went to the server
  });

  test("resetting replaces the shared client: nothing cached survives", async () => {
    storeCustomerToken("token-123");
    const first = getCustomerClient();
    await first.query(ME_QUERY, {}).toPromise();
    let told = 0;
    const stop = subscribeCustomerClient(() => told++);
    resetCustomerClient();
    stop();
    const second = getCustomerClient();
    expect(second).not.toBe(first);
    expect(told).toBe(1);
    expect(second.readQuery(ME_QUERY, {})).toBeNull();
    await second.query(ME_QUERY, {}).toPromise();
    expect(calls).toHaveLength(2);
  });

  test("the token going away or changing (any tab) replaces the client; signing in keeps it", () => {
    dropCustomerToken();
    const signedOut = getCustomerClient();
    storeCustomerToken("first");
    expect(getCustomerClient()).toBe(signedOut);
    storeCustomerToken("second-account");
    const second = getCustomerClient();
    expect(second).not.toBe(signedOut);
    dropCustomerToken();
    expect(getCustomerClient()).not.toBe(second);
  });

  test("the shared client signs out once on a 401", async () => {
    storeCustomerToken("expired");
    answer = () => Response.json({ message: "expired" }, { status: 401 });
    resetCustomerClient();
    const client = getCustomerClient();
    await client.query(ME_QUERY, {}).toPromise();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { customerToken } = await import("../../lib/session.ts");
    expect(customerToken()).toBeNull();
    expect(getCustomerClient()).not.toBe(client);
  });
});
