// No N+1 on the lists the benchmark drives: on data made by the benchmark's seeder (small size),
// each GraphQL operation (and its REST twin) costs the same number of SQL statements for a page
// of 5 rows as for a page of 50, relations included. Counted with Prisma's query events on a
// server of our own (SQLite, or PostgreSQL with TEST_DATABASE_URL). No timing is asserted here.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHandler } from "../server/app";
import type { Db } from "../server/db";
import { migrate } from "../server/db/migrate";
import { createLogger } from "../server/log";
import type { Services } from "../server/services/context";
import { createSession } from "../server/services/sessions";
import { createTestDatabase, graphql, plainClient, testConfig, type TestDatabase } from "../server/testing/harness";
import { seedBenchDatabase, type SeedResult } from "./seed";

let database: TestDatabase;
let db: Db;
let http: ReturnType<typeof Bun.serve>;
let url: string;
let seed: SeedResult;
let reader: Record<string, string>;
let admin: Record<string, string>;
let services: Services;
let queries: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database);
  await migrate(config.database);
  db = plainClient(config.database, { logQueries: true });
  (db as unknown as { $on(event: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) => queries.push(e.query));
  services = { db, provider: config.database.provider, log: createLogger("silent"), config };
  // Few customers, so the reader has well over 50 bookings.
  seed = await seedBenchDatabase(db, config.database.provider, { vehicles: 30, customers: 6, bookings: 600, dealerships: 2, stockPerDealership: 30 }, () => {});
  const adminRow = await db.adminUser.findUniqueOrThrow({ where: { email: seed.admin.email } });
  reader = { authorization: `Bearer ${(await createSession(services, "customer", seed.reader.id)).token}` };
  admin = { authorization: `Bearer ${(await createSession(services, "admin", adminRow.id)).token}` };
  http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createHandler(services).fetch });
  url = `http://127.0.0.1:${http.port}`;
}, 60_000);

afterAll(async () => {
  await http?.stop(true);
  await db?.$disconnect();
  await database?.drop();
});

/** Runs `request` and returns how many SQL statements it caused. */
async function countQueries(request: () => Promise<unknown>): Promise<number> {
  await Bun.sleep(20); // let stray events of earlier work arrive first
  queries = [];
  await request();
  await Bun.sleep(20);
  return queries.length;
}

async function gqlRows(query: string, variables: Record<string, unknown>, headers: Record<string, string>, rows: (data: any) => unknown[]) {
  const { status, body } = await graphql(url, query, variables, headers);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return rows(body.data);
}

/** The statement counts for a page of 5 and a page of 50 (and checks both pages are full). */
async function forPages(run: (limit: number) => Promise<unknown[]>): Promise<[number, number]> {
  let rows: unknown[] = [];
  const small = await countQueries(async () => (rows = await run(5)));
  expect(rows.length).toBe(5);
  const large = await countQueries(async () => (rows = await run(50)));
  expect(rows.length).toBe(50);
  return [small, large];
}

