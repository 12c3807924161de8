// The booking reminders (scheduled by ../services/reminders.ts): 24 hours before the delivery and
// 3 hours before the return, with the times in Cape Town time. Their HTML may be left for the
// mailer to render when it sends them (`deferHtml`: a new booking's, see ./deferred.ts).
import { bookingNumber, categoryLabel, formatConfirmationDateTime, RETURN_REMINDER_HOURS, reminderDayWord } from "#domain";
import type { EmailMessage } from "../services/mail";
import { CtaButton, EmailLayout, P, Title } from "./layout";
import { renderEmail } from "./render";

/** What a reminder needs of the booking; kept as JSON when its HTML waits for the mailer. */
export type ReminderHtmlData = {
  id: string;
  category: string;
  pickupDate: Date;
  returnDate: Date;
  deliveryLocation: string;
  returnLocation: string;
  user: { name: string; email: string };
};
type Options = { deferHtml?: boolean };

const reminderData = (b: ReminderHtmlData): ReminderHtmlData => ({
  id: b.id,
  category: b.category,
  pickupDate: b.pickupDate,
  returnDate: b.returnDate,
  deliveryLocation: b.deliveryLocation,
  returnLocation: b.returnLocation,
  user: { name: b.user.name, email: b.user.email },
});

function deliveryReminderSubject(b: ReminderHtmlData) {
  return `Tomorrow: your ${categoryLabel(b.category)} car arrives (booking #${bookingNumber(b.id, "customer")})`;
}

export function deliveryReminderEmail(b: ReminderHtmlData, publicUrl: string, options: Options = {}): EmailMessage {
  const kind = categoryLabel(b.category);
  const when = formatConfirmationDateTime(b.pickupDate);
  const text = [
    `Hi ${b.user.name},`,
    "",
    `A reminder: we deliver your ${kind} car on ${when} (Cape Town time) to ${b.deliveryLocation}.`,
    "Please have your driver's licence ready: the driver checks it and asks you to sign for the car.",
    "",
    `Your booking #${bookingNumber(b.id, "customer")}: ${publicUrl}/bookings/${b.id}`,
  ].join("\n");
  const html = options.deferHtml
    ? { htmlLater: { template: "delivery-reminder" as const, data: reminderData(b) } }
    : { html: deliveryReminderHtml(b, publicUrl) };
  return { to: b.user.email, subject: deliveryReminderSubject(b), text, ...html };
}

export function deliveryReminderHtml(b: ReminderHtmlData, publicUrl: string): string {
  const number = bookingNumber(b.id, "customer");
  const kind = categoryLabel(b.category);
  const when = formatConfirmationDateTime(b.pickupDate);
  return renderEmail(
    <EmailLayout title={deliveryReminderSubject(b)} preview={`We deliver your ${kind} car on ${when} to ${b.deliveryLocation}.`}>
      <Title>Your car arrives tomorrow</Title>
      <P>Hi {b.user.name},</P>
      <P>
        A reminder: we deliver your {kind} car on <strong>{when}</strong> (Cape Town time) to {b.deliveryLocation}.
      </P>
      <P>Please have your driver's licence ready: the driver checks it and asks you to sign for the car.</P>
      <CtaButton href={`${publicUrl}/bookings/${b.id}`} last>
        View booking #{number}
      </CtaButton>
    </EmailLayout>,
  );
}

/** "today", or "tomorrow" for a return in the small hours (its reminder arrives the evening before). */
const returnDay = (b: ReminderHtmlData) => reminderDayWord(b.returnDate, RETURN_REMINDER_HOURS);

function returnReminderSubject(b: ReminderHtmlData) {
  const day = returnDay(b);
  return `${day === "today" ? "Today" : "Tomorrow"}: we collect your car at ${formatConfirmationDateTime(b.returnDate).slice(-5)} (booking #${bookingNumber(b.id, "customer")})`;
}

export function returnReminderEmail(b: ReminderHtmlData, publicUrl: string, options: Options = {}): EmailMessage {
  const when = formatConfirmationDateTime(b.returnDate);
  const text = [
    `Hi ${b.user.name},`,
    "",
    `A reminder: we collect the car on ${when} (Cape Town time) from ${b.returnLocation}.`,
    "A car returned late, or with less fuel than at delivery, is charged: see your booking for the details.",
    "",
    `Your booking #${bookingNumber(b.id, "customer")}: ${publicUrl}/bookings/${b.id}`,
  ].join("\n");
  const html = options.deferHtml ? { htmlLater: { template: "return-reminder" as const, data: reminderData(b) } } : { html: returnReminderHtml(b, publicUrl) };
  return { to: b.user.email, subject: returnReminderSubject(b), text, ...html };
}

export function returnReminderHtml(b: ReminderHtmlData, publicUrl: string): string {
  const number = bookingNumber(b.id, "customer");
  const when = formatConfirmationDateTime(b.returnDate);
  return renderEmail(
    <EmailLayout title={returnReminderSubject(b)} preview={`We collect the car on ${when} from ${b.returnLocation}.`}>
      <Title>We collect your car {returnDay(b)}</Title>
      <P>Hi {b.user.name},</P>
      <P>
        A reminder: we collect the car on <strong>{when}</strong> (Cape Town time) from {b.returnLocation}.
      </P>
      <P>A car returned late, or with less fuel than at delivery, is charged: see your booking for the details.</P>
      <CtaButton href={`${publicUrl}/bookings/${b.id}`} last>
        View booking #{number}
      </CtaButton>
    </EmailLayout>,
  );
}
