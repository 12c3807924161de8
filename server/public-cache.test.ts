// The public read cache (server/public-cache.ts): viewer-independent reads are answered from it
// until this server writes what they depend on (or the TTL passes); anything private, any
// mutation and any error goes to the server every time. Real server, fresh database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Db } from "./db";
import { changeCounters, trackChanges } from "./db/changes";
import { createPublicCache } from "./public-cache";
import { bookingRequest, call, capeTown, newCustomer, newVehicle } from "./testing/bookings";
import { startTestServer, type TestServer } from "./testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { cache: response.headers.get("x-cache"), status: response.status, body: (await response.json()) as any };
}

const VEHICLES = `query($p: String, $r: String) { vehicles(category: small, pickupDate: $p, returnDate: $r) { id make } }`;

describe("over HTTP", () => {
  test("the fleet for a period: kept, then dropped as soon as a booking takes a vehicle", async () => {
    const vehicle = await newVehicle(server.services, { make: "Cached" });
    const period = { p: capeTown(10).toISOString(), r: capeTown(12).toISOString() };
    const first = await gql(VEHICLES, period);
    expect(first.cache).toBe("miss");
    expect(first.body.data.vehicles.map((v: { id: string }) => v.id)).toContain(vehicle.id);
    const second = await gql(VEHICLES, period);
    expect(second.cache).toBe("hit");
    expect(second.body).toEqual(first.body);
    // The security headers are added to cached answers too.
    const raw = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: VEHICLES, variables: period }),
    });
    expect(raw.headers.get("content-security-policy")).toContain("default-src 'self'");

    const rider = await newCustomer(server.services);
    const booked = await call(server.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(10), capeTown(12)) });
    expect(booked.status).toBe(201);
    const after = await gql(VEHICLES, period);
    expect(after.cache).toBe("miss");
    expect(after.body.data.vehicles.map((v: { id: string }) => v.id)).not.toContain(vehicle.id);
  });

  test("a signed-in customer gets the same cached public answer; their own bookings are never cached", async () => {
    const rider = await newCustomer(server.services);
    const period = { p: capeTown(20).toISOString(), r: capeTown(22).toISOString() };
    await gql(VEHICLES, period);
    expect((await gql(VEHICLES, period, rider.auth)).cache).toBe("hit");
    const mine = `{ myBookings { id } }`;
    expect((await gql(mine, {}, rider.auth)).cache).toBeNull();
    expect((await gql(mine, {}, rider.auth)).cache).toBeNull();
    // A document mixing a public and a private field is private.
    expect((await gql(`{ vehicles { id } myBookings { id } }`, {}, rider.auth)).cache).toBeNull();
  });

  test("a write inside a transaction: a read made before its commit is not served after it", async () => {
    const vehicle = await newVehicle(server.services, { make: "Before" });
    const period = { p: capeTown(40).toISOString(), r: capeTown(41).toISOString() };
    const makeOf = (body: any) => body.data.vehicles.find((v: { id: string }) => v.id === vehicle.id)?.make;
    let during: Promise<Awaited<ReturnType<typeof gql>>> | undefined;
    await server.services.db.$transaction(async (tx) => {
      await tx.vehicle.update({ where: { id: vehicle.id }, data: { make: "After" } });
      // Another request reads (and caches) while the transaction is still open. On PostgreSQL it
      // answers at once with the old make; on SQLite this process's reads wait for the commit.
      during = gql(VEHICLES, period);
      await Promise.race([during, Bun.sleep(300)]);
    });
    await during;
    const after = await gql(VEHICLES, period);
    expect(makeOf(after.body)).toBe("After");
  });

  test("mutations and errors are not cached", async () => {
    const bad = { p: "not a date", r: "nor this" };
    const first = await gql(VEHICLES, bad);
    expect(first.body.errors?.length).toBeGreaterThan(0);
    expect((await gql(VEHICLES, bad)).cache).toBe("miss");
    const mutation = await gql(`mutation { signIn(input: { email: "nobody@example.com", password: "x" }) { token } }`);
    expect(mutation.cache).toBeNull();
  });

  test("GET /api/vehicles and /api/for-sale: kept until a vehicle changes", async () => {
    const a = await fetch(`${server.url}/api/vehicles?category=large`);
    expect(a.headers.get("x-cache")).toBe("miss");
    const before = (await a.json()) as unknown[];
    expect((await fetch(`${server.url}/api/vehicles?category=large`)).headers.get("x-cache")).toBe("hit");
    expect((await fetch(`${server.url}/api/for-sale`)).headers.get("x-cache")).toBe("miss");
    expect((await fetch(`${server.url}/api/for-sale`)).headers.get("x-cache")).toBe("hit");
    await newVehicle(server.services, { category: "large" });
    const b = await fetch(`${server.url}/api/vehicles?category=large`);
    expect(b.headers.get("x-cache")).toBe("miss");
    expect(((await b.json()) as unknown[]).length).toBe(before.length + 1);
    expect((await fetch(`${server.url}/api/for-sale`)).headers.get("x-cache")).toBe("miss");
  });

  test("a booking drops what depends on bookings only: cars for sale stay cached", async () => {
    const vehicle = await newVehicle(server.services, { make: "Kept" });
    await fetch(`${server.url}/api/for-sale`);
    expect((await fetch(`${server.url}/api/for-sale`)).headers.get("x-cache")).toBe("hit");
    const rider = await newCustomer(server.services);
    const booked = await call(server.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(20), capeTown(22)) });
    expect(booked.status).toBe(201);
    // The car's lock is a write statement, but it changes no car.
    expect((await fetch(`${server.url}/api/for-sale`)).headers.get("x-cache")).toBe("hit");
  });

  test("requests with an API key, or asking for a fresh answer, always reach the server", async () => {
    await fetch(`${server.url}/api/for-sale?sort=newest`);
    expect((await fetch(`${server.url}/api/for-sale?sort=newest`, { headers: { "x-api-key": "rk_not-a-real-key" } })).headers.get("x-cache")).toBeNull();
    expect((await fetch(`${server.url}/api/for-sale?sort=newest`, { headers: { "cache-control": "no-cache" } })).headers.get("x-cache")).toBeNull();
    expect((await fetch(`${server.url}/api/for-sale?sort=newest`)).headers.get("x-cache")).toBe("hit");
  });
});

