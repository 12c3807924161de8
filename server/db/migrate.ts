// Applies the committed migrations at start (and from `rentals-cli db migrate`). It records them in
// Prisma's own `_prisma_migrations` table with Prisma's checksums, so `prisma migrate deploy` and
// `status` on a machine with the native engine read the same history. Creating migrations is
// prisma/tools/new-migration.ts (Prisma's schema engine); applying them needs only SQL.
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import { isAbsolute, relative } from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "../config";
import { readMigrations } from "../../prisma/tools/migrations";
import { isSqliteBusy } from "./bun-sqlite-adapter";

type Row = Record<string, unknown>;
/** SQLite: how long a status read, or a migration holding the write lock, waits out another lock (WAL seldom makes them). */
const SQLITE_LOCK_WAIT_MS = 10_000;
/**
 * SQLite: how long one attempt at the write lock blocks (busy_timeout). Between attempts the
 * migrator lets the event loop run, so its "waiting" line reaches the terminal while it waits on.
 */
const SQLITE_LOCK_ATTEMPT_MS = 100;
/** PostgreSQL: the advisory lock migrators take (Prisma's own id), so instances starting together migrate one at a time. */
export const MIGRATION_LOCK = 72707369;
/** How long a migrator waits for another's lock before saying so. */
const QUIET_LOCK_WAIT_MS = 1_000;
/** How long a migrator waits for another's lock at most, unless the target says (MIGRATION_LOCK_TIMEOUT_SECONDS). */
export const DEFAULT_MIGRATION_LOCK_TIMEOUT_SECONDS = 300;

/** Another process held the migration lock for longer than this one waits. */
export class MigrationLockTimeout extends Error {}

/** Says that the migrator waits for another process's migration, and whose (a line for the operator). */
export type OnWaiting = (line: string) => void;
type Runner = {
  /** Runs one migration's SQL and records it, atomically; false when another process already had. */
  apply(name: string, checksum: string, sql: string): Promise<boolean>;
  applied(): Promise<{ name: string; checksum: string }[]>;
  close(): Promise<void>;
};

export type MigrationStatus = { applied: string[]; pending: string[]; modified: string[] };

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

const createTable = {
  sqlite: `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
    "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
    "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`,
  postgresql: `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`,
};

const appliedQuery = `SELECT "migration_name" AS name, "checksum" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL ORDER BY "migration_name"`;

/** The file as the operator named it: relative to the working folder when inside it ("data/capedrive.db"). */
function shownPath(file: string): string {
  const inside = relative(process.cwd(), file);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? inside : file;
}

/**
 * SQLite has one write lock per file and no way to ask who holds it: another process migrating,
 * a server's long write, or a sqlite3 shell left in a transaction. `take` runs a step that needs
 * it again while SQLite answers busy: quietly for a second, then saying so once, and giving up
 * after `timeoutSeconds` of one wait with a one-line MigrationLockTimeout.
 */
function sqliteLockWaiter(file: string, timeoutSeconds: number, onWaiting: OnWaiting) {
  let said = false;
  return async function take<T>(step: () => T): Promise<T> {
    const started = performance.now();
    for (;;) {
      try {
        return step();
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
      }
      const waited = performance.now() - started;
      if (waited >= timeoutSeconds * 1000)
        throw new MigrationLockTimeout(
          `Gave up after waiting ${timeoutSeconds} s for another process to finish migrating ${shownPath(file)} (it still holds the write lock): ` +
            "try again once it is done, or end the process if it is stuck (a sqlite3 shell left in a transaction, say; `fuser` on the file names it). " +
            "MIGRATION_LOCK_TIMEOUT_SECONDS sets how long to wait.",
        );
      if (!said && waited >= QUIET_LOCK_WAIT_MS) {
        said = true;
        onWaiting(`Waiting for another process to finish migrating ${shownPath(file)} (it holds the database's write lock)`);
      }
      await Bun.sleep(10);
    }
  };
}

