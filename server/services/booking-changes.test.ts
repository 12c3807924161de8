// Changing bookings and extending trips (issue 13), over real HTTP (GraphQL) on SQLite or
// PostgreSQL: the quote and its difference, the figures the customer saw, the 24-hour rule, the
// car kept or swapped or none free (409, unchanged), the history, the tax notes, the reminders
// rescheduled, the change email with its calendar, admin changes (audited, no 24-hour limit, a
// trip in progress extended or shortened), extensions up to the next booking of the car, and
// parallel changes and bookings of one car never overlapping.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ICAL from "ical.js";
import { bookingQuote, CHANGE_BLOCKED_MESSAGES, formatConfirmationDateTime, periodsOverlap, QUOTA_MESSAGES } from "#domain";
import { newAdmin } from "../testing/admin";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle, POINTS, type TestCustomer } from "../testing/bookings";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { CHANGE_MESSAGES } from "./booking-changes";

const HOUR = 3_600_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await addDemoServiceArea(server.services);
});
afterAll(async () => {
  await server?.close();
});
const db = () => server.services.db;

const QUOTE = `query($id: ID!, $input: BookingChangeInput!) {
  bookingChangeQuote(id: $id, input: $input) { days total oldTotal difference differenceText car changes { field label from to } }
}`;
const CHANGE = `mutation($id: ID!, $input: BookingChangeInput!) {
  changeBooking(id: $id, input: $input) { id pickupDate returnDate totalAmount duration vehicle { id } deliveryLocation
    changes { kind madeBy differenceText oldTotal newTotal carChanged changes { field from to } } }
}`;
const EXTEND_QUOTE = `query($id: ID!, $returnDate: String!) { tripExtensionQuote(id: $id, returnDate: $returnDate) { total differenceText car freeUntil } }`;
const EXTEND = `mutation($id: ID!, $input: TripExtensionInput!) { extendTrip(id: $id, input: $input) { returnDate totalAmount changes { kind } } }`;
const ADMIN_CHANGE = `mutation($id: ID!, $input: BookingChangeInput!) { adminChangeBooking(id: $id, input: $input) { returnDate pickupDate totalAmount changes { kind madeBy } } }`;

async function book(customer: TestCustomer, car: { id: string; category: any; transmission: any }, pickup = capeTown(5), returnAt = capeTown(8)) {
  const answer = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, pickup, returnAt) });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
}

/** Everything a refused change must leave as it was. */
async function snapshot(bookingId: string) {
  const [booking, changes, invoices, outbox] = await Promise.all([
    db().booking.findUniqueOrThrow({ where: { id: bookingId } }),
    db().bookingChange.count({ where: { bookingId } }),
    db().invoice.count({ where: { bookingId } }),
    db().emailOutbox.count(),
  ]);
  return { booking, changes, invoices, outbox };
}

