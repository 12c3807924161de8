// Fixed-window rate limits, counted in the `rate_limits` table so every server instance behind a
// balancer shares them. A key's window starts at its first hit and lasts `windowSeconds`; the
// hit past `limit` inside the window is refused with 429 until the window ends.
import { AppError, type AccountLimit } from "../errors";
import type { Services } from "./context";
import { join, type Prisma, sql } from "../db";
import { queryRows } from "../db/direct";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

export type Limit = { limit: number; windowSeconds: number };

/** Password sign-in: per email (guessing one account) and per client address (spraying many). */
export const SIGN_IN_LIMITS = {
  perEmail: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 50, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

/** Forgot-password requests (each one may send an email). */
export const PASSWORD_RESET_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 60 * 60 },
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** One in this many hits also sweeps every expired row (each hit already resets its own key). */
const SWEEP_ONE_IN = 50;

/**
 * Counts one hit on `key` and throws 429 when it is past `limit` in the current window (see
 * hitAll), returning the key's count and when its window ends.
 */
export async function hit(
  services: Services,
  key: string,
  limit: number,
  windowSeconds: number,
  accountLimit?: AccountLimit,
): Promise<{ count: number; windowEnd: Date }> {
  const [row] = await hitAll(services, [{ key, limit }], windowSeconds, accountLimit);
  return { count: row!.count, windowEnd: row!.windowEnd };
}

/**
 * Counts one hit on each key (all different, one window length) and throws 429 when any is past
 * its limit. One statement, atomic under concurrent requests on both databases: an upsert
 * (INSERT ... ON CONFLICT DO UPDATE) that creates each row, increments it, or starts a new window
 * in place of an ended one, and returns the counts that decide. A booking counts its per-account
 * and per-address keys together: one write (and on PostgreSQL one commit) instead of two.
 */
export async function hitAll(
  services: Services,
  hits: readonly { key: string; limit: number }[],
  windowSeconds: number,
  accountLimit?: AccountLimit,
): Promise<{ key: string; count: number; windowEnd: Date }[]> {
  // On the driver directly (../db/direct.ts): it runs before every sign-in.
  const rows = await queryRows<CountedRow>(services.db, sql`${hitsUpsert(hits, windowSeconds, new Date())} RETURNING ${COUNTED_COLUMNS}`);
  const counted = countsOf(hits, rows);
  await sweepSometimes(services);
  refuseOver(counted, accountLimit);
  return counted.map(({ key, count, windowEnd }) => ({ key, count, windowEnd }));
}

export type CountedRow = { key: string; count: number | bigint; windowEnd: Date | string };
/** What the upsert returns: a CountedRow a key. */
const COUNTED_COLUMNS = sql`"key", "count", "windowEnd"`;

/** The upsert that counts one hit on each key (no RETURNING): see hitAll. */
function hitsUpsert(hits: readonly { key: string }[], windowSeconds: number, now: Date): Prisma.Sql {
  const end = new Date(now.getTime() + windowSeconds * 1000);
  return sql`
    INSERT INTO rate_limits ("key", "count", "windowEnd") VALUES ${join(hits.map(({ key }) => sql`(${key}, 1, ${end})`))}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN rate_limits."windowEnd" <= ${now} THEN 1 ELSE rate_limits."count" + 1 END,
      "windowEnd" = CASE WHEN rate_limits."windowEnd" <= ${now} THEN excluded."windowEnd" ELSE rate_limits."windowEnd" END`;
}

function countsOf(hits: readonly { key: string; limit: number }[], rows: readonly CountedRow[]) {
  return hits.map(({ key, limit }) => {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`rate limit ${key}: the upsert returned no row`);
    return { key, limit, count: Number(row.count), windowEnd: new Date(row.windowEnd) };
  });
}

/** 429 when any key is past its limit, with Retry-After: the seconds until the last of those windows ends. */
function refuseOver(counted: readonly { count: number; limit: number; windowEnd: Date }[], accountLimit?: AccountLimit, now = Date.now()): void {
  const over = counted.filter(({ count, limit }) => count > limit);
  if (over.length === 0) return;
  const retryAfter = Math.max(1, Math.ceil((Math.max(...over.map(({ windowEnd }) => windowEnd.getTime())) - now) / 1000));
  throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS, undefined, accountLimit, retryAfter);
}

/** One call in SWEEP_ONE_IN also deletes every ended window (a failure is only logged). */
async function sweepSometimes(services: Services): Promise<void> {
  if (Math.random() * SWEEP_ONE_IN >= 1) return;
  await sweepExpired(services).catch((error) => services.log.warn(`rate limits: sweep failed: ${(error as Error).message}`));
}

/** Forgets a key's count (e.g. the per-email sign-in counter after a correct password). */
export async function resetLimit(services: Services, key: string): Promise<void> {
  await services.db.rateLimit.deleteMany({ where: { key } });
}

/** Deletes every window that has ended. */
export async function sweepExpired(services: Services, now = new Date()): Promise<number> {
  const { count } = await services.db.rateLimit.deleteMany({ where: { windowEnd: { lte: now } } });
  return count;
}

