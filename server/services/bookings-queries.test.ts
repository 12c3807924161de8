// The bookings list with vehicles (and their photos) costs a fixed number of SQL queries whatever
// the page size: GraphQL myBookings selects relations through the Prisma plugin's query argument,
// REST includes them; neither loads a vehicle per booking. Counted with Prisma's query events on
// a server of our own over a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHandler } from "../app";
import type { Db } from "../db";
import { migrate } from "../db/migrate";
import { createLogger } from "../log";
import { call, capeTown, newCustomer, newVehicle, staffToken, storeBooking, type TestCustomer } from "../testing/bookings";
import { createTestDatabase, graphql, plainClient, queryPlan, testConfig, type TestDatabase } from "../testing/harness";
import { readCarsWithPhotos } from "./booking-reads";
import type { Services } from "./context";

/** One car and its photos as the booking path reads it when it is not kept (readCarsWithPhotos with one id). */
const readCarWithPhotos = async (services: Pick<Services, "db" | "provider">, id: string) => (await readCarsWithPhotos(services, [id])).get(id) ?? null;

let database: TestDatabase;
let db: Db;
let services: Services;
let http: ReturnType<typeof Bun.serve>;
let url: string;
let queries: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database);
  await migrate(config.database);
  db = plainClient(config.database, { logQueries: true });
  (db as unknown as { $on(event: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) => queries.push(e.query));
  services = { db, provider: config.database.provider, log: createLogger("silent"), config };
  http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createHandler(services).fetch });
  url = `http://127.0.0.1:${http.port}`;
});
afterAll(async () => {
  await http?.stop(true);
  await db?.$disconnect();
  await database?.drop();
});

/** A customer with `count` bookings, each of a different vehicle with two photos. */
async function customerWithBookings(count: number): Promise<TestCustomer> {
  const rider = await newCustomer(services);
  for (let i = 0; i < count; i++) {
    const vehicle = await newVehicle(services, { make: `Make ${i}`, images: [`/objects/${i}/a.jpg`, `/objects/${i}/b.jpg`] });
    await storeBooking(services, { userId: rider.id, vehicleId: vehicle.id, pickup: capeTown(3 + i), returnAt: capeTown(4 + i) });
  }
  return rider;
}

/** Runs `request` and returns how many SQL statements it caused. */
async function countQueries(request: () => Promise<unknown>): Promise<number> {
  await Bun.sleep(20); // let stray events of earlier work arrive first
  queries = [];
  await request();
  await Bun.sleep(20);
  return queries.length;
}

