// Admin bookings over real HTTP: the list entry shape (SPEC 3, with the dashboard's aliases),
// newest first and paged; status changes to any of the five (and reopening safely); vehicle
// assignment refused for an unavailable, wrong-kind or double-booked vehicle, and race-safe.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { BOOKING_STATUSES } from "#domain";
import { ADMIN_BOOKING_MESSAGES } from "../services/admin-bookings";
import { issueApiKey } from "../services/api-keys";
import { caller, expectRefusedUnchanged, newAdmin, newBooking, newCustomerWithToken, newFleetVehicle, type TestActor } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

// argon2id hashing and many HTTP calls per test: generous under a loaded CI machine.
setDefaultTimeout(60_000);

let server: TestServer;
let admin: TestActor;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  admin = await newAdmin(server.services);
});
afterAll(async () => {
  await server?.close();
});

const call = caller(() => server.url);
const services = () => server.services;
const db = () => server.services.db;
const as = () => admin.auth;

const ENTRY_KEYS = [
  "bookingNumber",
  "carCategory",
  "category",
  "createdAt",
  "deliveryCoordinates",
  "deliveryDateTime",
  "deliveryLocation",
  "deliveryVerified",
  "duration",
  "id",
  "pickupDate",
  "returnCoordinates",
  "returnDate",
  "returnLocation",
  "returnVerified",
  "specialRequests",
  "status",
  "totalAmount",
  "totalPrice",
  "transmission",
  "updatedAt",
  "user",
  "userId",
  "vehicle",
  "vehicleId",
].sort();

