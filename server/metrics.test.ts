// GET /metrics over real HTTP (SQLite, or PostgreSQL with TEST_DATABASE_URL): off (404) without
// METRICS_TOKEN; with it, 401 without the right bearer token and Prometheus text with it: request
// counts by route pattern (never a raw id), GraphQL operations by bounded name, the public cache's
// hits and misses, the outbox backlog, and the database pool on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config";
import { MAX_OPERATION_NAMES } from "./metrics";
import { call, newCustomer, type TestCustomer } from "./testing/bookings";
import { graphql, startTestServer, type TestServer } from "./testing/harness";

const provider = process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite";
const TOKEN = "metrics-token-for-the-tests-0123456789";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    out.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return out;
}

/** The value of the sample `name` whose labels include `labels` (undefined when absent). */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

describe("METRICS_TOKEN unset", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  test("GET /metrics is 404 (JSON, not the web app), with or without a token", async () => {
    for (const auth of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/metrics`, { headers: auth });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
    }
  });

  test("a METRICS_TOKEN shorter than 16 characters or with spaces stops the start, naming the variable and not echoing it", () => {
    for (const bad of ["short", "has a space in the middle ok"]) {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: server.database.dataDir, METRICS_TOKEN: bad });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain("METRICS_TOKEN");
      expect((error as Error).message).not.toContain(bad);
    }
  });
});

describe("METRICS_TOKEN set", () => {
  let server: TestServer;
  let rider: TestCustomer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    rider = await newCustomer(server.services);
  });
  afterAll(async () => {
    await server?.close();
  });

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  test("without the right bearer token: 401 with WWW-Authenticate, and no metrics in the body", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-of-some-length-000000" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${rider.token}` },
    ];
    for (const headers of wrong) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ message: "A valid metrics token is required", code: "UNAUTHENTICATED" });
    }
  });

  test("with it: 200 Prometheus text with every metric family", async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    for (const family of [
      "capedrive_http_request_duration_seconds histogram",
      "capedrive_graphql_operation_duration_seconds histogram",
      "capedrive_db_pool_connections gauge",
      "capedrive_db_info gauge",
      "capedrive_email_outbox gauge",
      "capedrive_public_cache_requests_total counter",
      "capedrive_public_cache_entries gauge",
      "capedrive_session_checks_total counter",
      "capedrive_session_check_statements_total counter",
      "capedrive_process_resident_memory_bytes gauge",
    ]) {
      expect(text).toContain(`# TYPE ${family}`);
    }
    expect(sampleValue(text, "capedrive_db_info", { provider })).toBe(1);
    if (provider === "postgresql") {
      // This server's own pool (max 10): the scrape itself used a connection.
      const total = sampleValue(text, "capedrive_db_pool_connections", { state: "total" })!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(10);
      expect(sampleValue(text, "capedrive_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      expect(sampleValue(text, "capedrive_db_pool_connections", { state: "total" })).toBeUndefined();
    }
  });

  test("request counts grow by route pattern and status class; ids never become labels", async () => {
    const count = (text: string, labels: Record<string, string>) => sampleValue(text, "capedrive_http_request_duration_seconds_count", labels) ?? 0;
    const before = await scrape();
    const id = crypto.randomUUID();
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await call(server.url, "GET", `/api/bookings/${id}`, { auth: rider.auth })).status).toBe(404);
    expect((await call(server.url, "GET", "/api/bookings", { auth: rider.auth })).status).toBe(200);
    expect((await call(server.url, "GET", "/api/no-such-thing")).status).toBe(404);
    const after = await scrape();

    expect(
      count(after, { method: "GET", route: "/healthz", status_class: "2xx" }) - count(before, { method: "GET", route: "/healthz", status_class: "2xx" }),
    ).toBe(3);
    expect(
      count(after, { method: "GET", route: "/api/bookings/:id", status_class: "4xx" }) - count(before, { route: "/api/bookings/:id", status_class: "4xx" }),
    ).toBe(1);
    expect(count(after, { method: "GET", route: "/api/bookings", status_class: "2xx" })).toBeGreaterThanOrEqual(1);
    expect(count(after, { method: "GET", route: "/api/*", status_class: "4xx" })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(id);
    expect(after).not.toContain("no-such-thing");
    // The histogram's buckets hold the three /healthz requests too.
    expect(sampleValue(after, "capedrive_http_request_duration_seconds_bucket", { route: "/healthz", le: "+Inf" })).toBe(
      count(after, { route: "/healthz", status_class: "2xx" }),
    );
  });

  test("GraphQL operations by name (anonymous, then other past the cap) and outcome", async () => {
    const ops = (text: string, labels: Record<string, string>) => sampleValue(text, "capedrive_graphql_operation_duration_seconds_count", labels) ?? 0;
    const before = await scrape();
    expect((await graphql(server.url, "query MyTrips { myBookings { id } }", {}, rider.auth)).body.errors).toBeUndefined();
    expect((await graphql(server.url, "query MyTrips { myBookings { id } }", {}, rider.auth)).body.errors).toBeUndefined();
    expect((await graphql(server.url, "{ myBookings { id } }", {}, rider.auth)).body.errors).toBeUndefined();
    // A customer-only field without a token: executed, and failed.
    expect((await graphql(server.url, "query Nobody { myBookings { id } }")).body.errors?.length).toBeGreaterThan(0);
    const middle = await scrape();
    expect(ops(middle, { operation: "MyTrips", type: "query", outcome: "ok" }) - ops(before, { operation: "MyTrips", outcome: "ok" })).toBe(2);
    expect(ops(middle, { operation: "anonymous", type: "query", outcome: "ok" }) - ops(before, { operation: "anonymous", outcome: "ok" })).toBe(1);
    expect(ops(middle, { operation: "Nobody", outcome: "error" })).toBe(1);

    // A client inventing names: the distinct names stop at the cap, the rest count as "other".
    for (let i = 0; i < MAX_OPERATION_NAMES + 5; i++) {
      const answer = await graphql(server.url, `query Invented${i} { myBookings { id } }`, {}, rider.auth);
      expect(answer.status).toBe(200);
    }
    const after = await scrape();
    const names = new Set(
      samples(after)
        .filter((s) => s.name === "capedrive_graphql_operation_duration_seconds_count")
        .map((s) => s.labels.operation),
    );
    expect(names.size).toBeLessThanOrEqual(MAX_OPERATION_NAMES + 2); // + "anonymous" and "other"
    expect(ops(after, { operation: "other", outcome: "ok" })).toBeGreaterThanOrEqual(5);
  });

  test("session checks and the statements that read them: on PostgreSQL, checks arriving at once share one", async () => {
    const checks = (text: string) => sampleValue(text, "capedrive_session_checks_total", { source: "database" }) ?? 0;
    const statements = (text: string) => sampleValue(text, "capedrive_session_check_statements_total") ?? 0;
    const before = await scrape();
    // A write first, so that SQLite's kept session rows are read again too.
    await server.services.db.emailOutbox.create({
      data: { to: "someone@example.com", subject: "Hello", text: "Hi", nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(server.url, "GET", "/api/bookings", { auth: rider.auth })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await scrape();
    const read = checks(after) - checks(before);
    const sent = statements(after) - statements(before);
    expect(read).toBeGreaterThanOrEqual(1);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(read);
    // SQLite reads each alone; PostgreSQL sends fewer statements than checks only when requests arrived together.
    if (provider === "sqlite") expect(sent).toBe(read);
  });

  test("the public cache's hits and misses, and the outbox backlog, read at scrape time", async () => {
    const cache = (text: string, result: string) => sampleValue(text, "capedrive_public_cache_requests_total", { result }) ?? 0;
    const before = await scrape();
    const query = `/api/vehicles?category=medium&transmission=automatic`;
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}${query}`)).status).toBe(200);
    const after = await scrape();
    expect(cache(after, "miss") - cache(before, "miss")).toBe(1);
    expect(cache(after, "hit") - cache(before, "hit")).toBe(2);
    expect(sampleValue(after, "capedrive_public_cache_entries")).toBeGreaterThanOrEqual(1);
    // Cache hits never reach Elysia: they are still counted under their route.
    expect(sampleValue(after, "capedrive_http_request_duration_seconds_count", { route: "/api/vehicles", status_class: "2xx" })).toBeGreaterThanOrEqual(3);

    // The worker stopped, so the due rows stay due.
    await server.mailer.stop();
    const outbox = (text: string, state: string) => sampleValue(text, "capedrive_email_outbox", { state });
    const start = await scrape();
    const mail = (data: object) => server.services.db.emailOutbox.create({ data: { to: "someone@example.com", subject: "Hello", text: "Hi", ...data } });
    await mail({});
    await mail({});
    await mail({ nextAttemptAt: new Date(Date.now() + 3_600_000) });
    await mail({ status: "failed", attempts: 50 });
    const end = await scrape();
    expect(outbox(end, "due")! - outbox(start, "due")!).toBe(2);
    expect(outbox(end, "scheduled")! - outbox(start, "scheduled")!).toBe(1);
    expect(outbox(end, "failed")! - outbox(start, "failed")!).toBe(1);
  });
});
