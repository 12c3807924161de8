// GET /metrics: Prometheus text from prom-client, on only when METRICS_TOKEN is set and answered
// only with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
//
// What a request costs: one histogram observe on a labelled child kept in a Map (no label hashing),
// and, on GraphQL, one more for the operation. Everything else (database pool, outbox backlog,
// public cache counts, process figures) is read when Prometheus scrapes.
//
// Labels stay bounded: HTTP requests are labelled with the route pattern Elysia matched
// ("/api/bookings/:id", "/*" for the web app, "unmatched" for a 404 no route took), never the raw
// URL; GraphQL operations with their name, "anonymous" without one, and "other" past
// MAX_OPERATION_NAMES distinct names (so a client inventing names cannot grow the series).
import { createHash, timingSafeEqual } from "node:crypto";
import { getOperationAST, type OperationTypeNode } from "graphql";
import type { ExecutionPlugin } from "./graphql/lean-path";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "./db";
import type { PublicCacheStats } from "./public-cache";
import type { Services } from "./services/context";
import { sessionChecks } from "./services/sessions";
import { outboxBacklog } from "./services/mail";

export const MAX_OPERATION_NAMES = 100;
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];
// Seconds: cached public reads answer in well under a millisecond, a booking in tens of them.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type MetricsSources = {
  /** PostgreSQL's pool counts; null on SQLite. */
  poolStats: () => PoolStats | null;
  /** The public read cache's counts since start. */
  cacheStats: () => Readonly<PublicCacheStats>;
  cacheSize: () => number;
};

export type Metrics = {
  /** One answered request: its method, the route pattern that took it, its status and duration. */
  observeHttp(method: string, route: string, status: number, seconds: number): void;
  /** Times each executed GraphQL operation (yoga plugin). */
  graphqlPlugin: ExecutionPlugin;
  /** GET /metrics: 401 without the token, else the exposition. */
  respond(request: Request): Promise<Response>;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * A counter of plain counts kept elsewhere (an increment per request, no prom-client call on the
 * request's path), one label value per count: it catches up with them at scrape time.
 */
function countsCounter<K extends string>(
  registry: Registry,
  name: string,
  help: string,
  label: string,
  keys: readonly K[],
  read: () => Readonly<Record<K, number>>,
) {
  const reported = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      const now = read();
      for (const key of keys) {
        this.inc({ [label]: key }, now[key] - reported[key]);
        reported[key] = now[key];
      }
    },
  });
}

/** Metrics for one server (its own registry: tests run several servers in one process). */
export function createMetrics(services: Services, token: string, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "capedrive_" });

  const http = new Histogram({
    name: "capedrive_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status class (its _count is the number of requests).",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const httpChildren = new Map<string, ReturnType<typeof http.labels>>();

  const graphql = new Histogram({
    name: "capedrive_graphql_operation_duration_seconds",
    help: 'Executed GraphQL operations by name ("anonymous", or "other" past the cap), type and outcome. Answers from the public cache are counted in capedrive_public_cache_requests_total.',
    labelNames: ["operation", "type", "outcome"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const operationNames = new Set<string>();
  const operationLabel = (name: string | undefined) => {
    if (!name) return "anonymous";
    if (operationNames.has(name)) return name;
    if (operationNames.size >= MAX_OPERATION_NAMES || name.length > 64) return "other";
    operationNames.add(name);
    return name;
  };

  new Gauge({
    name: "capedrive_db_pool_connections",
    help: "PostgreSQL connection pool: connections open (total), idle, and requests waiting for one. Not reported on SQLite (one file, no pool).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = sources.poolStats();
      this.reset();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Gauge({
    name: "capedrive_db_info",
    help: "The database this server uses (value 1).",
    labelNames: ["provider"] as const,
    registers: [registry],
    collect() {
      this.set({ provider: services.provider }, 1);
    },
  });
  new Gauge({
    name: "capedrive_email_outbox",
    help: "Emails in the outbox: due and not yet sent, scheduled for later (reminders, retries in backoff), failed for good. Absent while the database cannot be read.",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const backlog = await outboxBacklog(services);
        this.set({ state: "due" }, backlog.due);
        this.set({ state: "scheduled" }, backlog.scheduled);
        this.set({ state: "failed" }, backlog.failed);
      } catch (error) {
        services.log.warn(`metrics: the outbox could not be read (${(error as Error)?.message?.split("\n").pop() ?? error})`);
      }
    },
  });
  countsCounter(
    registry,
    "capedrive_public_cache_requests_total",
    "Public reads (fleet, Cars for Sale, quotes) by how the cache answered: hit, stale (served while one request refreshes it) or miss.",
    "result",
    ["hit", "stale", "miss"],
    sources.cacheStats,
  );
  countsCounter(
    registry,
    "capedrive_session_checks_total",
    "Signed-in requests' session checks by how they were answered: database (the session read) or unchanged (read before, and nothing committed since).",
    "source",
    ["database", "unchanged"],
    () => sessionChecks(services.db),
  );
  let statementsReported = 0;
  new Counter({
    name: "capedrive_session_check_statements_total",
    help: "Statements that read sessions for those checks: on PostgreSQL the checks arriving together share one, so fewer than the checks read from the database.",
    registers: [registry],
    collect() {
      const { statements } = sessionChecks(services.db);
      this.inc(statements - statementsReported);
      statementsReported = statements;
    },
  });
  new Gauge({
    name: "capedrive_public_cache_entries",
    help: "Answers kept in the public read cache.",
    registers: [registry],
    collect() {
      this.set(sources.cacheSize());
    },
  });

  const expected = sha256(`Bearer ${token}`);
  return {
    observeHttp(method, route, status, seconds) {
      const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? "5xx";
      const key = `${method} ${route} ${statusClass}`;
      let child = httpChildren.get(key);
      if (!child) {
        // "/api/bookings/" (a prefix's root route) reads as "/api/bookings".
        const pattern = route.length > 1 && route.endsWith("/") ? route.slice(0, -1) : route;
        child = http.labels(HTTP_METHODS.has(method) ? method : "OTHER", pattern, statusClass);
        httpChildren.set(key, child);
      }
      child.observe(seconds);
    },
    graphqlPlugin: {
      onExecute({ args }) {
        const started = performance.now();
        const operation = getOperationAST(args.document, args.operationName ?? undefined);
        return {
          onExecuteDone({ result }) {
            const failed = "errors" in result && Array.isArray(result.errors) && result.errors.length > 0;
            graphql
              .labels(operationLabel(operation?.name?.value), (operation?.operation as OperationTypeNode | undefined) ?? "unknown", failed ? "error" : "ok")
              .observe((performance.now() - started) / 1000);
          },
        };
      },
    },
    async respond(request) {
      // Both sides hashed to one length, so the comparison takes the same time whatever was sent.
      if (!timingSafeEqual(sha256(request.headers.get("authorization") ?? ""), expected)) {
        return Response.json(
          { message: "A valid metrics token is required", code: "UNAUTHENTICATED" },
          { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } },
        );
      }
      return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
    },
  };
}
