// A booking's history lists the statuses people set (issue 13's history, a review finding): the
// customer's cancellation, an admin's or an API key's status change, and the cancellation of a
// customer's holdings, each with who and when, beside the date and place changes; a refused or
// unchanged status leaves no entry. Over real HTTP, SQLite or PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { issueApiKey } from "../services/api-keys";
import { caller, newAdmin, newBooking, newCustomerWithToken, newFleetVehicle, type TestActor } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

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
const rows = (bookingId: string) => services().db.bookingChange.findMany({ where: { bookingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

const HISTORY = `{ kind fromStatus toStatus madeBy changes { field } differenceText }`;
async function customerHistory(customer: TestActor, id: string) {
  const answer = await graphql(server.url, `query ($id: ID!) { booking(id: $id) { changes ${HISTORY} } }`, { id }, customer.auth);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.booking.changes;
}
async function adminHistory(id: string) {
  const answer = await graphql(server.url, `{ adminBookings(limit: 100) { items { id changes ${HISTORY} } } }`, {}, admin.auth);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.adminBookings.items.find((item: { id: string }) => item.id === id).changes;
}

describe("status changes in a booking's history", () => {
  test("the customer's cancellation: by the customer, the trip as it stood on both sides", async () => {
    const customer = await newCustomerWithToken(services());
    const booking = await newBooking(services(), { userId: customer.id, status: "confirmed" });
    expect((await call("PUT", `/api/bookings/${booking.id}/cancel`, { auth: customer.auth })).status).toBe(200);

    const entry = { kind: "status", fromStatus: "confirmed", toStatus: "cancelled", changes: [], differenceText: "No change in price" };
    expect(await customerHistory(customer, booking.id)).toEqual([{ ...entry, madeBy: "customer" }]);
    expect(await adminHistory(booking.id)).toEqual([{ ...entry, madeBy: "customer" }]);
    const [row] = await rows(booking.id);
    expect(row).toMatchObject({
      actorType: "customer",
      actorId: customer.id,
      fromPickupDate: booking.pickupDate,
      toPickupDate: booking.pickupDate,
      fromReturnDate: booking.returnDate,
      toReturnDate: booking.returnDate,
      fromTotalCents: 90_000,
      toTotalCents: 90_000,
    });
  });

  test("a cancellation refused (within 24 hours of pickup) leaves no entry", async () => {
    const customer = await newCustomerWithToken(services());
    const booking = await newBooking(services(), { userId: customer.id, fromDay: 0.5, toDay: 2 });
    expect((await call("PUT", `/api/bookings/${booking.id}/cancel`, { auth: customer.auth })).status).toBe(409);
    expect(await rows(booking.id)).toEqual([]);
  });

  test("an admin's status changes, oldest first; the same status again and a refused reopening leave none", async () => {
    const customer = await newCustomerWithToken(services());
    const car = await newFleetVehicle(services());
    const booking = await newBooking(services(), { userId: customer.id, vehicleId: car.id, status: "pending" });
    const setStatus = (status: string) => call("PUT", `/api/admin/bookings/${booking.id}/status`, { auth: admin.auth, body: { status } });
    expect((await setStatus("confirmed")).status).toBe(200);
    expect((await setStatus("confirmed")).status).toBe(200);
    expect((await setStatus("cancelled")).status).toBe(200);
    // The car is taken meanwhile: reopening is refused, and recorded nowhere.
    await newBooking(services(), { userId: customer.id, vehicleId: car.id, status: "confirmed" });
    expect((await setStatus("confirmed")).status).toBe(409);

    const history = await adminHistory(booking.id);
    expect(history.map((entry: { fromStatus: string; toStatus: string; madeBy: string }) => [entry.fromStatus, entry.toStatus, entry.madeBy])).toEqual([
      ["pending", "confirmed", "staff"],
      ["confirmed", "cancelled", "staff"],
    ]);
    // The customer reads the same entries, made by CapeDrive's staff.
    expect((await customerHistory(customer, booking.id)).map((entry: { toStatus: string }) => entry.toStatus)).toEqual(["confirmed", "cancelled"]);
    expect((await rows(booking.id)).map((row) => [row.actorType, row.actorId])).toEqual([
      ["admin", admin.id],
      ["admin", admin.id],
    ]);
  });

  test("an API key's status change names the key", async () => {
    const customer = await newCustomerWithToken(services());
    const booking = await newBooking(services(), { userId: customer.id });
    const { key, apiKey } = await issueApiKey(
      services(),
      { kind: "admin", adminId: admin.id, sessionId: "s", clientAddress: "t" },
      { name: "Ops bot", permissions: ["bookings:write"] },
    );
    expect((await call("PUT", `/api/admin/bookings/${booking.id}/status`, { auth: { "x-api-key": key }, body: { status: "in_progress" } })).status).toBe(200);
    expect(await rows(booking.id)).toMatchObject([
      { kind: "status", fromStatus: "confirmed", toStatus: "in_progress", actorType: "apiKey", actorId: apiKey.id },
    ]);
  });

  test("cancelling a customer's holdings leaves an entry on each booking it cancelled, and none on a trip under way", async () => {
    const customer = await newCustomerWithToken(services());
    const held = [
      await newBooking(services(), { userId: customer.id, status: "pending" }),
      await newBooking(services(), { userId: customer.id, fromDay: 6, toDay: 8 }),
    ];
    const underWay = await newBooking(services(), { userId: customer.id, status: "in_progress", fromDay: -1, toDay: 2 });
    const answer = await call("POST", `/api/admin/customers/${customer.id}/cancel-bookings`, { auth: admin.auth });
    expect(answer.status).toBe(200);
    expect(answer.body.cancelled).toBe(2);
    for (const [booking, from] of [
      [held[0]!, "pending"],
      [held[1]!, "confirmed"],
    ] as const) {
      expect(await rows(booking.id)).toMatchObject([{ kind: "status", fromStatus: from, toStatus: "cancelled", actorType: "admin", actorId: admin.id }]);
    }
    expect(await rows(underWay.id)).toEqual([]);
  });
});
