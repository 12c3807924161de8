// Rows kept in the process by `remembered` and `rememberedRows` (./changes.ts), on SQLite or
// PostgreSQL: kept while nothing they depend on is written, read again after such a write (even one
// that lands while they are being read), after REMEMBERED_MS, and always on a client openDatabase
// did not make.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openTestClients } from "../testing/harness";
import { changeCounters, REMEMBERED_MS, remembered, rememberedRows } from "./changes";
import type { Database, Db } from "./index";

let clients: Awaited<ReturnType<typeof openTestClients>>;
let opened: Database;
let plain: Db;
beforeAll(async () => {
  clients = await openTestClients();
  ({ opened, plain } = clients);
});
afterAll(async () => {
  await clients?.close();
});

const db = () => opened.db;
const SQUARE = {
  type: "Polygon",
  coordinates: [
    [
      [18, -34],
      [19, -34],
      [19, -33],
      [18, -33],
      [18, -34],
    ],
  ],
};

/** A memo of the active areas' names, counting how often it reads the database. */
function areaNames(name: string, maxRows = 10) {
  const counted = { reads: 0 };
  const memo = { name, tags: ["serviceAreas"] as const, maxRows };
  const read = (client: Db, key = "active", during?: () => Promise<unknown>) =>
    remembered(client, memo, key, async () => {
      counted.reads++;
      const rows = await client.serviceArea.findMany({ where: { isActive: true }, select: { name: true }, orderBy: { name: "asc" } });
      await during?.();
      return { names: rows.map((row) => row.name) };
    });
  return { counted, read };
}

describe("remembered", () => {
  test("kept while nothing it depends on is written; a write to it (here) is seen at once", async () => {
    const { counted, read } = areaNames("areas-1");
    const first = await read(db());
    expect(await read(db())).toBe(first);
    expect(counted.reads).toBe(1);
    // A write to another kind of data keeps it.
    await db().vehicle.updateMany({ where: { id: "none" }, data: { mileage: 1 } });
    expect(await read(db())).toBe(first);
    expect(counted.reads).toBe(1);
    const area = await db().serviceArea.create({ data: { name: `Area ${crypto.randomUUID()}`, polygon: SQUARE } });
    expect((await read(db())).names).toContain(area.name);
    expect(counted.reads).toBe(2);
    await db().serviceArea.update({ where: { id: area.id }, data: { isActive: false } });
    expect((await read(db())).names).not.toContain(area.name);
    expect(counted.reads).toBe(3);
  });

  test("a write that lands while it is being read: the row read before it is not served after it", async () => {
    const { counted, read } = areaNames("areas-2");
    let made = "";
    const during = async () => {
      made = (await db().serviceArea.create({ data: { name: `Area ${crypto.randomUUID()}`, polygon: SQUARE } })).name;
    };
    const stale = await read(db(), "active", during);
    expect(stale.names).not.toContain(made);
    expect((await read(db())).names).toContain(made);
    expect(counted.reads).toBe(2);
  });

  test(`read again after ${REMEMBERED_MS} ms: another process's write (no announcement on SQLite) is seen within that`, async () => {
    const { counted, read } = areaNames("areas-3");
    await read(db());
    // Another client's write, announced to nobody (as another process's on SQLite): this process's counters do not hear of it.
    const version = changeCounters(db())!.version(["serviceAreas"]);
    const area = await plain.serviceArea.create({ data: { name: `Area ${crypto.randomUUID()}`, polygon: SQUARE } });
    expect(changeCounters(db())!.version(["serviceAreas"])).toBe(version);
    expect((await read(db())).names).not.toContain(area.name);
    expect(counted.reads).toBe(1);
    await Bun.sleep(REMEMBERED_MS + 50);
    expect((await read(db())).names).toContain(area.name);
  });

  test("the rows are frozen (callers share them), at most maxRows are kept, and a client openDatabase did not make always reads", async () => {
    const { counted, read } = areaNames("areas-4", 2);
    const kept = await read(db(), "a");
    expect(Object.isFrozen(kept)).toBe(true);
    await read(db(), "b");
    await read(db(), "c"); // "a", the oldest, makes room
    expect(counted.reads).toBe(3);
    await read(db(), "c");
    await read(db(), "b");
    expect(counted.reads).toBe(3);
    await read(db(), "a");
    expect(counted.reads).toBe(4);

    const other = areaNames("areas-5");
    await other.read(plain);
    await other.read(plain);
    expect(other.counted.reads).toBe(2);
  });

  test("callers asking while it is read share that read; a failed read is not kept; each memo keeps rows as long as it says", async () => {
    const { counted, read } = areaNames("areas-6");
    const [first, second, third] = await Promise.all([read(db()), read(db()), read(db())]);
    expect(counted.reads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);

    const failing = { name: "failing", tags: ["serviceAreas"] as const, maxRows: 10 };
    let attempts = 0;
    const flaky = () =>
      remembered(db(), failing, "k", async () => {
        attempts++;
        if (attempts === 1) throw new Error("the database is away");
        return { attempts };
      });
    await expect(flaky()).rejects.toThrow("the database is away");
    expect(await flaky()).toEqual({ attempts: 2 });
    expect(await flaky()).toEqual({ attempts: 2 });

    const short = { name: "short-lived", tags: ["serviceAreas"] as const, maxRows: 10, maxAgeMs: 50 };
    let reads = 0;
    const at = (now: number) => remembered(db(), short, "k", async () => ({ read: ++reads }), now);
    expect(await at(1_000)).toEqual({ read: 1 });
    expect(await at(1_049)).toEqual({ read: 1 });
    expect(await at(1_050)).toEqual({ read: 2 });
  });
});