describe("a customer changes a booking", () => {
  test("new dates: the quote shows the difference, the confirm keeps the car, and history, tax note, reminders and email follow", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services, { category: "medium" });
    const booked = await book(customer, car, capeTown(5), capeTown(8));
    const newPickup = capeTown(6, "09:00");
    const newReturn = capeTown(10, "09:00");
    const input = { pickupDate: newPickup.toISOString(), returnDate: newReturn.toISOString() };

    const quoted = await graphql(server.url, QUOTE, { id: booked.id, input }, customer.auth);
    expect(quoted.body.errors).toBeUndefined();
    const expected = bookingQuote("medium", newPickup, newReturn);
    expect(quoted.body.data.bookingChangeQuote).toMatchObject({
      days: 4,
      total: expected.total,
      oldTotal: "1950.00",
      difference: "650.00",
      differenceText: "R650 more",
      car: "same",
    });
    expect(quoted.body.data.bookingChangeQuote.changes.map((c: any) => c.field)).toEqual(["pickupDate", "returnDate"]);
    // A quote changes nothing.
    expect(await db().bookingChange.count({ where: { bookingId: booked.id } })).toBe(0);

    const changed = await graphql(server.url, CHANGE, { id: booked.id, input: { ...input, totalAmount: expected.total, duration: 4 } }, customer.auth);
    expect(changed.body.errors).toBeUndefined();
    const after = changed.body.data.changeBooking;
    expect(after).toMatchObject({ pickupDate: newPickup.toISOString(), returnDate: newReturn.toISOString(), totalAmount: "2600.00", duration: 4 });
    expect(after.vehicle.id).toBe(car.id);
    expect(after.changes).toEqual([
      {
        kind: "change",
        madeBy: "customer",
        differenceText: "R650 more",
        oldTotal: "1950.00",
        newTotal: "2600.00",
        carChanged: false,
        changes: [expect.objectContaining({ field: "pickupDate" }), expect.objectContaining({ field: "returnDate" })],
      },
    ]);

    // The invoice stays; a debit note adds the difference.
    const documents = await db().invoice.findMany({ where: { bookingId: booked.id }, orderBy: { number: "asc" } });
    expect(documents.map((d) => [d.kind, d.totalCents])).toEqual([
      ["invoice", 195_000],
      ["debit_note", 65_000],
    ]);
    // The note says what the rental now is: the invoice describes it as first booked.
    expect(documents[1]!.description).toBe(
      `Booking changed, now: Medium, manual, 4 days, ${formatConfirmationDateTime(newPickup)} to ${formatConfirmationDateTime(newReturn)} (Cape Town), booking #${booked.id.slice(-6)}`,
    );
    // The reminders moved with the times.
    const reminders = await db().emailOutbox.findMany({ where: { topic: { startsWith: `reminder:${booked.id}:` } }, orderBy: { nextAttemptAt: "asc" } });
    expect(reminders.map((r) => r.nextAttemptAt.toISOString())).toEqual([
      new Date(newPickup.getTime() - 24 * HOUR).toISOString(),
      new Date(newReturn.getTime() - 3 * HOUR).toISOString(),
    ]);
    // The change email (as delivered: the test server writes mail to DATA_DIR/mail), with the
    // calendar that replaces the imported events: same UIDs, the next SEQUENCE, the new times.
    await server.mailer.flush();
    const row = await db().emailOutbox.findFirstOrThrow({ where: { to: customer.email, subject: { contains: "changed" } } });
    const folder = join(server.database.dataDir, "mail");
    const mail = readFileSync(join(folder, readdirSync(folder).find((n) => n.endsWith(`-${row.id}.txt`))!), "utf8");
    expect(mail).toContain("R650 more");
    const ics = mail.slice(mail.indexOf("BEGIN:VCALENDAR"), mail.indexOf("END:VCALENDAR") + "END:VCALENDAR".length);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zone = calendar.getFirstSubcomponent("vtimezone");
    if (zone) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.sequence, e.startDate.toJSDate().toISOString()])).toEqual([
      [1, newPickup.toISOString()],
      [1, newReturn.toISOString()],
    ]);
    expect(events[0]!.component.getFirstPropertyValue("location")).toBe("12 Long Street, Cape Town");
  });

  test("a cheaper category and another place: another car of the new kind, a credit note, and the new place checked", async () => {
    const customer = await newCustomer(server.services);
    const large = await newVehicle(server.services, { category: "large" });
    const small = await newVehicle(server.services, { category: "small" });
    const booked = await book(customer, large, capeTown(5), capeTown(7));

    const outside = await graphql(
      server.url,
      CHANGE,
      { id: booked.id, input: { deliveryLocation: "Hermanus", deliveryCoordinates: POINTS.hermanus } },
      customer.auth,
    );
    expect(outside.body.errors?.[0]?.message).toContain("we don't deliver there");

    const input = { category: "small", deliveryLocation: "Cape Town International Airport", deliveryCoordinates: POINTS.airport };
    const quoted = await graphql(server.url, QUOTE, { id: booked.id, input }, customer.auth);
    expect(quoted.body.data.bookingChangeQuote).toMatchObject({ differenceText: "R800 less", car: "other" });
    const changed = await graphql(server.url, CHANGE, { id: booked.id, input }, customer.auth);
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data.changeBooking.vehicle.id).toBe(small.id);
    expect(changed.body.data.changeBooking.changes[0].carChanged).toBe(true);
    const credit = await db().invoice.findFirstOrThrow({ where: { bookingId: booked.id, kind: "credit_note" } });
    expect(credit.totalCents).toBe(-80_000);
  });

  test("the same car is taken for the new dates: another free car of the kind; none free: 409 and nothing changes", async () => {
    const customer = await newCustomer(server.services);
    const other = await newCustomer(server.services);
    const car = await newVehicle(server.services, { category: "large", transmission: "automatic" });
    const booked = await book(customer, car, capeTown(30), capeTown(32));
    await book(other, car, capeTown(34), capeTown(36));
    const input = { pickupDate: capeTown(33).toISOString(), returnDate: capeTown(35).toISOString() };

    const before = await snapshot(booked.id);
    const refused = await graphql(server.url, CHANGE, { id: booked.id, input }, customer.auth);
    expect(refused.body.errors?.[0]).toMatchObject({ message: CHANGE_MESSAGES.noCarFree("large", "automatic"), extensions: { code: "CONFLICT" } });
    expect(await snapshot(booked.id)).toEqual(before);

    const spare = await newVehicle(server.services, { category: "large", transmission: "automatic" });
    const changed = await graphql(server.url, CHANGE, { id: booked.id, input }, customer.auth);
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data.changeBooking.vehicle.id).toBe(spare.id);
  });

  test("refusals change nothing: figures the server no longer quotes, inside 24 hours, someone else's booking, nothing asked", async () => {
    const customer = await newCustomer(server.services);
    const stranger = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const booked = await book(customer, car, capeTown(5), capeTown(7));
    const before = await snapshot(booked.id);

    const stale = await graphql(
      server.url,
      CHANGE,
      { id: booked.id, input: { returnDate: capeTown(8).toISOString(), totalAmount: "900.00", duration: 2 } },
      customer.auth,
    );
    expect(stale.body.errors?.[0]?.message).toBe("The price has changed: 3 days of Small cost R1,350. Please review your booking and confirm again.");
    const foreign = await graphql(server.url, CHANGE, { id: booked.id, input: { returnDate: capeTown(8).toISOString() } }, stranger.auth);
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const nothing = await graphql(server.url, CHANGE, { id: booked.id, input: {} }, customer.auth);
    expect(nothing.body.errors?.[0]).toMatchObject({ message: CHANGE_MESSAGES.nothingAsked, extensions: { code: "BAD_USER_INPUT" } });
    const badDates = await graphql(server.url, CHANGE, { id: booked.id, input: { returnDate: capeTown(4).toISOString() } }, customer.auth);
    expect(badDates.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const onlyPlace = await graphql(server.url, CHANGE, { id: booked.id, input: { deliveryLocation: "Somewhere" } }, customer.auth);
    expect(onlyPlace.body.errors?.[0]?.message).toBe("Delivery location is required");
    expect(await snapshot(booked.id)).toEqual(before);

    // Pickup 20 hours away: the cancel button's rule, in the change's words.
    const soon = await book(customer, await newVehicle(server.services), new Date(Date.now() + 20 * HOUR), new Date(Date.now() + 70 * HOUR));
    const soonBefore = await snapshot(soon.id);
    const late = await graphql(server.url, CHANGE, { id: soon.id, input: { returnDate: new Date(Date.now() + 100 * HOUR).toISOString() } }, customer.auth);
    expect(late.body.errors?.[0]).toMatchObject({ message: CHANGE_BLOCKED_MESSAGES.tooLate, extensions: { code: "CONFLICT" } });
    expect(await snapshot(soon.id)).toEqual(soonBefore);
    const listed = await graphql(server.url, `query($id: ID!) { booking(id: $id) { canChange changeBlockedReason } }`, { id: soon.id }, customer.auth);
    expect(listed.body.data.booking).toEqual({ canChange: false, changeBlockedReason: CHANGE_BLOCKED_MESSAGES.tooLate });
  });
});

