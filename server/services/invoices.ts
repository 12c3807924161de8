// Tax invoices (South African VAT): a booking's documents always add up to what its customer owes.
// Every change that alters that amount (the booking confirmed, cancelled, reopened, charges at
// collection) calls `settleInvoices` inside its own transaction, which issues the one document the
// difference needs (domain/vat.ts settlingDocument): the invoice first, then credit and debit
// notes, never a rewrite. Numbers come from one counter row updated in the same transaction, so a
// rolled-back change takes no number and two documents never share one (gapless, one series).
import type { Invoice } from "../../prisma/generated/sqlite/client";
import { type Prisma, sql } from "../db";
import type { RawTx } from "../db/direct";
import { timeOrderedId } from "../db/ids";
import {
  bookingNumber,
  categoryLabel,
  formatConfirmationDateTime,
  fuelShortText,
  isFinalBookingStatus,
  decimalToCents,
  owedCents,
  owesRental,
  settlingDocument,
  splitVat,
  TRANSMISSION_LABELS,
} from "#domain";
import { notFound } from "../errors";
import type { Services } from "./context";
import { requireAdminOrKey, requireCustomer, type Viewer } from "./viewer";

/** What a booking's invoicing reads with it (and what ./booking-follow-ups.ts loads once for its steps). */
export const BOOKING_FOR_INVOICE = {
  include: {
    user: { select: { name: true, email: true, address: true, city: true, postalCode: true } },
    handovers: { where: { kind: "collection" as const }, select: { lateFeeCents: true, fuelFeeCents: true, lateDays: true, fuelEighthsShort: true } },
  },
} satisfies { include: Prisma.BookingInclude };
export type BookingForInvoice = Prisma.BookingGetPayload<typeof BOOKING_FOR_INVOICE>;

/** The late-return and fuel charges the booking's collection recorded (0 before one is done). */
const collectionChargesCents = (b: BookingForInvoice) => b.handovers.reduce((sum, h) => sum + (h.lateFeeCents ?? 0) + (h.fuelFeeCents ?? 0), 0);

/** What the booking's customer owes now (domain owedCents: the rental while owed, the collection's charges always). */
function bookingOwedCents(b: BookingForInvoice): number {
  return owedCents({ status: b.status, rentalCents: decimalToCents(b.totalAmount), collectionChargesCents: collectionChargesCents(b) });
}

/** "Car rental: Medium, manual, 3 days, Mar 05, 2026, 10:00 to Mar 08, 2026, 10:00 (Cape Town), booking #A1B2C3" */
function rentalDescription(b: BookingForInvoice): string {
  return `Car rental: ${rentalTerms(b)}, booking #${bookingNumber(b.id, "customer")}`;
}

/** "Medium, manual, 3 days, Mar 05, 2026, 10:00 to Mar 08, 2026, 10:00 (Cape Town)" */
function rentalTerms(b: BookingForInvoice): string {
  const transmission = TRANSMISSION_LABELS[b.transmission as keyof typeof TRANSMISSION_LABELS]?.toLowerCase() ?? b.transmission;
  const days = `${b.duration} ${b.duration === 1 ? "day" : "days"}`;
  return `${categoryLabel(b.category)}, ${transmission}, ${days}, ${formatConfirmationDateTime(b.pickupDate)} to ${formatConfirmationDateTime(b.returnDate)} (Cape Town)`;
}

/** Why a note is issued, as its description says it. */
export type SettleReason = "confirmed" | "unconfirmed" | "cancelled" | "reopened" | "collection_charges" | "changed";
const NOTE_TEXT: Record<SettleReason, string> = {
  confirmed: "Booking confirmed",
  unconfirmed: "Booking awaiting confirmation again: nothing is owed until it is confirmed",
  cancelled: "Booking cancelled: the rental is credited in full",
  reopened: "Booking reinstated",
  collection_charges: "Charges at collection",
  changed: "Booking changed",
};

/**
 * The rental credited while the collection's charges stay owed (domain owedCents): a booking
 * collected with charges and then put back to awaiting approval or cancelled. Its note must not
 * say nothing is owed, nor that everything is credited.
 */
