// What a booking's customer owes, line by line, as the booking cards show it: the rental, then each
// charge added at the collection, then a credit when the rental is no longer owed, and the balance.
// The balance is `owedCents` (./vat.ts), which the tax documents always add up to, so the card and
// the receipt never disagree.
import { dayCount, fuelShortText } from "./handover.ts";
import { owedCents, owesRental } from "./vat.ts";

export type AccountLine = { kind: "rental" | "charge" | "credit"; label: string; cents: number };
export type BookingAccount = { lines: AccountLine[]; balanceCents: number };

/** The charges a collection recorded (none before one is done). */
export type CollectionCharges = { lateDays: number | null; lateFeeCents: number | null; fuelEighthsShort: number | null; fuelFeeCents: number | null };

/**
 * The booking's account: "Rental, 3 days", then "Late return, 1 day" and "Fuel, ¼ tank short" when
 * its collection charged them, then "Rental credited (cancelled)" when the rental is not owed. A
 * booking changed since it was made shows its rental as it is now (the change's note is in it).
 */
export function bookingAccount(booking: { status: string; rentalCents: number; days: number; collection: CollectionCharges | null }): BookingAccount {
  const { collection } = booking;
  const lines: AccountLine[] = [{ kind: "rental", label: `Rental, ${dayCount(booking.days)}`, cents: booking.rentalCents }];
  const lateFeeCents = collection?.lateFeeCents ?? 0;
  const fuelFeeCents = collection?.fuelFeeCents ?? 0;
  if (lateFeeCents > 0) lines.push({ kind: "charge", label: `Late return, ${dayCount(collection?.lateDays ?? 0)}`, cents: lateFeeCents });
  if (fuelFeeCents > 0) lines.push({ kind: "charge", label: `Fuel, ${fuelShortText(collection?.fuelEighthsShort ?? 0)}`, cents: fuelFeeCents });
  if (!owesRental(booking.status) && booking.rentalCents !== 0) {
    const label = booking.status === "cancelled" ? "Rental credited (cancelled)" : "Rental not owed until confirmed";
    lines.push({ kind: "credit", label, cents: -booking.rentalCents });
  }
  const balanceCents = owedCents({ status: booking.status, rentalCents: booking.rentalCents, collectionChargesCents: lateFeeCents + fuelFeeCents });
  return { lines, balanceCents };
}
