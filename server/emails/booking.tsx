// The customer's booking emails: confirmation (or "received" while it awaits approval),
// cancellation, and a change or extension of the booking. Times in Cape Town time; each carries
// the booking's calendar (../services/calendar.ts: the events to add, update or cancel).
import {
  bookingNumber,
  bookingQuote,
  CANCELLATION_WINDOW_HOURS,
  categoryLabel,
  changedFields,
  formatConfirmationDateTime,
  formatRand,
  priceDifferenceText,
  TRANSMISSION_LABELS,
  UNVERIFIED_LOCATION_NOTE,
} from "#domain";
import type { Config } from "../config";
import type { BookingWithVehicle } from "../services/bookings";
import { calendarAttachment } from "../services/calendar";
import type { EmailAttachment, EmailMessage } from "../services/mail";
import { CtaButton, EmailLayout, FACT_LABEL_WIDTH, type Fact, Facts, List, Note, P, Small, Subtitle, TextLink, Title, WIDE_FACT_LABEL_WIDTH } from "./layout";
import { renderEmail } from "./render";

/** A booking as its emails describe it: of the car, only its name. */
export type EmailBooking = Omit<BookingWithVehicle, "vehicle"> & {
  vehicle: Pick<NonNullable<BookingWithVehicle["vehicle"]>, "make" | "model" | "year"> | null;
};

type Site = Pick<Config, "publicUrl" | "mail">;
type Customer = { name: string; email: string };

/** "CapeDrive <no-reply@capedrive.local>" -> "no-reply@capedrive.local" */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const CAPE_TOWN = "(Cape Town time)";
// Said in the text part as in the HTML: the notes on the attached calendar and the sign-off.
const CONFIRMATION_CALENDAR_NOTE = "The calendar file attached adds the delivery and the return to your calendar.";
const CANCELLATION_CALENDAR_NOTE = "The calendar file attached removes the booking's events from your calendar.";
const SEE_YOU_AGAIN = "We hope to drive you again soon.";

/** "Medium car, Automatic" */
const kindText = (category: string, transmission: string) =>
  `${categoryLabel(category)} car, ${TRANSMISSION_LABELS[transmission as keyof typeof TRANSMISSION_LABELS] ?? transmission}`;

/** "Large car, Automatic (Toyota Fortuner 2023)" */
function vehicleText(booking: EmailBooking): string {
  const kind = kindText(booking.category, booking.transmission);
  const v = booking.vehicle;
  return v ? `${kind} (${v.make} ${v.model} ${v.year})` : kind;
}

const totalText = (booking: EmailBooking) =>
  `${formatRand(booking.totalAmount.toFixed(2))} for ${plural(booking.duration, "day")} at ${formatRand(bookingQuote(booking.category, booking.pickupDate, booking.returnDate).dailyRate)}/day`;

const isVerified = (booking: EmailBooking) => booking.deliveryVerified && booking.returnVerified;
const calendarFor = (booking: EmailBooking, site: Site, cancelled: boolean) =>
  calendarAttachment(booking, { cancelled, organizerEmail: addressOf(site.mail.from), publicUrl: site.publicUrl });

/** The booking as it stands: the same four facts in the text and in the HTML. */
function bookingFactLines(booking: EmailBooking): string[] {
  return [
    `What:    ${vehicleText(booking)}`,
    `Pick-up: ${formatConfirmationDateTime(booking.pickupDate)} ${CAPE_TOWN}, delivered to ${booking.deliveryLocation}`,
    `Return:  ${formatConfirmationDateTime(booking.returnDate)} ${CAPE_TOWN}, collected from ${booking.returnLocation}`,
    `Total:   ${totalText(booking)}`,
  ];
}

function When({ at, place, verb }: { at: Date; place: string; verb: string }) {
  return (
    <>
      <strong>{formatConfirmationDateTime(at)}</strong> {CAPE_TOWN}
      <br />
      {verb} {place}
    </>
  );
}

function bookingFacts(booking: EmailBooking): Fact[] {
  return [
    { label: "What", value: vehicleText(booking) },
    { label: "Pick-up", value: <When at={booking.pickupDate} place={booking.deliveryLocation} verb="Delivered to" /> },
    { label: "Return", value: <When at={booking.returnDate} place={booking.returnLocation} verb="Collected from" /> },
    { label: "Total", value: totalText(booking) },
  ];
}

/** What the confirmation's HTML needs of the booking, kept as JSON when its rendering waits for the mailer. */
export type ConfirmationHtmlData = { user: Customer; booking: EmailBooking };

