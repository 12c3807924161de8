// The fleet calendar (the available-cars search answered from memory) stays exact: a search
// through one database client sees every write committed before it through another client (as
// another server process or instance would write), whatever was written (a booking made,
// cancelled, moved or given another car, a car's row or photos), by Prisma or by hand-run SQL; a
// rolled-back write is not seen; PostgreSQL's transactions committing out of order are not missed;
// and after a pause longer than housekeeping keeps the log, the fleet is loaded again. Each step is
// compared with the Prisma query the search replaced. SQLite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import pg from "pg";
import { type Database, openDatabase } from "../db";
import { vehicleJson } from "../rest/shapes/vehicles";
import { capeTown, newCustomer, storeBooking, type TestCustomer } from "../testing/bookings";
import { createDealership, createVehicle } from "../testing/dealerships";
import { listVehiclesWithPrisma } from "../testing/fleet";
import { createTestServices } from "../testing/harness";
import type { Services } from "./context";
import { FLEET_CHANGES_KEPT_MS, FleetCalendar } from "./fleet-calendar";
import { runHousekeeping } from "./housekeeping";
import { listAvailableVehicles, type VehicleFilter } from "./vehicles";

let writer: Services & { close(): Promise<void> };
let reader: Database;
let rider: TestCustomer;
const period = { pickup: capeTown(10), returnAt: capeTown(14) };
const cars: Record<"a" | "b" | "c" | "d", { id: string }> = {} as never;

beforeAll(async () => {
  writer = await createTestServices();
  // A second client of the same database: another process's or instance's view of it.
  reader = openDatabase(writer.config.database);
  rider = await newCustomer(writer);
  cars.a = await createVehicle(writer.db, { category: "medium", dailyRate: "500.00", make: "Kia", images: ["/objects/a.jpg"] });
  cars.b = await createVehicle(writer.db, { category: "medium", dailyRate: "600.00", transmission: "automatic" });
  cars.c = await createVehicle(writer.db, { category: "small", dailyRate: "400.00", images: ["/objects/c1.jpg", "/objects/c2.jpg"] });
  cars.d = await createVehicle(writer.db, { category: "large", dailyRate: "900.00" });
  await createVehicle(writer.db, { dealershipId: (await createDealership(writer.db)).id, salesPrice: "150000.00" });
});
afterAll(async () => {
  await reader?.close();
  await writer?.close();
});

const readerServices = () => ({ db: reader.db, provider: reader.provider });
const filters: VehicleFilter[] = [{}, { period }, { category: "medium", period }, { transmission: "automatic", period }, { limit: 2, offset: 1 }];

/** The reader's answer for `filter` (ids), after checking every filter against the Prisma query. */
async function searchAfterWrite(filter: VehicleFilter = { period }): Promise<string[]> {
  for (const each of filters) {
    const expected = (await listVehiclesWithPrisma(writer, each)).map(vehicleJson);
    expect((await listAvailableVehicles(readerServices(), each)).map(vehicleJson)).toEqual(expected);
  }
  return (await listAvailableVehicles(readerServices(), filter)).map((car) => car.id);
}

const book = (vehicleId: string, pickup = period.pickup, returnAt = period.returnAt) =>
  storeBooking(writer, { userId: rider.id, vehicleId, pickup, returnAt, category: "medium" });

