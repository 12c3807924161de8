// What the SQLite driver costs per Prisma operation: @prisma/adapter-libsql (as the server used it
// until issue 16, with our pooled @libsql/client 0.18) against our bun:sqlite adapter
// (server/db/bun-sqlite-adapter.ts), through a real PrismaClient on one seeded database. Each
// adapter runs in its own process (two SQLite libraries must not share a file in one process).
//   bun bench/driver.ts [--scale 0.02] [--iterations 2000]
import { createClient as createLibSqlClient, type Config as LibSqlConfig } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { parseArgs } from "node:util";
import { PrismaClient } from "../prisma/generated/sqlite/client";
import { PrismaBunSqlite } from "../server/db/bun-sqlite-adapter";
import { migrate } from "../server/db/migrate";
import { createBenchDatabase } from "./database";
import { seedBenchDatabase, sizeFor } from "./seed";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "0.02" },
    iterations: { type: "string", default: "2000" },
    // Internal: run one adapter on an existing file and print its timings as JSON.
    child: { type: "string" },
    file: { type: "string" },
  },
});
const iterations = Number(args.iterations);

class PooledPrismaLibSql extends PrismaLibSql {
  override createClient(config: LibSqlConfig) {
    return createLibSqlClient(config) as unknown as ReturnType<PrismaLibSql["createClient"]>;
  }
}

const ADAPTERS = {
  libsql: (url: string) => new PooledPrismaLibSql({ url, timeout: 10_000 }),
  "bun:sqlite": (url: string) => new PrismaBunSqlite({ url, timeout: 10_000 }),
  "bun:sqlite sync=NORMAL": (url: string) => new PrismaBunSqlite({ url, timeout: 10_000, synchronous: "NORMAL" }),
};
type AdapterName = keyof typeof ADAPTERS;

async function measure(adapter: AdapterName, file: string): Promise<Record<string, number>> {
  const db = new PrismaClient({ adapter: ADAPTERS[adapter](`file:${file}`) });
  const ids = (await db.booking.findMany({ select: { id: true }, take: 500 })).map((b) => b.id);
  const busiest = await db.booking.groupBy({ by: ["userId"], _count: { _all: true }, orderBy: { _count: { userId: "desc" } }, take: 1 });
  const userId = busiest[0]!.userId;
  const vehicleId = (await db.vehicle.findFirstOrThrow({ select: { id: true } })).id;
  let n = 0;
  const ops: Record<string, () => Promise<unknown>> = {
    "findUnique booking by id": () => db.booking.findUnique({ where: { id: ids[n++ % ids.length]! } }),
    "findMany 20 bookings + vehicle": () => db.booking.findMany({ where: { userId }, include: { vehicle: true }, orderBy: { pickupDate: "desc" }, take: 20 }),
    "transaction: lock UPDATE + insert": () =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE vehicles SET mileage = mileage WHERE id = ${vehicleId}`;
        await tx.rateLimit.create({ data: { key: `driver-${adapter}-${n++}`, count: 1, windowEnd: new Date() } });
      }),
  };
  const result: Record<string, number> = {};
  for (const [name, op] of Object.entries(ops)) {
    for (let i = 0; i < Math.min(300, iterations); i++) await op();
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await op();
    result[name] = ((performance.now() - started) * 1000) / iterations;
  }
  await db.$disconnect();
  return result;
}

if (args.child) {
  console.log(JSON.stringify(await measure(args.child as AdapterName, args.file!)));
} else {
  const database = await createBenchDatabase();
  try {
    const target = database.target;
    if (target.provider !== "sqlite") throw new Error("SQLite only");
    await migrate(target);
    const seeding = new PrismaClient({ adapter: new PrismaBunSqlite({ url: target.url }) });
    const seeded = await seedBenchDatabase(seeding, "sqlite", sizeFor(Number(args.scale)), () => {});
    await seeding.$disconnect();
    console.log(`scale ${args.scale}: ${JSON.stringify(seeded.counts)}; ${iterations} sequential operations each, µs/op`);
    const rows: Record<string, Record<string, string>> = {};
    for (const adapter of Object.keys(ADAPTERS)) {
      const child = Bun.spawnSync([process.execPath, import.meta.path, "--child", adapter, "--file", target.file, "--iterations", String(iterations)], {
        stderr: "inherit",
      });
      if (child.exitCode !== 0) throw new Error(`${adapter} failed`);
      const timings = JSON.parse(child.stdout.toString()) as Record<string, number>;
      for (const [op, us] of Object.entries(timings)) (rows[op] ??= {})[adapter] = us.toFixed(0);
    }
    console.table(rows);
  } finally {
    await database.drop();
  }
}
