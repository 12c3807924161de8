// Geocoding through a Nominatim stand-in on loopback: the requests we send (jsonv2, South Africa,
// English, an identifying User-Agent), at most one a second, the cache, input validation, sign-in,
// and clear 502/503 answers when the geocoder fails, over REST and GraphQL.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../config";
import { AppError } from "../errors";
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from "#domain";
import { newAdmin } from "../testing/admin";
import { call, newCustomer, type TestCustomer } from "../testing/bookings";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { startNominatimStandIn, type NominatimStandIn } from "../testing/nominatim";
import { issueApiKey } from "./api-keys";
import { createGeocoder, GEOCODE_MESSAGES, reverseGeocode, searchAddresses } from "./geocode";

const PUBLIC_URL = "https://capedrive.example";

let nominatim: NominatimStandIn;
let server: TestServer;
let rider: TestCustomer;
beforeAll(async () => {
  nominatim = startNominatimStandIn();
  server = await startTestServer({ GEOCODER_URL: `${nominatim.url}/`, PUBLIC_URL });
  rider = await newCustomer(server.services);
});
afterAll(async () => {
  await server?.close();
  await nominatim?.close();
});
beforeEach(() => {
  nominatim.mode = "ok";
  nominatim.delayMs = 0;
});

const get = (path: string, auth: Record<string, string> = rider.auth) => call(server.url, "GET", path, { auth });
const viewer = () => ({ kind: "customer" as const, userId: rider.id, sessionId: "s", clientAddress: "test" });
/**
 * A geocoder of our own on the test server's services, without the 1-second spacing unless asked,
 * and with a budget and cache of its own (the shared ones are named by the geocoder's URL).
 */
const fastGeocoder = (options: Parameters<typeof createGeocoder>[1] = {}) =>
  createGeocoder(server.services, { intervalMs: 0, scope: crypto.randomUUID(), ...options });

describe("reverse geocoding over REST", () => {
  test("the address at a point; the request is jsonv2, English, with CapeDrive's User-Agent", async () => {
    const before = nominatim.requests.length;
    const { status, body } = await get("/api/geocode/reverse?lat=-33.92491&lon=18.42412");
    expect(status).toBe(200);
    expect(body).toEqual({
      displayName: "Long Street, Cape Town City Centre, Cape Town, City of Cape Town, Western Cape, 8001, South Africa",
      lat: -33.9249,
      lon: 18.4241,
      coordinates: "-33.9249,18.4241",
      address: { road: "Long Street", suburb: "Cape Town City Centre", city: "Cape Town", postcode: "8001", country: "South Africa", countryCode: "za" },
    });
    expect(nominatim.requests.length).toBe(before + 1);
    const sent = nominatim.requests.at(-1)!;
    expect(sent.path).toBe("/reverse"); // the configured URL's trailing slash is dropped
    expect(sent.params.get("format")).toBe("jsonv2");
    expect(sent.params.get("lat")).toBe("-33.92491");
    expect(sent.params.get("lon")).toBe("18.42412");
    expect(sent.params.get("accept-language")).toBe("en");
    expect(sent.userAgent).toBe(`CapeDrive/0.1 (+${PUBLIC_URL})`);
  });

  test("the same point again is answered from the cache (no second upstream request)", async () => {
    const before = nominatim.requests.length;
    for (let i = 0; i < 3; i++) expect((await get("/api/geocode/reverse?lat=-33.92491&lon=18.42412")).status).toBe(200);
    // A fix a few centimetres away rounds to the same key.
    expect((await get("/api/geocode/reverse?lat=-33.924911&lon=18.424121")).status).toBe(200);
    expect(nominatim.requests.length).toBe(before);
  });

  test("a point with no address: 404 'No address was found for this location'", async () => {
    const { status, body } = await get("/api/geocode/reverse?lat=-40.5&lon=10.25");
    expect([status, body]).toEqual([404, { message: GEOCODE_MESSAGES.noAddress, code: "NOT_FOUND" }]);
  });

  test("bad coordinates: 400 with the field's message, and nothing sent upstream", async () => {
    const before = nominatim.requests.length;
    const cases: [string, string, string][] = [
      ["", "lat", GEOCODE_MESSAGES.latitude],
      ["lat=-33.9", "lon", GEOCODE_MESSAGES.longitude],
      ["lat=abc&lon=18.4", "lat", GEOCODE_MESSAGES.latitude],
      ["lat=-91&lon=18.4", "lat", GEOCODE_MESSAGES.latitude],
      ["lat=90.0001&lon=18.4", "lat", GEOCODE_MESSAGES.latitude],
      ["lat=-33.9&lon=180.5", "lon", GEOCODE_MESSAGES.longitude],
      ["lat=-33.9&lon=Infinity", "lon", GEOCODE_MESSAGES.longitude],
      ["lat=&lon=", "lat", GEOCODE_MESSAGES.latitude],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await get(`/api/geocode/reverse?${query}`);
      expect([query, status, body.fieldErrors?.[field]]).toEqual([query, 400, message]);
    }
    expect(nominatim.requests.length).toBe(before);
  });

  test("not signed in: 401, nothing sent upstream", async () => {
    const before = nominatim.requests.length;
    expect((await get("/api/geocode/reverse?lat=-33.9715&lon=18.6021", {})).status).toBe(401);
    expect((await get("/api/geocode/search?q=Dorp", {})).status).toBe(401);
    expect(nominatim.requests.length).toBe(before);
  });

  test("an API key looks up only with bookings:write (setting a booking's point); any other key is refused (403), nothing sent upstream", async () => {
    const admin = await newAdmin(server.services);
    const keyWith = async (permissions: ApiKeyPermission[]) => ({
      "x-api-key": (await issueApiKey(server.services, { kind: "admin", adminId: admin.id, sessionId: "s", clientAddress: "t" }, { name: "k", permissions }))
        .key,
    });
    const others = await keyWith(API_KEY_PERMISSIONS.filter((p) => p !== "bookings:write"));
    const before = nominatim.requests.length;
    for (const path of ["/api/geocode/reverse?lat=-33.9716&lon=18.6022", "/api/geocode/search?q=Plein"]) {
      const answer = await get(path, others);
      expect([path, answer.status, answer.body.message]).toEqual([path, 403, "This API key does not have the bookings:write permission"]);
    }
    for (const query of ["{ reverseGeocode(lat: -33.9716, lon: 18.6022) { coordinates } }", '{ geocodeSearch(q: "Plein") { coordinates } }']) {
      const answer = await graphql(server.url, query, undefined, others);
      expect([query, answer.body.errors?.[0]?.extensions?.code, answer.body.errors?.[0]?.message]).toEqual([
        query,
        "FORBIDDEN",
        "This API key does not have the bookings:write permission",
      ]);
    }
    expect(nominatim.requests.length).toBe(before);
    const writer = await keyWith(["bookings:write"]);
    expect((await get("/api/geocode/search?q=Plein", writer)).status).toBe(200);
  });
});