describe("bookings list: a fixed number of queries", () => {
  let two: TestCustomer;
  let twenty: TestCustomer;
  beforeAll(async () => {
    two = await customerWithBookings(2);
    twenty = await customerWithBookings(20);
  });

  test("GraphQL myBookings with vehicles and photos: the same count for 2 and for 20 bookings", async () => {
    const query = `query($n: Int) { myBookings(limit: $n) { id bookingNumber totalAmount canCancel vehicle { id make model dailyRate images } } }`;
    let rows = 0;
    const run = (rider: TestCustomer, n: number) => async () => {
      const { body } = await graphql(url, query, { n }, rider.auth);
      expect(body.errors).toBeUndefined();
      const list = (body.data as any).myBookings as { vehicle: { images: string[] } }[];
      rows = list.length;
      for (const b of list) expect(b.vehicle.images.length).toBe(2);
    };
    const forTwo = await countQueries(run(two, 2));
    expect(rows).toBe(2);
    const forTwenty = await countQueries(run(twenty, 20));
    expect(rows).toBe(20);
    console.log(`myBookings: ${forTwo} SQL queries for 2 bookings, ${forTwenty} for 20`);
    expect(forTwenty).toBe(forTwo);
    // session check + the open bookings' ids + the past page's ids (the customer's order) + bookings + their cars + photos (+ nothing per row)
    expect(forTwo).toBeLessThanOrEqual(6);
    // PostgreSQL, where each statement is a round trip: the session check, the page, and its cars
    // with their photos (a column of the cars' statement). The server keeps the cars for the next
    // lists (services/booking-reads.ts KEPT_CARS); this test's plain client keeps nothing.
    if (services.provider === "postgresql") expect(forTwo).toBe(3);
  });

  test("GraphQL myBookings with each booking's account (its collection charges): one statement more, for 2 as for 20 bookings", async () => {
    const plain = `query($n: Int) { myBookings(limit: $n) { id totalAmount } }`;
    const withAccount = `query($n: Int) { myBookings(limit: $n) { id totalAmount account { balance lines { kind label amount } } } }`;
    const run = (query: string, rider: TestCustomer, n: number) => async () => {
      const { body } = await graphql(url, query, { n }, rider.auth);
      expect(body.errors).toBeUndefined();
      const list = (body.data as any).myBookings as { totalAmount: string; account?: { balance: string } }[];
      expect(list.length).toBe(n);
      for (const b of list) if (b.account) expect(b.account.balance).toBe(b.totalAmount);
    };
    const without = await countQueries(run(plain, twenty, 20));
    const forTwo = await countQueries(run(withAccount, two, 2));
    const forTwenty = await countQueries(run(withAccount, twenty, 20));
    console.log(`myBookings with account: ${forTwo} SQL queries for 2 bookings, ${forTwenty} for 20 (${without} without)`);
    expect(forTwenty).toBe(forTwo);
    expect(forTwenty).toBeLessThanOrEqual(without + 1); // the page's handovers, read once
  });

  test("GraphQL myBookings without vehicles does not load them", async () => {
    // The car is joined to the bookings' statement when asked for, so it is the statements'
    // text, not their number, that shows whether the cars were read.
    const readsCars = () => queries.some((statement) => /(FROM|JOIN)\s+\S*\bvehicles\b/i.test(statement));
    const withVehicles = await countQueries(() => graphql(url, `{ myBookings(limit: 20) { id vehicle { make } } }`, undefined, twenty.auth));
    expect(readsCars()).toBe(true);
    const without = await countQueries(() => graphql(url, `{ myBookings(limit: 20) { id } }`, undefined, twenty.auth));
    expect(readsCars()).toBe(false);
    expect(without).toBeLessThanOrEqual(withVehicles);
  });

  test("REST GET /api/bookings: the same count for 2 and for 20 bookings", async () => {
    let rows = 0;
    const run = (rider: TestCustomer) => async () => {
      const { status, body } = await call(url, "GET", "/api/bookings", { auth: rider.auth });
      expect(status).toBe(200);
      rows = body.length;
      for (const b of body) expect(b.vehicle.images.length).toBe(2);
    };
    const forTwo = await countQueries(run(two));
    expect(rows).toBe(2);
    const forTwenty = await countQueries(run(twenty));
    expect(rows).toBe(20);
    console.log(`GET /api/bookings: ${forTwo} SQL queries for 2 bookings, ${forTwenty} for 20`);
    expect(forTwenty).toBe(forTwo);
    if (services.provider === "postgresql") {
      expect(forTwo).toBe(3);
      expect(queries.some((statement) => /FROM\s+\S*vehicle_images\S*\s+i\s+WHERE\s+i\."vehicleId"\s+IN/i.test(statement))).toBe(false);
    }
  });

  test("GraphQL vehicles for a period: one statement, the fleet calendar's read of its log, whatever the number of bookings", async () => {
    const pickup = capeTown(3).toISOString();
    const returnAt = capeTown(30).toISOString();
    const search = async () => {
      const { body } = await graphql(url, `{ vehicles(pickupDate: "${pickup}", returnDate: "${returnAt}", limit: 100) { id make } }`);
      expect(body.errors).toBeUndefined();
      expect(Array.isArray(body.data.vehicles)).toBe(true);
    };
    await search(); // the calendar's first load of the fleet
    expect(await countQueries(search)).toBe(1);
    expect(queries[0]).toMatch(/\bfleet_changes\b/);
    expect(queries[0]).not.toMatch(/bookings/i);
  });

  test("the log is read from its index: after the last row read (SQLite), from the oldest running transaction on (PostgreSQL)", async () => {
    const pickup = capeTown(3).toISOString();
    const returnAt = capeTown(30).toISOString();
    const params: string[] = [];
    const listener = (e: { query: string; params: string }) => params.push(e.params);
    (db as unknown as { $on(event: "query", cb: typeof listener): void }).$on("query", listener);
    await countQueries(async () => {
      const { body } = await graphql(url, `{ vehicles(category: medium, transmission: automatic, pickupDate: "${pickup}", returnDate: "${returnAt}") { id } }`);
      expect(body.errors).toBeUndefined();
    });
    const [statement] = queries;
    const values = JSON.parse(params.at(-1)!) as unknown[];
    const plan = await queryPlan(db, services.provider, statement!, values);
    if (services.provider === "sqlite") expect(plan).toContain("SEARCH fleet_changes USING INTEGER PRIMARY KEY (rowid>?)");
    else expect(plan).toMatch(/Index .*fleet_changes_txid_idx/);
  });
});