/** What the confirmation's text and HTML both say: its number, pickup, subject and links. */
function confirmationParts(booking: EmailBooking, { publicUrl }: Site) {
  const number = bookingNumber(booking.id, "customer");
  const pickup = formatConfirmationDateTime(booking.pickupDate);
  const pending = booking.status === "pending";
  return {
    number,
    pickup,
    pending,
    subject: `Booking #${number} ${pending ? "received" : "confirmed"}: pick-up ${pickup}`,
    myBookings: `${publicUrl}/bookings`,
    bookingUrl: `${publicUrl}/bookings/${booking.id}`,
    receipt: `${publicUrl}/bookings/${booking.id}/receipt`,
  };
}

/**
 * The confirmation email: what, when (Cape Town time), where, the total and the booking number.
 * With `deferHtml` (a new booking), its HTML is left for the mailer to render when it sends the
 * email (./deferred.ts): the request that books does not spend its time on it, and the outbox row
 * carries what the HTML needs.
 */
export function bookingConfirmationEmail(user: Customer, booking: EmailBooking, site: Site, options: { deferHtml?: boolean } = {}): EmailMessage {
  const { number, pending, subject, myBookings, receipt, bookingUrl } = confirmationParts(booking, site);
  const text = [
    `Hi ${user.name},`,
    "",
    pending
      ? `We have your booking request, Booking #${number}. We confirm new customers' first bookings by hand and will email you shortly.`
      : `Your booking #${number} is confirmed. Here is what we will bring, when and where.`,
    "",
    ...bookingFactLines(booking),
    ...(isVerified(booking) ? [] : ["", `${UNVERIFIED_LOCATION_NOTE} before we deliver.`]),
    "",
    `View your booking: ${bookingUrl}`,
    "",
    "Important information:",
    "- Fully insured. No deposits.",
    "- Please have your valid driver's licence with you when the car is delivered.",
    `- You can change or cancel free of charge up to ${CANCELLATION_WINDOW_HOURS} hours before pickup in My Bookings: ${myBookings}`,
    ...(pending ? [] : [`- Your tax invoice: ${receipt}`]),
    ...(pending ? [] : ["", CONFIRMATION_CALENDAR_NOTE]),
    "",
    "Thank you for choosing CapeDrive.",
  ].join("\n");
  const data: ConfirmationHtmlData = { user: { name: user.name, email: user.email }, booking };
  const files = options.deferHtml ? [] : confirmationAttachments(data, site);
  return {
    to: user.email,
    subject,
    text,
    ...(options.deferHtml ? { htmlLater: { template: "booking-confirmation", data } } : { html: bookingConfirmationHtml(data, site) }),
    // Deferred, the calendar is made by the mailer too, from the same data.
    ...(files.length > 0 ? { attachments: files } : {}),
  };
}

/**
 * The confirmation's calendar: none while the booking awaits approval (it goes in the calendar once
 * confirmed). Made when the email is, or by the mailer when it sends a deferred one: 1.7 KB of
 * text a new booking's outbox row no longer carries, and its building no longer in the request.
 */
export function confirmationAttachments({ booking }: ConfirmationHtmlData, site: Site): EmailAttachment[] {
  return booking.status === "pending" ? [] : [calendarFor(booking, site, false)];
}

/** The confirmation's HTML body. */
export function bookingConfirmationHtml({ user, booking }: ConfirmationHtmlData, site: Site): string {
  const { number, pickup, pending, subject, myBookings, receipt, bookingUrl } = confirmationParts(booking, site);
  return renderEmail(
    <EmailLayout title={subject} preview={pending ? `We have your booking request for ${pickup}.` : `Your car is booked for ${pickup}.`}>
      <Title>{pending ? `Booking #${number} received` : `Booking #${number} confirmed`}</Title>
      <P>Hi {user.name},</P>
      <P>
        {pending
          ? "We have your booking request. We confirm new customers' first bookings by hand and will email you shortly."
          : "Your booking is confirmed. Here is what we will bring, when and where."}
      </P>
      <Facts rows={bookingFacts(booking)} />
      {isVerified(booking) ? null : <P>{UNVERIFIED_LOCATION_NOTE} before we deliver.</P>}
      <CtaButton href={bookingUrl}>View your booking</CtaButton>
      <List
        items={[
          "Fully insured. No deposits.",
          "Please have your valid driver's licence with you when the car is delivered.",
          <>
            You can change or cancel free of charge up to {CANCELLATION_WINDOW_HOURS} hours before pickup in <TextLink href={myBookings}>My Bookings</TextLink>.
          </>,
          ...(pending
            ? []
            : [
                <>
                  Your <TextLink href={receipt}>tax invoice</TextLink>.
                </>,
              ]),
        ]}
      />
      {pending ? null : <Note>{CONFIRMATION_CALENDAR_NOTE}</Note>}
      <P last>Thank you for choosing CapeDrive.</P>
    </EmailLayout>,
  );
}

