// The customer's booking emails: confirmation (or "received" while it awaits approval) and
// cancellation, as plain text with the times in Cape Town time, each with the booking's calendar
// (./calendar.ts: the events to add, or to cancel).
import {
  bookingNumber,
  bookingQuote,
  CANCELLATION_WINDOW_HOURS,
  categoryLabel,
  changedFields,
  formatConfirmationDateTime,
  priceDifferenceText,
  formatRand,
  TRANSMISSION_LABELS,
  UNVERIFIED_LOCATION_NOTE,
} from "#domain";
import type { Config } from "../config";
import type { BookingWithVehicle } from "./bookings";
import { calendarAttachment } from "./calendar";
import type { EmailMessage } from "./mail";

type Site = Pick<Config, "publicUrl" | "mail">;
/** "CapeDrive <no-reply@capedrive.local>" -> "no-reply@capedrive.local" */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function vehicleText(booking: BookingWithVehicle): string {
  const kind = `${categoryLabel(booking.category)} car, ${TRANSMISSION_LABELS[booking.transmission]}`;
  const v = booking.vehicle;
  return v ? `${kind} (${v.make} ${v.model} ${v.year})` : kind;
}

/** The confirmation email: what, when (Cape Town time), where, the total and the booking number. */
export function bookingConfirmationEmail(user: { name: string; email: string }, booking: BookingWithVehicle, site: Site): EmailMessage {
  const { publicUrl } = site;
  const number = bookingNumber(booking.id, "customer");
  const pickup = formatConfirmationDateTime(booking.pickupDate);
  const quote = bookingQuote(booking.category, booking.pickupDate, booking.returnDate);
  const text = [
    `Hi ${user.name},`,
    "",
    booking.status === "pending"
      ? `We have your booking request, Booking #${number}. We confirm new customers' first bookings by hand and will email you shortly.`
      : `Your booking is confirmed. Booking #${number}`,
    "",
    `What:    ${vehicleText(booking)}`,
    `Pick-up: ${pickup} (Cape Town time), delivered to ${booking.deliveryLocation}`,
    `Return:  ${formatConfirmationDateTime(booking.returnDate)} (Cape Town time), collected from ${booking.returnLocation}`,
    `Total:   ${formatRand(booking.totalAmount.toFixed(2))} for ${plural(booking.duration, "day")} at ${formatRand(quote.dailyRate)}/day`,
    ...(booking.deliveryVerified && booking.returnVerified ? [] : ["", `${UNVERIFIED_LOCATION_NOTE} before we deliver.`]),
    "",
    "Important information:",
    "- Fully insured. No deposits.",
    "- Please have your valid driver's licence with you when the car is delivered.",
    `- You can cancel free of charge up to ${CANCELLATION_WINDOW_HOURS} hours before pickup in My Bookings: ${publicUrl}/bookings`,
    ...(booking.status === "pending" ? [] : [`- Your tax invoice: ${publicUrl}/bookings/${booking.id}/receipt`]),
    "",
    "Thank you for choosing CapeDrive.",
  ].join("\n");
  return {
    to: user.email,
    subject: booking.status === "pending" ? `Booking #${number} received: pick-up ${pickup}` : `Booking #${number} confirmed: pick-up ${pickup}`,
    text,
    // A booking awaiting approval goes in the calendar once it is confirmed.
    ...(booking.status === "pending"
      ? {}
      : { attachments: [calendarAttachment(booking, { cancelled: false, organizerEmail: addressOf(site.mail.from), publicUrl })] }),
  };
}

export function bookingCancellationEmail(user: { name: string; email: string }, booking: BookingWithVehicle, site: Site): EmailMessage {
  const { publicUrl } = site;
  const number = bookingNumber(booking.id, "customer");
  const text = [
    `Hi ${user.name},`,
    "",
    `Your booking #${number} has been cancelled.`,
    "",
    `What:    ${vehicleText(booking)}`,
    `Pick-up: ${formatConfirmationDateTime(booking.pickupDate)} (Cape Town time), ${booking.deliveryLocation}`,
    `Return:  ${formatConfirmationDateTime(booking.returnDate)} (Cape Town time), ${booking.returnLocation}`,
    "",
    `Book again any time: ${publicUrl}/booking/category`,
  ].join("\n");
  return {
    to: user.email,
    subject: `Booking #${number} cancelled`,
    text,
    attachments: [calendarAttachment(booking, { cancelled: true, organizerEmail: addressOf(site.mail.from), publicUrl })],
  };
}

/** What a change did, for its email (see booking-changes.ts). */
export type BookingChangeSummary = {
  before: { pickupDate: Date; returnDate: Date; deliveryLocation: string; returnLocation: string; category: string; transmission: string; totalAmount: number };
  /** New total minus old, in cents (0 or negative too). */
  differenceCents: number;
  by: "customer" | "admin";
  kind: "change" | "extension";
};

/** The change email: what changed (old and new), the new total and the difference, and the updated calendar. */
export function bookingChangedEmail(
  user: { name: string; email: string },
  booking: BookingWithVehicle,
  change: BookingChangeSummary,
  site: Site,
): EmailMessage {
  const { publicUrl } = site;
  const number = bookingNumber(booking.id, "customer");
  const pickup = formatConfirmationDateTime(booking.pickupDate);
  const lines = changedFields({ ...change.before }, booking).map((c) => `${c.label}: ${c.from} -> ${c.to}`);
  const verb = change.kind === "extension" ? "extended" : "changed";
  const text = [
    `Hi ${user.name},`,
    "",
    change.by === "admin" ? `We have ${verb} your booking #${number}.` : `Your booking #${number} is ${verb}.`,
    "",
    ...lines,
    "",
    `New total: ${formatRand(booking.totalAmount.toFixed(2))} for ${plural(booking.duration, "day")} (${priceDifferenceText(change.differenceCents)})`,
    "",
    `Your booking: ${publicUrl}/bookings/${booking.id}`,
    `Your tax invoice and notes: ${publicUrl}/bookings/${booking.id}/receipt`,
  ].join("\n");
  return {
    to: user.email,
    subject: `Booking #${number} ${verb}: pick-up ${pickup}`,
    text,
    attachments: [calendarAttachment(booking, { cancelled: false, organizerEmail: addressOf(site.mail.from), publicUrl })],
  };
}
