// Change counters per kind of data, bumped by every write this process makes through Prisma, so
// caches of public reads (server/public-cache.ts) can tell at once that what they hold is out of
// date. Counted by a Prisma client extension in openDatabase, so no service has to remember to
// report its writes. Raw statements ($executeRaw) bump every counter (they may touch anything).
// A write inside a transaction counts again when the transaction ends (see ChangeCounters).
// On PostgreSQL, committed writes are also announced to the other instances, and theirs bumped
// here, through LISTEN/NOTIFY (./notifications.ts); until this server listens, `caching` is off
// and the caches answer from the database.
import type { Db } from "./index";

export const CHANGE_TAGS = ["catalogue", "bookings", "serviceAreas", "customers"] as const;
export type ChangeTag = (typeof CHANGE_TAGS)[number];

/** Which counters a write to a model bumps. Models not listed change nothing cached. */
const TAGS_OF_MODEL: Record<string, readonly ChangeTag[]> = {
  Vehicle: ["catalogue"],
  VehicleImage: ["catalogue"],
  Dealership: ["catalogue"],
  Booking: ["bookings"],
  ServiceArea: ["serviceAreas"],
  User: ["customers"],
};

const WRITES = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
  "$executeRaw",
  "$executeRawUnsafe",
]);

export class ChangeCounters {
  readonly #counts: Record<ChangeTag, number> = { catalogue: 0, bookings: 0, serviceAreas: 0, customers: 0 };
  /** Rows kept by `remembered` and `rememberedRows`, per name: the version they were read at and the rows by key. */
  readonly memos = new Map<string, { version: string; rows: Map<string, MemoEntry> }>();
  /** This process's name in change notifications (to skip its own). */
  readonly origin = crypto.randomUUID();
  /** Told of this process's committed writes (set on PostgreSQL to notify the other instances). */
  onCommitted?: (tags: readonly ChangeTag[]) => void;
  #caching = true;
  // Writes made while a transaction is open are bumped again when it ends: a read between the
  // write and the commit (another connection, PostgreSQL) saw the old data under the new version.
  #openTransactions = 0;
  readonly #pending = new Set<ChangeTag>();

