// Backups: a SQLite copy taken while a writer holds the database open (WAL content included),
// the refusals, and the pg_dump advice that never shows the password. SQLite files of their own,
// whatever TEST_DATABASE_URL says (PostgreSQL backups are pg_dump's job).
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseTarget } from "../config";
import { backupSqlite, BackupRefused, pgDumpAdvice } from "./backup";

const folder = mkdtempSync(join(tmpdir(), "capedrive-backup-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sqlite = (name: string) => databaseTarget(`file:${join(folder, name)}`, folder) as Extract<ReturnType<typeof databaseTarget>, { provider: "sqlite" }>;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupRefused);
  return (error as Error).message;
}

test("a live WAL database is copied whole, into a file that opens; the target is never half-written", async () => {
  const target = sqlite("live.db");
  const writer = new Database(target.file);
  try {
    writer.exec("PRAGMA journal_mode = WAL");
    writer.exec("PRAGMA wal_autocheckpoint = 0"); // keep the rows in the WAL file
    writer.exec("CREATE TABLE t (x INTEGER)");
    const insert = writer.prepare("INSERT INTO t VALUES (?)");
    writer.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run(i);
    })();
    expect(existsSync(`${target.file}-wal`)).toBe(true);

    const result = await backupSqlite(target, join(folder, "copy.db"));
    expect(result.file).toBe(join(folder, "copy.db"));
    expect(result.bytes).toBeGreaterThan(0);
    const copy = new Database(result.file);
    try {
      expect(copy.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 500 });
      expect(copy.query("PRAGMA integrity_check").values()[0]![0]).toBe("ok");
    } finally {
      copy.close();
    }
    expect(readdirSync(folder).filter((f) => f.endsWith(".partial"))).toEqual([]);
  } finally {
    writer.close();
  }
});

test("refusals: an existing file without --force, a missing folder, no database, the database itself", async () => {
  const target = sqlite("refuse.db");
  const client = new Database(target.file);
  client.exec("CREATE TABLE t (x INTEGER)");
  client.close();
  const existing = join(folder, "existing.db");
  writeFileSync(existing, "keep me");
  expect(await refusal(backupSqlite(target, existing))).toBe(`${existing} already exists (use --force to overwrite it)`);
  expect(await Bun.file(existing).text()).toBe("keep me");
  expect((await backupSqlite(target, existing, { force: true })).bytes).toBeGreaterThan(7);
  expect(await refusal(backupSqlite(target, join(folder, "nope", "x.db")))).toBe(`The folder ${join(folder, "nope")} does not exist`);
  expect(await refusal(backupSqlite(sqlite("missing.db"), join(folder, "y.db")))).toBe(`There is no database at ${join(folder, "missing.db")}`);
  expect(await refusal(backupSqlite(target, target.file, { force: true }))).toBe("The backup file cannot be the database itself");
  expect(readdirSync(folder).filter((f) => f.endsWith(".partial"))).toEqual([]);
});

test("pg_dump advice names host, port, user and database, never the password", () => {
  const advice = pgDumpAdvice(
    { provider: "postgresql", url: "postgres://cap%40ops:s3cr%3Ft@db.example:6543/cap_prod?sslmode=require" },
    "/backups/cape drive.dump",
  );
  expect(advice).toContain(
    "PGSSLMODE=require pg_dump --host=db.example --port=6543 --username=cap@ops --dbname=cap_prod --format=custom --file='/backups/cape drive.dump'",
  );
  expect(advice).not.toContain("s3cr");
  const plain = pgDumpAdvice({ provider: "postgresql", url: "postgresql://db.internal/capedrive" }, "x.dump");
  expect(plain).toContain("pg_dump --host=db.internal --port=5432 --dbname=capedrive --format=custom --file=x.dump");
});

test("an aborted backup rejects with the abort's reason and leaves no file behind, partial or whole", async () => {
  const target = sqlite("abort.db");
  const client = new Database(target.file);
  client.exec("CREATE TABLE t (b BLOB)");
  client.exec("INSERT INTO t SELECT randomblob(100000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) SELECT i FROM n)");
  client.close();
  const before = readdirSync(folder);
  const controller = new AbortController();
  const backup = backupSqlite(target, join(folder, "aborted.db"), { signal: controller.signal });
  controller.abort(new Error("stopped by the operator"));
  expect(
    await backup.then(
      () => "finished",
      (e: Error) => e.message,
    ),
  ).toBe("stopped by the operator");
  expect(readdirSync(folder)).toEqual(before);
});

test("--force replaces a regular file only: a pipe (or a device such as /dev/null) or a symbolic link is refused and left as it was", async () => {
  const target = sqlite("special.db");
  const client = new Database(target.file);
  client.exec("CREATE TABLE t (x INTEGER)");
  client.close();
  const fifo = join(folder, "backup.fifo");
  expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
  expect(await refusal(backupSqlite(target, fifo, { force: true }))).toBe(`${fifo} is not a regular file (a device, a pipe or a socket): it is never replaced`);
  expect(lstatSync(fifo).isFIFO()).toBe(true);
  const kept = join(folder, "kept.db");
  writeFileSync(kept, "keep me");
  const link = join(folder, "latest.db");
  symlinkSync(kept, link);
  expect(await refusal(backupSqlite(target, link, { force: true }))).toBe(`${link} is a symbolic link: give the path of the file itself`);
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(await Bun.file(kept).text()).toBe("keep me");
  expect(readdirSync(folder).filter((f) => f.endsWith(".partial"))).toEqual([]);
});