/**
 * Who cancelled a booking, and whether it had been confirmed: a booking that waited for approval
 * and was turned down by our staff is "declined"; only a confirmed one had a tax invoice (now
 * credited in full) and calendar events (now removed by the attached file).
 */
export type CancellationContext = { by: "customer" | "staff"; wasPending: boolean };

export function bookingCancellationEmail(user: Customer, booking: EmailBooking, site: Site, context: CancellationContext): EmailMessage {
  const { publicUrl } = site;
  const number = bookingNumber(booking.id, "customer");
  const bookAgain = `${publicUrl}/booking/category`;
  const receipt = `${publicUrl}/bookings/${booking.id}/receipt`;
  const declined = context.wasPending && context.by === "staff";
  const subject = `Booking #${number} ${declined ? "declined" : "cancelled"}`;
  const opening = declined
    ? `We're sorry: we could not confirm your booking request #${number}.`
    : context.by === "customer"
      ? `Your booking #${number} has been cancelled, as you asked.`
      : `Our team has cancelled your booking #${number}.`;
  const money = context.wasPending ? "Nothing was charged for it." : "You owe nothing for it: a credit note cancels its tax invoice in full.";
  const text = [
    `Hi ${user.name},`,
    "",
    opening,
    "",
    `What:    ${vehicleText(booking)}`,
    `Pick-up: ${formatConfirmationDateTime(booking.pickupDate)} ${CAPE_TOWN}, ${booking.deliveryLocation}`,
    `Return:  ${formatConfirmationDateTime(booking.returnDate)} ${CAPE_TOWN}, ${booking.returnLocation}`,
    "",
    money,
    ...(context.wasPending ? [] : [`Your tax invoice and credit note: ${receipt}`, CANCELLATION_CALENDAR_NOTE]),
    "",
    `Book again any time: ${bookAgain}`,
    "",
    SEE_YOU_AGAIN,
  ].join("\n");
  const html = renderEmail(
    <EmailLayout title={subject} preview={opening}>
      <Title>{subject}</Title>
      <P>Hi {user.name},</P>
      <P>{opening} This is what it was:</P>
      <Facts
        rows={[
          { label: "What", value: vehicleText(booking) },
          { label: "Pick-up", value: <When at={booking.pickupDate} place={booking.deliveryLocation} verb="At" /> },
          { label: "Return", value: <When at={booking.returnDate} place={booking.returnLocation} verb="At" /> },
        ]}
      />
      {context.wasPending ? (
        <P>{money}</P>
      ) : (
        <P>
          You owe nothing for it: a credit note cancels its <TextLink href={receipt}>tax invoice</TextLink> in full.
        </P>
      )}
      {context.wasPending ? null : <Note>{CANCELLATION_CALENDAR_NOTE}</Note>}
      <CtaButton href={bookAgain}>Book again</CtaButton>
      <P last>{SEE_YOU_AGAIN}</P>
    </EmailLayout>,
  );
  // A booking that waited for approval was never put in a calendar: there is nothing to remove.
  return { to: user.email, subject, text, html, ...(context.wasPending ? {} : { attachments: [calendarFor(booking, site, true)] }) };
}

/**
 * What a change of a booking did, for its email: the booking's figures before the change (the
 * booking itself is passed as it is after it), the price difference, who changed it, and whether
 * it was a change before the trip or an extension of a trip in progress.
 */
export type BookingChangeSummary = {
  before: {
    pickupDate: Date;
    returnDate: Date;
    deliveryLocation: string;
    returnLocation: string;
    category: string;
    transmission: string;
    /** Rand, as Booking.totalAmount. */
    totalAmount: number;
  };
  /** New total minus old, in cents: may be 0 or negative. */
  differenceCents: number;
  by: "customer" | "admin";
  kind: "change" | "extension";
};

