// The one place that opens the database. Both generated clients share the models, so the rest of
// the code is typed against the SQLite client's types and never knows which database it is on.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient as SqliteClient, Prisma as SqlitePrisma } from "../../prisma/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../../prisma/generated/postgresql/client";
import { type DatabaseTarget, SQLITE_DEFAULTS, type SqliteTuning } from "../config";
import { changeCounters, trackChanges } from "./changes";
import { SharedAdapterFactory, shareAdapter } from "./direct";
import { PrismaBunSqlite } from "./bun-sqlite-adapter";
import { isPlainRead, PostgresReads, readAgainIfEnded } from "./postgres-reads";
import { announceChanges } from "./notifications";

export type Db = SqliteClient;
export type { Prisma } from "../../prisma/generated/sqlite/client";
/**
 * Fragments for `$queryRaw` (a list of rows, say), and the Decimal of money columns: both clients
 * share the runtime that makes them.
 */
export const { sql, join, raw, empty, Decimal } = SqlitePrisma;

/** PostgreSQL's connection pool right now: connections open, idle ones, and callers waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  provider: DatabaseTarget["provider"];
  /** The pool's counts (GET /metrics); null on SQLite (one file, no pool to speak of). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
};

/**
 * The PostgreSQL pool. When PostgreSQL ends the sessions (an operator's pg_terminate_backend, a
 * failover, idle_session_timeout), the pool only learns that an idle connection is dead once its
 * socket says so, a few milliseconds later; a query handed such a connection meanwhile fails. A
 * plain read that fails that way runs once more (./postgres-reads.ts readAgainIfEnded), so the
 * requests right after (readiness probes, lists) are answered instead of 503. Outside transactions
 * only (Prisma runs those on pool.query).
 */
class ReconnectingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query overloads (callback and promise forms) are passed through as they are.
  override query(config: any, ...rest: any[]): any {
    if (rest.length > 0 || typeof config !== "object" || config === null || !isPlainRead(config.text)) return super.query(config, ...rest);
    return readAgainIfEnded(config.text, () => super.query(config));
  }
}

/**
 * Names for PostgreSQL's prepared statements: the same text always gets the same name, so each
 * pool connection parses and plans a statement once and then only binds and executes it (an
 * unnamed statement is parsed and planned on every use: a session lookup cost 180-320 µs that way
 * against 95-130 µs named, with `pg` alone). Only plain statements (SELECT, INSERT, UPDATE,
 * DELETE, WITH), and at most `PREPARED_STATEMENT_LIMIT` different texts a process: texts beyond it
 * (a list of ids of a length not seen before, say) run unnamed as before, so no connection keeps
 * more. Needs direct connections to PostgreSQL (a pooler in transaction mode would mix them up).
 */
export function preparedStatementNamer(limit = PREPARED_STATEMENT_LIMIT): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql: text }) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= limit || !PREPARABLE.test(text)) return "";
    const name = `capedrive_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}
export const PREPARED_STATEMENT_LIMIT = 1_000;
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/**
 * The adapter for a SQLite database at `url` (file:/path): bun:sqlite with cached statements, one
 * writer and one reader connection (./bun-sqlite-adapter.ts), tuned as `options` say, else as
 * SQLITE_DEFAULTS (a 32 MiB page cache each, WAL checkpoints on a worker thread). `timeout`: how long a statement
 * waits for another process's write lock before failing as busy (the server waits 10 s).
 */
export function sqliteAdapter(url: string, options: { timeout?: number } & SqliteTuning = {}): PrismaBunSqlite {
  return new PrismaBunSqlite({
    url,
    timeout: options.timeout ?? 10_000,
    synchronous: options.synchronous ?? SQLITE_DEFAULTS.synchronous,
    cacheMiB: options.cacheMiB ?? SQLITE_DEFAULTS.cacheMiB,
    checkpoints: options.checkpoints ?? SQLITE_DEFAULTS.checkpoints,
  });
}

/** PostgreSQL connections a process opens at most for Prisma's pool (writes, transactions, Prisma's own reads). */
const POOL_SIZE = 10;
/**
 * And for the plain reads on Bun.SQL (./postgres-reads.ts): fewer, because Bun pipelines a read onto
 * a busy connection anyway (round robin, even with others idle), and PostgreSQL then answers several
 * per wakeup. Against 10, in two interleaved pairs of `bun run bench` on PostgreSQL (two processes,
 * 32 connections): GraphQL `myBookings` +32 and +37 % req/s, `GET /api/bookings` +29 and +26 %, the
 * admin lists +3 to +13 %, PostgreSQL's CPU a customer's list request 35-40 % less, bookings and
 * searches beside them unchanged within the noise. Not 1: a slow read (a count over a large table)
 * then holds up every read of the process.
 */
const READS_POOL_SIZE = 3;

/** Opens the database; the client counts its own writes (./changes.ts) for the public read cache. */
export function openDatabase(target: DatabaseTarget): Database {
  const pool = target.provider === "postgresql" ? new ReconnectingPool({ connectionString: target.url, max: POOL_SIZE }) : undefined;
  // Shared: the hottest reads run on the same adapter past Prisma's client (./direct.ts); on
  // PostgreSQL the plain reads outside transactions on Bun's own client, on a few connections of its own.
  const reads = pool ? new PostgresReads(target.url, READS_POOL_SIZE) : undefined;
  const adapter = new SharedAdapterFactory(
    pool
      ? new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: preparedStatementNamer() })
      : sqliteAdapter(target.url, target.provider === "sqlite" ? target : {}),
    reads,
  );
  const client = pool ? new PostgresClient({ adapter }) : new SqliteClient({ adapter });
  const db = trackChanges(client);
  shareAdapter(db, adapter);
  // Other instances drop what they cached of this client's writes (servers listen: boot.ts).
  if (target.provider === "postgresql") announceChanges(db, changeCounters(db)!);
  const poolStats = () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null);
  const close = async () => {
    await db.$disconnect();
    await reads?.close();
  };
  return { db, provider: target.provider, poolStats, close };
}
