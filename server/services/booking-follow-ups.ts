// What follows every change of a booking (made, cancelled, reinstated, started, completed,
// charged, changed), inside the change's own transaction, so nothing follows a change that rolled
// back: the tax documents settle to what the customer now owes (./invoices.ts) and the reminders
// are rescheduled to the booking's times and status (./reminders.ts).
import type { Config } from "../config";
import type { Prisma } from "../db";
import { settleInvoices, type SettleReason } from "./invoices";
import { scheduleReminders } from "./reminders";

export async function followUpBookingChange(
  tx: Prisma.TransactionClient,
  config: Pick<Config, "publicUrl">,
  bookingId: string,
  reason: SettleReason,
): Promise<void> {
  await settleInvoices(tx, bookingId, reason);
  await scheduleReminders(tx, config, bookingId);
}
