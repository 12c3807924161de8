// HTML bodies rendered by the mailer when it sends an email, not by the request that enqueued it.
// A new booking's confirmation and reminders are written to the outbox in the booking's
// transaction (so none is ever lost), with their subject, text and calendar; rendering their HTML
// was most of a booking's CPU time, so the row carries the template's name and its data instead,
// and the mailer renders the same markup from them (server/services/mail.ts).
import { Prisma } from "../../prisma/generated/sqlite/browser";
import type { Config } from "../config";
import type { EmailAttachment } from "../services/mail";
import { bookingConfirmationHtml, type ConfirmationHtmlData, confirmationAttachments } from "./booking";
import { deliveryReminderHtml, type ReminderHtmlData, returnReminderHtml } from "./reminders";

type Site = Pick<Config, "publicUrl" | "mail">;

/** A template and its data, as an outbox row keeps them until the email is sent. */
export type DeferredHtml = { template: DeferredTemplate; data: unknown };

// The data went through JSON: its instants are ISO strings and its money a decimal string again.
const asDate = (value: unknown) => new Date(String(value));
const reminder = (data: unknown): ReminderHtmlData => {
  const d = data as ReminderHtmlData;
  return { ...d, pickupDate: asDate(d.pickupDate), returnDate: asDate(d.returnDate) };
};

const confirmation = (data: unknown): ConfirmationHtmlData => {
  const { user, booking } = data as ConfirmationHtmlData;
  return {
    user,
    booking: {
      ...booking,
      pickupDate: asDate(booking.pickupDate),
      returnDate: asDate(booking.returnDate),
      createdAt: asDate(booking.createdAt),
      updatedAt: asDate(booking.updatedAt),
      totalAmount: new Prisma.Decimal(String(booking.totalAmount)),
    },
  };
};

const templates = {
  "booking-confirmation": (data: unknown, site: Site) => bookingConfirmationHtml(confirmation(data), site),
  "delivery-reminder": (data: unknown, site: Site) => deliveryReminderHtml(reminder(data), site.publicUrl),
  "return-reminder": (data: unknown, site: Site) => returnReminderHtml(reminder(data), site.publicUrl),
} as const;

export type DeferredTemplate = keyof typeof templates;

/** Files a template's email carries, made from its data as its HTML is (the confirmation's calendar). */
const attachmentsOfTemplates: Partial<Record<DeferredTemplate, (data: unknown, site: Site) => EmailAttachment[]>> = {
  "booking-confirmation": (data, site) => confirmationAttachments(confirmation(data), site),
};

/** The attachments a deferred row's email carries besides its stored ones; throws for unreadable data. */
export function deferredAttachments(template: string, dataJson: string, site: Site): EmailAttachment[] {
  const make = attachmentsOfTemplates[template as DeferredTemplate];
  return make ? make(JSON.parse(dataJson), site) : [];
}

/** The HTML of a row's template and JSON data; throws for an unknown template or unreadable data. */
export function renderDeferredHtml(template: string, dataJson: string, site: Site): string {
  const render = templates[template as DeferredTemplate];
  if (!render) throw new Error(`unknown email template "${template}"`);
  return render(JSON.parse(dataJson), site);
}
