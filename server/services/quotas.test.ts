// Issue 18: one account cannot take the whole fleet or fill the disk. Over real HTTP on SQLite
// and PostgreSQL, with the operator's default limits (the harness lifts them for other tests).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bookingQuote, DEFAULT_BOOKING_LIMITS, QUOTA_MESSAGES } from "#domain";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle, type TestCustomer } from "../testing/bookings";
import { GENEROUS_LIMITS, graphql, startTestServer, type TestServer } from "../testing/harness";
import { newAdmin, newBooking, newDealershipWithToken, uploadPhoto } from "../testing/admin";
import { runHousekeeping } from "./housekeeping";
import { createBooking } from "./bookings";
import { TOO_MANY_ATTEMPTS } from "./rate-limit";

/** The operator's defaults: every limit the harness lifts, put back. */
const DEFAULTS = Object.fromEntries(Object.keys(GENEROUS_LIMITS).map((key) => [key, ""])) as Record<string, string>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ...DEFAULTS });
  await addDemoServiceArea(server.services);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
const book = (
  who: TestCustomer,
  vehicle: { id: string; category: "small" | "medium" | "large"; transmission: "manual" | "automatic" },
  from: number,
  to: number,
  address?: string,
) =>
  call(server.url, "POST", "/api/bookings", {
    body: bookingRequest(vehicle, capeTown(from), capeTown(to)),
    auth: { ...who.auth, ...(address ? { "x-forwarded-for": address } : {}) },
  });

