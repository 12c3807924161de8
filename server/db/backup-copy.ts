// The copy behind backupSqlite (./backup.ts), run as a process of its own: VACUUM INTO runs inside
// SQLite, out of JavaScript's reach, so an interrupted backup is stopped by ending this process,
// after which its parent removes the partial file. On failure it writes the error as JSON on stderr.
import { Database } from "bun:sqlite";

const [source, destination] = process.argv.slice(2);
const db = new Database(source!, { readwrite: true, create: false });
try {
  db.exec("PRAGMA busy_timeout = 10000");
  db.query("VACUUM INTO ?").run(destination!);
} catch (error) {
  process.stderr.write(JSON.stringify({ message: (error as Error).message, code: (error as { code?: unknown }).code }));
  process.exitCode = 1;
} finally {
  db.close(false);
}
