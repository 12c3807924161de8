// Idempotent booking creates over real HTTP (REST's Idempotency-Key header, GraphQL's
// idempotencyKey) against the real server and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): a create repeated with its key (its answer lost on a poor connection) answers
// the booking the key made, with no second booking, email or invoice and no second count against
// the booking rate limit; a key reused for another request is a 422 that changes nothing; a key
// opens only its own customer's bookings; repeats racing each other make one booking; a malformed
// key is a 400.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { IDEMPOTENCY_KEY_MESSAGE } from "#domain";
import { bookingRequest, capeTown, newCustomer, newVehicle, type TestCustomer } from "../testing/bookings";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { AppError } from "../errors";
import { BOOKING_MESSAGES, createOrReplayBooking } from "./bookings";

let server: TestServer;
let customer: TestCustomer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await newCustomer(server.services);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;

type Answer = { status: number; body: any; replayed: string | null };

/** POST /api/bookings with `key` in the Idempotency-Key header (none when undefined). */
async function post(body: unknown, key: string | undefined, who: TestCustomer = customer): Promise<Answer> {
  const headers: Record<string, string> = { ...who.auth, "content-type": "application/json" };
  if (key !== undefined) headers["idempotency-key"] = key;
  const response = await fetch(`${server.url}/api/bookings`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), replayed: response.headers.get("idempotent-replayed") };
}

const CREATE = `mutation($input: CreateBookingInput!) { createBooking(input: $input) { id status pickupDate vehicle { id } } }`;
const gqlCreate = (input: Record<string, unknown>, who: TestCustomer = customer) => graphql(server.url, CREATE, { input }, who.auth);

/** Everything a create writes: bookings, emails (confirmations and reminders), invoices. */
const writes = async () => ({
  bookings: await db().booking.count(),
  emails: await db().emailOutbox.count(),
  invoices: await db().invoice.count(),
});

/** The emails sent at once (a confirmation; scheduled reminders have a topic) to the customer. */
const confirmations = () => db().emailOutbox.count({ where: { topic: null, to: { contains: customer.email } } });

/** How many booking attempts the customer's hourly counter holds. */
async function attemptsCounted(who: TestCustomer): Promise<number> {
  const row = await db().rateLimit.findUnique({ where: { key: `booking:account:${who.id}` } });
  return row?.count ?? 0;
}