test("a booking made, cancelled, moved into the period, given another car or deleted by another client is seen by the next search", async () => {
  const before = await searchAfterWrite();
  expect(before).toHaveLength(4);
  expect(before).toEqual(expect.arrayContaining([cars.a.id, cars.b.id, cars.c.id, cars.d.id]));

  const onA = await book(cars.a.id);
  expect(await searchAfterWrite()).not.toContain(cars.a.id);
  await writer.db.booking.update({ where: { id: onA.id }, data: { status: "cancelled" } });
  expect(await searchAfterWrite()).toContain(cars.a.id);

  // Outside the period, then moved into it.
  const onB = await book(cars.b.id, capeTown(20), capeTown(22));
  expect(await searchAfterWrite()).toContain(cars.b.id);
  await writer.db.booking.update({ where: { id: onB.id }, data: { pickupDate: capeTown(13), returnDate: capeTown(15) } });
  expect(await searchAfterWrite()).not.toContain(cars.b.id);

  // Given another car: the first is free again, the second is not.
  await writer.db.booking.update({ where: { id: onB.id }, data: { vehicleId: cars.c.id } });
  const moved = await searchAfterWrite();
  expect(moved).toContain(cars.b.id);
  expect(moved).not.toContain(cars.c.id);

  await writer.db.booking.delete({ where: { id: onB.id } });
  expect(await searchAfterWrite()).toContain(cars.c.id);

  // Back to back with the period: not in it.
  await book(cars.d.id, period.returnAt, capeTown(16));
  expect(await searchAfterWrite()).toContain(cars.d.id);
});

test("a statement run by hand is seen too (the log is written by triggers, not by the app)", async () => {
  const onD = await book(cars.d.id, capeTown(11), capeTown(12));
  expect(await searchAfterWrite()).not.toContain(cars.d.id);
  await writer.db.$executeRaw`UPDATE bookings SET status = 'completed' WHERE id = ${onD.id}`;
  expect(await searchAfterWrite()).toContain(cars.d.id);
});

test("a car's rate, status and photos, a new car and a deleted one are seen by the next search", async () => {
  await writer.db.vehicle.update({ where: { id: cars.a.id }, data: { dailyRate: "700.00" } });
  const reordered = await searchAfterWrite({ category: "medium" });
  expect(reordered).toEqual([cars.b.id, cars.a.id]);

  // Booked while in the workshop (its bookings are not followed then), listed again with them.
  await writer.db.vehicle.update({ where: { id: cars.a.id }, data: { status: "maintenance" } });
  expect(await searchAfterWrite({})).not.toContain(cars.a.id);
  await book(cars.a.id, capeTown(9), capeTown(11));
  await writer.db.vehicle.update({ where: { id: cars.a.id }, data: { status: "available" } });
  expect(await searchAfterWrite({})).toContain(cars.a.id);
  expect(await searchAfterWrite()).not.toContain(cars.a.id);

  await writer.db.vehicleImage.create({ data: { vehicleId: cars.d.id, url: "/objects/d.jpg", position: 0 } });
  await writer.db.vehicleImage.deleteMany({ where: { url: "/objects/c1.jpg" } });
  const photos = await listAvailableVehicles(readerServices(), {});
  expect(photos.find((car) => car.id === cars.d.id)?.images).toEqual([{ url: "/objects/d.jpg" }]);
  expect(photos.find((car) => car.id === cars.c.id)?.images).toEqual([{ url: "/objects/c2.jpg" }]);

  const added = await createVehicle(writer.db, { category: "small", dailyRate: "300.00" });
  expect((await searchAfterWrite({ category: "small" }))[0]).toBe(added.id);
  await writer.db.vehicle.delete({ where: { id: added.id } });
  expect(await searchAfterWrite({})).not.toContain(added.id);
});