const RENTAL_ONLY_TEXT: Partial<Record<SettleReason, string>> = {
  unconfirmed: "Booking awaiting confirmation again: the rental is not owed until it is confirmed; the charges at collection stay owed",
  cancelled: "Booking cancelled: the rental is credited in full; the charges at collection stay owed",
};

function noteDescription(b: BookingForInvoice, reason: SettleReason): string {
  // A change's note says what the rental now is: the invoice still describes it as first booked.
  if (reason === "changed") return `${NOTE_TEXT.changed}, now: ${rentalTerms(b)}, booking #${bookingNumber(b.id, "customer")}`;
  const rentalOnly = collectionChargesCents(b) > 0 ? RENTAL_ONLY_TEXT[reason] : undefined;
  const base = `${rentalOnly ?? NOTE_TEXT[reason]}, booking #${bookingNumber(b.id, "customer")}`;
  // The charges that stay are named, as their own debit note names them.
  if (reason !== "collection_charges" && !rentalOnly) return base;
  const c = b.handovers[0];
  const parts = [
    c?.lateDays ? `late return ${c.lateDays} ${c.lateDays === 1 ? "day" : "days"}` : null,
    c?.fuelEighthsShort ? `fuel ${fuelShortText(c.fuelEighthsShort)}` : null,
  ].filter(Boolean);
  return parts.length ? `${base}: ${parts.join(", ")}` : base;
}

/** Takes the next number of the invoice series (the row stays locked until the transaction ends). */
async function nextNumber(tx: Prisma.TransactionClient): Promise<number> {
  const row = await tx.documentCounter.update({ where: { name: "invoice" }, data: { last: { increment: 1 } }, select: { last: true } });
  return row.last;
}

/**
 * Issues the document that makes a booking's documents add up to what is owed now, if any. Call
 * it inside the transaction of the change. Returns the new document, or null when settled.
 */
export async function settleInvoices(tx: Prisma.TransactionClient, bookingId: string, reason: SettleReason): Promise<Invoice | null> {
  return settleBookingInvoices(tx, await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, ...BOOKING_FOR_INVOICE }), reason);
}

/** settleInvoices for a booking already read with BOOKING_FOR_INVOICE in the same transaction. */
export async function settleBookingInvoices(
  tx: Prisma.TransactionClient,
  booking: BookingForInvoice,
  reason: SettleReason,
  /** The booking's documents when the caller knows them (none for a booking made in this transaction). */
  known?: readonly { totalCents: number }[],
): Promise<Invoice | null> {
  const issued = known ?? (await tx.invoice.findMany({ where: { bookingId: booking.id }, select: { totalCents: true } }));
  const document = settlingInvoice(booking, reason, issued);
  return document ? tx.invoice.create({ data: { ...document, number: await nextNumber(tx) } }) : null;
}

/**
 * The invoice of a booking made in this transaction (it has no documents yet), written as SQL on
 * a transaction sent to the driver directly (../db/direct.ts): the same row `settleBookingInvoices`
 * writes (booking-rows.test.ts compares them), its number taken last, as there.
 */
export async function issueNewBookingInvoice(tx: RawTx, booking: BookingForInvoice): Promise<void> {
  const insert = newBookingInvoiceInsert(booking);
  if (!insert) return;
  const [counter] = await tx.$queryRaw<{ last: number }[]>`${NEXT_INVOICE_NUMBER}`;
  if (!counter) throw new Error(MISSING_COUNTER);
  await tx.$queryRaw`WITH counter AS (SELECT ${counter.last} AS "last") ${insert} RETURNING "id"`;
}

/** Takes the next invoice number: the one counter row every invoice updates (locked until the commit on PostgreSQL). */
export const NEXT_INVOICE_NUMBER = sql`UPDATE document_counters SET "last" = "last" + 1 WHERE name = 'invoice' RETURNING "last"`;
export const MISSING_COUNTER = "The invoice counter row is missing (migration tax_invoices inserts it)";

