// `bun bench/layers.ts`: where one request's time goes, layer by layer (issue 16).
//
//   bun bench/layers.ts --reuse DIR          a SQLite data dir kept by `bun run bench --keep` (no seeding)
//   bun bench/layers.ts --scale 0.1          a new SQLite database seeded like `bun run bench`
//   DATABASE_URL=postgres://... bun bench/layers.ts    the same on a new PostgreSQL database
//
// Options: --iterations N per path (default 1000; the booking path takes one free slot each),
// --out FILE (JSON; default: print only), --only PATH[,PATH] (those paths alone), --statements
// (the 25 statements with the most driver time, and their mean), --allocations (the bytes each
// request allocates, from the runtime's GC log: ./gc-log.ts; steadier than time on a busy machine).
//
// Each path runs one request at a time through the server's own fetch handler in this process
// (no socket), with:
// - auth: the viewer resolved alone for the same request (token check and session lookup);
// - GraphQL parse + validate and execute: yoga's own phases, timed by a plugin;
// - database: the time inside Prisma's client or inside the driver called past it
//   (server/db/direct.ts: the session check, a new booking's transaction), counted once;
// - Prisma: the time inside Prisma's client calls (query compiling and interpreting, the
//   driver and the database), summed per request;
// - driver + SQL: the time inside the driver adapter's calls (statement, rows, conversion);
// - statements: the adapter's calls per request (BEGIN and COMMIT count too);
// - inside a transaction: from BEGIN to COMMIT (on SQLite, the writer is held that long: at most
//   1 s / that many transactions a second, whatever the number of connections; a new booking's
//   transaction shares its COMMIT with those queued behind it, none here: one request at a time);
// - the rest: HTTP handling, routing, access checks, serialisation (total minus the others).
// Means in microseconds. Timings are reported, never asserted.
import { parseArgs } from "node:util";
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPg } from "@prisma/adapter-pg";
import type { ExecutionPlugin } from "../server/graphql/lean-path";
import pg from "pg";
import { PrismaClient as SqliteClient } from "../prisma/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../prisma/generated/postgresql/client";
import { createHandler } from "../server/app";
import { loadConfig } from "../server/config";
import { type Db, preparedStatementNamer, sqliteAdapter } from "../server/db";
import { shareChangeCounters, trackChanges } from "../server/db/changes";
import { SharedAdapterFactory, shareAdapter } from "../server/db/direct";
import { migrate } from "../server/db/migrate";
import { PostgresReads } from "../server/db/postgres-reads";
import { createLogger } from "../server/log";
import type { Services } from "../server/services/context";
import { createSession, resolveViewer } from "../server/services/sessions";
import { GENEROUS_LIMITS } from "../server/testing/harness";
import { createBenchDatabase } from "./database";
import { ALLOCATION_END, ALLOCATION_START, allocationsFromLog, isGcLogLine } from "./gc-log";
import { bookingCustomerTokens } from "./booking-customers";
import { buildScenarios, nextRequestOf } from "./scenarios";
import { type SeedResult, seedBenchDatabase, sizeFor } from "./seed";
import { resolve } from "node:path";
import { writeFileSync } from "node:fs";

const { values: args } = parseArgs({
  options: {
    reuse: { type: "string" },
    scale: { type: "string", default: "0.1" },
    iterations: { type: "string", default: "1000" },
    out: { type: "string" },
    only: { type: "string" },
    statements: { type: "boolean", default: false },
    allocations: { type: "boolean", default: false },
  },
});