test("a car out on a trip is listed for the periods its bookings leave free; one marked rented by hand is listed once a trip starts on it", async () => {
  const car = await createVehicle(writer.db, { category: "large", dailyRate: "950.00" });
  const trip = await storeBooking(writer, {
    userId: rider.id,
    vehicleId: car.id,
    pickup: capeTown(-1),
    returnAt: capeTown(3),
    category: "large",
    status: "in_progress",
  });
  await writer.db.vehicle.update({ where: { id: car.id }, data: { status: "rented" } });
  const during = { pickup: capeTown(2), returnAt: capeTown(4) };
  const after = { pickup: capeTown(3), returnAt: capeTown(5) };
  expect(await searchAfterWrite({ period: after })).toContain(car.id);
  expect(await searchAfterWrite({ period: during })).not.toContain(car.id);

  // The trip ends with the car still marked rented (by hand, no trip of ours now): not listed for any period.
  await writer.db.booking.update({ where: { id: trip.id }, data: { status: "completed" } });
  expect(await searchAfterWrite({ period: after })).not.toContain(car.id);
  expect(await searchAfterWrite({})).not.toContain(car.id);
  // A trip starts on it (a change to its bookings alone): listed again for the free periods.
  await writer.db.booking.update({ where: { id: trip.id }, data: { status: "in_progress" } });
  expect(await searchAfterWrite({ period: after })).toContain(car.id);
  await writer.db.vehicle.update({ where: { id: car.id }, data: { status: "maintenance" } });
  expect(await searchAfterWrite({ period: after })).not.toContain(car.id);
  await writer.db.booking.delete({ where: { id: trip.id } });
  await writer.db.vehicle.delete({ where: { id: car.id } });
});

test("a write rolled back is not seen", async () => {
  await expect(
    writer.db.$transaction(async (tx) => {
      await tx.vehicle.update({ where: { id: cars.c.id }, data: { status: "maintenance" } });
      throw new Error("changed my mind");
    }),
  ).rejects.toThrow("changed my mind");
  expect(await searchAfterWrite()).toContain(cars.c.id);
});

test("searches made while the log is being read share the next read, which sees what committed before them", async () => {
  const calendar = new FleetCalendar(reader.db, reader.provider);
  const first = calendar.sync();
  const second = calendar.sync();
  expect(calendar.sync()).toBe(second);
  expect(second).not.toBe(first);
  await Promise.all([first, second]);
  await writer.db.vehicle.update({ where: { id: cars.c.id }, data: { status: "out_of_service" } });
  await calendar.sync();
  expect(calendar.search({ take: 50, skip: 0 }, false).map((car) => car.id)).not.toContain(cars.c.id);
  await writer.db.vehicle.update({ where: { id: cars.c.id }, data: { status: "available" } });
});

test("after a pause longer than half the log's life the fleet is loaded again (housekeeping may have deleted rows it needed)", async () => {
  let now = Date.now();
  const calendar = new FleetCalendar(reader.db, reader.provider, () => now);
  await calendar.sync();
  expect(calendar.search({ period, take: 50, skip: 0 }, false).map((car) => car.id)).toContain(cars.c.id);
  await book(cars.c.id);
  // Housekeeping an hour on: the rows are gone.
  const later = new Date(Date.now() + FLEET_CHANGES_KEPT_MS + 60_000);
  expect((await runHousekeeping(writer, later)).fleetChanges).toBeGreaterThan(0);
  expect(await writer.db.fleetChange.count()).toBe(0);
  now += FLEET_CHANGES_KEPT_MS / 2 + 1;
  await calendar.sync();
  expect(calendar.search({ period, take: 50, skip: 0 }, false).map((car) => car.id)).not.toContain(cars.c.id);
});

test("housekeeping keeps the log's rows for an hour", async () => {
  await writer.db.vehicle.update({ where: { id: cars.d.id }, data: { mileage: 12_345 } });
  const rows = await writer.db.fleetChange.count();
  expect(rows).toBeGreaterThan(0);
  expect((await runHousekeeping(writer, new Date(Date.now() + FLEET_CHANGES_KEPT_MS - 60_000))).fleetChanges).toBe(0);
  expect(await writer.db.fleetChange.count()).toBe(rows);
  expect((await runHousekeeping(writer, new Date(Date.now() + FLEET_CHANGES_KEPT_MS + 60_000))).fleetChanges).toBe(rows);
});

