// What the SQLite adapter (./bun-sqlite-adapter.ts) promises, through a real PrismaClient: reads
// outside a transaction neither see nor wait for an open transaction; writes outside one wait for
// it and are not rolled back with it; transactions open no files; a write refused as busy (another
// process holding the write lock past the timeout) is transient and leaves the client working; and
// DateTimes are stored byte for byte as the libsql adapter stored them. File descriptors are counted
// through /proc/self/fd (Linux, like the servers we run on); PostgreSQL keeps its own pool (max 10).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database as BunDatabase } from "bun:sqlite";
import { copyFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase, testConfig, type TestDatabase } from "../testing/harness";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { openDatabase, sqliteAdapter, type Database } from "./index";
import { migrate } from "./migrate";
import { isTransientDbError } from "./vehicle-lock";
import { holdSqliteWriteLock } from "../testing/sqlite-lock";

const onSqlite = !process.env.TEST_DATABASE_URL;

let database: TestDatabase;
let opened: Database;
let file = "";
let url = "";
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database);
  await migrate(config.database);
  opened = openDatabase(config.database);
  if (config.database.provider === "sqlite") ({ file, url } = config.database);
});
afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

const openFiles = () => readdirSync("/proc/self/fd").length;
const inAMinute = () => new Date(Date.now() + 60_000);

type Tx = Parameters<Parameters<Database["db"]["$transaction"]>[0]>[0];

/** An interactive transaction that does `work`, then stays open until `end(commit)` is called. */
function openTransaction(work: (tx: Tx) => Promise<unknown>) {
  let end!: (commit: boolean) => void;
  const ending = new Promise<boolean>((resolve) => (end = resolve));
  let isOpen!: () => void;
  const open = new Promise<void>((resolve) => (isOpen = resolve));
  const done = opened.db
    .$transaction(async (tx) => {
      await work(tx);
      isOpen();
      if (!(await ending)) throw new Error("rolled back on purpose");
    })
    .catch((error: Error) => error);
  return { isOpen: open, end, done };
}

test("thousands of transactions (batch and interactive) open no more files", async () => {
  const { db } = opened;
  for (let i = 0; i < 5; i++) await db.$transaction([db.vehicle.count(), db.booking.count()]);
  const before = openFiles();
  const rounds = onSqlite ? 1_000 : 100;
  for (let i = 0; i < rounds; i++) {
    await db.$transaction([db.vehicle.count(), db.booking.count()]);
    await db.$transaction(async (tx) => {
      await tx.rateLimit.upsert({ where: { key: "fd" }, create: { key: "fd", count: 1, windowEnd: inAMinute() }, update: { count: { increment: 1 } } });
    });
  }
  expect(openFiles() - before).toBeLessThan(5);
  expect((await db.rateLimit.findUnique({ where: { key: "fd" } }))?.count).toBe(rounds);
}, 60_000);

