// A short-lived cache of public, viewer-independent reads: the rentable fleet for a category and
// period (GraphQL `vehicles`, GET /api/vehicles) and the Cars for Sale listing and details
// (GraphQL `carsForSale` / `carForSale`, GET /api/for-sale[/:id]). What they answer depends on the
// request alone, never on who asks, so one answer serves everyone. (Not `quote`: it is refused where
// the asking customer's booking would be, their own longest rental included, and as of the moment.)
//
// An answer is fresh for TTL_MS, then served at most one more TTL while a single request refreshes
// it behind (so an expiry never makes clients wait), and dropped at once when this process writes anything it
// depends on (server/db/changes.ts counts every Prisma write by model: vehicles, photos and
// dealerships for the catalogue; bookings for availability). On PostgreSQL, other instances'
// writes drop it too, within milliseconds (LISTEN/NOTIFY, server/db/notifications.ts), and while
// that notification link is down nothing is answered from the cache. On SQLite (one machine) and
// for clients that do not listen, other processes' writes are seen when the answer expires; a
// booking is still checked under the vehicle's lock, so a stale "available" only ever ends in
// "no longer available".
//
// A request with `Cache-Control: no-cache` always goes to the database (the benchmark measures the
// uncached path that way). Concurrent misses for one key share a single computation, so an expiry under load costs one
// query, not one per waiting client. Only 200 JSON answers without GraphQL errors are kept.
// The store is lru-cache (its fetch gives the TTL, the stale-while-refreshing answer, the shared
// in-flight computation and a byte budget); an answer's key holds the version of what it depends
// on, so a write makes every older answer unreachable at once (the sweep below clears it away).
// Found with `bun run bench`: the available-vehicles query costs 2-5 ms of a single core on the
// 200,000-booking database, so at 32 connections its p99 was far above 25 ms without it.
//
// Answers nobody can be given any more are dropped at most one TTL after they become so, not when
// the LRU's limits push them out: lru-cache removes an expired entry only when it is asked for, and
// an answer of an older version is never asked for again. Without the sweep such answers could
// fill the byte budget below in every server process, and stay (every booking makes every fleet
// answer an older version; GET /api/vehicles answers the benchmark's fleet in 369 KB, so 64 MiB is
// about 180 of them).
import type { Db } from "./db";
import { changeCounters, type ChangeCounters, type ChangeTag } from "./db/changes";
import { parse, type OperationDefinitionNode } from "graphql";
import { LRUCache } from "lru-cache";
import { largeResponse } from "./http-send";

export const PUBLIC_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const MAX_BODY_BYTES = 1_500_000;
/** All kept answers together (the entry count alone would allow 1,000 bodies of 1.5 MB). */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const MAX_GRAPHQL_BODY_BYTES = 32 * 1024;
/** The query texts, and the POST bodies, whose dependencies are remembered: each memo's budget. */
const MAX_MEMO_BYTES = 2 * 1024 * 1024;

/** GraphQL root fields that answer the same whoever asks, and what their answers depend on. */
export const PUBLIC_GRAPHQL_FIELDS: Record<string, readonly ChangeTag[]> = {
  vehicles: ["catalogue", "bookings"],
  carsForSale: ["catalogue"],
  carForSale: ["catalogue"],
  // The server's own settings (the Google client id, the support contact): they change only with a restart.
  publicConfig: [],
  __typename: [],
};

/** A kept answer, and the version of what it depends on when it was computed (older: never asked for again). */
type Entry = { status: number; contentType: string; body: Uint8Array; tags: readonly ChangeTag[]; version: string };
/** What a miss needs to compute its answer, and where it leaves one that is not kept. */
type Miss = {
  read: PublicRead;
  tags: readonly ChangeTag[];
  version: string;
  compute: (request: Request) => Promise<Response>;
  /** A computed answer that is not kept: the requester that ran it still gets it. */
  once?: Entry;
  /** Not a cacheable answer at all (not 200 JSON): handed back untouched. */
  response?: Response;
};
/** A memo of the dependencies of a query or body (null: not a public read). */
type Tags = { tags: readonly ChangeTag[] | null };

/**
 * `key` null: not cacheable after all (its body was read to find out). `request()` gives the
 * request to run on a miss (for a POST, a copy made from the body that was read), built only then.
 */
export type PublicRead = { key: string | null; tags: readonly ChangeTag[]; route: string; request(): Request };

/** How public reads were answered since start (GET /metrics): plain counts, so a request costs an increment. */
export type PublicCacheStats = { hit: number; stale: number; miss: number };