// bun:sqlite, as the server's adapter (./bun-sqlite-adapter.ts): two SQLite libraries must not
// open one file in one process (POSIX locks are per process, so they would not exclude each other,
// and libsql closes its files only when collected).
async function sqliteRunner(
  file: string,
  forStatus: boolean,
  lockTimeoutSeconds = DEFAULT_MIGRATION_LOCK_TIMEOUT_SECONDS,
  onWaiting: OnWaiting = () => {},
): Promise<Runner> {
  if (forStatus && !existsSync(file)) return emptyHistory;
  const db = new Database(file, { create: !forStatus, readwrite: true });
  if (forStatus)
    return readOnlyRunner(
      async () => {
        db.exec(`PRAGMA busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
        if (!db.query(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get()) return [];
        const rows = db.query(appliedQuery).all() as Row[];
        return rows.map((r) => ({ name: String(r.name), checksum: String(r.checksum) }));
      },
      async () => db.close(false),
    );
  const take = sqliteLockWaiter(file, lockTimeoutSeconds, onWaiting);
  try {
    db.exec(`PRAGMA busy_timeout = ${SQLITE_LOCK_ATTEMPT_MS}`);
    // WAL lets readers work while a writer commits; the mode is stored in the file. Two processes
    // starting on a new file both switch it, and SQLite refuses one at once: it tries again.
    await take(() => {
      db.exec("PRAGMA journal_mode = WAL");
      db.exec("PRAGMA foreign_keys = ON");
      db.exec(createTable.sqlite);
    });
  } catch (error) {
    db.close(false);
    throw error;
  }
  return {
    async applied() {
      const rows = (await take(() => db.query(appliedQuery).all())) as Row[];
      return rows.map((r) => ({ name: String(r.name), checksum: String(r.checksum) }));
    },
    async apply(name, checksum, sql) {
      await take(() => db.exec("BEGIN IMMEDIATE"));
      // Holding the write lock, the rest waits as long as it must (a COMMIT outside WAL waits for readers).
      db.exec(`PRAGMA busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
      try {
        // Another process may have applied it while we waited for the write lock.
        const done = db.query(`SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = ? AND "finished_at" IS NOT NULL`).all(name);
        if (done.length === 0) {
          db.exec(sql);
          db.query(
            `INSERT INTO "_prisma_migrations" ("id","checksum","finished_at","migration_name","started_at","applied_steps_count") VALUES (?,?,current_timestamp,?,current_timestamp,1)`,
          ).run(crypto.randomUUID(), checksum, name);
        }
        db.exec("COMMIT");
        return done.length === 0;
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      } finally {
        db.exec(`PRAGMA busy_timeout = ${SQLITE_LOCK_ATTEMPT_MS}`);
      }
    },
    async close() {
      db.close(false);
    },
  };
}

/**
 * Who holds the migration lock, as far as PostgreSQL tells: the session's server pid, its
 * application (ours name their host and process), user, address and since when. Other users'
 * sessions show only their pid to a user without the pg_read_all_stats role.
 */
async function migrationLockHolder(client: pg.Client): Promise<{ pid: number; text: string } | null> {
  const { rows } = await client.query<Row>(
    `SELECT l."pid", a."application_name", a."usename", host(a."client_addr") AS "client", floor(extract(epoch FROM now() - a."backend_start"))::int AS "seconds"
       FROM pg_locks l LEFT JOIN pg_stat_activity a ON a."pid" = l."pid"
      WHERE l."locktype" = 'advisory' AND l."granted" AND l."classid" = 0 AND l."objid" = $1 AND l."objsubid" = 1
        AND l."database" = (SELECT "oid" FROM pg_database WHERE "datname" = current_database())`,
    [MIGRATION_LOCK],
  );
  const row = rows[0];
  if (!row) return null;
  const parts = [
    `PostgreSQL session pid ${row.pid}`,
    row.application_name ? `application "${row.application_name}"` : null,
    row.usename ? `user ${row.usename}` : null,
    row.client ? `from ${row.client}` : null,
    typeof row.seconds === "number" ? `connected ${row.seconds} s ago` : null,
  ];
  return { pid: Number(row.pid), text: parts.filter(Boolean).join(", ") };
}

/** Takes the migration lock if it comes free within `ms`; false if not. */
async function lockWithin(client: pg.Client, ms: number): Promise<boolean> {
  await client.query(`SET lock_timeout = ${Math.max(1, Math.ceil(ms))}`);
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === "55P03") return false; // lock_not_available
    throw error;
  } finally {
    await client.query("RESET lock_timeout");
  }
}

/**
 * Waits for the migration lock: quietly for a second (another instance's migration is usually
 * quick), then says whose it is, and gives up after `timeoutSeconds` (a session left holding it
 * would otherwise keep every start waiting without a word).
 */
async function takeMigrationLock(client: pg.Client, timeoutSeconds: number, onWaiting: OnWaiting): Promise<void> {
  const timeoutMs = timeoutSeconds * 1000;
  if (await lockWithin(client, Math.min(QUIET_LOCK_WAIT_MS, timeoutMs))) return;
  const holder = await migrationLockHolder(client);
  onWaiting(`Waiting for another migration to finish (lock held by ${holder?.text ?? "a session that has just let it go"})`);
  if (timeoutMs > QUIET_LOCK_WAIT_MS && (await lockWithin(client, timeoutMs - QUIET_LOCK_WAIT_MS))) return;
  const still = (await migrationLockHolder(client)) ?? holder;
  throw new MigrationLockTimeout(
    `Gave up after waiting ${timeoutSeconds} s for another migration to finish (lock held by ${still?.text ?? "another session"}): ` +
      `if it is still migrating, try again once it is done; if that session is stuck, end it (SELECT pg_terminate_backend(${still?.pid ?? "<pid>"})). ` +
      "MIGRATION_LOCK_TIMEOUT_SECONDS sets how long to wait.",
  );
}

