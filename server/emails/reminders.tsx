// The booking reminders (scheduled by ../services/reminders.ts): 24 hours before the delivery and
// 3 hours before the return, with the times in Cape Town time.
import { bookingNumber, categoryLabel, formatConfirmationDateTime } from "#domain";
import type { EmailMessage } from "../services/mail";
import { CtaButton, EmailLayout, P, Title } from "./layout";
import { renderEmail } from "./render";

type ReminderBooking = {
  id: string;
  category: string;
  pickupDate: Date;
  returnDate: Date;
  deliveryLocation: string;
  returnLocation: string;
  user: { name: string; email: string };
};

export function deliveryReminderEmail(b: ReminderBooking, publicUrl: string): EmailMessage {
  const number = bookingNumber(b.id, "customer");
  const kind = categoryLabel(b.category);
  const when = formatConfirmationDateTime(b.pickupDate);
  const bookingUrl = `${publicUrl}/bookings/${b.id}`;
  const subject = `Tomorrow: your ${kind} car arrives (booking #${number})`;
  const text = [
    `Hi ${b.user.name},`,
    "",
    `A reminder: we deliver your ${kind} car on ${when} (Cape Town time) to ${b.deliveryLocation}.`,
    "Please have your driver's licence ready: the driver checks it and asks you to sign for the car.",
    "",
    `Your booking: ${bookingUrl}`,
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={`We deliver your ${kind} car on ${when} to ${b.deliveryLocation}.`}>
      <Title>Your car arrives tomorrow</Title>
      <P>Hi {b.user.name},</P>
      <P>
        A reminder: we deliver your {kind} car on <strong>{when}</strong> (Cape Town time) to {b.deliveryLocation}.
      </P>
      <P>Please have your driver's licence ready: the driver checks it and asks you to sign for the car.</P>
      <CtaButton href={bookingUrl} last>
        View booking #{number}
      </CtaButton>
    </EmailLayout>,
  );
  return { to: b.user.email, subject, text, html };
}

export function returnReminderEmail(b: ReminderBooking, publicUrl: string): EmailMessage {
  const number = bookingNumber(b.id, "customer");
  const when = formatConfirmationDateTime(b.returnDate);
  const bookingUrl = `${publicUrl}/bookings/${b.id}`;
  const subject = `Today: we collect your car at ${when.slice(-5)} (booking #${number})`;
  const text = [
    `Hi ${b.user.name},`,
    "",
    `A reminder: we collect the car on ${when} (Cape Town time) from ${b.returnLocation}.`,
    "A car returned late, or with less fuel than at delivery, is charged: see your booking for the details.",
    "",
    `Your booking: ${bookingUrl}`,
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={`We collect the car on ${when} from ${b.returnLocation}.`}>
      <Title>We collect your car today</Title>
      <P>Hi {b.user.name},</P>
      <P>
        A reminder: we collect the car on <strong>{when}</strong> (Cape Town time) from {b.returnLocation}.
      </P>
      <P>A car returned late, or with less fuel than at delivery, is charged: see your booking for the details.</P>
      <CtaButton href={bookingUrl} last>
        View booking #{number}
      </CtaButton>
    </EmailLayout>,
  );
  return { to: b.user.email, subject, text, html };
}
