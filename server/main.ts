// `bun server/main.ts`: reads the environment, starts the server (WORKERS processes of it), drains on SIGTERM/SIGINT.
import { ConfigError, loadConfig } from "./config";
import { startServer } from "./boot";
import { MigrationLockTimeout } from "./db/migrate";
import type { Logger } from "./log";
import { startOtherWorker, startWorkers, WORKER_VARIABLE } from "./workers";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** Another process kept the migration lock past MIGRATION_LOCK_TIMEOUT_SECONDS: its one-line reason, not a stack trace. */
async function starting<T>(start: Promise<T>): Promise<T> {
  try {
    return await start;
  } catch (error) {
    if (!(error instanceof MigrationLockTimeout)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const worker = process.env[WORKER_VARIABLE];
let stop: () => Promise<void>;
let log: Logger;
if (worker) {
  // One of workers 2..N (server/workers.ts): its first process announces the server.
  const server = await startOtherWorker(config);
  stop = server.stop;
  log = server.services.log;
  // The first process is gone (even killed outright): this one stops too rather than serve alone.
  process.on("disconnect", async () => {
    server.services.log.warn(`worker ${worker}: the first process has stopped; stopping`);
    await server.stop();
    process.exit(0);
  });
} else if (config.workers > 1) {
  const workers = await starting(startWorkers(config));
  const { services } = workers.server;
  stop = workers.stop;
  log = services.log;
  log.info(`CapeDrive is listening on ${config.publicUrl} (${services.provider}, ${config.workers} worker processes, data in ${config.dataDir})`);
} else {
  const server = await starting(startServer(config));
  stop = server.stop;
  log = server.services.log;
  log.info(`CapeDrive is listening on ${config.publicUrl} (${server.services.provider}, data in ${config.dataDir})`);
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (!worker) log.info(`${signal}: finishing requests in flight, then stopping`);
    await stop();
    process.exit(0);
  });
}