describe("asking again for what the booking already is", () => {
  test("a change sent again after it was made (its answer lost) answers the booking as it is: one history row, one debit note, one email", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services, { category: "medium" });
    const booked = await book(customer, car, capeTown(5), capeTown(8));
    const input = { returnDate: capeTown(9).toISOString(), totalAmount: "2600.00", duration: 4 };
    const first = await graphql(server.url, CHANGE, { id: booked.id, input }, customer.auth);
    expect(first.body.errors).toBeUndefined();
    const after = await snapshot(booked.id);
    expect([after.changes, after.invoices]).toEqual([1, 2]);

    // The same request again: the same answer, and nothing more is written (not even updatedAt).
    const again = await graphql(server.url, CHANGE, { id: booked.id, input }, customer.auth);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.changeBooking).toEqual(first.body.data.changeBooking);
    expect(await snapshot(booked.id)).toEqual(after);
    // Sent from a screen that still shows the booking as it was: only the fields it thought differ.
    const stale = await graphql(
      server.url,
      CHANGE,
      { id: booked.id, input: { pickupDate: capeTown(5).toISOString(), returnDate: capeTown(9).toISOString(), totalAmount: "2600.00", duration: 4 } },
      customer.auth,
    );
    expect(stale.body.errors).toBeUndefined();
    expect(stale.body.data.changeBooking.totalAmount).toBe("2600.00");
    // Figures the booking does not have are refused as for any change, with the booking's own.
    const wrongFigures = await graphql(server.url, CHANGE, { id: booked.id, input: { ...input, totalAmount: "1950.00", duration: 3 } }, customer.auth);
    expect(wrongFigures.body.errors?.[0]).toMatchObject({
      message: "The price has changed: 4 days of Medium cost R2,600. Please review your booking and confirm again.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    // Its quote: no difference, nothing listed as changing, the same car.
    const quoted = await graphql(server.url, QUOTE, { id: booked.id, input: { returnDate: input.returnDate } }, customer.auth);
    expect(quoted.body.errors).toBeUndefined();
    expect(quoted.body.data.bookingChangeQuote).toMatchObject({
      days: 4,
      total: "2600.00",
      oldTotal: "2600.00",
      difference: "0.00",
      differenceText: "No change in price",
      car: "same",
      changes: [],
    });
    expect(await snapshot(booked.id)).toEqual(after);
  });

  test("a change to the details a booking has always had changes nothing and issues no note; an extension sent twice extends once", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const booked = await book(customer, car, capeTown(5), capeTown(7));
    const before = await snapshot(booked.id);
    const same = await graphql(
      server.url,
      CHANGE,
      {
        id: booked.id,
        input: { returnDate: capeTown(7).toISOString(), deliveryLocation: "12 Long Street, Cape Town", deliveryCoordinates: POINTS.capeTownCbd },
      },
      customer.auth,
    );
    expect(same.body.errors).toBeUndefined();
    expect(same.body.data.changeBooking).toMatchObject({ returnDate: capeTown(7).toISOString(), totalAmount: "900.00", changes: [] });
    expect(await snapshot(booked.id)).toEqual(before);
    expect(before.changes).toBe(0);
    expect(before.invoices).toBe(1);

    // On the road: the extension's answer is lost and the customer taps again.
    await db().booking.update({ where: { id: booked.id }, data: { status: "in_progress", pickupDate: new Date(Date.now() - HOUR) } });
    const extension = { returnDate: capeTown(8).toISOString() };
    const first = await graphql(server.url, EXTEND, { id: booked.id, input: extension }, customer.auth);
    expect(first.body.errors).toBeUndefined();
    const extended = await snapshot(booked.id);
    const again = await graphql(server.url, EXTEND, { id: booked.id, input: extension }, customer.auth);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.extendTrip).toEqual(first.body.data.extendTrip);
    expect(again.body.data.extendTrip.changes).toEqual([{ kind: "extension" }]);
    expect(await snapshot(booked.id)).toEqual(extended);
  });
});

