// Migrations on a fresh database (SQLite here, PostgreSQL when TEST_DATABASE_URL is set):
// applied once, recorded as Prisma records them, idempotent, and safe when two starts race.
import { afterEach, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase, testConfig, type TestDatabase } from "../testing/harness";
import { openDatabase } from "./index";
import { freePort } from "../testing/processes";
import { holdMigrationLock, holdSqliteWriteLock } from "../testing/migration-lock";
import { MigrationLockTimeout, migrate, migrationStatus } from "./migrate";
import type { DatabaseTarget } from "../config";

const provider = process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite";
const migrationsDir = join(import.meta.dir, "..", "..", "prisma", provider, "migrations");
const migrationNames = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const initName = migrationNames.find((name) => name.endsWith("_init"))!;

const sha256 = async (path: string) => new Bun.CryptoHasher("sha256").update(await Bun.file(path).text()).digest("hex");

type MigrationRow = { migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown; applied_steps_count: number | bigint };

async function migrationRows(target: DatabaseTarget): Promise<MigrationRow[]> {
  const { db, close } = openDatabase(target);
  try {
    return await db.$queryRawUnsafe<MigrationRow[]>(
      `SELECT "migration_name", "checksum", "finished_at", "rolled_back_at", "applied_steps_count" FROM "_prisma_migrations" ORDER BY "migration_name"`,
    );
  } finally {
    await close();
  }
}

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function freshTarget(): Promise<DatabaseTarget> {
  database = await createTestDatabase();
  const target = testConfig(database).database;
  expect(target.provider).toBe(provider);
  return target;
}

test("the committed migrations include an init migration", () => {
  expect(initName).toBeDefined();
  expect(migrationNames[0]).toBe(initName);
});

test("migrate applies the init migration into a fresh database and records it with the sha256 of migration.sql", async () => {
  const target = await freshTarget();
  const before = await migrationStatus(target);
  expect(before.applied).toEqual([]);
  expect(before.pending).toEqual(migrationNames);
  expect(before.modified).toEqual([]);

  const logged: string[] = [];
  const applied = await migrate(target, (line) => logged.push(line));
  expect(applied).toEqual(migrationNames);
  expect(logged).toContain(`applied migration ${initName}`);

  const rows = await migrationRows(target);
  expect(rows.map((r) => r.migration_name)).toEqual(migrationNames);
  const init = rows.find((r) => r.migration_name === initName)!;
  expect(init.checksum).toBe(await sha256(join(migrationsDir, initName, "migration.sql")));
  expect(init.checksum).toMatch(/^[0-9a-f]{64}$/);
  expect(init.finished_at).not.toBeNull();
  expect(init.rolled_back_at).toBeNull();
  expect(Number(init.applied_steps_count)).toBe(1);

  // The schema is really there: every model's table answers through Prisma.
  const { db, close } = openDatabase(target);
  try {
    const counts = await Promise.all([
      db.user.count(),
      db.dealership.count(),
      db.adminUser.count(),
      db.vehicle.count(),
      db.booking.count(),
      db.serviceArea.count(),
      db.apiKey.count(),
      db.session.count(),
    ]);
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  } finally {
    await close();
  }

  const after = await migrationStatus(target);
  expect(after).toEqual({ applied: migrationNames, pending: [], modified: [] });
});

test("a second migrate applies nothing and leaves the history as it was", async () => {
  const target = await freshTarget();
  await migrate(target);
  const first = await migrationRows(target);
  const logged: string[] = [];
  expect(await migrate(target, (line) => logged.push(line))).toEqual([]);
  expect(logged).toEqual([]);
  expect(await migrationRows(target)).toEqual(first);
});

test("two migrations racing (Promise.all) apply once", async () => {
  const target = await freshTarget();
  const logged: string[] = [];
  const results = await Promise.all([migrate(target, (line) => logged.push(line)), migrate(target, (line) => logged.push(line))]);
  expect(results.flat().sort()).toEqual(migrationNames);
  expect(logged.filter((line) => line.startsWith("applied migration"))).toHaveLength(migrationNames.length);
  const rows = await migrationRows(target);
  expect(rows.map((r) => r.migration_name)).toEqual(migrationNames);
  expect(await migrationStatus(target)).toEqual({ applied: migrationNames, pending: [], modified: [] });
});