describe("GET /api/admin/bookings", () => {
  test("entries newest first with the customer and the optional vehicle; aliases; paging", async () => {
    const customer = await newCustomerWithToken(services(), { name: "Thandi Nomvula Nkosi", email: "thandi@example.com", phone: "082 123 4567" });
    const vehicle = await newFleetVehicle(services(), { plate: "CA 100-001" });
    const t0 = Date.now();
    const older = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, createdAt: new Date(t0 - 60_000) });
    const newer = await newBooking(services(), { userId: customer.id, category: "large", status: "pending", createdAt: new Date(t0) });

    const answer = await call("GET", "/api/admin/bookings", { auth: as() });
    expect(answer.status).toBe(200);
    expect(answer.body.slice(0, 2).map((b: any) => b.id)).toEqual([newer.id, older.id]);
    const [first, second] = answer.body;
    expect(Object.keys(first).sort()).toEqual(ENTRY_KEYS);
    expect(first).toMatchObject({
      status: "pending",
      category: "large",
      carCategory: "large",
      vehicle: null,
      vehicleId: null,
      totalAmount: "900.00",
      totalPrice: "900.00",
      duration: 2,
    });
    expect(first.deliveryDateTime).toBe(first.pickupDate);
    expect(first.bookingNumber).toBe(newer.id.slice(-8));
    expect(first.user).toEqual({
      id: customer.id,
      name: "Thandi Nomvula Nkosi",
      firstName: "Thandi",
      lastName: "Nomvula Nkosi",
      email: "thandi@example.com",
      phone: "082 123 4567",
    });
    expect(second.vehicle).toEqual({ id: vehicle.id, make: "Toyota", model: "Starlet", year: 2024, registrationNumber: "CA 100-001", dailyRate: "450.00" });
    expect(new Date(second.pickupDate).getTime()).toBe(older.pickupDate.getTime());
    expect(JSON.stringify(answer.body)).not.toContain("passwordHash");

    expect(answer.headers.get("x-total-count")).toBe(String(await db().booking.count()));
    const page = await call("GET", "/api/admin/bookings?limit=1&offset=1", { auth: as() });
    expect(page.body.map((b: any) => b.id)).toEqual([older.id]);
    const pending = await call("GET", "/api/admin/bookings?status=pending", { auth: as() });
    expect(pending.body.every((b: any) => b.status === "pending")).toBe(true);
    for (const query of ["status=done", "limit=1000", "offset=x"]) expect((await call("GET", `/api/admin/bookings?${query}`, { auth: as() })).status).toBe(400);
  });

  test("search: by booking number, the customer or the plate, over REST and GraphQL alike", async () => {
    const customer = await newCustomerWithToken(services(), { name: "Ayanda Dlamini-Search", email: "ayanda.search@example.com", phone: "083 765 4321" });
    const vehicle = await newFleetVehicle(services(), { plate: "CA 555-777" });
    const mine = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id });
    const hit = async (search: string) => {
      const answer = await call("GET", `/api/admin/bookings?search=${encodeURIComponent(search)}`, { auth: as() });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-total-count")).toBe(String(answer.body.length));
      return answer.body.map((b: any) => b.id);
    };
    for (const search of [
      "dlamini-search",
      "AYANDA.SEARCH@",
      "083 765 4321",
      "0837654321",
      "+27 83 765 4321",
      "ca 555-777",
      `#${mine.id.slice(-6).toUpperCase()}`,
      mine.id.slice(-8),
    ]) {
      expect(await hit(search)).toEqual([mine.id]);
    }
    expect(await hit("no such booking anywhere")).toEqual([]);
    expect((await call("GET", `/api/admin/bookings?search=${"x".repeat(101)}`, { auth: as() })).status).toBe(400);

    const answer = await graphql(
      server.url,
      `query ($q: String) { adminBookings(search: $q) { total items { id user { name } } } }`,
      { q: "Dlamini-Search" },
      as(),
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.adminBookings).toEqual({ total: 1, items: [{ id: mine.id, user: { name: "Ayanda Dlamini-Search" } }] });
  });

  test("search by car: every word matches its make, model or plate; plates without spaces and dashes", async () => {
    const customer = await newCustomerWithToken(services(), { name: "Lerato Car-Search" });
    const plain = await newFleetVehicle(services(), { plate: "CA 745-561" });
    const yaris = await db().vehicle.update({ where: { id: plain.id }, data: { make: "Toyota", model: "Yaris" } });
    const other = await newFleetVehicle(services(), { plate: "CA 745-569" });
    const mine = await newBooking(services(), { userId: customer.id, vehicleId: yaris.id });
    const theirs = await newBooking(services(), { userId: customer.id, vehicleId: other.id, fromDay: 10, toDay: 12 });
    const hit = async (search: string) => {
      const answer = await call("GET", `/api/admin/bookings?search=${encodeURIComponent(search)}`, { auth: as() });
      expect(answer.status).toBe(200);
      return answer.body.map((b: any) => b.id).sort();
    };
    for (const search of ["Toyota Yaris", "yaris", "CA745561", "745561", "ca 745-561", "toyota 745-561"]) expect(await hit(search)).toEqual([mine.id]);
    expect(await hit("CA 74556")).toEqual([mine.id, theirs.id].sort());
    expect(await hit("Yaris 745569")).toEqual([]);
    // The customer part still matches the whole text.
    expect(await hit("Lerato Car-Search")).toEqual([mine.id, theirs.id].sort());
  });

  test("GraphQL adminBookings", async () => {
    const answer = await graphql(
      server.url,
      `{ adminBookings(limit: 2) { total items { id bookingNumber carCategory totalPrice deliveryDateTime user { name firstName lastName email } vehicle { registrationNumber dailyRate } } } }`,
      {},
      as(),
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.adminBookings.total).toBe(await db().booking.count());
    expect(answer.body.data.adminBookings.items.length).toBeLessThanOrEqual(2);
  });
});

