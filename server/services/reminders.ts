// Booking reminders: an email 24 hours before the delivery and 3 hours before the return (the
// times in Cape Town), written to the outbox with a send-after time, so whichever instance's
// mailer claims the row sends it, once. Every change of a booking reschedules them in its own
// transaction (./booking-follow-ups.ts): the reminders still waiting are removed and the right
// ones made again from the booking as it is now, so a cancelled booking gets none and a changed
// one gets them at its new times. A reminder whose moment has already passed is not made.
import { DELIVERY_REMINDER_HOURS, RETURN_REMINDER_HOURS, reminderMoment } from "#domain";
import type { Config } from "../config";
import { deliveryReminderEmail, returnReminderEmail } from "../emails/reminders";
import type { Prisma } from "../db";
import { enqueueEmails, type EmailMessage } from "./mail";

const topicPrefix = (bookingId: string) => `reminder:${bookingId}:`;

/** A booking with its customer's name and email (what the reminders say and whom they go to). */
export type ReminderBooking = Prisma.BookingGetPayload<{ include: { user: { select: { name: true; email: true } } } }>;

/** Removes the booking's reminders still waiting and makes the ones it should have now (`b` as it is in this transaction). */
export async function scheduleReminders(
  tx: Prisma.TransactionClient,
  config: Pick<Config, "publicUrl" | "database">,
  b: ReminderBooking,
  now = new Date(),
): Promise<void> {
  await tx.emailOutbox.deleteMany({ where: { topic: { startsWith: topicPrefix(b.id) }, status: "pending", claimedUntil: null } });
  await enqueueEmails(tx, config.database.provider, reminderEmails(config, b, now));
}

/** The reminders a booking should have now, as outbox messages (a new booking has none to replace). */
export function reminderEmails(config: Pick<Config, "publicUrl">, b: ReminderBooking, now = new Date(), options: { deferHtml?: boolean } = {}): EmailMessage[] {
  const delivery = reminderMoment(b.pickupDate, DELIVERY_REMINDER_HOURS);
  const collection = reminderMoment(b.returnDate, RETURN_REMINDER_HOURS);
  const out: EmailMessage[] = [];
  if (b.status === "confirmed" && delivery > now)
    out.push({ ...deliveryReminderEmail(b, config.publicUrl, options), sendAfter: delivery, topic: `${topicPrefix(b.id)}delivery` });
  if ((b.status === "confirmed" || b.status === "in_progress") && collection > now)
    out.push({ ...returnReminderEmail(b, config.publicUrl, options), sendAfter: collection, topic: `${topicPrefix(b.id)}return` });
  return out;
}
