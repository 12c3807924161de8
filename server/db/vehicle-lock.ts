// No double bookings, on either database and across server instances: the overlap check and the
// insert run in one transaction that first takes a write lock on the vehicle's row, so two
// requests for one vehicle take turns and the second sees the first's booking.
// - PostgreSQL: `SELECT ... FOR UPDATE` on the vehicle row (READ COMMITTED: every later statement
//   of the transaction sees what the previous lock holder committed), with a lock_timeout.
// - SQLite: every transaction begins IMMEDIATE (server/db/bun-sqlite-adapter.ts), taking the
//   database's single write lock at once, so its reads can never be stale; other processes on
//   the same file wait for it through the busy timeout (10 s, see server/db/index.ts) instead of
//   failing. Inside one process an async queue runs Prisma's booking transactions one at a time,
//   so they wait here rather than in Prisma's transaction start; a new booking's transaction (SQL
//   alone, `withVehicleLockDirect`) waits at the writer itself, where those queued behind one share
//   its COMMIT (group commit, bun-sqlite-adapter.ts), each still seeing the bookings before it.
// A lock that cannot be had in time, a deadlock or a serialisation failure is retried twice and
// then answered 503 "busy, try again" (never a 500, never a double booking).
// Anything that creates or moves a booking onto a vehicle must use `withVehicleLock` too.
// Behind the lock, the database itself refuses overlapping bookings of one car (PostgreSQL's
// exclusion constraint, SQLite's triggers: migration booking_overlap_guard), for writers that skip
// the lock; such a refusal is answered 409 like our own check (`refuseOverlaps`).
import { AppError, conflict, isBookingOverlapViolation, serviceUnavailable, VEHICLE_TAKEN_MESSAGE } from "../errors";
import type { Services } from "../services/context";
import type { ChangeTag } from "./changes";
import { directTransaction, groupsCommits, type RawTx } from "./direct";
import type { Db, Prisma } from "./index";

/** What a client reads when the vehicle stays locked through every attempt (503). */
export const VEHICLE_BUSY_MESSAGE = "We're taking a lot of bookings right now. Please try again in a moment.";

const TRANSIENT_PRISMA_CODES = new Set(["P2034", "P2028", "P1008", "P2024"]);
// SQLite BUSY/LOCKED (and their extended codes); PostgreSQL serialization_failure,
// deadlock_detected, lock_not_available.
const TRANSIENT_DRIVER_CODES = new Set(["5", "6", "261", "262", "517", "SQLITE_BUSY", "SQLITE_LOCKED", "40001", "40P01", "55P03"]);

/** A lock wait that ran out, a deadlock, a serialisation failure or a transaction that timed out: worth retrying. */
export function isTransientDbError(error: unknown): boolean {
  if (typeof error !== "object" || error === null || error instanceof AppError) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
    cause?: { originalCode?: unknown; code?: unknown };
  };
  if (typeof e.code === "string" && TRANSIENT_PRISMA_CODES.has(e.code)) return true;
  const cause = e.meta?.driverAdapterError?.cause ?? e.cause;
  const original = cause?.originalCode ?? cause?.code;
  if (original !== undefined && TRANSIENT_DRIVER_CODES.has(String(original))) return true;
  return /SQLITE_BUSY|database is locked|could not serialize|deadlock detected|lock timeout/i.test(String(e.message ?? ""));
}

// One queue per SQLite database client: booking transactions of this process run one at a time.
const sqliteQueues = new WeakMap<Db, Promise<void>>();

async function inSqliteQueue<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const previous = sqliteQueues.get(db) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  sqliteQueues.set(db, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (sqliteQueues.get(db) === tail) sqliteQueues.delete(db);
  }
}

/** What the lock reads of the car as it locks it (null: no such car, or no car asked for). */
export type LockedVehicle = { status: string; category: string; transmission: string; dealershipId: string | null };

export type LockOptions = {
  /** PostgreSQL: how long to wait for the vehicle row's lock before giving up (default 5 s). */
  lockTimeoutMs?: number;
  /** Attempts before answering 503 (default 3). */
  attempts?: number;
  /** The 409's message when the database refuses an overlapping booking (default VEHICLE_TAKEN_MESSAGE). */
  overlapMessage?: string;
};

/**
 * Runs a booking write and answers the database's refusal of an overlapping booking (see the file
 * comment) with a 409 carrying `message`, as the write's own overlap check would.
 */
export async function refuseOverlaps<T>(work: () => Promise<T>, message: string = VEHICLE_TAKEN_MESSAGE): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBookingOverlapViolation(error)) throw conflict(message);
    throw error;
  }
}