describe("REST POST /api/bookings with an Idempotency-Key", () => {
  test("the same key twice: 201, then 200 with the same booking (Idempotent-Replayed); one booking, one email, one invoice, one attempt counted", async () => {
    const vehicle = await newVehicle(server.services, { category: "medium" });
    const key = crypto.randomUUID();
    const request = bookingRequest(vehicle, capeTown(3), capeTown(5));
    const before = await writes();
    const attemptsBefore = await attemptsCounted(customer);
    const confirmationsBefore = await confirmations();

    const first = await post(request, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const afterFirst = await writes();
    // What one booking writes here: itself, its confirmation (and any reminders), its invoice.
    expect(afterFirst.bookings).toBe(before.bookings + 1);
    expect(afterFirst.invoices).toBe(before.invoices + 1);
    expect(afterFirst.emails).toBeGreaterThan(before.emails);

    const second = await post(request, key);
    expect(second.status).toBe(200);
    expect(second.replayed).toBe("true");
    expect(second.body.id).toBe(first.body.id);
    // The normal success shape: the same booking, as GET /api/bookings/:id would write it.
    expect(second.body).toEqual(first.body);
    expect(await writes()).toEqual(afterFirst);
    expect(await confirmations()).toBe(confirmationsBefore + 1);
    expect(await db().invoice.count({ where: { bookingId: first.body.id } })).toBe(1);
    // The repeat was answered before the rate limit counted anything.
    expect(await attemptsCounted(customer)).toBe(attemptsBefore + 1);

    const row = await db().booking.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(row.idempotencyKey).toBe(key);
    expect(row.idempotencyRequest).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test("the same key asking for other dates, or another car: 422 with a clear message, nothing changed", async () => {
    const vehicle = await newVehicle(server.services, { category: "small" });
    const other = await newVehicle(server.services, { category: "small" });
    const key = crypto.randomUUID();
    const first = await post(bookingRequest(vehicle, capeTown(10), capeTown(12)), key);
    expect(first.status).toBe(201);
    const stored = await db().booking.findUniqueOrThrow({ where: { id: first.body.id } });
    const before = await writes();
    const attemptsBefore = await attemptsCounted(customer);

    for (const changed of [
      bookingRequest(vehicle, capeTown(10), capeTown(13)),
      bookingRequest(vehicle, capeTown(20), capeTown(22)),
      bookingRequest(other, capeTown(10), capeTown(12)),
      bookingRequest(vehicle, capeTown(10), capeTown(12), { returnLocation: "V&A Waterfront, Cape Town" }),
    ]) {
      const answer = await post(changed, key);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: "This request was already used for another booking. Please review your booking and confirm again.",
        code: "UNPROCESSABLE_CONTENT",
        fieldErrors: { idempotencyKey: BOOKING_MESSAGES.keyReused },
      });
    }
    expect(await writes()).toEqual(before);
    expect(await db().booking.findUniqueOrThrow({ where: { id: first.body.id } })).toEqual(stored);
    expect(await attemptsCounted(customer)).toBe(attemptsBefore);
  });

  test("another customer's key never matches: the same key from two customers makes two bookings", async () => {
    const vehicle = await newVehicle(server.services);
    const other = await newCustomer(server.services);
    const key = crypto.randomUUID();
    const mine = await post(bookingRequest(vehicle, capeTown(30), capeTown(31)), key);
    // The same request from someone else: their own booking attempt (the car is taken: 409)...
    const theirs = await post(bookingRequest(vehicle, capeTown(30), capeTown(31)), key, other);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(BOOKING_MESSAGES.vehicleTaken);
    // ...and for other dates, a booking of their own with the same key.
    const theirsLater = await post(bookingRequest(vehicle, capeTown(32), capeTown(33)), key, other);
    expect(theirsLater.status).toBe(201);
    expect(theirsLater.body.id).not.toBe(mine.body.id);
    expect(await db().booking.count({ where: { idempotencyKey: key } })).toBe(2);
    expect(new Set((await db().booking.findMany({ where: { idempotencyKey: key } })).map((b) => b.userId))).toEqual(new Set([customer.id, other.id]));
  });

  test("without a key, the same request twice is two attempts: the second is refused as before (409)", async () => {
    const vehicle = await newVehicle(server.services);
    const request = bookingRequest(vehicle, capeTown(40), capeTown(41));
    expect((await post(request, undefined)).status).toBe(201);
    const again = await post(request, undefined);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BOOKING_MESSAGES.vehicleTaken);
  });

  test("a malformed key: 400 naming the rule, nothing written", async () => {
    const vehicle = await newVehicle(server.services);
    const request = bookingRequest(vehicle, capeTown(44), capeTown(45));
    const before = await writes();
    for (const key of ["", "too-short", "has spaces in the key", "a".repeat(101), "key/with/slashes/0001", "key%20encoded-00001"]) {
      const answer = await post(request, key);
      expect([key, answer.status]).toEqual([key, 400]);
      expect(answer.body).toEqual({ message: IDEMPOTENCY_KEY_MESSAGE, code: "BAD_USER_INPUT", fieldErrors: { idempotencyKey: IDEMPOTENCY_KEY_MESSAGE } });
    }
    expect(await writes()).toEqual(before);
    // 16 to 100 safe characters that are not a UUID are a key too.
    expect((await post(request, "client-42:draft_7.a")).status).toBe(201);
  });

  test("ten repeats at once with one key: one booking, one invoice, every answer the same booking (one 201, the rest 200)", async () => {
    const vehicle = await newVehicle(server.services, { category: "large" });
    const key = crypto.randomUUID();
    const request = bookingRequest(vehicle, capeTown(50), capeTown(53));
    const before = await writes();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(request, key)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const id = answers[0]!.body.id;
    expect(await db().booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
    expect(await db().invoice.count({ where: { bookingId: id } })).toBe(1);
    const after = await writes();
    expect(after.bookings).toBe(before.bookings + 1);
    expect(after.invoices).toBe(before.invoices + 1);
  });

  test("repeats at once with one key for different cars: one booking, the others 422", async () => {
    const cars = await Promise.all(Array.from({ length: 6 }, () => newVehicle(server.services, { category: "medium" })));
    const key = crypto.randomUUID();
    const answers = await Promise.all(cars.map((car) => post(bookingRequest(car, capeTown(60), capeTown(61)), key)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await db().booking.count({ where: { userId: customer.id, idempotencyKey: key } })).toBe(1);
    expect(await db().booking.count({ where: { vehicleId: { in: cars.map((c) => c.id) } } })).toBe(1);
  });

  test("the key's booking since changed or cancelled: a repeat still answers that booking as it is now, and books nothing", async () => {
    const vehicle = await newVehicle(server.services);
    const spare = await newVehicle(server.services);
    const key = crypto.randomUUID();
    const request = bookingRequest(vehicle, capeTown(70), capeTown(72));
    const first = await post(request, key);
    expect(first.status).toBe(201);
    // An admin moves it to another car: the repeat asks for what the key's create asked for.
    await db().booking.update({ where: { id: first.body.id }, data: { vehicleId: spare.id } });
    const moved = await post(request, key);
    expect([moved.status, moved.body.id, moved.body.vehicleId]).toEqual([200, first.body.id, spare.id]);
    // Cancelled: the key still names it (the app shows the booking it has); the free car is not booked again by the repeat.
    await db().booking.update({ where: { id: first.body.id }, data: { status: "cancelled" } });
    const before = await writes();
    const cancelled = await post(request, key);
    expect([cancelled.status, cancelled.body.id, cancelled.body.status]).toEqual([200, first.body.id, "cancelled"]);
    expect(await writes()).toEqual(before);
  });
});

describe("GraphQL createBooking with idempotencyKey", () => {
  test("the same key twice: the same booking, one booking, one invoice, no further email", async () => {
    const vehicle = await newVehicle(server.services, { category: "medium" });
    const input = { ...bookingRequest(vehicle, capeTown(80), capeTown(82)), idempotencyKey: crypto.randomUUID() };
    const first = await gqlCreate(input);
    expect(first.body.errors).toBeUndefined();
    const id = first.body.data.createBooking.id;
    const before = await writes();
    const second = await gqlCreate(input);
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data).toEqual(first.body.data);
    expect(await writes()).toEqual(before);
    expect(await db().booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
    expect(await db().invoice.count({ where: { bookingId: id } })).toBe(1);
  });

  test("a REST key and a GraphQL key are one: a create over GraphQL repeated over REST answers the same booking", async () => {
    const vehicle = await newVehicle(server.services);
    const key = crypto.randomUUID();
    const request = bookingRequest(vehicle, capeTown(84), capeTown(85));
    const first = await gqlCreate({ ...request, idempotencyKey: key });
    const again = await post(request, key);
    expect([again.status, again.body.id]).toEqual([200, first.body.data.createBooking.id]);
  });

  test("the same key with other dates: UNPROCESSABLE_CONTENT, nothing changed; a malformed key: BAD_USER_INPUT", async () => {
    const vehicle = await newVehicle(server.services);
    const key = crypto.randomUUID();
    await gqlCreate({ ...bookingRequest(vehicle, capeTown(90), capeTown(91)), idempotencyKey: key });
    const before = await writes();
    const other = await gqlCreate({ ...bookingRequest(vehicle, capeTown(92), capeTown(93)), idempotencyKey: key });
    expect(other.body.data).toBeNull();
    expect(other.body.errors?.[0]).toMatchObject({ message: BOOKING_MESSAGES.keyReused, extensions: { code: "UNPROCESSABLE_CONTENT" } });
    const bad = await gqlCreate({ ...bookingRequest(vehicle, capeTown(94), capeTown(95)), idempotencyKey: "x" });
    expect(bad.body.errors?.[0]).toMatchObject({
      message: IDEMPOTENCY_KEY_MESSAGE,
      extensions: { code: "BAD_USER_INPUT", fieldErrors: { idempotencyKey: IDEMPOTENCY_KEY_MESSAGE } },
    });
    expect(await writes()).toEqual(before);
  });

  test("two customers with the same key: two bookings", async () => {
    const a = await newVehicle(server.services);
    const b = await newVehicle(server.services);
    const other = await newCustomer(server.services);
    const key = crypto.randomUUID();
    const mine = await gqlCreate({ ...bookingRequest(a, capeTown(100), capeTown(101)), idempotencyKey: key });
    const theirs = await gqlCreate({ ...bookingRequest(b, capeTown(100), capeTown(101)), idempotencyKey: key }, other);
    expect(mine.body.errors).toBeUndefined();
    expect(theirs.body.errors).toBeUndefined();
    expect(theirs.body.data.createBooking.id).not.toBe(mine.body.data.createBooking.id);
  });

  test("eight repeats at once with one key: one booking, every answer that booking", async () => {
    const vehicle = await newVehicle(server.services, { category: "large" });
    const input = { ...bookingRequest(vehicle, capeTown(110), capeTown(112)), idempotencyKey: crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 8 }, () => gqlCreate(input)));
    expect(answers.flatMap((a) => a.body.errors ?? [])).toEqual([]);
    expect(new Set(answers.map((a) => a.body.data.createBooking.id)).size).toBe(1);
    expect(await db().booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
    expect(await db().invoice.count({ where: { bookingId: answers[0]!.body.data.createBooking.id } })).toBe(1);
  });
});

describe("GraphQL myBookingByIdempotencyKey (the app's check after a reload)", () => {
  const QUERY = `query($key: String!) { myBookingByIdempotencyKey(idempotencyKey: $key) { id status } }`;

  test("the booking the customer's key made; null for a key that made none or is another customer's; a bad key is BAD_USER_INPUT", async () => {
    const vehicle = await newVehicle(server.services);
    const other = await newCustomer(server.services);
    const key = crypto.randomUUID();
    const made = await post(bookingRequest(vehicle, capeTown(140), capeTown(141)), key);
    expect(made.status).toBe(201);

    const mine = await graphql(server.url, QUERY, { key }, customer.auth);
    expect(mine.body).toEqual({ data: { myBookingByIdempotencyKey: { id: made.body.id, status: "confirmed" } } });
    expect((await graphql(server.url, QUERY, { key }, other.auth)).body).toEqual({ data: { myBookingByIdempotencyKey: null } });
    expect((await graphql(server.url, QUERY, { key: crypto.randomUUID() }, customer.auth)).body).toEqual({ data: { myBookingByIdempotencyKey: null } });
    const bad = await graphql(server.url, QUERY, { key: "short" }, customer.auth);
    expect(bad.body.errors?.[0]).toMatchObject({ message: IDEMPOTENCY_KEY_MESSAGE, extensions: { code: "BAD_USER_INPUT" } });
    const anonymous = await graphql(server.url, QUERY, { key });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("repeats racing the first, in one process (past the customer's read before any of them commits)", () => {
  const viewerOf = (who: TestCustomer) => ({ kind: "customer" as const, userId: who.id, sessionId: "s", clientAddress: "test" });

  test("the same request: the car's lock makes them take turns, and each after the first finds the key's booking there", async () => {
    const vehicle = await newVehicle(server.services, { category: "medium" });
    const key = crypto.randomUUID();
    const request = bookingRequest(vehicle, capeTown(120), capeTown(121));
    const before = await writes();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => createOrReplayBooking(server.services, viewerOf(customer), request, { idempotencyKey: key })),
    );
    expect(outcomes.map((o) => o.replayed).sort()).toEqual([false, true, true, true, true, true]);
    expect(new Set(outcomes.map((o) => o.booking.id)).size).toBe(1);
    const after = await writes();
    expect([after.bookings - before.bookings, after.invoices - before.invoices]).toEqual([1, 1]);
  });

  test("other cars with the key: one booking; the rest find the key's booking under the customer's lock and are refused (422)", async () => {
    const cars = await Promise.all(Array.from({ length: 4 }, () => newVehicle(server.services)));
    const key = crypto.randomUUID();
    const outcomes = await Promise.allSettled(
      cars.map((car) => createOrReplayBooking(server.services, viewerOf(customer), bookingRequest(car, capeTown(130), capeTown(131)), { idempotencyKey: key })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value.replayed)).toEqual([false]);
    for (const refused of outcomes.filter((o) => o.status === "rejected")) {
      expect(refused.reason).toBeInstanceOf(AppError);
      expect([refused.reason.code, refused.reason.message]).toEqual(["UNPROCESSABLE_CONTENT", BOOKING_MESSAGES.keyReused]);
    }
    expect(await db().booking.count({ where: { userId: customer.id, idempotencyKey: key } })).toBe(1);
  });
});