test("an import of more cars than are re-read one by one loads the fleet again, in chunks, and misses none", async () => {
  const calendar = new FleetCalendar(reader.db, reader.provider);
  await calendar.sync();
  const before = calendar.search({ take: 1000, skip: 0 }, true).length;
  const imported = Array.from({ length: 450 }, (_, i) => ({
    id: crypto.randomUUID(),
    registrationNumber: `IM ${String(i).padStart(4, "0")}`,
    make: "Suzuki",
    model: "Swift",
    year: 2024,
    category: "small" as const,
    dailyRate: "350.00",
    features: [],
  }));
  await writer.db.vehicle.createMany({ data: imported });
  await writer.db.vehicleImage.createMany({ data: imported.map((car) => ({ vehicleId: car.id, url: `/objects/${car.id}.jpg` })) });
  await calendar.sync();
  const after = calendar.search({ take: 1000, skip: 0 }, true);
  expect(after).toHaveLength(before + 450);
  const expected = await listVehiclesWithPrisma(writer, {}, { max: 1000 });
  expect(after.map(vehicleJson)).toEqual(expected.map(vehicleJson));
  await writer.db.vehicle.deleteMany({ where: { make: "Suzuki" } });
});

test("housekeeping deletes a large backlog of old rows in batches, and only the old ones", async () => {
  await writer.db.fleetChange.deleteMany();
  const old = new Date(Date.now() - FLEET_CHANGES_KEPT_MS - 60_000);
  await writer.db.fleetChange.createMany({ data: Array.from({ length: 12_000 }, () => ({ vehicleId: cars.a.id, kind: "bookings", createdAt: old })) });
  await writer.db.vehicle.update({ where: { id: cars.a.id }, data: { mileage: 54_321 } }); // a recent row, by trigger
  expect((await runHousekeeping(writer)).fleetChanges).toBe(12_000);
  expect(await writer.db.fleetChange.count()).toBe(1);
});

describe.if(!!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
  test("the log's 32-bit sequence starts again at its end instead of refusing writes, and searches still see them", async () => {
    const calendar = new FleetCalendar(reader.db, reader.provider);
    await calendar.sync();
    await writer.db.$executeRawUnsafe(`SELECT setval('fleet_changes_seq_seq', 2147483646)`);
    const later = { pickup: capeTown(60), returnAt: capeTown(62) };
    await book(cars.a.id, later.pickup, later.returnAt);
    await book(cars.b.id, later.pickup, later.returnAt);
    expect((await writer.db.fleetChange.findMany({ select: { seq: true } })).map((row) => row.seq)).toEqual(expect.arrayContaining([2147483647, 1]));
    await calendar.sync();
    const free = calendar.search({ period: later, take: 50, skip: 0 }, false).map((car) => car.id);
    expect(free).not.toContain(cars.a.id);
    expect(free).not.toContain(cars.b.id);
  });

  test("a transaction that began first and commits last is not missed by a search made between the two commits", async () => {
    const url = writer.config.database.provider === "postgresql" ? writer.config.database.url : "";
    const older = new pg.Client({ connectionString: url });
    const newer = new pg.Client({ connectionString: url });
    await older.connect();
    await newer.connect();
    try {
      const calendar = new FleetCalendar(reader.db, reader.provider);
      await calendar.sync();
      const later = { pickup: capeTown(40), returnAt: capeTown(42) };
      const free = () => calendar.search({ period: later, take: 50, skip: 0 }, false).map((car) => car.id);
      expect(free()).toEqual(expect.arrayContaining([cars.b.id, cars.d.id]));
      // The older transaction writes first (its id is the lower) and stays open.
      await older.query("BEGIN");
      await older.query(`UPDATE vehicles SET status = 'maintenance' WHERE id = $1`, [cars.d.id]);
      await newer.query(`UPDATE vehicles SET status = 'maintenance' WHERE id = $1`, [cars.b.id]);
      await calendar.sync();
      expect(free()).not.toContain(cars.b.id);
      expect(free()).toContain(cars.d.id);
      await older.query("COMMIT");
      await calendar.sync();
      expect(free()).not.toContain(cars.d.id);
      // Read again later: applied once, nothing lost.
      await calendar.sync();
      expect(free()).not.toContain(cars.d.id);
    } finally {
      await older.end();
      await newer.end();
    }
  });
});
