// Statements sent straight to the driver adapter, past Prisma's client. Prisma's client spends
// about 100 µs on each statement above the driver (its query interpreter, promises and
// conversions; 100-200 µs measured in issue 16), several times what a one-row indexed read costs
// SQLite. The hottest paths go this way, everything else stays on Prisma: the session check of every
// signed-in request, a booking's customer and rate-limit counter, the ids of a page of a customer's
// bookings (`queryRows`), and a new booking's transaction (`directTransaction`), whose statements
// are all SQL and which, on SQLite, holds the database's one writer while it runs.
//
// The statements run on the very adapter Prisma uses (`SharedAdapterFactory` below remembers it):
// on SQLite the same reader (reads) and writer (transactions); on PostgreSQL transactions on the
// same pool, and the plain reads outside them on Bun's own client (./postgres-reads.ts), whose
// values cost the server a fraction of what `pg` and Prisma's adapter make of them. Rows come back as objects with
// the values typed as Prisma's `$queryRaw` types them (DateTime as Date, Boolean as boolean, money as
// Decimal, Json parsed), except that 64-bit integers are numbers when they fit (counts, on
// PostgreSQL, are 64-bit).
import {
  type ArgType,
  type ColumnType,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import type { GroupMember } from "./bun-sqlite-adapter";
import { changeCounters, type ChangeTag } from "./changes";
import { Prisma as SqlitePrisma } from "../../prisma/generated/sqlite/client";
import type { Db, Prisma } from "./index";

// From the client's runtime, as ./index.ts takes them (which imports this file).
const { Decimal, sql } = SqlitePrisma;

/** Where the plain reads outside transactions go instead of the adapter (PostgreSQL: ./postgres-reads.ts). */
export type DirectReads = {
  /** Whether a statement goes there: a plain read; any write stays on the adapter. */
  serves(sql: string): boolean;
  query(query: SqlQuery): Promise<SqlResultSet>;
  close(): Promise<void>;
};

/**
 * The factory given to Prisma, which keeps the adapter Prisma connected so that direct statements
 * use the same connections (or `reads`, for the plain reads outside transactions). A disconnect (Prisma
 * disposes the adapter) forgets it and closes `reads`; the next use connects again, as Prisma does.
 */
export class SharedAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider: SqlDriverAdapterFactory["provider"];
  readonly adapterName: string;
  #connected: Promise<SqlDriverAdapter> | undefined;

  constructor(
    readonly inner: SqlDriverAdapterFactory,
    readonly reads?: DirectReads,
  ) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  connect(): Promise<SqlDriverAdapter> {
    this.#connected ??= this.inner.connect().then((adapter) => {
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        this.#connected = undefined;
        await this.reads?.close();
        return dispose();
      };
      return adapter;
    });
    const connected = this.#connected;
    // A failed connection is not kept: the next call tries again.
    connected.catch(() => {
      if (this.#connected === connected) this.#connected = undefined;
    });
    return connected;
  }
}

const registry = new WeakMap<object, SharedAdapterFactory>();

/** Lets `queryRows` on `db` (or on a wrapper of it) run on `factory`'s adapter. */
export function shareAdapter(db: object, factory: SharedAdapterFactory): void {
  registry.set(db, factory);
}

function argTypeOf(value: unknown): ArgType {
  switch (typeof value) {
    case "string":
      return { scalarType: "string", arity: "scalar" };
    case "number":
      return { scalarType: Number.isInteger(value) ? "int" : "float", arity: "scalar" };
    case "boolean":
      return { scalarType: "boolean", arity: "scalar" };
    case "bigint":
      return { scalarType: "bigint", arity: "scalar" };
    default:
      if (value instanceof Date) return { scalarType: "datetime", arity: "scalar" };
      if (Decimal.isDecimal(value)) return { scalarType: "decimal", arity: "scalar" };
      return { scalarType: "unknown", arity: "scalar" };
  }
}

