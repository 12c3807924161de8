// What a rentals-cli command works with: the server's own configuration (the same environment
// variables: DATA_DIR, DATABASE_URL...), the services over the same database, and the operator
// named in the audit log. Quiet: no request log, only warnings and errors on stderr.
import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { ConfigError, DEFAULT_DATA_DIR, databaseTarget, loadConfig, type Config, type DatabaseTarget } from "../server/config";
import { openDatabase } from "../server/db";
import { migrate, migrationStatus } from "../server/db/migrate";
import { createLogger } from "../server/log";
import type { OperatorActor } from "../server/services/audit";
import type { Services } from "../server/services/context";
import { recordOperatorEvent } from "../server/services/operators";
import { BackupRefused } from "../server/db/backup";
import { AppError } from "../server/errors";
import { Interrupted, io, printError, Refused, UsageError, unexpectedReason } from "./io";

/**
 * The server's configuration. `existing`: refuse when the SQLite database does not exist yet,
 * checked before loadConfig (which creates DATA_DIR), so a mistyped DATA_DIR is reported, not
 * given a new empty database.
 */
export function cliConfig(options: { existing?: boolean } = {}): Config {
  if (options.existing) requireSqliteFile(io().env);
  try {
    return loadConfig(io().env);
  } catch (error) {
    // The server's message names each bad variable (and never echoes a secret's value).
    if (error instanceof ConfigError) throw new UsageError(error.message.replace(/\n\s*/g, " "));
    throw error;
  }
}

/** Refuses when the environment names a SQLite file (empty values count as unset, as loadConfig reads them) that does not exist. */
function requireSqliteFile(env: Record<string, string | undefined>): void {
  const url = env.DATABASE_URL || undefined;
  if (url && !url.startsWith("file:")) return; // PostgreSQL, or a bad value loadConfig reports
  const target = databaseTarget(url, resolve(env.DATA_DIR || DEFAULT_DATA_DIR));
  if (target.provider === "sqlite" && !existsSync(target.file))
    throw new Refused(
      `No database at ${target.file}: check ${url ? "DATABASE_URL" : "DATA_DIR"} (the server creates it on its first start, as does \`rentals-cli db migrate\`)`,
    );
}

/** The database, for messages: the SQLite file, or PostgreSQL's host, port and name (never the password). */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.provider === "sqlite") return `SQLite ${target.file}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || "5432"}/${decodeURIComponent(url.pathname.replace(/^\//, ""))}`;
}

/** Another process held the database's write lock for longer than the command waits for it. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "P2028" || code === "P1008" || code === "SQLITE_BUSY") return true;
  return error instanceof Error && /database is locked|Unable to start a transaction in the given time/i.test(error.message);
}

const ours = (error: unknown) =>
  error instanceof Refused || error instanceof UsageError || error instanceof Interrupted || error instanceof AppError || error instanceof BackupRefused;

/** A busy database, said plainly (Prisma says "Transaction API error: Unable to start a transaction in the given time"). */
function busyRefusal(target: DatabaseTarget): Refused {
  return new Refused(
    `${describeDatabase(target)} is busy: another process holds its write lock (a long write, or a transaction left open); try again in a moment`,
  );
}

/**
 * Runs `work`, a command's first contact with the database: when it cannot be reached or read
 * (no such PostgreSQL database, connection refused, not a SQLite file), the one-line reason
 * names the database, so the operator sees which one the environment pointed at.
 */
export async function reaching<T>(target: DatabaseTarget, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (ours(error)) throw error;
    if (isBusy(error)) throw busyRefusal(target);
    throw new Refused(`${describeDatabase(target)}: ${unexpectedReason(error)}`);
  }
}

/**
 * The operator, as the audit log names them: their OS account (the one behind sudo) at this host.
 * Without $USER (docker exec, systemd) the account is the process's uid's name in /etc/passwd
 * (Bun's os.userInfo() only reads $USER).
 */
export function operatorActor(): OperatorActor {
  const { env, uid = process.getuid?.(), passwdFile = "/etc/passwd" } = io();
  const user = env.SUDO_USER || env.USER || accountName(uid, passwdFile) || (uid === undefined ? "unknown" : `uid-${uid}`);
  return { kind: "operator", name: `${user}@${hostname()}` };
}

/** The name of the account with this uid in a passwd file (name:password:uid:...), if any. */
function accountName(uid: number | undefined, passwdFile: string): string | undefined {
  if (uid === undefined) return undefined;
  try {
    for (const line of readFileSync(passwdFile, "utf8").split("\n")) {
      const [name, , id] = line.split(":");
      if (name && id === String(uid)) return name;
    }
  } catch {
    // No such file (Windows, a minimal container): the caller says "uid-N".
  }
  return undefined;
}

const severity = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/**
 * Runs `fn` with services over the configured database. SQLite (the embedded file under
 * DATA_DIR) is migrated first, as the server does when it starts, so `admin create` works on a
 * new installation. PostgreSQL is migrated only by `db migrate` (`migrate: true`) or a server
 * start; with migrations pending a command is refused, so a mistyped DATABASE_URL never gets
 * our tables. Migrations applied here are announced on stderr (unless `quiet`) and audited.
 * `existing`: for commands that only read or change what is there (lists, disable...), which
 * refuse a SQLite database that does not exist rather than create one.
 */
export async function withServices<T>(
  fn: (services: Services, actor: OperatorActor, applied: string[]) => Promise<T>,
  options: { quiet?: boolean; migrate?: boolean; existing?: boolean; onApplied?: (name: string) => void } = {},
): Promise<T> {
  const config = cliConfig(options);
  let applied: string[] = [];
  if (config.database.provider === "postgresql" && !options.migrate) {
    const { pending } = await reaching(config.database, () => migrationStatus(config.database));
    if (pending.length > 0) {
      const s = pending.length === 1 ? "" : "s";
      throw new Refused(
        `${describeDatabase(config.database)} has ${pending.length} pending migration${s}: apply with \`rentals-cli db migrate\` (or start the server) first`,
      );
    }
  } else {
    // A listing or a change to what exists migrates an outdated CapeDrive file, never someone else's
    // (a mistyped DATABASE_URL=file:...): a file with no migration history gets no tables.
    if (options.existing && (await reaching(config.database, () => migrationStatus(config.database))).applied.length === 0)
      throw new Refused(
        `${describeDatabase(config.database)} is not a CapeDrive database (it has no migrations): check ${io().env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR"}, or set it up with \`rentals-cli db migrate\``,
      );
    applied = await reaching(config.database, () =>
      migrate(
        config.database,
        (line) => {
          const name = /^applied migration (\S+)$/.exec(line)?.[1];
          if (name) options.onApplied?.(name);
        },
        // Said even when quiet: otherwise the command seems to hang.
        { onWaiting: (line) => void printError(line) },
      ),
    );
  }
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
  } catch (error) {
    throw !ours(error) && isBusy(error) ? busyRefusal(config.database) : error;
  } finally {
    await database.close();
  }
}
