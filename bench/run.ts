// `bun run bench`: speed, scale and page weight, measured side by side (issue 8).
//
//   bun run bench                          full size on SQLite (2,000 vehicles, 20,000 customers, 200,000 bookings)
//   DATABASE_URL=postgres://u:p@127.0.0.1:5432/postgres bun run bench    the same on a new PostgreSQL database
//   bun run bench --scale 0.05 --duration 2 --no-lighthouse               a quick run while developing
//
// Options: --scale N (default 1), --duration S per scenario and level (default 5), --warmup S
// (default 2), --connections 1,8,32, --only id,id (scenario ids; add "baseline" for the ratios), --no-web (no build, page
// weight or Lighthouse), --no-lighthouse, --no-load, --keep (keep the database and data dir),
// --reuse DIR (a SQLite data dir kept with --keep: no seeding), --workers N (the server's WORKERS;
// default auto, one process per core), --profile (the server writes a CPU profile to bench/results/profiles/ when it stops),
// --out FILE (default bench/results/latest.json; "-" writes nothing).
//
// Steps: 1. build the web app into a temp folder (web/dist is left alone); 2. a fresh database,
// migrated and seeded (bench/seed.ts); 3. the production server (`bun server/main.ts`) in its own
// process on a loopback port (LOG_LEVEL=warn, BENCH_ROUTES=1 for the baseline route); 4. sign-ins;
// 5. page weight and Lighthouse against that server; 6. each scenario at each concurrency level
// with autocannon, the server's peak memory read from /proc; 7. results to JSON and a markdown
// table. Timings are only reported here, never asserted: the machine is shared.
import { GENEROUS_LIMITS } from "../server/testing/harness";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { migrate } from "../server/db/migrate";
import { openDatabase } from "../server/db";
import { addDays, capeTownDateTimeToUtc, capeTownToday } from "#domain";
import { loadConfig, workerCount } from "../server/config";
import { createLogger } from "../server/log";
import { bookingCustomerTokens } from "./booking-customers";
import { createBenchDatabase } from "./database";
import { lighthouse, type LighthouseResult } from "./lighthouse";
import { memoryOf, resetPeakMemory, runLoad, samplePeakProportionalMemory, serverProcesses, type LoadResult, type Scenario } from "./load";
import { allAssets, buildWeb, landingWeight, observedPageWeight, type ObservedWeight, type Weight } from "./page-weight";
import { buildScenarios } from "./scenarios";
import { seedBenchDatabase, sizeFor, type SeedResult } from "./seed";

const ROOT = resolve(import.meta.dir, "..");
const BENCH_TOKEN_SECRET = "benchmark-token-secret-that-is-long-enough-0123456789";
const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "1,8,32" },
    only: { type: "string" },
    "no-web": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    "no-load": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
    profile: { type: "boolean", default: false },
    workers: { type: "string", default: "auto" },
    out: { type: "string", default: join(ROOT, "bench", "results", "latest.json") },
  },
});
const scale = Number(args.scale);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const levels = args
  .connections!.split(",")
  .map(Number)
  .filter((n) => n > 0);
const only = args.only ? new Set(args.only.split(",")) : null;
function usage(): never {
  console.error(
    "usage: bun run bench [--scale 0.05] [--duration 5] [--connections 1,8,32] [--only ids] [--workers auto|N] [--no-web] [--no-lighthouse] [--no-load] [--keep] [--reuse dir] [--out file]",
  );
  process.exit(2);
}
if (!(scale > 0) || !(duration > 0) || levels.length === 0) usage();
// The server's own reading of WORKERS, so the benchmark waits for as many processes as it starts.
const workers = workerCount(args.workers!) ?? usage();

const started = Date.now();
let slotsUsed = 0;
const log = (line: string) => console.log(line);
const cleanups: (() => Promise<unknown> | unknown)[] = [];
async function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
  cleanups.length = 0;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanup().then(() => process.exit(130)));

try {
  await main();
} finally {
  await cleanup();
}

