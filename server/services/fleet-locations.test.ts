// Issue 15, points 2 and 3, over real HTTP on SQLite (or PostgreSQL with TEST_DATABASE_URL):
// - the fleet is what is rented: a dealership's stock (even with a daily rate) is never offered,
//   booked or assigned, and the migration gives back open bookings that were put on such a car;
// - an address the geocoder could not place (stored at the Stellenbosch stand-in coordinate) is
//   unverified: never counted as inside a service area, marked on the booking for the customer and
//   the admin, and an admin can set the real point (audited).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_TYPED_ADDRESS_COORDINATES, UNVERIFIED_LOCATION_NOTE } from "#domain";
import { newAdmin, newBooking, newCustomerWithToken } from "../testing/admin";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle, POINTS, type TestCustomer } from "../testing/bookings";
import { createDealership, createVehicle } from "../testing/dealerships";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { ADMIN_BOOKING_MESSAGES } from "./admin-bookings";
import { BOOKING_MESSAGES } from "./bookings";

let server: TestServer;
let customer: TestCustomer;
let admin: { auth: Record<string, string> };
beforeAll(async () => {
  server = await startTestServer();
  await addDemoServiceArea(server.services);
  customer = await newCustomer(server.services);
  admin = await newAdmin(server.services);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
const JOHANNESBURG = "-26.2041,28.0473";

/** A dealership car with a daily rate, like the Ford Ranger a new user booked. */
async function dealershipCar(category: "small" | "medium" | "large" = "large") {
  const dealership = await createDealership(db());
  return createVehicle(db(), {
    dealershipId: dealership.id,
    make: "Ford",
    model: "Ranger XLT",
    category,
    transmission: "automatic",
    dailyRate: "850.00",
    salesPrice: "429900.00",
  });
}

describe("dealership stock is for sale, never for rent", () => {
  test("not in the rental list (GraphQL and REST), with or without a period, though its daily rate matches the category", async () => {
    const forSale = await dealershipCar();
    const fleet = await newVehicle(server.services, { category: "large", transmission: "automatic" });
    const period = { pickupDate: capeTown(10).toISOString(), returnDate: capeTown(12).toISOString() };
    for (const args of [{}, period]) {
      const gql = await graphql(
        server.url,
        `query($p: String, $r: String) { vehicles(category: large, transmission: automatic, pickupDate: $p, returnDate: $r) { id } }`,
        {
          p: (args as typeof period).pickupDate ?? null,
          r: (args as typeof period).returnDate ?? null,
        },
        { "cache-control": "no-cache" },
      );
      const ids = gql.body.data.vehicles.map((v: { id: string }) => v.id);
      expect(ids).toContain(fleet.id);
      expect(ids).not.toContain(forSale.id);
      const rest = await call(
        server.url,
        "GET",
        `/api/vehicles?category=large&transmission=automatic${"pickupDate" in args ? `&pickupDate=${period.pickupDate}&returnDate=${period.returnDate}` : ""}`,
      );
      expect(rest.status).toBe(200);
      expect(rest.body.map((v: { id: string }) => v.id)).not.toContain(forSale.id);
    }
  });

  test("booking it is refused with 409 and the reason, on REST and GraphQL; nothing is written", async () => {
    const forSale = await dealershipCar();
    const before = await db().booking.count();
    const rest = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(forSale, capeTown(20), capeTown(22)), auth: customer.auth });
    expect([rest.status, rest.body.message]).toEqual([409, BOOKING_MESSAGES.vehicleForSale]);
    const gql = await graphql(
      server.url,
      `mutation($input: CreateBookingInput!) { createBooking(input: $input) { id } }`,
      { input: bookingRequest(forSale, capeTown(20), capeTown(22)) },
      customer.auth,
    );
    expect(gql.body.errors?.[0]?.message).toBe(BOOKING_MESSAGES.vehicleForSale);
    expect(await db().booking.count()).toBe(before);
  });

  test("an admin cannot assign it, and it is not among the assignable cars", async () => {
    const forSale = await dealershipCar();
    const rider = await newCustomerWithToken(server.services);
    const booking = await newBooking(server.services, { userId: rider.id, category: "large", transmission: "automatic", fromDay: 30, toDay: 32 });
    const choices = await call(server.url, "GET", `/api/admin/bookings/${booking.id}/assignable-vehicles`, { auth: admin.auth });
    expect(choices.status).toBe(200);
    expect(choices.body.map((v: { id: string }) => v.id)).not.toContain(forSale.id);
    const assign = await call(server.url, "PUT", `/api/admin/bookings/${booking.id}/assign-vehicle`, { body: { vehicleId: forSale.id }, auth: admin.auth });
    expect([assign.status, assign.body.message]).toEqual([409, ADMIN_BOOKING_MESSAGES.vehicleForSale]);
    expect((await db().booking.findUniqueOrThrow({ where: { id: booking.id } })).vehicleId).toBeNull();
  });

  test("the migration gives back open bookings on dealership cars and marks stand-in points unverified", async () => {
    const forSale = await dealershipCar();
    const fleetCar = await newVehicle(server.services, { category: "large", transmission: "automatic" });
    const rider = await newCustomerWithToken(server.services);
    const open = await newBooking(server.services, {
      userId: rider.id,
      vehicleId: forSale.id,
      category: "large",
      transmission: "automatic",
      fromDay: 40,
      toDay: 41,
    });
    const running = await newBooking(server.services, {
      userId: rider.id,
      vehicleId: forSale.id,
      category: "large",
      transmission: "automatic",
      status: "in_progress",
      fromDay: -1,
      toDay: 1,
    });
    const onFleet = await newBooking(server.services, {
      userId: rider.id,
      vehicleId: fleetCar.id,
      category: "large",
      transmission: "automatic",
      fromDay: 40,
      toDay: 41,
    });
    const standIn = await db().booking.update({ where: { id: onFleet.id }, data: { returnCoordinates: DEFAULT_TYPED_ADDRESS_COORDINATES } });
    expect(standIn.returnVerified).toBe(true); // as rows were before the migration

    // The data part of the migration, as committed, run again on this database.
    const folder = join(import.meta.dir, "../../prisma", server.services.provider === "postgresql" ? "postgresql" : "sqlite", "migrations");
    const name = readdirSync(folder).find((f) => f.endsWith("_fleet_only_rentals_unverified_locations"))!;
    const sql = readFileSync(join(folder, name, "migration.sql"), "utf8");
    const updates = sql
      .split(";")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter((s) => s.startsWith("UPDATE"));
    expect(updates.length).toBe(3);
    for (const statement of updates) await db().$executeRawUnsafe(statement);

    const after = async (id: string) => db().booking.findUniqueOrThrow({ where: { id } });
    expect((await after(open.id)).vehicleId).toBeNull();
    expect((await after(running.id)).vehicleId).toBe(forSale.id); // the car is out: left for an admin
    expect((await after(onFleet.id)).vehicleId).toBe(fleetCar.id);
    expect([(await after(onFleet.id)).deliveryVerified, (await after(onFleet.id)).returnVerified]).toEqual([true, false]);
  });
});

