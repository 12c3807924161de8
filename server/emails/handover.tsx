// The customer's handover emails: the driver is on the way, the car was delivered (with the
// condition report's link), the car was collected (with any charges).
import { bookingNumber, describeCharges, formatConfirmationDateTime, formatRandCents, type HandoverCharges } from "#domain";
import type { EmailMessage } from "../services/mail";
import { CtaButton, EmailLayout, Facts, NoWrap, Note, P, TextLink, Title, telHref } from "./layout";
import { renderEmail } from "./render";

type Who = { name: string; email: string };
type What = { id: string; deliveryLocation: string; returnLocation: string; vehicle: { make: string; model: string; registrationNumber: string } | null };

const car = (b: What) => (b.vehicle ? `${b.vehicle.make} ${b.vehicle.model} (${b.vehicle.registrationNumber})` : "your car");
/** The car as the HTML shows it: the registration kept on one line. */
function Car({ booking }: { booking: What }) {
  const v = booking.vehicle;
  if (!v) return <>your car</>;
  return (
    <>
      {v.make} {v.model} (<NoWrap>{v.registrationNumber}</NoWrap>)
    </>
  );
}
const reportUrl = (publicUrl: string, bookingId: string) => `${publicUrl}/bookings/${bookingId}/report`;

export function onTheWayEmail(user: Who, booking: What, driver: { name: string; phone: string }): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  const subject = `Booking #${number}: your car is on the way`;
  const phone = driver.phone.trim();
  const text = [
    `Hi ${user.name},`,
    "",
    `${driver.name} is on the way to ${booking.deliveryLocation} with ${car(booking)}.`,
    // No driver assigned (or no number): no line that ends with nothing after its colon.
    ...(phone ? [`If you need to reach the driver: ${phone}`] : []),
    "",
    "Please have your driver's licence ready: the driver will check it and ask you to sign for the car.",
    "",
    `Booking #${number}`,
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={`${driver.name} is on the way with ${car(booking)}.`}>
      <Title>Your car is on the way</Title>
      <P>Hi {user.name},</P>
      <P>
        {driver.name} is on the way to {booking.deliveryLocation} with <Car booking={booking} />.
      </P>
      {phone ? (
        <>
          <P>
            If you need to reach the driver: <NoWrap>{phone}</NoWrap>
          </P>
          <CtaButton href={telHref(phone)}>Call {driver.name}</CtaButton>
        </>
      ) : null}
      <P>Please have your driver's licence ready: the driver will check it and ask you to sign for the car.</P>
      <Note last>Booking #{number}</Note>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}

export function deliveredEmail(user: Who, booking: What, at: Date, publicUrl: string): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  const subject = `Booking #${number}: your car was delivered`;
  const when = formatConfirmationDateTime(at);
  const report = reportUrl(publicUrl, booking.id);
  const text = [
    `Hi ${user.name},`,
    "",
    `${car(booking)} was handed over to you on ${when} (Cape Town time), booking #${number}.`,
    "",
    `The condition report (photos, odometer, fuel level and your signature): ${report}`,
    "",
    "Enjoy the drive.",
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={`${car(booking)} was handed over to you on ${when}.`}>
      <Title>Your car was delivered</Title>
      <P>Hi {user.name},</P>
      <P>
        <Car booking={booking} /> was handed over to you on <strong>{when}</strong> (Cape Town time), booking #{number}.
      </P>
      <P>The condition report has the photos, the odometer, the fuel level and your signature.</P>
      <CtaButton href={report}>See the condition report</CtaButton>
      <P last>Enjoy the drive.</P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}

export function collectedEmail(user: Who, booking: What, at: Date, charges: HandoverCharges, publicUrl: string): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  const subject = `Booking #${number}: your car was collected`;
  const charged = describeCharges(charges);
  const when = formatConfirmationDateTime(at);
  const report = reportUrl(publicUrl, booking.id);
  // Charges are invoiced by a debit note, kept with the booking's tax invoice.
  const receipt = `${publicUrl}/bookings/${booking.id}/receipt`;
  const text = [
    `Hi ${user.name},`,
    "",
    `We collected ${car(booking)} from ${booking.returnLocation} on ${when} (Cape Town time), booking #${number}.`,
    "",
    charged ? `Charges: ${charged}. Total ${formatRandCents(charges.totalCents)}.` : "No extra charges.",
    ...(charged ? [`The debit note for them, with your tax invoice: ${receipt}`] : []),
    "",
    `The condition report, delivery and collection side by side: ${report}`,
    "",
    "Thank you for choosing CapeDrive.",
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={charged ? `Charges: ${charged}.` : "No extra charges."}>
      <Title>Your car was collected</Title>
      <P>Hi {user.name},</P>
      <P>
        We collected <Car booking={booking} /> from {booking.returnLocation} on <strong>{when}</strong> (Cape Town time), booking #{number}.
      </P>
      {charged ? (
        <Facts
          rows={[
            { label: "Charges", value: charged },
            { label: "Total", value: <strong>{formatRandCents(charges.totalCents)}</strong> },
          ]}
        />
      ) : null}
      {charged ? (
        <P>
          The <TextLink href={receipt}>debit note</TextLink> for them is with your tax invoice.
        </P>
      ) : (
        <P>No extra charges.</P>
      )}
      <P>The condition report shows the delivery and the collection side by side.</P>
      <CtaButton href={report}>See the condition report</CtaButton>
      <P last>Thank you for choosing CapeDrive.</P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html };
}
