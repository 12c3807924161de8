// What follows every change of a booking (made, cancelled, reinstated, started, completed,
// charged, changed), inside the change's own transaction, so nothing follows a change that rolled
// back: the tax documents settle to what the customer now owes (./invoices.ts) and the reminders
// are rescheduled to the booking's times and status (./reminders.ts).
import type { Config } from "../config";
import { empty, join, type Prisma, sql } from "../db";
import type { RawTx } from "../db/direct";
import {
  BOOKING_FOR_INVOICE,
  issueNewBookingInvoice,
  MISSING_COUNTER,
  NEXT_INVOICE_NUMBER,
  newBookingInvoiceInsert,
  settleBookingInvoices,
  type BookingForInvoice,
  type SettleReason,
} from "./invoices";
import { type EmailMessage, enqueueEmails, outboxInsert } from "./mail";
import type { CountedRow } from "./rate-limit";
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
 * A new booking's row (`insertBooking`: its INSERT, no RETURNING) and what follows it, in this
 * transaction (a transaction of SQL alone, sent to the driver directly: ../db/direct.ts): its
 * confirmation and reminders (made before the transaction began, with `reminderEmails`) are
 * enqueued, then its invoice is issued. The invoice comes last because its number is taken from
 * the one counter row every booking updates: on PostgreSQL that row stays locked until the commit,
 * so the less that follows it, the less other bookings (of any car) wait for it.
 * On PostgreSQL all of it is one statement (data-modifying WITH clauses): each statement there is
 * a round trip to the database, which cost a booking more than the writes themselves (issue 16).
 * SQLite, which has no such clauses and no round trips, runs them one by one.
 */
export async function writeNewBooking(
  tx: RawTx,
  config: Pick<Config, "database">,
  insertBooking: Prisma.Sql,
  booking: BookingForInvoice,
  emails: readonly EmailMessage[],
  /** The attempt's count (rate-limit.ts bookingAttempt), last; null when it was counted apart. */
  attempt: { upsert: Prisma.Sql; returning: Prisma.Sql } | null,
): Promise<CountedRow[]> {
  const provider = config.database.provider;
  if (provider !== "postgresql") {
    // $queryRaw: the direct transaction counts its changes itself (["bookings"]).
    await tx.$queryRaw`${insertBooking} RETURNING "id"`;
    await enqueueEmails(tx, provider, emails);
    await issueNewBookingInvoice(tx, booking);
    return attempt ? tx.$queryRaw<CountedRow[]>`${attempt.upsert} RETURNING ${attempt.returning}` : [];
  }
  const outbox = outboxInsert(provider, emails);
  const invoice = newBookingInvoiceInsert(booking);
  const steps = [sql`booking AS (${insertBooking} RETURNING "id")`];
  if (outbox) steps.push(sql`outbox AS (${outbox} RETURNING "id")`);
  if (invoice) steps.push(sql`counter AS (${NEXT_INVOICE_NUMBER})`, sql`invoice AS (${invoice} RETURNING "id")`);
  if (attempt) steps.push(sql`counted AS (${attempt.upsert} RETURNING ${attempt.returning})`);
  const rows = await tx.$queryRaw<(CountedRow & { counters: number | bigint })[]>`
    WITH ${join(steps, ", ")}
    SELECT ${attempt ? sql`counted.*,` : empty} ${invoice ? sql`(SELECT count(*) FROM counter)` : sql`1`} AS counters
    ${attempt ? sql`FROM counted` : empty}`;
  if (rows.length === 0 || Number(rows[0]!.counters) !== 1) throw new Error(MISSING_COUNTER);
  return rows;
}