/** The adapter's form of a `sql` fragment: `?` placeholders for SQLite, `$1` for PostgreSQL; dates and decimals as text, as Prisma sends them. */
function adapterQuery(provider: SqlDriverAdapterFactory["provider"], query: Prisma.Sql): SqlQuery {
  const values = query.values;
  const args: unknown[] = new Array(values.length);
  const argTypes: ArgType[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    argTypes[i] = argTypeOf(value);
    args[i] = value instanceof Date ? value.toISOString() : Decimal.isDecimal(value) ? value.toString() : value === undefined ? null : value;
  }
  return { sql: provider === "postgres" ? query.text : query.sql, args, argTypes };
}

/** The number written by `count` decimal digits of `text` from `at`, or NaN where one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A Date read from the database's text, which answers `toISOString` (and so JSON) with that text
 * instead of writing it anew: a page of 50 admin entries writes 200 instants, at about 110 ns each
 * (issue 16). Should anything change its time, it writes itself as any Date does.
 */
class StoredInstant extends Date {
  readonly #time: number;
  readonly #iso: string;
  constructor(time: number, iso: string) {
    super(time);
    this.#time = time;
    this.#iso = iso;
  }
  override toISOString(): string {
    return this.getTime() === this.#time ? this.#iso : super.toISOString();
  }
}

/**
 * An instant as the adapters return them, in UTC ("2025-03-05T06:00:00.000+00:00" or ending in
 * "Z"; PostgreSQL's with no fraction, or one of 1 or 2 digits, when the milliseconds end in zeros:
 * "2025-03-05T06:00:00+00:00"), read digit by digit: the engine's general date parser took about
 * 400 ns a value, this about 140, and a page of 50 admin bookings reads 250 of them (issue 16).
 * Anything else, or a date that does not exist (February 30th), goes to `new Date` as before.
 */
