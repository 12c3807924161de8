// How a large JSON answer leaves (server/http-send.ts): made after the request's turn of the event
// loop, it is sent as the same bytes in a one-chunk stream; made within it, or small, or to a HEAD,
// as it was. Over real HTTP: the admin booking page (about 1 KB an entry) arrives whole and equal
// to what a second call reads, chunked on PostgreSQL (its reads answer in a later turn) and with
// its Content-Length on SQLite (turns not counted); SQLite with TEST_DATABASE_URL unset.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { currentTurn, largeResponse, sendable, STREAMED_FROM_BYTES, UNCOUNTED } from "./http-send";
import { caller, newAdmin, newBooking, newCustomerWithToken, type TestActor } from "./testing/admin";
import { startTestServer, type TestServer } from "./testing/harness";

setDefaultTimeout(60_000);

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const largeText = JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ i, city: "Cape Town", note: "Kaapstad" })) });

test("a large answer made in a later turn is streamed: same status, headers and bytes", async () => {
  expect(largeText.length).toBeGreaterThan(STREAMED_FROM_BYTES);
  const arrivedIn = currentTurn();
  await nextTurn();
  const made = largeResponse(largeText, { status: 201, headers: { "content-type": "application/json", "x-total-count": "400" } });
  const sent = await sendable(made, arrivedIn, "GET");
  expect(sent).not.toBe(made);
  expect([...sent.headers.keys()].sort()).toEqual(["content-type", "x-total-count"]);
  expect(sent.status).toBe(201);
  expect(sent.headers.get("x-total-count")).toBe("400");
  expect(await sent.text()).toBe(largeText);
});

test("answers made within the request's turn, uncounted, small, to HEAD or not made by largeResponse are sent as they are, without the mark", async () => {
  const sameTurn = largeResponse(largeText, { headers: { "content-type": "application/json" } });
  expect(sendable(sameTurn, currentTurn(), "GET")).toBe(sameTurn);
  expect([...sameTurn.headers.keys()]).toEqual(["content-type"]);
  const uncounted = largeResponse(largeText, { headers: { "content-type": "application/json" } });
  await nextTurn();
  expect(sendable(uncounted, UNCOUNTED, "GET")).toBe(uncounted);
  const arrivedIn = currentTurn();
  await nextTurn();
  const small = largeResponse('{"ok":true}', { headers: { "content-type": "application/json" } });
  expect(sendable(small, arrivedIn, "GET")).toBe(small);
  const head = largeResponse(largeText, { headers: { "content-type": "application/json" } });
  expect(sendable(head, arrivedIn, "HEAD")).toBe(head);
  const other = new Response(largeText, { headers: { "content-type": "application/json" } });
  expect(sendable(other, arrivedIn, "GET")).toBe(other);
});

let server: TestServer;
let admin: TestActor;
beforeAll(async () => {
  server = await startTestServer();
  admin = await newAdmin(server.services);
  const customer = await newCustomerWithToken(server.services);
  for (let i = 0; i < 30; i++) await newBooking(server.services, { userId: customer.id, fromDay: 3 + i, toDay: 4 + i });
});
afterAll(async () => {
  await server?.close();
});

test("the admin booking page over HTTP: whole and parsed alike; chunked where the database answered in a later turn", async () => {
  const call = caller(() => server.url);
  const response = await fetch(`${server.url}/api/admin/bookings?limit=30`, { headers: admin.auth });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text.length).toBeGreaterThan(STREAMED_FROM_BYTES);
  const page = JSON.parse(text);
  expect(page).toHaveLength(30);
  expect(response.headers.get("x-total-count")).toBe("30");
  expect(response.headers.has("x-capedrive-large-body")).toBe(false);
  // PostgreSQL's reads answer in a later turn; on SQLite turns are not counted and answers leave as they are.
  const chunked = response.headers.get("transfer-encoding") === "chunked";
  expect(chunked).toBe(server.services.provider === "postgresql");
  if (!chunked) expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(text));
  // The same answer as any other way of asking (a second call, read by the test's caller).
  expect((await call("GET", "/api/admin/bookings?limit=30", { auth: admin.auth })).body).toEqual(page);
});