describe("the same change sent twice at once (a double click, a retry)", () => {
  test("both answer the changed booking; one history row, one debit note; a different change at the same time is a clear 409", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services, { category: "medium" });
    const booked = await book(customer, car, capeTown(5), capeTown(8));
    const input = { returnDate: capeTown(9).toISOString(), totalAmount: "2600.00", duration: 4 };
    const [first, second] = await Promise.all([0, 1].map(() => graphql(server.url, CHANGE, { id: booked.id, input }, customer.auth)));
    expect(first!.body.errors).toBeUndefined();
    expect(second!.body.errors).toBeUndefined();
    for (const answer of [first!, second!])
      expect(answer.body.data.changeBooking).toMatchObject({ returnDate: input.returnDate, totalAmount: "2600.00", duration: 4 });
    expect(second!.body.data.changeBooking).toEqual(first!.body.data.changeBooking);
    const after = await snapshot(booked.id);
    expect(after.changes).toBe(1);
    const documents = await db().invoice.findMany({ where: { bookingId: booked.id }, orderBy: { number: "asc" } });
    expect(documents.map((d) => [d.kind, d.totalCents])).toEqual([
      ["invoice", 195_000],
      ["debit_note", 65_000],
    ]);

    // Two different changes at once: a change made meanwhile is not taken for the one asked; the
    // later one is told so (PostgreSQL runs them side by side; SQLite one after the other, both made).
    const others = [
      { returnDate: capeTown(10).toISOString(), totalAmount: "3250.00", duration: 5 },
      { returnDate: capeTown(11).toISOString(), totalAmount: "3900.00", duration: 6 },
    ];
    const answers = await Promise.all(others.map((other) => graphql(server.url, CHANGE, { id: booked.id, input: other }, customer.auth)));
    const made = answers.filter((answer) => !answer.body.errors);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers)
      if (answer.body.errors) expect(answer.body.errors[0]).toMatchObject({ message: CHANGE_MESSAGES.changedMeanwhile, extensions: { code: "CONFLICT" } });
    expect(await db().bookingChange.count({ where: { bookingId: booked.id } })).toBe(1 + made.length);
  });
});