test("a migration edited after it was applied is reported as modified and not applied again", async () => {
  const target = await freshTarget();
  await migrate(target);
  const { db, close } = openDatabase(target);
  try {
    await db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET "checksum" = '${"0".repeat(64)}' WHERE "migration_name" = '${initName}'`);
  } finally {
    await close();
  }
  expect((await migrationStatus(target)).modified).toEqual([initName]);
  const logged: string[] = [];
  expect(await migrate(target, (line) => logged.push(line))).toEqual([]);
  expect(logged.join("\n")).toContain(`migration ${initName} was changed after it was applied`);
  expect(await migrationRows(target)).toHaveLength(migrationNames.length);
});

// On SQLite each migration is its own write transaction, so two processes may share the work
// (one applies the first, the other the rest); what matters is that each is applied exactly once.
test("two processes migrating the same database at once (`bun run db:migrate` twice): every migration is applied exactly once", async () => {
  const target = await freshTarget();
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? database!.dataDir,
    DATA_DIR: database!.dataDir,
    ...(database!.databaseUrl ? { DATABASE_URL: database!.databaseUrl } : {}),
    TOKEN_SECRET: "a-token-secret-that-is-long-enough-0123456789",
  };
  const run = async () => {
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "migrate-main.ts")], { env, stdout: "pipe", stderr: "pipe" });
    const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    // One assertion, so a failure in CI prints what the process said.
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    return stdout;
  };
  const outputs = await Promise.all([run(), run()]);
  const appliedNow = outputs.map((out) => Number(/(\d+) applied now/.exec(out)?.[1]));
  expect(appliedNow[0]! + appliedNow[1]!).toBe(migrationNames.length);
  expect(outputs.join("").match(/^applied migration /gm)).toHaveLength(migrationNames.length);
  expect((await migrationRows(target)).map((r) => r.migration_name)).toEqual(migrationNames);
});

// Started at the same millisecond, several migrators on a new SQLite file all switch it to WAL at
// once, and SQLite refuses all but one without waiting, whatever the busy timeout ("database is
// locked", before the migrator tried again). Three rounds, as the race is not lost every time.
test("six processes starting their migration at the same instant all succeed, and each migration is applied once (three rounds)", async () => {
  for (let round = 0; round < 3; round++) {
    await database?.drop();
    const target = await freshTarget();
    const startAt = Date.now() + 400;
    const script = `const { migrate } = await import(${JSON.stringify(join(import.meta.dir, "migrate.ts"))});
      while (Date.now() < ${startAt}) {}
      console.log(JSON.stringify(await migrate(${JSON.stringify(target)})));`;
    const outputs = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
        const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
        expect({ round, code, stderr }).toEqual({ round, code: 0, stderr: "" });
        return JSON.parse(stdout) as string[];
      }),
    );
    expect(outputs.flat().sort()).toEqual(migrationNames);
    expect((await migrationRows(target)).map((r) => r.migration_name)).toEqual(migrationNames);
  }
});

if (provider === "postgresql") {
  test("PostgreSQL: a migration waiting for another's lock says so after a second, naming the holder, and applies once the lock is let go", async () => {
    const target = await freshTarget();
    const holder = await holdMigrationLock(target.url, "lock holder (test)");
    const waiting: string[] = [];
    const logged: string[] = [];
    const migrating = migrate(target, (line) => logged.push(line), { onWaiting: (line) => waiting.push(line) });
    try {
      while (waiting.length === 0) await Bun.sleep(50);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatch(
        new RegExp(
          `^Waiting for another migration to finish \\(lock held by PostgreSQL session pid ${holder.pid}, application "lock holder \\(test\\)", user \\S+, .*connected \\d+ s ago\\)$`,
        ),
      );
    } finally {
      await holder.release();
    }
    expect(await migrating).toEqual(migrationNames);
    expect(logged).not.toContain(waiting[0]);
  });

  test("PostgreSQL: a lock held for longer than MIGRATION_LOCK_TIMEOUT_SECONDS: the migration gives up with a message naming the holder and how to end it, applying nothing", async () => {
    const target = await freshTarget();
    const holder = await holdMigrationLock(target.url, "lock holder (test)");
    const lines: string[] = [];
    try {
      const timeoutTarget = testConfig(database!, { MIGRATION_LOCK_TIMEOUT_SECONDS: "2" }).database;
      const error = await migrate(timeoutTarget, (line) => lines.push(line)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationLockTimeout);
      expect((error as Error).message).toStartWith(
        `Gave up after waiting 2 s for another migration to finish (lock held by PostgreSQL session pid ${holder.pid}, application "lock holder (test)"`,
      );
      expect((error as Error).message).toContain(`SELECT pg_terminate_backend(${holder.pid})`);
      expect((error as Error).message).toContain("MIGRATION_LOCK_TIMEOUT_SECONDS");
      // Without onWaiting, the waiting line goes to the log (the server's, or db:migrate's output).
      expect(lines).toHaveLength(1);
      expect(lines[0]).toStartWith(`Waiting for another migration to finish (lock held by PostgreSQL session pid ${holder.pid}`);
    } finally {
      await holder.release();
    }
    expect((await migrationStatus(target)).applied).toEqual([]);
  });
}

if (provider === "sqlite") {
  // SQLite cannot say who holds its write lock, so the line names the file instead.
  test("SQLite: a migration waiting for another process's write lock says so after a second, naming the file, and applies once it is let go", async () => {
    const target = await freshTarget();
    if (target.provider !== "sqlite") throw new Error("SQLite only");
    const holder = await holdSqliteWriteLock(target.file);
    const waiting: string[] = [];
    const logged: string[] = [];
    const started = performance.now();
    const migrating = migrate(target, (line) => logged.push(line), { onWaiting: (line) => waiting.push(line) });
    try {
      while (waiting.length === 0) await Bun.sleep(50);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(waiting).toEqual([`Waiting for another process to finish migrating ${target.file} (it holds the database's write lock)`]);
    } finally {
      await holder.release();
    }
    expect(await migrating).toEqual(migrationNames);
    expect(waiting).toHaveLength(1);
    expect(logged).not.toContain(waiting[0]);
  });

  test("SQLite: a write lock held for longer than MIGRATION_LOCK_TIMEOUT_SECONDS: the migration gives up with one line saying what to do, applying nothing", async () => {
    const target = await freshTarget();
    if (target.provider !== "sqlite") throw new Error("SQLite only");
    const holder = await holdSqliteWriteLock(target.file);
    const lines: string[] = [];
    try {
      const timeoutTarget = testConfig(database!, { MIGRATION_LOCK_TIMEOUT_SECONDS: "2" }).database;
      const started = performance.now();
      const error = await migrate(timeoutTarget, (line) => lines.push(line)).catch((e: unknown) => e);
      expect(performance.now() - started).toBeGreaterThanOrEqual(2_000);
      expect(error).toBeInstanceOf(MigrationLockTimeout);
      const message = (error as Error).message;
      expect(message).toStartWith(`Gave up after waiting 2 s for another process to finish migrating ${target.file} (it still holds the write lock): `);
      expect(message).toContain("a sqlite3 shell left in a transaction");
      expect(message).toEndWith("MIGRATION_LOCK_TIMEOUT_SECONDS sets how long to wait.");
      expect(message).not.toContain("\n");
      expect(message).not.toMatch(/database is locked|SQLITE_BUSY/);
      // Without onWaiting, the waiting line goes to the log.
      expect(lines).toEqual([`Waiting for another process to finish migrating ${target.file} (it holds the database's write lock)`]);
    } finally {
      await holder.release();
    }
    expect((await migrationStatus(target)).applied).toEqual([]);
  });
}

// The start command (`bun server/main.ts`), a third process: it says whom it waits for in its log,
// and stops with the reason on one line (no stack trace) once MIGRATION_LOCK_TIMEOUT_SECONDS is up.
test("a server start while another process holds the migration lock logs that it waits, then exits 1 with one line once MIGRATION_LOCK_TIMEOUT_SECONDS is up", async () => {
  const target = await freshTarget();
  const holder = target.provider === "sqlite" ? await holdSqliteWriteLock(target.file) : await holdMigrationLock(target.url, "lock holder (test)");
  try {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? database!.dataDir,
      HOST: "127.0.0.1",
      PORT: String(freePort()),
      DATA_DIR: database!.dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      MIGRATION_LOCK_TIMEOUT_SECONDS: "2",
      ...(database!.databaseUrl ? { DATABASE_URL: database!.databaseUrl } : {}),
    };
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "main.ts")], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect(code).toBe(1);
    const waitingLine =
      target.provider === "sqlite"
        ? `Waiting for another process to finish migrating ${target.file}`
        : "Waiting for another migration to finish (lock held by PostgreSQL session pid";
    expect(stdout).toMatch(new RegExp(`^\\S+ warn  ${waitingLine.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*\n$`));
    expect(stderr).toStartWith("Gave up after waiting 2 s for another ");
    expect(stderr).toEndWith("MIGRATION_LOCK_TIMEOUT_SECONDS sets how long to wait.\n");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  } finally {
    await holder.release();
  }
  expect((await migrationStatus(target)).applied).toEqual([]);
});
