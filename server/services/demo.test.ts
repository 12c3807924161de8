// Demo data on the first start of an empty database, through the real boot (startServer) on a
// fresh SQLite file, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startServer, type RunningServer } from "../boot";
import {
  addDays,
  capeTownDateTimeToUtc,
  capeTownToday,
  CATEGORY_IDS,
  DEFAULT_TYPED_ADDRESS_POINT,
  PRICE_BAND_IDS,
  TRANSMISSIONS,
  pointInPolygon,
  priceBandOf,
  type PolygonGeometry,
} from "#domain";
import { createLogger } from "../log";
import { createTestDatabase, graphql, testConfig, type TestDatabase } from "../testing/harness";
import type { Db } from "../db";

const provider = process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite";
const EXPECTED_RATES = { small: "450.00", medium: "650.00", large: "850.00" } as const;
const CAPE_TOWN_CBD = { lat: -33.9249, lon: 18.4241 };

let database: TestDatabase | undefined;
const running: RunningServer[] = [];
async function cleanUp() {
  while (running.length) await running.pop()!.stop();
  await database?.drop();
  database = undefined;
}

/** One start of the real server over `database`; returns it and what it printed. */
async function start(env: Record<string, string>) {
  database ??= await createTestDatabase();
  const printed: string[] = [];
  const server = await startServer(testConfig(database, env), { log: createLogger("silent"), print: (text) => printed.push(text) });
  running.push(server);
  return { server, db: server.services.db, printed: printed.join("\n") };
}
async function stop(server: RunningServer) {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

async function counts(db: Db) {
  const [vehicles, dealerships, admins, serviceAreas, users, bookings] = await Promise.all([
    db.vehicle.count(),
    db.dealership.count(),
    db.adminUser.count(),
    db.serviceArea.count(),
    db.user.count(),
    db.booking.count(),
  ]);
  return { vehicles, dealerships, admins, serviceAreas, users, bookings };
}

function signInDetails(printed: string) {
  const admin = /Admin\s+(\S+@\S+) \/ (\S+)/.exec(printed);
  const dealership = /Dealership\s+(\S+) \/ (\S+)/.exec(printed);
  expect(admin).not.toBeNull();
  expect(dealership).not.toBeNull();
  return { admin: { email: admin![1]!, password: admin![2]! }, dealership: { code: dealership![1]!, password: dealership![2]! } };
}

describe("first start of an empty database with SEED_DEMO=true", () => {
  // One seeded start shared by these read-only checks (argon2id hashing is deliberately slow).
  let seeded: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    seeded = await start({ SEED_DEMO: "true" });
  });
  afterAll(cleanUp);

  test("a rental fleet in every category and transmission at 450/650/850 a day", async () => {
    const { db } = seeded;
    const fleet = await db.vehicle.findMany({ where: { dealershipId: null } });
    for (const category of CATEGORY_IDS) {
      for (const transmission of TRANSMISSIONS) {
        const matching = fleet.filter((v) => v.category === category && v.transmission === transmission && v.status === "available");
        expect([category, transmission, matching.length > 0]).toEqual([category, transmission, true]);
      }
    }
    const everyVehicle = await db.vehicle.findMany();
    for (const v of everyVehicle) expect([v.registrationNumber, v.dailyRate.toFixed(2)]).toEqual([v.registrationNumber, EXPECTED_RATES[v.category]]);
    expect(new Set(everyVehicle.map((v) => v.registrationNumber)).size).toBe(everyVehicle.length);
    // The rental fleet is not for sale.
    expect(fleet.every((v) => v.salesPrice === null)).toBe(true);
  });

  test("a driver who can sign in, with today's and tomorrow's deliveries and collections assigned", async () => {
    const { server, printed } = seeded;
    const line = /Driver\s+(\S+@\S+) \/ (\S+)/.exec(printed);
    expect(line).not.toBeNull();
    const signIn = await graphql(server.url, `mutation($input: DriverSignInInput!) { driverSignIn(input: $input) { token } }`, {
      input: { email: line![1], password: line![2] },
    });
    const token = signIn.body.data?.driverSignIn.token;
    expect(typeof token).toBe("string");
    const jobs = await graphql(server.url, `{ driverJobs { kind state } }`, {}, { authorization: `Bearer ${token}` });
    expect(jobs.body.data?.driverJobs.length).toBeGreaterThan(0);
    // Every delivery or collection of today and tomorrow has a driver: the dispatch board starts planned.
    const unassigned = await seeded.db.booking.count({
      where: {
        status: "confirmed",
        pickupDate: { gte: capeTownDateTimeToUtc(capeTownToday(), "00:00"), lt: capeTownDateTimeToUtc(addDays(capeTownToday(), 2), "00:00") },
        handovers: { none: { kind: "delivery", driverId: { not: null } } },
      },
    });
    expect(unassigned).toBe(0);
  });

  test("two dealerships whose for-sale stock covers the four price bands", async () => {
    const { db } = seeded;
    const dealerships = await db.dealership.findMany({ include: { vehicles: true } });
    expect(dealerships).toHaveLength(2);
    const bands = new Set<string>();
    for (const dealership of dealerships) {
      expect(dealership.isActive).toBe(true);
      expect(dealership.vehicles.length).toBeGreaterThan(0);
      for (const v of dealership.vehicles) {
        expect(v.salesPrice).not.toBeNull();
        const band = priceBandOf(v.salesPrice!.toFixed(2));
        expect(band).not.toBeNull();
        bands.add(band!);
      }
    }
    expect([...bands].sort()).toEqual([...PRICE_BAND_IDS].sort());
  });

  test("one active service area containing Cape Town CBD and the typed-address fallback point", async () => {
    const { db } = seeded;
    const areas = await db.serviceArea.findMany();
    expect(areas).toHaveLength(1);
    expect(areas[0]!.isActive).toBe(true);
    const polygon = areas[0]!.polygon as unknown as PolygonGeometry;
    expect(polygon.type).toBe("Polygon");
    expect(pointInPolygon(CAPE_TOWN_CBD, polygon)).toBe(true);
    expect(pointInPolygon(DEFAULT_TYPED_ADDRESS_POINT, polygon)).toBe(true);
    // ...and not the whole country: Johannesburg and Durban are outside.
    expect(pointInPolygon({ lat: -26.2041, lon: 28.0473 }, polygon)).toBe(false);
    expect(pointInPolygon({ lat: -29.8587, lon: 31.0218 }, polygon)).toBe(false);
  });

  test("every demo car, fleet and dealership stock, has a photo that the app serves as a JPEG", async () => {
    const { db, server } = seeded;
    const cars = await db.vehicle.findMany({ include: { images: true } });
    expect(cars.length).toBeGreaterThan(12);
    for (const car of cars) expect([car.registrationNumber, car.images.length]).toEqual([car.registrationNumber, 1]);
    const url = cars[0]!.images[0]!.url;
    expect(url).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const photo = await fetch(`${server.url}${url}`);
    expect([photo.status, photo.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    const bytes = new Uint8Array(await photo.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    // Each car its own object: removing one car's photo never removes another's.
    expect(new Set(cars.map((c) => c.images[0]!.url)).size).toBe(cars.length);
  });

  test("bookings in every status around today, on fleet cars only, never overlapping on one car or one customer; the demo customer signs in", async () => {
    const { db, server, printed } = seeded;
    const bookings = await db.booking.findMany({ include: { vehicle: true } });
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(["pending", "confirmed", "in_progress", "completed", "cancelled"]));
    const now = Date.now();
    for (const b of bookings) {
      expect(b.vehicle?.dealershipId).toBeNull();
      if (b.status === "in_progress") expect(b.pickupDate.getTime() < now && b.returnDate.getTime() > now).toBe(true);
      // A trip on the road has its car out: rented, as the office's and the driver's start of a trip make it.
      if (b.status === "in_progress") expect(b.vehicle?.status).toBe("rented");
      if (b.status === "completed") expect(b.returnDate.getTime()).toBeLessThan(now);
      if (b.status === "confirmed" || b.status === "pending") expect(b.pickupDate.getTime()).toBeGreaterThan(now);
    }
    // A customer was a member before they booked ("Member since" is not later than a trip they made).
    const users = new Map((await db.user.findMany()).map((u) => [u.id, u.createdAt.getTime()]));
    for (const b of bookings) expect(users.get(b.userId)!).toBeLessThan(Math.min(b.createdAt.getTime(), b.pickupDate.getTime()));
    const blocking = bookings.filter((b) => b.status !== "cancelled" && b.status !== "completed");
    for (const a of blocking)
      for (const b of blocking) {
        if (a.id !== b.id && a.vehicleId === b.vehicleId) expect(a.pickupDate < b.returnDate && b.pickupDate < a.returnDate).toBe(false);
        // Nor on one customer: a demo customer's booking could otherwise not be changed or extended (it overlaps their own).
        if (a.id !== b.id && a.userId === b.userId) expect(a.pickupDate < b.returnDate && b.pickupDate < a.returnDate).toBe(false);
      }
    const customer = /Customer\s+(\S+@\S+) \/ (\S+)/.exec(printed);
    expect(customer).not.toBeNull();
    const signIn = await fetch(`${server.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: customer![1], password: customer![2] }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const mine = await fetch(`${server.url}/api/bookings`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await mine.json()) as unknown[]).length).toBeGreaterThanOrEqual(2);
  });

  test("an admin and dealership sign-ins: argon2id hashes, never plain, and the printed and saved passwords verify", async () => {
    const { db, printed } = seeded;
    const admins = await db.adminUser.findMany();
    expect(admins).toHaveLength(1);
    const admin = admins[0]!;
    expect(admin.isActive).toBe(true);
    const dealerships = await db.dealership.findMany();
    for (const hash of [admin.passwordHash, ...dealerships.map((d) => d.passwordHash)]) expect(hash).toStartWith("$argon2id$");

    const details = signInDetails(printed);
    expect(details.admin.email).toBe(admin.email);
    expect(admin.passwordHash).not.toContain(details.admin.password);
    expect(await Bun.password.verify(details.admin.password, admin.passwordHash)).toBe(true);
    expect(await Bun.password.verify(details.admin.password + "x", admin.passwordHash)).toBe(false);
    const printedDealership = dealerships.find((d) => d.dealershipCode === details.dealership.code)!;
    expect(printedDealership).toBeDefined();
    expect(await Bun.password.verify(details.dealership.password, printedDealership.passwordHash)).toBe(true);
    expect(details.dealership.password).not.toBe(details.admin.password);

    // The saved file (owner-only) holds every demo sign-in, and each verifies.
    const file = join(database!.dataDir, "demo-credentials.txt");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = readFileSync(file, "utf8");
    expect(saved).toContain(`${details.admin.email} / ${details.admin.password}`);
    for (const dealership of dealerships) {
      const line = new RegExp(`Dealership\\s+${dealership.dealershipCode} / (\\S+)`).exec(saved);
      expect(line).not.toBeNull();
      expect(await Bun.password.verify(line![1]!, dealership.passwordHash)).toBe(true);
    }
  });
});

describe("later starts and other modes", () => {
  afterEach(cleanUp);

  test("a second start does not seed again: data kept, counts unchanged, passwords not printed again", async () => {
    const first = await start({ SEED_DEMO: "true" });
    const before = await counts(first.db);
    expect(before.vehicles).toBeGreaterThan(0);
    const ids = (await first.db.vehicle.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((v) => v.id);
    const { admin } = signInDetails(first.printed);
    await stop(first.server);

    const second = await start({ SEED_DEMO: "true" });
    expect(await counts(second.db)).toEqual(before);
    expect((await second.db.vehicle.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((v) => v.id)).toEqual(ids);
    expect(second.printed).not.toContain(admin.password);
    expect(second.printed).not.toMatch(/Sign-in details \(shown once/);
    // The first start's password still opens the admin account.
    const stored = await second.db.adminUser.findUniqueOrThrow({ where: { email: admin.email } });
    expect(await Bun.password.verify(admin.password, stored.passwordHash)).toBe(true);
  });

  test("two instances starting at the same moment on an empty database both serve; the demo is seeded once", async () => {
    database ??= await createTestDatabase();
    const outputs: string[][] = [[], []];
    // Separate data folders, as two machines behind a balancer would have; one database.
    const dirs = [database.dataDir, `${database.dataDir}-second`];
    const shared = database.databaseUrl ?? `file:${join(database.dataDir, "capedrive.db")}`;
    const [a, b] = await Promise.all(
      dirs.map((dataDir, i) =>
        startServer(testConfig({ ...database!, dataDir }, { SEED_DEMO: "true", DATABASE_URL: shared }), {
          log: createLogger("silent"),
          print: (text) => outputs[i]!.push(text),
        }),
      ),
    );
    running.push(a!, b!);
    for (const server of [a!, b!]) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { vehicles, admins, dealerships, bookings } = await counts(a!.services.db);
    expect([admins, dealerships]).toEqual([1, 2]);
    expect(vehicles).toBeGreaterThan(12);
    expect(bookings).toBeGreaterThan(0);
    // Exactly one of them made (and printed) the sign-in details.
    const made = outputs.filter((o) => o.join("\n").includes("Sign-in details (shown once"));
    expect(made.length).toBe(1);
  });

  test("SEED_DEMO=false on an empty database seeds nothing and prints nothing", async () => {
    const { db, printed } = await start({ SEED_DEMO: "false" });
    expect(await counts(db)).toEqual({ vehicles: 0, dealerships: 0, admins: 0, serviceAreas: 0, users: 0, bookings: 0 });
    expect(printed).toBe("");
    expect(existsSync(join(database!.dataDir, "demo-credentials.txt"))).toBe(false);
  });

  test("a database that already has an admin (e.g. made with the CLI) is not seeded", async () => {
    const empty = await start({ SEED_DEMO: "false" });
    await empty.db.adminUser.create({
      data: { email: "ops@example.com", firstName: "Ops", lastName: "Person", passwordHash: await Bun.password.hash("a long password 123") },
    });
    await stop(empty.server);
    const { db } = await start({ SEED_DEMO: "true" });
    expect(await counts(db)).toEqual({ vehicles: 0, dealerships: 0, admins: 1, serviceAreas: 0, users: 0, bookings: 0 });
  });

  test(`SEED_DEMO unset: ${provider === "sqlite" ? "SQLite seeds the demo" : "PostgreSQL is not seeded"}`, async () => {
    const { db } = await start({ SEED_DEMO: "" });
    const { vehicles, admins } = await counts(db);
    if (provider === "sqlite") {
      expect(vehicles).toBeGreaterThan(0);
      expect(admins).toBe(1);
    } else {
      expect(vehicles).toBe(0);
      expect(admins).toBe(0);
    }
  });
});