describe("SQL statements per operation do not grow with the page size", () => {
  test("the seeded reader has more than 50 bookings", () => {
    expect(seed.reader.bookings).toBeGreaterThan(50);
  });

  test("GraphQL adminBookings with customers and vehicles", async () => {
    const query = `query($n: Int) { adminBookings(limit: $n) { total items { id status totalPrice user { id name email } vehicle { id make registrationNumber } } } }`;
    const [small, large] = await forPages((n) => gqlRows(query, { n }, admin, (d) => d.adminBookings.items));
    console.log(`adminBookings: ${small} SQL statements for 5 rows, ${large} for 50`);
    expect(large).toBe(small);
    // session + admin check + the page of bookings joined to their customers and cars (+ count, unless cached)
    expect(small).toBeLessThanOrEqual(6);
    // Of the customers only what the entry shows: no password hash, no licence, ever read.
    const customers = queries.filter((statement) => /(FROM|JOIN)\s+\S*\busers\b/i.test(statement));
    expect(customers.length).toBeGreaterThan(0);
    for (const statement of customers) expect(statement).not.toMatch(/passwordHash|driversLicense|idNumber/);
  });

  test("REST GET /api/admin/bookings", async () => {
    const run = async (n: number) => {
      const response = await fetch(`${url}/api/admin/bookings?limit=${n}`, { headers: admin });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { items?: unknown[] } | unknown[];
      return Array.isArray(body) ? body : (body.items ?? []);
    };
    const [small, large] = await forPages(run);
    expect(large).toBe(small);
  });

  test("GraphQL myBookings with vehicles and photos", async () => {
    const query = `query($n: Int) { myBookings(limit: $n) { id bookingNumber status canCancel vehicle { id make model images } } }`;
    const [small, large] = await forPages((n) => gqlRows(query, { n }, reader, (d) => d.myBookings));
    console.log(`myBookings: ${small} SQL statements for 5 rows, ${large} for 50`);
    expect(large).toBe(small);
    // session + the open bookings' ids + the past page's ids (the customer's order) + the page's rows + vehicles + photos
    expect(small).toBeLessThanOrEqual(6);
  });

  test("GraphQL vehicles for a period, with photos", async () => {
    const pickupDate = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const returnDate = new Date(Date.now() + 34 * 86_400_000).toISOString();
    const query = `query($n: Int, $p: String, $r: String) { vehicles(pickupDate: $p, returnDate: $r, limit: $n) { id make images } }`;
    // The first search loads the fleet calendar (the cars, their photos and their periods).
    await gqlRows(query, { n: 2, p: pickupDate, r: returnDate }, {}, (d) => d.vehicles);
    const counts: number[] = [];
    for (const n of [2, 8]) {
      counts.push(
        await countQueries(async () => {
          const rows = await gqlRows(query, { n, p: pickupDate, r: returnDate }, {}, (d) => d.vehicles);
          expect(rows.length).toBe(n);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]!);
    // Then one statement a search: the read of the calendar's log.
    expect(counts[0]).toBe(1);
  });

  test("GraphQL carsForSale with photos and dealerships", async () => {
    const query = `query($n: Int) { carsForSale(limit: $n, sort: price_asc) { total vehicles { id make salesPrice images dealership { companyName } } } }`;
    const counts: number[] = [];
    for (const n of [5, 40]) {
      counts.push(
        await countQueries(async () => {
          const rows = await gqlRows(query, { n }, {}, (d) => d.carsForSale.vehicles);
          expect(rows.length).toBe(n);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]!);
  });
});

describe("POST /api/bookings: an idempotency key costs no statement of its own", () => {
  /** The statements of one create (the rate limits' occasional sweep of ended windows left out: it is random). */
  async function createStatements(booker: number, slot: number, key?: string): Promise<{ status: number; statements: string[] }> {
    const customer = seed.bookers[booker]!;
    const free = seed.freeSlots[slot]!;
    const headers: Record<string, string> = {
      authorization: `Bearer ${(await createSession(services, "customer", customer.id)).token}`,
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    };
    const body = {
      category: free.category,
      transmission: free.transmission,
      vehicleId: free.vehicleId,
      pickupDate: free.pickup.toISOString(),
      returnDate: free.returnAt.toISOString(),
      deliveryLocation: "12 Long Street, Cape Town",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "12 Long Street, Cape Town",
      returnCoordinates: "-33.9249,18.4241",
    };
    let status = 0;
    await countQueries(async () => {
      status = (await fetch(`${url}/api/bookings`, { method: "POST", headers, body: JSON.stringify(body) })).status;
    });
    return { status, statements: queries.filter((statement) => !/^\s*DELETE\s+FROM\s+\S*rate_limits/i.test(statement)) };
  }

  test("a keyed create runs as many statements as one without a key; its repeat fewer, and writes nothing", async () => {
    // The first booking of the run reads what later ones find remembered (the service areas).
    expect((await createStatements(0, 0)).status).toBe(201);
    const plain = await createStatements(1, 1);
    const key = crypto.randomUUID();
    const keyed = await createStatements(2, 2, key);
    const repeat = await createStatements(2, 2, key);
    console.log(
      `POST /api/bookings: ${plain.statements.length} SQL statements without a key, ${keyed.statements.length} with one, ${repeat.statements.length} for its repeat`,
    );
    expect([plain.status, keyed.status, repeat.status]).toEqual([201, 201, 200]);
    expect(keyed.statements.length).toBe(plain.statements.length);
    expect(repeat.statements.length).toBeLessThan(keyed.statements.length);
    for (const statement of repeat.statements) expect(statement).not.toMatch(/^\s*(INSERT|UPDATE|DELETE|WITH)\b/i);
  });
});