describe("rememberedRows", () => {
  /** A memo of areas by id, recording the ids each read asked for. */
  function areasById(name: string, maxRows = 10) {
    const asked: string[][] = [];
    const memo = { name, tags: ["serviceAreas"] as const, maxRows };
    const read = (client: Db, ids: string[], now?: number) =>
      rememberedRows(
        client,
        memo,
        ids,
        async (missing) => {
          asked.push(missing);
          const rows = await client.serviceArea.findMany({ where: { id: { in: missing } }, select: { id: true, name: true } });
          return new Map(rows.map((row) => [row.id, row]));
        },
        now,
      );
    return { asked, read };
  }
  const newArea = async () => db().serviceArea.create({ data: { name: `Area ${crypto.randomUUID()}`, polygon: SQUARE }, select: { id: true, name: true } });

  test("only the keys not kept are read, together; a key found nowhere answers null and is asked again next time", async () => {
    const [a, b, c] = [await newArea(), await newArea(), await newArea()];
    const { asked, read } = areasById("rows-1");
    const first = await read(db(), [a.id, b.id, a.id]);
    expect(asked).toEqual([[a.id, b.id]]);
    expect(first.get(a.id)).toEqual(a);
    expect(Object.isFrozen(first.get(a.id))).toBe(true);
    const second = await read(db(), [c.id, a.id, "nobody", b.id]);
    expect(asked).toEqual([
      [a.id, b.id],
      [c.id, "nobody"],
    ]);
    expect(second.get(a.id)).toBe(first.get(a.id)!);
    expect(second.get(c.id)).toEqual(c);
    expect(second.get("nobody")).toBeNull();
    expect([...second.keys()]).toEqual([c.id, a.id, "nobody", b.id]);
    await read(db(), [a.id, b.id, c.id, "nobody"]);
    expect(asked.at(-1)).toEqual(["nobody"]);
  });

  test("a write to what they depend on drops them all; callers asking at once share one read; a failed read is not kept", async () => {
    const area = await newArea();
    const { asked, read } = areasById("rows-2");
    const [one, two] = await Promise.all([read(db(), [area.id]), read(db(), [area.id])]);
    expect(asked.length).toBe(1);
    expect(two.get(area.id)).toBe(one.get(area.id)!);
    await db().serviceArea.update({ where: { id: area.id }, data: { name: `${area.name} (renamed)` } });
    expect((await read(db(), [area.id])).get(area.id)?.name).toBe(`${area.name} (renamed)`);
    expect(asked.length).toBe(2);

    const memo = { name: "rows-failing", tags: ["serviceAreas"] as const, maxRows: 10 };
    let attempts = 0;
    const flaky = () =>
      rememberedRows(db(), memo, ["k"], async () => {
        attempts++;
        if (attempts === 1) throw new Error("the database is away");
        return new Map([["k", { attempts }]]);
      });
    await expect(flaky()).rejects.toThrow("the database is away");
    expect((await flaky()).get("k")).toEqual({ attempts: 2 });
    expect((await flaky()).get("k")).toEqual({ attempts: 2 });
  });

  test(`kept ${REMEMBERED_MS} ms at most, maxRows at most; a client openDatabase did not make always reads`, async () => {
    const [a, b, c] = [await newArea(), await newArea(), await newArea()];
    const { asked, read } = areasById("rows-3", 2);
    await read(db(), [a.id, b.id], 1_000);
    await read(db(), [a.id, b.id], 1_000 + REMEMBERED_MS - 1);
    expect(asked.length).toBe(1);
    await read(db(), [a.id], 1_000 + REMEMBERED_MS);
    expect(asked.at(-1)).toEqual([a.id]);
    await read(db(), [c.id], 1_000 + REMEMBERED_MS); // b, now the oldest, makes room
    await read(db(), [a.id, b.id, c.id], 1_000 + REMEMBERED_MS);
    expect(asked.at(-1)).toEqual([b.id]);

    const other = areasById("rows-4");
    await other.read(plain, [a.id]);
    await other.read(plain, [a.id]);
    expect(other.asked).toEqual([[a.id], [a.id]]);
  });
});