describe("an address the geocoder could not place is unverified", () => {
  const typedUnknown = {
    deliveryLocation: "7 Unknown Lane, Johannesburg",
    deliveryCoordinates: DEFAULT_TYPED_ADDRESS_COORDINATES,
    returnCoordinates: POINTS.airport,
  };

  test("the booking is taken, marked unverified for the customer (REST, GraphQL, the email) and the admin", async () => {
    const car = await newVehicle(server.services);
    const created = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(car, capeTown(5), capeTown(7), typedUnknown), auth: customer.auth });
    expect(created.status).toBe(201);
    expect([created.body.deliveryVerified, created.body.returnVerified]).toEqual([false, true]);
    const mine = await graphql(server.url, `query($id: ID!) { booking(id: $id) { deliveryVerified returnVerified } }`, { id: created.body.id }, customer.auth);
    expect(mine.body.data.booking).toEqual({ deliveryVerified: false, returnVerified: true });
    const list = await call(server.url, "GET", "/api/admin/bookings", { auth: admin.auth });
    const entry = list.body.items?.find?.((b: { id: string }) => b.id === created.body.id) ?? list.body.find((b: { id: string }) => b.id === created.body.id);
    expect([entry.deliveryVerified, entry.returnVerified]).toEqual([false, true]);
    // The confirmation (reminders, written with it, have a topic).
    const email = await db().emailOutbox.findFirstOrThrow({ where: { to: customer.email, topic: null }, orderBy: { createdAt: "desc" } });
    expect(await mailText(email.id)).toContain(UNVERIFIED_LOCATION_NOTE);
  });

  test("a real point outside every area is still refused; GPS in the area is verified", async () => {
    const car = await newVehicle(server.services);
    const outside = await call(server.url, "POST", "/api/bookings", {
      body: bookingRequest(car, capeTown(5), capeTown(7), { deliveryCoordinates: JOHANNESBURG, returnCoordinates: POINTS.airport }),
      auth: customer.auth,
    });
    expect([outside.status, outside.body.message]).toEqual([400, BOOKING_MESSAGES.deliveryOutside]);
    const inside = await call(server.url, "POST", "/api/bookings", {
      body: bookingRequest(car, capeTown(5), capeTown(7), { returnCoordinates: POINTS.airport }),
      auth: customer.auth,
    });
    expect([inside.status, inside.body.deliveryVerified, inside.body.returnVerified]).toEqual([201, true, true]);
  });

  test("isLocationServed: a point in an active area is served; outside, the stand-in and nonsense are not", async () => {
    const ask = async (coordinates: string) =>
      (await graphql(server.url, `query($c: String!) { isLocationServed(coordinates: $c) }`, { c: coordinates })).body.data.isLocationServed;
    expect(await ask(POINTS.capeTownCbd)).toBe(true);
    expect(await ask(JOHANNESBURG)).toBe(false);
    expect(await ask(POINTS.hermanus)).toBe(false);
    expect(await ask(DEFAULT_TYPED_ADDRESS_COORDINATES)).toBe(false);
    expect(await ask("not a point")).toBe(false);
  });

  test("an admin sets the real point: verified, the address corrected, audited; outside an area or the stand-in is refused", async () => {
    const car = await newVehicle(server.services);
    const created = await call(server.url, "POST", "/api/bookings", { body: bookingRequest(car, capeTown(8), capeTown(9), typedUnknown), auth: customer.auth });
    const id = created.body.id as string;
    const path = `/api/admin/bookings/${id}/location`;

    const far = await call(server.url, "PUT", path, { body: { point: "delivery", coordinates: JOHANNESBURG }, auth: admin.auth });
    expect([far.status, far.body.message]).toEqual([400, ADMIN_BOOKING_MESSAGES.pointOutside]);
    const standIn = await call(server.url, "PUT", path, { body: { point: "delivery", coordinates: DEFAULT_TYPED_ADDRESS_COORDINATES }, auth: admin.auth });
    expect(standIn.status).toBe(400);
    const bad = await call(server.url, "PUT", path, { body: { point: "kitchen", coordinates: POINTS.capeTownCbd }, auth: admin.auth });
    expect(bad.status).toBe(400);
    expect((await db().booking.findUniqueOrThrow({ where: { id } })).deliveryVerified).toBe(false);
    const asCustomer = await call(server.url, "PUT", path, { body: { point: "delivery", coordinates: POINTS.capeTownCbd }, auth: customer.auth });
    expect(asCustomer.status).toBe(403);

    const set = await graphql(
      server.url,
      `mutation($id: ID!) { setBookingLocation(id: $id, point: delivery, coordinates: "-33.9249,18.4241", location: "7 Loop Street, Cape Town") { deliveryVerified deliveryCoordinates deliveryLocation returnVerified } }`,
      { id },
      admin.auth,
    );
    expect(set.body.data.setBookingLocation).toEqual({
      deliveryVerified: true,
      deliveryCoordinates: "-33.9249,18.4241",
      deliveryLocation: "7 Loop Street, Cape Town",
      returnVerified: true,
    });
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: id, action: "booking.set_location" } });
    expect(JSON.stringify(audit.before)).toContain(DEFAULT_TYPED_ADDRESS_COORDINATES);
    expect(JSON.stringify(audit.after)).toContain("7 Loop Street");
  });
});

/** The text of the email sent for outbox row `id` (the test server writes mail to DATA_DIR/mail). */
async function mailText(id: string): Promise<string> {
  await server.mailer.flush();
  const folder = join(server.database.dataDir, "mail");
  const file = readdirSync(folder).find((name) => name.endsWith(`-${id}.txt`));
  if (!file) throw new Error(`no mail file for outbox row ${id}`);
  return readFileSync(join(folder, file), "utf8");
}
