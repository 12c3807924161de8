// Online backups for `rentals-cli db backup`. SQLite: `VACUUM INTO` through bun:sqlite
// makes a consistent copy of a live database (one read transaction; the server keeps serving,
// WAL content included) into a temporary file beside the target, which is then moved into place,
// so a half-written backup never carries the target's name. The copy runs in a process of its own
// (./backup-copy.ts), so that an abort (the operator's Ctrl-C) stops it at once and the partial
// file is removed; its growing size is the progress. PostgreSQL: pg_dump is the tool; we
// only say how to call it (without the password).
import { existsSync, linkSync, lstatSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { DatabaseTarget } from "../config";

export class BackupRefused extends Error {}

/**
 * Copies the SQLite database to `file`; refuses an existing file unless `force`. Returns its size
 * in bytes. `signal` aborts it (rejecting with the signal's reason), leaving no file behind;
 * `onProgress` hears the bytes copied so far against the database's size, a few times a second.
 */
export async function backupSqlite(
  target: Extract<DatabaseTarget, { provider: "sqlite" }>,
  file: string,
  options: { force?: boolean; signal?: AbortSignal; onProgress?: (copied: number, total: number) => void } = {},
): Promise<{ file: string; bytes: number }> {
  const destination = resolve(file);
  if (!existsSync(target.file)) throw new BackupRefused(`There is no database at ${target.file}`);
  if (destination === resolve(target.file)) throw new BackupRefused("The backup file cannot be the database itself");
  const folder = dirname(destination);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new BackupRefused(`The folder ${folder} does not exist`);
  const existing = lstatSync(destination, { throwIfNoEntry: false });
  if (existing) {
    if (!options.force) throw new BackupRefused(`${destination} already exists (use --force to overwrite it)`);
    if (existing.isDirectory()) throw new BackupRefused(`${destination} is a folder`);
    // The copy is renamed over the name: over /dev/null (run as root) it would replace the device.
    if (existing.isSymbolicLink()) throw new BackupRefused(`${destination} is a symbolic link: give the path of the file itself`);
    if (!existing.isFile()) throw new BackupRefused(`${destination} is not a regular file (a device, a pipe or a socket): it is never replaced`);
  }

  const temporary = join(folder, `.${basename(destination)}.${crypto.randomUUID()}.partial`);
  try {
    await vacuumInto(target.file, temporary, options);
  } catch (error) {
    // The copy's own journal too: SQLite writes the new file through one.
    for (const leftover of [temporary, `${temporary}-journal`, `${temporary}-wal`]) rmSync(leftover, { force: true });
    throw error;
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

/** VACUUM INTO `destination` in a process of its own, ended when `signal` aborts. */
async function vacuumInto(
  source: string,
  destination: string,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (copied: number, total: number) => void },
): Promise<void> {
  signal?.throwIfAborted();
  const copy = Bun.spawn([process.execPath, join(import.meta.dir, "backup-copy.ts"), source, destination], {
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  const stop = () => copy.kill("SIGKILL");
  signal?.addEventListener("abort", stop, { once: true });
  const total = statSync(source).size;
  const progress = onProgress
    ? setInterval(() => {
        // The copy's file appears once SQLite starts writing it.
        if (existsSync(destination)) onProgress(statSync(destination, { throwIfNoEntry: false })?.size ?? 0, total);
      }, 250)
    : undefined;
  try {
    const [code, stderr] = await Promise.all([copy.exited, new Response(copy.stderr).text()]);
    signal?.throwIfAborted();
    // Ctrl-C at a terminal reaches the copy too (one process group): it may end before our signal handler runs.
    if (copy.signalCode) throw new BackupRefused(`The copy was stopped (${copy.signalCode}); no backup written`);
    if (code !== 0) {
      let failure: { message?: string; code?: string } = {};
      try {
        failure = JSON.parse(stderr);
      } catch {
        failure = { message: stderr.trim().split("\n")[0] || `the copy ended with exit code ${code}` };
      }
      throw Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {});
    }
  } finally {
    clearInterval(progress);
    signal?.removeEventListener("abort", stop);
  }
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
