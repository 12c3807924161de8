// The booking's calendar file (.ics, RFC 5545), attached to the confirmation and cancellation
// emails: two events, the delivery and the return, in Cape Town time with the zone named
// (TZID=Africa/Johannesburg and its VTIMEZONE), the address as the location with its point.
// Built with ical-generator; times go in as @date-fns/tz dates so the wall-clock time is Cape
// Town's whatever the server's own zone. The events keep their UIDs for the booking's life, and
// SEQUENCE (the booking's calendarSequence) grows with every change, so a later file (a change, a cancellation with METHOD:CANCEL)
// updates the events Google Calendar, Apple Calendar and Outlook imported before.
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { bookingNumber, CAPE_TOWN_TIME_ZONE, categoryLabel, parseCoordinates } from "#domain";
import type { EmailAttachment } from "./mail";

/** South Africa keeps +02:00 all year (no daylight saving since 1944). */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${CAPE_TOWN_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0200",
  "TZNAME:SAST",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** How long the handover is blocked out in the customer's calendar. */
const HANDOVER_MINUTES = 30;

type CalendarBooking = {
  id: string;
  category: string;
  pickupDate: Date;
  returnDate: Date;
  deliveryLocation: string;
  deliveryCoordinates: string;
  returnLocation: string;
  returnCoordinates: string;
  calendarSequence: number;
};

/** Event ids that stay the booking's for good, so every later file updates the same two events. */
export const calendarUids = (bookingId: string) => ({ delivery: `${bookingId}-delivery@capedrive`, return: `${bookingId}-return@capedrive` });

export function bookingCalendar(booking: CalendarBooking, options: { cancelled: boolean; organizerEmail: string; publicUrl: string }): string {
  const calendar = ical({
    prodId: { company: "CapeDrive", product: "Bookings", language: "EN" },
    method: options.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    name: "CapeDrive",
    timezone: { name: null, generator: () => VTIMEZONE },
  });
  const number = bookingNumber(booking.id, "customer");
  const uids = calendarUids(booking.id);
  const car = `${categoryLabel(booking.category)} car`;
  const at = (instant: Date, minutes = 0) => new TZDate(instant.getTime() + minutes * 60_000, CAPE_TOWN_TIME_ZONE);
  const place = (title: string, coordinates: string) => {
    const point = parseCoordinates(coordinates);
    return point ? { title, geo: { lat: point.lat, lon: point.lon } } : title;
  };
  const common = {
    timezone: CAPE_TOWN_TIME_ZONE,
    sequence: booking.calendarSequence,
    organizer: { name: "CapeDrive", email: options.organizerEmail },
    url: `${options.publicUrl}/bookings/${booking.id}`,
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
  calendar.createEvent({
    ...common,
    id: uids.delivery,
    start: at(booking.pickupDate),
    end: at(booking.pickupDate, HANDOVER_MINUTES),
    summary: `${options.cancelled ? "Cancelled: " : ""}CapeDrive delivers your ${car} (booking #${number})`,
    description: `Your ${car} is delivered to ${booking.deliveryLocation}. Please have your driver's licence ready.`,
    location: place(booking.deliveryLocation, booking.deliveryCoordinates),
  });
  calendar.createEvent({
    ...common,
    id: uids.return,
    start: at(booking.returnDate),
    end: at(booking.returnDate, HANDOVER_MINUTES),
    summary: `${options.cancelled ? "Cancelled: " : ""}CapeDrive collects your ${car} (booking #${number})`,
    description: `We collect the car from ${booking.returnLocation}.`,
    location: place(booking.returnLocation, booking.returnCoordinates),
  });
  return calendar.toString();
}

/** The calendar as an email attachment. */
export function calendarAttachment(booking: CalendarBooking, options: { cancelled: boolean; organizerEmail: string; publicUrl: string }): EmailAttachment {
  return {
    filename: `capedrive-booking-${bookingNumber(booking.id, "customer")}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${options.cancelled ? "CANCEL" : "PUBLISH"}`,
    content: bookingCalendar(booking, options),
  };
}