describe("booking limits per account (defaults: 2 active, none overlapping, 30 days)", () => {
  test("the hoarding pattern (many cars, one account, a year each) stops at the limit with the reason", async () => {
    expect(server.services.config.bookingLimits).toEqual(DEFAULT_BOOKING_LIMITS);
    const hoarder = await newCustomer(server.services);
    const cars = [];
    for (let i = 0; i < 6; i++) cars.push(await newVehicle(server.services));
    const year = await book(hoarder, cars[0]!, 2, 367);
    expect([year.status, year.body.message]).toEqual([400, QUOTA_MESSAGES.tooLong(30)]);
    // Machine-readable, so a client can say what to do: which account limit refused it.
    expect([year.body.reason, year.body.limit]).toEqual(["account_limit", "rental_too_long"]);
    const answers = [];
    for (const [i, car] of cars.entries()) answers.push(await book(hoarder, car, 2 + i * 31, 32 + i * 31));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 409, 409, 409, 409]);
    expect(answers[2]!.body).toMatchObject({ message: QUOTA_MESSAGES.tooMany(2), code: "CONFLICT", reason: "account_limit", limit: "active_bookings" });
    // GraphQL says the same in the error's extensions.
    const gql = await graphql(
      server.url,
      `mutation ($input: CreateBookingInput!) { createBooking(input: $input) { id } }`,
      { input: bookingRequest(cars[5]!, capeTown(300), capeTown(301)) },
      hoarder.auth,
    );
    expect(gql.body.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "account_limit", limit: "active_bookings" });
    expect(await db().booking.count({ where: { userId: hoarder.id } })).toBe(2);
  });

  test("one car at a time: an overlapping second booking is refused; after a cancellation the slot is free again", async () => {
    const rider = await newCustomer(server.services);
    const [a, b] = [await newVehicle(server.services), await newVehicle(server.services)];
    const first = await book(rider, a, 5, 8);
    expect(first.status).toBe(201);
    const overlapping = await book(rider, b, 7, 9);
    expect([overlapping.status, overlapping.body.message, overlapping.body.limit]).toEqual([409, QUOTA_MESSAGES.overlap, "overlapping_booking"]);
    const later = await book(rider, b, 8, 10); // back to back: the first is returned at 10:00 on day 8
    expect(later.status).toBe(201);
    const third = await book(rider, a, 20, 21);
    expect(third.status).toBe(409);
    expect((await call(server.url, "PUT", `/api/bookings/${first.body.id}/cancel`, { auth: rider.auth })).status).toBe(200);
    expect((await book(rider, a, 20, 21)).status).toBe(201);
  });

  test("a change may not make two of one account's bookings overlap; a booking may overlap its own old dates", async () => {
    const rider = await newCustomer(server.services);
    const [a, b] = [await newVehicle(server.services, { category: "medium" }), await newVehicle(server.services, { category: "medium" })];
    const first = await book(rider, a, 5, 8);
    const second = await book(rider, b, 12, 14);
    expect([first.status, second.status]).toEqual([201, 201]);
    const change = (id: string, from: number, to: number) => {
      const quote = bookingQuote("medium", capeTown(from), capeTown(to));
      const input = { pickupDate: capeTown(from).toISOString(), returnDate: capeTown(to).toISOString(), totalAmount: quote.total, duration: quote.days };
      return graphql(
        server.url,
        `mutation ($id: ID!, $input: BookingChangeInput!) { changeBooking(id: $id, input: $input) { pickupDate returnDate } }`,
        { id, input },
        rider.auth,
      );
    };
    const onto = await change(second.body.id, 7, 9);
    expect(onto.body.errors?.[0]).toMatchObject({
      message: QUOTA_MESSAGES.overlap,
      extensions: { code: "CONFLICT", reason: "account_limit", limit: "overlapping_booking" },
    });
    expect(await db().booking.findUniqueOrThrow({ where: { id: second.body.id } })).toMatchObject({ pickupDate: capeTown(12), returnDate: capeTown(14) });
    const itself = await change(first.body.id, 6, 9);
    expect(itself.body.errors).toBeUndefined();
    expect(itself.body.data.changeBooking).toEqual({ pickupDate: capeTown(6).toISOString(), returnDate: capeTown(9).toISOString() });
  });

  test("the quote refuses a change or an extension into another of the account's bookings, in the confirm's words, before the tap", async () => {
    const QUOTE = `query($id: ID!, $input: BookingChangeInput!) { bookingChangeQuote(id: $id, input: $input) { total } }`;
    const CHANGE = `mutation($id: ID!, $input: BookingChangeInput!) { changeBooking(id: $id, input: $input) { returnDate } }`;
    const EXTEND_QUOTE = `query($id: ID!, $returnDate: String!) { tripExtensionQuote(id: $id, returnDate: $returnDate) { total } }`;
    const EXTEND = `mutation($id: ID!, $input: TripExtensionInput!) { extendTrip(id: $id, input: $input) { returnDate } }`;
    const refusal = { message: QUOTA_MESSAGES.overlap, extensions: { code: "CONFLICT", reason: "account_limit", limit: "overlapping_booking" } };
    const unchanged = async (id: string) => ({
      booking: await db().booking.findUniqueOrThrow({ where: { id } }),
      changes: await db().bookingChange.count({ where: { bookingId: id } }),
    });

    // A change: the return moved into the account's next booking (another car, free for those days).
    const rider = await newCustomer(server.services);
    const first = (await book(rider, await newVehicle(server.services), 5, 8)).body;
    expect((await book(rider, await newVehicle(server.services), 10, 12)).status).toBe(201);
    const before = await unchanged(first.id);
    const input = { returnDate: capeTown(11).toISOString() };
    const quoted = await graphql(server.url, QUOTE, { id: first.id, input }, rider.auth);
    expect(quoted.body.errors?.[0]).toMatchObject(refusal);
    const confirmed = await graphql(server.url, CHANGE, { id: first.id, input }, rider.auth);
    expect(confirmed.body.errors?.[0]).toMatchObject(refusal);
    expect(await unchanged(first.id)).toEqual(before);
    // Up to the next booking is fine.
    expect((await graphql(server.url, QUOTE, { id: first.id, input: { returnDate: capeTown(9).toISOString() } }, rider.auth)).body.errors).toBeUndefined();

    // An extension: the trip on the road, extended into the account's next booking (another car).
    const driver = await newCustomer(server.services);
    const trip = (await book(driver, await newVehicle(server.services), 2, 4)).body;
    expect((await book(driver, await newVehicle(server.services), 6, 8)).status).toBe(201);
    await db().booking.update({ where: { id: trip.id }, data: { status: "in_progress", pickupDate: new Date(Date.now() - 3_600_000) } });
    const tripBefore = await unchanged(trip.id);
    const extendQuote = await graphql(server.url, EXTEND_QUOTE, { id: trip.id, returnDate: capeTown(7).toISOString() }, driver.auth);
    expect(extendQuote.body.errors?.[0]).toMatchObject(refusal);
    const extended = await graphql(server.url, EXTEND, { id: trip.id, input: { returnDate: capeTown(7).toISOString() } }, driver.auth);
    expect(extended.body.errors?.[0]).toMatchObject(refusal);
    expect(await unchanged(trip.id)).toEqual(tripBefore);
    expect((await graphql(server.url, EXTEND_QUOTE, { id: trip.id, returnDate: capeTown(5).toISOString() }, driver.auth)).body.errors).toBeUndefined();

    // The same rule, not a copy: an account an admin allows to hold two cars is quoted, and may confirm.
    await db().user.update({ where: { id: rider.id }, data: { allowOverlappingBookings: true } });
    const allowed = await graphql(server.url, QUOTE, { id: first.id, input }, rider.auth);
    expect(allowed.body.errors).toBeUndefined();
    const made = await graphql(server.url, CHANGE, { id: first.id, input: { ...input, totalAmount: allowed.body.data.bookingChangeQuote.total } }, rider.auth);
    expect(made.body.errors).toBeUndefined();
  });

  test("parallel requests from one account cannot pass the limit together (20 at once, 20 cars)", async () => {
    const rider = await newCustomer(server.services);
    const cars = [];
    for (let i = 0; i < 20; i++) cars.push(await newVehicle(server.services));
    const answers = await Promise.all(cars.map((car, i) => book(rider, car, 40 + i * 3, 41 + i * 3)));
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBe(2);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 || a.status === 429)).toBe(true);
    expect(await db().booking.count({ where: { userId: rider.id, status: { in: ["pending", "confirmed", "in_progress"] } } })).toBe(2);
  });

  test("an admin's override: more active bookings, overlapping allowed, a longer rental", async () => {
    const fleetManager = await newCustomer(server.services);
    await db().user.update({ where: { id: fleetManager.id }, data: { maxActiveBookings: 4, allowOverlappingBookings: true, maxRentalDays: 90 } });
    const cars = [];
    for (let i = 0; i < 5; i++) cars.push(await newVehicle(server.services));
    const answers = [];
    for (const car of cars) answers.push(await book(fleetManager, car, 100, 160));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 409]);
  });

  test("a customer reads their own limits and how many active bookings they hold, before they book", async () => {
    const MINE = `{ myBookingLimits { maxActive maxDays allowOverlap active } }`;
    const customer = await newCustomer(server.services);
    const mine = async () => (await graphql(server.url, MINE, {}, customer.auth)).body.data.myBookingLimits;
    expect(await mine()).toEqual({ maxActive: 2, maxDays: 30, allowOverlap: false, active: 0 });
    const first = await book(customer, await newVehicle(server.services), 3, 5);
    const second = await book(customer, await newVehicle(server.services), 10, 12);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await mine()).toEqual({ maxActive: 2, maxDays: 30, allowOverlap: false, active: 2 });
    // A cancelled booking no longer counts; an admin's overrides are what the customer is shown.
    expect((await call(server.url, "PUT", `/api/bookings/${first.body.id}/cancel`, { auth: customer.auth })).status).toBe(200);
    await db().user.update({ where: { id: customer.id }, data: { maxActiveBookings: 5, maxRentalDays: 60 } });
    expect(await mine()).toEqual({ maxActive: 5, maxDays: 60, allowOverlap: false, active: 1 });
    // Only a customer has limits of their own.
    expect((await graphql(server.url, MINE, {})).body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const admin = await newAdmin(server.services);
    expect((await graphql(server.url, MINE, {}, admin.auth)).body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("booking attempts are rate-limited per account and per address", () => {
  test(`past ${20} attempts an hour from one account: 429 with the reason, nothing written`, async () => {
    const rider = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const answers = [];
    // Refused attempts count too (the period is too long): a script cannot probe for free.
    for (let i = 0; i < 21; i++) answers.push(await book(rider, car, 200, 300, `198.51.100.${i + 1}`));
    expect(answers.slice(0, 20).every((a) => a.status === 400)).toBe(true);
    expect([answers[20]!.status, answers[20]!.body.message, answers[20]!.body.reason, answers[20]!.body.limit]).toEqual([
      429,
      TOO_MANY_ATTEMPTS,
      "account_limit",
      "booking_rate",
    ]);
    expect(await db().booking.count({ where: { userId: rider.id } })).toBe(0);
  });

  // A booking made is counted in its own transaction, any other attempt apart; the outcome is as if
  // every attempt were counted first (rate-limit.ts bookingAttempt).
  describe("with 3 attempts an hour per account", () => {
    let strict: TestServer;
    beforeAll(async () => {
      strict = await startTestServer({ ...DEFAULTS, BOOKING_ATTEMPTS_PER_HOUR: "3" });
      await addDemoServiceArea(strict.services);
    });
    afterAll(async () => {
      await strict?.close();
    });
    const bookOn = (who: TestCustomer, car: Parameters<typeof bookingRequest>[0], from: number) =>
      call(strict.url, "POST", "/api/bookings", { body: bookingRequest(car, capeTown(from), capeTown(from + 1)), auth: who.auth });
    const countOf = async (userId: string) => (await strict.services.db.rateLimit.findUnique({ where: { key: `booking:account:${userId}` } }))?.count ?? 0;
    const roomy = async () => {
      const rider = await newCustomer(strict.services);
      await strict.services.db.user.update({ where: { id: rider.id }, data: { maxActiveBookings: 10 } });
      return rider;
    };

    test("bookings made count: the fourth attempt is refused whether the first three were made or refused, and each attempt counts once", async () => {
      const rider = await roomy();
      const car = await newVehicle(strict.services);
      const made = [await bookOn(rider, car, 10), await bookOn(rider, car, 12), await bookOn(rider, car, 14)];
      expect(made.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(await countOf(rider.id)).toBe(3);
      const fourth = await bookOn(rider, car, 16);
      expect([fourth.status, fourth.body.limit]).toEqual([429, "booking_rate"]);
      expect(await strict.services.db.booking.count({ where: { userId: rider.id } })).toBe(3);

      const mixed = await roomy();
      const taken = await bookOn(mixed, car, 10); // the car is booked then: 409, counted
      const madeToo = await bookOn(mixed, car, 20);
      expect([taken.status, madeToo.status]).toEqual([409, 201]);
      expect(await countOf(mixed.id)).toBe(2);
      const third = await bookOn(mixed, car, 22);
      expect(third.status).toBe(201);
      expect((await bookOn(mixed, car, 24)).status).toBe(429);
      expect(await countOf(mixed.id)).toBe(4);
    });

    test("8 valid attempts at once on 8 cars: 3 bookings made, 5 refused with 429, every attempt counted", async () => {
      const rider = await roomy();
      const cars = [];
      for (let i = 0; i < 8; i++) cars.push(await newVehicle(strict.services));
      const answers = await Promise.all(cars.map((car, i) => bookOn(rider, car, 30 + i * 2)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
      expect(await strict.services.db.booking.count({ where: { userId: rider.id } })).toBe(3);
      expect(await countOf(rider.id)).toBe(8);
    });

    test("attempts that all pass the check before any commits: the booking's own count refuses the fourth and rolls it back", async () => {
      const rider = await roomy();
      const cars = [];
      for (let i = 0; i < 6; i++) cars.push(await newVehicle(strict.services));
      const viewer = { kind: "customer" as const, userId: rider.id, sessionId: "s", clientAddress: "203.0.113.9" };
      // Called in one turn of the event loop: each checks the count (none yet) before any books.
      const answers = await Promise.all(
        cars.map((car, i) =>
          createBooking(strict.services, viewer, bookingRequest(car, capeTown(60 + i * 2), capeTown(61 + i * 2))).then(
            () => "made",
            (error: { code?: string; accountLimit?: string }) => `${error.code}:${error.accountLimit}`,
          ),
        ),
      );
      expect(answers.filter((a) => a === "made")).toHaveLength(3);
      expect(answers.filter((a) => a === "TOO_MANY_REQUESTS:booking_rate")).toHaveLength(3);
      expect(await strict.services.db.booking.count({ where: { userId: rider.id } })).toBe(3);
      expect(await countOf(rider.id)).toBe(6);
    });
  });
});

describe("uploads per account", () => {
  test("the quota (20 photos) holds: the 21st upload link is refused with the reason, nothing stored", async () => {
    const rider = await newCustomer(server.services);
    for (let i = 0; i < 20; i++) await uploadPhoto(server.url, rider.auth, "profile_picture");
    const refused = await call(server.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth });
    expect([refused.status, refused.body.message, refused.body.limit]).toEqual([409, QUOTA_MESSAGES.uploadsFull(20, 100), "upload_quota"]);
    expect(await db().storedObject.count({ where: { ownerId: rider.id } })).toBe(20);
  });

  test("the bytes quota holds too, checked when the photo arrives (the link stays usable)", async () => {
    const small = await startTestServer({ ...DEFAULTS, UPLOAD_QUOTA_MB: "1" });
    try {
      const rider = await newCustomer(small.services);
      const { default: sharp } = await import("sharp");
      // Noise does not compress: about 0.9 MB as a JPEG.
      const noisy = async () =>
        sharp(Buffer.from(crypto.getRandomValues(new Uint8Array(1200 * 900 * 3))), { raw: { width: 1200, height: 900, channels: 3 } })
          .jpeg({ quality: 95 })
          .toBuffer();
      const put = async () => {
        const ticket = await call(small.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth });
        expect(ticket.status).toBe(200);
        return fetch(new URL(ticket.body.uploadURL, small.url), { method: "PUT", body: await noisy() });
      };
      expect((await put()).status).toBe(200);
      const second = await put();
      expect(second.status).toBe(409);
      expect(((await second.json()) as { message: string }).message).toBe(QUOTA_MESSAGES.uploadsFull(20, 1));
      expect(await small.services.db.storedObject.count({ where: { ownerId: rider.id, status: "stored" } })).toBe(1);
    } finally {
      await small.close();
    }
  });

  test("admins and dealerships (fleet and stock photos) are neither counted nor refused by the quota or the rate limit", async () => {
    const tight = await startTestServer({ ...DEFAULTS, UPLOAD_QUOTA_FILES: "2", UPLOADS_PER_HOUR: "3" });
    try {
      const admin = await newAdmin(tight.services);
      const dealership = await newDealershipWithToken(tight.services);
      for (const staff of [admin, dealership]) {
        for (let i = 0; i < 4; i++) await uploadPhoto(tight.url, staff.auth, "vehicle_photo");
        expect(await tight.services.db.storedObject.count({ where: { ownerId: staff.id, status: "stored" } })).toBe(4);
      }
      // A customer on the same server still stops at 2.
      const rider = await newCustomer(tight.services);
      for (let i = 0; i < 2; i++) await uploadPhoto(tight.url, rider.auth, "profile_picture");
      const refused = await call(tight.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth });
      expect(refused.status).toBe(409);
    } finally {
      await tight.close();
    }
  });

  test("the upload rate limit holds (UPLOADS_PER_HOUR)", async () => {
    const limited = await startTestServer({ ...DEFAULTS, UPLOADS_PER_HOUR: "3" });
    try {
      const rider = await newCustomer(limited.services);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await call(limited.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth })).status);
      expect(answers).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("housekeeping", () => {
  test("removes expired links, crashed uploads and unused photos past the grace period; never a photo in use", async () => {
    const rider = await newCustomer(server.services);
    const inUse = await uploadPhoto(server.url, rider.auth, "profile_picture");
    const onVehicle = await uploadPhoto(server.url, rider.auth, "profile_picture");
    const unused = await uploadPhoto(server.url, rider.auth, "profile_picture");
    const fresh = await uploadPhoto(server.url, rider.auth, "profile_picture");
    await db().user.update({ where: { id: rider.id }, data: { profilePicture: inUse.objectPath } });
    const car = await newVehicle(server.services);
    await db().vehicleImage.create({ data: { vehicleId: car.id, url: onVehicle.objectPath } });
    const idOf = (path: string) => path.split("/").pop()!;
    // Stored two days ago (past the 24 h grace), except `fresh`.
    const old = new Date(Date.now() - 48 * 3_600_000);
    await db().storedObject.updateMany({ where: { id: { in: [inUse, onVehicle, unused].map((u) => idOf(u.objectPath)) } }, data: { storedAt: old } });
    const link = await call(server.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth });
    await db().storedObject.update({ where: { id: idOf(link.body.objectPath) }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const crashed = await call(server.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth });
    await db().storedObject.update({
      where: { id: idOf(crashed.body.objectPath) },
      data: { status: "processing", expiresAt: new Date(Date.now() - 2 * 3_600_000) },
    });

    const result = await runHousekeeping(server.services);
    expect(result.ran).toBe(true);
    expect(result.expiredLinks).toBeGreaterThanOrEqual(1);
    expect(result.stuckUploads).toBeGreaterThanOrEqual(1);
    const remaining = new Set((await db().storedObject.findMany({ where: { ownerId: rider.id }, select: { id: true } })).map((r) => r.id));
    expect(remaining.has(idOf(inUse.objectPath))).toBe(true);
    expect(remaining.has(idOf(onVehicle.objectPath))).toBe(true);
    expect(remaining.has(idOf(fresh.objectPath))).toBe(true);
    expect(remaining.has(idOf(unused.objectPath))).toBe(false);
    expect(remaining.has(idOf(link.body.objectPath))).toBe(false);
    expect(remaining.has(idOf(crashed.body.objectPath))).toBe(false);
    // The unused photo's bytes are gone; the ones in use are still served.
    expect((await fetch(`${server.url}${unused.objectPath}`)).status).toBe(404);
    expect((await fetch(`${server.url}${inUse.objectPath}`)).status).toBe(200);
    expect(existsSync(join(server.services.config.dataDir, "objects", "uploads", idOf(unused.objectPath)))).toBe(false);
  });

  test("keeps a handover's photos and signature past the grace period, and sweeps upload files no row names once older than an hour, never a younger one", async () => {
    const rider = await newCustomer(server.services);
    const photo = await uploadPhoto(server.url, rider.auth, "profile_picture");
    const signature = await uploadPhoto(server.url, rider.auth, "profile_picture");
    const idOf = (path: string) => path.split("/").pop()!;
    const booking = await newBooking(server.services, { userId: rider.id, status: "completed", fromDay: -5, toDay: -3 });
    const job = await db().handoverJob.create({ data: { bookingId: booking.id, kind: "collection", state: "done", signaturePath: signature.objectPath } });
    await db().handoverPhoto.create({ data: { jobId: job.id, slot: "front", path: photo.objectPath } });
    await db().storedObject.updateMany({
      where: { id: { in: [photo, signature].map((u) => idOf(u.objectPath)) } },
      data: { storedAt: new Date(Date.now() - 48 * 3_600_000) },
    });

    // Files nobody names: a stopped seeding's photo and a writer's half file, two hours old; one
    // written a minute ago (its row may be on its way). A pending link's file is named by its row.
    const folder = join(server.services.config.dataDir, "objects", "uploads");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const aged = (name: string, at: Date) => {
      writeFileSync(join(folder, name), "not a photo");
      utimesSync(join(folder, name), at, at);
      return name;
    };
    const stray = aged(crypto.randomUUID(), twoHoursAgo);
    const half = aged(`${crypto.randomUUID()}.part`, twoHoursAgo);
    const young = aged(crypto.randomUUID(), new Date(Date.now() - 60_000));
    const link = await call(server.url, "POST", "/api/objects/upload", { body: { purpose: "profile_picture" }, auth: rider.auth });
    const linked = aged(idOf(link.body.objectPath), twoHoursAgo);
    // The handover's files are old too: named by their rows, they stay.
    for (const u of [photo, signature]) utimesSync(join(folder, idOf(u.objectPath)), twoHoursAgo, twoHoursAgo);

    const result = await runHousekeeping(server.services);
    expect(result.unreferencedFiles).toBe(2);
    const left = new Set(readdirSync(folder));
    expect([stray, half].filter((f) => left.has(f))).toEqual([]);
    expect([young, linked, idOf(photo.objectPath), idOf(signature.objectPath)].filter((f) => !left.has(f))).toEqual([]);
    const kept = await db().storedObject.findMany({ where: { id: { in: [photo, signature].map((u) => idOf(u.objectPath)) } }, select: { id: true } });
    expect(kept).toHaveLength(2);
    // Its bytes are still served.
    expect((await fetch(`${server.url}${photo.objectPath}`)).status).toBe(200);
  });

  test("rentals-cli maintenance run does the same by hand and reports it", async () => {
    const proc = Bun.spawn([process.execPath, "cli/main.ts", "maintenance", "run", "--json"], {
      cwd: join(import.meta.dir, "..", ".."),
      env: {
        ...process.env,
        DATA_DIR: server.services.config.dataDir,
        DATABASE_URL: server.database.databaseUrl ?? `file:${join(server.services.config.dataDir, "capedrive.db")}`,
        TOKEN_SECRET: "x".repeat(40),
        LOG_LEVEL: "silent",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ ran: true, expiredLinks: expect.any(Number), unusedPhotos: expect.any(Number) });
  });
});

describe("admins: a customer's holdings, their limits, and cancelling a hoarder's bookings", () => {
  test("activity shows active bookings and uploads; one action cancels the bookings not yet started (audited, emailed); overrides take effect", async () => {
    const admin = await newAdmin(server.services);
    const hoarder = await newCustomer(server.services);
    const [a, b] = [await newVehicle(server.services), await newVehicle(server.services)];
    expect((await book(hoarder, a, 60, 62)).status).toBe(201);
    expect((await book(hoarder, b, 63, 65)).status).toBe(201);
    await uploadPhoto(server.url, hoarder.auth, "profile_picture");

    const activity = await call(server.url, "GET", `/api/admin/customers/${hoarder.id}/activity`, { auth: admin.auth });
    expect(activity.status).toBe(200);
    expect(activity.body.activeBookings.map((x: { vehicleId: string }) => x.vehicleId)).toEqual([a.id, b.id]);
    expect(activity.body.uploads.files).toBe(1);
    expect(activity.body.limits).toEqual(DEFAULT_BOOKING_LIMITS);

    // Customers cannot see or do any of it.
    expect((await call(server.url, "GET", `/api/admin/customers/${hoarder.id}/activity`, { auth: hoarder.auth })).status).toBe(403);
    expect((await call(server.url, "POST", `/api/admin/customers/${hoarder.id}/cancel-bookings`, { auth: hoarder.auth })).status).toBe(403);

    const cancelled = await graphql(
      server.url,
      `mutation($id: ID!) { cancelCustomerBookings(id: $id) { cancelled activity { activeBookings { id } } } }`,
      { id: hoarder.id },
      admin.auth,
    );
    expect(cancelled.body.data.cancelCustomerBookings).toEqual({ cancelled: 2, activity: { activeBookings: [] } });
    expect(await db().booking.count({ where: { userId: hoarder.id, status: "cancelled" } })).toBe(2);
    expect(await db().auditLog.count({ where: { action: "booking.cancel_for_customer", actorId: admin.id } })).toBe(2);
    expect(await db().emailOutbox.count({ where: { to: hoarder.email, subject: { contains: "cancelled" } } })).toBe(2);

    const bad = await call(server.url, "PUT", `/api/admin/customers/${hoarder.id}/limits`, {
      body: { maxActiveBookings: 0, maxRentalDays: null, allowOverlappingBookings: false },
      auth: admin.auth,
    });
    expect(bad.status).toBe(400);
    const set = await call(server.url, "PUT", `/api/admin/customers/${hoarder.id}/limits`, {
      body: { maxActiveBookings: 3, maxRentalDays: 60, allowOverlappingBookings: true },
      auth: admin.auth,
    });
    expect([set.status, set.body.limits]).toEqual([200, { maxActive: 3, maxDays: 60, allowOverlap: true }]);
    expect(await db().auditLog.count({ where: { action: "customer.set_limits", entityId: hoarder.id } })).toBe(1);
    const cars = [await newVehicle(server.services), await newVehicle(server.services), await newVehicle(server.services), await newVehicle(server.services)];
    const answers = [];
    for (const car of cars) answers.push((await book(hoarder, car, 70, 120)).status);
    expect(answers).toEqual([201, 201, 201, 409]);
  });
});

describe("first booking approval (BOOKING_FIRST_NEEDS_APPROVAL=true)", () => {
  test("a new account's first booking is pending (its car held), later ones are confirmed; approving emails the confirmation", async () => {
    const approving = await startTestServer({ ...DEFAULTS, BOOKING_FIRST_NEEDS_APPROVAL: "true" });
    try {
      const admin = await newAdmin(approving.services);
      const rider = await newCustomer(approving.services);
      const [a, b] = [await newVehicle(approving.services), await newVehicle(approving.services)];
      const first = await call(approving.url, "POST", "/api/bookings", { body: bookingRequest(a, capeTown(5), capeTown(6)), auth: rider.auth });
      expect([first.status, first.body.status]).toEqual([201, "pending"]);
      const waiting = await call(approving.url, "GET", "/api/admin/bookings?status=pending", { auth: admin.auth });
      expect(waiting.body.total ?? waiting.body.length).toBe(1);
      // Its car is held while it waits.
      const other = await newCustomer(approving.services);
      expect((await call(approving.url, "POST", "/api/bookings", { body: bookingRequest(a, capeTown(5), capeTown(6)), auth: other.auth })).status).toBe(409);
      const second = await call(approving.url, "POST", "/api/bookings", { body: bookingRequest(b, capeTown(8), capeTown(9)), auth: rider.auth });
      expect([second.status, second.body.status]).toEqual([201, "confirmed"]);
      const approved = await call(approving.url, "PUT", `/api/admin/bookings/${first.body.id}/status`, { body: { status: "confirmed" }, auth: admin.auth });
      expect([approved.status, approved.body.status]).toEqual([200, "confirmed"]);
      const subjects = (await approving.services.db.emailOutbox.findMany({ where: { to: rider.email }, orderBy: { createdAt: "asc" } })).map((m) => m.subject);
      expect(subjects[0]).toContain("received");
      expect(subjects.filter((s) => s.includes("confirmed")).length).toBe(2);
    } finally {
      await approving.close();
    }
  });
});
