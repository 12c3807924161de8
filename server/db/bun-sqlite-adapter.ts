// A Prisma driver adapter on Bun's own `bun:sqlite`, for the server's SQLite database. It replaces
// @prisma/adapter-libsql, whose driver prepared every statement anew and cost most of a request
// (issue 16); here each connection keeps its prepared statements. Conversions follow
// @prisma/adapter-better-sqlite3 7.10 (DateTimes are written as libsql wrote them:
// "2026-11-26T10:00:00.000+00:00"), errors carry SQLite's extended code as libsql's did.
//
// Connections (better-sqlite3's adapter runs everything on one, so a concurrent request would read
// an open transaction's uncommitted rows and its writes would join that transaction):
// - a writer, for transactions and for writes outside them. A mutex lets one transaction be open
//   at a time (or one group of them sharing a COMMIT: GroupMember below); a write outside a
//   transaction waits until it ends. bun:sqlite is synchronous, so a single statement never
//   interleaves with another.
//   Plain SELECTs outside transactions run on it too while no transaction is open (its page
//   cache survives its own commits; a commit by any other connection drops a connection's cache).
// - a reader (query_only) for plain SELECTs while a transaction is open. In WAL mode each of its
//   statements sees the last committed state, so reads never wait for an open transaction and
//   never see its rows, and a read after a committed write sees it.
// Both wait `timeout` ms for locks held by other processes (asynchronously: Connection.waiting);
// foreign keys are on.
import { Database, type Statement } from "bun:sqlite";
import {
  type ArgType,
  type ColumnType,
  ColumnTypeEnum,
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";

import type { CheckpointWorkerStart } from "./checkpoint-worker";

const ADAPTER_NAME = "capedrive-bun-sqlite";

export type BunSqliteOptions = {
  /** How long a statement waits for a lock held by another connection or process (ms; busy_timeout). */
  timeout?: number;
  /**
   * PRAGMA synchronous. "FULL" (SQLite's default, and libsql's) syncs the WAL on every commit.
   * "NORMAL" syncs it only at checkpoints: a power loss or OS crash may roll back the last
   * transactions committed before it (never corrupts the file); a crash of this process loses nothing.
   */
  synchronous?: "FULL" | "NORMAL";
  /** Prepared statements kept per connection (oldest finalised beyond it). */
  statementCacheSize?: number;
  /** SQLite's page cache per connection, in MiB (SQLite's default: 2). */
  cacheMiB?: number;
  /**
   * "background": WAL checkpoints run on a worker thread with a connection of its own
   * (./checkpoint-worker.ts), so no commit pays for one; "inline" (SQLite's default): the commit
   * that takes the WAL past 1,000 pages runs it.
   */
  checkpoints?: "background" | "inline";
  /** How often the background checkpointer looks at the WAL (ms; default 100). */
  checkpointIntervalMs?: number;
  /**
   * How recently a group must have ended for the writer to count as busy, so that a lone member's
   * group waits for company (ms; default BUSY_WINDOW_MS). Tests that need "busy" whatever the
   * machine's load widen it.
   */
  groupBusyWindowMs?: number;
};

const SAFETY_NET_CHECKPOINT_PAGES = 10_000;

// ---------------------------------------------------------------------------------------------
// Conversions (as @prisma/adapter-better-sqlite3 7.10 and @prisma/adapter-libsql 7.10).

function mapDeclType(declType: string | null): ColumnType | null {
  if (declType === null) return null;
  switch (declType.toUpperCase()) {
    case "":
      return null;
    case "DECIMAL":
      return ColumnTypeEnum.Numeric;
    case "FLOAT":
      return ColumnTypeEnum.Float;
    case "DOUBLE":
    case "DOUBLE PRECISION":
    case "NUMERIC":
    case "REAL":
      return ColumnTypeEnum.Double;
    case "TINYINT":
    case "SMALLINT":
    case "MEDIUMINT":
    case "INT":
    case "INTEGER":
    case "SERIAL":
    case "INT2":
      return ColumnTypeEnum.Int32;
    case "BIGINT":
    case "UNSIGNED BIG INT":
    case "INT8":
      return ColumnTypeEnum.Int64;
    case "DATETIME":
    case "TIMESTAMP":
      return ColumnTypeEnum.DateTime;
    case "TIME":
      return ColumnTypeEnum.Time;
    case "DATE":
      return ColumnTypeEnum.Date;
    case "TEXT":
    case "CLOB":
    case "CHARACTER":
    case "VARCHAR":
    case "VARYING CHARACTER":
    case "NCHAR":
    case "NATIVE CHARACTER":
    case "NVARCHAR":
      return ColumnTypeEnum.Text;
    case "BLOB":
      return ColumnTypeEnum.Bytes;
    case "BOOLEAN":
      return ColumnTypeEnum.Boolean;
    case "JSONB":
      return ColumnTypeEnum.Json;
    default:
      return null;
  }
}

function inferColumnType(value: unknown): ColumnType {
  switch (typeof value) {
    case "string":
      return ColumnTypeEnum.Text;
    case "bigint":
      return ColumnTypeEnum.Int64;
    case "boolean":
      return ColumnTypeEnum.Boolean;
    case "number":
      return ColumnTypeEnum.UnknownNumber;
    default:
      if (value instanceof Uint8Array || value instanceof ArrayBuffer) return ColumnTypeEnum.Bytes;
      throw new Error(`unexpected value of type ${typeof value}: ${String(value)}`);
  }
}

function mapRow(row: unknown[], columnTypes: ColumnType[]): unknown[] {
  for (let i = 0; i < row.length; i++) {
    const value = row[i];
    const type = columnTypes[i];
    if (typeof value === "number") {
      if ((type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64) && !Number.isInteger(value)) row[i] = Math.trunc(value);
      else if (type === ColumnTypeEnum.DateTime) row[i] = new Date(value).toISOString();
    } else if (typeof value === "bigint") {
      if (type === ColumnTypeEnum.DateTime) row[i] = new Date(Number(value)).toISOString();
      else row[i] = Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    }
  }
  return row;
}

type Bindable = string | number | bigint | boolean | null | Uint8Array;

function mapArg(arg: unknown, argType: ArgType | undefined): Bindable {
  if (arg === null || arg === undefined) return null;
  const scalar = argType?.scalarType;
  if (typeof arg === "string") {
    switch (scalar) {
      case "int":
        return Number.parseInt(arg, 10);
      case "float":
      case "decimal":
        return Number.parseFloat(arg);
      case "bigint":
        return BigInt(arg);
      case "datetime":
        return new Date(arg).toISOString().replace("Z", "+00:00");
      case "bytes":
        return Buffer.from(arg, "base64");
      default:
        return arg;
    }
  }
  if (typeof arg === "boolean") return arg ? 1 : 0;
  // Stored as libsql stored it (timestampFormat "iso8601").
  if (arg instanceof Date) return arg.toISOString().replace("Z", "+00:00");
  return arg as Bindable;
}

// ---------------------------------------------------------------------------------------------
// Errors, mapped as @prisma/adapter-libsql mapped its (extended) codes.

const SQLITE_BUSY = 5;

type SqliteError = Error & { code: string; errno: number };
const isSqliteError = (error: unknown): error is SqliteError =>
  error instanceof Error && typeof (error as SqliteError).code === "string" && typeof (error as SqliteError).errno === "number";

function toAdapterError(error: unknown): unknown {
  if (!isSqliteError(error)) return error;
  const code = error.errno;
  const message = error.message;
  const base = { originalCode: String(code), originalMessage: message };
  switch (code) {
    case 2067: // SQLITE_CONSTRAINT_UNIQUE
    case 1555: {
      // SQLITE_CONSTRAINT_PRIMARYKEY
      const columns = message.split("constraint failed: ").at(1)?.split(", ");
      const fields = columns?.map((field) => field.split(".").pop() ?? field);
      const table = columns?.at(0)?.split(".").slice(0, -1).join(".") || undefined;
      return new DriverAdapterError({ ...base, kind: "UniqueConstraintViolation", constraint: fields ? { fields } : undefined, table });
    }
    case 1299: {
      // SQLITE_CONSTRAINT_NOTNULL
      const fields = message
        .split("constraint failed: ")
        .at(1)
        ?.split(", ")
        .map((field) => field.split(".").pop() ?? field);
      return new DriverAdapterError({ ...base, kind: "NullConstraintViolation", constraint: fields ? { fields } : undefined });
    }
    case 787: // SQLITE_CONSTRAINT_FOREIGNKEY
    case 1811: // SQLITE_CONSTRAINT_TRIGGER (a trigger's RAISE(ABORT, ...): originalMessage keeps its text)
      return new DriverAdapterError({ ...base, kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} } });
  }
  if ((code & 0xff) === SQLITE_BUSY) return new DriverAdapterError({ ...base, kind: "SocketTimeout" });
  if (message.startsWith("no such table")) return new DriverAdapterError({ ...base, kind: "TableDoesNotExist", table: message.split(": ").at(1) });
  if (message.startsWith("no such column")) return new DriverAdapterError({ ...base, kind: "ColumnNotFound", column: message.split(": ").at(1) });
  if (message.includes("has no column named "))
    return new DriverAdapterError({ ...base, kind: "ColumnNotFound", column: message.split("has no column named ").at(1) });
  return new DriverAdapterError({ ...base, kind: "sqlite", extendedCode: code, message });
}