describe("PUT /api/admin/bookings/:id/status", () => {
  test("any of the five statuses, in any order; each change audited with before and after", async () => {
    const customer = await newCustomerWithToken(services());
    const booking = await newBooking(services(), { userId: customer.id });
    for (const status of ["completed", "pending", "in_progress", "cancelled", "confirmed"] as const) {
      const answer = await call("PUT", `/api/admin/bookings/${booking.id}/status`, { auth: as(), body: { status } });
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe(status);
      expect((await db().booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe(status);
    }
    const audits = await db().auditLog.findMany({ where: { entityId: booking.id, action: "booking.status" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [(a.before as any).status, (a.after as any).status])).toEqual([
      ["confirmed", "completed"],
      ["completed", "pending"],
      ["pending", "in_progress"],
      ["in_progress", "cancelled"],
      ["cancelled", "confirmed"],
    ]);
    expect(audits.every((a) => a.actorType === "admin" && a.actorId === admin.id)).toBe(true);
    // The same status again changes nothing and writes no audit row.
    expect((await call("PUT", `/api/admin/bookings/${booking.id}/status`, { auth: as(), body: { status: "confirmed" } })).status).toBe(200);
    expect(await db().auditLog.count({ where: { entityId: booking.id } })).toBe(5);
    expect(BOOKING_STATUSES).toHaveLength(5);
  });

  test("bad status, no status, unknown booking: refused, nothing changed", async () => {
    const customer = await newCustomerWithToken(services());
    const booking = await newBooking(services(), { userId: customer.id });
    for (const body of [{ status: "done" }, {}, { status: "" }, { status: 3 }]) {
      const answer = await expectRefusedUnchanged(
        services(),
        () => call("PUT", `/api/admin/bookings/${booking.id}/status`, { auth: as(), body }),
        400,
        "Please select a status",
      );
      expect(answer.body.fieldErrors.status).toBe("Please select a status");
    }
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/bookings/${crypto.randomUUID()}/status`, { auth: as(), body: { status: "completed" } }),
      404,
      "Booking not found",
    );
  });

  test("reopening a cancelled booking whose vehicle was booked meanwhile: 409; when free, fine", async () => {
    const customer = await newCustomerWithToken(services());
    const vehicle = await newFleetVehicle(services());
    const cancelled = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, status: "cancelled", fromDay: 3, toDay: 6 });
    const taker = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, fromDay: 5, toDay: 8 });
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/bookings/${cancelled.id}/status`, { auth: as(), body: { status: "confirmed" } }),
      409,
      "The assigned vehicle is booked by someone else for this period. Assign another vehicle first.",
    );
    // Closing it differently is fine (completed does not hold the vehicle).
    expect((await call("PUT", `/api/admin/bookings/${cancelled.id}/status`, { auth: as(), body: { status: "completed" } })).status).toBe(200);
    await db().booking.update({ where: { id: taker.id }, data: { status: "cancelled" } });
    expect((await call("PUT", `/api/admin/bookings/${cancelled.id}/status`, { auth: as(), body: { status: "confirmed" } })).status).toBe(200);
  });

  test("an API key with bookings:write changes a status; the audit row names the key", async () => {
    const customer = await newCustomerWithToken(services());
    const booking = await newBooking(services(), { userId: customer.id });
    const { key, apiKey } = await issueApiKey(
      services(),
      { kind: "admin", adminId: admin.id, sessionId: "s", clientAddress: "t" },
      { name: "Ops bot", permissions: ["bookings:write"] },
    );
    const answer = await call("PUT", `/api/admin/bookings/${booking.id}/status`, { auth: { "x-api-key": key }, body: { status: "in_progress" } });
    expect(answer.status).toBe(200);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: booking.id } });
    expect(audit).toMatchObject({ actorType: "apiKey", actorId: apiKey.id, action: "booking.status" });
  });
});