export type PublicCache = {
  /** The request as a public read (key, dependencies, and the request to run on a miss), or null. */
  classify(request: Request): Promise<PublicRead | null>;
  /** Answers from the cache, or runs `compute` and keeps a 200 JSON answer. */
  respond(read: PublicRead, compute: (request: Request) => Promise<Response>): Promise<Response>;
  readonly size: number;
  /** What the kept answers and the remembered query texts and bodies take, in bytes (characters for the texts). */
  readonly heldBytes: number;
  readonly stats: Readonly<PublicCacheStats>;
  /** Drops the answers no request can be given any more (stale past a second TTL, or of an older version). */
  sweep(): void;
};

export function createPublicCache(db: Db, options: { ttlMs?: number; now?: () => number } = {}): PublicCache {
  const counters = changeCounters(db);
  const ttlMs = options.ttlMs ?? PUBLIC_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry, Miss>({
    max: MAX_ENTRIES,
    maxSize: MAX_TOTAL_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
    ttl: ttlMs,
    // Expired, but nothing it depends on changed (the key holds the version): answered once more
    // while one request refreshes it behind, so an expiry never makes clients wait.
    allowStale: true,
    perf: { now },
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { context }) => keep(context, await context.compute(context.read.request())),
  });
  const stats: PublicCacheStats = { hit: 0, stale: 0, miss: 0 };
  // Their keys are the clients' query texts and POST bodies, up to 32 KB each: a budget in bytes
  // too, or anyone could make every process hold 1,000 of each (64 MB) by sending different ones.
  const byKeyLength = { max: MAX_ENTRIES, maxSize: MAX_MEMO_BYTES, sizeCalculation: (_tags: Tags, key: string) => Math.max(1, key.length) };
  const documents = new LRUCache<string, Tags>(byKeyLength);
  // POST bodies seen before (the same operation and variables): their dependencies, without parsing again.
  const bodies = new LRUCache<string, Tags>(byKeyLength);
  let sweptAt = now();
  /** Stale for longer than a second TTL: never served again (its client waits for a fresh answer). */
  const pastServing = (key: string) => entries.getRemainingTTL(key) < -ttlMs;

  function sweep(): void {
    sweptAt = now();
    if (!counters) return;
    const gone: string[] = [];
    for (const [key, entry] of entries.entries()) {
      if (pastServing(key) || counters.version(entry.tags) !== entry.version) gone.push(key);
    }
    for (const key of gone) entries.delete(key);
  }

  async function classify(request: Request): Promise<PublicRead | null> {
    // Without change counters (a client not made by openDatabase) nothing is cached.
    if (!counters || ttlMs <= 0) return null;
    // Every request passes here: rule out other paths from the URL text, before any parsing.
    const href = request.url;
    const start = href.indexOf("/", href.indexOf("//") + 2);
    const queryAt = href.indexOf("?", start);
    const pathname = start < 0 ? "/" : href.slice(start, queryAt < 0 ? undefined : queryAt);
    if (pathname !== "/graphql" && pathname !== "/api/vehicles" && !pathname.startsWith("/api/for-sale")) return null;
    // A client asking for a fresh answer (Cache-Control: no-cache) gets one from the database.
    if (/no-cache|no-store/i.test(request.headers.get("cache-control") ?? "")) return null;
    // API keys record when they were last used; let those requests through.
    if (request.headers.has("x-api-key") || /^Bearer\s+rk_/i.test(request.headers.get("authorization") ?? "")) return null;
    const url = {
      search: queryAt < 0 ? "" : href.slice(queryAt),
      get searchParams() {
        return new URLSearchParams(queryAt < 0 ? "" : href.slice(queryAt + 1));
      },
    };
    if (request.method === "GET") {
      const same = () => request;
      if (pathname === "/api/vehicles") return { key: `GET ${pathname}${url.search}`, tags: ["catalogue", "bookings"], route: pathname, request: same };
      if (pathname === "/api/for-sale") return { key: `GET ${pathname}${url.search}`, tags: ["catalogue"], route: pathname, request: same };
      if (/^\/api\/for-sale\/[^/]+$/.test(pathname))
        return { key: `GET ${pathname}${url.search}`, tags: ["catalogue"], route: "/api/for-sale/:id", request: same };
      if (pathname === "/graphql") {
        const tags = graphqlTags(url.searchParams.get("query"), url.searchParams.get("operationName"));
        return tags ? { key: `GET ${pathname}${url.search}`, tags, route: pathname, request: same } : null;
      }
      return null;
    }
    if (request.method === "POST" && pathname === "/graphql") {
      if (!/^application\/(graphql-response\+)?json\b/i.test(request.headers.get("content-type") ?? "")) return null;
      const length = Number(request.headers.get("content-length") ?? NaN);
      if (!(length > 0 && length <= MAX_GRAPHQL_BODY_BYTES)) return null;
      // The body can be read once: a miss hands the server a copy made from the text.
      const text = await request.text();
      const again = () => new Request(request.url, { method: "POST", headers: request.headers, body: text });
      let tags = bodies.get(text)?.tags;
      if (tags === undefined) {
        try {
          const body = JSON.parse(text) as { query?: unknown; operationName?: unknown };
          tags = graphqlTags(typeof body.query === "string" ? body.query : null, typeof body.operationName === "string" ? body.operationName : null);
        } catch {
          tags = null;
        }
        bodies.set(text, { tags });
      }
      // The body itself is the key (JSON text: it cannot collide with the "GET /..." keys).
      return { key: tags ? text : null, tags: tags ?? [], route: pathname, request: again };
    }
    return null;
  }

  /** The dependencies of a query document whose root fields are all public; null for anything else. */
  function graphqlTags(query: string | null, operationName: string | null): readonly ChangeTag[] | null {
    if (!query || query.length > MAX_GRAPHQL_BODY_BYTES) return null;
    const memo = `${operationName ?? ""}\u0000${query}`;
    const known = documents.get(memo);
    if (known) return known.tags;
    let tags: readonly ChangeTag[] | null = null;
    try {
      const operations = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
      const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
      if (operation && operation.operation === "query") {
        const found = new Set<ChangeTag>();
        let publicOnly = true;
        for (const selection of operation.selectionSet.selections) {
          const fieldTags = selection.kind === "Field" && !selection.directives?.length ? PUBLIC_GRAPHQL_FIELDS[selection.name.value] : undefined;
          if (!fieldTags) {
            publicOnly = false;
            break;
          }
          for (const tag of fieldTags) found.add(tag);
        }
        if (publicOnly) tags = [...found];
      }
    } catch {
      tags = null; // yoga answers the syntax error
    }
    documents.set(memo, { tags });
    return tags;
  }

  async function respond(read: PublicRead, compute: (request: Request) => Promise<Response>): Promise<Response> {
    // Bypassed while other instances' writes could go unseen (their notifications are down).
    if (read.key === null || !counters || !counters.caching) return compute(read.request());
    // At most once a TTL, on a public read (an idle server adds nothing meanwhile).
    if (now() - sweptAt >= ttlMs) sweep();
    const version = counters.version(read.tags);
    const key = `${version}\u0000${read.key}`;
    // Nobody asked for it within a second TTL: the client waits for a fresh one.
    if (pastServing(key)) entries.delete(key);
    const miss: Miss = { read, tags: read.tags, version, compute };
    const status: LRUCache.Status<string, Entry, Miss> = {};
    const entry = await entries.fetch(key, { context: miss, status });
    const state = status.returnedStale ? "stale" : status.fetch === "hit" ? "hit" : "miss";
    stats[entry ? state : "miss"]++;
    if (entry) return answer(entry, state);
    // Not kept (an error, not JSON, too big, or changed meanwhile): the request that ran it gets
    // its answer; others that waited on it run their own.
    return miss.response ?? (miss.once ? answer(miss.once, "miss") : compute(read.request()));
  }

  /** The entry to keep for a computed answer, or undefined (then `miss.once` holds it for its requester). */
  async function keep(miss: Miss, response: Response): Promise<Entry | undefined> {
    const contentType = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !/json/i.test(contentType) || response.headers.has("set-cookie")) {
      miss.response = response;
      return undefined;
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const entry: Entry = { status: response.status, contentType, body, tags: miss.tags, version: miss.version };
    const key = miss.read.key ?? "";
    const once = body.length > MAX_BODY_BYTES || ((key.startsWith("{") || key.startsWith("GET /graphql")) && hasErrors(body));
    // Keep it only if nothing it depends on changed while it was computed.
    if (once || counters!.version(miss.tags) !== miss.version) {
      miss.once = entry;
      return undefined;
    }
    return entry;
  }

  return {
    classify,
    respond,
    get size() {
      return entries.size;
    },
    get heldBytes() {
      return entries.calculatedSize + documents.calculatedSize + bodies.calculatedSize;
    },
    stats,
    sweep,
  };
}

const decoder = new TextDecoder();
function hasErrors(body: Uint8Array): boolean {
  return decoder.decode(body).includes('"errors"');
}

function answer(entry: Entry, state: "hit" | "stale" | "miss"): Response {
  return largeResponse(entry.body, { status: entry.status, headers: { "Content-Type": entry.contentType, "X-Cache": state } });
}
