// `bun bench/ab.ts`: is one tree's server faster than another's on the same requests? (issue 16)
//
//   bun bench/ab.ts --base DIR --reuse DATA     DIR: another checkout (the base); DATA: a SQLite
//                                               data dir kept by `bun run bench --keep`
//   bun bench/ab.ts --base DIR --scale 0.1      on a new SQLite database seeded like `bun run bench`
//
// Options: --only PATH[,PATH] (default: the signed-in lists and the uncached search), --rounds N
// (default 14), --chunk N (requests a round, default 300).
//
// Whole runs of `bun run bench` on a 2-core machine shared with others moved by up to 30% from one
// run to the next, more than most changes gain. So both servers run here, in one process, each on
// its own copy of the data, and take turns: a round is `chunk` requests to one then `chunk` to the
// other (which goes first alternates), one at a time through each server's own fetch handler, each
// from a collected heap. The machine's drift falls on both alike; the medians of the rounds are
// compared.
//
// The base: a checkout of the commit to compare against, e.g.
//   git worktree add /tmp/base <commit>
//   for d in node_modules prisma/generated web/styled-system; do ln -s "$PWD/$d" "/tmp/base/$d"; done
// Both trees then share this tree's packages and generated client: a change to either needs a
// base with its own. Timings are reported, never asserted.
import { gcAndSweep } from "bun:jsc";
import { Database } from "bun:sqlite";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Scenario } from "./load";
import { nextRequestOf } from "./scenarios";

// As the benchmark's server runs, with its trivial route: run again so.
if (process.env.NODE_ENV !== "production" || process.env.BENCH_ROUTES !== "1") {
  const child = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
    env: { ...process.env, NODE_ENV: "production", BENCH_ROUTES: "1" },
    stdio: ["inherit", "inherit", "inherit"],
  });
  process.exit(await child.exited);
}

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    reuse: { type: "string" },
    scale: { type: "string", default: "0.1" },
    only: { type: "string", default: "gql-my-bookings,rest-my-bookings,gql-admin-bookings,rest-admin-bookings,gql-available-vehicles-db" },
    rounds: { type: "string", default: "14" },
    chunk: { type: "string", default: "300" },
  },
});
if (!args.base) {
  console.error("usage: bun bench/ab.ts --base DIR [--reuse DATA | --scale 0.1] [--only ids] [--rounds 14] [--chunk 300]");
  process.exit(2);
}
const rounds = Math.max(2, Number(args.rounds));
const chunk = Math.max(1, Number(args.chunk));
const trees = { base: resolve(args.base), new: resolve(import.meta.dir, "..") };

