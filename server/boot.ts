// Starts the whole server from a config: migrate, open the database, seed the demo, listen.
// main.ts, the tests and the benchmarks all start it this way.
import type { Config } from "./config";
import { createHandler } from "./app";
import { openDatabase } from "./db";
import { changeCounters } from "./db/changes";
import { type ChangeListener, listenForChanges } from "./db/notifications";
import { migrate } from "./db/migrate";
import { createLogger, type Logger } from "./log";
import type { Services } from "./services/context";
import { ensureDemoData } from "./services/demo";
import { fleetCalendar } from "./services/fleet-calendar";
import { startHousekeeping } from "./services/housekeeping";
import { type Mailer, startMailer } from "./services/mail";

export const MAX_BODY_BYTES = 11 * 1024 * 1024; // a 10 MB photo plus headroom

export type RunningServer = {
  url: string;
  port: number;
  services: Services;
  mailer: Mailer;
  /** Other instances' writes (PostgreSQL only; null on SQLite). */
  changes: ChangeListener | null;
  stop(): Promise<void>;
};

export type StartOptions = {
  log?: Logger;
  print?: (text: string) => void;
  /**
   * "only" (the default): the one server process. "first" of several (server/workers.ts): the same,
   * on a port the others share. "other": shares the first's port and only serves (the first has
   * migrated and seeded, and runs housekeeping).
   */
  role?: "only" | "first" | "other";
  /** Called with the services before the first request is accepted (workers.ts hooks its relay here). */
  beforeServing?: (services: Services) => void;
};

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const role = options.role ?? "only";
  if (role !== "other") await migrate(config.database, (line) => log.info(line), { onWaiting: (line) => log.warn(line) });
  const database = openDatabase(config.database);
  const services: Services = { db: database.db, provider: database.provider, log, config };
  try {
    if (role !== "other") await ensureDemoData(services, options.print ?? ((text) => console.log(text)));
  } catch (error) {
    await database.close();
    throw error;
  }
  options.beforeServing?.(services);
  // Before the first request: until it listens, the caches answer from the database.
  const changes = database.provider === "postgresql" ? listenForChanges(config.database.url, changeCounters(database.db)!, log) : null;
  // The database has just answered (migrations), so this takes milliseconds; if not, serve uncached meanwhile.
  if (changes) await Promise.race([changes.ready, Bun.sleep(3_000)]);
  // The fleet calendar's first load (a fifth of a second on the benchmark's 2,000 cars and 87,000
  // open bookings) starts now rather than in the first search. A failure changes nothing: the
  // first search loads again and answers its error.
  fleetCalendar(services)
    .sync()
    .catch(() => {});
  const handler = createHandler(services, { poolStats: database.poolStats });
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    fetch: handler.fetch,
    maxRequestBodySize: MAX_BODY_BYTES,
    development: false,
    // Several processes on one port: the kernel spreads new connections across them.
    reusePort: role !== "only",
  });
  const port = server.port ?? config.port;
  const mailer = startMailer(services);
  const stopHousekeeping = role === "other" ? () => {} : startHousekeeping(services);
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${port}`,
    port,
    services,
    mailer,
    changes,
    stop() {
      // Stop accepting, let requests in flight finish (up to 10 s), then close the database.
      stopping ??= (async () => {
        const answered = server.stop(false);
        await handler.drain(10_000);
        // The handler has returned, but Bun may still be writing the response: closing the
        // connections now (and exiting) would drop it. stop(false) settles once they are sent.
        await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
        void server.stop(true);
        stopHousekeeping();
        await mailer.stop();
        await changes?.stop();
        await database.close();
      })();
      return stopping;
    },
  };
}
