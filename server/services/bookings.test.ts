// Bookings over real HTTP (REST and GraphQL) against the real server and database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL): every rule of create, list, read and cancel, each bad input
// answered 4xx with a clear message and nothing written, the server's price, Cape Town time
// whatever the process's TZ, the confirmation email, and available-vehicle filtering.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SignJWT } from "jose";
import { bookingNumber, bookingQuote, CANCEL_BLOCKED_MESSAGES, formatConfirmationDateTime, QUOTA_MESSAGES } from "#domain";
import {
  addDemoServiceArea,
  bookingRequest,
  call,
  capeTown,
  newCustomer,
  newVehicle,
  POINTS,
  staffToken,
  storeBooking,
  type TestCustomer,
} from "../testing/bookings";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { BOOKING_MESSAGES, cancelBooking, createBooking } from "./bookings";
import { createSession, endSession } from "./sessions";

let server: TestServer;
let customer: TestCustomer;
beforeAll(async () => {
  server = await startTestServer();
  await addDemoServiceArea(server.services);
  customer = await newCustomer(server.services);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
const services = () => server.services;
const post = (body: unknown, auth: Record<string, string> = customer.auth) => call(server.url, "POST", "/api/bookings", { body, auth });
// Emails sent now (scheduled reminders, which have a topic, are counted apart in reminders.test.ts).
const rowCounts = async () => ({ bookings: await db().booking.count(), emails: await db().emailOutbox.count({ where: { topic: null } }) });

/** Runs `attempt` and checks that it wrote nothing: no booking, no email. */
async function nothingWritten<T>(attempt: () => Promise<T>): Promise<T> {
  const before = await rowCounts();
  const result = await attempt();
  expect(await rowCounts()).toEqual(before);
  return result;
}

/** The text of the email sent for outbox row `id` (the test server writes mail to DATA_DIR/mail). */
async function mailText(id: string): Promise<string> {
  await server.mailer.flush();
  const folder = join(server.database.dataDir, "mail");
  const file = readdirSync(folder).find((name) => name.endsWith(`-${id}.txt`));
  if (!file) throw new Error(`no mail file for outbox row ${id}`);
  return readFileSync(join(folder, file), "utf8");
}

const BOOKING_KEYS = [
  "id",
  "bookingNumber",
  "vehicleId",
  "category",
  "transmission",
  "pickupDate",
  "returnDate",
  "deliveryLocation",
  "deliveryCoordinates",
  "returnLocation",
  "returnCoordinates",
  "deliveryVerified",
  "returnVerified",
  "totalAmount",
  "duration",
  "status",
  "specialRequests",
  "createdAt",
  "updatedAt",
  "canCancel",
  "cancelBlockedReason",
  "vehicle",
].sort();

const GQL_BOOKING = `id bookingNumber category transmission pickupDate returnDate deliveryLocation deliveryCoordinates returnLocation
  returnCoordinates totalAmount duration status specialRequests createdAt canCancel cancelBlockedReason vehicle { id make model dailyRate images }`;
const CREATE = `mutation($input: CreateBookingInput!) { createBooking(input: $input) { ${GQL_BOOKING} } }`;

describe("POST /api/bookings: a valid booking", () => {
  test("201 with the booking; the server's figures stored, status confirmed, one confirmation email", async () => {
    const vehicle = await newVehicle(services(), { category: "medium", make: "Volkswagen", model: "Polo", images: ["/objects/v/1.jpg"] });
    const pickup = capeTown(3, "10:00");
    const returnAt = capeTown(4, "10:01"); // one minute into the second day: 2 days
    const before = await rowCounts();
    const { status, body } = await post(bookingRequest(vehicle, pickup, returnAt, { specialRequests: "  Child seat please  " }));
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(BOOKING_KEYS);
    expect(body).toMatchObject({
      bookingNumber: body.id.slice(-6),
      vehicleId: vehicle.id,
      category: "medium",
      transmission: "manual",
      pickupDate: pickup.toISOString(),
      returnDate: returnAt.toISOString(),
      deliveryLocation: "12 Long Street, Cape Town",
      deliveryCoordinates: POINTS.capeTownCbd,
      returnLocation: "1 Dorp Street, Stellenbosch",
      returnCoordinates: POINTS.stellenbosch,
      totalAmount: "1300.00",
      duration: 2,
      status: "confirmed",
      specialRequests: "Child seat please",
      canCancel: true,
      cancelBlockedReason: null,
    });
    expect(body.vehicle).toMatchObject({ id: vehicle.id, make: "Volkswagen", model: "Polo", dailyRate: "650.00", images: ["/objects/v/1.jpg"] });
    expect(await rowCounts()).toEqual({ bookings: before.bookings + 1, emails: before.emails + 1 });

    const row = await db().booking.findUniqueOrThrow({ where: { id: body.id } });
    expect(row.userId).toBe(customer.id);
    expect(row.totalAmount.toFixed(2)).toBe("1300.00");
    expect(row.duration).toBe(2);
    expect(row.status).toBe("confirmed");
    expect(row.pickupDate.toISOString()).toBe(pickup.toISOString());
  });

  test("the confirmation email says what, when (Cape Town time), where, the total and the booking number", async () => {
    const vehicle = await newVehicle(services(), { category: "large", transmission: "automatic", make: "Toyota", model: "Fortuner" });
    const pickup = capeTown(5, "09:30");
    const returnAt = capeTown(8, "17:45");
    const { status, body } = await post(
      bookingRequest(vehicle, pickup, returnAt, { deliveryLocation: "Cape Town International Airport", deliveryCoordinates: POINTS.airport }),
    );
    expect(status).toBe(201);
    const number = bookingNumber(body.id, "customer");
    // The confirmation (scheduled reminders have a topic).
    const row = await db().emailOutbox.findFirstOrThrow({ where: { to: customer.email, subject: { contains: number }, topic: null } });
    expect(row.subject).toBe(`Booking #${number} confirmed: pick-up ${formatConfirmationDateTime(pickup)}`);
    const text = await mailText(row.id);
    expect(text).toContain(`To: ${customer.email}`);
    expect(text).toContain(`Booking #${number}`);
    expect(text).toContain("What:    Large car, Automatic (Toyota Fortuner 2023)");
    // The wall-clock times the customer chose, whatever this process's TZ.
    expect(text).toMatch(/Pick-up: [A-Z][a-z]{2} \d{2}, \d{4}, 09:30 \(Cape Town time\), delivered to Cape Town International Airport/);
    expect(text).toMatch(/Return:  [A-Z][a-z]{2} \d{2}, \d{4}, 17:45 \(Cape Town time\), collected from 1 Dorp Street, Stellenbosch/);
    expect(text).toContain(`${formatConfirmationDateTime(pickup)} (Cape Town time)`);
    // 3 days 8 h 15 min: 4 days at R850.
    expect(text).toContain("Total:   R3,400 for 4 days at R850/day");
    expect(text).toContain("up to 24 hours before pickup");
    expect(text).toContain(`${server.services.config.publicUrl}/bookings`);
  });

  test("totalAmount and duration may be left out (or null): the server's figures are stored", async () => {
    const vehicle = await newVehicle(services());
    const request = bookingRequest(vehicle, capeTown(2), capeTown(5));
    delete request.totalAmount;
    delete request.duration;
    expect((await post(request)).body).toMatchObject({ totalAmount: "1350.00", duration: 3 });
    const other = await newVehicle(services());
    expect((await post(bookingRequest(other, capeTown(2), capeTown(5), { totalAmount: null, duration: null }))).body).toMatchObject({
      totalAmount: "1350.00",
      duration: 3,
    });
  });

  test('the same total written differently is accepted (1350, 1350.0, "1350")', async () => {
    for (const totalAmount of [1350, 1350.0, "1350", " 1350.00 "]) {
      const vehicle = await newVehicle(services());
      const { status, body } = await post(bookingRequest(vehicle, capeTown(2), capeTown(5), { totalAmount }));
      expect([totalAmount, status, body.totalAmount]).toEqual([totalAmount, 201, "1350.00"]);
    }
  });

  test("part days count as whole days, in Cape Town time, whatever the zone the dates were written in", async () => {
    const vehicle = await newVehicle(services(), { category: "medium" });
    const day = capeTown(10, "10:00").toISOString().slice(0, 10); // the Cape Town date (10:00 SAST is 08:00 UTC, same day)
    const next = capeTown(11, "10:00").toISOString().slice(0, 10);
    const cases: [string, string, number][] = [
      [`${day}T10:00:00+02:00`, `${next}T10:00:00+02:00`, 1],
      [`${day}T10:00:00+02:00`, `${next}T10:01:00+02:00`, 2],
      [`${day}T08:00:00Z`, `${next}T03:01:00-05:00`, 2], // 10:01 in Cape Town, written in New York time
      [`${day}T10:00:00+02:00`, `${day}T10:01:00+02:00`, 1],
    ];
    for (const [pickupDate, returnDate, days] of cases) {
      const { status, body } = await post(bookingRequest(vehicle, new Date(pickupDate), new Date(returnDate), { pickupDate, returnDate }));
      expect([pickupDate, returnDate, status, body.duration, body.totalAmount]).toEqual([pickupDate, returnDate, 201, days, `${650 * days}.00`]);
      await db().booking.update({ where: { id: body.id }, data: { status: "cancelled" } }); // free the car for the next case
    }
  });
});

describe("POST /api/bookings: the client's price is checked, never stored", () => {
  const tampered: [string, Record<string, unknown>, string[]][] = [
    ["a lower total", { totalAmount: "1.00" }, ["totalAmount"]],
    ["a zero total", { totalAmount: 0 }, ["totalAmount"]],
    ["one cent more", { totalAmount: "1350.01" }, ["totalAmount"]],
    ["a higher total", { totalAmount: 99_999 }, ["totalAmount"]],
    ["a negative total", { totalAmount: "-1350.00" }, ["totalAmount"]],
    ["fewer days", { duration: 1 }, ["duration"]],
    ["zero days", { duration: 0 }, ["duration"]],
    ["both", { totalAmount: "450.00", duration: 1 }, ["duration", "totalAmount"]],
  ];
  for (const [label, overrides, fields] of tampered) {
    test(`${label}: 400 "The price has changed: ..." with the server's figure, nothing created`, async () => {
      const vehicle = await newVehicle(services());
      const { status, body } = await nothingWritten(() => post(bookingRequest(vehicle, capeTown(2), capeTown(5), overrides)));
      expect(status).toBe(400);
      expect(body.code).toBe("BAD_USER_INPUT");
      expect(body.message).toBe("The price has changed: 3 days of Small cost R1,350. Please review your booking and confirm again.");
      expect(Object.keys(body.fieldErrors).sort()).toEqual(fields);
    });
  }

  test("a total that is not an amount: 400, nothing created", async () => {
    const vehicle = await newVehicle(services());
    for (const totalAmount of ["abc", "1,350.00", "R1350", ""]) {
      const { status, body } = await nothingWritten(() => post(bookingRequest(vehicle, capeTown(2), capeTown(5), { totalAmount })));
      expect([totalAmount, status, body.message]).toEqual([totalAmount, 400, BOOKING_MESSAGES.totalNotMoney]);
    }
  });

  test("the price message names one day in the singular", async () => {
    const vehicle = await newVehicle(services(), { category: "large" });
    const { body } = await post(bookingRequest(vehicle, capeTown(2, "10:00"), capeTown(2, "18:00"), { totalAmount: "1.00" }));
    expect(body.message).toBe("The price has changed: 1 day of Large cost R850. Please review your booking and confirm again.");
  });
});

describe("POST /api/bookings: bad input is 400 with a clear message and creates nothing", () => {
  let vehicle: Awaited<ReturnType<typeof newVehicle>>;
  beforeAll(async () => {
    vehicle = await newVehicle(services(), { category: "medium", transmission: "automatic" });
  });
  const base = () => bookingRequest(vehicle, capeTown(3), capeTown(5));

  // [label, change (undefined value = field left out), the message, the field]
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["no category", { category: undefined }, "Please select a category", "category"],
    ["unknown category", { category: "huge" }, "Please select a category", "category"],
    ["category as a number", { category: 1 }, "Please select a category", "category"],
    ["unknown transmission", { transmission: "cvt" }, "Please select a transmission", "transmission"],
    ["no vehicle", { vehicleId: undefined }, "Please complete all booking steps and select a vehicle", "vehicleId"],
    ["blank vehicle", { vehicleId: "  " }, "Please complete all booking steps and select a vehicle", "vehicleId"],
    ["vehicle id as a number", { vehicleId: 42 }, "Please complete all booking steps and select a vehicle", "vehicleId"],
    ["no pickup date", { pickupDate: undefined }, "Pickup date is required", "pickupDate"],
    ["blank pickup date", { pickupDate: "" }, "Pickup date is required", "pickupDate"],
    ["pickup date as a number", { pickupDate: 1767225600000 }, "Pickup date is required", "pickupDate"],
    ["pickup date not a date", { pickupDate: "next tuesday" }, "Please enter a valid date and time", "pickupDate"],
    ["pickup date without a zone", { pickupDate: "2030-03-05T10:00" }, "Please enter a valid date and time", "pickupDate"],
    ["pickup date dd/mm/yyyy", { pickupDate: "05/03/2030" }, "Please enter a valid date and time", "pickupDate"],
    ["impossible pickup date", { pickupDate: "2030-02-30T10:00:00Z" }, "Please enter a valid date and time", "pickupDate"],
    ["no return date", { returnDate: undefined }, "Return date is required", "returnDate"],
    ["return date not a date", { returnDate: "soon" }, "Please enter a valid date and time", "returnDate"],
    ["return before pickup", { returnDate: capeTown(2).toISOString() }, "Return must be after pickup", "returnDate"],
    ["return equal to pickup", { returnDate: capeTown(3).toISOString() }, "Return must be after pickup", "returnDate"],
    [
      "pickup in the past",
      { pickupDate: new Date(Date.now() - 60_000).toISOString() },
      "The pickup time has already passed. Please choose a later pickup time.",
      "pickupDate",
    ],
    ["pickup yesterday", { pickupDate: capeTown(-1).toISOString() }, "The pickup time has already passed. Please choose a later pickup time.", "pickupDate"],
    [
      "pickup more than a year ahead",
      { pickupDate: capeTown(400).toISOString(), returnDate: capeTown(402).toISOString() },
      "Bookings can be made at most 365 days ahead",
      "pickupDate",
    ],
    // The customer's own limit (the test server's 365 days) is what they are told, not the product's own year.
    ["more than 365 days long", { returnDate: capeTown(370).toISOString() }, QUOTA_MESSAGES.tooLong(365), "returnDate"],
    ["no delivery location", { deliveryLocation: undefined }, "Delivery location is required", "deliveryLocation"],
    ["blank delivery location", { deliveryLocation: "   " }, "Delivery location is required", "deliveryLocation"],
    ["delivery location as an object", { deliveryLocation: { street: "Long" } }, "Delivery location is required", "deliveryLocation"],
    ["no delivery coordinates", { deliveryCoordinates: undefined }, "Delivery location is required", "deliveryCoordinates"],
    ["delivery coordinates not a pair", { deliveryCoordinates: "somewhere" }, "Invalid coordinates", "deliveryCoordinates"],
    ["delivery latitude out of range", { deliveryCoordinates: "-93.9,18.4" }, "Invalid coordinates", "deliveryCoordinates"],
    ["no return location", { returnLocation: undefined }, "Return location is required", "returnLocation"],
    ["no return coordinates", { returnCoordinates: "" }, "Return location is required", "returnCoordinates"],
    ["return coordinates as numbers", { returnCoordinates: [-33.9, 18.8] }, "Return location is required", "returnCoordinates"],
    ["duration as text", { duration: "2" }, "Duration must be a whole number of days", "duration"],
    ["total as a list", { totalAmount: [1300] }, "Total amount must be an amount in rand", "totalAmount"],
    ["special requests too long", { specialRequests: "x".repeat(1001) }, "Special requests are too long", "specialRequests"],
  ];

  for (const [label, change, message, field] of cases) {
    test(label, async () => {
      const body = { ...base(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
      const answer = await nothingWritten(() => post(body));
      expect([label, answer.status, answer.body.code]).toEqual([label, 400, "BAD_USER_INPUT"]);
      expect(answer.body.fieldErrors?.[field]).toBe(message);
      expect(typeof answer.body.message).toBe("string");
    });
  }

  test("an empty object names every missing field", async () => {
    const { status, body } = await nothingWritten(() => post({}));
    expect(status).toBe(400);
    expect(body.fieldErrors).toMatchObject({
      category: "Please select a category",
      vehicleId: "Please complete all booking steps and select a vehicle",
      pickupDate: "Pickup date is required",
      returnDate: "Return date is required",
      deliveryLocation: "Delivery location is required",
      returnLocation: "Return location is required",
    });
  });

  test("a body that is not a JSON object: 400", async () => {
    for (const raw of ["[]", '"booking"', "42", "{not json"]) {
      const { status, body } = await nothingWritten(() => call(server.url, "POST", "/api/bookings", { raw, auth: customer.auth }));
      expect([raw, status, body.code]).toEqual([raw, 400, "BAD_USER_INPUT"]);
    }
  });
});

describe("POST /api/bookings: the vehicle", () => {
  test("a vehicle of another category or transmission: 400, nothing created", async () => {
    const vehicle = await newVehicle(services(), { category: "small", transmission: "manual" });
    for (const change of [{ category: "large" }, { transmission: "automatic" }, { category: "medium", transmission: "automatic" }]) {
      const request = { ...bookingRequest({ ...vehicle, ...(change as object) }, capeTown(3), capeTown(4)), vehicleId: vehicle.id };
      const { status, body } = await nothingWritten(() => post(request));
      expect([status, body.message, body.fieldErrors]).toEqual([400, BOOKING_MESSAGES.vehicleMismatch, { vehicleId: BOOKING_MESSAGES.vehicleMismatch }]);
    }
  });

  test("a vehicle that is not available (rented, maintenance, out of service): 409, nothing created", async () => {
    for (const status of ["rented", "maintenance", "out_of_service"] as const) {
      const vehicle = await newVehicle(services(), { status });
      const answer = await nothingWritten(() => post(bookingRequest(vehicle)));
      expect([status, answer.status, answer.body.code, answer.body.message]).toEqual([status, 409, "CONFLICT", BOOKING_MESSAGES.vehicleNotAvailable]);
    }
  });

  test("a car out on a trip of ours takes bookings after the trip's planned return, not during it", async () => {
    const vehicle = await newVehicle(services(), { status: "rented" });
    const rider = await newCustomer(services());
    await storeBooking(services(), { userId: rider.id, vehicleId: vehicle.id, pickup: capeTown(-2), returnAt: capeTown(5), status: "in_progress" });
    const during = await nothingWritten(() => post(bookingRequest(vehicle, capeTown(4), capeTown(7))));
    expect([during.status, during.body.message]).toEqual([409, BOOKING_MESSAGES.vehicleTaken]);
    const after = await post(bookingRequest(vehicle, capeTown(5), capeTown(7)), (await newCustomer(services())).auth);
    expect([after.status, after.body.vehicleId]).toEqual([201, vehicle.id]);
    // The car stays rented: its trip is still on the road.
    expect((await db().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).status).toBe("rented");
  });

  test("the car as it is now: a change to it, its photos or its status is in the very next booking", async () => {
    const vehicle = await newVehicle(services(), { make: "Volkswagen", model: "Polo", images: ["/objects/v/1.jpg"] });
    const first = await post(bookingRequest(vehicle, capeTown(40), capeTown(41)));
    expect([first.status, first.body.vehicle.model, first.body.vehicle.images]).toEqual([201, "Polo", ["/objects/v/1.jpg"]]);
    await db().vehicle.update({ where: { id: vehicle.id }, data: { model: "Polo Vivo" } });
    await db().vehicleImage.create({ data: { vehicleId: vehicle.id, url: "/objects/v/0.jpg", position: -1 } });
    const second = await post(bookingRequest(vehicle, capeTown(42), capeTown(43)), (await newCustomer(services())).auth);
    expect([second.status, second.body.vehicle.model, second.body.vehicle.images]).toEqual([201, "Polo Vivo", ["/objects/v/0.jpg", "/objects/v/1.jpg"]]);
    await db().vehicle.update({ where: { id: vehicle.id }, data: { status: "maintenance" } });
    const third = await nothingWritten(() => post(bookingRequest(vehicle, capeTown(44), capeTown(45)), customer.auth));
    expect([third.status, third.body.message]).toEqual([409, BOOKING_MESSAGES.vehicleNotAvailable]);
  });

  test("a vehicle that does not exist: 404, nothing created", async () => {
    const answer = await nothingWritten(() => post(bookingRequest({ id: crypto.randomUUID(), category: "small", transmission: "manual" })));
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([404, "NOT_FOUND", BOOKING_MESSAGES.vehicleNotFound]);
  });

  test("a vehicle booked for an overlapping period: 409 'no longer available', whatever the overlap", async () => {
    const vehicle = await newVehicle(services());
    expect((await post(bookingRequest(vehicle, capeTown(20), capeTown(25)))).status).toBe(201);
    const other = await newCustomer(services());
    const overlapping: [Date, Date][] = [
      [capeTown(20), capeTown(25)], // the same
      [capeTown(19), capeTown(21)], // across the start
      [capeTown(24), capeTown(27)], // across the end
      [capeTown(21), capeTown(22)], // inside
      [capeTown(18), capeTown(28)], // around
      [capeTown(25, "09:59"), capeTown(26)], // one minute before its return
    ];
    for (const [pickup, returnAt] of overlapping) {
      const answer = await nothingWritten(() => post(bookingRequest(vehicle, pickup, returnAt), other.auth));
      expect([answer.status, answer.body.message]).toEqual([409, "This vehicle is no longer available for those dates"]);
    }
    // Half-open periods: back to back on either side is fine.
    expect((await post(bookingRequest(vehicle, capeTown(25), capeTown(26)), other.auth)).status).toBe(201);
    expect((await post(bookingRequest(vehicle, capeTown(18), capeTown(20)), other.auth)).status).toBe(201);
  });

  test("pending and in-progress bookings block the vehicle; completed and cancelled ones do not", async () => {
    for (const [status, blocks] of [
      ["pending", true],
      ["in_progress", true],
      ["confirmed", true],
      ["completed", false],
      ["cancelled", false],
    ] as const) {
      const vehicle = await newVehicle(services());
      const first = await post(bookingRequest(vehicle, capeTown(30), capeTown(32)));
      await db().booking.update({ where: { id: first.body.id }, data: { status } });
      const second = await post(bookingRequest(vehicle, capeTown(31), capeTown(33)));
      expect([status, second.status]).toEqual([status, blocks ? 409 : 201]);
    }
  });
});

describe("POST /api/bookings: service areas", () => {
  const outside: [string, Record<string, unknown>, string, string[]][] = [
    ["delivery in Malmesbury", { deliveryCoordinates: POINTS.malmesbury }, BOOKING_MESSAGES.deliveryOutside, ["deliveryCoordinates"]],
    ["return in Hermanus", { returnCoordinates: POINTS.hermanus }, BOOKING_MESSAGES.returnOutside, ["returnCoordinates"]],
    [
      "both outside",
      { deliveryCoordinates: POINTS.hermanus, returnCoordinates: POINTS.malmesbury },
      BOOKING_MESSAGES.deliveryOutside,
      ["deliveryCoordinates", "returnCoordinates"],
    ],
  ];
  for (const [label, change, message, fields] of outside) {
    test(`${label}: 400 naming the location, nothing created`, async () => {
      const vehicle = await newVehicle(services());
      const { status, body } = await nothingWritten(() => post(bookingRequest(vehicle, capeTown(3), capeTown(4), change)));
      expect([status, body.message]).toEqual([400, message]);
      expect(Object.keys(body.fieldErrors).sort()).toEqual(fields);
    });
  }

  test("the messages name which location", () => {
    expect(BOOKING_MESSAGES.deliveryOutside).toBe("Sorry, we don't deliver there yet: the delivery location is outside our service area");
    expect(BOOKING_MESSAGES.returnOutside).toBe("Sorry, we don't collect from there yet: the return location is outside our service area");
  });

  test("the CBD, the airport and Stellenbosch (the typed-address default) are inside", async () => {
    for (const [a, b] of [
      [POINTS.capeTownCbd, POINTS.airport],
      [POINTS.stellenbosch, POINTS.stellenbosch],
      [POINTS.airport, POINTS.capeTownCbd],
    ]) {
      const vehicle = await newVehicle(services());
      const { status } = await post(bookingRequest(vehicle, capeTown(3), capeTown(4), { deliveryCoordinates: a, returnCoordinates: b }));
      expect(status).toBe(201);
    }
  });

  test("an inactive area does not count; with no active area every point is served", async () => {
    const isolated = await startTestServer();
    try {
      const rider = await newCustomer(isolated.services);
      const inactive = await addDemoServiceArea(isolated.services, false);
      const vehicle = await newVehicle(isolated.services);
      const far = bookingRequest(vehicle, capeTown(3), capeTown(4), { deliveryCoordinates: POINTS.malmesbury, returnCoordinates: POINTS.hermanus });
      expect((await call(isolated.url, "POST", "/api/bookings", { body: far, auth: rider.auth })).status).toBe(201);
      await isolated.services.db.serviceArea.update({ where: { id: inactive.id }, data: { isActive: true } });
      const again = bookingRequest(await newVehicle(isolated.services), capeTown(3), capeTown(4), { deliveryCoordinates: POINTS.malmesbury });
      expect((await call(isolated.url, "POST", "/api/bookings", { body: again, auth: rider.auth })).status).toBe(400);
    } finally {
      await isolated.close();
    }
  });
});

describe("POST /api/bookings: who may book", () => {
  test("no token: 401, nothing created", async () => {
    const vehicle = await newVehicle(services());
    const { status, body } = await nothingWritten(() => post(bookingRequest(vehicle), {}));
    expect([status, body.code]).toEqual([401, "UNAUTHENTICATED"]);
  });

  test("a signed-out or forged token: 401 'session has expired', nothing created", async () => {
    const vehicle = await newVehicle(services());
    const rider = await newCustomer(services());
    const session = await createSession(services(), "customer", rider.id);
    await endSession(services(), session.sessionId);
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("capedrive:customer")
      .setIssuer("capedrive")
      .setSubject(rider.id)
      .sign(new TextEncoder().encode("x".repeat(48)));
    for (const token of [session.token, forged]) {
      const { status, body } = await nothingWritten(() => post(bookingRequest(vehicle), { authorization: `Bearer ${token}` }));
      expect([status, body.message]).toEqual([401, "Your session has expired. Please sign in again."]);
    }
  });

  test("an admin's or a dealership's token: 403, nothing created", async () => {
    const vehicle = await newVehicle(services());
    for (const audience of ["admin", "dealership"] as const) {
      const token = await staffToken(services(), audience);
      const { status, body } = await nothingWritten(() => post(bookingRequest(vehicle), { authorization: `Bearer ${token}` }));
      expect([audience, status, body.code, body.message]).toEqual([audience, 403, "FORBIDDEN", "This is for customers only"]);
    }
  });

  test("an incomplete profile: 403 'Please complete your profile to make bookings', before anything else, nothing created", async () => {
    const incomplete = await newCustomer(services(), { completed: false });
    const vehicle = await newVehicle(services());
    for (const body of [bookingRequest(vehicle), {}, { totalAmount: "1.00" }]) {
      const answer = await nothingWritten(() => post(body, incomplete.auth));
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([403, "FORBIDDEN", "Please complete your profile to make bookings"]);
    }
  });
});

describe("GraphQL createBooking", () => {
  test("creates the booking and answers it with its vehicle", async () => {
    const vehicle = await newVehicle(services(), { category: "large", make: "Ford", model: "Everest", images: ["/objects/a.jpg", "/objects/b.jpg"] });
    const input = bookingRequest(vehicle, capeTown(4), capeTown(6));
    const { body } = await graphql(server.url, CREATE, { input }, customer.auth);
    expect(body.errors).toBeUndefined();
    const booking = (body.data as any).createBooking;
    expect(booking).toMatchObject({
      bookingNumber: booking.id.slice(-6),
      category: "large",
      transmission: "manual",
      totalAmount: "1700.00",
      duration: 2,
      status: "confirmed",
      canCancel: true,
      cancelBlockedReason: null,
      vehicle: { id: vehicle.id, make: "Ford", model: "Everest", dailyRate: "850.00", images: ["/objects/a.jpg", "/objects/b.jpg"] },
    });
    expect(await db().emailOutbox.count({ where: { subject: { contains: booking.id.slice(-6) }, topic: null } })).toBe(1);
  });

  test("errors carry the same messages and codes as REST, and nothing is created", async () => {
    const vehicle = await newVehicle(services());
    const incomplete = await newCustomer(services(), { completed: false });
    const adminToken = await staffToken(services(), "admin");
    const cases: [Record<string, unknown>, Record<string, string>, string, string][] = [
      [bookingRequest(vehicle, capeTown(3), capeTown(2)), customer.auth, "BAD_USER_INPUT", "Return must be after pickup"],
      [
        bookingRequest(vehicle, capeTown(3), capeTown(4), { totalAmount: "1.00" }),
        customer.auth,
        "BAD_USER_INPUT",
        "The price has changed: 1 day of Small cost R450. Please review your booking and confirm again.",
      ],
      [
        bookingRequest(vehicle, capeTown(3), capeTown(4), { vehicleId: undefined }),
        customer.auth,
        "BAD_USER_INPUT",
        "Please complete all booking steps and select a vehicle",
      ],
      [
        bookingRequest(vehicle, capeTown(3), capeTown(4), { deliveryCoordinates: POINTS.malmesbury }),
        customer.auth,
        "BAD_USER_INPUT",
        BOOKING_MESSAGES.deliveryOutside,
      ],
      [bookingRequest(vehicle), incomplete.auth, "FORBIDDEN", "Please complete your profile to make bookings"],
      [bookingRequest(vehicle), {}, "UNAUTHENTICATED", "Please sign in"],
      [bookingRequest(vehicle), { authorization: `Bearer ${adminToken}` }, "FORBIDDEN", "This is for customers only"],
      [bookingRequest({ ...vehicle, id: crypto.randomUUID() }), customer.auth, "NOT_FOUND", BOOKING_MESSAGES.vehicleNotFound],
    ];
    for (const [input, auth, code, message] of cases) {
      const { status, body } = await nothingWritten(() => graphql(server.url, CREATE, { input }, auth));
      expect(status).toBeLessThan(500);
      expect(body.data?.createBooking ?? null).toBeNull();
      expect([body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message]).toEqual([code, message]);
    }
    // Taken: CONFLICT.
    expect((await graphql(server.url, CREATE, { input: bookingRequest(vehicle) }, customer.auth)).body.errors).toBeUndefined();
    const { body } = await nothingWritten(() => graphql(server.url, CREATE, { input: bookingRequest(vehicle) }, customer.auth));
    expect([body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message]).toEqual(["CONFLICT", "This vehicle is no longer available for those dates"]);
  });

  test("wrong GraphQL types are refused by the schema before the resolver, nothing created", async () => {
    const vehicle = await newVehicle(services());
    const { status, body } = await nothingWritten(() =>
      graphql(server.url, CREATE, { input: { ...bookingRequest(vehicle), duration: "two", category: "huge" } }, customer.auth),
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});

describe("the quote", () => {
  test("days, daily rate and total from the same rule the server charges by", async () => {
    const query = `query($c: VehicleCategory!, $p: String!, $r: String!) { quote(category: $c, pickupDate: $p, returnDate: $r) { days dailyRate total } }`;
    const pickup = capeTown(3, "10:00");
    const cases: [string, Date, Date, object][] = [
      ["medium", pickup, capeTown(4, "10:01"), { days: 2, dailyRate: "650.00", total: "1300.00" }],
      ["small", pickup, capeTown(6, "10:00"), { days: 3, dailyRate: "450.00", total: "1350.00" }],
    ];
    for (const [c, p, r, expected] of cases) {
      const { body } = await graphql(server.url, query, { c, p: p.toISOString(), r: r.toISOString() });
      expect(body.data).toEqual({ quote: expected });
      const quote = bookingQuote(c, p, r);
      expect((body.data as any).quote.total).toBe(quote.total);
    }
    const bad = await graphql(server.url, query, { c: "small", p: "tomorrow", r: pickup.toISOString() });
    expect([bad.body.errors?.[0]?.extensions?.code, bad.body.errors?.[0]?.message]).toEqual(["BAD_USER_INPUT", "Please enter a valid date and time"]);
    // REST answers the same figures.
    const rest = await call(
      server.url,
      "GET",
      `/api/quote?category=medium&pickupDate=${pickup.toISOString()}&returnDate=${capeTown(4, "10:01").toISOString()}`,
    );
    expect([rest.status, rest.body]).toEqual([200, { days: 2, dailyRate: "650.00", total: "1300.00" }]);
  });

  const QUOTE = `query($c: VehicleCategory!, $p: String!, $r: String!) { quote(category: $c, pickupDate: $p, returnDate: $r) { days total } }`;
  /** A quote's refusal on GraphQL and on REST, or its total when it is answered. */
  async function quoted(pickup: Date | string, returnAt: Date | string, auth: Record<string, string> = {}) {
    const p = typeof pickup === "string" ? pickup : pickup.toISOString();
    const r = typeof returnAt === "string" ? returnAt : returnAt.toISOString();
    const gql = await graphql(server.url, QUOTE, { c: "medium", p, r }, auth);
    const error = gql.body.errors?.[0];
    const rest = await call(server.url, "GET", `/api/quote?category=medium&pickupDate=${encodeURIComponent(p)}&returnDate=${encodeURIComponent(r)}`, { auth });
    return {
      graphql: error
        ? { code: error.extensions?.code, message: error.message, fieldErrors: (error.extensions as any)?.fieldErrors }
        : (gql.body.data as any).quote.total,
      rest: rest.status === 200 ? rest.body.total : { status: rest.status, message: rest.body.message, fieldErrors: rest.body.fieldErrors },
    };
  }

  test("refuses exactly the periods a booking refuses, in the booking's words, on GraphQL and REST (nothing written)", async () => {
    const vehicle = await newVehicle(services(), { category: "medium" });
    const periods: [what: string, pickup: Date | string, returnAt: Date | string][] = [
      ["return before pickup", capeTown(3), capeTown(2)],
      ["no time at all (return at pickup)", capeTown(3), capeTown(3)],
      ["pickup already passed", capeTown(-1), capeTown(1)],
      ["passed, and return before pickup", capeTown(-2), capeTown(-3)],
      ["beyond the booking horizon", capeTown(400), capeTown(401)],
      ["longer than any booking", capeTown(3), capeTown(400)],
      ["not a date", "tomorrow", capeTown(4)],
    ];
    for (const [what, pickup, returnAt] of periods) {
      const iso = (d: Date | string) => (typeof d === "string" ? d : d.toISOString());
      const booking = await nothingWritten(() => post({ ...bookingRequest(vehicle), pickupDate: iso(pickup), returnDate: iso(returnAt) }));
      expect({ what, status: booking.status }).toEqual({ what, status: 400 });
      const refusal = { message: booking.body.message, fieldErrors: booking.body.fieldErrors };
      // Anyone (the booking flow quotes before sign-in) and the customer who would book it.
      for (const auth of [{}, customer.auth]) {
        const quote = await nothingWritten(() => quoted(pickup, returnAt, auth));
        expect({ what, ...quote }).toEqual({ what, graphql: { code: "BAD_USER_INPUT", ...refusal }, rest: { status: 400, ...refusal } });
      }
    }
    // A period the booking takes is priced.
    expect(await quoted(capeTown(3), capeTown(5))).toEqual({ graphql: "1300.00", rest: "1300.00" });
  });

  test("a customer whose longest rental an admin lowered is held to it, as their booking would be; anyone else to the operator's", async () => {
    const limited = await newCustomer(services());
    await db().user.update({ where: { id: limited.id }, data: { maxRentalDays: 10 } });
    const vehicle = await newVehicle(services(), { category: "medium" });
    const booking = await nothingWritten(() => post(bookingRequest(vehicle, capeTown(3), capeTown(15)), limited.auth));
    expect([booking.status, booking.body.message]).toEqual([400, QUOTA_MESSAGES.tooLong(10)]);
    const refusal = { message: QUOTA_MESSAGES.tooLong(10), fieldErrors: { returnDate: QUOTA_MESSAGES.tooLong(10) } };
    // Anyone first: their answer is not served again to the customer whose own limit refuses it.
    expect(await quoted(capeTown(3), capeTown(15))).toEqual({ graphql: "7800.00", rest: "7800.00" });
    expect(await quoted(capeTown(3), capeTown(15), limited.auth)).toEqual({
      graphql: { code: "BAD_USER_INPUT", ...refusal },
      rest: { status: 400, ...refusal },
    });
  });
});

describe("my bookings", () => {
  let rider: TestCustomer;
  let ids: string[];
  // The customer's order (issue 15, point 11): the trip under way, then the coming ones soonest
  // first, then the past ones most recent first; not the order they were made in.
  let expected: string[];
  beforeAll(async () => {
    rider = await newCustomer(services());
    ids = [];
    // Made in this order: +5 days, +3 days, +4 days, +8 days, +6 days.
    for (const [i, day] of [5, 3, 4, 8, 6].entries()) {
      const vehicle = await newVehicle(services(), { make: `Make ${i}` });
      const { body } = await post(bookingRequest(vehicle, capeTown(day), capeTown(day + 1)), rider.auth);
      ids.push(body.id);
    }
    const db = services().db;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // On the road now (picked up yesterday, back tomorrow).
    await db.booking.update({ where: { id: ids[3]! }, data: { status: "in_progress", pickupDate: hoursAgo(24), returnDate: hoursAgo(-24) } });
    // Done ten days ago; cancelled (its dates still ahead: cancelled is past all the same).
    await db.booking.update({ where: { id: ids[4]! }, data: { status: "completed", pickupDate: hoursAgo(240), returnDate: hoursAgo(216) } });
    await db.booking.update({ where: { id: ids[2]! }, data: { status: "cancelled" } });
    // Confirmed but its return has passed (nobody closed it): past, and more recent than the completed one.
    await db.booking.update({ where: { id: ids[0]! }, data: { pickupDate: hoursAgo(72), returnDate: hoursAgo(48) } });
    // now: ids[3]; upcoming: ids[1] (+3 days); past by pickup, latest first: ids[2] (+4 days, cancelled), ids[0] (3 days ago), ids[4] (10 days ago).
    expected = [ids[3]!, ids[1]!, ids[2]!, ids[0]!, ids[4]!];
    // Someone else's booking must never show up.
    await post(bookingRequest(await newVehicle(services()), capeTown(3), capeTown(4)));
  });

  test("GET /api/bookings: own bookings only, current and upcoming first, then past; with vehicle and the server's totals", async () => {
    const { status, body } = await call(server.url, "GET", "/api/bookings", { auth: rider.auth });
    expect(status).toBe(200);
    expect(body.map((b: any) => b.id)).toEqual(expected);
    expect(body[1]).toMatchObject({ category: "small", totalAmount: "450.00", duration: 1, status: "confirmed", vehicle: { make: "Make 1" } });
    for (const b of body) expect(Object.keys(b).sort()).toEqual(BOOKING_KEYS);
  });

  test("GraphQL myBookings: the same order; limit and offset across the parts; the home screen's first 2 are the current trip and the next", async () => {
    const list = async (args: string) => {
      const { body } = await graphql(server.url, `{ myBookings${args} { id bookingNumber vehicle { make } } }`, undefined, rider.auth);
      expect(body.errors).toBeUndefined();
      return (body.data as any).myBookings as { id: string; bookingNumber: string; vehicle: { make: string } }[];
    };
    expect((await list("")).map((b) => b.id)).toEqual(expected);
    expect((await list("(limit: 2)")).map((b) => b.id)).toEqual([ids[3]!, ids[1]!]);
    for (const [limit, offset] of [
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 2],
      [2, 4],
      [5, 0],
      [3, 0],
      [4, 0],
      [1, 5],
    ] as const) {
      expect([limit, offset, (await list(`(limit: ${limit}, offset: ${offset})`)).map((b) => b.id)]).toEqual([
        limit,
        offset,
        expected.slice(offset, offset + limit),
      ]);
    }
    expect((await list("(limit: 1000)")).length).toBe(5);
    expect((await list("(limit: 1)"))[0]).toEqual({ id: ids[3]!, bookingNumber: ids[3]!.slice(-6), vehicle: { make: "Make 3" } });
  });

  test("a first page shorter than the past bookings: the most recent past ones, after the open one", async () => {
    const reader = await newCustomer(services());
    const made: string[] = [];
    for (const day of [3, 4, 5, 6, 7]) {
      const { body } = await post(bookingRequest(await newVehicle(services()), capeTown(day), capeTown(day + 1)), reader.auth);
      made.push(body.id);
    }
    const db = services().db;
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    // One open (made[0]); four past, picked up 20, 5, 12 and 9 days ago: most recent first is 1, 4, 3, 2.
    for (const [i, ago] of [
      [1, 20],
      [2, 5],
      [3, 12],
      [4, 9],
    ] as const) {
      await db.booking.update({ where: { id: made[i]! }, data: { status: "completed", pickupDate: daysAgo(ago), returnDate: daysAgo(ago - 1) } });
    }
    const order = [made[0]!, made[2]!, made[4]!, made[3]!, made[1]!];
    for (const limit of [1, 2, 3, 4]) {
      const { body } = await graphql(server.url, `{ myBookings(limit: ${limit}) { id } }`, undefined, reader.auth);
      expect([limit, (body.data as any).myBookings.map((b: { id: string }) => b.id)]).toEqual([limit, order.slice(0, limit)]);
    }
    expect((await call(server.url, "GET", "/api/bookings", { auth: reader.auth })).body.map((b: any) => b.id)).toEqual(order);
  });

  test("not signed in: 401; another area's token: 403; GraphQL likewise", async () => {
    expect((await call(server.url, "GET", "/api/bookings")).status).toBe(401);
    const token = await staffToken(services(), "dealership");
    expect((await call(server.url, "GET", "/api/bookings", { auth: { authorization: `Bearer ${token}` } })).status).toBe(403);
    const anonymous = await graphql(server.url, "{ myBookings { id } }");
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  test("one booking: the owner reads it; anyone else gets 404 NOT_FOUND (no hint that it exists)", async () => {
    const id = ids[0]!;
    expect((await call(server.url, "GET", `/api/bookings/${id}`, { auth: rider.auth })).body).toMatchObject({ id, status: "confirmed" });
    const stranger = await newCustomer(services());
    for (const path of [`/api/bookings/${id}`, `/api/bookings/${crypto.randomUUID()}`]) {
      const answer = await call(server.url, "GET", path, { auth: stranger.auth });
      expect([answer.status, answer.body.message]).toEqual([404, "Booking not found"]);
    }
    const gql = `query($id: ID!) { booking(id: $id) { id status } }`;
    expect((await graphql(server.url, gql, { id }, rider.auth)).body.data).toEqual({ booking: { id, status: "confirmed" } });
    const refused = await graphql(server.url, gql, { id }, stranger.auth);
    expect(refused.body.data?.booking ?? null).toBeNull();
    expect([refused.body.errors?.[0]?.extensions?.code, refused.body.errors?.[0]?.message]).toEqual(["NOT_FOUND", "Booking not found"]);
  });

  test("the list and one booking give the car's photo urls in display order, as the booking's own answer did", async () => {
    const owner = await newCustomer(services());
    const vehicle = await newVehicle(services(), { make: "Toyota", model: "Corolla", images: ["/objects/p/a.jpg", "/objects/p/b.jpg"] });
    await db().vehicleImage.create({ data: { vehicleId: vehicle.id, url: "/objects/p/first.jpg", position: -1 } });
    const inOrder = ["/objects/p/first.jpg", "/objects/p/a.jpg", "/objects/p/b.jpg"];
    const booked = await post(bookingRequest(vehicle, capeTown(5), capeTown(6)), owner.auth);
    expect([booked.status, booked.body.vehicle.images]).toEqual([201, inOrder]);
    const [listed] = (await call(server.url, "GET", "/api/bookings", { auth: owner.auth })).body;
    expect(listed).toEqual(booked.body);
    expect((await call(server.url, "GET", `/api/bookings/${booked.body.id}`, { auth: owner.auth })).body).toEqual(booked.body);
  });
});

describe("cancelling", () => {
  /** A booking written straight to the database (pickup times the API would refuse). */
  async function stored(owner: TestCustomer, pickup: Date, status: "pending" | "confirmed" | "in_progress" | "completed" | "cancelled" = "confirmed") {
    const vehicle = await newVehicle(services());
    return storeBooking(services(), { userId: owner.id, vehicleId: vehicle.id, pickup, returnAt: new Date(pickup.getTime() + 86_400_000), status });
  }

  const cancel = (id: string, auth?: Record<string, string>) => call(server.url, "PUT", `/api/bookings/${id}/cancel`, { auth });
  const statusOf = async (id: string) => (await db().booking.findUniqueOrThrow({ where: { id } })).status;

  test("the owner cancels: {success, booking} with status cancelled, a cancellation email, and the car is free again", async () => {
    const vehicle = await newVehicle(services());
    const created = await post(bookingRequest(vehicle, capeTown(5), capeTown(7)));
    const emails = await db().emailOutbox.count({ where: { topic: null } });
    const { status, body } = await cancel(created.body.id, customer.auth);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.booking).toMatchObject({
      id: created.body.id,
      status: "cancelled",
      canCancel: false,
      cancelBlockedReason: "This booking is already cancelled",
    });
    expect(await statusOf(created.body.id)).toBe("cancelled");
    expect(await db().emailOutbox.count({ where: { topic: null } })).toBe(emails + 1);
    const row = await db().emailOutbox.findFirstOrThrow({ where: { subject: `Booking #${created.body.id.slice(-6)} cancelled` } });
    expect(await mailText(row.id)).toContain(`Your booking #${created.body.id.slice(-6)} has been cancelled, as you asked.`);
    // The same car and dates can be booked again.
    expect((await post(bookingRequest(vehicle, capeTown(5), capeTown(7)))).status).toBe(201);
  });

  test("already cancelled, or completed: 409 with the reason, unchanged", async () => {
    for (const [state, message] of [
      ["cancelled", "This booking is already cancelled"],
      ["completed", "Completed bookings cannot be cancelled"],
    ] as const) {
      const booking = await stored(customer, capeTown(10), state);
      const { status, body } = await nothingWritten(() => cancel(booking.id, customer.auth));
      expect([status, body.code, body.message]).toEqual([409, "CONFLICT", message]);
      expect(await statusOf(booking.id)).toBe(state);
    }
  });

  test("inside 24 hours before pickup (or after it): 409 'Bookings can only be cancelled up to 24 hours before pickup'; a trip on the road says it has started", async () => {
    for (const hours of [23.9, 2, -3, -5]) {
      const onTheRoad = hours === -5;
      const booking = await stored(customer, new Date(Date.now() + hours * 3_600_000), onTheRoad ? "in_progress" : "confirmed");
      const reason = onTheRoad ? CANCEL_BLOCKED_MESSAGES.started : "Bookings can only be cancelled up to 24 hours before pickup";
      const { status, body } = await nothingWritten(() => cancel(booking.id, customer.auth));
      expect([hours, status, body.message]).toEqual([hours, 409, reason]);
      expect(await statusOf(booking.id)).not.toBe("cancelled");
      const listed = (await call(server.url, "GET", `/api/bookings/${booking.id}`, { auth: customer.auth })).body;
      expect([listed.canCancel, listed.cancelBlockedReason]).toEqual([false, reason]);
    }
    // 24 h and a minute ahead is still fine; pending bookings too.
    const early = await stored(customer, new Date(Date.now() + 24 * 3_600_000 + 60_000), "pending");
    expect((await cancel(early.id, customer.auth)).status).toBe(200);
  });

  test("the 24-hour rule is judged at the moment of the request (service, with a fixed clock)", async () => {
    const pickup = capeTown(9, "10:00");
    const booking = await stored(customer, pickup);
    const viewer = { kind: "customer" as const, userId: customer.id, sessionId: "s", clientAddress: "test" };
    await expect(cancelBooking(services(), viewer, booking.id, { now: new Date(pickup.getTime() - 24 * 3_600_000 + 1) })).rejects.toThrow(
      "Bookings can only be cancelled up to 24 hours before pickup",
    );
    expect((await cancelBooking(services(), viewer, booking.id, { now: new Date(pickup.getTime() - 24 * 3_600_000) })).status).toBe("cancelled");
  });

  test("another customer's booking: 404 on read and cancel, and it stays as it was", async () => {
    const booking = await stored(customer, capeTown(12));
    const stranger = await newCustomer(services());
    const { status, body } = await nothingWritten(() => cancel(booking.id, stranger.auth));
    expect([status, body.message]).toEqual([404, "Booking not found"]);
    const gql = await graphql(server.url, `mutation($id: ID!) { cancelBooking(id: $id) { id status } }`, { id: booking.id }, stranger.auth);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(await statusOf(booking.id)).toBe("confirmed");
  });

  test("no token: 401; another area's token: 403; an unknown id: 404", async () => {
    const booking = await stored(customer, capeTown(12));
    expect((await cancel(booking.id)).status).toBe(401);
    const token = await staffToken(services(), "admin");
    expect((await cancel(booking.id, { authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await cancel(crypto.randomUUID(), customer.auth)).status).toBe(404);
    expect(await statusOf(booking.id)).toBe("confirmed");
  });

  /** What a cancellation writes: its email, its credit note, its history row. */
  const cancellationTrail = async (id: string) => ({
    emails: await db().emailOutbox.count({ where: { subject: `Booking #${id.slice(-6)} cancelled` } }),
    creditNotes: await db().invoice.count({ where: { bookingId: id, kind: "credit_note" } }),
    history: await db().bookingChange.count({ where: { bookingId: id, kind: "status" } }),
  });

  test("GraphQL cancelBooking; two cancels at once by the owner: both answer the cancelled booking, cancelled once", async () => {
    const owner = await newCustomer(services());
    const vehicle = await newVehicle(services());
    const booking = (await post(bookingRequest(vehicle, capeTown(14), capeTown(15)), owner.auth)).body as { id: string };
    const mutation = `mutation($id: ID!) { cancelBooking(id: $id) { id status canCancel cancelBlockedReason } }`;
    const answers = await Promise.all([
      graphql(server.url, mutation, { id: booking.id }, owner.auth),
      graphql(server.url, mutation, { id: booking.id }, owner.auth),
    ]);
    for (const answer of answers) {
      expect(answer.body.errors).toBeUndefined();
      expect((answer.body.data as any).cancelBooking).toEqual({
        id: booking.id,
        status: "cancelled",
        canCancel: false,
        cancelBlockedReason: "This booking is already cancelled",
      });
    }
    expect(await cancellationTrail(booking.id)).toEqual({ emails: 1, creditNotes: 1, history: 1 });
  });

  test("cancelled again by its customer (the first answer lost): the cancelled booking again, and no second email, credit note or history row", async () => {
    const owner = await newCustomer(services());
    const vehicle = await newVehicle(services());
    const pickup = capeTown(9, "10:00");
    const booking = (await post(bookingRequest(vehicle, pickup, capeTown(11, "10:00")), owner.auth)).body as { id: string };
    const first = await cancel(booking.id, owner.auth);
    expect([first.status, first.body.booking.status]).toEqual([200, "cancelled"]);
    const trail = await cancellationTrail(booking.id);
    expect(trail).toEqual({ emails: 1, creditNotes: 1, history: 1 });

    const again = await cancel(booking.id, owner.auth);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const gql = await graphql(server.url, `mutation($id: ID!) { cancelBooking(id: $id) { id status } }`, { id: booking.id }, owner.auth);
    expect(gql.body.errors).toBeUndefined();
    expect((gql.body.data as any).cancelBooking).toEqual({ id: booking.id, status: "cancelled" });
    // Even once inside the 24 hours before pickup: the cancellation was made in time.
    const viewer = { kind: "customer" as const, userId: owner.id, sessionId: "s", clientAddress: "test" };
    expect((await cancelBooking(services(), viewer, booking.id, { now: new Date(pickup.getTime() - 3_600_000) })).status).toBe("cancelled");
    expect(await cancellationTrail(booking.id)).toEqual(trail);

    // Another customer still learns nothing of it.
    const stranger = await newCustomer(services());
    const foreign = await cancel(booking.id, stranger.auth);
    expect([foreign.status, foreign.body.message]).toEqual([404, "Booking not found"]);
    expect(await cancellationTrail(booking.id)).toEqual(trail);
  });

  test("a booking CapeDrive cancelled: the customer's cancel is told it is already cancelled (409), nothing written", async () => {
    const owner = await newCustomer(services());
    const vehicle = await newVehicle(services());
    const booking = (await post(bookingRequest(vehicle, capeTown(16), capeTown(17)), owner.auth)).body as { id: string };
    const admin = await staffToken(services(), "admin");
    const byAdmin = await graphql(
      server.url,
      `mutation($id: ID!) { updateBookingStatus(id: $id, status: cancelled) { status } }`,
      { id: booking.id },
      { authorization: `Bearer ${admin}` },
    );
    expect(byAdmin.body.errors).toBeUndefined();
    const trail = await cancellationTrail(booking.id);
    const { status, body } = await nothingWritten(() => cancel(booking.id, owner.auth));
    expect([status, body.code, body.message]).toEqual([409, "CONFLICT", "This booking is already cancelled"]);
    expect(await cancellationTrail(booking.id)).toEqual(trail);
  });
});

describe("the service with a fixed clock", () => {
  test("pickup one millisecond in the past is refused; at 'now' it is accepted", async () => {
    const vehicle = await newVehicle(services());
    const viewer = { kind: "customer" as const, userId: customer.id, sessionId: "s", clientAddress: "test" };
    const pickup = capeTown(2, "10:00");
    const request = bookingRequest(vehicle, pickup, capeTown(3, "10:00"));
    await expect(createBooking(services(), viewer, request, { now: new Date(pickup.getTime() + 1) })).rejects.toThrow("The pickup time has already passed");
    expect((await createBooking(services(), viewer, request, { now: pickup })).status).toBe("confirmed");
  });
});

describe("available vehicles for a period", () => {
  let isolated: TestServer;
  let v: Record<"free" | "overlap" | "pending" | "progress" | "done" | "cancelled" | "backToBack" | "maintenance" | "auto", { id: string }>;
  const pickup = capeTown(40, "10:00");
  const returnAt = capeTown(43, "10:00");
  beforeAll(async () => {
    isolated = await startTestServer();
    const s = isolated.services;
    const rider = await newCustomer(s);
    const make = (status?: "maintenance") => newVehicle(s, { status });
    v = {
      free: await make(),
      overlap: await make(),
      pending: await make(),
      progress: await make(),
      done: await make(),
      cancelled: await make(),
      backToBack: await make(),
      maintenance: await make("maintenance"),
      auto: await newVehicle(s, { transmission: "automatic" }),
    };
    const book = async (vehicle: { id: string }, p: Date, r: Date, status: "pending" | "confirmed" | "in_progress" | "completed" | "cancelled") => {
      await s.db.booking.create({
        data: {
          userId: rider.id,
          vehicleId: vehicle.id,
          category: "small",
          transmission: "manual",
          pickupDate: p,
          returnDate: r,
          deliveryLocation: "A",
          deliveryCoordinates: POINTS.capeTownCbd,
          returnLocation: "B",
          returnCoordinates: POINTS.capeTownCbd,
          totalAmount: "450.00",
          duration: 1,
          status,
        },
      });
    };
    await book(v.overlap, capeTown(42), capeTown(45), "confirmed");
    await book(v.pending, capeTown(39), capeTown(41), "pending");
    await book(v.progress, capeTown(41), capeTown(42), "in_progress");
    await book(v.done, capeTown(40), capeTown(43), "completed");
    await book(v.cancelled, capeTown(40), capeTown(43), "cancelled");
    await book(v.backToBack, capeTown(43, "10:00"), capeTown(44), "confirmed");
    await book(v.backToBack, capeTown(38), capeTown(40, "10:00"), "confirmed");
    await book(v.free, capeTown(50), capeTown(52), "confirmed");
  });
  afterAll(async () => {
    await isolated?.close();
  });

  const gqlIds = async (args: string) => {
    const { body } = await graphql(isolated.url, `{ vehicles(${args}) { id } }`);
    expect(body.errors).toBeUndefined();
    return ((body.data as any).vehicles as { id: string }[]).map((x) => x.id).sort();
  };

  test("GraphQL: only available vehicles with no pending, confirmed or in-progress booking overlapping the period", async () => {
    const expected = [v.free, v.done, v.cancelled, v.backToBack].map((x) => x.id).sort();
    expect(await gqlIds(`category: small, transmission: manual, pickupDate: "${pickup.toISOString()}", returnDate: "${returnAt.toISOString()}"`)).toEqual(
      expected,
    );
    // Without a period: every available small manual.
    expect(await gqlIds("category: small, transmission: manual")).toEqual(
      [v.free, v.overlap, v.pending, v.progress, v.done, v.cancelled, v.backToBack].map((x) => x.id).sort(),
    );
    // The automatic is free but of another transmission.
    expect(await gqlIds(`transmission: automatic, pickupDate: "${pickup.toISOString()}", returnDate: "${returnAt.toISOString()}"`)).toEqual([v.auto.id]);
  });

  test("REST GET /api/vehicles takes the same optional filters", async () => {
    const q = new URLSearchParams({ category: "small", transmission: "manual", pickupDate: pickup.toISOString(), returnDate: returnAt.toISOString() });
    const { status, body } = await call(isolated.url, "GET", `/api/vehicles?${q}`);
    expect(status).toBe(200);
    expect(body.map((x: any) => x.id).sort()).toEqual([v.free, v.done, v.cancelled, v.backToBack].map((x) => x.id).sort());
  });

  test("a half period, return not after pickup, or an unreadable date: 400", async () => {
    const cases: [string, string][] = [
      [`pickupDate: "${pickup.toISOString()}"`, "Return date is required"],
      [`returnDate: "${returnAt.toISOString()}"`, "Pickup date is required"],
      [`pickupDate: "${returnAt.toISOString()}", returnDate: "${pickup.toISOString()}"`, "Return must be after pickup"],
      [`pickupDate: "${pickup.toISOString()}", returnDate: "${pickup.toISOString()}"`, "Return must be after pickup"],
      [`pickupDate: "tomorrow", returnDate: "${returnAt.toISOString()}"`, "Please enter a valid date and time"],
    ];
    for (const [args, message] of cases) {
      const { status, body } = await graphql(isolated.url, `{ vehicles(${args}) { id } }`);
      expect(status).toBeLessThan(500);
      expect([body.errors?.[0]?.extensions?.code, body.errors?.[0]?.message]).toEqual(["BAD_USER_INPUT", message]);
    }
    const rest = await call(
      isolated.url,
      "GET",
      `/api/vehicles?pickupDate=${encodeURIComponent(returnAt.toISOString())}&returnDate=${encodeURIComponent(pickup.toISOString())}`,
    );
    expect([rest.status, rest.body.message]).toEqual([400, "Return must be after pickup"]);
    const badCategory = await call(isolated.url, "GET", `/api/vehicles?category=huge`);
    expect([badCategory.status, badCategory.body.message]).toEqual([400, "Please select a category"]);
  });
});

describe("GET /api/vehicles: the whole list", () => {
  test("more than 50 and more than 100 vehicles all come back in one list", async () => {
    const big = await startTestServer();
    try {
      await big.services.db.vehicle.createMany({
        data: Array.from({ length: 150 }, (_, i) => ({
          registrationNumber: `WP ${100000 + i}`,
          make: "Kia",
          model: `Picanto ${i}`,
          year: 2024,
          category: "small" as const,
          transmission: "manual" as const,
          dailyRate: "450.00",
          features: [],
        })),
      });
      await big.services.db.vehicle.create({
        data: {
          registrationNumber: "WP 999",
          make: "Kia",
          model: "Broken",
          year: 2024,
          category: "small",
          dailyRate: "450.00",
          features: [],
          status: "maintenance",
        },
      });
      const { status, body } = await call(big.url, "GET", "/api/vehicles");
      expect(status).toBe(200);
      expect(body.length).toBe(150);
      expect(new Set(body.map((x: any) => x.id)).size).toBe(150);
      for (const key of ["id", "make", "model", "year", "transmission", "category", "dailyRate", "dealershipId"]) expect(Object.keys(body[0])).toContain(key);
    } finally {
      await big.close();
    }
  });
});