// ---------------------------------------------------------------------------------------------
// Connections and their prepared statements.

type Prepared = {
  statement: Statement;
  columnNames: string[];
  /** Column types from the declared types; null where SQLite declares none (expressions). */
  declared: (ColumnType | null)[];
  undeclared: boolean;
};

/**
 * SQLite's own busy wait (busy_timeout) sleeps inside the statement, and bun:sqlite runs statements
 * on the server's one thread: a lock held by another process (a second server, the CLI, a backup)
 * would stop every request for as long as the wait. So SQLite does not wait by itself: `timeout`
 * is waited between attempts, asynchronously (`Connection.waiting`), a millisecond or two apart.
 * (With 10 ms of SQLite's own wait and pauses growing to 25 ms, two server processes booked 713-820
 * times a second against 925-1,014 so: each waited longer than the other held the lock; issue 16.)
 */
const SYNCHRONOUS_BUSY_WAIT_MS = 0;
/**
 * Opening a connection is the exception: its settings (WAL above all, which needs the file to
 * itself when it is not in WAL yet) wait up to this long for a lock another connection holds for a
 * moment (a closing client, a checkpoint, a migration), rather than fail the request that opened
 * it. Once per connection, when a process first reads.
 */
const OPEN_BUSY_WAIT_MS = 2_000;
/** The pauses between attempts: from the first, doubling up to the longest. */
const FIRST_LOCK_PAUSE_MS = 1;
const LONGEST_LOCK_PAUSE_MS = 2;
// SQLITE_BUSY, _RECOVERY and _TIMEOUT pass if tried again; _SNAPSHOT (517) needs a new transaction.
const RETRYABLE_BUSY = new Set(["5", "261", "773"]);
const isRetryableBusy = (error: unknown) =>
  error instanceof DriverAdapterError && RETRYABLE_BUSY.has(String((error.cause as { originalCode?: unknown }).originalCode));

