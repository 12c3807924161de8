// Real parts for tests: a fresh database per test file (a SQLite file, or a new PostgreSQL
// database when TEST_DATABASE_URL is set) and the real server on a random loopback port.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient as PostgresClient } from "../../prisma/generated/postgresql/client";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { loadConfig, type Config, type DatabaseTarget } from "../config";
import { startServer, type RunningServer } from "../boot";
import { type Database, type Db, openDatabase, sqliteAdapter } from "../db";
import { migrate } from "../db/migrate";
import { createLogger } from "../log";
import type { Services } from "../services/context";

export type TestDatabase = { dataDir: string; databaseUrl?: string; drop(): Promise<void> };

/** A new empty database: SQLite in a temp folder, or a fresh PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "capedrive-test-"));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `capedrive_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const GENEROUS_LIMITS: Record<string, string> = {
  BOOKING_MAX_ACTIVE: "1000",
  BOOKING_MAX_DAYS: "365",
  BOOKING_ALLOW_OVERLAP: "true",
  BOOKING_ATTEMPTS_PER_HOUR: "1000000",
  BOOKING_ATTEMPTS_PER_HOUR_PER_ADDRESS: "1000000",
  UPLOAD_QUOTA_FILES: "100000",
  UPLOAD_QUOTA_MB: "100000",
  UPLOADS_PER_HOUR: "1000000",
};

export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    TOKEN_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    WEB_DIST: join(import.meta.dir, "..", "..", "web", "dist"),
    // Tests of other rules book and upload far more than one customer may: the per-account limits
    // are lifted here, and server/services/quotas.test.ts runs with the operator's defaults.
    ...GENEROUS_LIMITS,
    ...env,
  });
}

export type TestServer = RunningServer & { database: TestDatabase; close(): Promise<void> };

/** Starts the real server on a random loopback port over a fresh database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const server = await startServer(testConfig(database, env), { print: () => {} });
  return {
    ...server,
    database,
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}

/** Services over a fresh migrated database, without HTTP, for service tests. */
export async function createTestServices(env: Record<string, string> = {}): Promise<Services & { close(): Promise<void> }> {
  const database = await createTestDatabase();
  const config = testConfig(database, env);
  await migrate(config.database);
  const opened = openDatabase(config.database);
  return {
    db: opened.db,
    provider: opened.provider,
    log: createLogger("silent"),
    config,
    async close() {
      await opened.close();
      await database.drop();
    },
  };
}

/**
 * A Prisma client of the database that openDatabase did not make: it counts no changes and shares
 * no adapter, so the direct statements of ../db/direct.ts go through Prisma on it. `logQueries`
 * makes it emit Prisma's query events (to count statements).
 */
export function plainClient(target: DatabaseTarget, options: { logQueries?: boolean } = {}): Db {
  const log = options.logQueries ? [{ emit: "event" as const, level: "query" as const }] : [];
  return target.provider === "sqlite"
    ? (new SqliteClient({ adapter: sqliteAdapter(target.url), log }) as unknown as Db)
    : (new PostgresClient({ adapter: new PrismaPg({ connectionString: target.url }), log }) as unknown as Db);
}

/** A fresh migrated database, opened as the server opens it and through a plain client (`plainClient`). */
export async function openTestClients(): Promise<{ opened: Database; plain: Db; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const config = testConfig(database);
  await migrate(config.database);
  const opened = openDatabase(config.database);
  const plain = plainClient(config.database);
  return {
    opened,
    plain,
    async close() {
      await plain.$disconnect();
      await opened.close();
      await database.drop();
    },
  };
}

/** POSTs a GraphQL operation and returns the parsed body. */
export async function graphql<T = any>(baseUrl: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] } };
}

/**
 * A statement's plan as text: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's EXPLAIN with
 * sequential scans off (it plans by its statistics and would scan a test's tiny tables), in a
 * transaction rolled back after `prepare` (e.g. dropping an index the test wants out of the way).
 */
export async function queryPlan(
  db: Db,
  provider: Services["provider"],
  statement: string,
  values: unknown[] = [],
  prepare?: (tx: Pick<Db, "$executeRawUnsafe">) => Promise<unknown>,
): Promise<string> {
  if (provider === "sqlite") {
    const rows = await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${statement}`, ...values);
    return rows.map((row) => row.detail).join("\n");
  }
  let plan = "";
  const rollBack = new Error("roll back");
  await db
    .$transaction(async (tx) => {
      await prepare?.(tx);
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${statement}`, ...values);
      plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      throw rollBack;
    })
    .catch((error) => {
      if (error !== rollBack) throw error;
    });
  return plan;
}
