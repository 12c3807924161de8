// Totals over large tables (the admin bookings list's `total`, the dashboard's booking counts)
// cost a scan of an index on every request: on 200,000 bookings, 5-6 ms of a core for a page that
// otherwise takes 1 ms (`bun run bench`). They are kept for COUNT_TTL_MS and dropped at once when
// this process writes to what they count (server/db/changes.ts), or, on PostgreSQL, when another
// instance does (LISTEN/NOTIFY: server/db/notifications.ts; bypassed while that link is down).
import { changeCounters, type ChangeTag } from "../db/changes";
import type { Db } from "../db";

export const COUNT_TTL_MS = 2_000;
const MAX_KEYS = 200;

type Kept = { version: string; expires: number; value: Promise<number> };
const kept = new WeakMap<Db, Map<string, Kept>>();

/** `count()` through the cache; `key` names the query (e.g. "bookings:status=pending"). */
export function cachedCount(db: Db, tags: readonly ChangeTag[], key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const counters = changeCounters(db);
  if (!counters?.caching) return count();
  let entries = kept.get(db);
  if (!entries) kept.set(db, (entries = new Map()));
  const version = counters.version(tags);
  const entry = entries.get(key);
  if (entry && entry.version === version && entry.expires > now) return entry.value;
  const value = count();
  if (entries.size >= MAX_KEYS) entries.delete(entries.keys().next().value!);
  const fresh: Kept = { version, expires: now + COUNT_TTL_MS, value };
  entries.set(key, fresh);
  // A failed count is not kept.
  value.catch(() => entries.get(key) === fresh && entries.delete(key));
  return value;
}