async function main() {
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "?",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
    bun: Bun.version,
  };
  log(
    `CapeDrive benchmark: scale ${scale}, ${duration} s per scenario and level, connections ${levels.join("/")}, ${machine.cpus} CPUs, load average ${machine.loadAverageAtStart.join(" ")}`,
  );

  // 1. Web build into a temp folder ------------------------------------------------------------
  let webDist = join(ROOT, "web", "dist");
  let landing: Weight | null = null;
  if (!args["no-web"]) {
    const outdir = mkdtempSync(join(tmpdir(), "capedrive-bench-web-"));
    cleanups.push(() => rmSync(outdir, { recursive: true, force: true }));
    const t = performance.now();
    await buildWeb(outdir);
    webDist = outdir;
    landing = await landingWeight(outdir);
    log(`web build: ${((performance.now() - t) / 1000).toFixed(1)} s; landing (static graph) JS ${kb(landing.js)}, CSS ${kb(landing.css)} gzipped`);
  }

  // 2. Database --------------------------------------------------------------------------------
  // --reuse DIR: a SQLite data dir kept by an earlier `--keep` run (no new seeding; pending
  // migrations are applied, so an index change can be measured on the same data).
  const database = args.reuse
    ? await createBenchDatabase({ dataDir: resolve(args.reuse), keep: true })
    : await createBenchDatabase({ databaseUrl: process.env.DATABASE_URL, keep: args.keep });
  cleanups.push(() => database.drop());
  log(`database: ${database.description}${args.reuse ? " (reused)" : ""}`);
  await migrate(database.target, log);
  const seedFile = join(database.dataDir, "seed.json");
  let seed: SeedResult;
  if (args.reuse) {
    seed = await Bun.file(seedFile).json();
    for (const slot of seed.freeSlots) Object.assign(slot, { pickup: new Date(slot.pickup), returnAt: new Date(slot.returnAt) });
  } else {
    const seeding = openDatabase(database.target);
    try {
      seed = await seedBenchDatabase(seeding.db, database.provider, sizeFor(scale), log);
    } finally {
      await seeding.close();
    }
  }
  // Slots the booking scenario takes are gone from the database: keep only the rest for a --reuse.
  cleanups.push(() => (args.keep || args.reuse) && writeFileSync(seedFile, JSON.stringify({ ...seed, freeSlots: seed.freeSlots.slice(slotsUsed) })));

  // 3. The production server in its own process ----------------------------------------------
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // --profile: the server writes a CPU profile (markdown) into bench/results/profiles when it stops.
  const profileDir = join(ROOT, "bench", "results", "profiles");
  const profileFlags = args.profile ? ["--cpu-prof-md", `--cpu-prof-dir=${profileDir}`] : [];
  const server = Bun.spawn([process.execPath, ...profileFlags, join(ROOT, "server", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      TOKEN_SECRET: BENCH_TOKEN_SECRET,
      WEB_DIST: webDist,
      BENCH_ROUTES: "1",
      WORKERS: args.workers!,
      // The benchmark measures the booking path, not the per-account limits that stop hoarding.
      ...GENEROUS_LIMITS,
      SMTP_URL: "",
      NODE_ENV: "production",
    },
    stdout: "inherit",
    stderr: "inherit",
  });
  cleanups.push(async () => {
    server.kill("SIGTERM");
    await Promise.race([server.exited, Bun.sleep(15_000)]);
  });
  await waitForHealth(baseUrl, server);
  // With WORKERS above 1 the others start after the first answers: wait until they are up too.
  for (let waited = 0; serverProcesses(server.pid).length < workers && waited < 20_000; waited += 100) await Bun.sleep(100);
  await Bun.sleep(workers > 1 ? 2_000 : 0);
  const memoryAtStart = memoryOf(server.pid);
  log(`server: pid ${server.pid} on ${baseUrl}, ${serverProcesses(server.pid).length} process(es), ${memoryAtStart?.rssMiB ?? "?"} MiB resident after start`);

  // 4. Sign-ins (one each; the benchmark then reuses the tokens) ------------------------------
  const reader = await signIn(`${baseUrl}/api/auth/signin`, seed.reader.email, seed.password);
  // The booking scenario's many customers: sessions made in the database (bench/booking-customers.ts).
  const sessions = openDatabase(database.target);
  let bookers: string[];
  try {
    const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: "warn", TOKEN_SECRET: BENCH_TOKEN_SECRET });
    bookers = await bookingCustomerTokens({ db: sessions.db, provider: sessions.provider, log: createLogger("warn"), config });
  } finally {
    await sessions.close();
  }
  const admin = await signIn(`${baseUrl}/api/admin/signin`, seed.admin.email, seed.password);

  // 5. Page weight and Lighthouse -------------------------------------------------------------
  let pages: ObservedWeight[] = [];
  let lighthouseResults: LighthouseResult[] = [];
  if (!args["no-web"]) {
    try {
      pages = await observedPageWeight(baseUrl, webDist, [
        { path: "/", area: "customer" },
        { path: "/booking/category", area: "customer", token: reader },
        { path: "/cars-for-sale", area: "customer" },
        { path: "/admin/dashboard", area: "admin", token: admin },
      ]);
    } catch (error) {
      log(`page weight in Chromium failed (is Debian's chromium installed? CHROME_PATH): ${(error as Error).message.split("\n")[0]}`);
    }
    for (const page of pages)
      log(
        `page weight ${page.path}${page.signedIn ? " (signed in)" : ""}: JS ${kb(page.js)}, CSS ${kb(page.css)} gzipped, ${page.files.length} files${page.finalPath !== page.path ? ` (ended on ${page.finalPath})` : ""}`,
      );
    if (!args["no-lighthouse"]) {
      for (const path of ["/", "/cars-for-sale"]) {
        const slug = path === "/" ? "landing" : path.replace(/^\//, "").replaceAll("/", "-");
        const result = await lighthouse(baseUrl + path, { keepReport: join(ROOT, "bench", "results", "lighthouse", `${slug}.report.json`) });
        lighthouseResults.push({ ...result, url: path });
        log(
          result.error
            ? `lighthouse ${path}: failed: ${result.error}`
            : `lighthouse ${path}: performance ${result.performance}, accessibility ${result.accessibility}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}`,
        );
      }
    }
  }

  // 6. Load ------------------------------------------------------------------------------------
  const slots = { next: () => seed.freeSlots[slotsUsed++] };
  const scenarios = buildScenarios(seed, slots, { reader, bookers, admin });
  const runs: ScenarioRun[] = [];
  if (!args["no-load"]) {
    const selected = scenarios.filter((s) => !only || only.has(s.id));
    // PostgreSQL's processes, when it runs on this machine (null CPU figures otherwise): on the
    // benchmark's two cores its CPU is taken from the server's.
    const databaseProcess = database.provider === "postgresql" ? "postgres" : undefined;
    for (const scenario of selected) {
      // A short warm-up (JIT, caches, connections) that is not counted.
      if (warmup > 0 && scenario.kind !== "write") await runLoad(baseUrl, scenario, Math.max(...levels), warmup);
      const canReset = resetPeakMemory(server.pid);
      const proportional = samplePeakProportionalMemory(server.pid);
      const results: LoadResult[] = [];
      for (const connections of levels) {
        const result = await runLoad(baseUrl, scenario, connections, duration, { serverPid: server.pid, databaseProcess });
        results.push(result);
        const errors = result.errors + result.non2xx + result.graphqlErrors;
        log(
          `  ${scenario.id.padEnd(22)} c=${String(connections).padStart(2)}  ${String(result.rps).padStart(8)} req/s  p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms  errors ${errors}  CPU ${result.serverCpuMsPerRequest ?? "?"} ms/request (event loop ${result.eventLoopCpuMsPerRequest ?? "?"}${result.databaseCpuMsPerRequest === null ? "" : `; PostgreSQL ${result.databaseCpuMsPerRequest}`}; load generator ${result.loadGeneratorCpuMsPerRequest})`,
        );
      }
      const memory = memoryOf(server.pid);
      const peakProportionalMiB = proportional.stop();
      runs.push({ scenario, results, peakMemoryMiB: memory?.peakMiB ?? null, peakProportionalMiB, peakIsPerScenario: canReset });
    }
  }
  const memoryAtEnd = memoryOf(server.pid);

  // 7. Results ---------------------------------------------------------------------------------
  const baseline = runs.find((r) => r.scenario.kind === "baseline");
  const scenariosOut = runs.map((run) => ({
    id: run.scenario.id,
    title: run.scenario.title,
    kind: run.scenario.kind,
    request: `${run.scenario.request.method} ${run.scenario.request.path}`,
    peakMemoryMiB: run.peakMemoryMiB,
    peakProportionalMiB: run.peakProportionalMiB,
    levels: run.results.map((result) => {
      const base = baseline?.results.find((b) => b.connections === result.connections);
      return { ...result, ratioToBaseline: base && base.rps > 0 ? Math.round((result.rps / base.rps) * 1000) / 1000 : null };
    }),
  }));
  const top = Math.max(...levels);
  const at = (id: string) => scenariosOut.find((s) => s.id === id)?.levels.find((l) => l.connections === top);
  const graphqlReads = scenariosOut.filter((s) => s.kind === "graphql-read");
  const customerLanding = pages.find((p) => p.path === "/");
  const lhFor = (path: string) => lighthouseResults.find((r) => r.url === path);
  const signedInLists = ["gql-my-bookings", "rest-my-bookings", "gql-admin-bookings", "rest-admin-bookings"];
  const peakMiB = Math.max(0, ...scenariosOut.map((s) => s.peakMemoryMiB ?? 0), memoryAtEnd?.peakMiB ?? 0);
  const peakProportionalMiB = Math.max(0, ...scenariosOut.map((s) => s.peakProportionalMiB ?? 0));
  const withErrors = scenariosOut.filter((s) => s.levels.some((l) => l.errors + l.non2xx + l.graphqlErrors > 0));
  const targets = [
    target(`available vehicles p99 < 25 ms at ${top} connections`, at("gql-available-vehicles")?.latencyMs.p99, (v) => v < 25, "ms"),
    target(`(the same without the cache: every request queries the database)`, at("gql-available-vehicles-db")?.latencyMs.p99, (v) => v < 25, "ms"),
    ...graphqlReads
      .filter((s) => !signedInLists.includes(s.id))
      .map((s) =>
        target(`${s.id}: >= 35% of baseline req/s at ${top} connections`, s.levels.find((l) => l.connections === top)?.ratioToBaseline, (v) => v >= 0.35, "x"),
      ),
    // Issue 16: the signed-in lists no cache can answer.
    ...signedInLists.flatMap((id) => [
      target(`${id}: >= 10% of baseline req/s at ${top} connections`, at(id)?.ratioToBaseline, (v) => v >= 0.1, "x"),
      target(`${id}: p99 < 25 ms at ${top} connections`, at(id)?.latencyMs.p99, (v) => v < 25, "ms"),
    ]),
    target(
      `POST /api/bookings >= 1,000/s at ${top} connections (SQLite)`,
      database.provider === "sqlite" ? at("rest-create-booking")?.rps : null,
      (v) => v >= 1000,
      "req/s",
    ),
    target("server peak RSS < 400 MiB over the whole run", peakMiB > 0 ? peakMiB : null, (v) => v < 400, "MiB"),
    target(
      "(the same counted once across processes: peak PSS, sampled 4 times a second)",
      peakProportionalMiB > 0 ? peakProportionalMiB : null,
      (v) => v < 400,
      "MiB",
    ),
    target("scenarios with errors (non-2xx, GraphQL errors, socket errors)", withErrors.length, (v) => v === 0, ""),
    target(
      "landing JS <= 120 KB gzipped (static graph)",
      landing ? landing.js / 1024 : customerLanding ? customerLanding.js / 1024 : undefined,
      (v) => v <= 120,
      "KB",
    ),
    ...["/", "/cars-for-sale"].flatMap((path) => [
      target(`Lighthouse mobile performance ${path} >= 95`, lhFor(path)?.performance, (v) => v >= 95, ""),
      target(`Lighthouse mobile accessibility ${path} >= 95`, lhFor(path)?.accessibility, (v) => v >= 95, ""),
    ]),
  ];
  const result = {
    generatedAt: new Date().toISOString(),
    command: commandLine(),
    note: "Measured on a shared 2-core machine: the load generator runs in the benchmark's own process beside the server, and other work may have been running. Compare ratios to the baseline of the same run rather than absolute figures across runs.",
    machine: { ...machine, loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100) },
    database: {
      provider: database.provider,
      size: seed.size,
      counts: seed.counts,
      seedSeconds: Math.round(seed.seconds * 10) / 10,
      readerBookings: seed.reader.bookings,
    },
    settings: { scale, durationSeconds: duration, warmupSeconds: warmup, connections: levels, workers: args.workers },
    server: {
      processes: serverProcesses(server.pid).length,
      memoryAtStartMiB: memoryAtStart?.rssMiB ?? null,
      peakMemoryMiB: memoryAtEnd?.peakMiB ?? null,
      note: "peakMemoryMiB per scenario: VmHWM of the server's processes summed (each reset with clear_refs before the scenario's first level); peakProportionalMiB: the highest sum of their PSS (shared pages counted once), sampled every 250 ms; CPU per request likewise summed over them",
    },
    scenarios: scenariosOut,
    pageWeight: {
      method:
        "landingStatic: index.html's scripts/styles + their static import closure in the build. pages: scripts and stylesheets Chromium fetched to show each page (signed in where needed) until network idle, each sized as gzip -6 of the built file.",
      landingStatic: landing && { jsKB: kb1(landing.js), cssKB: kb1(landing.css), files: landing.files },
      pages: pages.map((p) => ({ path: p.path, finalPath: p.finalPath, signedIn: p.signedIn, jsKB: kb1(p.js), cssKB: kb1(p.css), files: p.files })),
      allAssets: args["no-web"] ? [] : allAssets(webDist),
    },
    lighthouse: lighthouseResults,
    targets,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  if (args.out !== "-") {
    mkdirSync(dirname(resolve(args.out!)), { recursive: true });
    writeFileSync(resolve(args.out!), JSON.stringify(result, null, 2) + "\n");
    log(`\nwrote ${resolve(args.out!)}`);
  }
  console.log("\n" + markdown(result));
  // A scenario that answered errors measured something else than it claims: the run fails.
  if (withErrors.length > 0) {
    console.error(`\nFAILED: ${withErrors.map((s) => s.id).join(", ")} answered errors (see the errors column).`);
    process.exitCode = 1;
  }
}