/**
 * Runs `fn` in a transaction holding the write lock of vehicle `vehicleId` (see the file comment).
 * Transient lock failures are retried, then answered 503; AppErrors from `fn` pass through.
 */
export function withVehicleLock<T>(
  services: Pick<Services, "db" | "provider" | "log">,
  /** null: a booking without a car (the transaction still takes SQLite's write lock). */
  vehicleId: string | null,
  fn: (tx: Prisma.TransactionClient, vehicle: LockedVehicle | null) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  // Waiting for a pooled connection and for the lock both count; keep them well above the lock timeout.
  return lockedTransaction(services, vehicleId, options, (work) => services.db.$transaction(work, { maxWait: 10_000, timeout: 15_000 }), fn);
}

/**
 * `withVehicleLock` for a transaction of SQL statements alone, sent to the driver directly
 * (./direct.ts): a new booking's, the busiest write. `changes`: what it writes (for the caches).
 */
export function withVehicleLockDirect<T>(
  services: Pick<Services, "db" | "provider" | "log">,
  vehicleId: string,
  changes: readonly ChangeTag[],
  fn: (tx: RawTx, vehicle: LockedVehicle | null) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  // SQLite's group commit (direct.ts groupsCommits) needs the transactions queued at the writer
  // itself, where each that waits may join the one before: a queue here would let one in at a time.
  const queued = !groupsCommits(services.db);
  return lockedTransaction(services, vehicleId, options, (work) => directTransaction(services.db, changes, work), fn, queued);
}

async function lockedTransaction<Tx extends RawTx, T>(
  services: Pick<Services, "db" | "provider" | "log">,
  vehicleId: string | null,
  options: LockOptions,
  begin: (work: (tx: Tx) => Promise<T>) => Promise<T>,
  fn: (tx: Tx, vehicle: LockedVehicle | null) => Promise<T>,
  /** SQLite: whether this process's booking transactions wait in one queue here (see inSqliteQueue). */
  queued = true,
): Promise<T> {
  const { db, provider } = services;
  const lockTimeoutMs = Math.max(1, Math.round(options.lockTimeoutMs ?? 5_000));
  const attempts = options.attempts ?? 3;
  const transaction = () => begin(async (tx) => fn(tx, await lockVehicle(tx, provider, vehicleId, lockTimeoutMs)));
  return retryTransient(
    () => refuseOverlaps(() => (provider === "sqlite" && queued ? inSqliteQueue(db, transaction) : transaction()), options.overlapMessage),
    {
      attempts,
      onRetry: (error, attempt) =>
        services.log.warn(
          `booking transaction on vehicle ${vehicleId}: attempt ${attempt} hit a lock: ${String((error as Error).message ?? error)
            .split("\n")
            .filter(Boolean)
            .pop()}`,
        ),
    },
  );
}

/**
 * Runs `work` again after a transient lock failure (isTransientDbError), after a short random
 * pause growing with each attempt, then answers 503 "busy, try again"; any other error passes
 * through. Booking writes use it: the vehicle's lock, and the rate-limit counter outside it.
 */
export async function retryTransient<T>(
  work: () => Promise<T>,
  options: { attempts?: number; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientDbError(error)) throw error;
      options.onRetry?.(error, attempt);
      if (attempt >= attempts) throw serviceUnavailable(VEHICLE_BUSY_MESSAGE);
      await Bun.sleep(20 + Math.random() * 80 * attempt);
    }
  }
}

/**
 * The transaction's first statement: the car's lock, which also reads what a booking checks of the
 * car (one statement fewer while the lock is held). Queries, not $executeRaw, here and for
 * PostgreSQL's SET LOCAL: a raw execute counts as a change of everything the public cache holds,
 * and these change nothing.
 */
async function lockVehicle(tx: RawTx, provider: Services["provider"], vehicleId: string | null, lockTimeoutMs: number): Promise<LockedVehicle | null> {
  if (provider === "postgresql") {
    await tx.$queryRaw`SELECT set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`;
    if (!vehicleId) return null;
    const rows = await tx.$queryRaw<LockedVehicle[]>`
      SELECT status::text AS status, category::text AS category, transmission::text AS transmission, "dealershipId"
      FROM vehicles WHERE id = ${vehicleId} FOR UPDATE`;
    return rows[0] ?? null;
  }
  // The transaction began IMMEDIATE (bun-sqlite-adapter.ts): it holds the write lock already.
  if (!vehicleId) return null;
  const rows = await tx.$queryRaw<LockedVehicle[]>`
    SELECT status, category, transmission, "dealershipId" FROM vehicles WHERE id = ${vehicleId}`;
  return rows[0] ?? null;
}
