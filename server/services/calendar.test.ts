// The booking's calendar file, read back with ical.js (Mozilla's iCalendar parser, the one
// Thunderbird uses): two events in Cape Town time with the zone named, whatever the server's own
// zone; the confirmation email carries it and the cancellation cancels the same events.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import ICAL from "ical.js";
import { bookingNumber, CAPE_TOWN_TIME_ZONE, categoryLabel, parseCoordinates } from "#domain";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle } from "../testing/bookings";
import { startTestServer, type TestServer } from "../testing/harness";
import { bookingCalendar, CAPE_TOWN_VTIMEZONE, calendarUids } from "./calendar";

const booking = {
  id: "3f2c9a10-5b7e-4c1d-9e8f-0a1b2c3d4e5f",
  category: "medium",
  // 10:00 and 17:30 in Cape Town (UTC+2).
  pickupDate: new Date("2026-03-05T08:00:00.000Z"),
  returnDate: new Date("2026-03-08T15:30:00.000Z"),
  deliveryLocation: "12 Long Street, Cape Town",
  deliveryCoordinates: "-33.9249,18.4241",
  returnLocation: "Cape Town International Airport",
  returnCoordinates: "-33.9715,18.6021",
  calendarSequence: 0,
};
const options = { cancelled: false, organizerEmail: "no-reply@capedrive.example", publicUrl: "https://capedrive.example" };

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // The file's own VTIMEZONE tells the parser what Africa/Johannesburg is.
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (zone) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { calendar, events };
}

