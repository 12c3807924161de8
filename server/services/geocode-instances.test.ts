// The geocoder's budget and cache are shared by every instance through the database: two app
// instances on one database and the loopback Nominatim stand-in. Lookups spread over both never
// arrive at the stand-in faster than GEOCODER_REQUESTS_PER_SECOND in total, and an answer one
// instance looked up is answered by the other without asking the stand-in again.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../boot";
import { call, newCustomer, type TestCustomer } from "../testing/bookings";
import { startTestServer, testConfig, type TestServer } from "../testing/harness";
import { startNominatimStandIn, type NominatimStandIn } from "../testing/nominatim";

const RATE = 4; // requests a second, both instances together
let nominatim: NominatimStandIn;
let a: TestServer;
let b: RunningServer;
let rider: TestCustomer;

beforeAll(async () => {
  nominatim = startNominatimStandIn();
  const env = { GEOCODER_URL: nominatim.url, GEOCODER_REQUESTS_PER_SECOND: String(RATE) };
  a = await startTestServer(env);
  b = await startServer(testConfig(a.database, env), { print: () => {} });
  rider = await newCustomer(a.services);
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
  await nominatim?.close();
});

test(`12 different lookups at once, alternating between A and B: all answered, at most ${RATE} a second reach the geocoder`, async () => {
  // One lookup through each first, so no connection set-up delays an arrival in the burst.
  for (const server of [a, b]) expect((await call(server.url, "GET", "/api/geocode/search?q=Airport", { auth: rider.auth })).status).toBe(200);
  const before = nominatim.requests.length;
  const lookups = Array.from({ length: 12 }, (_, i) => {
    const server = i % 2 === 0 ? a : b;
    // Different points (so nothing is shared through the cache), all near Long Street.
    return call(server.url, "GET", `/api/geocode/reverse?lat=${(-33.9249 - i * 0.001).toFixed(4)}&lon=18.4241`, { auth: rider.auth });
  });
  const answers = await Promise.all(lookups);
  expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  const arrivals = nominatim.requests
    .slice(before)
    .map((request) => request.at)
    .sort((x, y) => x - y);
  expect(arrivals).toHaveLength(12);
  const interval = 1_000 / RATE;
  // Starts are claimed 250 ms apart; an arrival comes some tens of milliseconds after its start, or
  // later when a loaded machine stalls a process (two arrivals then come close together: seen
  // 0.1 ms apart), hence one slot of tolerance. Budgets per instance would let A's and B's requests
  // through in pairs: 5 within half a second, and all 12 within about 1.25 s.
  // In any second, at most RATE requests: the first and the (RATE+1)th of any run are a second apart.
  for (let i = 0; i + RATE < arrivals.length; i++) expect(arrivals[i + RATE]! - arrivals[i]!).toBeGreaterThanOrEqual(1_000 - interval);
  // ...and the 12 took about 11 slots: not much fewer, not much more.
  const spread = arrivals.at(-1)! - arrivals[0]!;
  expect(spread).toBeGreaterThanOrEqual(11 * interval - 2 * interval);
  expect(spread).toBeLessThan(11 * interval + 1_000);
}, 20_000);

test("an answer looked up through A is answered by B from the shared cache, without asking the geocoder", async () => {
  const before = nominatim.requests.length;
  const fromA = await call(a.url, "GET", "/api/geocode/search?q=Dorp%20Street", { auth: rider.auth });
  expect(fromA.status).toBe(200);
  expect(nominatim.requests.length).toBe(before + 1);
  // The same lookup, typed differently (case and spaces are normalised), through B.
  const fromB = await call(b.url, "GET", "/api/geocode/search?q=%20dorp%20%20STREET", { auth: rider.auth });
  expect(fromB).toEqual(fromA);
  expect(fromB.body[0].address.city).toBe("Stellenbosch");
  expect(nominatim.requests.length).toBe(before + 1);
});