describe("the customer hears an admin's status change", () => {
  test("a cancellation of a booking not yet over, a decision on one awaiting approval, a reinstatement: emailed; moving a trip on the road is not", async () => {
    const customer = await newCustomerWithToken(services(), { email: `status-news-${crypto.randomUUID().slice(0, 8)}@example.com` });
    const email = (await db().user.findUniqueOrThrow({ where: { id: customer.id } })).email;
    // The booking's own emails (its reminders wait in the outbox too).
    const subjects = async () =>
      (await db().emailOutbox.findMany({ where: { to: email, subject: { startsWith: "Booking #" } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(
        (m) => m.subject,
      );
    const setStatus = async (id: string, status: string) =>
      expect((await call("PUT", `/api/admin/bookings/${id}/status`, { auth: as(), body: { status } })).status).toBe(200);

    const confirmed = await newBooking(services(), { userId: customer.id, status: "confirmed" });
    const number = confirmed.id.slice(-6);
    await setStatus(confirmed.id, "cancelled");
    expect(await subjects()).toEqual([`Booking #${number} cancelled`]);
    await setStatus(confirmed.id, "confirmed");
    expect((await subjects())[1]).toStartWith(`Booking #${number} confirmed`);
    // The reinstated booking's calendar events come back under a higher sequence than the cancel's.
    expect((await db().booking.findUniqueOrThrow({ where: { id: confirmed.id } })).calendarSequence).toBe(2);
    await setStatus(confirmed.id, "in_progress");
    await setStatus(confirmed.id, "completed");
    expect(await subjects()).toHaveLength(2);

    const waiting = await newBooking(services(), { userId: customer.id, status: "pending" });
    await setStatus(waiting.id, "cancelled");
    expect((await subjects())[2]).toBe(`Booking #${waiting.id.slice(-6)} declined`);
  });
});

describe("PUT /api/admin/bookings/:id/assign-vehicle", () => {
  async function setup(
    booking: {
      category?: "small" | "medium" | "large";
      transmission?: "manual" | "automatic";
      fromDay?: number;
      toDay?: number;
      status?: "pending" | "confirmed" | "in_progress" | "completed" | "cancelled";
    } = {},
  ) {
    const customer = await newCustomerWithToken(services());
    const row = await newBooking(services(), { userId: customer.id, category: "medium", transmission: "automatic", ...booking });
    return { customer, booking: row };
  }
  const assign = (bookingId: string, vehicleId: unknown, auth = as()) =>
    call("PUT", `/api/admin/bookings/${bookingId}/assign-vehicle`, { auth, body: { vehicleId } });

  test("an available vehicle of the category and transmission, free for the period: assigned and audited", async () => {
    const { booking } = await setup();
    const vehicle = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    const answer = await assign(booking.id, vehicle.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: booking.id, vehicleId: vehicle.id, vehicle: { id: vehicle.id, registrationNumber: vehicle.registrationNumber } });
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: booking.id, action: "booking.assign_vehicle" } });
    expect(audit.before).toEqual({ status: "confirmed", vehicleId: null });
    expect(audit.after).toEqual({ status: "confirmed", vehicleId: vehicle.id });
    // Re-assigning to another free one moves it.
    const other = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    expect((await assign(booking.id, other.id)).body.vehicleId).toBe(other.id);
  });

  for (const status of ["rented", "maintenance", "out_of_service"] as const) {
    test(`a ${status} vehicle is refused (409, nothing changed)`, async () => {
      const { booking } = await setup();
      const vehicle = await newFleetVehicle(services(), { category: "medium", transmission: "automatic", status });
      await expectRefusedUnchanged(services(), () => assign(booking.id, vehicle.id), 409, ADMIN_BOOKING_MESSAGES.vehicleNotAvailable);
    });
  }

  test("a car out on a trip in progress is assigned for a booking after its planned return, not one during it", async () => {
    const { customer, booking } = await setup({ fromDay: 10, toDay: 12 });
    const car = await newFleetVehicle(services(), { category: "medium", transmission: "automatic", status: "rented" });
    await newBooking(services(), {
      userId: customer.id,
      vehicleId: car.id,
      category: "medium",
      transmission: "automatic",
      status: "in_progress",
      fromDay: -1,
      toDay: 9,
    });
    const offered = await call("GET", `/api/admin/bookings/${booking.id}/assignable-vehicles`, { auth: as() });
    expect(offered.body.map((v: any) => v.id)).toContain(car.id);
    const answer = await assign(booking.id, car.id);
    expect([answer.status, answer.body.vehicleId]).toEqual([200, car.id]);

    const { booking: during } = await setup({ fromDay: 8, toDay: 11 });
    const notOffered = await call("GET", `/api/admin/bookings/${during.id}/assignable-vehicles`, { auth: as() });
    expect(notOffered.body.map((v: any) => v.id)).not.toContain(car.id);
    await expectRefusedUnchanged(services(), () => assign(during.id, car.id), 409, ADMIN_BOOKING_MESSAGES.vehicleTaken);
  });

  test("a vehicle of another category or transmission is refused (400, nothing changed)", async () => {
    const { booking } = await setup();
    const large = await newFleetVehicle(services(), { category: "large", transmission: "automatic" });
    const manual = await newFleetVehicle(services(), { category: "medium", transmission: "manual" });
    const a = await expectRefusedUnchanged(
      services(),
      () => assign(booking.id, large.id),
      400,
      "This vehicle is a Large automatic; the booking is for a Medium automatic",
    );
    expect(a.body.fieldErrors.vehicleId).toBe(a.body.message);
    await expectRefusedUnchanged(
      services(),
      () => assign(booking.id, manual.id),
      400,
      "This vehicle is a Medium manual; the booking is for a Medium automatic",
    );
  });

  test("a vehicle booked for an overlapping period is refused (409); cancelled, completed and back-to-back bookings do not block", async () => {
    const { customer, booking } = await setup({ fromDay: 10, toDay: 14 });
    const busy = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    await newBooking(services(), {
      userId: customer.id,
      vehicleId: busy.id,
      category: "medium",
      transmission: "automatic",
      fromDay: 13,
      toDay: 16,
      status: "pending",
    });
    await expectRefusedUnchanged(services(), () => assign(booking.id, busy.id), 409, "This vehicle is already booked for an overlapping period");

    const free = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    await newBooking(services(), {
      userId: customer.id,
      vehicleId: free.id,
      category: "medium",
      transmission: "automatic",
      fromDay: 11,
      toDay: 12,
      status: "cancelled",
    });
    await newBooking(services(), {
      userId: customer.id,
      vehicleId: free.id,
      category: "medium",
      transmission: "automatic",
      fromDay: 9,
      toDay: 11,
      status: "completed",
    });
    // Returned exactly when this booking's pickup is: no overlap (half-open periods).
    const before = await newBooking(services(), { userId: customer.id, vehicleId: free.id, category: "medium", transmission: "automatic" });
    await db().booking.update({
      where: { id: before.id },
      data: { pickupDate: new Date(booking.pickupDate.getTime() - 86_400_000), returnDate: booking.pickupDate },
    });
    expect((await assign(booking.id, free.id)).status).toBe(200);
  });

  test("bad requests: no vehicle id, an unknown vehicle or booking, a cancelled or completed booking (nothing changed)", async () => {
    const { booking } = await setup();
    const vehicle = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    for (const vehicleId of [undefined, "", "   ", 42])
      await expectRefusedUnchanged(services(), () => assign(booking.id, vehicleId), 400, "Please select a vehicle");
    await expectRefusedUnchanged(services(), () => assign(booking.id, crypto.randomUUID()), 404, "Vehicle not found");
    await expectRefusedUnchanged(services(), () => assign(crypto.randomUUID(), vehicle.id), 404, "Booking not found");
    for (const status of ["cancelled", "completed"] as const) {
      const closed = await setup({ status });
      await expectRefusedUnchanged(services(), () => assign(closed.booking.id, vehicle.id), 409, `A vehicle cannot be assigned to a ${status} booking`);
    }
  });

  test("two bookings for one period racing for one vehicle: exactly one gets it", async () => {
    const vehicle = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    const bookings = await Promise.all(Array.from({ length: 6 }, () => setup({ fromDay: 20, toDay: 23 })));
    const answers = await Promise.all(bookings.map(({ booking }) => assign(booking.id, vehicle.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === "This vehicle is already booked for an overlapping period")).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await db().booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
  });

  test("an assignment racing a customer's booking of the same vehicle: exactly one wins", async () => {
    for (let round = 0; round < 4; round++) {
      const { booking } = await setup({ fromDay: 40 + round * 5, toDay: 43 + round * 5 });
      const vehicle = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
      const rider = await newCustomerWithToken(services(), { profileCompleted: true });
      const [assigned, booked] = await Promise.all([
        assign(booking.id, vehicle.id),
        call("POST", "/api/bookings", {
          auth: rider.auth,
          body: {
            category: "medium",
            transmission: "automatic",
            vehicleId: vehicle.id,
            pickupDate: new Date(booking.pickupDate.getTime() + 3_600_000).toISOString(),
            returnDate: new Date(booking.returnDate.getTime() + 3_600_000).toISOString(),
            deliveryLocation: "12 Long Street, Cape Town",
            deliveryCoordinates: "-33.9249,18.4241",
            returnLocation: "12 Long Street, Cape Town",
            returnCoordinates: "-33.9249,18.4241",
          },
        }),
      ]);
      const wins = [assigned.status === 200, booked.status === 201 || booked.status === 200];
      expect({ round, wins: wins.filter(Boolean).length, statuses: [assigned.status, booked.status] }).toEqual({ round, wins: 1, statuses: expect.any(Array) });
      expect([assigned.status, booked.status]).toContain(409);
      expect(await db().booking.count({ where: { vehicleId: vehicle.id } })).toBe(1);
    }
  });

  test("assignable vehicles: only ones that take bookings, of the kind, free for the period", async () => {
    const { customer, booking } = await setup({ category: "small", transmission: "manual", fromDay: 30, toDay: 32 });
    const good = await newFleetVehicle(services(), { category: "small", transmission: "manual" });
    const busy = await newFleetVehicle(services(), { category: "small", transmission: "manual" });
    await newBooking(services(), { userId: customer.id, vehicleId: busy.id, fromDay: 31, toDay: 33 });
    await newFleetVehicle(services(), { category: "small", transmission: "manual", status: "maintenance" });
    await newFleetVehicle(services(), { category: "small", transmission: "automatic" });
    const answer = await call("GET", `/api/admin/bookings/${booking.id}/assignable-vehicles`, { auth: as() });
    const ids = answer.body.map((v: any) => v.id);
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(busy.id);
    expect(answer.body.every((v: any) => v.category === "small" && v.transmission === "manual")).toBe(true);
    expect(answer.body.some((v: any) => v.status === "maintenance")).toBe(false);
    const gql = await graphql(server.url, `query($id: ID!) { assignableVehicles(bookingId: $id) { id } }`, { id: booking.id }, as());
    expect(gql.body.data.assignableVehicles.map((v: any) => v.id).sort()).toEqual([...ids].sort());
  });

  test("GraphQL updateBookingStatus and assignBookingVehicle", async () => {
    const { booking } = await setup();
    const vehicle = await newFleetVehicle(services(), { category: "medium", transmission: "automatic" });
    const assigned = await graphql(
      server.url,
      `mutation($id: ID!, $v: ID!) { assignBookingVehicle(id: $id, vehicleId: $v) { vehicleId vehicle { make } } }`,
      { id: booking.id, v: vehicle.id },
      as(),
    );
    expect(assigned.body.data.assignBookingVehicle).toEqual({ vehicleId: vehicle.id, vehicle: { make: "Toyota" } });
    const status = await graphql(server.url, `mutation($id: ID!) { updateBookingStatus(id: $id, status: completed) { status } }`, { id: booking.id }, as());
    expect(status.body.data.updateBookingStatus.status).toBe("completed");
    const refused = await graphql(
      server.url,
      `mutation($id: ID!, $v: ID!) { assignBookingVehicle(id: $id, vehicleId: $v) { id } }`,
      { id: booking.id, v: vehicle.id },
      as(),
    );
    expect(refused.body.errors?.[0]).toMatchObject({ message: "A vehicle cannot be assigned to a completed booking", extensions: { code: "CONFLICT" } });
  });
});