  bump(tags: readonly ChangeTag[]): void {
    for (const tag of tags) this.#counts[tag]++;
    if (this.#openTransactions > 0) for (const tag of tags) this.#pending.add(tag);
    // Outside any transaction the write has committed; otherwise it is announced when the transaction ends.
    else if (tags.length > 0) this.onCommitted?.(tags);
  }

  /** Another instance's committed writes: bumped here, not announced again. */
  bumpRemote(tags: readonly ChangeTag[]): void {
    for (const tag of tags) this.#counts[tag]++;
  }

  /** Whether caches may answer from what they hold (false while other instances' writes could go unseen). */
  get caching(): boolean {
    return this.#caching;
  }

  /** Other instances' writes can no longer be seen: caches answer from the database until `resume`. */
  suspend(): void {
    this.#caching = false;
    this.bumpRemote(CHANGE_TAGS); // what is being computed now is not kept either
  }

  /** Listening again: everything held may have missed a write, so all of it is dropped once. */
  resume(): void {
    this.bumpRemote(CHANGE_TAGS);
    this.#caching = true;
  }

  /** Runs a transaction; what it wrote counts as changed again once it has committed or rolled back. */
  async around<T>(transaction: () => Promise<T>): Promise<T> {
    this.#openTransactions++;
    try {
      return await transaction();
    } finally {
      this.#openTransactions--;
      const pending = [...this.#pending];
      if (this.#openTransactions === 0) this.#pending.clear();
      for (const tag of pending) this.#counts[tag]++;
      if (pending.length > 0) this.onCommitted?.(pending);
    }
  }

  /** A value that differs whenever a write to any of `tags` has happened since. */
  version(tags: readonly ChangeTag[]): string {
    return tags.map((tag) => this.#counts[tag]).join(".");
  }

  /** Called after every Prisma operation with its model and operation name. */
  observe(model: string | undefined, operation: string): void {
    if (!WRITES.has(operation)) return;
    this.bump(model ? (TAGS_OF_MODEL[model] ?? []) : CHANGE_TAGS);
  }
}

const registry = new WeakMap<object, ChangeCounters>();

/** The counters of a client made by openDatabase; undefined for any other client (then nothing is cached). */
export function changeCounters(db: Db): ChangeCounters | undefined {
  return registry.get(db);
}

/** Lets a wrapper of such a client (the benchmark's timing proxy) use its counters, so its caches work as in the server. */
export function shareChangeCounters(wrapper: object, db: Db): void {
  const counters = registry.get(db);
  if (counters) registry.set(wrapper, counters);
}

/** A kept row: its read (null once settled when nothing was found), when it started, and the row once it is in. */
type MemoEntry = { row: Promise<unknown>; readAt: number; value?: unknown };

/** How long `remembered` keeps a row at most by default: SQLite's instances hear nothing of each other's writes. */
export const REMEMBERED_MS = 1_000;

/** What `remembered` keeps under one name: rows of one kind, dropped together by a write to `tags`. */
export type Memo = {
  name: string;
  tags: readonly ChangeTag[];
  /** Rows kept at most (the oldest goes first). */
  maxRows: number;
  /** How long a row is kept at most (default REMEMBERED_MS). */
  maxAgeMs?: number;
};

/**
 * A row read from the database, kept in this process until a write to one of `memo.tags` (by this
 * process or, on PostgreSQL, announced by another instance), and for `maxAgeMs` at most (other
 * processes on one SQLite file announce nothing); then read again. For rows read on hot paths and
 * seldom written (a car and its photos, the service areas) and for totals over large tables
 * (../services/counts.ts). Callers asking for a row being read wait for that read instead of
 * starting their own; a failed read is not kept. The row is frozen: its callers share it. On a
 * client not made by openDatabase, and while other instances' writes could go unseen (`caching`
 * off), every call reads.
 */
export function remembered<T extends object>(db: Db, memo: Memo, key: string, read: () => Promise<T>, now = performance.now()): Promise<T> {
  const rows = keptRows(db, memo);
  if (!rows) return read();
  const held = rows.get(key);
  if (held && now - held.readAt < (memo.maxAgeMs ?? REMEMBERED_MS)) return held.row as Promise<T>;
  return keep(
    rows,
    memo,
    key,
    read().then((row) => Object.freeze(row)),
    now,
  ).row as Promise<T>;
}

/**
 * As `remembered`, for many rows at once (a page's customers, say): the rows of `keys` that are
 * kept, and the others read together in one `readMissing` call, which answers the rows it found by
 * key. A key it did not find answers null and is not kept (it may exist by the next read).
 */
export async function rememberedRows<T extends object>(
  db: Db,
  memo: Memo,
  keys: readonly string[],
  readMissing: (keys: string[]) => Promise<Map<string, T>>,
  now = performance.now(),
): Promise<Map<string, T | null>> {
  const found = new Map<string, T | null>();
  const rows = keptRows(db, memo);
  if (!rows) {
    const read = await readMissing([...new Set(keys)]);
    for (const key of keys) found.set(key, read.get(key) ?? null);
    return found;
  }
  const maxAgeMs = memo.maxAgeMs ?? REMEMBERED_MS;
  const waiting: Promise<unknown>[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    if (found.has(key)) continue;
    const held = rows.get(key);
    if (held && now - held.readAt < maxAgeMs) {
      // Most calls end here: rows already in are taken as they are, without a promise each.
      if ("value" in held) found.set(key, held.value as T | null);
      else waiting.push(held.row.then((row) => found.set(key, row as T | null)));
    } else {
      found.set(key, null);
      missing.push(key);
    }
  }
  if (missing.length > 0) {
    const read = readMissing(missing);
    for (const key of missing) {
      const entry = keep(
        rows,
        memo,
        key,
        read.then((byKey) => {
          const row = byKey.get(key);
          return row ? Object.freeze(row) : null;
        }),
        now,
      );
      waiting.push(entry.row.then((row) => found.set(key, row as T | null)));
    }
  }
  if (waiting.length > 0) await Promise.all(waiting);
  return found;
}

/** The rows kept under `memo` at the current version of its tags; null when nothing may be kept. */
function keptRows(db: Db, memo: Memo): Map<string, MemoEntry> | null {
  const counters = registry.get(db);
  if (!counters?.caching) return null;
  // Rows are kept per version, taken before the read: a write (or a pause in notifications) that
  // lands during the read moves the version on, so the row goes into a map nobody reads again.
  const version = counters.version(memo.tags);
  let kept = counters.memos.get(memo.name);
  if (kept?.version !== version) {
    kept = { version, rows: new Map() };
    counters.memos.set(memo.name, kept);
  }
  return kept.rows;
}

/** Keeps a read under `key` (the oldest row makes room); a failed read, or one that found nothing, is dropped once it settles. */
function keep(rows: Map<string, MemoEntry>, memo: Memo, key: string, row: Promise<unknown>, now: number): MemoEntry {
  const entry: MemoEntry = { row, readAt: now };
  rows.delete(key);
  if (rows.size >= memo.maxRows) rows.delete(rows.keys().next().value as string);
  rows.set(key, entry);
  row.then(
    (value) => {
      if (value === null) {
        if (rows.get(key) === entry) rows.delete(key);
      } else entry.value = value;
    },
    () => rows.get(key) === entry && rows.delete(key),
  );
  return entry;
}

type Extendable = { $extends(extension: unknown): unknown };

/** Returns the client extended to count its writes (the counters are bumped once the write has run). */
export function trackChanges(client: Extendable): Db {
  const counters = new ChangeCounters();
  type Call = { model?: string; operation: string; args: unknown; query: (args: unknown) => Promise<unknown> };
  const counted = async ({ model, operation, args, query }: Call) => {
    try {
      return await query(args);
    } finally {
      // Also after a failed write: part of it may have happened (a batch, a raw statement).
      counters.observe(model, operation);
    }
  };
  // Only the writing operations are wrapped: reads, most of the traffic, go through Prisma
  // untouched (a query extension on every operation cost each read 5-15 %).
  const writes = Object.fromEntries([...WRITES].filter((operation) => !operation.startsWith("$")).map((operation) => [operation, counted]));
  const extended = client.$extends({
    query: { $allModels: writes, $executeRaw: counted, $executeRawUnsafe: counted },
  }) as Db;
  const original = (extended as { $transaction?: (...args: unknown[]) => Promise<unknown> }).$transaction;
  if (original) {
    const transaction = original.bind(extended);
    Object.defineProperty(extended, "$transaction", { value: (...args: unknown[]) => counters.around(() => transaction(...args)), configurable: true });
  }
  registry.set(extended, counters);
  return extended;
}
