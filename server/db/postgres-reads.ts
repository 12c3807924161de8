// PostgreSQL: the plain reads sent past Prisma outside transactions (./direct.ts queryRows: the
// session check, the lists' pages, kept rows read again) go through Bun's own client (Bun.SQL), a
// pool of its own beside Prisma's. `pg` and Prisma's adapter decode each value of a row in
// JavaScript (a string cut from a buffer, then a parser, then the adapter's normaliser); Bun.SQL
// does it natively. At 32 connections the signed-in lists took 23-47 % less of the server's CPU a
// request and served 25-75 % more requests a second (issue 16). Writes (the mailer's claims, a
// rate-limit counter written alone), transactions and everything Prisma runs stay on Prisma's pool:
// with the mailer's updates on this pool too, bookings under load fell by a quarter.
import { SQL } from "bun";
import { type ColumnType, ColumnTypeEnum, DriverAdapterError, type SqlQuery, type SqlResultSet } from "@prisma/driver-adapter-utils";

/**
 * The column types `typed` (./direct.ts) acts on, by PostgreSQL type oid. Every other column is
 * passed through as Bun decoded it: text (enums too), numbers, booleans, arrays, and JSON already
 * parsed (a Json column type would parse a JSON string value a second time).
 */
const COLUMN_TYPES: ReadonlyMap<number, ColumnType> = new Map([
  [16, ColumnTypeEnum.Boolean], // bool
  [20, ColumnTypeEnum.Int64], // int8: text, a number where it fits
  [1700, ColumnTypeEnum.Numeric], // numeric: text, a Decimal
  [1082, ColumnTypeEnum.DateTime], // date
  [1114, ColumnTypeEnum.DateTime], // timestamp: read as UTC, as Prisma writes it
  [1184, ColumnTypeEnum.DateTime], // timestamptz
]);

// Connection codes meaning PostgreSQL had already ended the session (an operator's
// pg_terminate_backend, a failover, idle_session_timeout) or the socket is gone: `pg`'s and Bun's.
const ENDED_SESSION_CODES = new Set(["57P01", "57P02", "08003", "08006", "ECONNRESET", "EPIPE", "ERR_POSTGRES_CONNECTION_CLOSED"]);
const ENDED_SESSION_MESSAGE = /Connection terminated|not queryable|terminating connection|connection closed/i;
/** Whether `error` (a driver's, or one of its causes) says the session had ended before the statement ran. */
export const isEndedSession = (error: unknown): boolean => {
  const failure = error as { code?: unknown; errno?: unknown; message?: unknown; cause?: unknown } | null;
  if (!failure || typeof failure !== "object") return false;
  if (ENDED_SESSION_CODES.has(String(failure.code)) || ENDED_SESSION_CODES.has(String(failure.errno))) return true;
  if (ENDED_SESSION_MESSAGE.test(String(failure.message ?? ""))) return true;
  const cause = failure.cause as { originalCode?: unknown } | undefined;
  return typeof cause?.originalCode === "string" && ENDED_SESSION_CODES.has(cause.originalCode);
};
/** A plain read (no row locks): running it twice changes nothing. */
export const isPlainRead = (text: unknown): boolean =>
  typeof text === "string" && /^\s*SELECT\b/i.test(text) && !/\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE|KEY\s+SHARE)\b/i.test(text);
/** How long a plain read that met an ended session waits before its one more try (the pool drops its other dead connections meanwhile). */
const ENDED_SESSION_PAUSE_MS = 25;

/**
 * `run` (the statement `text`), and once more after a short pause when it is a plain read that was
 * handed a session PostgreSQL had already ended, so the requests right after an operator's
 * pg_terminate_backend or a failover are answered instead of 503. Writes are not replayed: they
 * answer 503 "try again" (they never committed). Both pools' rule: Prisma's (./index.ts
 * ReconnectingPool) and this file's.
 */
export async function readAgainIfEnded<T>(text: unknown, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isEndedSession(error) || !isPlainRead(text)) throw error;
    await Bun.sleep(ENDED_SESSION_PAUSE_MS);
    return run();
  }
}

/** Bun's codes for a connection that could not be made, or was lost. */
const CONNECTION_LOST = /CONNECTION_CLOSED|SOCKET|TIMEOUT/;
const CONNECTION_FAILED = /CONNECTION_REFUSED|CONNECTION_FAILED|TLS|AUTHENTICATION|INVALID_SERVER/;

