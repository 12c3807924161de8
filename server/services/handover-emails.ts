// The customer's handover emails (through the outbox): the driver is on the way, the car was
// delivered (with the condition report's link), the car was collected (with any charges).
import { bookingNumber, describeCharges, formatConfirmationDateTime, formatRandCents, type HandoverCharges } from "#domain";
import type { EmailMessage } from "./mail";

type Who = { name: string; email: string };
type What = { id: string; deliveryLocation: string; returnLocation: string; vehicle: { make: string; model: string; registrationNumber: string } | null };

const car = (b: What) => (b.vehicle ? `${b.vehicle.make} ${b.vehicle.model} (${b.vehicle.registrationNumber})` : "your car");
const reportUrl = (publicUrl: string, bookingId: string) => `${publicUrl}/bookings/${bookingId}/report`;

export function onTheWayEmail(user: Who, booking: What, driver: { name: string; phone: string }): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  return {
    to: user.email,
    subject: `Booking #${number}: your car is on the way`,
    text: [
      `Hi ${user.name},`,
      "",
      `${driver.name} is on the way to ${booking.deliveryLocation} with ${car(booking)}.`,
      `If you need to reach the driver: ${driver.phone}`,
      "",
      "Please have your driver's licence ready: the driver will check it and ask you to sign for the car.",
    ].join("\n"),
  };
}

export function deliveredEmail(user: Who, booking: What, at: Date, publicUrl: string): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  return {
    to: user.email,
    subject: `Booking #${number}: your car was delivered`,
    text: [
      `Hi ${user.name},`,
      "",
      `${car(booking)} was handed over to you on ${formatConfirmationDateTime(at)} (Cape Town time).`,
      "",
      `The condition report (photos, odometer, fuel level and your signature): ${reportUrl(publicUrl, booking.id)}`,
      "",
      "Enjoy the drive.",
    ].join("\n"),
  };
}

export function collectedEmail(user: Who, booking: What, at: Date, charges: HandoverCharges, publicUrl: string): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  const charged = describeCharges(charges);
  return {
    to: user.email,
    subject: `Booking #${number}: your car was collected`,
    text: [
      `Hi ${user.name},`,
      "",
      `We collected ${car(booking)} from ${booking.returnLocation} on ${formatConfirmationDateTime(at)} (Cape Town time).`,
      "",
      charged ? `Charges: ${charged}. Total ${formatRandCents(charges.totalCents)}.` : "No extra charges.",
      "",
      `The condition report, delivery and collection side by side: ${reportUrl(publicUrl, booking.id)}`,
      "",
      "Thank you for choosing CapeDrive.",
    ].join("\n"),
  };
}