describe("a booking whose car is out on another trip", () => {
  test("keeps that car when its dates move within the car's free time (the car takes bookings after the trip)", async () => {
    const customer = await newCustomer(server.services);
    const rider = await newCustomer(server.services);
    const car = await newVehicle(server.services, { category: "large", transmission: "automatic" });
    const booked = await book(customer, car, capeTown(6), capeTown(8));
    const trip = await book(rider, car, capeTown(2), capeTown(4));
    await db().booking.update({ where: { id: trip.id }, data: { status: "in_progress", pickupDate: new Date(Date.now() - HOUR) } });
    await db().vehicle.update({ where: { id: car.id }, data: { status: "rented" } });

    const moved = await graphql(server.url, CHANGE, { id: booked.id, input: { returnDate: capeTown(9).toISOString() } }, customer.auth);
    expect(moved.body.errors).toBeUndefined();
    const after = await db().booking.findUniqueOrThrow({ where: { id: booked.id } });
    expect([after.vehicleId, after.returnDate.toISOString()]).toEqual([car.id, capeTown(9).toISOString()]);
  });
});

describe("extending a trip in progress", () => {
  test("the customer extends while the car is free, is told until when it is free, and cannot shorten", async () => {
    const customer = await newCustomer(server.services);
    const next = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const booked = await book(customer, car, capeTown(2), capeTown(4));
    await book(next, car, capeTown(9), capeTown(11));
    // The trip starts (as a delivery does).
    await db().booking.update({ where: { id: booked.id }, data: { status: "in_progress", pickupDate: new Date(Date.now() - HOUR) } });
    await db().vehicle.update({ where: { id: car.id }, data: { status: "rented" } });

    const changeInstead = await graphql(server.url, CHANGE, { id: booked.id, input: { returnDate: capeTown(5).toISOString() } }, customer.auth);
    expect(changeInstead.body.errors?.[0]?.message).toBe(CHANGE_BLOCKED_MESSAGES.started);

    const quoted = await graphql(server.url, EXTEND_QUOTE, { id: booked.id, returnDate: capeTown(6).toISOString() }, customer.auth);
    expect(quoted.body.errors).toBeUndefined();
    expect(quoted.body.data.tripExtensionQuote).toMatchObject({ car: "same", freeUntil: capeTown(9).toISOString() });

    const tooFar = await graphql(server.url, EXTEND, { id: booked.id, input: { returnDate: capeTown(10).toISOString() } }, customer.auth);
    expect(tooFar.body.errors?.[0]?.message).toStartWith("Your car is booked again from ");
    expect(tooFar.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    // Past a month or past a year, a customer held to 30 days is told that limit, theirs, not the product's year.
    await db().user.update({ where: { id: customer.id }, data: { maxRentalDays: 30 } });
    for (const days of [40, 400]) {
      const tooLong = await graphql(server.url, EXTEND_QUOTE, { id: booked.id, returnDate: capeTown(days).toISOString() }, customer.auth);
      expect(tooLong.body.errors?.[0]?.message).toBe(QUOTA_MESSAGES.tooLong(30));
    }
    await db().user.update({ where: { id: customer.id }, data: { maxRentalDays: null } });
    const shorter = await graphql(server.url, EXTEND, { id: booked.id, input: { returnDate: capeTown(3).toISOString() } }, customer.auth);
    expect(shorter.body.errors?.[0]?.message).toBe("The new return must be later than the current one");

    const extended = await graphql(server.url, EXTEND, { id: booked.id, input: { returnDate: capeTown(6).toISOString() } }, customer.auth);
    expect(extended.body.errors).toBeUndefined();
    expect(extended.body.data.extendTrip).toMatchObject({ returnDate: capeTown(6).toISOString(), changes: [{ kind: "extension" }] });
    const stored = await db().booking.findUniqueOrThrow({ where: { id: booked.id } });
    expect(stored.vehicleId).toBe(car.id);
    expect(stored.status).toBe("in_progress");
  });
});

describe("admins change bookings", () => {
  test("inside 24 hours, audited, a trip in progress shortened; closed bookings refused; customers cannot use the admin field", async () => {
    const admin = await newAdmin(server.services);
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const soon = await book(customer, car, new Date(Date.now() + 20 * HOUR), new Date(Date.now() + 70 * HOUR));

    const refused = await graphql(server.url, ADMIN_CHANGE, { id: soon.id, input: { returnDate: capeTown(8).toISOString() } }, customer.auth);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const customerField = await graphql(server.url, CHANGE, { id: soon.id, input: { returnDate: capeTown(8).toISOString() } }, admin.auth);
    expect(customerField.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const changed = await graphql(server.url, ADMIN_CHANGE, { id: soon.id, input: { returnDate: capeTown(8).toISOString() } }, admin.auth);
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data.adminChangeBooking.changes).toEqual([{ kind: "change", madeBy: "staff" }]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: soon.id, action: "booking.change" } });
    expect(audit.actorId).toBe(admin.id);
    expect((audit.after as any).returnDate).toBe(capeTown(8).toISOString());

    // On the road: only the return moves (shorter, here); the pickup is history.
    await db().booking.update({ where: { id: soon.id }, data: { status: "in_progress", pickupDate: new Date(Date.now() - HOUR) } });
    const pickupMoved = await graphql(server.url, ADMIN_CHANGE, { id: soon.id, input: { pickupDate: capeTown(1).toISOString() } }, admin.auth);
    expect(pickupMoved.body.errors?.[0]?.message).toBe(CHANGE_MESSAGES.startedOnlyReturn);
    const shortened = await graphql(server.url, ADMIN_CHANGE, { id: soon.id, input: { returnDate: capeTown(3).toISOString() } }, admin.auth);
    expect(shortened.body.errors).toBeUndefined();
    expect(shortened.body.data.adminChangeBooking.changes.map((c: any) => c.kind)).toEqual(["change", "shortening"]);
    expect(await db().auditLog.count({ where: { entityId: soon.id, action: "booking.shorten" } })).toBe(1);

    await db().booking.update({ where: { id: soon.id }, data: { status: "completed" } });
    const closed = await graphql(server.url, ADMIN_CHANGE, { id: soon.id, input: { returnDate: capeTown(9).toISOString() } }, admin.auth);
    expect(closed.body.errors?.[0]).toMatchObject({ message: CHANGE_MESSAGES.final("completed"), extensions: { code: "CONFLICT" } });
  });
});

