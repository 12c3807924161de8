// Reads sent to the driver directly (./direct.ts), on SQLite or PostgreSQL: they answer what
// Prisma's $queryRaw answers, with the same types, on the connections Prisma uses (a committed
// write is seen at once, an open transaction's rows are not), and survive a disconnect.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openTestClients } from "../testing/harness";
import { changeCounters } from "./changes";
import { directTransaction, instantOf, queryNestedRows, queryRows } from "./direct";
import { isTransientDbError } from "./vehicle-lock";
import { type Database, type Db, sql } from "./index";

let clients: Awaited<ReturnType<typeof openTestClients>>;
let opened: Database;
/** A client of the same database that openDatabase did not make: queryRows goes through Prisma there. */
let plain: Db;
beforeAll(async () => {
  clients = await openTestClients();
  ({ opened, plain } = clients);
});
afterAll(async () => {
  await clients?.close();
});

const db = () => opened.db;

async function newAdmin(isActive: boolean) {
  return db().adminUser.create({
    data: { email: `${crypto.randomUUID()}@example.com`, passwordHash: "x", firstName: "Ada", lastName: "Direct", role: "admin", isActive },
  });
}

describe("queryRows", () => {
  test("answers as Prisma's $queryRaw does: dates as Date, flags as booleans, counts as numbers, nulls as null", async () => {
    const [on, off] = [await newAdmin(true), await newAdmin(false)];
    const query = () => sql`
      SELECT a.id, a."isActive" AS active, a."createdAt" AS created, d."isActive" AS "driverActive",
        (SELECT count(*) FROM admin_users) AS admins
      FROM admin_users a LEFT JOIN drivers d ON d.id = a.id WHERE a.id IN (${on.id}, ${off.id}) ORDER BY a."isActive" DESC`;
    const direct = await queryRows<Record<string, unknown>>(db(), query());
    expect(direct).toEqual([
      { id: on.id, active: true, created: on.createdAt, driverActive: null, admins: expect.any(Number) },
      { id: off.id, active: false, created: off.createdAt, driverActive: null, admins: expect.any(Number) },
    ]);
    expect(direct[0]!.created).toBeInstanceOf(Date);
    expect(direct[0]!.admins).toBe(await db().adminUser.count());
    // The same statement through Prisma (a client openDatabase did not make) gives the same rows.
    expect(await queryRows(plain, query())).toEqual(direct);
  });

  test("answers as Prisma's $queryRaw does: money as Decimal, Json parsed", async () => {
    const car = await db().vehicle.create({
      data: {
        registrationNumber: `CA ${crypto.randomUUID().slice(0, 8)}`,
        make: "Kia",
        model: "Picanto",
        year: 2024,
        category: "small",
        dailyRate: "449.50",
        features: ["Bluetooth", "Air conditioning"],
        lastKnownLocation: { lat: -33.92, lon: 18.42 },
      },
    });
    const query = () => sql`SELECT "dailyRate", "salesPrice", features, "lastKnownLocation" FROM vehicles WHERE id = ${car.id}`;
    const [direct] = await queryRows<{ dailyRate: { toFixed(digits: number): string }; salesPrice: null; features: string[]; lastKnownLocation: object }>(
      db(),
      query(),
    );
    expect(direct!.dailyRate.constructor).toBe(car.dailyRate.constructor);
    expect(direct!.dailyRate.toFixed(2)).toBe("449.50");
    expect(direct!.salesPrice).toBeNull();
    expect(direct!.features).toEqual(["Bluetooth", "Air conditioning"]);
    expect(direct!.lastKnownLocation).toEqual({ lat: -33.92, lon: 18.42 });
    const [viaPrisma] = await queryRows<typeof direct>(plain, query());
    expect({ ...viaPrisma, dailyRate: viaPrisma!.dailyRate.toFixed(2) }).toEqual({ ...direct!, dailyRate: direct!.dailyRate.toFixed(2) });
    expect(viaPrisma!.dailyRate.constructor).toBe(direct!.dailyRate.constructor);
  });

  test("a date parameter compares with stored dates as Prisma's do", async () => {
    const admin = await newAdmin(true);
    const before = new Date(admin.createdAt.getTime() - 1);
    const after = new Date(admin.createdAt.getTime() + 1);
    const count = async (since: Date) =>
      (await queryRows<{ n: number }>(db(), sql`SELECT count(*) AS n FROM admin_users WHERE id = ${admin.id} AND "createdAt" > ${since}`))[0]!.n;
    expect([await count(before), await count(after)]).toEqual([1, 0]);
  });

  test("sees a committed write at once, never an open transaction's rows", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const find = async () => (await queryRows<{ id: string }>(db(), sql`SELECT id FROM admin_users WHERE email = ${email}`)).length;
    let seenInside = -1;
    await db().$transaction(async (tx) => {
      await tx.adminUser.create({ data: { email, passwordHash: "x", firstName: "T", lastName: "X", role: "admin" } });
      seenInside = await find();
    });
    expect(seenInside).toBe(0);
    expect(await find()).toBe(1);
  });
});