describe("the calendar file", () => {
  test("two events at the booking's Cape Town times, with the zone, the address and its point", () => {
    const { calendar, events } = parse(bookingCalendar(booking, options));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Africa/Johannesburg");
    expect(events.map((e) => e.uid)).toEqual([calendarUids(booking.id).delivery, calendarUids(booking.id).return]);
    const [delivery, collection] = events as [ICAL.Event, ICAL.Event];
    expect(delivery.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Africa/Johannesburg");
    expect([delivery.startDate.hour, delivery.startDate.minute, delivery.startDate.day]).toEqual([10, 0, 5]);
    expect([collection.startDate.hour, collection.startDate.minute, collection.startDate.day]).toEqual([17, 30, 8]);
    // The same instants as the booking's, once the zone is applied.
    expect(delivery.startDate.toJSDate().toISOString()).toBe(booking.pickupDate.toISOString());
    expect(collection.startDate.toJSDate().toISOString()).toBe(booking.returnDate.toISOString());
    expect(delivery.endDate.toJSDate().getTime() - delivery.startDate.toJSDate().getTime()).toBe(30 * 60_000);
    expect(delivery.location).toBe("12 Long Street, Cape Town");
    expect(collection.location).toBe("Cape Town International Airport");
    expect(delivery.summary).toContain("CapeDrive delivers your Medium car");
    expect(delivery.component.getFirstPropertyValue("geo")).toEqual([-33.9249, 18.4241]);
  });

  test("a cancellation names the same events, cancelled, with a higher sequence", () => {
    const first = parse(bookingCalendar(booking, options)).events;
    const later = { ...booking, calendarSequence: 1 };
    const { calendar, events } = parse(bookingCalendar(later, { ...options, cancelled: true }));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(events.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    for (const [i, e] of events.entries()) {
      expect(e.component.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(e.sequence).toBeGreaterThan(first[i]!.sequence);
      expect(String(e.organizer)).toBe("mailto:no-reply@capedrive.example");
    }
  });
});

/** The file as ical-generator wrote it until stop 30: the reference the direct writer must match. */
function icalGeneratorCalendar(b: typeof booking, opts: typeof options & { cancelled: boolean }): string {
  const calendar = ical({
    prodId: { company: "CapeDrive", product: "Bookings", language: "EN" },
    method: opts.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    name: "CapeDrive",
    timezone: { name: null, generator: () => CAPE_TOWN_VTIMEZONE.join("\r\n") },
  });
  const uids = calendarUids(b.id);
  const car = `${categoryLabel(b.category)} car`;
  const at = (instant: Date, minutes = 0) => new TZDate(instant.getTime() + minutes * 60_000, CAPE_TOWN_TIME_ZONE);
  const place = (title: string, coordinates: string) => {
    const point = parseCoordinates(coordinates);
    return point ? { title, geo: { lat: point.lat, lon: point.lon } } : title;
  };
  const common = {
    timezone: CAPE_TOWN_TIME_ZONE,
    sequence: b.calendarSequence,
    organizer: { name: "CapeDrive", email: opts.organizerEmail },
    url: `${opts.publicUrl}/bookings/${b.id}`,
    status: opts.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
  const number = bookingNumber(b.id, "customer");
  for (const [id, instant, verb, location, coordinates, description] of [
    [
      uids.delivery,
      b.pickupDate,
      "delivers",
      b.deliveryLocation,
      b.deliveryCoordinates,
      `Your ${car} is delivered to ${b.deliveryLocation}. Please have your driver's licence ready.`,
    ],
    [uids.return, b.returnDate, "collects", b.returnLocation, b.returnCoordinates, `We collect the car from ${b.returnLocation}.`],
  ] as const)
    calendar.createEvent({
      ...common,
      id,
      start: at(instant),
      end: at(instant, 30),
      summary: `${opts.cancelled ? "Cancelled: " : ""}CapeDrive ${verb} your ${car} (booking #${number})`,
      description,
      location: place(location, coordinates),
    });
  return calendar.toString();
}

describe("written directly, the same file ical-generator wrote", () => {
  const withoutStamp = (ics: string) => ics.replace(/DTSTAMP:\d{8}T\d{6}Z/g, "DTSTAMP:-");
  const cases: [string, Partial<typeof booking>, boolean][] = [
    ["a booking", {}, false],
    ["its cancellation", { calendarSequence: 3 }, true],
    [
      "commas, semicolons, backslashes, quotes and line breaks",
      { deliveryLocation: 'Unit 4; "The Yard", 1\\2 Long St\nCape Town', returnLocation: "a,b;c" },
      false,
    ],
    ["long and non-ASCII text folded at 75 octets", { deliveryLocation: `${"Ŝtraße, Kaapstad — 🚗 ".repeat(8)}end`, returnLocation: "é".repeat(100) }, false],
    ["no point for an address", { deliveryCoordinates: "", returnCoordinates: "not a point" }, false],
    [
      "midnight, a leap day and late in the evening",
      { pickupDate: new Date("2028-02-28T22:00:00.000Z"), returnDate: new Date("2028-03-01T21:59:59.000Z") },
      false,
    ],
    ["another category and a long id", { category: "large", id: "f".repeat(36) }, false],
  ];
  for (const [name, change, cancelled] of cases)
    test(name, () => {
      const b = { ...booking, ...change };
      const opts = { ...options, cancelled };
      expect(withoutStamp(bookingCalendar(b, opts)).split("\r\n")).toEqual(withoutStamp(icalGeneratorCalendar(b, opts)).split("\r\n"));
      expect(bookingCalendar(b, opts)).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    });
});

describe("the booking emails carry it", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await addDemoServiceArea(server.services);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The .ics attached to the email for outbox row `id` (the test server writes mail to DATA_DIR/mail). */
  async function attachedCalendar(subject: string): Promise<string> {
    await server.mailer.flush();
    const row = await server.services.db.emailOutbox.findFirstOrThrow({ where: { subject: { contains: subject } } });
    const folder = join(server.database.dataDir, "mail");
    const text = readFileSync(join(folder, readdirSync(folder).find((n) => n.endsWith(`-${row.id}.txt`))!), "utf8");
    const start = text.indexOf("BEGIN:VCALENDAR");
    expect(text).toMatch(/----- ATTACHMENT capedrive-booking-[a-z0-9]+\.ics \(text\/calendar; charset=utf-8; method=(PUBLISH|CANCEL)\) -----/);
    return text.slice(start, text.indexOf("END:VCALENDAR") + "END:VCALENDAR".length);
  }

  test("confirmation: the events to add; cancellation: the same events cancelled", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const pickup = capeTown(5, "09:30");
    const booked = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, pickup, capeTown(7, "16:00")) });
    expect(booked.status).toBe(201);
    const added = parse(await attachedCalendar("confirmed"));
    expect(added.calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(added.events[0]!.startDate.toJSDate().toISOString()).toBe(pickup.toISOString());
    expect([added.events[0]!.startDate.hour, added.events[0]!.startDate.minute]).toEqual([9, 30]);
    expect(added.events[1]!.location).toBe("1 Dorp Street, Stellenbosch");

    expect((await call(server.url, "PUT", `/api/bookings/${booked.body.id}/cancel`, { auth: customer.auth })).status).toBe(200);
    const cancelled = parse(await attachedCalendar("cancelled"));
    expect(cancelled.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelled.events.map((e) => e.uid)).toEqual(added.events.map((e) => e.uid));
    expect(cancelled.events[0]!.sequence).toBeGreaterThan(added.events[0]!.sequence);
    // Once sent, the row keeps no body and no attachment.
    const sent = await server.services.db.emailOutbox.findMany({ where: { status: "sent" } });
    expect(sent.every((r) => Array.isArray(r.attachments) && r.attachments.length === 0)).toBe(true);
  });
});