describe("racing for one car", () => {
  test("parallel changes onto a car and new bookings of it never overlap: one wins the contested period", async () => {
    const car = await newVehicle(server.services, { category: "medium", transmission: "automatic" });
    const movers: { customer: TestCustomer; id: string }[] = [];
    // Eight bookings of the car on separate weeks, each asking to move onto days 60-63.
    for (let i = 0; i < 8; i++) {
      const customer = await newCustomer(server.services);
      movers.push({ customer, id: (await book(customer, car, capeTown(70 + i * 4), capeTown(72 + i * 4))).id });
    }
    const bookers = await Promise.all(Array.from({ length: 8 }, () => newCustomer(server.services)));
    const target = { pickupDate: capeTown(60).toISOString(), returnDate: capeTown(63).toISOString() };
    const answers = await Promise.all([
      ...movers.map((m) => graphql(server.url, CHANGE, { id: m.id, input: target }, m.customer.auth)),
      ...bookers.map((b) =>
        call(server.url, "POST", "/api/bookings", { auth: b.auth, body: bookingRequest(car, capeTown(61), capeTown(62)) }).then((a) => ({
          status: a.status,
          body: a.body,
        })),
      ),
    ]);
    const changeWins = answers.slice(0, 8).filter((a: any) => !a.body.errors).length;
    const bookingWins = answers.slice(8).filter((a: any) => a.status === 201).length;
    expect(changeWins + bookingWins).toBe(1);
    for (const a of answers.slice(0, 8) as any[]) if (a.body.errors) expect(a.body.errors[0].extensions.code).toBe("CONFLICT");
    for (const a of answers.slice(8) as any[]) if (a.status !== 201) expect(a.status).toBe(409);

    const rows = await db().booking.findMany({ where: { vehicleId: car.id, status: { in: ["pending", "confirmed", "in_progress"] } } });
    for (let i = 0; i < rows.length; i++)
      for (let j = i + 1; j < rows.length; j++)
        expect(periodsOverlap(rows[i]!.pickupDate, rows[i]!.returnDate, rows[j]!.pickupDate, rows[j]!.returnDate)).toBe(false);
    expect(await db().bookingChange.count({ where: { bookingId: { in: movers.map((m) => m.id) } } })).toBe(changeWins);
  });
});