/** SQLite refused because another connection holds a lock it needs (busy, busy recovering, busy timed out). */
export const isSqliteBusy = (error: unknown) => isSqliteError(error) && RETRYABLE_BUSY.has(String(error.errno));

/**
 * Runs a connection's opening step (its settings, a migrator's first statements) again while SQLite
 * answers "busy" at once, whatever its busy timeout: switching a new file to WAL upgrades a read
 * lock, which SQLite refuses without waiting when another connection is doing the same. Up to waitMs.
 */
export function retryWhileBusy<T>(work: () => T, waitMs = OPEN_BUSY_WAIT_MS): T {
  const deadline = performance.now() + waitMs;
  for (;;) {
    try {
      return work();
    } catch (error) {
      if (!(isSqliteBusy(error) && performance.now() < deadline)) throw error;
      Bun.sleepSync(10);
    }
  }
}

/** The last stamp any connection of this process handed out (see Connection.changeStamp). */
let lastChangeStamp = 0;

class Connection {
  readonly db: Database;
  readonly #statements = new Map<string, Prepared>();
  #dataVersion: Statement | undefined;
  #seenDataVersion: number | undefined;
  #stamp = 0;
  readonly #cacheSize: number;
  readonly #lockWaitMs: number;

  constructor(file: string, options: BunSqliteOptions, role: "writer" | "reader") {
    this.db = new Database(file, { create: role === "writer", readwrite: true });
    this.#cacheSize = options.statementCacheSize ?? 500;
    this.#lockWaitMs = Math.max(0, Math.round(options.timeout ?? 5_000));
    // The settings are idempotent: a lock held elsewhere for a moment (SQLite answers some of
    // those at once, whatever its busy timeout) is waited out by trying again, up to OPEN_BUSY_WAIT_MS.
    try {
      retryWhileBusy(() => this.#configure(file, options, role));
    } catch (error) {
      this.db.close(false);
      throw toAdapterError(error);
    }
  }

  #configure(file: string, options: BunSqliteOptions, role: "writer" | "reader"): void {
    this.db.exec(`PRAGMA busy_timeout = ${OPEN_BUSY_WAIT_MS}`);
    if (role === "writer" && file !== ":memory:") this.db.exec("PRAGMA journal_mode = WAL");
    this.db.exec("PRAGMA foreign_keys = ON");
    this.db.exec(`PRAGMA synchronous = ${options.synchronous ?? "FULL"}`);
    if (role === "reader") this.db.exec("PRAGMA query_only = ON");
    // Negative: KiB. SQLite's default (2 MiB) holds too little of the bookings' indexes to probe
    // a fleet's availability without going to the file for most pages.
    this.db.exec(`PRAGMA cache_size = -${Math.round((options.cacheMiB ?? 2) * 1024)}`);
    // With the background checkpointer, SQLite's own checkpoint on commit is only a safety net
    // (should the worker fall behind): at 10,000 pages (40 MiB of WAL) instead of 1,000.
    if (role === "writer" && options.checkpoints === "background") this.db.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_CHECKPOINT_PAGES}`);
    this.db.exec(`PRAGMA busy_timeout = ${SYNCHRONOUS_BUSY_WAIT_MS}`);
  }

  prepare(sql: string): Prepared {
    let prepared = this.#statements.get(sql);
    if (prepared) return prepared;
    const statement = this.db.prepare(sql);
    const declared = (statement.declaredTypes ?? []).map(mapDeclType);
    // 64-bit columns are read exactly (as bigint); other integers as numbers, as libsql read them.
    if (declared.includes(ColumnTypeEnum.Int64)) statement.safeIntegers(true);
    prepared = { statement, columnNames: statement.columnNames, declared, undeclared: declared.includes(null) };
    if (this.#statements.size >= this.#cacheSize) {
      const [oldest, evicted] = this.#statements.entries().next().value as [string, Prepared];
      this.#statements.delete(oldest);
      evicted.statement.finalize();
    }
    this.#statements.set(sql, prepared);
    return prepared;
  }

  query(query: SqlQuery): SqlResultSet {
    try {
      const { statement, columnNames, declared, undeclared } = this.prepare(query.sql);
      const rows = statement.values(...bindings(query)) as unknown[][];
      const columnTypes = undeclared ? inferTypes(declared, rows) : (declared as ColumnType[]);
      for (const row of rows) mapRow(row, columnTypes);
      return { columnNames, columnTypes, rows };
    } catch (error) {
      throw toAdapterError(error);
    }
  }

  execute(query: SqlQuery): number {
    try {
      return this.prepare(query.sql).statement.run(...bindings(query)).changes;
    } catch (error) {
      throw toAdapterError(error);
    }
  }

  /** Runs `work` (a statement on this connection), trying again while another process holds the lock, for up to `timeout` ms in all. */
  async waiting<T>(work: () => T): Promise<T> {
    const deadline = performance.now() + this.#lockWaitMs;
    for (let pause = FIRST_LOCK_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_LOCK_PAUSE_MS)) {
      try {
        return work();
      } catch (error) {
        if (!isRetryableBusy(error) || performance.now() + pause > deadline) throw error;
      }
      await Bun.sleep(pause);
    }
  }

  exec(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (error) {
      throw toAdapterError(error);
    }
  }

  /**
   * A number that stays the same only while no other connection has committed to the file since
   * the last call: SQLite's `PRAGMA data_version` (which differs after any other connection's
   * commit), turned into a stamp unique in this process, so values of two connections (one closed,
   * one opened again) never match by chance.
   */
  changeStamp(): number {
    try {
      this.#dataVersion ??= this.db.prepare("PRAGMA data_version");
      const version = (this.#dataVersion.values() as unknown[][])[0]?.[0];
      if (typeof version !== "number") throw new Error(`PRAGMA data_version answered ${String(version)}`);
      if (version !== this.#seenDataVersion) {
        this.#seenDataVersion = version;
        this.#stamp = ++lastChangeStamp;
      }
      return this.#stamp;
    } catch (error) {
      throw toAdapterError(error);
    }
  }

  /** Forgets the prepared statements (a script may have changed the schema they were made for). */
  clearStatements(): void {
    for (const { statement } of this.#statements.values()) statement.finalize();
    this.#statements.clear();
  }

  close(): void {
    this.#dataVersion?.finalize();
    this.#dataVersion = undefined;
    this.clearStatements();
    this.db.close(false);
  }
}

const bindings = (query: SqlQuery): Bindable[] => {
  const args = query.args;
  const out: Bindable[] = new Array(args.length);
  for (let i = 0; i < args.length; i++) out[i] = mapArg(args[i], query.argTypes[i]);
  return out;
};

/** Undeclared columns (expressions) take their type from the first non-null value, else Int32. */
function inferTypes(declared: (ColumnType | null)[], rows: unknown[][]): ColumnType[] {
  return declared.map((type, column) => {
    if (type !== null) return type;
    for (const row of rows) if (row[column] !== null) return inferColumnType(row[column]);
    return ColumnTypeEnum.Int32;
  });
}

/** Lets one holder at a time through, in the order they asked; says whether the next in line would join a group commit. */
class Mutex {
  #locked = false;
  readonly #waiting: { grouped: boolean; go: () => void }[] = [];

  get locked(): boolean {
    return this.#locked;
  }

  get hasWaiting(): boolean {
    return this.#waiting.length > 0;
  }

  /** Called as someone queues (a group waiting for its next member listens). */
  onQueued: (() => void) | undefined;

  /** Whether the next in line is a grouped transaction (startGroupedTransaction). */
  get nextIsGrouped(): boolean {
    return this.#waiting[0]?.grouped ?? false;
  }

  async acquire(grouped = false): Promise<() => void> {
    if (this.#locked) {
      const turn = new Promise<void>((go) => this.#waiting.push({ grouped, go }));
      this.onQueued?.();
      await turn;
    } else this.#locked = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next.go();
      else this.#locked = false;
    };
  }
}

// Every transaction takes SQLite's write lock as it begins: ours run one at a time on the writer
// anyway, and a transaction that writes later (a booking) need not dirty a row to lock first.
const BEGIN: SqlQuery = { sql: "BEGIN IMMEDIATE", args: [], argTypes: [] };

// A plain SELECT reads; anything else (WITH ... which may hide a write, PRAGMA, RETURNING writes) goes to the writer.
const PLAIN_SELECT = /^\s*SELECT\b/i;

// ---------------------------------------------------------------------------------------------
// The adapter.

class BunSqliteTransaction implements Transaction {
  readonly provider = "sqlite" as const;
  readonly adapterName = ADAPTER_NAME;
  // Prisma sends BEGIN's COMMIT/ROLLBACK as SQL through executeRaw, then calls commit()/rollback().
  readonly options: TransactionOptions = { usePhantomQuery: false };
  #release: (() => void) | undefined;

  constructor(
    readonly connection: Connection,
    release: () => void,
  ) {
    this.#release = release;
  }

  #connection(): Connection {
    if (!this.#release) throw new DriverAdapterError({ kind: "TransactionAlreadyClosed", cause: "the transaction has ended" });
    return this.connection;
  }

  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    const connection = this.#connection();
    return connection.waiting(() => connection.query(query));
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    const connection = this.#connection();
    return connection.waiting(() => connection.execute(query));
  }

  async commit(): Promise<void> {
    try {
      // Prisma has sent COMMIT already; one still open (it did not) is committed here.
      if (this.#release && this.connection.db.inTransaction) this.connection.exec("COMMIT");
    } catch (error) {
      this.#end();
      throw error;
    }
    this.#end();
  }

  async rollback(): Promise<void> {
    // After a failed COMMIT (busy) Prisma calls this without a ROLLBACK: never leave the writer in a transaction.
    this.#end();
  }

  #end(): void {
    if (!this.#release) return;
    try {
      if (this.connection.db.inTransaction) this.connection.db.exec("ROLLBACK");
    } catch {
      // Nothing more to do: SQLite had already ended it.
    } finally {
      const release = this.#release;
      this.#release = undefined;
      release();
    }
  }

  async createSavepoint(name: string): Promise<void> {
    this.#connection().exec(`SAVEPOINT ${name}`);
  }

  async rollbackToSavepoint(name: string): Promise<void> {
    this.#connection().exec(`ROLLBACK TO ${name}`);
  }

  async releaseSavepoint(name: string): Promise<void> {
    this.#connection().exec(`RELEASE SAVEPOINT ${name}`);
  }
}

/**
 * Group commit: transactions begun with `startGroupedTransaction` that are waiting for the writer
 * when the one before them ends share its SQLite transaction, each in a savepoint of its own, and
 * one COMMIT ends them all. A commit writes every page the transaction changed to the WAL, and
 * bookings change many of the same pages (the ends of the bookings' indexes, the invoice counter,
 * the outbox): a booking's COMMIT was about 40 % of the time it held the writer (issue 16).
 * Each member still sees every earlier member's writes and none of the later ones', and is
 * undone alone when it fails (ROLLBACK TO its savepoint); a member's `finish` resolves only once
 * the shared COMMIT has succeeded, so nobody hears of a write that is not on disk (as durable as
 * `synchronous` makes any commit). A group ends at MAX_GROUP members or when the next in line is
 * not a member (a Prisma transaction, a write outside transactions): they never join one.
 */
export type GroupMember = {
  queryRaw(query: SqlQuery): Promise<SqlResultSet>;
  executeRaw(query: SqlQuery): Promise<number>;
  /** Keeps the member's writes; resolves once the group has committed (rejects if it could not). */
  finish(): Promise<void>;
  /** Undoes the member's writes (the group goes on without them). */
  abandon(): Promise<void>;
};

/** Members of one group commit at most (each waits for the group's COMMIT: this bounds that wait). */
const MAX_GROUP = 32;
/**
 * How long a group with nobody in line waits for another member before it commits. The statements
 * of a transaction run without a pause (bun:sqlite is synchronous), so without this wait nobody
 * would ever be in line: bookings at 32 connections in one process made groups of 1.0 (620/s);
 * waiting up to 1 ms, groups of 14-15 (1,037-1,102/s on the same machine minutes later; issue 16).
 * It waits only while transactions come often (the group has several members, or the last group
 * ended within BUSY_WINDOW_MS): a booking on a quiet server commits at once.
 */
const GROUP_WAIT_MS = 1;
const BUSY_WINDOW_MS = 10;
const MEMBER_SAVEPOINT = "group_member";

type Group = { members: number; committed: ReturnType<typeof Promise.withResolvers<void>> };

class BunSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName = ADAPTER_NAME;
  readonly #writer: Connection;
  /** null for an in-memory database (one connection: reads then take turns with transactions). */
  readonly #reader: Connection | null;
  readonly #mutex = new Mutex();
  /** The group commit under way (see GroupMember), if any. */
  #group: Group | undefined;
  /** When the last group ended (performance.now()). */
  #lastGroupEnd = Number.NEGATIVE_INFINITY;
  readonly #busyWindowMs: number;
  readonly #checkpointer: Worker | null = null;

  constructor(file: string, options: BunSqliteOptions) {
    this.#busyWindowMs = options.groupBusyWindowMs ?? BUSY_WINDOW_MS;
    const background = file !== ":memory:" && options.checkpoints === "background";
    this.#writer = new Connection(file, { ...options, checkpoints: background ? "background" : "inline" }, "writer");
    try {
      this.#reader = file === ":memory:" ? null : new Connection(file, options, "reader");
    } catch (error) {
      this.#writer.close();
      throw error;
    }
    if (background) this.#checkpointer = startCheckpointer(file, options);
  }

  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    const reader = this.#reader;
    if (reader && PLAIN_SELECT.test(query.sql)) {
      // While no transaction is open, the writer reads: a connection's page cache is dropped
      // whenever another connection commits, so the reader would read its pages from the file
      // again after every write; the writer's survives its own commits (issue 16: available cars
      // 1.8 -> 0.5 ms of SQLite with a write between reads). It runs at once (bun:sqlite is
      // synchronous), so no transaction can begin around it. Otherwise, or when another process
      // holds a lock, the reader: it never sees an open transaction's rows nor waits for it.
      if (!this.#mutex.locked) {
        try {
          return this.#writer.query(query);
        } catch (error) {
          if (!isRetryableBusy(error)) throw error;
        }
      }
      return reader.waiting(() => reader.query(query));
    }
    return this.#writing(() => this.#writer.query(query));
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    return this.#writing(() => this.#writer.execute(query));
  }

  /**
   * A stamp that changes whenever anyone commits to the database: this process's writer, another
   * process or a script (the reader sees every other connection's commits). Rows read after a stamp
   * are still current while a later stamp equals it. null for an in-memory database (one
   * connection, which never sees its own commits this way) or when SQLite cannot say right now.
   */
  changeStamp(): number | null {
    const reader = this.#reader;
    if (!reader) return null;
    try {
      return reader.changeStamp();
    } catch {
      return null;
    }
  }

  async executeScript(script: string): Promise<void> {
    await this.#writing(() => {
      this.#writer.exec(script);
      this.#writer.clearStatements();
      this.#reader?.clearStatements();
    });
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
    const release = await this.#mutex.acquire();
    try {
      // Another process (a second server, the CLI) may hold the write lock: wait for it off the thread.
      await this.#writer.waiting(() => this.#writer.execute(BEGIN));
    } catch (error) {
      release();
      throw error;
    }
    return new BunSqliteTransaction(this.#writer, release);
  }

  /** A transaction that may share its COMMIT with the transactions queued behind it (see GroupMember). */
  async startGroupedTransaction(): Promise<GroupMember> {
    const release = await this.#mutex.acquire(true);
    const writer = this.#writer;
    let group = this.#group;
    try {
      if (!group) {
        // Another process (a second server, the CLI) may hold the write lock: wait for it off the thread.
        await writer.waiting(() => writer.execute(BEGIN));
        const committed = Promise.withResolvers<void>();
        // A member whose work failed does not wait for the commit: nobody else may be listening.
        committed.promise.catch(() => {});
        group = this.#group = { members: 0, committed };
      }
      group.members++;
      writer.exec(`SAVEPOINT ${MEMBER_SAVEPOINT}`);
    } catch (error) {
      if (group) this.#endGroup(group, error, release);
      else release();
      throw error;
    }
    const member = group;
    let open = true;
    const ensureOpen = () => {
      if (!open) throw new DriverAdapterError({ kind: "TransactionAlreadyClosed", cause: "the transaction has ended" });
    };
    return {
      queryRaw: async (query) => {
        ensureOpen();
        return writer.query(query);
      },
      executeRaw: async (query) => {
        ensureOpen();
        return writer.execute(query);
      },
      finish: async () => {
        ensureOpen();
        open = false;
        try {
          writer.exec(`RELEASE ${MEMBER_SAVEPOINT}`);
        } catch (error) {
          // SQLite ended the transaction (a full disk, an I/O error): every member's writes are gone.
          this.#endGroup(member, error, release);
          throw error;
        }
        this.#passOn(member, release);
        return member.committed.promise;
      },
      abandon: async () => {
        if (!open) return;
        open = false;
        try {
          writer.exec(`ROLLBACK TO ${MEMBER_SAVEPOINT}`);
          writer.exec(`RELEASE ${MEMBER_SAVEPOINT}`);
        } catch (error) {
          this.#endGroup(member, error, release);
          return;
        }
        this.#passOn(member, release);
      },
    };
  }

  /**
   * After a member: the next in line continues the group if it is a member too. With nobody in
   * line while transactions come often (the group has several members, or the last group ended
   * within BUSY_WINDOW_MS), the group waits up to GROUP_WAIT_MS for whoever queues first: a member
   * continues it, anyone else has it commit first. Otherwise it commits now.
   */
  #passOn(group: Group, release: () => void): void {
    const open = () => group.members < MAX_GROUP && this.#inTransaction();
    const handOn = () => {
      if (open() && this.#mutex.nextIsGrouped) release();
      else this.#endGroup(group, undefined, release);
    };
    const busy = group.members > 1 || performance.now() - this.#lastGroupEnd < this.#busyWindowMs;
    if (!busy || this.#mutex.hasWaiting || !open()) {
      handOn();
      return;
    }
    let decided = false;
    const decide = () => {
      if (decided) return;
      decided = true;
      clearTimeout(timer);
      this.#mutex.onQueued = undefined;
      handOn();
    };
    const timer = setTimeout(decide, GROUP_WAIT_MS);
    this.#mutex.onQueued = decide;
  }

  /** Whether the writer is in a transaction (false once it is closed: a timer may ask after dispose). */
  #inTransaction(): boolean {
    try {
      return this.#writer.db.inTransaction;
    } catch {
      return false;
    }
  }

  /** Commits the group (or, after `failure`, rolls back what is left of it) and hands the writer on. */
  #endGroup(group: Group, failure: unknown, release: () => void): void {
    if (this.#group === group) this.#group = undefined;
    this.#lastGroupEnd = performance.now();
    const writer = this.#writer;
    try {
      if (failure !== undefined) throw failure;
      if (!this.#inTransaction()) throw new DriverAdapterError({ kind: "TransactionAlreadyClosed", cause: "SQLite ended the transaction" });
      writer.exec("COMMIT");
      group.committed.resolve();
    } catch (error) {
      try {
        if (this.#inTransaction()) writer.db.exec("ROLLBACK");
      } catch {
        // SQLite had already ended it.
      }
      group.committed.reject(error);
    } finally {
      release();
    }
  }

  /**
   * Runs `work` on the writer outside any transaction: at once when none is open, else after it.
   * Waiting for another process's lock holds the mutex, so no transaction of ours begins on the
   * writer meanwhile (the write would run inside it).
   */
  async #writing<T>(work: () => T): Promise<T> {
    if (!this.#mutex.locked) {
      try {
        return work();
      } catch (error) {
        if (!isRetryableBusy(error)) throw error;
      }
    }
    const release = await this.#mutex.acquire();
    try {
      return await this.#writer.waiting(work);
    } finally {
      release();
    }
  }

  async dispose(): Promise<void> {
    this.#checkpointer?.postMessage("stop");
    this.#reader?.close();
    this.#writer.close();
  }
}

function startCheckpointer(file: string, options: BunSqliteOptions): Worker {
  const worker = new Worker(new URL("./checkpoint-worker.ts", import.meta.url).href);
  // A server's database lives as long as the process; the thread must not keep a finished script alive.
  (worker as Worker & { unref(): void }).unref();
  worker.postMessage({
    file,
    intervalMs: options.checkpointIntervalMs ?? 100,
    synchronous: options.synchronous ?? "FULL",
  } satisfies CheckpointWorkerStart);
  return worker;
}

/** The factory Prisma is given: `new PrismaClient({ adapter: new PrismaBunSqlite({ url: "file:/path/db" }) })`. */
export class PrismaBunSqlite implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName = ADAPTER_NAME;
  /** Its adapters offer `startGroupedTransaction` (group commit). */
  readonly groupsCommits = true;
  readonly #file: string;
  readonly #options: BunSqliteOptions;

  constructor(config: { url: string } & BunSqliteOptions) {
    const { url, ...options } = config;
    this.#file = url === ":memory:" ? url : url.replace(/^file:(\/\/)?/, "").replace(/\?.*$/, "");
    this.#options = options;
  }

  async connect(): Promise<SqlDriverAdapter & { startGroupedTransaction(): Promise<GroupMember> }> {
    return new BunSqliteAdapter(this.#file, this.#options);
  }
}
