// SQLite's group commit (./bun-sqlite-adapter.ts GroupMember): transactions queued behind one share
// its COMMIT, each in a savepoint of its own. What it promises: nobody hears "done" before the
// shared COMMIT (another connection sees none of a group's rows until then, and all of them after);
// a member that fails is undone alone; a transaction that is not a member (Prisma's) never joins a
// group but waits for it to commit; a group SQLite ended mid-way fails every member, including
// those whose work had finished; while transactions come often a group waits a moment for the
// next, on a quiet writer it commits at once; and through directTransaction, concurrent
// transactions do share a commit. On a SQLite file of its own, whatever TEST_DATABASE_URL says:
// this is the SQLite adapter.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SqlQuery } from "@prisma/driver-adapter-utils";
import { PrismaBunSqlite } from "./bun-sqlite-adapter";
import { directTransaction, groupsCommits, queryRows } from "./direct";
import { openDatabase, raw, sql } from "./index";

const NOTES_TABLE = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)";

let dir = "";
let file = "";
let adapter: Awaited<ReturnType<PrismaBunSqlite["connect"]>>;
let observer: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  file = join(dir, "test.db");
  adapter = await new PrismaBunSqlite({ url: `file:${file}`, checkpoints: "inline" }).connect();
  await adapter.executeScript(NOTES_TABLE);
  // Another connection, as another process would read.
  observer = new Database(file, { readonly: true });
});
afterAll(async () => {
  observer?.close();
  await adapter?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (body: string): SqlQuery => ({
  sql: "INSERT INTO notes (body) VALUES (?)",
  args: [body],
  argTypes: [{ scalarType: "string", arity: "scalar" }],
});
const seen = (): string[] => (observer.prepare("SELECT body FROM notes ORDER BY id").values() as [string][]).map(([body]) => body);
/** Whether a promise has settled by now (after the event loop has turned). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Bun.sleep(5);
  return done;
}

test("members queued behind one share its commit: none of their rows is seen before it, all after", async () => {
  const first = await adapter.startGroupedTransaction();
  const second = adapter.startGroupedTransaction();
  const third = adapter.startGroupedTransaction();
  await first.executeRaw(insert("a1"));
  const firstDone = first.finish();
  const secondMember = await second;
  // The first member's work is done, but its row waits for the group's commit.
  expect(await settled(firstDone)).toBe(false);
  expect(seen()).not.toContain("a1");
  // Each member sees the earlier members' writes.
  expect((await secondMember.queryRaw({ sql: "SELECT count(*) AS n FROM notes WHERE body = 'a1'", args: [], argTypes: [] })).rows[0]![0]).toBe(1);
  await secondMember.executeRaw(insert("a2"));
  const secondDone = secondMember.finish();
  const thirdMember = await third;
  await thirdMember.executeRaw(insert("a3"));
  expect(seen()).toEqual([]);
  await Promise.all([firstDone, secondDone, thirdMember.finish()]);
  expect(seen()).toEqual(["a1", "a2", "a3"]);
});

test("a member that fails is undone alone; the others commit", async () => {
  const first = await adapter.startGroupedTransaction();
  const second = adapter.startGroupedTransaction();
  const third = adapter.startGroupedTransaction();
  await first.executeRaw(insert("b1"));
  const firstDone = first.finish();
  const failing = await second;
  await failing.executeRaw(insert("b2"));
  // A unique violation: the statement fails, the member gives up.
  await expect(failing.executeRaw(insert("b1"))).rejects.toThrow();
  await failing.abandon();
  const thirdMember = await third;
  await thirdMember.executeRaw(insert("b3"));
  await Promise.all([firstDone, thirdMember.finish()]);
  expect(seen().filter((body) => body.startsWith("b"))).toEqual(["b1", "b3"]);
});

test("a transaction that is not a member ends the group before it begins", async () => {
  const member = await adapter.startGroupedTransaction();
  const other = adapter.startTransaction();
  const later = adapter.startGroupedTransaction();
  await member.executeRaw(insert("c1"));
  await member.finish();
  // The member committed alone: the transaction queued behind it could not join.
  expect(seen()).toContain("c1");
  const transaction = await other;
  await transaction.executeRaw(insert("c2"));
  await transaction.executeRaw({ sql: "COMMIT", args: [], argTypes: [] });
  await transaction.commit();
  const laterMember = await later;
  await laterMember.executeRaw(insert("c3"));
  await laterMember.finish();
  expect(seen().filter((body) => body.startsWith("c"))).toEqual(["c1", "c2", "c3"]);
});

test("a group SQLite ended mid-way fails every member, those whose work had finished too", async () => {
  const first = await adapter.startGroupedTransaction();
  const second = adapter.startGroupedTransaction();
  await first.executeRaw(insert("d1"));
  const firstDone = first.finish();
  const breaking = await second;
  await breaking.executeRaw(insert("d2"));
  // What a full disk or an I/O error does: SQLite rolls the whole transaction back.
  await breaking.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
  await expect(breaking.finish()).rejects.toThrow();
  await expect(firstDone).rejects.toThrow();
  expect(seen().filter((body) => body.startsWith("d"))).toEqual([]);
  // The writer is free again: the next transaction works.
  const next = await adapter.startGroupedTransaction();
  await next.executeRaw(insert("d3"));
  await next.finish();
  expect(seen()).toContain("d3");
});

/**
 * An adapter on a file of its own that counts as busy for a minute after each group: what "a group
 * ended just now" means must not depend on how quickly a loaded machine runs the test (10 ms is
 * the default window, which two busy cores overran in 20 of 30 runs).
 */
async function busyAdapter(name: string) {
  const path = join(dir, name);
  const busy = await new PrismaBunSqlite({ url: `file:${path}`, checkpoints: "inline", groupBusyWindowMs: 60_000 }).connect();
  await busy.executeScript(NOTES_TABLE);
  const reader = new Database(path, { readonly: true });
  return {
    adapter: busy,
    seen: () => (reader.prepare("SELECT body FROM notes ORDER BY id").values() as [string][]).map(([body]) => body),
    async close() {
      reader.close();
      await busy.dispose();
    },
  };
}

/**
 * A member that has written `body` while transactions come often: a group (of `before`) ended just
 * now, so the member's group waits for company when it finishes.
 */
async function memberWhileBusy(target: typeof adapter, before: string, body: string) {
  const warm = await target.startGroupedTransaction();
  await warm.executeRaw(insert(before));
  await warm.finish();
  const member = await target.startGroupedTransaction();
  await member.executeRaw(insert(body));
  return member;
}

test("while transactions come often, a group waits for the next to queue, and a member joins it", async () => {
  const busy = await busyAdapter("often.db");
  const first = await memberWhileBusy(busy.adapter, "g0", "g1");
  // Nobody is in line: the group waits rather than commit.
  const firstDone = first.finish();
  expect(busy.seen()).not.toContain("g1");
  const second = await busy.adapter.startGroupedTransaction();
  await second.executeRaw(insert("g2"));
  expect(busy.seen()).not.toContain("g1");
  await Promise.all([firstDone, second.finish()]);
  expect(busy.seen()).toEqual(["g0", "g1", "g2"]);
  await busy.close();
});

test("on a quiet writer a member commits at once, without waiting for company", async () => {
  await Bun.sleep(50);
  const member = await adapter.startGroupedTransaction();
  await member.executeRaw(insert("h1"));
  const done = member.finish();
  // Committed before finish() returned: nothing was left to wait for.
  expect(seen()).toContain("h1");
  await done;
});

test("a group still waiting for company when the database closes fails its members; nothing throws elsewhere", async () => {
  const busy = await busyAdapter("closing.db");
  const member = await memberWhileBusy(busy.adapter, "i0", "i1");
  const done = member.finish();
  await busy.adapter.dispose();
  await expect(done).rejects.toThrow();
  expect(busy.seen()).toEqual(["i0"]);
  await busy.close();
});

test("a member with nobody in line commits on its own", async () => {
  const member = await adapter.startGroupedTransaction();
  await member.executeRaw(insert("e1"));
  await member.finish();
  expect(seen()).toContain("e1");
});

test("concurrent direct transactions (a new booking's) share one commit", async () => {
  const opened = openDatabase({ provider: "sqlite", url: `file:${file}`, file, checkpoints: "inline" });
  try {
    const { db } = opened;
    expect(groupsCommits(db)).toBe(true);
    // The frames in the WAL (PASSIVE), or none after it (TRUNCATE empties it).
    const checkpoint = async (mode: "PASSIVE" | "TRUNCATE") => (await queryRows<{ log: number }>(db, sql`PRAGMA wal_checkpoint(${raw(mode)})`))[0]!.log;
    await checkpoint("TRUNCATE");
    // One transaction alone: a frame in the WAL for each page it changed (the table's, its index's).
    await directTransaction(db, [], (tx) => tx.$executeRaw`INSERT INTO notes (body) VALUES ('f0')`);
    const pages = await checkpoint("PASSIVE");
    expect(pages).toBeGreaterThan(0);
    await checkpoint("TRUNCATE");
    // Eight at once write those pages once, in one commit (eight commits would write them eight times).
    await Promise.all(Array.from({ length: 8 }, (_, i) => directTransaction(db, [], (tx) => tx.$executeRaw`INSERT INTO notes (body) VALUES (${`f${i + 1}`})`)));
    expect(await checkpoint("PASSIVE")).toBe(pages);
    expect(seen().filter((body) => body.startsWith("f"))).toHaveLength(9);
  } finally {
    await opened.close();
  }
});
