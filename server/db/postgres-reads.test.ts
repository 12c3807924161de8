// PostgreSQL's direct reads on Bun's own client (./postgres-reads.ts): its failures read as the
// adapter's do (a 503 for a database that cannot be used), and, with TEST_DATABASE_URL, the reads
// really take that path, their values are typed as Prisma types them, and a read handed a session
// PostgreSQL has ended is answered.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import pg from "pg";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { unavailableError } from "../errors";
import { openTestClients } from "../testing/harness";
import { queryRows } from "./direct";
import { sql } from "./index";
import { isEndedSession, isPlainRead, PostgresReads, READS_APPLICATION_NAME, readsUrl, toAdapterError } from "./postgres-reads";

describe("failures and statements, on any database", () => {
  test("a refused connection is a database that cannot be reached: 503 Service Unavailable", async () => {
    // A port nothing listens on: Bun's own error, as the server would meet it.
    const nowhere = new SQL({ url: "postgres://postgres:postgres@127.0.0.1:9/postgres", max: 1, connectionTimeout: 2 });
    const failure = await nowhere.unsafe("SELECT 1", []).then(
      () => null,
      (error: unknown) => error,
    );
    const mapped = toAdapterError(failure);
    expect(mapped).toBeInstanceOf(DriverAdapterError);
    expect((mapped as DriverAdapterError).cause.kind).toBe("DatabaseNotReachable");
    expect(unavailableError(mapped)?.code).toBe("SERVICE_UNAVAILABLE");
  });

  test("only a plain read goes to Bun's client and runs again; ended sessions are told by pg's codes and Bun's", () => {
    expect(isPlainRead(`SELECT id FROM bookings WHERE "userId" = $1`)).toBe(true);
    expect(isPlainRead(`\n  SELECT id FROM vehicles WHERE id = $1 FOR UPDATE`)).toBe(false);
    expect(isPlainRead(`SELECT id FROM users FOR NO KEY UPDATE`)).toBe(false);
    expect(isPlainRead(`INSERT INTO rate_limits ("key") VALUES ($1) RETURNING "count"`)).toBe(false);
    expect(isEndedSession({ code: "57P01", message: "terminating connection due to administrator command" })).toBe(true);
    expect(isEndedSession({ code: "ERR_POSTGRES_CONNECTION_CLOSED", message: "Connection closed" })).toBe(true);
    expect(isEndedSession({ code: "23505", message: "duplicate key value violates unique constraint" })).toBe(false);
    expect(isEndedSession(null)).toBe(false);
  });

  test("the URL keeps the parameters PostgreSQL accepts and drops Prisma's, which PostgreSQL would refuse", () => {
    expect(readsUrl("postgres://app:s%40cret@db.internal:5433/rentals?schema=public&connection_limit=5&sslmode=require&options=-c%20search_path%3Dapp")).toBe(
      "postgres://app:s%40cret@db.internal:5433/rentals?sslmode=require&options=-c+search_path%3Dapp",
    );
    expect(readsUrl("postgresql://u:p@127.0.0.1:5432/db")).toBe("postgresql://u:p@127.0.0.1:5432/db");
    // A Unix socket named as pg and Bun both read it.
    expect(readsUrl("postgres://app@localhost/rentals?host=/var/run/postgresql&pgbouncer=true")).toBe(
      "postgres://app@localhost/rentals?host=%2Fvar%2Frun%2Fpostgresql",
    );
  });

  test("anything that is not Bun's PostgreSQL error passes through unchanged", () => {
    const other = new TypeError("not a database error");
    expect(toAdapterError(other)).toBe(other);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe("PostgreSQL", () => {
    let clients: Awaited<ReturnType<typeof openTestClients>>;
    beforeAll(async () => {
      clients = await openTestClients();
    });
    afterAll(async () => {
      await clients?.close();
    });
    const db = () => clients.opened.db;

    test("the plain reads outside transactions go through Bun's client, which names itself to PostgreSQL; writes do not", async () => {
      const [row] = await queryRows<{ name: string }>(db(), sql`SELECT current_setting('application_name') AS name`);
      expect(row!.name).toBe(READS_APPLICATION_NAME);
      // A write sent alone (the mailer's claims, a rate-limit counter) stays on Prisma's pool.
      const admin = await db().adminUser.create({
        data: { email: `${crypto.randomUUID()}@example.com`, passwordHash: "x", firstName: "Ada", lastName: "Reads", role: "admin" },
      });
      const [written] = await queryRows<{ name: string }>(
        db(),
        sql`UPDATE admin_users SET "lastName" = 'Written' WHERE id = ${admin.id} RETURNING current_setting('application_name') AS name`,
      );
      expect(written!.name).not.toBe(READS_APPLICATION_NAME);
      // Prisma's own statements stay on its pool.
      const [viaPrisma] = await db().$queryRaw<{ name: string }[]>`SELECT current_setting('application_name') AS name`;
      expect(viaPrisma!.name).not.toBe(READS_APPLICATION_NAME);
    });

    test("values as Prisma's $queryRaw gives them: instants in UTC, large counts exact, a JSON string not parsed twice, enums as text", async () => {
      const query = () => sql`
        SELECT '2026-11-29 06:00:00.123'::timestamp(3) AS instant, 9007199254740993::int8 AS huge, 42::int8 AS small,
          '"just text"'::jsonb AS "jsonText", '{"lat": -33.92}'::jsonb AS "jsonObject", 'confirmed'::"BookingStatus" AS status,
          1350.5::numeric(10, 2) AS money, true AS flag, NULL::text AS nothing`;
      const [direct] = await queryRows<Record<string, unknown>>(db(), query());
      expect(direct).toEqual({
        instant: new Date(Date.UTC(2026, 10, 29, 6, 0, 0, 123)),
        huge: "9007199254740993",
        small: 42,
        jsonText: "just text",
        jsonObject: { lat: -33.92 },
        status: "confirmed",
        money: expect.anything(),
        flag: true,
        nothing: null,
      });
      expect((direct!.money as { toFixed(digits: number): string }).toFixed(2)).toBe("1350.50");
      // Through Prisma (a client openDatabase did not make), the same; but a 64-bit integer past
      // 2^53, a BigInt there and exact text here (./direct.ts: numbers only where they fit).
      const [viaPrisma] = await queryRows<Record<string, unknown>>(clients.plain, query());
      expect(String(viaPrisma!.huge)).toBe(direct!.huge as string);
      const comparable = (row: Record<string, unknown>) => ({ ...row, huge: undefined, money: String(row.money) });
      expect(comparable(viaPrisma!)).toEqual(comparable(direct!));
    });

    test("a URL with Prisma's parameters (?schema=, ?connection_limit=) still reads", async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set("schema", "public");
      url.searchParams.set("connection_limit", "5");
      const reads = new PostgresReads(url.toString(), 1);
      try {
        expect((await reads.query({ sql: "SELECT 1 AS one", args: [], argTypes: [] })).rows).toEqual([[1]]);
      } finally {
        await reads.close();
      }
    });

    test("its statements are prepared once on a connection, then only run", async () => {
      const reads = new PostgresReads(process.env.TEST_DATABASE_URL!, 1);
      try {
        const marker = `probe_${crypto.randomUUID().replaceAll("-", "")}`;
        const statement = { sql: `SELECT count(*) AS ${marker} FROM pg_class WHERE relpages > $1`, args: [0], argTypes: [] };
        for (let i = 0; i < 3; i++) expect((await reads.query(statement)).columnNames).toEqual([marker]);
        const prepared = await reads.query({ sql: "SELECT statement FROM pg_prepared_statements", args: [], argTypes: [] });
        expect(prepared.rows.filter(([text]) => String(text).includes(marker)).length).toBe(1);
      } finally {
        await reads.close();
      }
    });

    test("a server error keeps its SQLSTATE", async () => {
      const failure = await queryRows(db(), sql`SELECT 1 / ${0} AS never`).then(
        () => null,
        (error: unknown) => error as DriverAdapterError,
      );
      expect(failure).toBeInstanceOf(DriverAdapterError);
      expect(failure!.cause).toMatchObject({ kind: "postgres", code: "22012" });
      expect(unavailableError(failure)).toBeNull();
    });

    test("a read handed a session PostgreSQL has just ended is answered", async () => {
      const probe = () => queryRows<{ one: number }>(db(), sql`SELECT 1 AS one`);
      await Promise.all([probe(), probe(), probe()]);
      const [{ name }] = (await queryRows<{ name: string }>(db(), sql`SELECT current_database() AS name`)) as [{ name: string }];
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND datname = $2`,
          [READS_APPLICATION_NAME, name],
        );
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      expect(await Promise.all([probe(), probe(), probe()])).toEqual([[{ one: 1 }], [{ one: 1 }], [{ one: 1 }]]);
    });
  });
}
