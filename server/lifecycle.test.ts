// The real product as an operator runs it: `bun server/main.ts` as a subprocess, stopped with
// SIGTERM while a request is in flight, then started again on the same data.
import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { freePort } from "./testing/processes";
import { createTestDatabase, type TestDatabase } from "./testing/harness";

const root = join(import.meta.dir, "..");
const REQUEST_LINE = /^\S+ info\s+(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) (\S+) (\d{3}) (\d+(?:\.\d+)?)ms$/;

let database: TestDatabase;
const children: Bun.Subprocess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await database?.drop();
});

type Running = { child: Bun.Subprocess<"ignore", "pipe", "pipe">; url: string; port: number; stdout: () => string; stderr: () => string };

function startProduct(): Running {
  const port = freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? database.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: database.dataDir,
    LOG_LEVEL: "info",
  };
  // PostgreSQL is seeded only when asked; SQLite seeds by default.
  if (database.databaseUrl) Object.assign(env, { DATABASE_URL: database.databaseUrl, SEED_DEMO: "true" });
  const child = Bun.spawn([process.execPath, join(root, "server", "main.ts")], { cwd: root, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  children.push(child);
  const collect = (stream: ReadableStream<Uint8Array>) => {
    let text = "";
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
    })();
    return () => text;
  };
  return { child, port, url: `http://127.0.0.1:${port}`, stdout: collect(child.stdout), stderr: collect(child.stderr) };
}

/** Polls /healthz until it answers 200; returns how many requests got an answer (each is logged). */
async function waitUntilHealthy(app: Running): Promise<number> {
  let answered = 0;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`server exited ${app.child.exitCode}: ${app.stderr()}${app.stdout()}`);
    try {
      const response = await fetch(`${app.url}/healthz`);
      answered++;
      if (response.status === 200) {
        expect(((await response.json()) as { status: string }).status).toBe("ok");
        return answered;
      }
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  throw new Error(`server did not become healthy: ${app.stderr()}${app.stdout()}`);
}

async function vehicleIds(app: Running, method: "GET" | "POST"): Promise<string[]> {
  const query = "{ vehicles(limit: 100) { id } }";
  const response =
    method === "GET"
      ? await fetch(`${app.url}/graphql?query=${encodeURIComponent(query)}`)
      : await fetch(`${app.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { vehicles: { id: string }[] } };
  return body.data.vehicles.map((v) => v.id).sort();
}

/**
 * A POST /graphql whose body arrives in two parts: the server starts handling it on the headers,
 * so it is in flight until `finish()` sends the rest. Resolves with the raw HTTP answer.
 */
function slowRequest(port: number) {
  const body = JSON.stringify({ query: "{ vehicles(limit: 100) { id make } }" });
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  const answer = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
  const opened = new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  return {
    async begin() {
      await opened;
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
    },
    finish() {
      socket.write(body.slice(10));
      return answer;
    },
  };
}

function requestLines(stdout: string) {
  return stdout
    .split("\n")
    .map((line) => REQUEST_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ method: m[1]!, path: m[2]!, status: Number(m[3]), ms: Number(m[4]) }));
}

test("start, serve, drain on SIGTERM, start again on the same data", async () => {
  database = await createTestDatabase();

  // First start: migrates, seeds the demo, prints the sign-in details once.
  const first = startProduct();
  let answered = await waitUntilHealthy(first);
  const ids = await vehicleIds(first, "GET");
  expect(ids.length).toBeGreaterThan(0);
  expect(await vehicleIds(first, "POST")).toEqual(ids);
  answered += 2;

  // A request in flight when SIGTERM arrives is finished, then the process exits 0.
  const slow = slowRequest(first.port);
  await slow.begin();
  await Bun.sleep(150);
  first.child.kill("SIGTERM");
  await Bun.sleep(300);
  expect(first.child.exitCode).toBeNull(); // still draining
  const raw = await slow.finish();
  answered += 1;
  expect(raw).toStartWith("HTTP/1.1 200");
  expect(raw).toContain('"vehicles":[');
  expect(await first.child.exited).toBe(0);

  const stdout1 = first.stdout();
  const lines = requestLines(stdout1);
  expect(lines).toHaveLength(answered);
  expect(lines.filter((l) => l.path === "/healthz" && l.status === 200)).toHaveLength(1);
  expect(lines.filter((l) => l.method === "GET" && l.path === "/graphql" && l.status === 200)).toHaveLength(1);
  expect(lines.filter((l) => l.method === "POST" && l.path === "/graphql" && l.status === 200)).toHaveLength(2);
  for (const line of lines) expect(line.ms).toBeGreaterThanOrEqual(0);
  expect(stdout1).not.toContain("query="); // the path is logged, not the query string
  expect(stdout1).toContain("SIGTERM");
  expect(first.stderr()).toBe("");

  // The demo sign-in details were printed on this first start.
  const saved = readFileSync(join(database.dataDir, "demo-credentials.txt"), "utf8");
  const adminPassword = /Admin\s+\S+ \/ (\S+)/.exec(saved)![1]!;
  const dealershipPassword = /Dealership\s+\S+ \/ (\S+)/.exec(saved)![1]!;
  expect(stdout1).toContain("admin@capedrive.example");
  expect(stdout1).toContain(adminPassword);
  expect(stdout1).toContain(dealershipPassword);

  // Second start on the same data: nothing lost, nothing seeded twice, no passwords printed.
  const second = startProduct();
  await waitUntilHealthy(second);
  expect(await vehicleIds(second, "POST")).toEqual(ids);
  second.child.kill("SIGTERM");
  expect(await second.child.exited).toBe(0);
  const stdout2 = second.stdout();
  expect(stdout2).not.toContain(adminPassword);
  expect(stdout2).not.toContain(dealershipPassword);
  expect(stdout2).not.toContain("applied migration");
  expect(stdout2).toContain("listening");
  expect(second.stderr()).toBe("");
}, 60_000);
