// WORKERS=N: N server processes on one port, so every core of the machine serves requests (one
// process is one event loop). The kernel spreads new connections across them (SO_REUSEPORT).
//
// The first process migrates, seeds the demo, runs housekeeping, then starts the others
// (`bun server/main.ts` with CAPEDRIVE_WORKER set) and starts again any that stops. The others only
// serve (each also delivers email: the outbox's claims are atomic). Everything they share lives in
// the database, as between instances (README: Running several instances), except the change
// counters the caches check: on PostgreSQL each process LISTENs itself; on SQLite, which has no
// NOTIFY, each process's committed writes are relayed through the first to the others here.
import { join } from "node:path";
import { type RunningServer, startServer } from "./boot";
import type { Config } from "./config";
import { CHANGE_TAGS, type ChangeCounters, type ChangeTag, changeCounters } from "./db/changes";
import type { Services } from "./services/context";

/** Names the process a worker runs in (2..N); the first has none. */
export const WORKER_VARIABLE = "CAPEDRIVE_WORKER";

/** What one process tells the others through the first: it committed writes of these kinds. */
type Committed = { committed: ChangeTag[] };

function committedTags(message: unknown): ChangeTag[] | null {
  const tags = (message as Partial<Committed> | null)?.committed;
  if (!Array.isArray(tags)) return null;
  return tags.filter((tag): tag is ChangeTag => (CHANGE_TAGS as readonly string[]).includes(tag));
}

const countersOf = (services: Services): ChangeCounters => {
  const counters = changeCounters(services.db);
  if (!counters) throw new Error("the database client has no change counters");
  return counters;
};

/**
 * Sends on an IPC channel that may be closing (a worker stopping, the first process gone): the
 * write being announced has committed either way, and a process that is going away holds no cache
 * anyone will read, so a failed send is dropped rather than thrown into the write's caller.
 */
function send(deliver: () => unknown): void {
  try {
    deliver();
  } catch {}
}

/** A worker that stops within this long of starting is started again after a longer pause. */
const STEADY_MS = 10_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 30_000;

export type Workers = { server: RunningServer; stop(): Promise<void> };

/** The first process: serves, starts workers 2..N and keeps them running, relays their writes (SQLite). */
export async function startWorkers(config: Config): Promise<Workers> {
  const relay = config.database.provider === "sqlite";
  const children = new Map<number, Bun.Subprocess>();
  let counters: ChangeCounters | undefined;
  const server = await startServer(config, {
    role: "first",
    beforeServing(services) {
      counters = countersOf(services);
      if (relay) counters.onCommitted = (tags) => tellOthers({ committed: [...tags] });
    },
  });
  const { log } = server.services;
  let stopping = false;

  function tellOthers(message: Committed, except?: number) {
    for (const [index, child] of children) if (index !== except) send(() => child.send(message));
  }

  function start(index: number, pause = FIRST_PAUSE_MS) {
    const startedAt = Date.now();
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "main.ts")], {
      // PORT and PUBLIC_URL as this process resolved them (PORT=0 picks a port once, here).
      env: { ...process.env, [WORKER_VARIABLE]: String(index), PORT: String(server.port), PUBLIC_URL: config.publicUrl },
      stdio: ["ignore", "inherit", "inherit"],
      serialization: "json",
      ipc(message) {
        const tags = relay ? committedTags(message) : null;
        if (!tags?.length) return;
        counters?.bumpRemote(tags);
        tellOthers({ committed: tags }, index);
      },
      onExit(_process, code, signal) {
        children.delete(index);
        if (stopping) return;
        const next = Date.now() - startedAt < STEADY_MS ? Math.min(pause * 2, LONGEST_PAUSE_MS) : FIRST_PAUSE_MS;
        log.error(`worker ${index} stopped (${signal ?? `exit code ${code}`}); starting it again in ${next} ms`);
        setTimeout(() => stopping || start(index, next), next);
      },
    });
    children.set(index, child);
  }

  for (let index = 2; index <= config.workers; index++) start(index);

  let stopped: Promise<void> | undefined;
  return {
    server,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        const others = [...children.values()];
        for (const child of others) child.kill("SIGTERM");
        await Promise.all([
          server.stop(),
          ...others.map(async (child) => {
            // The same drain as this one (10 s for requests in flight), then no more waiting.
            const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(15_000).then(() => false)]);
            if (!exited) child.kill("SIGKILL");
          }),
        ]);
      })();
      return stopped;
    },
  };
}

/** Workers 2..N: serve on the first's port; on SQLite, tell the first of each committed write and hear of the others'. */
export async function startOtherWorker(config: Config): Promise<RunningServer> {
  const relay = config.database.provider === "sqlite";
  return startServer(config, {
    role: "other",
    beforeServing(services) {
      if (!relay) return;
      const counters = countersOf(services);
      counters.onCommitted = (tags) => send(() => process.send?.({ committed: [...tags] } satisfies Committed));
      process.on("message", (message) => {
        const tags = committedTags(message);
        if (tags?.length) counters.bumpRemote(tags);
      });
    },
  });
}