/**
 * The invoice of a booking made in this transaction as an INSERT numbered from a common table
 * expression named `counter` (its one row's column "last": the number), or null when
 * nothing is owed. Written so because PostgreSQL takes the number in the same statement
 * (`WITH counter AS (UPDATE ...)`, ./booking-follow-ups.ts).
 */
export function newBookingInvoiceInsert(booking: BookingForInvoice): Prisma.Sql | null {
  const document = settlingInvoice(booking, "confirmed", []);
  if (!document) return null;
  return sql`
    INSERT INTO invoices ("id", "number", "kind", "bookingId", "issuedAt", "customerName", "customerEmail", "customerAddress", "description", "exclusiveCents", "vatCents", "totalCents")
    VALUES (${timeOrderedId()}, (SELECT "last" FROM counter), ${document.kind}, ${document.bookingId}, ${new Date()}, ${document.customerName},
      ${document.customerEmail}, ${document.customerAddress}, ${document.description}, ${document.exclusiveCents}, ${document.vatCents}, ${document.totalCents})`;
}

/** The document (all but its number) that makes the booking's `issued` documents add up to what is owed, or null when they do. */
function settlingInvoice(booking: BookingForInvoice, reason: SettleReason, issued: readonly { totalCents: number }[]) {
  const document = settlingDocument(bookingOwedCents(booking), issued);
  if (!document) return null;
  const split = splitVat(document.totalCents);
  return {
    kind: document.kind,
    bookingId: booking.id,
    customerName: booking.user.name,
    customerEmail: booking.user.email,
    customerAddress: [booking.user.address, booking.user.city, booking.user.postalCode].filter(Boolean).join(", ") || null,
    description: document.kind === "invoice" ? rentalDescription(booking) : noteDescription(booking, reason),
    exclusiveCents: split.exclusiveCents,
    vatCents: split.vatCents,
    totalCents: split.totalCents,
  };
}

/** The reason a status change settles with. */
export function settleReasonOf(before: string, after: string): SettleReason {
  if (after === "cancelled") return "cancelled";
  // Back to awaiting approval: owed nothing, so its credit note must not read "Booking confirmed".
  if (after === "pending") return "unconfirmed";
  if (before === "cancelled" || (isFinalBookingStatus(before) && !isFinalBookingStatus(after))) return "reopened";
  return "confirmed";
}

export type Receipt = {
  booking: { id: string; status: string; userId: string };
  documents: Invoice[];
  supplier: Services["config"]["supplier"];
};

/**
 * A booking's receipt: its tax documents in number order, for its customer or an admin. A booking
 * made before receipts existed gets its invoice the first time its receipt is opened.
 */
export async function bookingReceipt(services: Services, viewer: Viewer, bookingId: unknown): Promise<Receipt> {
  const id = typeof bookingId === "string" ? bookingId.trim() : "";
  const where: Prisma.BookingWhereInput = { id };
  if (viewer.kind === "admin" || viewer.kind === "apiKey") requireAdminOrKey(viewer, "bookings:read");
  else where.userId = requireCustomer(viewer).userId;
  const booking = id ? await services.db.booking.findFirst({ where, select: { id: true, status: true, userId: true } }) : null;
  if (!booking) throw notFound("Booking not found");
  let documents = await services.db.invoice.findMany({ where: { bookingId: id }, orderBy: { number: "asc" } });
  if (documents.length === 0 && owesRental(booking.status)) {
    await services.db.$transaction(async (tx) => {
      // Receipts opened at once (two tabs, a retry) must not each invoice the booking: on PostgreSQL
      // each would read "no documents" and issue one. The booking's row lock makes the later ones
      // wait and then find the first one's invoice (SQLite runs one write transaction at a time).
      if (services.provider === "postgresql") await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`;
      return settleInvoices(tx, id, "confirmed");
    });
    documents = await services.db.invoice.findMany({ where: { bookingId: id }, orderBy: { number: "asc" } });
  }
  return { booking, documents, supplier: services.config.supplier };
}