describe("address search over REST", () => {
  test("places in South Africa, English, at most 5", async () => {
    const { status, body } = await get(`/api/geocode/search?q=${encodeURIComponent("  Dorp   Street ")}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      displayName: expect.stringContaining("Dorp Street, Stellenbosch"),
      coordinates: "-33.938,18.859",
      address: { city: "Stellenbosch", countryCode: "za" },
    });
    const sent = nominatim.requests.at(-1)!;
    expect(sent.path).toBe("/search");
    expect(Object.fromEntries(sent.params)).toMatchObject({ format: "jsonv2", q: "Dorp Street", countrycodes: "za", "accept-language": "en", limit: "5" });
    expect(sent.userAgent).toBe(`CapeDrive/0.1 (+${PUBLIC_URL})`);
  });

  test("no match is an empty list (and is cached too, case-insensitively)", async () => {
    const before = nominatim.requests.length;
    expect((await get("/api/geocode/search?q=Atlantis")).body).toEqual([]);
    expect((await get("/api/geocode/search?q=ATLANTIS")).body).toEqual([]);
    expect(nominatim.requests.length).toBe(before + 1);
  });

  test("blank or too long text: 400, nothing sent upstream", async () => {
    const before = nominatim.requests.length;
    for (const [query, message] of [
      ["", GEOCODE_MESSAGES.query],
      ["q=%20%20", GEOCODE_MESSAGES.query],
      [`q=${"a".repeat(201)}`, GEOCODE_MESSAGES.queryTooLong],
    ] as const) {
      const { status, body } = await get(`/api/geocode/search?${query}`);
      expect([status, body.message]).toEqual([400, message]);
    }
    expect(nominatim.requests.length).toBe(before);
  });
});

describe("at most one upstream request a second (all instances together: geocode-instances.test.ts)", () => {
  test("three different lookups at once start at least a second apart, and all succeed", async () => {
    const before = nominatim.requests.length;
    const answers = await Promise.all([
      get("/api/geocode/reverse?lat=-33.9715&lon=18.6021"),
      get("/api/geocode/search?q=Airport"),
      get("/api/geocode/reverse?lat=-33.938&lon=18.859"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const times = nominatim.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(3);
    // Starts are spaced 1000 ms apart on our side; the first request's connection set-up can shift
    // its arrival by some tens of milliseconds, hence the tolerance on arrival times.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(1_900);
  });

  test("identical lookups at once share one upstream request", async () => {
    const geocoder = fastGeocoder();
    nominatim.delayMs = 100;
    const results = await Promise.all(Array.from({ length: 5 }, () => geocoder.search("Long Street")));
    expect(geocoder.upstreamRequests).toBe(1);
    for (const r of results) expect(r[0]?.address.road).toBe("Long Street");
  });

  test("a caller who would wait longer than the limit is refused at once with 503 busy", async () => {
    const geocoder = createGeocoder(server.services, { intervalMs: 1_000, maxWaitMs: 1_500, scope: crypto.randomUUID() });
    const started = performance.now();
    const results = await Promise.allSettled(["a", "b", "c", "d"].map((q) => geocoder.search(`Long Street ${q}`)));
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as AppError);
    // Slots at 0 s, 1 s and ~2 s... the third would wait 2 s > 1.5 s: refused, and so is the fourth.
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(2);
    expect(refused.map((e) => [e.code, e.message])).toEqual([
      ["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.busy],
      ["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.busy],
    ]);
    expect(geocoder.upstreamRequests).toBe(2);
    expect(performance.now() - started).toBeLessThan(1_900);
  });
});

describe("the cache", () => {
  test("bounded: past the limit, the answers stored first go first", async () => {
    const geocoder = fastGeocoder({ cacheSize: 2 });
    await geocoder.search("Long Street");
    await geocoder.search("Dorp Street");
    await geocoder.search("Long Street"); // hit
    expect(geocoder.upstreamRequests).toBe(2);
    await geocoder.search("Airport"); // evicts Long Street, the oldest
    await geocoder.search("Dorp Street");
    expect(geocoder.upstreamRequests).toBe(3);
    await geocoder.search("Long Street");
    expect(geocoder.upstreamRequests).toBe(4);
  });

  test("answers expire after their time to live", async () => {
    // A second long enough that the repeat lands inside it on a loaded machine (50 ms did not, once).
    const geocoder = fastGeocoder({ cacheTtlMs: 1_000 });
    await geocoder.reverse(-33.9249, 18.4241);
    await geocoder.reverse(-33.9249, 18.4241);
    expect(geocoder.upstreamRequests).toBe(1);
    await Bun.sleep(1_100);
    await geocoder.reverse(-33.9249, 18.4241);
    expect(geocoder.upstreamRequests).toBe(2);
  });

  test("failures are not cached: the next call asks again", async () => {
    const geocoder = fastGeocoder();
    nominatim.mode = "error500";
    await expect(geocoder.search("Long Street")).rejects.toThrow(GEOCODE_MESSAGES.unavailable);
    nominatim.mode = "ok";
    expect((await geocoder.search("Long Street")).length).toBe(1);
    expect(geocoder.upstreamRequests).toBe(2);
  });
});

describe("when the geocoder fails", () => {
  const failure = async (mode: NominatimStandIn["mode"], geocoder = fastGeocoder()) => {
    nominatim.mode = mode;
    const error = (await geocoder.reverse(-33.9249, 18.4241).catch((e) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    return [error.code, error.message];
  };

  test("HTTP 500 or 429 from the geocoder: 503 unavailable", async () => {
    expect(await failure("error500")).toEqual(["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.unavailable]);
    expect(await failure("rateLimited")).toEqual(["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.unavailable]);
  });

  test("an answer that is not JSON, or not the expected shape: 502", async () => {
    expect(await failure("html")).toEqual(["BAD_GATEWAY", GEOCODE_MESSAGES.badAnswer]);
    expect(await failure("badShape")).toEqual(["BAD_GATEWAY", GEOCODE_MESSAGES.badAnswer]);
    nominatim.mode = "badShape";
    await expect(fastGeocoder().search("Long Street")).rejects.toThrow(GEOCODE_MESSAGES.badAnswer);
  });

  test("no answer within the timeout: 503", async () => {
    const started = performance.now();
    expect(await failure("hang", fastGeocoder({ timeoutMs: 300 }))).toEqual(["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.unavailable]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("the geocoder cannot be reached at all: 503", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = closed.port;
    await closed.stop(true);
    const services = { ...server.services, config: { ...server.services.config, geocoderUrl: `http://127.0.0.1:${port}` } };
    const error = (await reverseGeocode(services, viewer(), { lat: -33.9, lon: 18.4 }, createGeocoder(services, { intervalMs: 0 })).catch(
      (e) => e,
    )) as AppError;
    expect([error.code, error.message]).toEqual(["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.unavailable]);
  });

  test("over HTTP: 503 and 502 JSON answers with the message (never a 500), and the default 5 s timeout", async () => {
    nominatim.mode = "error500";
    expect(await get("/api/geocode/reverse?lat=-33.95&lon=18.45")).toEqual({
      status: 503,
      body: { message: GEOCODE_MESSAGES.unavailable, code: "SERVICE_UNAVAILABLE" },
    });
    nominatim.mode = "html";
    expect(await get("/api/geocode/search?q=Bree")).toEqual({ status: 502, body: { message: GEOCODE_MESSAGES.badAnswer, code: "BAD_GATEWAY" } });
    nominatim.mode = "hang";
    const started = performance.now();
    expect((await get("/api/geocode/search?q=Loop")).status).toBe(503);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(4_900);
    expect(waited).toBeLessThan(8_000);
  }, 20_000);
});

describe("GraphQL", () => {
  test("reverseGeocode and geocodeSearch answer the same as REST; null when no address; codes on failure", async () => {
    const reverse = `query($lat: Float!, $lon: Float!) { reverseGeocode(lat: $lat, lon: $lon) { displayName coordinates address { city countryCode } } }`;
    const ok = await graphql(server.url, reverse, { lat: -33.9249, lon: 18.4241 }, rider.auth);
    expect(ok.body).toEqual({
      data: {
        reverseGeocode: {
          displayName: expect.stringContaining("Long Street"),
          coordinates: "-33.9249,18.4241",
          address: { city: "Cape Town", countryCode: "za" },
        },
      },
    });
    const nothing = await graphql(server.url, reverse, { lat: -40.5, lon: 10.25 }, rider.auth);
    expect(nothing.body).toEqual({ data: { reverseGeocode: null } });
    const bad = await graphql(server.url, reverse, { lat: 95, lon: 18 }, rider.auth);
    expect([bad.body.errors?.[0]?.extensions?.code, bad.body.errors?.[0]?.message]).toEqual(["BAD_USER_INPUT", GEOCODE_MESSAGES.latitude]);
    const anonymous = await graphql(server.url, reverse, { lat: -33.9249, lon: 18.4241 });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const search = `query($q: String!) { geocodeSearch(q: $q) { displayName lat lon } }`;
    const found = await graphql(server.url, search, { q: "Dorp Street" }, rider.auth);
    expect(found.body).toEqual({ data: { geocodeSearch: [{ displayName: expect.stringContaining("Dorp Street"), lat: -33.938, lon: 18.859 }] } });
    nominatim.mode = "error500";
    const down = await graphql(server.url, search, { q: "Kloof Street" }, rider.auth);
    expect(down.status).toBeLessThan(500);
    expect([down.body.errors?.[0]?.extensions?.code, down.body.errors?.[0]?.message]).toEqual(["SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.unavailable]);
  });

  test("the service functions refuse anonymous viewers before anything else", async () => {
    const anonymous = { kind: "anonymous" as const, clientAddress: "test" };
    await expect(searchAddresses(server.services, anonymous, { q: "Long" })).rejects.toThrow("Please sign in");
    await expect(reverseGeocode(server.services, anonymous, { lat: "x" })).rejects.toThrow("Please sign in");
  });
});

describe("GEOCODER_URL", () => {
  test("defaults to the public Nominatim; a trailing slash is dropped; a bad value stops the server naming the variable", () => {
    const base = { DATA_DIR: server.database.dataDir, TOKEN_SECRET: "x".repeat(40) };
    expect(loadConfig(base).geocoderUrl).toBe("https://nominatim.openstreetmap.org");
    expect(loadConfig({ ...base, GEOCODER_URL: "http://geo.internal:8080/nominatim/" }).geocoderUrl).toBe("http://geo.internal:8080/nominatim");
    for (const bad of ["nominatim", "ftp://geo.example"]) {
      expect(() => loadConfig({ ...base, GEOCODER_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, GEOCODER_URL: bad })).toThrow("GEOCODER_URL");
    }
  });
});
