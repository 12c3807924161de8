// Issue 14's proof that instances scale out: TWO server processes (`bun server/main.ts`, as an
// operator runs them) on one database, one S3 bucket (server/testing/s3.ts) and one SMTP server,
// each with a data folder of its own. Runs on both databases; where SQLite differs (no
// LISTEN/NOTIFY, no advisory locks) the test says what it shows instead.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "./db";
import { createLogger } from "./log";
import { PUBLIC_CACHE_TTL_MS } from "./public-cache";
import type { Services } from "./services/context";
import { uploadPhoto } from "./testing/admin";
import { bookingRequest, call, capeTown, newCustomer, newVehicle } from "./testing/bookings";
import { createTestDatabase, GENEROUS_LIMITS, testConfig, type TestDatabase } from "./testing/harness";
import { startS3Server, type TestS3Server } from "./testing/s3";
import { spawnServer, stopServer, untilReady } from "./testing/processes";
import { startSmtpServer, type TestSmtpServer } from "./testing/smtp";

const root = join(import.meta.dir, "..");
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const TOKEN_SECRET = "two-instances-share-this-token-secret-0123456789";

type Instance = { name: string; url: string; child: Bun.Subprocess<"ignore", "pipe", "pipe">; output: () => string; dataDir: string };

let database: TestDatabase;
let s3: TestS3Server;
let smtp: TestSmtpServer;
let services: Services & { close(): Promise<void> };
let env: Record<string, string>;
let a: Instance;
let b: Instance;

/** Starts `bun server/main.ts` with the shared settings and a data folder of its own; resolves once /readyz answers 200. */
async function startInstance(name: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `capedrive-${name}-`));
  const server = spawnServer({ ...env, DATA_DIR: dataDir });
  await untilReady(server, name);
  return { name, url: server.url, child: server.child, output: server.output, dataDir };
}

beforeAll(async () => {
  database = await createTestDatabase();
  [s3, smtp] = await Promise.all([startS3Server(), startSmtpServer()]);
  const databaseUrl = testConfig(database).database.url;
  env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? database.dataDir,
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    TOKEN_SECRET,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    ...s3.env,
    ...GENEROUS_LIMITS,
  };
  // The test's own view of the database (fixtures and checks), as a third client.
  const config = testConfig(database, { DATABASE_URL: databaseUrl, TOKEN_SECRET });
  a = await startInstance("a"); // migrates the database first
  b = await startInstance("b");
  const opened = openDatabase(config.database);
  services = { db: opened.db, provider: opened.provider, log: createLogger("silent"), config, close: opened.close };
}, 60_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance) continue;
    await stopServer(instance.child, 5_000);
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await services?.close();
  await Promise.all([s3?.close(), smtp?.close()]);
  await database?.drop();
});

test("a booking made on A is refused on B for an overlapping period", async () => {
  const vehicle = await newVehicle(services);
  const rider = await newCustomer(services);
  const onA = await call(a.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(5), capeTown(8)) });
  expect(onA.status).toBe(201);
  const other = await newCustomer(services);
  const onB = await call(b.url, "POST", "/api/bookings", { auth: other.auth, body: bookingRequest(vehicle, capeTown(7), capeTown(9)) });
  expect(onB.status).toBe(409);
  expect(await services.db.booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
});

test("50 parallel attempts on one car for one period, split across A and B: exactly one wins", async () => {
  const vehicle = await newVehicle(services);
  const riders = await Promise.all(Array.from({ length: 50 }, () => newCustomer(services)));
  const answers = await Promise.all(
    riders.map((rider, i) =>
      call(i % 2 === 0 ? a.url : b.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(20), capeTown(22)) }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  // Every other attempt is refused: taken (409), or at worst "busy, try again" (503); never a 500.
  expect(statuses.filter((status) => status !== 201 && status !== 409 && status !== 503)).toEqual([]);
  expect(statuses.filter((status) => status === 409).length).toBeGreaterThan(0);
  expect(await services.db.booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
}, 30_000);

test(`a booking on A leaves B's public fleet ${postgres ? "within a second (LISTEN/NOTIFY)" : "once B's cached answer expires (SQLite: no notifications)"}`, async () => {
  const vehicle = await newVehicle(services);
  const fleet = async (instance: Instance) => {
    const response = await fetch(`${instance.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ vehicles(category: small, pickupDate: "${capeTown(30).toISOString()}", returnDate: "${capeTown(32).toISOString()}") { id } }`,
      }),
    });
    const body = (await response.json()) as { data: { vehicles: { id: string }[] } };
    return { cache: response.headers.get("x-cache"), ids: body.data.vehicles.map((v) => v.id) };
  };
  // B holds the fleet with the car in its cache.
  const deadline = Date.now() + 3_000;
  let seen = await fleet(b);
  while (!(seen.cache === "hit" && seen.ids.includes(vehicle.id)) && Date.now() < deadline) seen = await fleet(b);
  expect(seen).toMatchObject({ cache: "hit", ids: expect.arrayContaining([vehicle.id]) });

  const rider = await newCustomer(services);
  const booked = await call(a.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(30), capeTown(32)) });
  expect(booked.status).toBe(201);
  const started = performance.now();
  const limit = postgres ? 1_000 : 2 * PUBLIC_CACHE_TTL_MS + 1_000;
  while ((await fleet(b)).ids.includes(vehicle.id)) {
    expect(performance.now() - started).toBeLessThan(limit);
    await Bun.sleep(20);
  }
  expect(performance.now() - started).toBeLessThan(limit);
}, 30_000);