/** Keys carry a hash, not the email or address itself, so the table holds no personal data. */
export function keyOf(scope: string, value: string): string {
  return `${scope}:${new Bun.CryptoHasher("sha256").update(value.trim().toLowerCase()).digest("hex")}`;
}

export const signInEmailKey = (email: string) => keyOf("signin:email", email);
export const signInAddressKey = (clientAddress: string) => keyOf("signin:address", clientAddress);

/**
 * Counts a password sign-in attempt; 429 when the address or the email is over its limit. Each
 * area counts apart: `scope` "signin" (customers), "admin-signin", "driver-signin".
 */
export async function limitSignIn(services: Services, email: string, clientAddress: string, scope = "signin"): Promise<void> {
  await hit(services, keyOf(`${scope}:address`, clientAddress), SIGN_IN_LIMITS.perAddress.limit, SIGN_IN_LIMITS.perAddress.windowSeconds);
  await hit(services, keyOf(`${scope}:email`, email), SIGN_IN_LIMITS.perEmail.limit, SIGN_IN_LIMITS.perEmail.windowSeconds);
}

/**
 * After a correct password: the account's own counter starts again, so its owner is never locked
 * out by their own sign-ins. The address counter stays (else an attacker could reset it by
 * signing in to an account of their own between guesses).
 */
export async function clearSignInEmailLimit(services: Services, email: string, scope = "signin"): Promise<void> {
  await resetLimit(services, keyOf(`${scope}:email`, email));
}

/** Counts a forgot-password request; 429 when the address or the email is over its limit. */
export async function limitPasswordResetRequest(services: Services, email: string, clientAddress: string): Promise<void> {
  await hit(services, keyOf("reset:address", clientAddress), PASSWORD_RESET_LIMITS.perAddress.limit, PASSWORD_RESET_LIMITS.perAddress.windowSeconds);
  await hit(services, keyOf("reset:email", email), PASSWORD_RESET_LIMITS.perEmail.limit, PASSWORD_RESET_LIMITS.perEmail.windowSeconds);
}

/** What a booking attempt counts on: per account and per client address, per hour (config). */
function bookingHits(services: Services, userId: string, clientAddress: string) {
  const { perAccount, perAddress } = services.config.bookingRate;
  return [
    { key: `booking:account:${userId}`, limit: perAccount },
    { key: keyOf("booking:address", clientAddress), limit: perAddress },
  ];
}
const BOOKING_WINDOW_SECONDS = 3600;

/** Counts a booking attempt on its own; 429 past a limit. */
export async function limitBookingAttempts(services: Services, userId: string, clientAddress: string): Promise<void> {
  await hitAll(services, bookingHits(services, userId, clientAddress), BOOKING_WINDOW_SECONDS, "booking_rate");
}

/**
 * A booking attempt counted with the booking itself, so a booking made commits once (its count
 * was a write and a commit of its own, on PostgreSQL also a round trip: issue 16), with the same
 * outcome as counting every attempt first (limitBookingAttempts):
 * - `atLimit`, an SQL condition the caller reads with what it reads first (the customer's row),
 *   then `check(atLimit)`, before any work: an account or address already at its limit is counted
 *   and refused (429) at once, as before, with no statement of its own; returns true when it
 *   counted the attempt (a window that ended meanwhile), so it is not counted again;
 * - `upsert`, the last statement of the booking's transaction (read back with `returning`), and
 *   `refuseOver(rows)` on what it returns: past a limit (attempts racing past the check), 429, and
 *   the transaction rolls back;
 * - `apart()`, for an attempt that failed (refused input, a car taken, that 429): counted on its
 *   own, 429 when that takes it past a limit, as the attempt that went past it always was.
 */
export function bookingAttempt(services: Services, userId: string, clientAddress: string) {
  const hits = bookingHits(services, userId, clientAddress);
  const now = new Date();
  return {
    atLimit: sql`EXISTS (SELECT 1 FROM rate_limits WHERE "windowEnd" > ${now} AND (${join(
      hits.map(({ key, limit }) => sql`("key" = ${key} AND "count" >= ${limit})`),
      " OR ",
    )}))`,
    async check(atLimit: unknown): Promise<boolean> {
      // A flag as SQLite (1) or PostgreSQL (true) answers it.
      if (Number(atLimit) !== 1) return false;
      await limitBookingAttempts(services, userId, clientAddress);
      return true;
    },
    upsert: hitsUpsert(hits, BOOKING_WINDOW_SECONDS, now),
    /** The columns `upsert` is read back with. */
    returning: COUNTED_COLUMNS,
    refuseOver: (rows: readonly CountedRow[]) => refuseOver(countsOf(hits, rows), "booking_rate"),
    apart: () => limitBookingAttempts(services, userId, clientAddress),
    /** After the booking's commit: the sweep an attempt counted on its own sometimes runs. */
    afterCommit: () => sweepSometimes(services),
  };
}

export type BookingAttempt = ReturnType<typeof bookingAttempt>;

/** Upload tickets per account, per hour (config). */
export async function limitUploads(services: Services, owner: string): Promise<void> {
  await hit(services, `upload:account:${owner}`, services.config.uploads.perHour, 3600, "upload_rate");
}
