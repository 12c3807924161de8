// The database's own guard against double bookings (issue 14), on SQLite and on PostgreSQL with
// TEST_DATABASE_URL: rows written with raw SQL, as a manual fix or a future tool might, cannot
// make two blocking bookings of one car overlap (PostgreSQL's exclusion constraint, SQLite's
// triggers); cancelled, completed and back-to-back bookings are not refused; and when the
// database refuses a write that our own check could not see, the API answers the same 409.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import pg from "pg";
import { BLOCKING_BOOKING_STATUSES, BOOKING_STATUSES } from "#domain";
import { BOOKING_OVERLAP_GUARD, bookingOverlapError, isBookingOverlapViolation, VEHICLE_TAKEN_MESSAGE } from "../errors";
import { ADMIN_BOOKING_MESSAGES } from "../services/admin-bookings";
import { newAdmin } from "../testing/admin";
import { bookingRequest, call, capeTown, newCustomer, newVehicle, type TestCustomer } from "../testing/bookings";
import { createTestDatabase, graphql, startTestServer, testConfig, type TestServer } from "../testing/harness";
import { openDatabase } from "./index";
import { migrate, migrationStatus } from "./migrate";

const provider = process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite";

let server: TestServer;
let rider: TestCustomer;
beforeAll(async () => {
  server = await startTestServer();
  rider = await newCustomer(server.services);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
type Status = "pending" | "confirmed" | "in_progress" | "completed" | "cancelled";

/** Prisma's own text for an instant on SQLite; PostgreSQL's timestamp column reads it too (the zone is ignored). */
const sqlInstant = (at: Date) => at.toISOString().replace("Z", "+00:00");

/** Inserts a booking with raw SQL (no Prisma model, no vehicle lock); returns its id. */
async function insertRaw(vehicleId: string | null, pickup: Date, returnAt: Date, status: Status = "confirmed"): Promise<string> {
  const id = crypto.randomUUID();
  await db().$executeRawUnsafe(
    `INSERT INTO "bookings" ("id", "userId", "vehicleId", "category", "pickupDate", "returnDate", "deliveryLocation", "deliveryCoordinates",
       "returnLocation", "returnCoordinates", "totalAmount", "duration", "status", "updatedAt")
     VALUES ('${id}', '${rider.id}', ${vehicleId ? `'${vehicleId}'` : "NULL"}, 'small', '${sqlInstant(pickup)}', '${sqlInstant(returnAt)}',
       '12 Long Street', '-33.9249,18.4241', '12 Long Street', '-33.9249,18.4241', 450, 1, '${status}', '${sqlInstant(new Date())}')`,
  );
  return id;
}

/** The error a raw statement fails with (or null when it succeeds). */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

const statusOf = async (id: string) => (await db().booking.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

describe("raw SQL cannot store two overlapping blocking bookings of one car", () => {
  test("the guard names exactly the domain's blocking statuses (a change to them needs a migration)", async () => {
    const definitions =
      provider === "postgresql"
        ? await db().$queryRawUnsafe<{ sql: string }[]>(
            `SELECT pg_get_constraintdef(oid) AS sql FROM pg_constraint WHERE conname = '${BOOKING_OVERLAP_GUARD}' AND contype = 'x'`,
          )
        : await db().$queryRawUnsafe<{ sql: string }[]>(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${BOOKING_OVERLAP_GUARD}%'`);
    expect(definitions.length).toBe(provider === "postgresql" ? 1 : 2);
    for (const { sql } of definitions) {
      const named = BOOKING_STATUSES.filter((status) => sql.includes(`'${status}'`));
      expect(named.sort()).toEqual([...BLOCKING_BOOKING_STATUSES].sort());
    }
  });

  test("an overlapping pending, confirmed or in-progress booking is refused, and the refusal is recognised as a 409", async () => {
    const car = await newVehicle(server.services);
    await insertRaw(car.id, capeTown(3), capeTown(6));
    for (const status of ["pending", "confirmed", "in_progress"] as const) {
      const error = await refusal(insertRaw(car.id, capeTown(5), capeTown(8), status));
      expect(error).not.toBeNull();
      expect(isBookingOverlapViolation(error)).toBe(true);
      expect(bookingOverlapError(error)?.code).toBe("CONFLICT");
      expect(bookingOverlapError(error)?.message).toBe(VEHICLE_TAKEN_MESSAGE);
    }
    // Inside the other period, and around it.
    expect(isBookingOverlapViolation(await refusal(insertRaw(car.id, capeTown(4), capeTown(5))))).toBe(true);
    expect(isBookingOverlapViolation(await refusal(insertRaw(car.id, capeTown(2), capeTown(7))))).toBe(true);
    expect(await db().booking.count({ where: { vehicleId: car.id } })).toBe(1);
  });

  test("allowed: back-to-back periods, another car, cancelled or completed overlaps, bookings without a car", async () => {
    const car = await newVehicle(server.services);
    const other = await newVehicle(server.services);
    await insertRaw(car.id, capeTown(3), capeTown(6));
    await insertRaw(car.id, capeTown(6), capeTown(8)); // returns at 10:00, the next leaves at 10:00
    await insertRaw(car.id, capeTown(1), capeTown(3));
    await insertRaw(other.id, capeTown(3), capeTown(6));
    await insertRaw(car.id, capeTown(4), capeTown(5), "cancelled");
    await insertRaw(car.id, capeTown(4), capeTown(5), "completed");
    await insertRaw(null, capeTown(4), capeTown(5));
    await insertRaw(null, capeTown(4), capeTown(5));
    expect(await db().booking.count({ where: { vehicleId: car.id } })).toBe(5);
    // Another refusal by the database is not taken for an overlap.
    const unrelated = await refusal(db().$executeRawUnsafe(`INSERT INTO "bookings" ("id") VALUES ('${crypto.randomUUID()}')`));
    expect(unrelated).not.toBeNull();
    expect(isBookingOverlapViolation(unrelated)).toBe(false);
  });

  test("updates that would overlap are refused: reopening a cancelled booking, moving its dates, moving it to a booked car", async () => {
    const car = await newVehicle(server.services);
    const other = await newVehicle(server.services);
    await insertRaw(car.id, capeTown(3), capeTown(6));
    const cancelled = await insertRaw(car.id, capeTown(5), capeTown(7), "cancelled");
    const reopen = await refusal(db().$executeRawUnsafe(`UPDATE "bookings" SET "status" = 'confirmed' WHERE "id" = '${cancelled}'`));
    expect(isBookingOverlapViolation(reopen)).toBe(true);
    // Through Prisma as well (what the services use).
    const reopenPrisma = await refusal(db().booking.update({ where: { id: cancelled }, data: { status: "pending" } }));
    expect(isBookingOverlapViolation(reopenPrisma)).toBe(true);
    expect(await statusOf(cancelled)).toBe("cancelled");

    const later = await insertRaw(car.id, capeTown(6), capeTown(9));
    const earlier = await refusal(db().$executeRawUnsafe(`UPDATE "bookings" SET "pickupDate" = '${sqlInstant(capeTown(5))}' WHERE "id" = '${later}'`));
    expect(isBookingOverlapViolation(earlier)).toBe(true);

    const elsewhere = await insertRaw(other.id, capeTown(4), capeTown(5));
    const moved = await refusal(db().booking.update({ where: { id: elsewhere }, data: { vehicleId: car.id } }));
    expect(isBookingOverlapViolation(moved)).toBe(true);
    expect((await db().booking.findUniqueOrThrow({ where: { id: elsewhere } })).vehicleId).toBe(other.id);

    // A booking never clashes with itself: its own changes (status, longer, other fields) pass.
    await db().booking.update({ where: { id: later }, data: { status: "in_progress", returnDate: capeTown(10), specialRequests: "Child seat" } });
    expect(await statusOf(later)).toBe("in_progress");
    // Cancelling frees the period: the cancelled booking may then be reopened.
    await db().booking.update({ where: { id: later }, data: { status: "cancelled" } });
    await db().$executeRawUnsafe(`UPDATE "bookings" SET "pickupDate" = '${sqlInstant(capeTown(6))}' WHERE "id" = '${cancelled}'`);
    await db().$executeRawUnsafe(`UPDATE "bookings" SET "status" = 'confirmed' WHERE "id" = '${cancelled}'`);
    expect(await statusOf(cancelled)).toBe("confirmed");
  });
});

describe("the migration on a database that already holds overlapping bookings", () => {
  test("it refuses, saying what to do, and applies once they are sorted out", async () => {
    const database = await createTestDatabase();
    const target = testConfig(database).database;
    const opened = openDatabase(target);
    const { db: other } = opened;
    try {
      await migrate(target);
      // Back to before the guard, as a database made by an older version would be.
      const guard = (await migrationStatus(target)).applied.find((name) => name.endsWith("_booking_overlap_guard"))!;
      if (provider === "postgresql") await other.$executeRawUnsafe(`ALTER TABLE "bookings" DROP CONSTRAINT "${BOOKING_OVERLAP_GUARD}"`);
      else for (const kind of ["insert", "update"]) await other.$executeRawUnsafe(`DROP TRIGGER "${BOOKING_OVERLAP_GUARD}_${kind}"`);
      await other.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = '${guard}'`);
      const user = await other.user.create({ data: { name: "Old Rider", email: "old-rider@example.com" } });
      const car = await other.vehicle.create({
        data: {
          registrationNumber: "CA OLD-1",
          make: "Toyota",
          model: "Corolla",
          year: 2020,
          category: "small",
          transmission: "manual",
          dailyRate: "450.00",
          features: [],
        },
      });
      const booking = (fromDay: number, toDay: number) =>
        other.booking.create({
          data: {
            userId: user.id,
            vehicleId: car.id,
            category: "small",
            pickupDate: capeTown(fromDay),
            returnDate: capeTown(toDay),
            deliveryLocation: "12 Long Street",
            deliveryCoordinates: "-33.9249,18.4241",
            returnLocation: "12 Long Street",
            returnCoordinates: "-33.9249,18.4241",
            totalAmount: "900.00",
            duration: 2,
          },
        });
      await booking(3, 5);
      const clash = await booking(4, 6);

      const refused = await migrate(target).then(
        () => null,
        (error: Error) => error,
      );
      expect(refused?.message).toMatch(
        provider === "postgresql" ? /exclusion constraint "bookings_vehicle_period_excl"/ : /bookings of one car overlap: cancel or move one of each pair/,
      );
      expect((await migrationStatus(target)).pending).toEqual([guard]);

      await other.booking.update({ where: { id: clash.id }, data: { status: "cancelled" } });
      expect(await migrate(target)).toEqual([guard]);
      const reopen = await other.booking.update({ where: { id: clash.id }, data: { status: "confirmed" } }).catch((error: unknown) => error);
      expect(isBookingOverlapViolation(reopen)).toBe(true);
    } finally {
      await opened.close();
      await database.drop();
    }
  });
});

if (provider === "postgresql") {
  // A writer that skips the vehicle lock (a manual fix in psql) reopens a cancelled booking and has
  // not committed yet: our check, under the lock, reads the committed state and passes; the
  // insert then waits on the constraint and is refused once the other transaction commits.
  describe("PostgreSQL: a concurrent writer that skips the lock", () => {
    /** Runs `write` in another connection's open transaction, calls the API, commits once the API waits on the constraint. */
    async function raceAgainst(write: string, request: () => Promise<{ status: number; body: any }>) {
      const other = new pg.Client({ connectionString: server.database.databaseUrl });
      // pg_stat_activity is a snapshot per transaction: watch from a connection of its own.
      const watcher = new pg.Client({ connectionString: server.database.databaseUrl });
      await other.connect();
      await watcher.connect();
      try {
        await other.query("BEGIN");
        await other.query(write);
        const answer = request();
        let waiting = false;
        for (let i = 0; i < 400 && !waiting; i++) {
          const { rows } = await watcher.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          waiting = rows[0]!.n > 0;
          if (!waiting) await Bun.sleep(10);
        }
        expect(waiting).toBe(true);
        await other.query("COMMIT");
        return await answer;
      } finally {
        await other.end();
        await watcher.end();
      }
    }

    test("a customer's booking: 409 'no longer available', nothing stored, never a 500 (REST and GraphQL)", async () => {
      const car = await newVehicle(server.services);
      const cancelled = await insertRaw(car.id, capeTown(3), capeTown(6), "cancelled");
      const answer = await raceAgainst(`UPDATE "bookings" SET "status" = 'confirmed' WHERE "id" = '${cancelled}'`, () =>
        call(server.url, "POST", "/api/bookings", { body: bookingRequest(car, capeTown(4), capeTown(5)), auth: rider.auth }),
      );
      expect(answer).toEqual({ status: 409, body: { message: VEHICLE_TAKEN_MESSAGE, code: "CONFLICT" } });

      const car2 = await newVehicle(server.services);
      const cancelled2 = await insertRaw(car2.id, capeTown(3), capeTown(6), "cancelled");
      const request = bookingRequest(car2, capeTown(4), capeTown(5));
      const viaGraphql = await raceAgainst(`UPDATE "bookings" SET "status" = 'pending' WHERE "id" = '${cancelled2}'`, () =>
        graphql(server.url, `mutation($input: CreateBookingInput!) { createBooking(input: $input) { id } }`, { input: request }, rider.auth),
      );
      expect(viaGraphql.body.errors?.map((e: { message: string; extensions?: { code?: string } }) => [e.message, e.extensions?.code])).toEqual([
        [VEHICLE_TAKEN_MESSAGE, "CONFLICT"],
      ]);
      expect(await db().booking.count({ where: { vehicleId: { in: [car.id, car2.id] } } })).toBe(2);
    }, 20_000);

    test("an admin's vehicle assignment and reopening: the admin's 409s, nothing changed", async () => {
      const admin = await newAdmin(server.services);
      const car = await newVehicle(server.services);
      const cancelled = await insertRaw(car.id, capeTown(3), capeTown(6), "cancelled");
      const open = await insertRaw(null, capeTown(4), capeTown(5));
      const answer = await raceAgainst(`UPDATE "bookings" SET "status" = 'confirmed' WHERE "id" = '${cancelled}'`, () =>
        call(server.url, "PUT", `/api/admin/bookings/${open}/assign-vehicle`, { body: { vehicleId: car.id }, auth: admin.auth }),
      );
      expect(answer).toEqual({ status: 409, body: { message: ADMIN_BOOKING_MESSAGES.vehicleTaken, code: "CONFLICT" } });
      expect((await db().booking.findUniqueOrThrow({ where: { id: open } })).vehicleId).toBeNull();

      // Reopening a cancelled booking of the car while the other writer reopens another.
      const mine = await insertRaw(car.id, capeTown(10), capeTown(12), "cancelled");
      const theirs = await insertRaw(car.id, capeTown(11), capeTown(13), "cancelled");
      const reopened = await raceAgainst(`UPDATE "bookings" SET "status" = 'confirmed' WHERE "id" = '${theirs}'`, () =>
        call(server.url, "PUT", `/api/admin/bookings/${mine}/status`, { body: { status: "confirmed" }, auth: admin.auth }),
      );
      expect(reopened).toEqual({ status: 409, body: { message: ADMIN_BOOKING_MESSAGES.reopenTaken, code: "CONFLICT" } });
      expect(await statusOf(mine)).toBe("cancelled");
    }, 20_000);
  });
} else {
  // SQLite's write lock leaves no room for a concurrent writer, but a hand-made fix can: its own
  // datetime() writes "YYYY-MM-DD HH:MM:SS", which Prisma's ISO text ("...T...+00:00") does not
  // order against on the same day, so our text comparison misses the clash. The trigger compares
  // instants (julianday) and refuses; the API answers the same 409.
  describe("SQLite: a row fixed by hand in SQLite's own date format", () => {
    test("a customer's booking, an admin's assignment and reopening over it: their 409s, nothing changed, never a 500", async () => {
      const car = await newVehicle(server.services);
      const held = await insertRaw(car.id, capeTown(1), capeTown(2));
      // The fix: the car comes back two hours later than booked, written with datetime().
      await db().$executeRawUnsafe(`UPDATE "bookings" SET "returnDate" = datetime("returnDate", '+2 hours') WHERE "id" = '${held}'`);
      const answer = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(car, capeTown(2, "11:00"), capeTown(4)), auth: rider.auth });
      expect(answer).toEqual({ status: 409, body: { message: VEHICLE_TAKEN_MESSAGE, code: "CONFLICT" } });
      expect(await db().booking.count({ where: { vehicleId: car.id } })).toBe(1);

      const admin = await newAdmin(server.services);
      const open = await insertRaw(null, capeTown(2, "11:00"), capeTown(4));
      const assigned = await call(server.url, "PUT", `/api/admin/bookings/${open}/assign-vehicle`, { body: { vehicleId: car.id }, auth: admin.auth });
      expect(assigned).toEqual({ status: 409, body: { message: ADMIN_BOOKING_MESSAGES.vehicleTaken, code: "CONFLICT" } });
      expect((await db().booking.findUniqueOrThrow({ where: { id: open } })).vehicleId).toBeNull();
      const cancelled = await insertRaw(car.id, capeTown(2, "11:00"), capeTown(4), "cancelled");
      const reopened = await call(server.url, "PUT", `/api/admin/bookings/${cancelled}/status`, { body: { status: "confirmed" }, auth: admin.auth });
      expect(reopened).toEqual({ status: 409, body: { message: ADMIN_BOOKING_MESSAGES.reopenTaken, code: "CONFLICT" } });
      expect(await statusOf(cancelled)).toBe("cancelled");
      // Once the car is back on time, the same booking goes through.
      await db().$executeRawUnsafe(`UPDATE "bookings" SET "returnDate" = '${sqlInstant(capeTown(2))}' WHERE "id" = '${held}'`);
      const booked = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(car, capeTown(2, "11:00"), capeTown(4)), auth: rider.auth });
      expect(booked.status).toBe(201);
    });
  });

  // The triggers pick candidates from the index by text (a day's margin each side), then compare
  // instants: a row written in a far zone, whose own date is not its UTC date, is still a clash.
  describe("SQLite: rows written in far time zones", () => {
    const at = (utc: Date, zone: "-10:00" | "+14:00") => {
      const minutes = (zone === "-10:00" ? -10 : 14) * 60;
      return new Date(utc.getTime() + minutes * 60_000).toISOString().replace("Z", zone).replace(".000", "");
    };
    const insertAsText = (vehicleId: string, pickup: string, returnAt: string) =>
      db().$executeRawUnsafe(
        `INSERT INTO "bookings" ("id", "userId", "vehicleId", "category", "pickupDate", "returnDate", "deliveryLocation", "deliveryCoordinates",
           "returnLocation", "returnCoordinates", "totalAmount", "duration", "status", "updatedAt")
         VALUES ('${crypto.randomUUID()}', '${rider.id}', '${vehicleId}', 'small', '${pickup}', '${returnAt}',
           '12 Long Street', '-33.9249,18.4241', '12 Long Street', '-33.9249,18.4241', 450, 1, 'confirmed', '${sqlInstant(new Date())}')`,
      );

    test("a return whose own date is the day before its UTC date, a pickup whose own date is the day after: both still clash", async () => {
      const day = capeTown(3).toISOString().slice(0, 10);
      const utc = (time: string) => new Date(`${day}T${time}:00.000Z`);
      const hours = (from: Date, count: number) => new Date(from.getTime() + count * 3_600_000);

      // 02:00-08:00 UTC, written at -10:00: 16:00-22:00 on the day before.
      const west = await newVehicle(server.services);
      await insertAsText(west.id, at(utc("02:00"), "-10:00"), at(utc("08:00"), "-10:00"));
      expect(isBookingOverlapViolation(await refusal(insertRaw(west.id, utc("07:00"), hours(utc("07:00"), 24))))).toBe(true);
      await insertRaw(west.id, utc("08:00"), hours(utc("08:00"), 24)); // from its return on: no clash

      // 12:00-18:00 UTC, written at +14:00: 02:00-08:00 on the day after.
      const east = await newVehicle(server.services);
      await insertAsText(east.id, at(utc("12:00"), "+14:00"), at(utc("18:00"), "+14:00"));
      expect(isBookingOverlapViolation(await refusal(insertRaw(east.id, hours(utc("13:00"), -24), utc("13:00"))))).toBe(true);
      await insertRaw(east.id, hours(utc("12:00"), -24), utc("12:00")); // up to its pickup: no clash

      expect(await db().booking.count({ where: { vehicleId: { in: [west.id, east.id] } } })).toBe(4);
    });

    test("the check reads the car's bookings from the index, not each of its bookings' instants", async () => {
      const [trigger] = await db().$queryRawUnsafe<{ sql: string }[]>(`SELECT sql FROM sqlite_master WHERE name = '${BOOKING_OVERLAP_GUARD}_insert'`);
      const probe = trigger!.sql.slice(trigger!.sql.indexOf("SELECT 1"), trigger!.sql.lastIndexOf(")")).replaceAll("NEW.", "new_row.");
      const plan = await db().$queryRawUnsafe<{ detail: string }[]>(
        `EXPLAIN QUERY PLAN WITH new_row AS (SELECT 'car' AS "vehicleId", '2027-01-01T10:00:00.000+00:00' AS "pickupDate", '2027-01-03T10:00:00.000+00:00' AS "returnDate") ${probe.replace('FROM "bookings" AS other', 'FROM new_row, "bookings" AS other')}`,
      );
      expect(plan.map((row) => row.detail).join("\n")).toMatch(
        /bookings_vehicleId_status_returnDate_pickupDate_idx \(vehicleId=\? AND status=\? AND returnDate>\?\)/,
      );
    });
  });
}
