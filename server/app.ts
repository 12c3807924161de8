// Composes the HTTP surface: /healthz, /readyz, /graphql, the /api/* shims, /objects/*, and the web app.
import { Elysia } from "elysia";
import { AppError, bookingOverlapError, errorBody, httpStatusOf, limitFields, retryAfterOf, unavailableError } from "./errors";
import { createGraphQL } from "./graphql/yoga";
import { createLeanPath, type ExecutionPlugin } from "./graphql/lean-path";
import { parseCaches } from "./graphql/limits";
import { clientAddressOf, resolveViewer } from "./services/sessions";
import type { Viewer } from "./services/viewer";
import { accessControl, type ViewerOf } from "./rest/access";
import { restRouter } from "./rest/router";
import type { Services } from "./services/context";
import { createPublicCache } from "./public-cache";
import { createMetrics, type Metrics } from "./metrics";
import type { PoolStats } from "./db";
import { databaseIsUp, readiness } from "./services/health";
import { readObject } from "./services/uploads";
import { webApp } from "./web";
import { currentTurn, sendable, UNCOUNTED } from "./http-send";

const json = (status: number, body: unknown) => Response.json(body, { status });

/**
 * An expected failure as JSON: REST's {message, code, fieldErrors?}, or on /graphql a GraphQL
 * error list (the viewer is resolved before yoga runs). A 503 says when to try again.
 */
function errorResponse(error: AppError, request: Request): Response {
  const status = httpStatusOf[error.code];
  const graphql = new URL(request.url).pathname === "/graphql";
  const body = graphql ? { errors: [{ message: error.message, extensions: { code: error.code, ...limitFields(error) } }], data: null } : errorBody(error);
  const response = json(status, body);
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) response.headers.set("Retry-After", String(retryAfter));
  return response;
}
const unknownApi = () => json(404, { message: "No such API endpoint", code: "NOT_FOUND" });
const noSuchObject = () => json(404, { message: "No such object", code: "NOT_FOUND" });

/** `bun run bench` only (BENCH_ROUTES=1): a trivial JSON route, the baseline every figure is compared with. */
const benchRoutes = () => (process.env.BENCH_ROUTES === "1" ? new Elysia().get("/api/bench/ping", () => ({ ok: true, service: "capedrive" })) : new Elysia());

/**
 * With metrics on: the route pattern Elysia matched for each request, for the request histogram
 * (a hook that only fills a WeakMap); without, nothing.
 */
const routeRecorder = (routes: WeakMap<Request, string> | undefined) =>
  routes
    ? new Elysia({ name: "route-recorder" }).onBeforeHandle({ as: "global" }, ({ request, route }) => {
        routes.set(request, route);
      })
    : new Elysia();

export type AppOptions = {
  metrics?: Metrics;
  routes?: WeakMap<Request, string>;
  /** Plugins that watch GraphQL executions on both paths (bench/layers.ts times them with one). */
  graphqlPlugins?: ExecutionPlugin[];
};

