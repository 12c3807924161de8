// The booking's calendar file (.ics, RFC 5545), attached to the confirmation and cancellation
// emails: two events, the delivery and the return, in Cape Town time with the zone named
// (TZID=Africa/Johannesburg and its VTIMEZONE), the address as the location with its point.
// Written here (see bookingCalendar); times are Cape Town's wall clock (domain/time.ts) whatever
// the server's own zone. The events keep their UIDs for the booking's life, and
// SEQUENCE (the booking's calendarSequence) grows with every change, so a later file (a change, a cancellation with METHOD:CANCEL)
// updates the events Google Calendar, Apple Calendar and Outlook imported before.
import { bookingNumber, CAPE_TOWN_TIME_ZONE, capeTownICalendarDateTime, categoryLabel, parseCoordinates } from "#domain";
import type { EmailAttachment } from "./mail";

/** The zone's definition, line by line: South Africa keeps +02:00 all year (no daylight saving since 1944). */
export const CAPE_TOWN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${CAPE_TOWN_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0200",
  "TZNAME:SAST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

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

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks written \\n. */
const escapeText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");

/**
 * Content lines of at most 75 octets (RFC 5545 3.1): a longer line goes on in lines that start
 * with a space, each holding up to 74 octets of UTF-8 (a character is never split).
 */
function fold(line: string): string {
  if (line.length <= 74 && /^[\x00-\x7f]*$/.test(line)) return line;
  let folded = "";
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    let char = line.charAt(i);
    const code = line.charCodeAt(i);
    let size: number;
    if (code < 0x80) size = 1;
    else if (code < 0x800) size = 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      char += line.charAt(++i); // a surrogate pair: one character of 4 octets
      size = 4;
    } else size = 3;
    octets += size;
    if (octets > 74) {
      folded += "\r\n ";
      octets = size;
    }
    folded += char;
  }
  return folded;
}

/** An instant in UTC as iCalendar writes it ("yyyymmddThhmmssZ"). */
const utcDateTime = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * The booking's two events as an iCalendar file. Written directly rather than through a library:
 * ical-generator and its time zone conversions took 50-80 µs of every booking's request (issue 16);
 * `calendar.test.ts` compares this text with ical-generator's, line for line, and reads it back
 * with ical.js.
 */
export function bookingCalendar(booking: CalendarBooking, options: { cancelled: boolean; organizerEmail: string; publicUrl: string }): string {
  const number = bookingNumber(booking.id, "customer");
  const uids = calendarUids(booking.id);
  const car = `${categoryLabel(booking.category)} car`;
  const stamp = utcDateTime(new Date());
  const zoned = (instant: Date, minutes = 0) => `;TZID=${CAPE_TOWN_TIME_ZONE}:${capeTownICalendarDateTime(new Date(instant.getTime() + minutes * 60_000))}`;
  const event = (uid: string, at: Date, summary: string, location: string, coordinates: string, description: string) => {
    const point = parseCoordinates(coordinates);
    return [
      "BEGIN:VEVENT",
      `UID:${uid}`,
      `SEQUENCE:${booking.calendarSequence}`,
      `DTSTAMP:${stamp}`,
      `DTSTART${zoned(at)}`,
      `DTEND${zoned(at, HANDOVER_MINUTES)}`,
      `SUMMARY:${escapeText(`${options.cancelled ? "Cancelled: " : ""}${summary}`)}`,
      ...(location ? [`LOCATION:${escapeText(location)}`] : []),
      // As ical-generator wrote it: no GEO for a latitude or longitude of exactly 0.
      ...(point?.lat && point.lon ? [`GEO:${point.lat};${point.lon}`] : []),
      `DESCRIPTION:${escapeText(description)}`,
      `ORGANIZER;CN="CapeDrive":mailto:${options.organizerEmail}`,
      `URL;VALUE=URI:${options.publicUrl}/bookings/${booking.id}`,
      `STATUS:${options.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      "END:VEVENT",
    ];
  };
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//CapeDrive//Bookings//EN",
    `METHOD:${options.cancelled ? "CANCEL" : "PUBLISH"}`,
    "NAME:CapeDrive",
    "X-WR-CALNAME:CapeDrive",
    ...CAPE_TOWN_VTIMEZONE,
    ...event(
      uids.delivery,
      booking.pickupDate,
      `CapeDrive delivers your ${car} (booking #${number})`,
      booking.deliveryLocation,
      booking.deliveryCoordinates,
      `Your ${car} is delivered to ${booking.deliveryLocation}. Please have your driver's licence ready.`,
    ),
    ...event(
      uids.return,
      booking.returnDate,
      `CapeDrive collects your ${car} (booking #${number})`,
      booking.returnLocation,
      booking.returnCoordinates,
      `We collect the car from ${booking.returnLocation}.`,
    ),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n");
}

/** The calendar as an email attachment. */
export function calendarAttachment(booking: CalendarBooking, options: { cancelled: boolean; organizerEmail: string; publicUrl: string }): EmailAttachment {
  return {
    filename: `capedrive-booking-${bookingNumber(booking.id, "customer")}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${options.cancelled ? "CANCEL" : "PUBLISH"}`,
    content: bookingCalendar(booking, options),
  };
}
