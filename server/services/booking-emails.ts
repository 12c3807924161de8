// The customer's booking emails: confirmation (or "received" while it awaits approval) and
// cancellation, as plain text with the times in Cape Town time.
import {
  bookingNumber,
  bookingQuote,
  CANCELLATION_WINDOW_HOURS,
  categoryLabel,
  formatConfirmationDateTime,
  formatRand,
  TRANSMISSION_LABELS,
  UNVERIFIED_LOCATION_NOTE,
} from "#domain";
import type { BookingWithVehicle } from "./bookings";
import type { EmailMessage } from "./mail";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function vehicleText(booking: BookingWithVehicle): string {
  const kind = `${categoryLabel(booking.category)} car, ${TRANSMISSION_LABELS[booking.transmission]}`;
  const v = booking.vehicle;
  return v ? `${kind} (${v.make} ${v.model} ${v.year})` : kind;
}

/** The confirmation email: what, when (Cape Town time), where, the total and the booking number. */
export function bookingConfirmationEmail(user: { name: string; email: string }, booking: BookingWithVehicle, publicUrl: string): EmailMessage {
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
  };
}

export function bookingCancellationEmail(user: { name: string; email: string }, booking: BookingWithVehicle, publicUrl: string): EmailMessage {
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
  return { to: user.email, subject: `Booking #${number} cancelled`, text };
}
