// What a rentals-cli command works with: the server's own configuration (the same environment
// variables: DATA_DIR, DATABASE_URL...), the services over the same database, and the operator
// named in the audit log. Quiet: no request log, only warnings and errors on stderr.
import { hostname, userInfo } from "node:os";
import { ConfigError, loadConfig, type Config, type DatabaseTarget } from "../server/config";
import { openDatabase } from "../server/db";
import { migrate, migrationStatus } from "../server/db/migrate";
import { createLogger } from "../server/log";
import type { OperatorActor } from "../server/services/audit";
import type { Services } from "../server/services/context";
import { recordOperatorEvent } from "../server/services/operators";
import { io, printError, Refused, UsageError } from "./io";

export function cliConfig(): Config {
  try {
    return loadConfig(io().env);
  } catch (error) {
    // The server's message names each bad variable (and never echoes a secret's value).
    if (error instanceof ConfigError) throw new UsageError(error.message.replace(/\n\s*/g, " "));
    throw error;
  }
}

/** The database, for messages: the SQLite file, or PostgreSQL's host, port and name (never the password). */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.provider === "sqlite") return `SQLite ${target.file}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || "5432"}/${decodeURIComponent(url.pathname.replace(/^\//, ""))}`;
}

/** The operator, as the audit log names them: their OS account (the one behind sudo) at this host. */
export function operatorActor(): OperatorActor {
  const env = io().env;
  let user = env.SUDO_USER;
  if (!user) {
    try {
      user = userInfo().username;
    } catch {
      user = env.USER ?? "unknown";
    }
  }
  return { kind: "operator", name: `${user}@${hostname()}` };
}

const severity = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/**
 * Runs `fn` with services over the configured database. SQLite (the embedded file under
 * DATA_DIR) is migrated first, as the server does when it starts, so `admin create` works on a
 * new installation. PostgreSQL is migrated only by `db migrate` (`migrate: true`) or a server
 * start; with migrations pending a command is refused, so a mistyped DATABASE_URL never gets
 * our tables. Migrations applied here are announced on stderr (unless `quiet`) and audited.
 */
export async function withServices<T>(
  fn: (services: Services, actor: OperatorActor, applied: string[]) => Promise<T>,
  options: { quiet?: boolean; migrate?: boolean } = {},
): Promise<T> {
  const config = cliConfig();
  let applied: string[] = [];
  if (config.database.provider === "postgresql" && !options.migrate) {
    const { pending } = await migrationStatus(config.database);
    if (pending.length > 0) {
      const s = pending.length === 1 ? "" : "s";
      throw new Refused(
        `${describeDatabase(config.database)} has ${pending.length} pending migration${s}: apply with \`rentals-cli db migrate\` (or start the server) first`,
      );
    }
  } else applied = await migrate(config.database);
  if (applied.length > 0 && !options.quiet)
    await printError(`Applied ${applied.length} pending migration${applied.length === 1 ? "" : "s"} to ${describeDatabase(config.database)}`);
  const database = openDatabase(config.database);
  // Warnings and errors only, on stderr: stdout is the command's answer.
  const level = severity[config.logLevel] > severity.warn ? config.logLevel : "warn";
  const stderr = io().stderr;
  const log = createLogger(level, (line) => void stderr(line + "\n"));
  const services: Services = { db: database.db, provider: database.provider, log, config };
  const actor = operatorActor();
  try {
    if (applied.length > 0) await recordOperatorEvent(services, actor, { action: "database.migrate", entity: "database", after: { applied } });
    return await fn(services, actor, applied);
  } finally {
    await database.close();
  }
}