describe("the cache itself", () => {
  const fakeDb = () => trackChanges({ $extends: () => ({}) }) as Db;

  test("answers expire after the TTL (served stale once while refreshing)", async () => {
    let clock = 1_000;
    const cache = createPublicCache(fakeDb(), { ttlMs: 2_000, now: () => clock });
    let runs = 0;
    const compute = async () => {
      runs++;
      return Response.json({ data: { n: runs } });
    };
    const read = (await cache.classify(new Request("http://x/api/for-sale?page=1")))!;
    expect((await (await cache.respond(read, compute)).json()) as unknown).toEqual({ data: { n: 1 } });
    clock += 1_999;
    expect((await (await cache.respond(read, compute)).json()) as unknown).toEqual({ data: { n: 1 } });
    // Expired: answered once more while it refreshes behind...
    clock += 2;
    const stale = await cache.respond(read, compute);
    expect(stale.headers.get("x-cache")).toBe("stale");
    expect((await stale.json()) as unknown).toEqual({ data: { n: 1 } });
    await Bun.sleep(5);
    expect((await (await cache.respond(read, compute)).json()) as unknown).toEqual({ data: { n: 2 } });
    // ...but past a second TTL, the client waits for a fresh answer.
    clock += 4_001;
    const late = await cache.respond(read, compute);
    expect(late.headers.get("x-cache")).toBe("miss");
    expect((await late.json()) as unknown).toEqual({ data: { n: 3 } });
  });

  test("answers nobody can be given any more are dropped within a TTL, not left to the LRU's limits", async () => {
    let clock = 1_000;
    const db = fakeDb();
    const cache = createPublicCache(db, { ttlMs: 2_000, now: () => clock });
    const compute = async () => Response.json({ data: { ok: true } });
    const read = async (url: string) => (await cache.classify(new Request(url)))!;
    const fleet = await read("http://x/api/vehicles?category=small");
    const forSale = await read("http://x/api/for-sale?page=1");
    const moreForSale = await read("http://x/api/for-sale?page=2");
    for (const each of [fleet, forSale, moreForSale]) await cache.respond(each, compute);
    expect(cache.size).toBe(3);
    // A booking: the fleet answer is of an older version now, and no request can reach it again.
    changeCounters(db)!.bump(["bookings"]);
    cache.sweep();
    expect(cache.size).toBe(2);
    // Still within its second TTL, an answer is kept (it is served stale while it refreshes).
    clock += 3_000;
    cache.sweep();
    expect(cache.size).toBe(2);
    // Past it, unasked: gone at the first public read a TTL after the last sweep (which refreshes its own).
    clock += 2_001;
    expect((await cache.respond(forSale, compute)).headers.get("x-cache")).toBe("miss");
    expect(cache.size).toBe(1);
  });

  test("different query texts and bodies from a client are remembered within a budget, not 1,000 of 32 KB each", async () => {
    const cache = createPublicCache(fakeDb());
    // 300 different bodies of about 30 KB (a padded query, each with its own variables).
    const padding = " ".repeat(30_000);
    for (let i = 0; i < 300; i++) {
      const body = JSON.stringify({ query: `query Q${i} {${padding}vehicles { id } }`, variables: { n: i } });
      const read = await cache.classify(
        new Request("http://x/graphql", { method: "POST", headers: { "content-type": "application/json", "content-length": String(body.length) }, body }),
      );
      expect(read?.tags).toEqual(["catalogue", "bookings"]);
    }
    // Both memos together, at most 2 x 2 MiB (without a budget: 300 x 30 KB twice, 18 MB).
    expect(cache.heldBytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(cache.heldBytes).toBeGreaterThan(1024 * 1024);
  });

  test("concurrent misses for one key run the server once", async () => {
    const cache = createPublicCache(fakeDb());
    let runs = 0;
    const compute = async () => {
      runs++;
      await Bun.sleep(20);
      return Response.json({ ok: true });
    };
    const read = (await cache.classify(new Request("http://x/api/vehicles")))!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.respond(read, compute)));
    expect(runs).toBe(1);
    for (const answer of answers) expect(await answer.json()).toEqual({ ok: true });
  });

  test("non-200 answers pass through and are not kept", async () => {
    const cache = createPublicCache(fakeDb());
    let runs = 0;
    const compute = async () => {
      runs++;
      return Response.json({ message: "nope" }, { status: 404 });
    };
    const read = (await cache.classify(new Request("http://x/api/for-sale/unknown")))!;
    expect((await cache.respond(read, compute)).status).toBe(404);
    expect((await cache.respond(read, compute)).status).toBe(404);
    expect(runs).toBe(2);
  });

  test("a client not made by openDatabase caches nothing", async () => {
    const cache = createPublicCache({} as Db);
    expect(await cache.classify(new Request("http://x/api/vehicles"))).toBeNull();
  });
});

describe("GET /graphql", () => {
  test("a public query in the URL is cached too; one without a query is not", async () => {
    const url = `${server.url}/graphql?query=${encodeURIComponent("{ carsForSale { total } }")}`;
    expect((await fetch(url)).headers.get("x-cache")).toBe("miss");
    expect((await fetch(url)).headers.get("x-cache")).toBe("hit");
    expect((await fetch(`${server.url}/graphql`)).headers.get("x-cache")).toBeNull();
  });
});
