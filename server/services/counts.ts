// Totals over large tables (the admin bookings list's `total`, the dashboard's booking counts)
// cost a scan of an index on every request: on 200,000 bookings, 5-6 ms of a core for a page that
// otherwise takes 1 ms (`bun run bench`). They are kept as `remembered` rows (server/db/changes.ts)
// for COUNT_TTL_MS, dropped at once when this process writes to what they count, or, on
// PostgreSQL, when another instance does (LISTEN/NOTIFY: server/db/notifications.ts; bypassed
// while that link is down).
import { remembered } from "../db/changes";
import type { ChangeTag } from "../db/changes";
import type { Db } from "../db";

export const COUNT_TTL_MS = 2_000;
const MAX_KEYS = 200;

/** `count()` through the cache; `key` names the query (e.g. "bookings:status=pending"). */
export async function cachedCount(db: Db, tags: readonly ChangeTag[], key: string, count: () => Promise<number>, now?: number): Promise<number> {
  const memo = { name: `counts:${tags.join(",")}`, tags, maxRows: MAX_KEYS, maxAgeMs: COUNT_TTL_MS };
  const { total } = await remembered(db, memo, key, async () => ({ total: await count() }), now);
  return total;
}
