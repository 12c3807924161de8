// WORKERS=2 (server/workers.ts): `bun server/main.ts` as an operator runs it, two processes on one
// port. The kernel picks the process for each new connection, so each check below opens fresh
// connections (Connection: close) and looks at many answers: with two processes, 20 answers all
// from one of them happens once in 500,000 runs.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { openDatabase } from "./db";
import { createLogger } from "./log";
import { PUBLIC_CACHE_TTL_MS } from "./public-cache";
import type { Services } from "./services/context";
import { bookingRequest, call, capeTown, newCustomer, newVehicle } from "./testing/bookings";
import { createTestDatabase, GENEROUS_LIMITS, testConfig, type TestDatabase } from "./testing/harness";
import { childProcesses, type ServerProcess, spawnServer, stopServer, untilReady } from "./testing/processes";

const TOKEN_SECRET = "workers-share-this-token-secret-0123456789abcdef";
const FRESH_CONNECTIONS = 20;

let database: TestDatabase;
let services: Services & { close(): Promise<void> };
let env: Record<string, string>;
let server: ServerProcess;

/** Whether process `pid` holds a socket listening on `port` (its fds against /proc/net/tcp's LISTEN rows). */
function listens(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const listening = new Set(
    readFileSync("/proc/net/tcp", "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "0A")
      .map((fields) => fields[9]),
  );
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return listening.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? "");
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));

async function until<T>(what: string, probe: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** Starts `bun server/main.ts` with WORKERS=2; resolves once it answers and its second process listens too. */
async function startServer(): Promise<ServerProcess> {
  const started = spawnServer({ ...env, WORKERS: "2" });
  await untilReady(started);
  // The second process listens a moment after it starts.
  await until("the second worker to listen", () => childProcesses(started.child.pid).some((pid) => listens(pid, started.port)));
  return started;
}

/** The ids in the public fleet for one period, each asked on a new connection. */
async function fleetOnFreshConnections(day: number): Promise<{ cache: string | null; ids: string[] }[]> {
  const answers = [];
  for (let i = 0; i < FRESH_CONNECTIONS; i++) {
    const response = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", connection: "close" },
      keepalive: false,
      body: JSON.stringify({
        query: `{ vehicles(category: small, pickupDate: "${capeTown(day).toISOString()}", returnDate: "${capeTown(day + 2).toISOString()}") { id } }`,
      }),
    });
    const body = (await response.json()) as { data: { vehicles: { id: string }[] } };
    answers.push({ cache: response.headers.get("x-cache"), ids: body.data.vehicles.map((v) => v.id) });
  }
  return answers;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database, { TOKEN_SECRET });
  env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? database.dataDir,
    HOST: "127.0.0.1",
    DATA_DIR: database.dataDir,
    DATABASE_URL: config.database.url,
    TOKEN_SECRET,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    ...GENEROUS_LIMITS,
  };
  server = await startServer(); // migrates the database first
  const opened = openDatabase(config.database);
  services = { db: opened.db, provider: opened.provider, log: createLogger("silent"), config, close: opened.close };
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server.child, 20_000);
  await services?.close();
  await database?.drop();
});

test("a booking on either process takes the car out of both processes' cached fleet at once, not when the cache expires", async () => {
  // Four bookings, each on whichever process its connection reaches: over the four, writes on
  // each side are all but certain, and each must reach the other side.
  for (let round = 0; round < 4; round++) {
    const day = 40 + round * 4;
    const vehicle = await newVehicle(services);
    // Both processes hold the fleet with the car (the second asking on each is answered from its cache).
    await until("both processes to cache the fleet", async () => {
      const answers = await fleetOnFreshConnections(day);
      return answers.slice(-10).every((answer) => answer.cache === "hit" && answer.ids.includes(vehicle.id));
    });
    const rider = await newCustomer(services);
    const booked = await call(server.url, "POST", "/api/bookings", { auth: rider.auth, body: bookingRequest(vehicle, capeTown(day), capeTown(day + 2)) });
    expect(booked.status).toBe(201);
    // Without the relay, the other process would show the car until its cached answer expires
    // (PUBLIC_CACHE_TTL_MS); within a fifth of that, every answer leaves it out.
    await until(
      "every answer to leave the car out",
      async () => (await fleetOnFreshConnections(day)).every((answer) => !answer.ids.includes(vehicle.id)),
      PUBLIC_CACHE_TTL_MS / 5,
    );
    // And it stays out on every connection.
    expect((await fleetOnFreshConnections(day)).filter((answer) => answer.ids.includes(vehicle.id))).toEqual([]);
  }
}, 60_000);

test("a worker process that dies is started again, and the server answers throughout", async () => {
  const [second] = childProcesses(server.child.pid);
  expect(second).toBeNumber();
  process.kill(second!, "SIGKILL");
  let answered = 0;
  // A connection the kernel had already queued on the killed process's socket (SO_REUSEPORT) is
  // reset with it; a client's retry lands on a living process, so one retry must be answered.
  const ready = () => fetch(`${server.url}/readyz`, { headers: { connection: "close" } });
  const replacement = await until("a new second worker", async () => {
    const response = await ready().catch(ready);
    expect(response.status).toBe(200);
    answered++;
    const [now] = childProcesses(server.child.pid);
    return now !== undefined && now !== second ? now : null;
  });
  expect(answered).toBeGreaterThan(0);
  expect(alive(replacement)).toBe(true);
  expect(server.output()).toContain("worker 2 stopped (SIGKILL); starting it again");
}, 30_000);

test("SIGTERM stops every process; a first process killed outright takes the others with it", async () => {
  const others = childProcesses(server.child.pid);
  expect(others).toHaveLength(1);
  server.child.kill("SIGTERM");
  expect(await Promise.race([server.child.exited, Bun.sleep(20_000).then(() => "still running")])).toBe(0);
  await until("the second worker to stop", () => others.every((pid) => !alive(pid)), 5_000);

  server = await startServer();
  const [second] = childProcesses(server.child.pid);
  server.child.kill("SIGKILL");
  await server.child.exited;
  await until("the orphaned worker to stop", () => !alive(second!), 15_000);
}, 90_000);