// As the benchmark's server runs (React renders emails with its production build): run again so.
// With --allocations, also with the runtime's GC log on, read here from the run's stderr.
if (process.env.NODE_ENV !== "production" || (args.allocations && process.env.BUN_JSC_logGC !== "true")) {
  const child = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
    env: { ...process.env, NODE_ENV: "production", ...(args.allocations ? { BUN_JSC_logGC: "true" } : {}) },
    stdio: ["inherit", "inherit", args.allocations ? "pipe" : "inherit"],
  });
  const log: string[] = [];
  if (args.allocations) {
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr as ReadableStream<Uint8Array>) {
      const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        if (isGcLogLine(line)) log.push(line);
        else console.error(line);
      }
    }
    if (rest) console.error(rest);
  }
  const code = await child.exited;
  if (args.allocations && code === 0) {
    // "at least": the runtime also collected for reasons the log gives no count for (its timer).
    console.log("\n| path | KB allocated per request | requests |\n|---|---:|---:|");
    for (const { path, requests, bytesPerRequest, uncounted } of allocationsFromLog(log))
      console.log(
        `| ${path} | ${bytesPerRequest === 0 ? "n/a (the runtime's timer collected)" : `${uncounted > 0 ? "at least " : ""}${(bytesPerRequest / 1024).toFixed(1)}`} | ${requests} |`,
      );
  }
  process.exit(code);
}
const iterations = Math.max(10, Number(args.iterations));

/** Time spent in each layer during the request being measured. */
const LAYERS = ["database", "prisma", "driver", "statements", "execute", "transaction"] as const;
const zeroes = () => Object.fromEntries(LAYERS.map((layer) => [layer, 0])) as Record<(typeof LAYERS)[number], number>;
const clock = zeroes();
const resetClock = () => Object.assign(clock, zeroes());

/**
 * A layer's wall time: calls that overlap (a count beside a page, Prisma's batched lookups) count
 * once, from the first one's start to the last one's end.
 */
function layerTimer(layer: "database" | "prisma" | "driver") {
  let active = 0;
  let since = 0;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active++ === 0) since = performance.now();
    try {
      return await work();
    } finally {
      if (--active === 0) clock[layer] += performance.now() - since;
    }
  };
}
// The database clock runs while either does: Prisma's client, or the driver called past it (server/db/direct.ts).
const inDatabase = layerTimer("database");
const driverClock = layerTimer("driver");
const prismaClock = layerTimer("prisma");
const inDriver = <T>(work: () => Promise<T>) => inDatabase(() => driverClock(work));
const inPrisma = <T>(work: () => Promise<T>) => inDatabase(() => prismaClock(work));

/** When each transaction began: the time until its commit is what a SQLite writer holds alone. */
const openedAt = new WeakMap<object, number>();

/** Wraps an adapter object's query calls (and its transactions') with the driver clock. */
function timedQueryable<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      // `query`: PostgreSQL's direct reads on Bun's client (server/db/postgres-reads.ts).
      if (property === "queryRaw" || property === "executeRaw" || property === "query") {
        return async (...callArgs: unknown[]) => {
          clock.statements++;
          const started = performance.now();
          try {
            return await inDriver(() => value.apply(object, callArgs));
          } finally {
            if (args.statements) countStatement((callArgs[0] as { sql: string }).sql, performance.now() - started);
          }
        };
      }
      // A new booking's transaction on SQLite is a member of a group commit (bun-sqlite-adapter.ts).
      if (property === "startTransaction" || property === "startGroupedTransaction") {
        return async (...callArgs: unknown[]) => {
          clock.statements++;
          const transaction = timedQueryable((await inDriver(() => value.apply(object, callArgs))) as object);
          openedAt.set(transaction, performance.now());
          return transaction;
        };
      }
      if (property === "commit" || property === "rollback" || property === "finish" || property === "abandon") {
        return async (...callArgs: unknown[]) => {
          try {
            return await inDriver(() => value.apply(object, callArgs));
          } finally {
            const since = openedAt.get(receiver);
            if (since !== undefined) clock.transaction += performance.now() - since;
          }
        };
      }
      return value.bind(object);
    },
  });
}

function timedFactory(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return new Proxy(factory, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (property === "connect") return async () => timedQueryable((await value.call(object)) as SqlDriverAdapter);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** The Prisma clock: the time inside each client call (model operations and raw SQL), transactions' own calls included. */
function timedClient<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof property !== "string") return value;
      if (property === "$transaction" && typeof value === "function") {
        return (fn: unknown, ...rest: unknown[]) =>
          value.call(object, typeof fn === "function" ? (tx: object) => (fn as (tx: object) => unknown)(timedClient(tx)) : fn, ...rest);
      }
      if (typeof value === "function" && (property.startsWith("$queryRaw") || property.startsWith("$executeRaw") || !property.startsWith("$"))) {
        // Prisma's calls are lazy promises: run them inside the timer.
        return (...callArgs: unknown[]) => inPrisma(async () => await value.apply(object, callArgs));
      }
      if (value && typeof value === "object" && !property.startsWith("$") && !property.startsWith("_")) return timedClient(value);
      return value;
    },
  });
}

