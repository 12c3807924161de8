// Rate limits on the real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): counting,
// atomicity under concurrent hits, window expiry, sweeping, and the sign-in / reset limits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AppError } from "../errors";
import { createTestServices } from "../testing/harness";
import type { Services } from "./context";
import {
  clearSignInEmailLimit,
  hit,
  hitAll,
  limitPasswordResetRequest,
  limitSignIn,
  PASSWORD_RESET_LIMITS,
  SIGN_IN_LIMITS,
  signInAddressKey,
  signInEmailKey,
  sweepExpired,
  TOO_MANY_ATTEMPTS,
} from "./rate-limit";

let services: Services & { close(): Promise<void> };
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

const countOf = async (key: string) => (await services.db.rateLimit.findUnique({ where: { key } }))?.count ?? 0;

describe("hit", () => {
  test("counts up to the limit, then refuses with 429 and the clear message", async () => {
    for (let i = 1; i <= 3; i++) expect((await hit(services, "t:basic", 3, 60)).count).toBe(i);
    const error = await refusal(hit(services, "t:basic", 3, 60));
    expect(error?.code).toBe("TOO_MANY_REQUESTS");
    expect(error?.message).toBe(TOO_MANY_ATTEMPTS);
    // Still refused on the next try; other keys are not affected.
    expect((await refusal(hit(services, "t:basic", 3, 60)))?.code).toBe("TOO_MANY_REQUESTS");
    expect((await hit(services, "t:other", 3, 60)).count).toBe(1);
  });

  test("concurrent hits are all counted (no lost update, no duplicate-key failure)", async () => {
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => hit(services, "t:race", 1000, 60)));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const counts = results.map((r) => (r as PromiseFulfilledResult<{ count: number }>).value.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await countOf("t:race")).toBe(40);
  });

  test("concurrent hits past a limit: exactly `limit` pass", async () => {
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => hit(services, "t:race-limit", 10, 60)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected).toHaveLength(15);
    for (const r of rejected) expect((r.reason as AppError).code).toBe("TOO_MANY_REQUESTS");
  });

  test("a new window starts once the old one has ended", async () => {
    await hit(services, "t:window", 2, 60);
    await hit(services, "t:window", 2, 60);
    expect((await refusal(hit(services, "t:window", 2, 60)))?.code).toBe("TOO_MANY_REQUESTS");
    await services.db.rateLimit.update({ where: { key: "t:window" }, data: { windowEnd: new Date(Date.now() - 1000) } });
    const fresh = await hit(services, "t:window", 2, 60);
    expect(fresh.count).toBe(1);
    expect(fresh.windowEnd.getTime()).toBeGreaterThan(Date.now() + 55_000);
  });

  test("concurrent hits on an expired window start exactly one new window", async () => {
    await services.db.rateLimit.create({ data: { key: "t:expired-race", count: 99, windowEnd: new Date(Date.now() - 1000) } });
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(services, "t:expired-race", 100, 60)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  test("hitAll counts both keys in one statement and refuses when either is past its limit", async () => {
    const pair = (a: number, b: number) =>
      hitAll(
        services,
        [
          { key: "t:pair-a", limit: a },
          { key: "t:pair-b", limit: b },
        ],
        60,
        "booking_rate",
      );
    await pair(3, 5);
    await pair(3, 5);
    await pair(3, 5);
    const overFirst = await refusal(pair(3, 5));
    expect(overFirst?.code).toBe("TOO_MANY_REQUESTS");
    expect(overFirst?.accountLimit).toBe("booking_rate");
    const rows = await services.db.rateLimit.findMany({ where: { key: { in: ["t:pair-a", "t:pair-b"] } }, orderBy: { key: "asc" } });
    expect(rows.map((r) => [r.key, r.count])).toEqual([
      ["t:pair-a", 4],
      ["t:pair-b", 4],
    ]);
    // The second key's own limit refuses too; an ended window starts again for both.
    expect((await refusal(pair(100, 4)))?.code).toBe("TOO_MANY_REQUESTS");
    await services.db.rateLimit.updateMany({ where: { key: { in: ["t:pair-a", "t:pair-b"] } }, data: { windowEnd: new Date(Date.now() - 1000) } });
    await pair(1, 1);
    expect((await services.db.rateLimit.findMany({ where: { key: { in: ["t:pair-a", "t:pair-b"] } } })).map((r) => r.count)).toEqual([1, 1]);
    // Concurrent pairs lose no count.
    await Promise.all(Array.from({ length: 20 }, () => pair(1000, 1000)));
    expect((await services.db.rateLimit.findMany({ where: { key: { in: ["t:pair-a", "t:pair-b"] } } })).map((r) => r.count)).toEqual([21, 21]);
  });

  test("sweepExpired deletes ended windows only", async () => {
    await services.db.rateLimit.createMany({
      data: [
        { key: "t:old-1", count: 3, windowEnd: new Date(Date.now() - 60_000) },
        { key: "t:old-2", count: 1, windowEnd: new Date(Date.now() - 1) },
        { key: "t:live", count: 1, windowEnd: new Date(Date.now() + 60_000) },
      ],
    });
    expect(await sweepExpired(services)).toBeGreaterThanOrEqual(2);
    expect(await countOf("t:old-1")).toBe(0);
    expect(await countOf("t:old-2")).toBe(0);
    expect(await countOf("t:live")).toBe(1);
  });
});