// The data: one copy per side, so neither reads pages the other's writes (sessions) changed.
const work = mkdtempSync(join(tmpdir(), "capedrive-ab-"));
try {
  let source = args.reuse ? resolve(args.reuse) : join(work, "seeded");
  if (!args.reuse) source = await seedInto(source, Number(args.scale));
  const dirs = { base: join(work, "base"), new: join(work, "new") };
  for (const dir of Object.values(dirs)) copyData(source, dir);
  const sides = { base: await serverOf(trees.base, dirs.base), new: await serverOf(trees.new, dirs.new) };
  try {
    console.log(`base ${trees.base}, new ${trees.new}: ${rounds} rounds of ${chunk} requests a path on each, alternating`);
    console.log("\n| path | base µs | new µs | change |\n|---|---:|---:|---:|");
    for (const id of args.only.split(",")) {
      const [base, next] = [sides.base.request(id), sides.new.request(id)];
      // Warm both up first (the JIT, the statement caches, the session rows).
      for (let i = 0; i < Math.min(400, chunk * 2); i++) {
        await base();
        await next();
      }
      const times = { base: [] as number[], new: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 ? (["new", "base"] as const) : (["base", "new"] as const)) {
          const run = side === "base" ? base : next;
          // Each round starts on a collected and swept heap: the garbage of the other side's round
          // would otherwise be swept during this one's, at its cost (bun:sqlite's reads pay most).
          gcAndSweep();
          const started = performance.now();
          for (let i = 0; i < chunk; i++) await run();
          times[side].push(((performance.now() - started) / chunk) * 1000);
        }
      }
      const [b, n] = [median(times.base), median(times.new)];
      console.log(`| ${id} | ${b.toFixed(0)} | ${n.toFixed(0)} | ${n >= b ? "+" : ""}${(((n - b) / b) * 100).toFixed(1)}% |`);
    }
  } finally {
    for (const side of Object.values(sides)) await side.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The database (one consistent file, whatever its write-ahead log holds: `VACUUM INTO`) and its
 * seed.json. A copy of the folder's files could catch the log as a closing connection removed it.
 */
function copyData(source: string, dir: string) {
  mkdirSync(dir, { recursive: true });
  const database = new Database(join(source, "bench.db"), { readonly: true });
  try {
    // A server of the same folder may still be closing (checkpointing its log): wait for it, not fail.
    database.run("PRAGMA busy_timeout = 15000");
    database.run("VACUUM INTO ?", [join(dir, "bench.db")]);
  } finally {
    database.close();
  }
  cpSync(join(source, "seed.json"), join(dir, "seed.json"));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A new SQLite bench database in `dir` (seeded as `bun run bench` seeds, with its seed.json), closed. */
async function seedInto(dir: string, scale: number): Promise<string> {
  const { openDatabase } = await import("../server/db");
  const { databaseTarget } = await import("../server/config");
  const { migrate } = await import("../server/db/migrate");
  const { seedBenchDatabase, sizeFor } = await import("./seed");
  mkdirSync(dir, { recursive: true });
  const target = databaseTarget(`file:${join(dir, "bench.db")}`, dir);
  await migrate(target, () => {});
  const seeding = openDatabase(target);
  try {
    const seed = await seedBenchDatabase(seeding.db, "sqlite", sizeFor(scale), () => {});
    await Bun.write(join(dir, "seed.json"), JSON.stringify(seed));
  } finally {
    await seeding.close();
  }
  return dir;
}

/** One tree's server on `dir`'s data: its own modules (imported from that tree), sessions and scenarios. */
async function serverOf(tree: string, dir: string) {
  const { loadConfig } = await import(join(tree, "server/config"));
  const { openDatabase } = await import(join(tree, "server/db"));
  const { createHandler } = await import(join(tree, "server/app"));
  const { createLogger } = await import(join(tree, "server/log"));
  const { createSession } = await import(join(tree, "server/services/sessions"));
  const { GENEROUS_LIMITS } = await import(join(tree, "server/testing/harness"));
  const { buildScenarios } = await import(join(tree, "bench/scenarios"));
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    TOKEN_SECRET: "bench-ab-secret-that-is-long-enough-for-hs256",
    ...GENEROUS_LIMITS,
  });
  const database = openDatabase(config.database);
  const services = { db: database.db, provider: database.provider, log: createLogger("warn"), config };
  const seed = await Bun.file(join(dir, "seed.json")).json();
  const adminId = (await database.db.adminUser.findUniqueOrThrow({ where: { email: seed.admin.email } })).id;
  const tokens = {
    reader: (await createSession(services, "customer", seed.reader.id)).token,
    bookers: [],
    admin: (await createSession(services, "admin", adminId)).token,
  };
  // Writes take free slots: not measured here (each side would book different slots).
  const scenarios: Scenario[] = buildScenarios(seed, { next: () => null }, tokens);
  const handler = createHandler(services, {});
  return {
    request(id: string): () => Promise<void> {
      const scenario = scenarios.find((s) => s.id === id);
      if (!scenario || scenario.kind === "write") throw new Error(`${id}: no such read scenario in ${tree}/bench/scenarios.ts`);
      return async () => {
        const request = nextRequestOf(scenario);
        if (!request) throw new Error(`${id}: its requests ran out`);
        const response = await handler.fetch(request);
        const text = await response.text();
        if (response.status >= 400 || text.includes('"errors"')) throw new Error(`${id} (${tree}): ${response.status} ${text.slice(0, 300)}`);
      };
    },
    close: () => database.close(),
  };
}