describe("instantOf", () => {
  test("reads an instant as the adapters write it exactly as new Date does, across years, months, leap days and milliseconds", () => {
    const start = Date.UTC(1999, 11, 31, 23, 59, 59, 999);
    // Every 7,919 minutes and 7 ms for about 30 years: every month's last days, both leap-day kinds.
    for (let at = start; at < Date.UTC(2030, 0, 1); at += 7_919 * 60_000 + 7) {
      const iso = new Date(at).toISOString();
      for (const text of [iso, iso.replace("Z", "+00:00")]) {
        const read = instantOf(text);
        expect([read.getTime(), read.toISOString(), JSON.stringify(read)]).toEqual([at, iso, JSON.stringify(iso)]);
      }
    }
    // PostgreSQL's text drops a fraction's trailing zeros (its adapter then writes "T" and "+00:00").
    for (const [text, iso] of [
      ["2027-07-24T06:00:00+00:00", "2027-07-24T06:00:00.000Z"],
      ["2027-07-24T06:00:00.2+00:00", "2027-07-24T06:00:00.200Z"],
      ["2027-07-24T06:00:00.25+00:00", "2027-07-24T06:00:00.250Z"],
      ["2027-07-24T06:00:00.257+00:00", "2027-07-24T06:00:00.257Z"],
      ["2027-07-24T06:00:00.05Z", "2027-07-24T06:00:00.050Z"],
      ["2027-07-24T06:00:00Z", "2027-07-24T06:00:00.000Z"],
    ]) {
      expect(instantOf(text!).toISOString()).toBe(iso!);
      expect(instantOf(text!).getTime()).toBe(new Date(text!).getTime());
    }
    expect(instantOf("2024-02-29T12:00:00.000+00:00").toISOString()).toBe("2024-02-29T12:00:00.000Z");
    // The calendar's edges, computed without Date.UTC: centuries that are leap years or not, the first and last years read.
    for (const iso of [
      "1000-01-01T00:00:00.000Z",
      "1600-02-29T23:59:59.999Z",
      "1900-02-28T12:00:00.000Z",
      "1900-03-01T00:00:00.000Z",
      "2000-02-29T06:00:00.000Z",
      "2100-02-28T06:00:00.000Z",
      "2100-03-01T06:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
    ]) {
      expect(instantOf(iso.replace("Z", "+00:00")).getTime()).toBe(new Date(iso).getTime());
    }
  });

  test("an instant read keeps its text as its ISO form only while its time is unchanged; it is a Date like any other", () => {
    const read = instantOf("2027-07-24T06:00:00.257+00:00");
    expect(read).toBeInstanceOf(Date);
    expect(read).toEqual(new Date("2027-07-24T06:00:00.257Z"));
    read.setUTCHours(7);
    expect([read.toISOString(), JSON.stringify(read)]).toEqual(["2027-07-24T07:00:00.257Z", '"2027-07-24T07:00:00.257Z"']);
    read.setTime(Date.UTC(2027, 6, 24, 6, 0, 0, 257));
    expect(read.toISOString()).toBe("2027-07-24T06:00:00.257Z");
  });

  test("anything else is read by new Date: other zones and forms, days that do not exist, stray characters", () => {
    for (const text of [
      "2025-03-05T08:00:00.000+02:00",
      "2025-03-05 06:00:00",
      "2025-03-05",
      "2025-02-30T06:00:00.000+00:00",
      "2023-02-29T06:00:00.000Z",
      "1900-02-29T06:00:00.000Z",
      "2100-02-29T06:00:00.000+00:00",
      "2025-04-31T06:00:00.000Z",
      "2025-13-05T06:00:00.000Z",
      "2025-03-05T24:00:00.000Z",
      "2025-03-05T06:00:00.0a0Z",
      "2025-03-05T06:00:00.Z",
      "2025-03-05T06:00:00.1234+00:00",
      "2025-03-05T06:00:00,5Z",
      "2025-03-05T06:00+00:00",
      "20x5-03-05T06:00:00.000+00:00",
      "not a date at all, but 29 ch",
    ]) {
      const expected = new Date(text).getTime();
      const read = instantOf(text).getTime();
      if (Number.isNaN(expected)) expect(read).toBeNaN();
      else expect(read).toBe(expected);
    }
  });
});

