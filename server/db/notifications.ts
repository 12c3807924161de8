// Cross-instance cache invalidation on PostgreSQL through LISTEN/NOTIFY (issue 14): every
// committed write this process makes is announced on one channel (its tags, e.g. "bookings"), and
// each server keeps one dedicated connection listening there and bumps its change counters
// (./changes.ts) for what the others wrote, so their public read cache and admin counts drop it
// within milliseconds instead of after their TTL.
//
// While the listening connection is down (database restart, pg_terminate_backend, network), a
// notification could be missed, so the caches are bypassed (`caching` off: every read goes to the
// database) until it is back; it is re-established with a capped backoff, and on success
// everything held is dropped once. SQLite has one writer machine: nothing of this runs there.
import pg from "pg";
import type { Logger } from "../log";
import { CHANGE_TAGS, type ChangeCounters, type ChangeTag } from "./changes";
import type { Db } from "./index";

export const CHANGES_CHANNEL = "capedrive_changes";
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;
/** A silent network loss shows only when something is sent: a cheap query this often finds it. */
const HEARTBEAT_MS = 15_000;

/** "origin tag,tag": the sender (to skip one's own) and what it wrote. */
const payloadOf = (origin: string, tags: Iterable<ChangeTag>) => `${origin} ${[...tags].join(",")}`;

/**
 * Announces this client's committed writes (coalesced: one NOTIFY for the writes of one tick),
 * through the client's own pool, after the write has committed (ChangeCounters calls it then).
 * Every PostgreSQL client does this, the CLI's too; only servers listen.
 */
export function announceChanges(db: Db, counters: ChangeCounters, log?: Logger): void {
  let queued: Set<ChangeTag> | null = null;
  counters.onCommitted = (tags) => {
    if (queued) {
      for (const tag of tags) queued.add(tag);
      return;
    }
    queued = new Set(tags);
    queueMicrotask(() => {
      const payload = payloadOf(counters.origin, queued!);
      queued = null;
      // A read, so the change counters do not count it as a write (which would announce it again).
      db.$queryRawUnsafe("SELECT pg_notify($1, $2)", CHANGES_CHANNEL, payload).catch((error: unknown) =>
        // The other instances see this write when their answers expire (seconds).
        log?.warn(`change notification not sent: ${(error as Error).message}`),
      );
    });
  };
}

export type ChangeListener = {
  /** "listening" once the LISTEN is in place; "reconnecting" while caches are bypassed. */
  readonly state: "connecting" | "listening" | "reconnecting" | "stopped";
  /** The PostgreSQL backend of the listening connection (tests terminate it), or null. */
  readonly backendPid: number | null;
  /** Settles once it first listens. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
};

/** Listens for the other instances' writes until stopped; caches are bypassed until it listens. */
export function listenForChanges(url: string, counters: ChangeCounters, log: Logger): ChangeListener {
  let state: ChangeListener["state"] = "connecting";
  let client: pg.Client | null = null;
  let retryMs = RETRY_FIRST_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const { promise: ready, resolve: listening } = Promise.withResolvers<void>();
  counters.suspend();

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current || state === "stopped") return;
    client = null;
    clearInterval(heartbeat);
    counters.suspend();
    if (state === "listening") log.warn(`change notifications lost (${reason}): caches bypassed until reconnected`);
    state = "reconnecting";
    current.end().catch(() => {});
    retry = setTimeout(connect, retryMs);
    retry.unref?.();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect() {
    if (state === "stopped") return;
    const current = new pg.Client({ connectionString: url, keepAlive: true, query_timeout: 5_000, application_name: "capedrive-changes" });
    client = current;
    current.on("error", (error) => lost(current, error.message));
    current.on("end", () => lost(current, "connection closed"));
    current.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      const [origin, list = ""] = message.payload.split(" ");
      if (origin === counters.origin) return;
      const tags = list.split(",").filter((tag): tag is ChangeTag => (CHANGE_TAGS as readonly string[]).includes(tag));
      counters.bumpRemote(tags);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(current, (error as Error).message);
      return;
    }
    // Stopped, or lost, while connecting (state changes in the callbacks).
    if (client !== current || (state as ChangeListener["state"]) === "stopped") return;
    // Anything written while nobody listened is unknown: drop all once, then cache again.
    counters.resume();
    if (state === "reconnecting") log.info("change notifications listening again: caches back on");
    state = "listening";
    listening();
    retryMs = RETRY_FIRST_MS;
    heartbeat = setInterval(() => {
      current.query("SELECT 1").catch((error: Error) => lost(current, error.message));
    }, HEARTBEAT_MS);
    heartbeat.unref?.();
  }

  void connect();
  return {
    get state() {
      return state;
    },
    ready,
    get backendPid() {
      return state === "listening" ? ((client as unknown as { processID?: number } | null)?.processID ?? null) : null;
    },
    async stop() {
      state = "stopped";
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
