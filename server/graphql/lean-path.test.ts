// The lean path answers exactly as yoga does: each request here goes to both, over the same
// database and viewer, and the status, every header and the body must match. The lean path must
// also actually answer the plain requests (or the comparison would be yoga against itself), and
// hand the rest to yoga with their bodies intact.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestServices } from "../testing/harness";
import { newCustomer, newVehicle, storeBooking, capeTown, type TestCustomer } from "../testing/bookings";
import { resolveViewer } from "../services/sessions";
import type { Services } from "../services/context";
import { acceptedJsonMediaType, createLeanPath, type LeanPath, validDocuments } from "./lean-path";
import { DOCUMENT_CACHE_BYTES, parseCaches } from "./limits";
import { createGraphQL } from "./yoga";
import { sendable, STREAMED_FROM_BYTES, UNCOUNTED } from "../http-send";

const PUBLIC_URL = "http://127.0.0.1:3000";
let services: Services & { close(): Promise<void> };
let yoga: ReturnType<typeof createGraphQL>;
let lean: LeanPath;
let rider: TestCustomer;
let executions = 0;

beforeAll(async () => {
  services = await createTestServices({ PUBLIC_URL, CORS_ORIGINS: "https://partner.example" });
  const counter = { onExecute: () => void executions++ };
  const caches = parseCaches();
  yoga = createGraphQL(services, [counter], caches);
  lean = createLeanPath(services, yoga, caches.documentCache, [counter]);
  rider = await newCustomer(services);
  const vehicle = await newVehicle(services);
  await storeBooking(services, { userId: rider.id, vehicleId: vehicle.id, pickup: capeTown(10), returnAt: capeTown(13) });
});
afterAll(() => services.close());

type Sent = { method?: string; headers?: Record<string, string>; body?: string; search?: string };

const request = ({ method = "POST", headers = {}, body, search = "" }: Sent) =>
  new Request(`${PUBLIC_URL}/graphql${search}`, { method, headers: { "content-type": "application/json", ...headers }, body });

const post = (query: string, variables?: unknown, headers: Record<string, string> = {}, operationName?: string) =>
  ({ headers, body: JSON.stringify({ query, variables, operationName }) }) satisfies Sent;

type Seen = { status: number; headers: [string, string][]; body: string };

async function seen(response: Response): Promise<Seen> {
  return { status: response.status, headers: [...response.headers.entries()].sort(), body: await response.text() };
}

const viewerOf = (sent: Request) => resolveViewer(services, sent, "127.0.0.1");

/** Yoga's answer and the lean path's (its own, or yoga's answer to the request it handed on). */
async function both(sent: Sent): Promise<{ yoga: Seen; lean: Seen; leanAnswered: boolean; marked: boolean }> {
  const forYoga = request(sent);
  const yogaAnswer = await seen(await yoga.fetch(forYoga, { viewer: await viewerOf(forYoga) }));
  const forLean = request(sent);
  const viewer = await viewerOf(forLean);
  const answer = await lean(forLean, viewer);
  const marked = answer instanceof Response && answer.headers.has("x-capedrive-large-body");
  // As the server sends it: http-send.ts takes off the mark of a large answer.
  const leanAnswer = await seen(answer instanceof Response ? await sendable(answer, UNCOUNTED, "POST") : await yoga.fetch(answer, { viewer }));
  return { yoga: yogaAnswer, lean: leanAnswer, leanAnswered: answer instanceof Response, marked };
}

const VEHICLES = `query Fleet($category: VehicleCategory) { vehicles(category: $category) { id make model category dailyRate } }`;
const MY_BOOKINGS = `query Mine { myBookings(limit: 10) { id bookingNumber status totalAmount vehicle { make model } } }`;