export function createApp(services: Services, socketAddresses: WeakMap<Request, string> = new WeakMap(), options: AppOptions = {}) {
  const { metrics, routes } = options;
  const executionPlugins = [...(metrics ? [metrics.graphqlPlugin] : []), ...(options.graphqlPlugins ?? [])];
  // One cache of parsed documents for both GraphQL paths.
  const caches = parseCaches();
  const yoga = createGraphQL(services, executionPlugins, caches);
  const leanPath = createLeanPath(services, yoga, caches.documentCache, executionPlugins);
  const web = webApp(services.config.webDist);
  const viewers = new WeakMap<Request, Promise<Viewer>>();
  const viewerOf: ViewerOf = (request) => {
    let viewer = viewers.get(request);
    if (!viewer) {
      viewer = resolveViewer(services, request, clientAddressOf(services, request, socketAddresses.get(request)));
      viewers.set(request, viewer);
    }
    return viewer;
  };

  return (
    new Elysia()
      .onError(({ error, code, request, route }) => {
        if (route) routes?.set(request, route);
        if (error instanceof AppError) return errorResponse(error, request);
        // The database refused a double booking that a service did not map itself: 409, never a 500.
        const overlap = bookingOverlapError(error);
        if (overlap) {
          services.log.warn(`${request.method} ${new URL(request.url).pathname}: the database refused an overlapping booking`);
          return errorResponse(overlap, request);
        }
        // The database (or its disk) cannot be used right now: 503 "try again", never a 500.
        const unavailable = unavailableError(error);
        if (unavailable) {
          services.log.warn(
            `${request.method} ${new URL(request.url).pathname}: ${unavailable.message} (${String((error as Error)?.message ?? error)
              .split("\n")
              .filter(Boolean)
              .pop()})`,
          );
          return errorResponse(unavailable, request);
        }
        if (code === "NOT_FOUND") return json(404, { message: "Not found", code: "NOT_FOUND" });
        if (code === "VALIDATION" || code === "PARSE") return json(400, { message: "The request body is not valid", code: "BAD_USER_INPUT" });
        // A client that hung up mid-request (the benchmark's last requests, a closed tab) is not a server error.
        if (request.signal.aborted) {
          services.log.debug(`${request.method} ${new URL(request.url).pathname}: the client went away (${String(code)})`);
          return json(500, { message: "The request was cancelled.", code: "INTERNAL" });
        }
        services.log.error(`unhandled: ${(error as Error)?.stack || String(error)} (${String(code)}, ${(error as Error)?.name ?? typeof error})`);
        return json(500, { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
      })
      .use(routeRecorder(routes))
      .get("/healthz", async () => {
        const up = await databaseIsUp(services);
        return json(up ? 200 : 503, { status: up ? "ok" : "unavailable", database: services.provider });
      })
      // Readiness for a load balancer: 503 while the database is unreachable or behind this build's migrations.
      .get("/readyz", async () => {
        const state = await readiness(services);
        return json(state.ready ? 200 : 503, { status: state.ready ? "ready" : "not ready", ...state });
      })
      // Prometheus metrics: off (404) unless METRICS_TOKEN is set (./metrics.ts).
      .get("/metrics", ({ request }) => (metrics ? metrics.respond(request) : json(404, { message: "Not found", code: "NOT_FOUND" })))
      .use(benchRoutes())
      .all("/graphql", async ({ request }) => {
        const viewer = await viewerOf(request);
        const answer = await leanPath(request, viewer);
        return answer instanceof Response ? answer : yoga.fetch(answer, { viewer });
      })
      .use(restRouter(services, accessControl(viewerOf)))
      // GET routes match before ALL routes in Elysia, so the 404s are registered for GET as well,
      // or unknown API paths would fall through to the web app's HTML.
      .get("/api/*", unknownApi)
      .all("/api/*", unknownApi)
      .get("/api", unknownApi)
      .all("/api", unknownApi)
      // Uploaded files (server/services/uploads.ts decides who may read what). The path is taken
      // from the raw URL, never decoded, so "..%2f" and the like can only miss.
      .get("/objects/*", async ({ request }) => {
        const object = await readObject(services, await viewerOf(request), new URL(request.url).pathname);
        const caching = {
          "Cache-Control": object.isPrivate ? "private, max-age=3600" : "public, max-age=31536000, immutable",
          ETag: object.etag,
          ...(object.isPrivate ? { Vary: "Authorization" } : {}),
        };
        if (request.headers.get("if-none-match") === object.etag) return new Response(null, { status: 304, headers: caching });
        return new Response(object.body, {
          headers: {
            ...caching,
            "Content-Type": object.contentType,
            "Content-Length": String(object.size),
            "X-Content-Type-Options": "nosniff",
            "Content-Disposition": "inline",
          },
        });
      })
      .all("/objects/*", noSuchObject)
      .get("/objects", noSuchObject)
      .all("/objects", noSuchObject)
      .get("/*", ({ request }) => web(request))
  );
}

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client",
  "style-src 'self' https://accounts.google.com/gsi/style",
  "frame-src https://accounts.google.com/gsi/",
  "connect-src 'self' https://accounts.google.com/gsi/",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders: Record<string, string> = {
  "Content-Security-Policy": contentSecurityPolicy,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(self), geolocation=(self), microphone=()",
};

/**
 * The fetch handler Bun.serve runs: the app plus one log line per request, security headers,
 * and a count of requests in flight so shutdown can drain them.
 */
/** JSON and GraphQL bodies: far more than any form or query needs; photos (PUT upload) may be 10 MB. */
export const MAX_JSON_BODY_BYTES = 1_048_576;
const UPLOAD_PUT = /^\/api\/objects\/upload\/[^/]+$/;
const bodyTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body is too large (at most ${MAX_JSON_BODY_BYTES / 1_048_576} MB)`);

/**
 * Every body but an upload's is at most MAX_JSON_BODY_BYTES: a declared Content-Length over it is
 * refused before anything is read, and a streamed (chunked) body is read only up to the limit
 * and then handed on as a buffer, so no parser ever sees more.
 */
function withinBodyLimit(request: Request): Request | Promise<Request> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > MAX_JSON_BODY_BYTES) throw bodyTooLarge();
    return request;
  }
  // Most requests (GETs, bodies with a length) are settled here without a promise.
  if (!request.body) return request;
  return readWithinLimit(request, request.body);
}

async function readWithinLimit(request: Request, body: ReadableStream<Uint8Array>): Promise<Request> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      void reader.cancel().catch(() => {});
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks), signal: request.signal });
}

/** Methods whose requests carry no body to check. */
const BODILESS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
/** JSON, with any `+json` suffix and parameters ("application/json; charset=utf-8"). */
const JSON_MEDIA = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
/** What graphql-yoga reads besides JSON: a GraphQL document, or multipart. */
const GRAPHQL_MEDIA = /^(application\/graphql(\+json)?|multipart\/form-data)\s*(;|$)/i;
export const JSON_BODY_MESSAGE = "Send the request body as JSON, with Content-Type: application/json";

/**
 * A write's body sent to /api/* (but an upload's bytes) or to /graphql must say it is JSON (the
 * caller skips BODILESS methods). Elysia read a form, XML or a JSON body sent without a
 * Content-Type as no fields at all, so an update answered 200 having changed nothing; yoga
 * answered other types with an empty 415.
 */
function requireJsonBody(request: Request, pathname: string): void {
  const graphql = pathname === "/graphql";
  if (!graphql && !pathname.startsWith("/api/")) return;
  const length = request.headers.get("content-length");
  if (length !== null ? Number(length) === 0 : request.body === null) return;
  const type = request.headers.get("content-type") ?? "";
  if (JSON_MEDIA.test(type) || (graphql && GRAPHQL_MEDIA.test(type))) return;
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", JSON_BODY_MESSAGE);
}

export type HandlerOptions = { poolStats?: () => PoolStats | null; graphqlPlugins?: ExecutionPlugin[] };

export function createHandler(services: Services, options: HandlerOptions = {}) {
  // Browsers that once reached us over https keep to it (only when PUBLIC_URL is https).
  const headers: Record<string, string> = services.config.publicUrl.startsWith("https://")
    ? { ...securityHeaders, "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
    : securityHeaders;
  const headerEntries = Object.entries(headers);
  const socketAddresses = new WeakMap<Request, string>();
  // Public, viewer-independent reads (the fleet for a period, Cars for Sale) answered from a
  // short-lived cache that this server's writes clear at once (./public-cache.ts).
  const publicCache = createPublicCache(services.db);
  const token = services.config.metricsToken;
  const metrics = token
    ? createMetrics(services, token, { poolStats: options.poolStats ?? (() => null), cacheStats: () => publicCache.stats, cacheSize: () => publicCache.size })
    : undefined;
  const routes = metrics ? new WeakMap<Request, string>() : undefined;
  const app = createApp(services, socketAddresses, { metrics, routes, graphqlPlugins: options.graphqlPlugins });
  let inFlight = 0;
  let drained: (() => void) | undefined;
  // Whether a large answer may be made after its request's turn (./http-send.ts).
  const countsTurns = services.provider === "postgresql";
  async function fetch(request: Request, server?: { requestIP(request: Request): { address: string } | null }): Promise<Response> {
    const started = performance.now();
    const arrivedIn = countsTurns ? currentTurn() : UNCOUNTED;
    const address = server?.requestIP(request)?.address;
    if (address) socketAddresses.set(request, address);
    inFlight++;
    let response: Response;
    // A public read's route is known before Elysia runs (a cache hit never reaches it).
    let route: string | undefined;
    try {
      // Reads carry no body: only a write's address is parsed (every request pays for it here).
      const pathname = BODILESS.has(request.method) ? null : new URL(request.url).pathname;
      if (!(request.method === "PUT" && UPLOAD_PUT.test(pathname ?? ""))) {
        if (pathname !== null) requireJsonBody(request, pathname);
        const checked = withinBodyLimit(request);
        const limited = checked instanceof Promise ? await checked : checked;
        if (limited !== request && address) socketAddresses.set(limited, address);
        request = limited;
      }
      const read = await publicCache.classify(request);
      route = read?.route;
      if (read) {
        response = await publicCache.respond(read, (replay) => {
          if (address) socketAddresses.set(replay, address);
          return app.handle(replay);
        });
      } else {
        response = await app.handle(request);
      }
    } catch (error) {
      const unavailable = error instanceof AppError ? null : unavailableError(error);
      // A client that hung up while its body was being read is not a server error.
      if (error instanceof AppError) response = errorResponse(error, request);
      else if (request.signal.aborted) services.log.debug(`${request.method} ${new URL(request.url).pathname}: the client went away`);
      else if (unavailable) services.log.warn(`${request.method} ${new URL(request.url).pathname}: ${unavailable.message}`);
      else services.log.error(`unhandled: ${(error as Error)?.stack || String(error)} (${(error as Error)?.name ?? typeof error})`);
      response ??= unavailable
        ? errorResponse(unavailable, request)
        : json(500, { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
    } finally {
      inFlight--;
      if (inFlight === 0) drained?.();
    }
    for (const [name, value] of headerEntries) if (!response.headers.has(name)) response.headers.set(name, value);
    const finished = performance.now();
    services.log.info(() => `${request.method} ${new URL(request.url).pathname} ${response.status} ${(finished - started).toFixed(1)}ms`);
    metrics?.observeHttp(request.method, route ?? routes?.get(request) ?? "unmatched", response.status, (finished - started) / 1000);
    return sendable(response, arrivedIn, request.method);
  }
  /** Resolves when no request is in flight (or after `timeoutMs`). */
  function drain(timeoutMs: number): Promise<void> {
    if (inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      drained = resolve;
      setTimeout(resolve, timeoutMs).unref?.();
    });
  }
  return { fetch, drain, inFlight: () => inFlight };
}