test("a car with its photos, as a booking reads it before its lock: one statement on PostgreSQL, two on SQLite", async () => {
  const car = await newVehicle(services, { make: "Photographed", images: ["/objects/p/front.jpg", "/objects/p/back.jpg"] });
  let read: Awaited<ReturnType<typeof readCarWithPhotos>> = null;
  const statements = await countQueries(async () => {
    read = await readCarWithPhotos(services, car.id);
  });
  expect(read!.images.map((image) => image.url)).toEqual(["/objects/p/front.jpg", "/objects/p/back.jpg"]);
  expect(read!.images[0]!.createdAt).toBeInstanceOf(Date);
  expect(statements).toBe(services.provider === "postgresql" ? 1 : 2);
});

describe("admin vehicles list: whether a car is on a trip costs no statement per car", () => {
  test("onTrip for 2 and for 20 rented cars: the same count, and true only for a car with a trip in progress", async () => {
    const auth = { authorization: `Bearer ${await staffToken(services, "admin")}` };
    const rider = await newCustomer(services);
    const cars = async (count: number, make: string) => {
      const made: string[] = [];
      for (let i = 0; i < count; i++) {
        const car = await newVehicle(services, { make, status: "rented" });
        // Every other car out on a trip; the rest marked rented by hand.
        if (i % 2 === 0)
          await storeBooking(services, { userId: rider.id, vehicleId: car.id, pickup: capeTown(-1), returnAt: capeTown(2 + i), status: "in_progress" });
        made.push(car.id);
      }
      return made;
    };
    const list = async (make: string) => {
      const { body } = await graphql(url, `query($q: String) { adminVehicles(search: $q, limit: 100) { items { id onTrip } } }`, { q: make }, auth);
      expect(body.errors).toBeUndefined();
      return (body.data as any).adminVehicles.items as { id: string; onTrip: boolean }[];
    };
    const few = await cars(2, "Fewmake");
    const many = await cars(20, "Manymake");
    let answer: { id: string; onTrip: boolean }[] = [];
    const forTwo = await countQueries(async () => (answer = await list("Fewmake")));
    expect(answer).toHaveLength(2);
    expect(answer.map((car) => [few.indexOf(car.id) % 2 === 0, car.onTrip]).every(([even, onTrip]) => even === onTrip)).toBe(true);
    const forTwenty = await countQueries(async () => (answer = await list("Manymake")));
    expect(answer).toHaveLength(20);
    expect(answer.filter((car) => car.onTrip)).toHaveLength(10);
    expect(answer.every((car) => car.onTrip === (many.indexOf(car.id) % 2 === 0))).toBe(true);
    expect(forTwenty).toBe(forTwo);
  });
});