/** Times each execution; parsing and validation are a cache lookup once a document has been seen (server/graphql/lean-path.ts). */
const phases: ExecutionPlugin = {
  onExecute() {
    const started = performance.now();
    return {
      onExecuteDone() {
        clock.execute += performance.now() - started;
      },
    };
  },
};

/** --statements: each SQL statement's calls and mean driver time over the whole run (sign-ins included). */
const statementTimes = new Map<string, { calls: number; ms: number }>();
function countStatement(sql: string, ms: number) {
  const entry = statementTimes.get(sql) ?? { calls: 0, ms: 0 };
  entry.calls++;
  entry.ms += ms;
  statementTimes.set(sql, entry);
}
function printStatements() {
  const slowest = [...statementTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  console.log("\n| calls | mean µs | statement |\n|---:|---:|---|");
  for (const [sql, { calls, ms }] of slowest)
    console.log(`| ${calls} | ${Math.round((ms * 1000) / calls)} | ${sql.replace(/\s+/g, " ").trim().slice(0, 240)} |`);
}
const database = args.reuse
  ? await createBenchDatabase({ dataDir: resolve(args.reuse), keep: true })
  : await createBenchDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  await migrate(database.target, () => {});
  const pool = database.provider === "postgresql" ? new pg.Pool({ connectionString: database.target.url, max: 10 }) : null;
  // As the server makes it (server/db/index.ts openDatabase): on PostgreSQL, named prepared statements.
  const adapter = pool ? new PrismaPg(pool, { statementNameGenerator: preparedStatementNamer() }) : sqliteAdapter(database.target.url);
  // Shared as the server shares it, so reads sent past Prisma (server/db/direct.ts) count as driver
  // time, PostgreSQL's on Bun's own client as in the server.
  const reads = pool ? timedQueryable(new PostgresReads(database.target.url)) : undefined;
  const shared = new SharedAdapterFactory(timedFactory(adapter), reads);
  const client = pool ? new PostgresClient({ adapter: shared }) : new SqliteClient({ adapter: shared });
  const db = trackChanges(client as unknown as SqliteClient) as Db;
  let seed: SeedResult;
  if (args.reuse) {
    seed = await Bun.file(resolve(args.reuse, "seed.json")).json();
    for (const slot of seed.freeSlots) Object.assign(slot, { pickup: new Date(slot.pickup), returnAt: new Date(slot.returnAt) });
  } else {
    seed = await seedBenchDatabase(db, database.provider, sizeFor(Number(args.scale)), (line) => console.log(line));
  }
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    TOKEN_SECRET: "bench-layers-secret-that-is-long-enough-for-hs256",
    ...GENEROUS_LIMITS,
  });
  const timedDb = timedClient(db);
  shareChangeCounters(timedDb, db);
  shareAdapter(timedDb, shared);
  const services: Services = { db: timedDb, provider: database.provider, log: createLogger("warn"), config };
  const adminId = (await db.adminUser.findUniqueOrThrow({ where: { email: seed.admin.email } })).id;
  const tokens = {
    reader: (await createSession(services, "customer", seed.reader.id)).token,
    bookers: await bookingCustomerTokens(services),
    admin: (await createSession(services, "admin", adminId)).token,
  };
  let slot = 0;
  const scenarios = buildScenarios(seed, { next: () => seed.freeSlots[slot++] }, tokens);
  const handler = createHandler(services, { graphqlPlugins: [phases] });
  const allPaths = [
    "gql-available-vehicles-db",
    "gql-my-bookings",
    "rest-my-bookings",
    "gql-admin-bookings",
    "rest-admin-bookings",
    "rest-create-booking",
    "gql-available-vehicles-while-booking",
  ];
  const paths = args.only ? allPaths.filter((id) => args.only?.split(",").includes(id)) : allPaths;
  const rows: Record<string, number | string>[] = [];
  for (const id of paths) {
    const scenario = scenarios.find((s) => s.id === id);
    if (!scenario) continue;
    const makeRequest = () => nextRequestOf(scenario);
    // Auth alone first, on the path's own headers: the token check and the session lookup.
    const authRequest = () =>
      new Request(`http://127.0.0.1${scenario.request.path}`, { headers: { ...scenario.request.headers, ...scenario.nextHeaders?.() } });
    for (let i = 0; i < 200; i++) await resolveViewer(services, authRequest(), "127.0.0.1");
    resetClock();
    const authStarted = performance.now();
    for (let i = 0; i < iterations; i++) await resolveViewer(services, authRequest(), "127.0.0.1");
    const authMean = (performance.now() - authStarted) / iterations;
    const authDatabaseMean = clock.database / iterations;
    const writes = scenario.kind === "write";
    const warmup = writes ? 20 : 200;
    const sum = { total: 0, auth: 0, authDatabase: 0, ...zeroes() };
    let measured = 0;
    for (let i = 0; i < warmup + iterations; i++) {
      const request = makeRequest();
      if (!request) break;
      // The count starts from a full collection, after the warm-up (./gc-log.ts).
      if (args.allocations && i === warmup) {
        Bun.gc(true);
        console.error(ALLOCATION_START);
      }
      resetClock();
      const started = performance.now();
      const response = await handler.fetch(request);
      const text = await response.text();
      const total = performance.now() - started;
      if (response.status >= 400 || text.includes('"errors"')) throw new Error(`${id}: ${response.status} ${text.slice(0, 300)}`);
      if (i < warmup) continue;
      measured++;
      sum.total += total;
      for (const key of LAYERS) sum[key] += clock[key];
    }
    if (args.allocations) console.error(`${ALLOCATION_END} ${id} ${measured}`);
    Object.assign(sum, { auth: authMean * measured, authDatabase: authDatabaseMean * measured });
    const us = (ms: number) => Math.round((ms / measured) * 1000);
    // The request resolves its viewer too (its session lookup is in the request's database and
    // driver clocks); "the rest" is what neither auth nor GraphQL nor the database accounts for.
    const graphql = scenario.graphql === true;
    const rest = graphql ? sum.total - sum.auth - sum.execute : sum.total - sum.auth - (sum.database - sum.authDatabase);
    const row = {
      path: id,
      requests: measured,
      totalUs: us(sum.total),
      authUs: us(sum.auth),
      executeUs: graphql ? us(sum.execute) : "",
      databaseUs: us(sum.database),
      prismaUs: us(sum.prisma),
      driverUs: us(sum.driver),
      statements: Math.round((sum.statements / measured) * 10) / 10,
      transactionUs: us(sum.transaction),
      restUs: us(rest),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const lines = [
    `**${database.provider}**, ${seed.size.bookings.toLocaleString("en-US")} bookings; ${iterations} requests a path, one at a time, in process (\`bun bench/layers.ts${args.reuse ? " --reuse DIR" : ` --scale ${args.scale}`}\`). Microseconds per request.`,
    "",
    "| path | total | auth | GraphQL execute | database (Prisma or driver) | Prisma (incl. driver) | driver + SQL | statements | HTTP, routing, serialisation | inside a transaction |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.totalUs} | ${r.authUs} | ${r.executeUs || "—"} | ${r.databaseUs} | ${r.prismaUs} | ${r.driverUs} | ${r.statements} | ${r.restUs} | ${r.transactionUs} |`,
    ),
  ];
  console.log(`\n${lines.join("\n")}`);
  if (args.statements) printStatements();
  if (args.out) writeFileSync(resolve(args.out), `${JSON.stringify({ generatedAt: new Date().toISOString(), provider: database.provider, rows }, null, 2)}\n`);
  // Slots taken by the booking path are gone from the database.
  if (args.reuse) writeFileSync(resolve(args.reuse, "seed.json"), JSON.stringify({ ...seed, freeSlots: seed.freeSlots.slice(slot) }));
  await client.$disconnect();
  // Its idle connections would be ended by the DROP below, an error no client is waiting for (57P01).
  await reads?.close();
  await pool?.end();
} finally {
  await database.drop();
}
