// What follows every change of a booking (made, cancelled, reinstated, started, completed,
// charged, changed), inside the change's own transaction, so nothing follows a change that rolled
// back: the tax documents settle to what the customer now owes (./invoices.ts) and the reminders
// are rescheduled to the booking's times and status (./reminders.ts).
import type { Config } from "../config";
import type { Prisma } from "../db";
import type { RawTx } from "../db/direct";
import { BOOKING_FOR_INVOICE, issueNewBookingInvoice, settleBookingInvoices, type BookingForInvoice, type SettleReason } from "./invoices";
import { type EmailMessage, enqueueEmails } from "./mail";
import { scheduleReminders } from "./reminders";

export async function followUpBookingChange(
  tx: Prisma.TransactionClient,
  config: Pick<Config, "publicUrl" | "database">,
  bookingId: string,
  reason: SettleReason,
): Promise<void> {
  // Read once for both steps: this runs inside every booking write, the booking itself included.
  const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, ...BOOKING_FOR_INVOICE });
  await settleBookingInvoices(tx, booking, reason);
  await scheduleReminders(tx, config, booking);
}

/**
 * The same for a booking created in this transaction (a transaction of SQL alone, sent to the
 * driver directly: ../db/direct.ts), which has no documents or reminders yet and is passed as
 * written (nothing is read back): its confirmation and reminders (made before the transaction
 * began, with `reminderEmails`) are enqueued, then its invoice is issued. The invoice comes last
 * because its number is taken from the one counter row every booking updates: on PostgreSQL that
 * row stays locked until the commit, so the less that follows it, the less other bookings (of any
 * car) wait for it.
 */
export async function followUpNewBooking(
  tx: RawTx,
  config: Pick<Config, "database">,
  booking: BookingForInvoice,
  emails: readonly EmailMessage[],
): Promise<void> {
  await enqueueEmails(tx, config.database.provider, emails);
  await issueNewBookingInvoice(tx, booking);
}
