// Another holder of the migration lock, as another process's migration (or a session left open)
// holds it: for the tests of a migration that has to wait for it. PostgreSQL: a second connection
// holding the advisory lock; SQLite: another process holding the file's write lock.
import pg from "pg";
import { MIGRATION_LOCK } from "../db/migrate";

/** Takes the migration lock on a connection named `application`; its server pid, and how to let go. */
export async function holdMigrationLock(url: string, application: string): Promise<{ pid: number; release(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: url, application_name: application });
  await holder.connect();
  await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  const pid = Number((await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid);
  return { pid, release: () => holder.end() };
}

/**
 * Another process holding a SQLite file's write lock (BEGIN IMMEDIATE), as a start migrating it
 * does, or a sqlite3 shell left in a transaction: SQLite's locks belong to a process, so the
 * holder is a real one. Resolves once it holds the lock; `release` ends that process.
 */
export async function holdSqliteWriteLock(file: string): Promise<{ pid: number; release(): Promise<void> }> {
  const script = `const { Database } = require("bun:sqlite");
    const db = new Database(${JSON.stringify(file)}, { create: true, readwrite: true });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("BEGIN IMMEDIATE");
    console.log("holding");
    setInterval(() => {}, 60_000);`;
  const holder = Bun.spawn([process.execPath, "-e", script], { stdin: "ignore", stdout: "pipe", stderr: "inherit" });
  const reader = holder.stdout.getReader();
  const { value } = await reader.read();
  if (!new TextDecoder().decode(value).startsWith("holding")) throw new Error(`the lock holder did not start (exit ${await holder.exited})`);
  return {
    pid: holder.pid,
    async release() {
      holder.kill("SIGTERM");
      await holder.exited;
    },
  };
}
