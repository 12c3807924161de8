// PostgreSQL's prepared statements (./index.ts preparedStatementNamer): the server's statements
// get stable names, so each pool connection parses and plans them once. The namer's rules on any
// database; on PostgreSQL (TEST_DATABASE_URL), that a read through the server's client is kept
// prepared on its connection and answers the same the next time (the direct reads' own client
// prepares its statements too: ./postgres-reads.test.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openTestClients } from "../testing/harness";
import { preparedStatementNamer } from "./index";

describe("preparedStatementNamer", () => {
  test("one name per text, the same each time; other texts other names", () => {
    const name = preparedStatementNamer();
    const a = name({ sql: "SELECT 1" });
    expect(a).not.toBe("");
    expect(name({ sql: "SELECT 1" })).toBe(a);
    const b = name({ sql: 'UPDATE "users" SET name = $1 WHERE id = $2' });
    expect(b).not.toBe("");
    expect(b).not.toBe(a);
    expect(name({ sql: "  with x AS (SELECT 1) SELECT * FROM x" })).not.toBe("");
  });

  test("transaction control and other commands stay unnamed", () => {
    const name = preparedStatementNamer();
    for (const text of ["BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT s1", "SET LOCAL lock_timeout = '1s'", "LISTEN x"]) expect(name({ sql: text })).toBe("");
  });

  test("past its limit new texts run unnamed, the ones named before keep their names", () => {
    const name = preparedStatementNamer(2);
    const first = name({ sql: "SELECT 1" });
    const second = name({ sql: "SELECT 2" });
    expect(name({ sql: "SELECT 3" })).toBe("");
    expect(name({ sql: "SELECT 1" })).toBe(first);
    expect(name({ sql: "SELECT 2" })).toBe(second);
  });
});

describe.if(!!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
  let clients: Awaited<ReturnType<typeof openTestClients>>;
  beforeAll(async () => {
    clients = await openTestClients();
  });
  afterAll(async () => {
    await clients?.close();
  });

  test("a read is prepared once on its connection and answers the same when run again", async () => {
    const { db } = clients.opened;
    const admin = await db.adminUser.create({ data: { email: `${crypto.randomUUID()}@example.com`, passwordHash: "x", firstName: "Ada", lastName: "Named" } });
    const read = () => db.adminUser.findUnique({ where: { id: admin.id }, select: { id: true, lastName: true } });
    expect(await read()).toEqual({ id: admin.id, lastName: "Named" });
    // One request at a time: Prisma's pool hands back the connection it used last.
    const prepared = await db.$queryRaw<{ name: string; statement: string }[]>`SELECT name, statement FROM pg_prepared_statements`;
    const mine = prepared.filter((p) => /^SELECT\b/.test(p.statement) && p.statement.includes('"admin_users"') && p.statement.includes('"lastName"'));
    expect(mine.length).toBe(1);
    expect(mine[0]!.name).toStartWith("capedrive_");
    await db.adminUser.update({ where: { id: admin.id }, data: { lastName: "Renamed" } });
    expect(await read()).toEqual({ id: admin.id, lastName: "Renamed" });
    const again = await db.$queryRaw<{ name: string }[]>`SELECT name FROM pg_prepared_statements WHERE name = ${mine[0]!.name}`;
    expect(again.length).toBe(1);
  });
});
