// Online backups for `rentals-cli db backup`. SQLite: `VACUUM INTO` through bun:sqlite
// makes a consistent copy of a live database (one read transaction; the server keeps serving,
// WAL content included) into a temporary file beside the target, which is then moved into place,
// so a half-written backup never carries the target's name. PostgreSQL: pg_dump is the tool; we
// only say how to call it (without the password).
import { Database } from "bun:sqlite";
import { existsSync, linkSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { DatabaseTarget } from "../config";

export class BackupRefused extends Error {}

/** Copies the SQLite database to `file`; refuses an existing file unless `force`. Returns its size in bytes. */
export async function backupSqlite(
  target: Extract<DatabaseTarget, { provider: "sqlite" }>,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ file: string; bytes: number }> {
  const destination = resolve(file);
  if (!existsSync(target.file)) throw new BackupRefused(`There is no database at ${target.file}`);
  if (destination === resolve(target.file)) throw new BackupRefused("The backup file cannot be the database itself");
  const folder = dirname(destination);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new BackupRefused(`The folder ${folder} does not exist`);
  if (existsSync(destination)) {
    if (!options.force) throw new BackupRefused(`${destination} already exists (use --force to overwrite it)`);
    if (statSync(destination).isDirectory()) throw new BackupRefused(`${destination} is a folder`);
  }

  const temporary = join(folder, `.${basename(destination)}.${crypto.randomUUID()}.partial`);
  const db = new Database(target.file, { readwrite: true, create: false });
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.query("VACUUM INTO ?").run(temporary);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    db.close(false);
  }
  try {
    if (options.force) renameSync(temporary, destination);
    else {
      // A hard link fails when the name was taken meanwhile: never overwrite without --force.
      try {
        linkSync(temporary, destination);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new BackupRefused(`${destination} already exists (use --force to overwrite it)`);
        throw error;
      }
    }
  } finally {
    rmSync(temporary, { force: true });
  }
  return { file: destination, bytes: statSync(destination).size };
}

/** How to back up a PostgreSQL database with pg_dump: the URL's host, port, user and database, never its password. */
export function pgDumpAdvice(target: Extract<DatabaseTarget, { provider: "postgresql" }>, file: string): string {
  const url = new URL(target.url);
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "postgres";
  const quote = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);
  const args = [
    "pg_dump",
    `--host=${quote(decodeURIComponent(url.hostname) || "localhost")}`,
    `--port=${quote(url.port || "5432")}`,
    ...(url.username ? [`--username=${quote(decodeURIComponent(url.username))}`] : []),
    `--dbname=${quote(database)}`,
    "--format=custom",
    `--file=${quote(file)}`,
  ];
  const sslmode = url.searchParams.get("sslmode");
  return [
    "This database is PostgreSQL: back it up with pg_dump (a consistent snapshot while the servers keep running):",
    "",
    `  ${sslmode ? `PGSSLMODE=${quote(sslmode)} ` : ""}${args.join(" ")}`,
    "",
    "pg_dump asks for the password, or reads it from PGPASSWORD or ~/.pgpass (it is not shown here).",
    `Restore into an empty database with: pg_restore --dbname=<database> --no-owner ${quote(file)}`,
  ].join("\n");
}