describe("queryNestedRows", () => {
  test("a join's relation.column names become one object per relation, in column order; a relation the join missed is null; as through Prisma", async () => {
    const [on, off] = [await newAdmin(true), await newAdmin(false)];
    const driver = await db().driver.create({
      data: { id: on.id, name: "Dee Direct", phone: "0821234567", email: `${crypto.randomUUID()}@example.com`, passwordHash: "x" },
    });
    const query = () => sql`
      SELECT a.id, a."createdAt" AS created, d.id AS "driver.id", d.name AS "driver.name", d."isActive" AS "driver.isActive", a."isActive" AS active
      FROM admin_users a LEFT JOIN drivers d ON d.id = a.id WHERE a.id IN (${on.id}, ${off.id}) ORDER BY a."isActive" DESC`;
    const nested = await queryNestedRows<Record<string, unknown>>(db(), query(), ["driver"]);
    expect(nested).toEqual([
      { id: on.id, created: on.createdAt, active: true, driver: { id: driver.id, name: "Dee Direct", isActive: true } },
      { id: off.id, created: off.createdAt, active: false, driver: null },
    ]);
    expect(Object.keys(nested[0]!)).toEqual(["id", "created", "active", "driver"]);
    expect(nested[0]!.created).toBeInstanceOf(Date);
    expect(await queryNestedRows(plain, query(), ["driver"])).toEqual(nested);
  });

  test("any column name is only a key: quotes, backslashes, code and __proto__ are read as written", async () => {
    const on = await newAdmin(true);
    const names = [`it's "quoted"`, "back\\slash", "x}; throw new Error('no'); ({", "__proto__", "d.x\ny"];
    const query = () =>
      sql(
        [`SELECT a.id, ${names.map((name, i) => `${i} AS "${name.replaceAll('"', '""')}"`).join(", ")}, a.id AS "d.id" FROM admin_users a WHERE a.id = `, ""],
        on.id,
      );
    const [row] = await queryNestedRows<Record<string, unknown>>(db(), query(), ["d"]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(row!)).toEqual(["id", ...names.filter((name) => !name.startsWith("d.")), "d"]);
    names.forEach((name, i) => {
      if (!name.startsWith("d.")) expect(Object.getOwnPropertyDescriptor(row!, name)?.value).toBe(i);
    });
    expect(row!.d).toEqual({ "x\ny": 4, id: on.id });
    // The same statement with other columns builds rows of its own shape, not the first one's.
    const [plainRow] = await queryRows<Record<string, unknown>>(db(), sql`SELECT a.id, 7 AS seven FROM admin_users a WHERE a.id = ${on.id}`);
    expect(plainRow).toEqual({ id: on.id, seven: 7 });
  });
});

describe("directTransaction", () => {
  const email = () => `${crypto.randomUUID()}@example.com`;
  const insert = (
    address: string,
  ) => sql`INSERT INTO admin_users ("id", "email", "passwordHash", "firstName", "lastName", "role", "isActive", "createdAt", "updatedAt")
    VALUES (${crypto.randomUUID()}, ${address}, 'x', 'T', 'X', 'admin', ${true}, ${new Date()}, ${new Date()}) RETURNING "id"`;

  test("commits what it wrote, or nothing when it throws; drops the caches it names once it ends", async () => {
    const counters = changeCounters(db())!;
    const [kept, dropped] = [email(), email()];
    const before = [counters.version(["bookings"]), counters.version(["catalogue"])];
    const rows = await directTransaction(db(), ["bookings"], (tx) => tx.$queryRaw<{ id: string }[]>(insert(kept)));
    expect(rows).toHaveLength(1);
    expect([counters.version(["bookings"]) === before[0], counters.version(["catalogue"]) === before[1]]).toEqual([false, true]);
    await expect(
      directTransaction(db(), [], async (tx) => {
        await tx.$queryRaw(insert(dropped));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await db().adminUser.count({ where: { email: { in: [kept, dropped] } } })).toBe(1);
    expect(await db().adminUser.findUnique({ where: { email: kept } })).toMatchObject({ isActive: true, firstName: "T" });
  });

  test("waits for a connection (or SQLite's writer) at most startWaitMs, then fails as transient and holds nothing", async () => {
    // Every connection of the pool (PostgreSQL, 10), or the one writer (SQLite), held for a while.
    const holders = opened.provider === "sqlite" ? 1 : 10;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = Array.from({ length: holders }, () =>
      db().$transaction(
        async (tx) => {
          await tx.adminUser.count();
          await held;
        },
        { timeout: 20_000, maxWait: 20_000 },
      ),
    );
    await Bun.sleep(200);
    const refused = await directTransaction(db(), [], (tx) => tx.$queryRaw`SELECT 1 AS one`, { startWaitMs: 100 }).catch((error: unknown) => error);
    expect(isTransientDbError(refused)).toBe(true);
    release();
    await Promise.all(holding);
    // The transaction that began late was rolled back: the next one begins at once and commits.
    const address = email();
    await directTransaction(db(), [], (tx) => tx.$queryRaw(insert(address)), { startWaitMs: 2_000 });
    expect(await db().adminUser.count({ where: { email: address } })).toBe(1);
    // On PostgreSQL every connection is back in the pool (none left inside a forgotten transaction).
    const stats = opened.poolStats();
    if (stats) expect(stats.total - stats.idle).toBe(0);
  });
});

// Last: a disconnect ends the PostgreSQL pool the other tests look at.
describe("after a disconnect", () => {
  test("works again after the client disconnects (it connects again, as Prisma does)", async () => {
    const admin = await newAdmin(true);
    await db().$disconnect();
    const rows = await queryRows<{ id: string }>(db(), sql`SELECT id FROM admin_users WHERE id = ${admin.id}`);
    expect(rows).toEqual([{ id: admin.id }]);
    // And Prisma's own queries still work on the same client.
    expect(await db().adminUser.count({ where: { id: admin.id } })).toBe(1);
  });
});