type ScenarioRun = {
  scenario: Scenario;
  results: LoadResult[];
  peakMemoryMiB: number | null;
  peakProportionalMiB: number | null;
  peakIsPerScenario: boolean;
};

function target(name: string, value: number | null | undefined, ok: (v: number) => boolean, unit: string) {
  if (value === null || value === undefined || Number.isNaN(value)) return { name, value: null, unit, met: null as boolean | null };
  return { name, value: Math.round(value * 1000) / 1000, unit, met: ok(value) };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(`sign-in as ${email} failed: ${response.status} ${body.message ?? ""}`);
  return body.token;
}

async function waitForHealth(baseUrl: string, server: { exitCode: number | null }) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  throw new Error("the server did not answer /healthz within 120 s");
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

function commandLine() {
  const provider = process.env.DATABASE_URL && /^postgres/.test(process.env.DATABASE_URL) ? "DATABASE_URL=postgres://... " : "";
  return `${provider}bun run bench${process.argv.length > 2 ? " " + process.argv.slice(2).join(" ") : ""}`;
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
function kb1(bytes: number) {
  return Math.round((bytes / 1024) * 10) / 10;
}

function markdown(r: any): string {
  const lines: string[] = [];
  const c = r.database.counts;
  lines.push(
    `**${r.database.provider}**, ${c.vehicles.toLocaleString("en-US")} rental vehicles, ${c.forSaleVehicles.toLocaleString("en-US")} for sale, ${c.customers.toLocaleString("en-US")} customers, ${c.bookings.toLocaleString("en-US")} bookings (seeded in ${r.database.seedSeconds} s); ${r.settings.durationSeconds} s per level; ${r.machine.cpus} CPUs, load ${r.machine.loadAverageAtStart.join("/")} at start. \`${r.command}\``,
  );
  lines.push("");
  if (r.scenarios.length > 0) {
    // CPU ms a request: the server's, the database server's when it runs here (PostgreSQL), the load generator's.
    lines.push("| Scenario | Conns | req/s | p50 ms | p99 ms | errors | vs baseline | peak RSS MiB | peak PSS MiB | CPU ms: server / database / load |");
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const s of r.scenarios) {
      for (const [i, l] of s.levels.entries()) {
        const errors = l.errors + l.non2xx + l.graphqlErrors;
        lines.push(
          `| ${i === 0 ? s.id : ""} | ${l.connections} | ${l.rps.toLocaleString("en-US")} | ${l.latencyMs.p50} | ${l.latencyMs.p99} | ${errors} | ${l.ratioToBaseline === null ? "" : `${Math.round(l.ratioToBaseline * 100)}%`} | ${i === 0 ? (s.peakMemoryMiB ?? "") : ""} | ${i === 0 ? (s.peakProportionalMiB ?? "") : ""} | ${l.serverCpuMsPerRequest ?? "?"} / ${l.databaseCpuMsPerRequest ?? "-"} / ${l.loadGeneratorCpuMsPerRequest ?? "?"} |`,
        );
      }
    }
    lines.push("");
  }
  if (r.pageWeight.pages.length > 0 || r.pageWeight.landingStatic) {
    lines.push("| Page (gzipped) | JS KB | CSS KB | files |");
    lines.push("|---|---:|---:|---:|");
    if (r.pageWeight.landingStatic)
      lines.push(
        `| / (static import graph) | ${r.pageWeight.landingStatic.jsKB} | ${r.pageWeight.landingStatic.cssKB} | ${r.pageWeight.landingStatic.files.length} |`,
      );
    for (const p of r.pageWeight.pages)
      lines.push(
        `| ${p.path}${p.signedIn ? " (signed in)" : ""}${p.finalPath !== p.path ? ` → ${p.finalPath}` : ""} | ${p.jsKB} | ${p.cssKB} | ${p.files.length} |`,
      );
    lines.push("");
  }
  if (r.lighthouse.length > 0) {
    lines.push("| Lighthouse (mobile) | performance | accessibility | LCP ms | TBT ms | CLS |");
    lines.push("|---|---:|---:|---:|---:|---:|");
    for (const l of r.lighthouse)
      lines.push(`| ${l.url} | ${l.performance ?? l.error ?? ""} | ${l.accessibility ?? ""} | ${l.lcpMs ?? ""} | ${l.tbtMs ?? ""} | ${l.cls ?? ""} |`);
    lines.push("");
  }
  lines.push("| Target | value | met |");
  lines.push("|---|---:|---|");
  for (const t of r.targets)
    lines.push(
      `| ${t.name} | ${t.value === null ? "n/a" : `${t.unit === "x" ? `${Math.round(t.value * 100)}%` : t.value}${t.unit && t.unit !== "x" ? ` ${t.unit}` : ""}`} | ${t.met === null ? "not measured" : t.met ? "yes" : "**no**"} |`,
    );
  return lines.join("\n");
}