describe("the lean path answers what yoga would, and answers it itself", () => {
  const cases: [string, () => Sent][] = [
    ["a public query with variables", () => post(VEHICLES, { category: "small" })],
    ["a signed-in list", () => post(MY_BOOKINGS, undefined, rider.auth)],
    ["the same list signed out (an UNAUTHENTICATED error)", () => post(MY_BOOKINGS)],
    ["a booking that is not there (NOT_FOUND, data null)", () => post(`{ booking(id: "nope") { id } }`, undefined, rider.auth)],
    ["a variable of the wrong type", () => post(VEHICLES, { category: 5 })],
    ["a required variable missing", () => post(`query Q($id: ID!) { booking(id: $id) { id } }`, {}, rider.auth)],
    ["one of several operations, by name", () => post(`query A { publicConfig { googleClientId } } ${VEHICLES}`, {}, {}, "Fleet")],
    ["a mutation refused (wrong password)", () => post(`mutation { signIn(input: { email: "${rider.email}", password: "not it at all" }) { token } }`)],
    ["Accept: application/graphql-response+json", () => post(VEHICLES, {}, { accept: "application/graphql-response+json" })],
    [
      "Accept: as urql sends it",
      () =>
        post(MY_BOOKINGS, {}, { accept: "application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed" }),
    ],
    ["Accept: application/json, error", () => post(MY_BOOKINGS, {}, { accept: "application/json" })],
    ["Accept: graphql-response+json, error", () => post(MY_BOOKINGS, {}, { accept: "application/graphql-response+json" })],
    ["Accept: any type", () => post(VEHICLES, {}, { accept: "*/*" })],
    ["Content-Type with a charset", () => post(VEHICLES, {}, { "content-type": "application/json; charset=utf-8" })],
    ["our own site's origin", () => post(VEHICLES, {}, { origin: PUBLIC_URL })],
    ["extensions, empty or not (yoga ignores them)", () => ({ body: JSON.stringify({ query: VEHICLES, extensions: {} }) })],
    [
      "extensions with a persisted-query hash (no such feature here)",
      () => ({ body: JSON.stringify({ query: VEHICLES, extensions: { persistedQuery: { version: 1, sha256Hash: "x" } } }) }),
    ],
    ["a configured partner origin", () => post(VEHICLES, {}, { origin: "https://partner.example" })],
    ["a stranger's origin", () => post(VEHICLES, {}, { origin: "https://evil.example" })],
  ];
  for (const [name, make] of cases) {
    test(name, async () => {
      const sent = make();
      const { yoga: expected, lean: actual, leanAnswered } = await both(sent);
      expect(leanAnswered).toBe(true);
      expect(actual).toEqual(expected);
    });
  }

  test("a large answer is yoga's byte for byte, and marked to leave in one piece (http-send.ts)", async () => {
    for (let i = 0; i < 60; i++)
      await newVehicle(services, { category: "large", make: "Mercedes-Benz", model: "V-Class", images: ["/a/front.jpg", "/a/side.jpg"] });
    const LARGE = `{ vehicles(category: large, limit: 100) { id make model year category transmission dailyRate mileage status images } }`;
    const { yoga: expected, lean: actual, leanAnswered, marked } = await both(post(LARGE));
    expect(leanAnswered).toBe(true);
    expect(expected.body.length).toBeGreaterThan(STREAMED_FROM_BYTES);
    expect(marked).toBe(true);
    expect(actual).toEqual(expected);
    // A small one is not marked.
    expect((await both(post(VEHICLES, { category: "small" }))).marked).toBe(false);
  });

  test("both run the execution plugins (metrics) once a request", async () => {
    const before = executions;
    await both(post(VEHICLES, {}));
    expect(executions - before).toBe(2);
  });
});

describe("everything else is handed to yoga, body intact, and answered alike", () => {
  const cases: [string, Sent][] = [
    ["GET with the query in the URL", { method: "GET", search: `?query=${encodeURIComponent("{ publicConfig { googleClientId } }")}` }],
    ["a body that is not JSON", { body: "{ query: nope" }],
    ["a batch (an array)", { body: JSON.stringify([{ query: "{ publicConfig { googleClientId } }" }]) }],
    ["a JSON body that is not an object", { body: "42" }],
    ["an unknown parameter", { body: JSON.stringify({ query: "{ publicConfig { googleClientId } }", other: 1 }) }],
    ["extensions that are not an object", { body: JSON.stringify({ query: "{ publicConfig { googleClientId } }", extensions: "yes" }) }],
    ["operationName that is not a string", { body: JSON.stringify({ query: VEHICLES, operationName: 5 }) }],
    ["variables that are a list", { body: JSON.stringify({ query: VEHICLES, variables: [1] }) }],
    ["no query", { body: JSON.stringify({ variables: {} }) }],
    ["a syntax error", post("{ vehicles { id ")],
    ["an unknown field", post("{ vehicles { idd } }")],
    ["over the token limit", post(`{ publicConfig { ${"googleClientId ".repeat(2100)} } }`)],
    ["an operation name that is not in the document", post(VEHICLES, {}, {}, "Other")],
    ["two operations and no name", post(`query A { publicConfig { googleClientId } } query B { publicConfig { googleClientId } }`)],
    ["Accept without JSON", post(VEHICLES, {}, { accept: "text/html" })],
    ["Accept with another charset", post(VEHICLES, {}, { accept: "application/json; charset=latin1" })],
    [
      "a form body",
      { headers: { "content-type": "application/x-www-form-urlencoded" }, body: `query=${encodeURIComponent("{ publicConfig { googleClientId } }")}` },
    ],
  ];
  for (const [name, sent] of cases) {
    test(name, async () => {
      const { yoga: expected, lean: actual, leanAnswered } = await both(sent);
      expect(leanAnswered).toBe(false);
      expect(actual).toEqual(expected);
    });
  }
});

