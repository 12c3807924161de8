// Statements sent straight to the driver adapter, past Prisma's client. Prisma's client spends
// about 100 µs on each statement above the driver (its query interpreter, promises and
// conversions; measured in issue 16), several times what a one-row indexed read costs SQLite. The
// hottest plain reads (the session check of every signed-in request) go this way; everything else
// stays on Prisma.
//
// The statement runs on the very adapter Prisma uses (`SharedAdapterFactory` below remembers it):
// on SQLite the same reader connection, on PostgreSQL the same pool. Rows come back as objects with
// the values typed as Prisma's `$queryRaw` types them (DateTime as Date, Boolean as boolean), except
// that 64-bit integers are numbers when they fit (counts, on PostgreSQL, are 64-bit).
import {
  type ArgType,
  type ColumnType,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
} from "@prisma/driver-adapter-utils";
import type { Db, Prisma } from "./index";

/**
 * The factory given to Prisma, which keeps the adapter Prisma connected so that direct statements
 * use the same connections. A disconnect (Prisma disposes the adapter) forgets it; the next use
 * connects again, as Prisma does.
 */
export class SharedAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider: SqlDriverAdapterFactory["provider"];
  readonly adapterName: string;
  #connected: Promise<SqlDriverAdapter> | undefined;

  constructor(readonly inner: SqlDriverAdapterFactory) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  connect(): Promise<SqlDriverAdapter> {
    this.#connected ??= this.inner.connect().then((adapter) => {
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = () => {
        this.#connected = undefined;
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
      return { scalarType: value instanceof Date ? "datetime" : "unknown", arity: "scalar" };
  }
}

/** The adapter's form of a `sql` fragment: `?` placeholders for SQLite, `$1` for PostgreSQL; dates as ISO text, as Prisma sends them. */
export function adapterQuery(provider: SqlDriverAdapterFactory["provider"], query: Prisma.Sql): SqlQuery {
  const values = query.values;
  const args: unknown[] = new Array(values.length);
  const argTypes: ArgType[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    argTypes[i] = argTypeOf(value);
    args[i] = value instanceof Date ? value.toISOString() : value === undefined ? null : value;
  }
  return { sql: provider === "postgres" ? query.text : query.sql, args, argTypes };
}

function typed(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case ColumnTypeEnum.DateTime:
      return value instanceof Date ? value : new Date(String(value));
    case ColumnTypeEnum.Boolean:
      return value === true || value === 1 || value === 1n || value === "1" || value === "true" || value === "t";
    case ColumnTypeEnum.Int64:
      return typeof value === "bigint" || typeof value === "string" ? safeNumber(value) : value;
    default:
      return typeof value === "bigint" ? safeNumber(value) : value;
  }
}

function safeNumber(value: bigint | string): number | bigint | string {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
}

/**
 * The rows of a plain read (a SELECT, no locks, outside any transaction). On a client made by
 * `openDatabase` it goes to the driver directly; on any other client (a test's own) through
 * Prisma's `$queryRaw`, with the same types.
 */
export async function queryRows<T>(db: Db, query: Prisma.Sql): Promise<T[]> {
  const factory = registry.get(db);
  if (!factory) {
    const rows = await db.$queryRaw<Record<string, unknown>[]>(query);
    for (const row of rows) for (const key in row) if (typeof row[key] === "bigint") row[key] = safeNumber(row[key] as bigint);
    return rows as T[];
  }
  const adapter = await factory.connect();
  const result = await adapter.queryRaw(adapterQuery(factory.provider, query));
  const { columnNames, columnTypes } = result;
  return result.rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) row[columnNames[i]!] = typed(values[i], columnTypes[i]!);
    return row as T;
  });
}
