// Two server instances on one database (in this process, each with its own database client and
// caches). On PostgreSQL a write through A drops B's public read cache and admin counts within a
// second (LISTEN/NOTIFY), and while B's listening connection is gone B answers from the database
// instead of its cache, then listens again by itself. On SQLite there is no listener: each
// instance's caches drop on its own writes and expire on their own (nothing changed there).
import { afterAll, beforeAll, expect, test } from "bun:test";
import pg from "pg";
import { startServer, type RunningServer } from "./boot";
import { changeCounters } from "./db/changes";
import { newAdmin } from "./testing/admin";
import { bookingRequest, call, capeTown, newCustomer, newVehicle } from "./testing/bookings";
import { startTestServer, testConfig, type TestServer } from "./testing/harness";
import { PUBLIC_CACHE_TTL_MS } from "./public-cache";

let a: TestServer;
let b: RunningServer;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  a = await startTestServer();
  b = await startServer(testConfig(a.database), { print: () => {} });
  if (postgres) await until(() => a.changes?.state === "listening" && b.changes?.state === "listening", 5_000);
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await Bun.sleep(10);
  }
  return performance.now() - started;
}

const VEHICLES = `query($p: String, $r: String) { vehicles(category: small, pickupDate: $p, returnDate: $r) { id } }`;

/** B's public fleet for a period: the ids and the cache's verdict (null: not answered from the cache at all). */
async function fleetOn(server: { url: string }, days: number) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: VEHICLES, variables: { p: capeTown(days).toISOString(), r: capeTown(days + 2).toISOString() } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { vehicles: { id: string }[] } };
  return { cache: response.headers.get("x-cache"), ids: body.data.vehicles.map((v) => v.id) };
}

/** Until B answers from its cache (the notifications of the fixtures' own writes may still be arriving). */
async function cachedOnB(days: number) {
  await until(async () => (await fleetOn(b, days)).cache === "hit", 2_000);
}

async function book(vehicle: Awaited<ReturnType<typeof newVehicle>>, days: number) {
  const rider = await newCustomer(a.services);
  const booked = await call(a.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(days), capeTown(days + 2)) });
  expect(booked.status).toBe(201);
}

test("a booking made through A leaves B's public fleet within a second (PostgreSQL); on SQLite, once B's answer expires", async () => {
  const vehicle = await newVehicle(a.services);
  expect((await fleetOn(b, 10)).ids).toContain(vehicle.id);
  await cachedOnB(10);
  await book(vehicle, 10);
  const gone = async () => !(await fleetOn(b, 10)).ids.includes(vehicle.id);
  if (postgres) {
    expect(b.changes?.state).toBe("listening");
    expect(await until(gone, 1_000)).toBeLessThan(1_000);
  } else {
    // No notifications on SQLite: B still holds its answer, and sees the booking when it expires.
    expect(b.changes).toBeNull();
    expect(await fleetOn(b, 10)).toMatchObject({ cache: "hit", ids: expect.arrayContaining([vehicle.id]) });
    expect(await until(gone, 3 * PUBLIC_CACHE_TTL_MS)).toBeGreaterThan(0);
  }
  // A's own cache dropped at once, as before.
  expect((await fleetOn(a, 10)).ids).not.toContain(vehicle.id);
}, 30_000);

test("the admin bookings total on B counts a booking made through A within a second (PostgreSQL)", async () => {
  const admin = await newAdmin(b.services);
  const total = async () => {
    const response = await fetch(`${b.url}/api/admin/bookings?limit=1`, { headers: admin.auth });
    expect(response.status).toBe(200);
    return Number(response.headers.get("x-total-count"));
  };
  const before = await total();
  expect(await total()).toBe(before); // kept
  await book(await newVehicle(a.services), 14);
  if (postgres) expect(await until(async () => (await total()) === before + 1, 1_000)).toBeLessThan(1_000);
  else expect(await until(async () => (await total()) === before + 1, 5_000)).toBeGreaterThan(0);
}, 30_000);

test("B's listener killed: B answers from the database (never stale) until it listens again, then caches again (PostgreSQL)", async () => {
  if (!postgres) {
    // Nothing to lose on SQLite: the caches are always on.
    expect([a.changes, b.changes, changeCounters(b.services.db)?.caching]).toEqual([null, null, true]);
    return;
  }
  const vehicle = await newVehicle(a.services);
  await cachedOnB(20);
  const lostPid = b.changes!.backendPid!;
  const admin = new pg.Client({ connectionString: a.database.databaseUrl });
  await admin.connect();
  try {
    const [row] = (await admin.query("SELECT pg_terminate_backend($1) AS done", [lostPid])).rows;
    expect(row.done).toBe(true);
  } finally {
    await admin.end();
  }
  await until(() => b.changes!.state !== "listening", 2_000);
  // Reconnecting (the first retry waits 500 ms): B's answers bypass the cache, so A's write shows at once.
  expect(changeCounters(b.services.db)?.caching).toBe(false);
  const bypassed = await fleetOn(b, 20);
  expect(bypassed.cache).toBeNull();
  expect(bypassed.ids).toContain(vehicle.id);
  await book(vehicle, 20);
  expect((await fleetOn(b, 20)).ids).not.toContain(vehicle.id);

  // Listening again on a new connection: B caches again, and A's writes still reach it.
  await until(() => b.changes!.state === "listening", 10_000);
  expect(b.changes!.backendPid).not.toBe(lostPid);
  expect(await fleetOn(b, 24)).toMatchObject({ cache: "miss", ids: expect.arrayContaining([vehicle.id]) });
  expect(await fleetOn(b, 24)).toMatchObject({ cache: "hit" });
  await book(vehicle, 24);
  expect(await until(async () => !(await fleetOn(b, 24)).ids.includes(vehicle.id), 1_000)).toBeLessThan(1_000);
}, 30_000);