/** A change of a booking or an extension of a trip: what moved (old -> new), the new total and the difference, the updated calendar. */
export function bookingChangedEmail(user: Customer, booking: EmailBooking, change: BookingChangeSummary, site: Site): EmailMessage {
  const { publicUrl } = site;
  const number = bookingNumber(booking.id, "customer");
  const extension = change.kind === "extension";
  // An admin may also shorten a trip in progress: the same email, worded for it.
  const shortened = extension && booking.returnDate.getTime() < change.before.returnDate.getTime();
  const extended = shortened ? "shortened" : "extended";
  const pending = booking.status === "pending";
  const bookingUrl = `${publicUrl}/bookings/${booking.id}`;
  const receipt = `${publicUrl}/bookings/${booking.id}/receipt`;
  // The same list the booking page's history shows (domain/booking-change.ts); times in Cape Town.
  const fields = changedFields(change.before, booking).map((f) => ({ ...f, note: f.field === "pickupDate" || f.field === "returnDate" ? CAPE_TOWN : "" }));
  // Both tables' values in one column, also when "Transmission" needs a wider label column.
  const labelWidth = fields.some((f) => f.label.length > "Collection".length) ? WIDE_FACT_LABEL_WIDTH : FACT_LABEL_WIDTH;
  const newTotal = formatRand(booking.totalAmount.toFixed(2));
  const oldTotal = formatRand(change.before.totalAmount);
  const difference = priceDifferenceText(change.differenceCents);
  // The subject names the time that moved: a change of the return alone leads with the return.
  const returnOnly = booking.pickupDate.getTime() === change.before.pickupDate.getTime() && booking.returnDate.getTime() !== change.before.returnDate.getTime();
  const subject = extension
    ? `Booking #${number} ${extended}: return ${formatConfirmationDateTime(booking.returnDate)}`
    : returnOnly
      ? `Booking #${number} changed: return ${formatConfirmationDateTime(booking.returnDate)}`
      : `Booking #${number} changed: pick-up ${formatConfirmationDateTime(booking.pickupDate)}`;
  const who = change.by === "admin" ? "Our team has" : "You have";
  const lead = extension ? `${who} ${extended} your trip, booking #${number}.` : `${who} changed your booking #${number}.`;
  const priceLine = change.differenceCents === 0 ? `New total: ${newTotal}. No change in price.` : `New total: ${newTotal} (was ${oldTotal}): ${difference}.`;
  // A booking still awaiting approval has no invoice and no calendar yet (as its confirmation).
  const receiptLine = pending ? [] : [`Your tax invoice, with the credit or debit note for the difference: ${receipt}`];

  const text = [
    `Hi ${user.name},`,
    "",
    lead,
    "",
    ...(fields.length ? ["What changed:", ...fields.map((f) => `- ${f.label}: ${f.from} -> ${f.to}${f.note ? ` ${f.note}` : ""}`), ""] : []),
    priceLine,
    "",
    "Your booking now:",
    ...bookingFactLines(booking),
    ...(isVerified(booking) ? [] : ["", `${UNVERIFIED_LOCATION_NOTE} before we deliver.`]),
    "",
    `Your booking: ${bookingUrl}`,
    ...receiptLine,
    ...(pending ? [] : ["The calendar file attached updates the delivery and return events in your calendar."]),
    "",
    "Thank you for choosing CapeDrive.",
  ].join("\n");

  const html = renderEmail(
    <EmailLayout title={subject} preview={`${lead} ${priceLine}`}>
      <Title>{extension ? `Booking #${number} ${extended}` : `Booking #${number} changed`}</Title>
      <P>Hi {user.name},</P>
      <P>{lead}</P>
      {fields.length ? (
        <>
          <Subtitle>What changed</Subtitle>
          <Facts
            labelWidth={labelWidth}
            rows={fields.map((f) => ({
              label: f.label,
              value: (
                <>
                  <strong>{f.to}</strong>
                  {f.note ? ` ${f.note}` : ""}
                  <br />
                  <Small>was {f.from}</Small>
                </>
              ),
            }))}
          />
        </>
      ) : null}
      <P>
        <strong>New total: {newTotal}</strong>
        {change.differenceCents === 0 ? ". No change in price." : ` (was ${oldTotal}): ${difference}.`}
      </P>
      <Subtitle>Your booking now</Subtitle>
      <Facts labelWidth={labelWidth} rows={bookingFacts(booking)} />
      {isVerified(booking) ? null : <P>{UNVERIFIED_LOCATION_NOTE} before we deliver.</P>}
      <CtaButton href={bookingUrl}>View your booking</CtaButton>
      {pending ? null : (
        <P>
          Your <TextLink href={receipt}>tax invoice</TextLink>, with the credit or debit note for the difference.
        </P>
      )}
      {pending ? null : <Note>The calendar file attached updates the delivery and return events in your calendar.</Note>}
      <P last>Thank you for choosing CapeDrive.</P>
    </EmailLayout>,
  );
  return { to: user.email, subject, text, html, ...(pending ? {} : { attachments: [calendarFor(booking, site, false)] }) };
}