describe.if(onSqlite)("SQLite: SQLITE_SYNCHRONOUS", () => {
  // PRAGMA synchronous answers 1 for NORMAL, 2 for FULL; a transaction's statement runs on the writer.
  const synchronousOf = async (db: Database["db"]) => {
    const [row] = await db.$transaction((tx) => tx.$queryRawUnsafe<{ synchronous: number | bigint }[]>("PRAGMA synchronous"));
    return Number(row?.synchronous);
  };

  test("NORMAL by default (WAL: no sync per commit), FULL when set; anything else is refused at start", async () => {
    expect(testConfig(database).database).toMatchObject({ provider: "sqlite", synchronous: "NORMAL" });
    expect(await synchronousOf(opened.db)).toBe(1);
    const full = openDatabase(testConfig(database, { SQLITE_SYNCHRONOUS: "FULL" }).database);
    try {
      expect(await synchronousOf(full.db)).toBe(2);
    } finally {
      await full.close();
    }
    expect(() => testConfig(database, { SQLITE_SYNCHRONOUS: "OFF" })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});

describe.if(onSqlite)("SQLite: checkpoints on a worker thread, a larger page cache", () => {
  const pragma = async (db: Database["db"], name: string) => {
    const [row] = await db.$transaction((tx) => tx.$queryRawUnsafe<Record<string, number | bigint>[]>(`PRAGMA ${name}`));
    return Number(Object.values(row ?? {})[0]);
  };
  /** Rate-limit rows found in the database file alone: a copy of it without its WAL (null while a copy is torn). */
  const rowsInMainFile = (source: string, key: string) => {
    const copy = join(database.dataDir, `main-file-only-${crypto.randomUUID()}.db`);
    copyFileSync(source, copy);
    try {
      const reading = new BunDatabase(copy, { readonly: true });
      try {
        return (reading.query("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?").get(`${key}%`) as { n: number }).n;
      } finally {
        reading.close();
      }
    } catch {
      return null;
    } finally {
      rmSync(copy, { force: true });
    }
  };
  const writeRows = async (db: Database["db"], key: string) => {
    for (let i = 0; i < 200; i++) await db.rateLimit.create({ data: { key: `${key}-${i}`, count: 1, windowEnd: inAMinute() } });
  };

  test("by default a 32 MiB page cache, and SQLite's own checkpoint on commit only as a safety net at 10,000 pages", async () => {
    expect(testConfig(database).database).toMatchObject({ provider: "sqlite", cacheMiB: 32, checkpoints: "background" });
    expect(await pragma(opened.db, "cache_size")).toBe(-32 * 1024);
    expect(await pragma(opened.db, "wal_autocheckpoint")).toBe(10_000);
    expect(() => testConfig(database, { SQLITE_CHECKPOINTS: "never" })).toThrow(/SQLITE_CHECKPOINTS/);
    expect(() => testConfig(database, { SQLITE_CACHE_MB: "0" })).toThrow(/SQLITE_CACHE_MB/);
  });

  test("committed writes reach the database file without a commit running the checkpoint", async () => {
    await writeRows(opened.db, "background");
    // The worker copies them within a few of its 100 ms rounds.
    const deadline = Date.now() + 5_000;
    let found = rowsInMainFile(file, "background");
    while (found !== 200 && Date.now() < deadline) {
      await Bun.sleep(50);
      found = rowsInMainFile(file, "background");
    }
    expect(found).toBe(200);
  });

  test("SQLITE_CHECKPOINTS=inline (SQLite's default): the same writes stay in the WAL, short of 1,000 pages", async () => {
    // A database of its own: the other client's worker would checkpoint a shared file.
    const other = await createTestDatabase();
    const config = testConfig(other, { SQLITE_CHECKPOINTS: "inline" });
    await migrate(config.database);
    const inline = openDatabase(config.database);
    try {
      expect(await pragma(inline.db, "wal_autocheckpoint")).toBe(1_000);
      await writeRows(inline.db, "inline");
      await Bun.sleep(500);
      expect(await inline.db.rateLimit.count({ where: { key: { startsWith: "inline" } } })).toBe(200);
      expect(rowsInMainFile(config.database.provider === "sqlite" ? config.database.file : "", "inline")).toBe(0);
    } finally {
      await inline.close();
      await other.drop();
    }
  });
});

describe.if(onSqlite)("SQLite: opening a connection", () => {
  test("waits for a lock another process holds for a moment (here while it is put in WAL), then answers without waiting again", async () => {
    // A file in SQLite's default journal mode: putting it in WAL needs it to itself.
    const lockedFile = join(database.dataDir, `opening-${crypto.randomUUID()}.db`);
    const setup = new BunDatabase(lockedFile);
    setup.exec("CREATE TABLE vehicles (mileage INTEGER); INSERT INTO vehicles VALUES (1)");
    setup.close();
    const holder = await holdSqliteWriteLock(lockedFile, 300);
    const client = new SqliteClient({ adapter: sqliteAdapter(`file:${lockedFile}`) });
    try {
      const rows = await client.$queryRawUnsafe<{ mileage: number }[]>("SELECT mileage FROM vehicles");
      expect(rows).toEqual([{ mileage: 1 }]);
      expect(Date.now()).toBeGreaterThanOrEqual(await holder.committedAt());
      const [mode] = await client.$transaction((tx) => tx.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode"));
      expect(mode?.journal_mode).toBe("wal");
      // Requests never wait on the event loop: SQLite's own wait is off again once the connection is open.
      const [busy] = await client.$transaction((tx) => tx.$queryRawUnsafe<Record<string, number | bigint>[]>("PRAGMA busy_timeout"));
      expect(Number(Object.values(busy ?? {})[0])).toBe(0);
    } finally {
      await client.$disconnect();
    }
  });
});

describe.if(onSqlite)("SQLite: one writer connection, one reader", () => {
  test("a read outside a transaction neither sees its uncommitted write nor waits for it", async () => {
    const { db } = opened;
    const tx = openTransaction((tx) => tx.rateLimit.create({ data: { key: "uncommitted", count: 1, windowEnd: inAMinute() } }));
    await tx.isOpen;
    const read = await Promise.race([db.rateLimit.findUnique({ where: { key: "uncommitted" } }), Bun.sleep(2_000).then(() => "waited")]);
    expect(read).toBeNull();
    expect(await Promise.race([db.rateLimit.count({ where: { key: "uncommitted" } }), Bun.sleep(2_000).then(() => "waited")])).toBe(0);
    tx.end(true);
    expect(await tx.done).toBeUndefined();
    // Committed: the next read sees it.
    expect((await db.rateLimit.findUnique({ where: { key: "uncommitted" } }))?.count).toBe(1);
  });

  // Between transactions the writer connection reads too (its page cache outlives its own commits).
  test("a read between transactions sees what another process committed, and does not wait for that process's write lock", async () => {
    const { db } = opened;
    await db.rateLimit.create({ data: { key: "elsewhere", count: 1, windowEnd: inAMinute() } });
    expect((await db.rateLimit.findUnique({ where: { key: "elsewhere" } }))?.count).toBe(1); // cached on our side
    const other = new BunDatabase(file);
    try {
      other.exec("PRAGMA busy_timeout = 5000");
      other.run(`UPDATE rate_limits SET count = 2 WHERE key = 'elsewhere'`);
      expect((await db.rateLimit.findUnique({ where: { key: "elsewhere" } }))?.count).toBe(2);
      // The other process holds the write lock with a change of its own not yet committed.
      other.exec("BEGIN IMMEDIATE");
      other.run(`UPDATE rate_limits SET count = 3 WHERE key = 'elsewhere'`);
      const read = await Promise.race([db.rateLimit.findUnique({ where: { key: "elsewhere" } }), Bun.sleep(2_000).then(() => "waited")]);
      expect((read as { count: number }).count).toBe(2);
      other.exec("COMMIT");
      expect((await db.rateLimit.findUnique({ where: { key: "elsewhere" } }))?.count).toBe(3);
    } finally {
      other.close();
    }
  });

  test("a write outside a transaction waits for it to end and is not rolled back with it", async () => {
    const { db } = opened;
    const tx = openTransaction((tx) => tx.rateLimit.create({ data: { key: "inside", count: 1, windowEnd: inAMinute() } }));
    await tx.isOpen;
    let written = false;
    const outside = db.rateLimit.create({ data: { key: "outside", count: 1, windowEnd: inAMinute() } }).then(() => (written = true));
    await Bun.sleep(100);
    expect(written).toBe(false);
    tx.end(false);
    expect(String(await tx.done)).toContain("rolled back on purpose");
    await outside;
    expect(await db.rateLimit.findMany({ where: { key: { in: ["inside", "outside"] } }, select: { key: true } })).toEqual([{ key: "outside" }]);
  });

  // vehicle-lock.ts relies on it: a booking's transaction reads the car, and that read is the lock.
  test("a transaction holds the write lock from its start, before it writes: another connection cannot write meanwhile", async () => {
    const other = new BunDatabase(file);
    try {
      other.exec("PRAGMA busy_timeout = 0");
      const tx = openTransaction((tx) => tx.rateLimit.count());
      await tx.isOpen;
      expect(() => other.run(`INSERT INTO rate_limits (key, count, "windowEnd") VALUES ('elsewhere-during', 1, 0)`)).toThrow(/locked|busy/i);
      tx.end(true);
      expect(await tx.done).toBeUndefined();
      other.run(`INSERT INTO rate_limits (key, count, "windowEnd") VALUES ('elsewhere-after', 1, 0)`);
      expect(await opened.db.rateLimit.count({ where: { key: "elsewhere-after" } })).toBe(1);
    } finally {
      other.close();
    }
  });

  test("transactions take turns: each sees what the previous one committed", async () => {
    const { db } = opened;
    await db.rateLimit.create({ data: { key: "turns", count: 0, windowEnd: inAMinute() } });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.$transaction(async (tx) => {
          const row = await tx.rateLimit.findUniqueOrThrow({ where: { key: "turns" } });
          await Bun.sleep(1);
          await tx.rateLimit.update({ where: { key: "turns" }, data: { count: row.count + 1 } });
        }),
      ),
    );
    expect((await db.rateLimit.findUnique({ where: { key: "turns" } }))?.count).toBe(20);
  });

  // bun:sqlite runs on the server's one thread: waiting for another process's lock must not stop it.
  test("waiting for another process's write lock leaves the event loop free, and the write goes through once it is released", async () => {
    const db = new SqliteClient({ adapter: sqliteAdapter(url, { timeout: 5_000 }) });
    try {
      await db.rateLimit.count(); // connected before the lock is taken
      const { child: holder } = await holdSqliteWriteLock(file, 600);
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const started = performance.now();
      const [written, insideTx] = await Promise.all([
        db.rateLimit.create({ data: { key: "waited", count: 1, windowEnd: inAMinute() } }),
        db.$transaction(async (tx) => tx.$executeRaw`UPDATE vehicles SET mileage = mileage WHERE id = ${"none"}`),
      ]);
      const waited = performance.now() - started;
      clearInterval(ticker);
      expect(written.key).toBe("waited");
      expect(insideTx).toBe(0);
      expect(waited).toBeGreaterThan(300); // it did wait for the other process...
      expect(ticks).toBeGreaterThan(waited / 10 / 3); // ...while timers kept running
      expect(await holder.exited).toBe(0);
    } finally {
      await db.$disconnect();
    }
  }, 20_000);

  // Another process holding SQLite's write lock past our busy timeout makes a write fail with
  // SQLITE_BUSY: that must be recognised as transient (vehicle-lock.ts retries it, then answers 503),
  // and the client's connections must work, and hold no lock, once the other process is done.
  test("a write refused as busy is transient; afterwards transactions commit and other writers are not locked out", async () => {
    // A client that waits only 50 ms for a lock (the server's waits 10 s).
    const db = new SqliteClient({ adapter: sqliteAdapter(url, { timeout: 50 }) });
    try {
      const { child: holder } = await holdSqliteWriteLock(file, 400);
      const refused = await db.rateLimit.create({ data: { key: "busy", count: 1, windowEnd: inAMinute() } }).catch((error) => error);
      expect(String(refused?.message ?? refused)).toMatch(/SQLITE_BUSY|database is locked|timed out/i);
      expect(isTransientDbError(refused)).toBe(true);
      // The same for a transaction, which takes the write lock as it begins (BEGIN IMMEDIATE).
      const refusedInside = await db
        .$transaction(async (tx) => {
          await tx.rateLimit.count();
        })
        .catch((error) => error);
      expect(isTransientDbError(refusedInside)).toBe(true);
      // Reads are not refused: the other process's open transaction does not block them (WAL).
      expect(await db.rateLimit.count({ where: { key: "busy" } })).toBe(0);
      expect(await holder.exited).toBe(0);
      // Released: this client's transactions commit again...
      for (let i = 0; i < 3; i++) {
        await db.$transaction(async (tx) => {
          await tx.rateLimit.create({ data: { key: `after-${i}`, count: 1, windowEnd: inAMinute() } });
          await tx.rateLimit.count();
        });
      }
      // ...and none of its connections still holds the write lock: another client writes at once.
      await opened.db.rateLimit.create({ data: { key: "other-client", count: 1, windowEnd: inAMinute() } });
      expect(await opened.db.rateLimit.count({ where: { key: { in: ["after-0", "after-1", "after-2", "other-client"] } } })).toBe(4);
    } finally {
      await db.$disconnect();
    }
  }, 20_000);

  // Rows written before the switch (by @prisma/adapter-libsql) and after must read the same, and
  // compare the same in SQL (SQLite compares these dates as text). libsql runs in another process:
  // two SQLite libraries must not share a file inside one (their POSIX locks would not exclude each other).
  test("DateTimes are stored byte for byte as the libsql adapter stored them, and read back either way", async () => {
    const when = new Date("2026-11-26T10:00:00.000Z");
    const odd = new Date("2027-02-03T04:05:06.789Z");
    await opened.db.rateLimit.create({ data: { key: "by-bun", count: 1, windowEnd: when } });
    await opened.db.rateLimit.create({ data: { key: "by-bun-odd", count: 1, windowEnd: odd } });
    const script = join(database.dataDir, "libsql.ts");
    writeFileSync(
      script,
      `import { createClient } from "@libsql/client";
       import { PrismaLibSql } from "@prisma/adapter-libsql";
       import { PrismaClient } from ${JSON.stringify(join(import.meta.dir, "../../prisma/generated/sqlite/client"))};
       const url = ${JSON.stringify(url)};
       const prisma = new PrismaClient({ adapter: new PrismaLibSql({ url, timeout: 5000 }) });
       await prisma.rateLimit.create({ data: { key: "by-libsql", count: 1, windowEnd: new Date(${when.getTime()}) } });
       const raw = createClient({ url });
       await raw.execute({ sql: "INSERT INTO rate_limits (key, count, windowEnd) VALUES ('raw', 2, ?)", args: ["2027-02-03T04:05:06.789+00:00"] });
       const stored = (await raw.execute("SELECT key, windowEnd, typeof(windowEnd) AS type FROM rate_limits WHERE key IN ('by-bun', 'by-libsql') ORDER BY key")).rows;
       const read = await prisma.rateLimit.findMany({ where: { key: { startsWith: "by-bun" } }, orderBy: { key: "asc" } });
       console.log(JSON.stringify({ stored: stored.map((r) => [r.key, r.windowEnd, r.type]), read }));
       await prisma.$disconnect();`,
    );
    const child = Bun.spawnSync([process.execPath, script], { cwd: join(import.meta.dir, "../.."), stderr: "inherit" });
    expect(child.exitCode).toBe(0);
    const { stored, read } = JSON.parse(child.stdout.toString());
    expect(stored).toEqual([
      ["by-bun", "2026-11-26T10:00:00.000+00:00", "text"],
      ["by-libsql", "2026-11-26T10:00:00.000+00:00", "text"],
    ]);
    // Written by this adapter, read by libsql's...
    expect(read).toEqual([
      { key: "by-bun", count: 1, windowEnd: when.toISOString() },
      { key: "by-bun-odd", count: 1, windowEnd: odd.toISOString() },
    ]);
    // ...and written by libsql (through Prisma and raw), read by this one.
    expect(await opened.db.rateLimit.findUnique({ where: { key: "by-libsql" } })).toEqual({ key: "by-libsql", count: 1, windowEnd: when });
    expect(await opened.db.rateLimit.findUnique({ where: { key: "raw" } })).toEqual({ key: "raw", count: 2, windowEnd: odd });
    // Comparisons in SQL match either writer's rows.
    const keys = ["by-bun", "by-libsql", "raw"];
    expect(await opened.db.rateLimit.count({ where: { key: { in: keys }, windowEnd: { gte: when } } })).toBe(3);
    expect(await opened.db.rateLimit.count({ where: { key: { in: keys }, windowEnd: { gt: when } } })).toBe(1);
    expect(await opened.db.rateLimit.count({ where: { key: { in: keys }, windowEnd: when } })).toBe(2);
  });
});