async function postgresRunner(
  url: string,
  forStatus: boolean,
  lockTimeoutSeconds = DEFAULT_MIGRATION_LOCK_TIMEOUT_SECONDS,
  onWaiting: OnWaiting = () => {},
): Promise<Runner> {
  // Named so that another migrator waiting for the lock can say whose it is.
  const client = new pg.Client({ connectionString: url, application_name: `capedrive migrate on ${hostname()} pid ${process.pid}` });
  await client.connect();
  if (forStatus)
    return readOnlyRunner(
      async () => {
        const { rows } = await client.query<Row>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
        if (!rows[0]?.present) return [];
        return (await client.query<Row>(appliedQuery)).rows.map((r) => ({ name: String(r.name), checksum: String(r.checksum) }));
      },
      () => client.end(),
    );
  // Several servers may start at once: one migrates, the others wait.
  try {
    await takeMigrationLock(client, lockTimeoutSeconds, onWaiting);
  } catch (error) {
    await client.end();
    throw error;
  }
  await client.query(createTable.postgresql);
  return {
    async applied() {
      const { rows } = await client.query<Row>(appliedQuery);
      return rows.map((r) => ({ name: String(r.name), checksum: String(r.checksum) }));
    },
    async apply(name, checksum, sql) {
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" ("id","checksum","finished_at","migration_name","started_at","applied_steps_count") VALUES ($1,$2,now(),$3,now(),1)`,
          [crypto.randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
        return true;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
    async close() {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await client.end();
    },
  };
}

/**
 * A runner for migrationStatus reads the history and creates nothing: `db status`, or any CLI
 * command's check for pending migrations, against a mistyped DATABASE_URL (someone else's
 * database) must not leave a `_prisma_migrations` table, or a new SQLite file, behind.
 */
function openRunner(target: DatabaseTarget, forStatus = false, onWaiting?: OnWaiting) {
  return target.provider === "sqlite"
    ? sqliteRunner(target.file, forStatus, target.migrationLockTimeoutSeconds, onWaiting)
    : postgresRunner(target.url, forStatus, target.migrationLockTimeoutSeconds, onWaiting);
}

/** A runner that only reads the history. */
function readOnlyRunner(read: () => Promise<{ name: string; checksum: string }[]>, close: () => Promise<void>): Runner {
  return { applied: read, apply: () => Promise.reject(new Error("This migration runner only reads the history")), close };
}

/** No database file yet: nothing applied. */
const emptyHistory: Runner = readOnlyRunner(
  async () => [],
  async () => {},
);

async function compare(runner: Runner, target: DatabaseTarget): Promise<MigrationStatus & { sources: { name: string; sql: string }[] }> {
  const sources = await readMigrations(target.provider);
  const applied = await runner.applied();
  const appliedByName = new Map(applied.map((m) => [m.name, m.checksum]));
  return {
    sources,
    applied: applied.map((m) => m.name),
    pending: sources.filter((m) => !appliedByName.has(m.name)).map((m) => m.name),
    modified: sources.filter((m) => appliedByName.has(m.name) && appliedByName.get(m.name) !== sha256(m.sql)).map((m) => m.name),
  };
}

/**
 * Applies pending migrations in order; returns the names it applied. `log` hears each one applied;
 * `onWaiting` (else `log`) hears that another process's migration is being waited for.
 */
export async function migrate(target: DatabaseTarget, log?: (line: string) => void, options: { onWaiting?: OnWaiting } = {}): Promise<string[]> {
  const runner = await openRunner(target, false, options.onWaiting ?? log);
  try {
    const status = await compare(runner, target);
    for (const name of status.modified) log?.(`migration ${name} was changed after it was applied (checksum differs); not re-applied`);
    const pending = status.sources.filter((m) => status.pending.includes(m.name));
    const applied: string[] = [];
    for (const migration of pending) {
      // Another process (a second instance starting at the same moment) may have applied it.
      if (!(await runner.apply(migration.name, sha256(migration.sql), migration.sql))) continue;
      applied.push(migration.name);
      log?.(`applied migration ${migration.name}`);
    }
    return applied;
  } finally {
    await runner.close();
  }
}

export async function migrationStatus(target: DatabaseTarget): Promise<MigrationStatus> {
  const runner = await openRunner(target, true);
  try {
    const { applied, pending, modified } = await compare(runner, target);
    return { applied, pending, modified };
  } finally {
    await runner.close();
  }
}
