// `bun run db:migrate`: applies pending migrations to the configured database and exits.
import { ConfigError, loadConfig } from "../config";
import { migrate, migrationStatus } from "./migrate";

try {
  const config = loadConfig();
  const applied = await migrate(config.database, (line) => console.log(line));
  const status = await migrationStatus(config.database);
  console.log(`${config.database.provider}: ${applied.length} applied now, ${status.applied.length} in total, ${status.pending.length} pending`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
