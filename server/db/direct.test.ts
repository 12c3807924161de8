// Reads sent to the driver directly (./direct.ts), on SQLite or PostgreSQL: they answer what
// Prisma's $queryRaw answers, with the same types, on the connections Prisma uses (a committed
// write is seen at once, an open transaction's rows are not), and survive a disconnect.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../../prisma/generated/postgresql/client";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { createTestDatabase, testConfig, type TestDatabase } from "../testing/harness";
import { queryRows } from "./direct";
import { type Database, type Db, openDatabase, sql, sqliteAdapter } from "./index";
import { migrate } from "./migrate";

let database: TestDatabase;
let opened: Database;
/** A client of the same database that openDatabase did not make: queryRows goes through Prisma there. */
let plain: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database);
  await migrate(config.database);
  opened = openDatabase(config.database);
  plain =
    config.database.provider === "sqlite"
      ? new SqliteClient({ adapter: sqliteAdapter(config.database.url) })
      : (new PostgresClient({ adapter: new PrismaPg({ connectionString: config.database.url }) }) as unknown as Db);
});
afterAll(async () => {
  await plain?.$disconnect();
  await opened?.close();
  await database?.drop();
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

  test("works again after the client disconnects (it connects again, as Prisma does)", async () => {
    const admin = await newAdmin(true);
    await db().$disconnect();
    const rows = await queryRows<{ id: string }>(db(), sql`SELECT id FROM admin_users WHERE id = ${admin.id}`);
    expect(rows).toEqual([{ id: admin.id }]);
    // And Prisma's own queries still work on the same client.
    expect(await db().adminUser.count({ where: { id: admin.id } })).toBe(1);
  });
});
