// `bun server/main.ts`: reads the environment, starts the server, drains on SIGTERM/SIGINT.
import { ConfigError, loadConfig } from "./config";
import { startServer } from "./boot";

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

const server = await startServer(config);
server.services.log.info(`CapeDrive is listening on ${config.publicUrl} (${server.services.provider}, data in ${config.dataDir})`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    server.services.log.info(`${signal}: finishing requests in flight, then stopping`);
    await server.stop();
    process.exit(0);
  });
}