export function instantOf(text: string): Date {
  const length = text.length;
  // Where the zone starts: "Z", or "+00:00".
  const zone = text.charCodeAt(length - 1) === 90 ? length - 1 : text.endsWith("+00:00") ? length - 6 : -1;
  // 19 characters of date and time, then nothing or "." and 1 to 3 digits of a second.
  const fraction = zone - 20;
  if (
    (zone === 19 || (fraction >= 1 && fraction <= 3 && text[19] === ".")) &&
    text[4] === "-" &&
    text[7] === "-" &&
    text[10] === "T" &&
    text[13] === ":" &&
    text[16] === ":"
  ) {
    const year = digitsAt(text, 0, 4);
    const month = digitsAt(text, 5, 2);
    const day = digitsAt(text, 8, 2);
    const hour = digitsAt(text, 11, 2);
    const minute = digitsAt(text, 14, 2);
    const second = digitsAt(text, 17, 2);
    const millis = zone === 19 ? 0 : digitsAt(text, 20, fraction) * (fraction === 1 ? 100 : fraction === 2 ? 10 : 1);
    // Every comparison with NaN (a character that is not a digit) is false. A day past the
    // month's end (February 30th) is not a date: `new Date` below answers it as it always did.
    if (year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59 && millis >= 0) {
      const time = (((daysSinceEpoch(year, month, day) * 24 + hour) * 60 + minute) * 60 + second) * 1000 + millis;
      // Three digits of a second: the text is the ISO form already, up to its zone.
      return fraction === 3 ? new StoredInstant(time, length === 24 ? text : `${text.slice(0, 23)}Z`) : new Date(time);
    }
  }
  return new Date(text);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysInMonth = (year: number, month: number) => (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar (year >= 1000; month 1-12),
 * in integer arithmetic (H. Hinnant's days_from_civil): what `Date.UTC` computes, without its
 * call into the engine, which was a third of reading an instant (issue 16).
 */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function typed(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case ColumnTypeEnum.DateTime:
      return value instanceof Date ? value : instantOf(String(value));
    case ColumnTypeEnum.Boolean:
      return value === true || value === 1 || value === 1n || value === "1" || value === "true" || value === "t";
    case ColumnTypeEnum.Int64:
      return typeof value === "bigint" || typeof value === "string" ? safeNumber(value) : value;
    case ColumnTypeEnum.Numeric:
      // A number as it is (decimal.js reads a small integer without parsing text; any other number
      // it reads from its string, as before).
      return Decimal.isDecimal(value) ? value : new Decimal(typeof value === "number" ? value : String(value));
    case ColumnTypeEnum.Json:
      return typeof value === "string" ? JSON.parse(value) : value;
    default:
      return typeof value === "bigint" ? safeNumber(value) : value;
  }
}

function safeNumber(value: bigint | string): number | bigint | string {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
}

function toRows<T>(result: { columnNames: string[]; columnTypes: ColumnType[]; rows: unknown[][] }): T[] {
  return result.rows.map(rowBuilder(result.columnNames, result.columnTypes, NO_RELATIONS)) as T[];
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;
const NO_RELATIONS: readonly string[] = [];
const rowBuilders = new Map<string, RowBuilder>();
const ROW_BUILDERS_KEPT = 500;

/**
 * What turns one statement's values into its rows: a function made once per list of columns, whose
 * object literal gives every row its keys in one go (a page of 50 bookings of 20 columns: 11 µs
 * key by key, under 5 this way). The columns named `relation.column` for a relation in
 * `relations` fill one object per relation, null where the join found nothing (its id is null),
 * after the row's own keys. Column names reach the code only as JSON string literals.
 */
function rowBuilder(columnNames: readonly string[], columnTypes: readonly ColumnType[], relations: readonly string[]): RowBuilder {
  const key = `${columnNames.join("\0")}\u0001${columnTypes.join()}\u0001${relations.join("\0")}`;
  const known = rowBuilders.get(key);
  if (known) return known;
  // Which object each column fills: -1 the row itself, else its relation's index; and the field's name.
  const targets = columnNames.map((name) => relations.indexOf(name.slice(0, Math.max(0, name.indexOf(".")))));
  const fields = columnNames.map((name, i) => (targets[i]! >= 0 ? name.slice(name.indexOf(".") + 1) : name));
  // The entries of one object's literal: the row's own (-1), or a relation's. A computed key
  // ["__proto__"] is an own property, where a plain one would set the prototype.
  const keyOf = (field: string) => (field === "__proto__" ? `[${JSON.stringify(field)}]` : JSON.stringify(field));
  const entries = (target: number) =>
    fields.flatMap((field, i) => (targets[i] === target ? [`${keyOf(field)}: typed(values[${i}], ${JSON.stringify(columnTypes[i])})`] : []));
  const parts = relations.map((_, r) => `const part${r} = {${entries(r).join(", ")}};\n`).join("");
  const linked = relations.map((relation, r) => `${keyOf(relation)}: part${r}.id == null ? null : part${r}`);
  const build = new Function("typed", `return (values) => {\n${parts}return {${[...entries(-1), ...linked].join(", ")}};\n};`)(typed) as RowBuilder;
  if (rowBuilders.size >= ROW_BUILDERS_KEPT) rowBuilders.clear();
  rowBuilders.set(key, build);
  return build;
}

function numbersForBigints<T>(rows: Record<string, unknown>[]): T[] {
  for (const row of rows) for (const key in row) if (typeof row[key] === "bigint") row[key] = safeNumber(row[key] as bigint);
  return rows as T[];
}

/**
 * The rows of one statement outside any transaction: a plain read (a SELECT, no locks), or a write
 * that stands alone and that no cache follows (the rate-limit upsert: its changes are not counted;
 * on SQLite the adapter sends anything but a plain SELECT to the writer). On a client made by
 * `openDatabase` it goes to the driver directly; on any other client (a test's own) through
 * Prisma's `$queryRaw`, with the same types.
 */
export async function queryRows<T>(db: Db, query: Prisma.Sql): Promise<T[]> {
  const factory = registry.get(db);
  if (!factory) return numbersForBigints<T>(await db.$queryRaw<Record<string, unknown>[]>(query));
  return toRows<T>(await directRead(factory, query));
}

/** One statement outside any transaction: on `reads` where the factory has them and they serve it, else on the adapter. */
async function directRead(factory: SharedAdapterFactory, query: Prisma.Sql): Promise<SqlResultSet> {
  const statement = adapterQuery(factory.provider, query);
  if (factory.reads?.serves(statement.sql)) return factory.reads.query(statement);
  return (await factory.connect()).queryRaw(statement);
}

/**
 * A stamp of the database's contents: while a later call returns the same number, nobody has
 * committed anything since (SQLite: the adapter's `changeStamp`). null where no such stamp exists
 * (PostgreSQL, an in-memory database, a client not made by `openDatabase`): then nothing read
 * earlier may be taken as current.
 */
export async function changeStamp(db: Db): Promise<number | null> {
  const factory = registry.get(db);
  if (!factory) return null;
  const adapter = (await factory.connect()) as SqlDriverAdapter & { changeStamp?: () => number | null };
  return typeof adapter.changeStamp === "function" ? adapter.changeStamp() : null;
}

/**
 * As `queryRows`, for a join whose relations' columns are named `relation.column` (each row then
 * carries one object per relation, null where the join found nothing: its id is null), built
 * from the driver's values in one pass by the statement's `rowBuilder`: the admin page of 50
 * bookings with their customers and cars spent more on building its rows than SQLite spent
 * reading them.
 */
export async function queryNestedRows<T>(db: Db, query: Prisma.Sql, relations: readonly string[]): Promise<T[]> {
  const factory = registry.get(db);
  if (!factory)
    return numbersForBigints<Record<string, unknown>>(await db.$queryRaw<Record<string, unknown>[]>(query)).map((row) => nestJoined(row, relations) as T);
  const { columnNames, columnTypes, rows } = await directRead(factory, query);
  return rows.map(rowBuilder(columnNames, columnTypes, relations)) as T[];
}

/**
 * A joined row with its relations' columns (named `relation.column`) moved into one object per
 * relation: null where the join found nothing (its id is null). `queryNestedRows` on a client
 * that is not ours.
 */
export function nestJoined(row: Record<string, unknown>, relations: readonly string[]): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  const parts = new Map<string, Record<string, unknown>>(relations.map((relation) => [relation, {}]));
  for (const key in row) {
    const dot = key.indexOf(".");
    const part = dot > 0 ? parts.get(key.slice(0, dot)) : undefined;
    if (part) part[key.slice(dot + 1)] = row[key];
    else nested[key] = row[key];
  }
  for (const [relation, part] of parts) nested[relation] = part.id == null ? null : part;
  return nested;
}

type RawArgs = [query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]];
const fragment = ([query, ...values]: RawArgs): Prisma.Sql => ("raw" in query ? sql(query, ...values) : query);

/**
 * A transaction whose statements are SQL: `$queryRaw` (rows, typed as `queryRows` types them) and
 * `$executeRaw` (the rows changed), called as Prisma's are (a tagged template or a `sql` fragment).
 * Code written against it runs on Prisma's transaction client too.
 */
export type RawTx = {
  $queryRaw<T = unknown>(...args: RawArgs): Promise<T>;
  $executeRaw(...args: RawArgs): Promise<number>;
};

const COMMIT: SqlQuery = { sql: "COMMIT", args: [], argTypes: [] };
const ROLLBACK: SqlQuery = { sql: "ROLLBACK", args: [], argTypes: [] };

/**
 * Runs `work` in a transaction on the driver directly: BEGIN, its statements, COMMIT (ROLLBACK
 * when it throws), on the adapter Prisma uses, so on SQLite it takes turns with Prisma's
 * transactions on the one writer. Its writes are not seen by the client's change counting:
 * `changes` says what it writes, and those caches are dropped when it ends, as after a Prisma
 * transaction. On a client not made by `openDatabase`, Prisma's interactive transaction runs it.
 */
export async function directTransaction<T>(
  db: Db,
  changes: readonly ChangeTag[],
  work: (tx: RawTx) => Promise<T>,
  /** How long to wait for a connection (PostgreSQL's pool) or for the writer (SQLite) before giving up, as Prisma's maxWait. */
  options: { startWaitMs?: number } = {},
): Promise<T> {
  const factory = registry.get(db);
  if (!factory) return db.$transaction((tx) => work(tx as unknown as RawTx), { maxWait: options.startWaitMs ?? START_WAIT_MS });
  const counters = changeCounters(db);
  const run = async () => {
    const adapter = await factory.connect();
    if (groupsCommits(db)) {
      // The factory says so (PrismaBunSqlite): its adapters start grouped transactions.
      const grouping = adapter as GroupingAdapter;
      return groupedTransaction(grouping, factory.provider, () => counters?.bump(changes), work, options.startWaitMs ?? START_WAIT_MS);
    }
    const transaction = await startWithin(adapter, options.startWaitMs ?? START_WAIT_MS);
    const tx = rawTx(transaction, factory.provider);
    let result: T;
    try {
      result = await work(tx);
      counters?.bump(changes);
    } catch (error) {
      await rollBack(transaction);
      throw error;
    }
    try {
      await transaction.executeRaw(COMMIT);
    } catch (error) {
      await rollBack(transaction);
      throw error;
    }
    await transaction.commit();
    return result;
  };
  return counters ? counters.around(run) : run();
}

/** `RawTx` on a transaction's (or a group member's) statements. */
function rawTx(statements: Pick<Transaction, "queryRaw" | "executeRaw">, provider: SqlDriverAdapterFactory["provider"]): RawTx {
  return {
    $queryRaw: async <R>(...args: RawArgs) => toRows(await statements.queryRaw(adapterQuery(provider, fragment(args)))) as R,
    $executeRaw: (...args: RawArgs) => statements.executeRaw(adapterQuery(provider, fragment(args))),
  };
}

type GroupingAdapter = SqlDriverAdapter & { startGroupedTransaction(): Promise<GroupMember> };

/**
 * Whether `db`'s direct transactions share their COMMIT with those queued behind them (SQLite's
 * group commit: bun-sqlite-adapter.ts GroupMember). Callers then need no queue of their own.
 */
export function groupsCommits(db: Db): boolean {
  return (registry.get(db)?.inner as { groupsCommits?: boolean } | undefined)?.groupsCommits === true;
}

/** `directTransaction` as a member of a group commit: it returns once the group has committed. */
async function groupedTransaction<T>(
  adapter: GroupingAdapter,
  provider: SqlDriverAdapterFactory["provider"],
  done: () => void,
  work: (tx: RawTx) => Promise<T>,
  startWaitMs: number,
): Promise<T> {
  const member = await within(adapter.startGroupedTransaction(), startWaitMs, (late) => late.abandon());
  const tx = rawTx(member, provider);
  let result: T;
  try {
    result = await work(tx);
    done();
  } catch (error) {
    await member.abandon();
    throw error;
  }
  await member.finish();
  return result;
}

/** As long as the booking path let Prisma wait to begin its transaction (maxWait). */
const START_WAIT_MS = 10_000;

/**
 * The transaction, begun within `ms`; else a P2028 error as Prisma's own transactions give
 * (transient: the booking path retries, then answers 503), and the transaction that begins late is
 * rolled back at once, so no connection or writer is left held.
 */
function startWithin(adapter: SqlDriverAdapter, ms: number): Promise<Transaction> {
  return within(adapter.startTransaction(), ms, rollBack);
}

/** `starting`, if it settles within `ms`; else the P2028 error, and what starts late is ended by `end`. */
async function within<S>(starting: Promise<S>, ms: number, end: (late: S) => Promise<void>): Promise<S> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Could not begin a transaction within ${ms} ms`), { code: "P2028" })), ms);
  });
  try {
    return await Promise.race([starting, timedOut]);
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2028") starting.then(end, () => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Ends a transaction that failed: ROLLBACK (if the connection still takes it), then the adapter releases it. */
async function rollBack(transaction: Transaction): Promise<void> {
  try {
    await transaction.executeRaw(ROLLBACK);
  } catch {
    // The database had ended it already (or the connection is gone): releasing is what is left.
  }
  await transaction.rollback();
}
