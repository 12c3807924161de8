// The one place that opens the database. Both generated clients share the models, so the rest of
// the code is typed against the SQLite client's types and never knows which database it is on.
import { createClient as createLibSqlClient, type Config as LibSqlConfig } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../../prisma/generated/postgresql/client";
import type { DatabaseTarget } from "../config";
import { changeCounters, trackChanges } from "./changes";
import { announceChanges } from "./notifications";

export type Db = SqliteClient;
export type { Prisma } from "../../prisma/generated/sqlite/client";

/** PostgreSQL's connection pool right now: connections open, idle ones, and callers waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  provider: DatabaseTarget["provider"];
  /** The pool's counts (GET /metrics); null on SQLite (one file, no pool to speak of). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
};

// Connection codes meaning PostgreSQL had already ended the session (an operator's
// pg_terminate_backend, a failover, idle_session_timeout) or the socket is gone.
const ENDED_SESSION_CODES = new Set(["57P01", "57P02", "08003", "08006", "ECONNRESET", "EPIPE"]);
const ENDED_SESSION_MESSAGE = /Connection terminated|not queryable|terminating connection/i;
const isEndedSession = (error: unknown) =>
  ENDED_SESSION_CODES.has(String((error as { code?: unknown })?.code)) || ENDED_SESSION_MESSAGE.test(String((error as Error)?.message ?? ""));
// A plain read (no row locks): running it twice changes nothing.
const isPlainRead = (text: unknown) =>
  typeof text === "string" && /^\s*SELECT\b/i.test(text) && !/\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE|KEY\s+SHARE)\b/i.test(text);

/**
 * The PostgreSQL pool. When PostgreSQL ends the sessions (see above), the pool only learns that an
 * idle connection is dead once its socket says so, a few milliseconds later; a query handed such a
 * connection meanwhile fails. A plain read that fails that way runs once more, after a short pause
 * in which the pool drops the other dead connections, so the requests right after (readiness
 * probes, lists) are answered instead of 503. Writes are not replayed: they answer 503 "try again"
 * (their transaction never committed). Outside transactions only (Prisma runs those on pool.query).
 */
class ReconnectingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query overloads (callback and promise forms) are passed through as they are.
  override query(config: any, ...rest: any[]): any {
    if (rest.length > 0 || typeof config !== "object" || config === null || !isPlainRead(config.text)) return super.query(config, ...rest);
    return super.query(config).catch(async (error: unknown) => {
      if (!isEndedSession(error)) throw error;
      await Bun.sleep(25);
      return super.query(config);
    });
  }
}

/**
 * @prisma/adapter-libsql 7.10 brings its own @libsql/client 0.17, whose `transaction()` hands the
 * client's connection to the transaction and opens a new one for the next call, and never closes
 * the one it handed out: every Prisma transaction on SQLite (each booking, cancellation, listing
 * with a count...) leaked a connection, two file descriptors and its page cache, until the process
 * ran out of descriptors (SQLITE_CANTOPEN) after a few thousand of them (found by `bun run bench`).
 * The adapter is given our @libsql/client 0.18 instead, which keeps a small pool and gets a
 * transaction's connection back when it commits or rolls back. server/db/connections.test.ts guards it.
 */
export class PooledPrismaLibSql extends PrismaLibSql {
  override createClient(config: LibSqlConfig) {
    return collectAfterBusy(createLibSqlClient(config)) as unknown as ReturnType<PrismaLibSql["createClient"]>;
  }
}

/**
 * libsql 0.5 leaves a statement that failed with SQLITE_BUSY (another process held the write lock
 * past the busy timeout) un-reset until the garbage collector finalises it. Until then its
 * connection cannot commit ("SQL statements in progress"), and once the pool closes that
 * connection it lingers as a zombie that still holds the write lock: every writer, in every
 * process, is then refused until some later collection. So after a busy error we collect at once;
 * it costs a few milliseconds, only on that rare path. server/db/connections.test.ts guards it.
 */
function collectAfterBusy<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result = value.apply(object, args);
          if (!(result instanceof Promise)) return result;
          return result.then(
            // A transaction is the other object whose calls run statements.
            (settled) => (property === "transaction" && settled && typeof settled === "object" ? collectAfterBusy(settled) : settled),
            (error) => {
              throw collectIfBusy(error);
            },
          );
        } catch (error) {
          throw collectIfBusy(error);
        }
      };
    },
  });
}

function collectIfBusy(error: unknown): unknown {
  const text = `${(error as { code?: unknown })?.code ?? ""} ${(error as Error)?.message ?? error}`;
  if (/SQLITE_BUSY|database is locked|statements in progress/i.test(text)) Bun.gc(true);
  return error;
}

/** The driver adapter for a SQLite file URL ("file:/path/db"); `timeout` is the busy timeout in ms. */
export function sqliteAdapter(url: string, options: { timeout?: number } = {}) {
  return new PooledPrismaLibSql({ url, timeout: options.timeout ?? 10_000 });
}

/** Opens the database; the client counts its own writes (./changes.ts) for the public read cache. */
export function openDatabase(target: DatabaseTarget): Database {
  const pool = target.provider === "postgresql" ? new ReconnectingPool({ connectionString: target.url, max: 10 }) : undefined;
  const client = pool
    ? new PostgresClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) })
    : new SqliteClient({ adapter: sqliteAdapter(target.url) });
  const db = trackChanges(client);
  // Other instances drop what they cached of this client's writes (servers listen: boot.ts).
  if (target.provider === "postgresql") announceChanges(db, changeCounters(db)!);
  const poolStats = () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null);
  return { db, provider: target.provider, poolStats, close: () => db.$disconnect() };
}