describe("sign-in and password-reset limits", () => {
  test("the limits are the documented ones", () => {
    expect(SIGN_IN_LIMITS).toEqual({ perEmail: { limit: 10, windowSeconds: 900 }, perAddress: { limit: 50, windowSeconds: 900 } });
    expect(PASSWORD_RESET_LIMITS).toEqual({ perEmail: { limit: 5, windowSeconds: 3600 }, perAddress: { limit: 20, windowSeconds: 3600 } });
  });

  test("per email: the 11th attempt is refused, whatever the case of the email; another email still passes", async () => {
    for (let i = 0; i < 10; i++) await limitSignIn(services, "victim@example.com", `10.0.0.${i}`);
    expect((await refusal(limitSignIn(services, "Victim@Example.com ", "10.0.1.1")))?.message).toBe(TOO_MANY_ATTEMPTS);
    await limitSignIn(services, "someone-else@example.com", "10.0.1.1");
    // Keys hold a hash, never the email itself.
    const rows = await services.db.rateLimit.findMany({ where: { key: { startsWith: "signin:" } } });
    expect(rows.some((r) => r.key.includes("@"))).toBe(false);
  });

  test("clearing the email counter lets the account in again; the address counter stays", async () => {
    for (let i = 0; i < 3; i++) await limitSignIn(services, "owner@example.com", "10.9.9.9");
    await clearSignInEmailLimit(services, "OWNER@example.com");
    expect(await countOf(signInEmailKey("owner@example.com"))).toBe(0);
    expect(await countOf(signInAddressKey("10.9.9.9"))).toBe(3);
  });

  test("per address: the 51st attempt from one address is refused, for any email", async () => {
    for (let i = 0; i < 50; i++) await limitSignIn(services, `spray-${i}@example.com`, "203.0.113.7");
    expect((await refusal(limitSignIn(services, "fresh@example.com", "203.0.113.7")))?.code).toBe("TOO_MANY_REQUESTS");
    // The refused attempt did not count against the fresh email.
    expect(await countOf(signInEmailKey("fresh@example.com"))).toBe(0);
    await limitSignIn(services, "fresh@example.com", "203.0.113.8");
  });

  test("password reset: 5 per email, 20 per address", async () => {
    for (let i = 0; i < 5; i++) await limitPasswordResetRequest(services, "reset@example.com", `10.1.0.${i}`);
    expect((await refusal(limitPasswordResetRequest(services, "reset@example.com", "10.1.1.1")))?.code).toBe("TOO_MANY_REQUESTS");
    for (let i = 0; i < 20; i++) await limitPasswordResetRequest(services, `r${i}@example.com`, "10.2.2.2");
    expect((await refusal(limitPasswordResetRequest(services, "r-new@example.com", "10.2.2.2")))?.code).toBe("TOO_MANY_REQUESTS");
    // Sign-in and reset counters are separate.
    await limitSignIn(services, "reset@example.com", "10.1.1.1");
  });
});
