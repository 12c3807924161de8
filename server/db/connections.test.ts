// Transactions give their SQLite connection back: @prisma/adapter-libsql's own @libsql/client
// leaked one per transaction (see server/db/index.ts), so a busy server ran out of file
// descriptors. Counted through /proc/self/fd (Linux); PostgreSQL keeps its own pool (max 10).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { createTestDatabase, testConfig, type TestDatabase } from "../testing/harness";
import { openDatabase, type Database } from "./index";
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