type BunPostgresError = Error & { code?: string; errno?: string; severity?: string; detail?: string; column?: string; hint?: string };

/**
 * A Bun.SQL failure as Prisma's PostgreSQL adapter reports its own (a `DriverAdapterError`), so the
 * error handling above (../errors.ts: 503 for a database that cannot be used right now) reads both
 * alike: a server error keeps its SQLSTATE; a lost or refused connection says so.
 */
export function toAdapterError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== "PostgresError") return error;
  const failure = error as BunPostgresError;
  if (typeof failure.errno === "string" && /^[0-9A-Z]{5}$/.test(failure.errno)) {
    return new DriverAdapterError({
      kind: "postgres",
      code: failure.errno,
      severity: failure.severity ?? "ERROR",
      message: failure.message,
      detail: failure.detail,
      column: failure.column,
      hint: failure.hint,
      originalCode: failure.errno,
      originalMessage: failure.message,
    });
  }
  const code = failure.code ?? "";
  if (CONNECTION_LOST.test(code)) return new DriverAdapterError({ kind: "ConnectionClosed", originalCode: code, originalMessage: failure.message });
  if (CONNECTION_FAILED.test(code)) return new DriverAdapterError({ kind: "DatabaseNotReachable", originalCode: code, originalMessage: failure.message });
  return error;
}

/**
 * The URL's query parameters Bun.SQL is given: the ones it or PostgreSQL understand. Bun passes any
 * other parameter to PostgreSQL as a setting, and PostgreSQL refuses the connection for one it does
 * not know (`?schema=public`, `?connection_limit=5`: Prisma's, which `pg` ignores), so those are
 * left out, as `pg` leaves them out.
 */
const URL_PARAMETERS_KEPT = new Set(["host", "port", "sslmode", "sslrootcert", "sslcert", "sslkey", "options", "client_encoding"]);

/** `url` with only the query parameters Bun.SQL can be given (URL_PARAMETERS_KEPT). */
export function readsUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) if (!URL_PARAMETERS_KEPT.has(name)) parsed.searchParams.delete(name);
  return parsed.toString();
}

/** How these connections name themselves to PostgreSQL (`pg_stat_activity.application_name`), for operators. */
export const READS_APPLICATION_NAME = "capedrive-reads";

/** Reads on PostgreSQL through Bun.SQL: rows as arrays, with the adapter's column types. The pool opens on the first read. */
export class PostgresReads {
  #sql: SQL | undefined;

  constructor(
    readonly url: string,
    /** Connections at most; idle ones close after a minute. */
    readonly max = 10,
  ) {}

  /** Plain reads only (no writes, no row locks): each may run twice (readAgainIfEnded), and writes stay on Prisma's pool. */
  serves(text: string): boolean {
    return isPlainRead(text);
  }

  async query({ sql: text, args }: SqlQuery): Promise<SqlResultSet> {
    type Result = unknown[][] & { columns?: { name: string; type: number }[] };
    const run = () => {
      this.#sql ??= new SQL({ url: readsUrl(this.url), max: this.max, idleTimeout: 60, connection: { application_name: READS_APPLICATION_NAME } });
      return this.#sql.unsafe(text, args as never[]).values() as Promise<Result>;
    };
    let result: Result;
    try {
      result = await readAgainIfEnded(text, run);
    } catch (error) {
      throw toAdapterError(error);
    }
    const columns = result.columns;
    // Bun 1.4 says what each column is; without it no value could be typed as Prisma types it.
    if (!columns) throw new Error("Bun.SQL gave no column types: this runtime's client cannot serve the direct reads");
    const columnNames = new Array<string>(columns.length);
    const columnTypes = new Array<ColumnType>(columns.length);
    for (let i = 0; i < columns.length; i++) {
      columnNames[i] = columns[i]!.name;
      columnTypes[i] = COLUMN_TYPES.get(columns[i]!.type) ?? ColumnTypeEnum.Text;
    }
    // The result is an array with Bun's own fields besides its rows; the rows alone are read.
    return { columnNames, columnTypes, rows: result };
  }

  /** Closes the pool; a later read opens a new one. */
  async close(): Promise<void> {
    const sql = this.#sql;
    this.#sql = undefined;
    await sql?.close();
  }
}