describe("which JSON media type an Accept header gets (yoga's order)", () => {
  test.each([
    [null, "application/json"],
    ["", "application/json"],
    ["*/*", "application/json"],
    ["application/*", "application/json"],
    ["application/json", "application/json"],
    ["application/graphql-response+json", "application/graphql-response+json"],
    ["application/json, application/graphql-response+json", "application/json"],
    ["application/graphql-response+json, application/json", "application/graphql-response+json"],
    ["text/event-stream, application/json;q=0.9", "application/json"],
    ["application/json; charset=iso-8859-1", null],
    ["text/html", null],
    ["multipart/mixed", null],
  ])("%p: %p", (accept, expected) => {
    expect(acceptedJsonMediaType(accept)).toBe(expected);
  });
});

describe("the valid documents it keeps", () => {
  test("a document is parsed once and then found by its text; an invalid one is not kept", () => {
    const { documentCache: documents } = parseCaches();
    const validDocument = validDocuments(documents);
    const first = validDocument(VEHICLES);
    expect(first).not.toBeNull();
    expect(validDocument(VEHICLES)).toBe(first!);
    const held = documents.calculatedSize;
    expect(held).toBeGreaterThan(0);
    expect(validDocument("{ vehicles { idd } }")).toBeNull();
    expect(validDocument("{ vehicles { id ")).toBeNull();
    expect(documents.calculatedSize).toBe(held);
  });

  test("clients choose the texts, so what is kept has a bound: 100 large documents stay within it", () => {
    const { documentCache: documents } = parseCaches();
    const validDocument = validDocuments(documents);
    // Each is valid and about 700 tokens (past some 750 repeated fields graphql's overlapping-fields
    // rule runs out of its budget and refuses), some 270 KB of syntax tree: 27 MB if all were kept.
    const dense = (i: number) => `{ vehicles { a${i}: id ${"id ".repeat(700)} } }`;
    for (let i = 0; i < 100; i++) expect(validDocument(dense(i))).not.toBeNull();
    expect(documents.calculatedSize).toBeLessThanOrEqual(DOCUMENT_CACHE_BYTES);
    expect(documents.calculatedSize).toBeGreaterThan(DOCUMENT_CACHE_BYTES / 2);
    // The latest is still kept; the earliest was let go.
    const latest = validDocument(dense(99));
    expect(validDocument(dense(99))).toBe(latest!);
    const before = documents.calculatedSize;
    validDocument(dense(0));
    expect(documents.calculatedSize).toBeLessThanOrEqual(DOCUMENT_CACHE_BYTES);
    expect(validDocument(dense(0))).not.toBeNull();
    expect(before).toBeGreaterThan(0);
  });
});

describe("yoga's own caches of what it parses have the same bound", () => {
  test("GET requests of 100 large distinct documents, and 100 large bodies that do not parse", async () => {
    const caches = parseCaches();
    const bounded = createGraphQL(services, [], caches);
    const viewer = await viewerOf(request({ method: "GET" }));
    for (let i = 0; i < 100; i++) {
      const query = encodeURIComponent(`{ vehicles { a${i}: id ${"id ".repeat(700)} } }`);
      const answer = await bounded.fetch(request({ method: "GET", search: `?query=${query}` }), { viewer });
      expect(answer.status).toBe(200);
    }
    expect(caches.documentCache.calculatedSize).toBeLessThanOrEqual(DOCUMENT_CACHE_BYTES);
    expect(caches.documentCache.calculatedSize).toBeGreaterThan(DOCUMENT_CACHE_BYTES / 2);
    for (let i = 0; i < 100; i++) {
      const answer = await bounded.fetch(request({ body: JSON.stringify({ query: `{ vehicles { id ${i} ${"x".repeat(30_000)}` }) }), { viewer });
      expect(((await answer.json()) as { errors: { message: string }[] }).errors[0]!.message).toStartWith("Syntax Error");
    }
    expect(caches.errorCache.size).toBeGreaterThan(0);
    expect(caches.errorCache.calculatedSize).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
