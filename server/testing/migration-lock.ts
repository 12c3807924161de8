// A second PostgreSQL connection holding the migration lock, as another process's migration (or
// a session left open) does: for the tests of a migration that has to wait for it.
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
