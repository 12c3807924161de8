// Transactions give their SQLite connection back: @prisma/adapter-libsql's own @libsql/client
// leaked one per transaction (see server/db/index.ts), so a busy server ran out of file
// descriptors. Counted through /proc/self/fd (Linux); PostgreSQL keeps its own pool (max 10).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { createTestDatabase, testConfig, type TestDatabase } from "../testing/harness";
import { PrismaClient as SqliteClient } from "../../prisma/generated/sqlite/client";
import { openDatabase, PooledPrismaLibSql, type Database } from "./index";
import { migrate } from "./migrate";

let database: TestDatabase;
let opened: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database);
  await migrate(config.database);
  opened = openDatabase(config.database);
});
afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

const openFiles = () => readdirSync("/proc/self/fd").length;

// Linux-only (/proc/self/fd), like the servers we run on.
test("hundreds of transactions (batch and interactive) open no more files", async () => {
  const { db } = opened;
  // Warm up: the pool opens what it needs.
  for (let i = 0; i < 5; i++) await db.$transaction([db.vehicle.count(), db.booking.count()]);
  const before = openFiles();
  for (let i = 0; i < 150; i++) {
    await db.$transaction([db.vehicle.count(), db.booking.count()]);
    await db.$transaction(async (tx) => {
      await tx.vehicle.count();
    });
  }
  expect(openFiles() - before).toBeLessThan(10);
});

// Another process holding SQLite's write lock past our busy timeout makes a write fail with
// SQLITE_BUSY. libsql leaves that statement un-reset until it is garbage-collected, which used to
// poison its connection: the next transaction could not commit and the connection, once dropped,
// kept the write lock, so every writer everywhere was refused (see server/db/index.ts).
test("SQLite: after a write refused as busy, the next transactions commit and other writers are not locked out", async () => {
  const config = testConfig(database).database;
  if (config.provider !== "sqlite") return expect(config.provider).toBe("postgresql");
  // A client that waits only 50 ms for a lock (the server's waits 10 s).
  const db = new SqliteClient({ adapter: new PooledPrismaLibSql({ url: config.url, timeout: 50 }) });
  try {
    const holder = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { Database } = require("bun:sqlite"); const d = new Database(${JSON.stringify(config.file)}); d.exec("PRAGMA busy_timeout = 5000"); d.exec("BEGIN IMMEDIATE"); d.exec("DELETE FROM rate_limits WHERE key = 'none'"); console.log("locked"); setTimeout(() => { d.exec("COMMIT"); process.exit(0); }, 400);`,
      ],
      { stdout: "pipe", stderr: "inherit" },
    );
    expect(new TextDecoder().decode((await holder.stdout.getReader().read()).value)).toContain("locked");
    const refused = await db.rateLimit.create({ data: { key: "busy", count: 1, windowEnd: new Date(Date.now() + 60_000) } }).catch((error) => error);
    expect(String(refused?.message ?? refused)).toMatch(/SQLITE_BUSY|database is locked|timed out/i);
    expect(await holder.exited).toBe(0);
    // Released: this client's transactions commit again...
    for (let i = 0; i < 3; i++) {
      await db.$transaction(async (tx) => {
        await tx.rateLimit.create({ data: { key: `after-${i}`, count: 1, windowEnd: new Date(Date.now() + 60_000) } });
        await tx.rateLimit.count();
      });
    }
    // ...and no connection of it still holds the write lock: another client writes at once.
    await opened.db.rateLimit.create({ data: { key: "other-client", count: 1, windowEnd: new Date(Date.now() + 60_000) } });
    expect(await opened.db.rateLimit.count({ where: { key: { in: ["after-0", "after-1", "after-2", "other-client"] } } })).toBe(4);
  } finally {
    await db.$disconnect();
  }
}, 20_000);