test("12 password-reset emails requested across A and B arrive exactly 12 times at the SMTP server", async () => {
  const riders = await Promise.all(Array.from({ length: 12 }, () => newCustomer(services)));
  const answers = await Promise.all(
    riders.map((rider, i) => call(i % 2 === 0 ? a.url : b.url, "POST", "/api/auth/forgot-password", { body: { email: rider.email } })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  const emails = new Set(riders.map((rider) => rider.email));
  const resets = () => smtp.messages.filter((mail) => mail.subject === "Reset your CapeDrive password" && mail.envelopeTo.some((to) => emails.has(to)));
  const deadline = Date.now() + 10_000;
  while (resets().length < 12 && Date.now() < deadline) await Bun.sleep(50);
  // Both outbox workers keep polling meanwhile: a duplicate would show up here.
  await Bun.sleep(1_500);
  expect(resets()).toHaveLength(12);
  expect(new Set(resets().map((mail) => mail.envelopeTo[0])).size).toBe(12);
  expect(new Set(resets().map((mail) => mail.messageId)).size).toBe(12);
}, 30_000);

test("a photo uploaded through A is served by B (from the shared S3 bucket)", async () => {
  const rider = await newCustomer(services);
  const { objectPath } = await uploadPhoto(a.url, rider.auth, "profile_picture");
  const fromB = await fetch(`${b.url}${objectPath}`, { headers: rider.auth });
  expect(fromB.status).toBe(200);
  expect(fromB.headers.get("content-type")).toBe("image/jpeg");
  const bytes = new Uint8Array(await fromB.arrayBuffer());
  expect(bytes).toEqual(await s3.client.file(objectPath.replace(/^\/objects\//, "")).bytes());
});

/** `rentals-cli maintenance run --json` as one instance's operator would run it; resolves with its result. */
async function housekeepingRun(instance: Instance) {
  const child = Bun.spawn([process.execPath, join(root, "cli", "main.ts"), "maintenance", "run", "--json"], {
    cwd: root,
    env: { ...env, DATA_DIR: instance.dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return JSON.parse(out) as { ran: boolean; expiredLinks: number };
}

test(`housekeeping started on both at once ${postgres ? "runs once (advisory lock)" : "removes each expired link once (SQLite: one writer at a time)"}`, async () => {
  const rider = await newCustomer(services);
  const expired = new Date(Date.now() - 60_000);
  const rows = Array.from({ length: 30 }, () => ({
    path: `uploads/${crypto.randomUUID()}`,
    purpose: "profile_picture",
    ownerType: "customer",
    ownerId: rider.id,
    expiresAt: expired,
  }));
  await services.db.storedObject.createMany({ data: rows });
  const firstId = (await services.db.storedObject.findUniqueOrThrow({ where: { path: rows[0]!.path } })).id;
  if (!postgres) {
    const runs = await Promise.all([housekeepingRun(a), housekeepingRun(b)]);
    expect(runs.reduce((sum, run) => sum + run.expiredLinks, 0)).toBe(30);
    expect(await services.db.storedObject.count({ where: { ownerId: rider.id } })).toBe(0);
    return;
  }
  // Hold one of the rows so the run that takes the lock stays inside it until we let go: the
  // other then surely tries while the first is running.
  const holder = new pg.Client({ connectionString: database.databaseUrl });
  // Another connection watches: inside a transaction pg_stat_activity would not change.
  const watcher = new pg.Client({ connectionString: database.databaseUrl });
  await Promise.all([holder.connect(), watcher.connect()]);
  try {
    await holder.query("BEGIN");
    await holder.query(`SELECT id FROM stored_objects WHERE id = $1 FOR UPDATE`, [firstId]);
    const onA = housekeepingRun(a);
    // Until A's run waits on our row lock (it holds the advisory lock by then).
    const deadline = Date.now() + 15_000;
    for (;;) {
      const waiting = await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      if (waiting.rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error("A's housekeeping never started");
      await Bun.sleep(25);
    }
    const onB = await housekeepingRun(b);
    expect(onB).toMatchObject({ ran: false, expiredLinks: 0 });
    await holder.query("COMMIT");
    expect(await onA).toMatchObject({ ran: true, expiredLinks: 30 });
  } finally {
    await Promise.all([holder.end(), watcher.end()]);
  }
  expect(await services.db.storedObject.count({ where: { ownerId: rider.id } })).toBe(0);
}, 30_000);
