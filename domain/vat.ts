// South African VAT on the product's prices. Prices the customer sees include VAT (a VAT vendor
// selling to consumers quotes VAT-inclusive prices), so a tax invoice splits each total into the
// amount excluding VAT and the VAT: VAT = total x 15/115, rounded to the cent (half up), and the
// amount excluding VAT is the rest, so the two always add up to the total exactly.

/** The standard rate since 1 April 2018, in basis points (15.00 %). */
export const VAT_RATE_BASIS_POINTS = 1500;

export type VatSplit = { exclusiveCents: number; vatCents: number; totalCents: number };

/**
 * Splits a VAT-inclusive amount in integer cents. Works for negative amounts (credit notes) by
 * symmetry, so a credit note for a total is exactly the negative of its invoice.
 */
export function splitVat(totalCents: number, rateBasisPoints: number = VAT_RATE_BASIS_POINTS): VatSplit {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`Cents must be an integer: ${totalCents}`);
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError(`Not a VAT rate: ${rateBasisPoints}`);
  const sign = totalCents < 0 ? -1 : 1;
  const abs = Math.abs(totalCents);
  // Integer arithmetic: vat = abs * rate / (10000 + rate), rounded half up.
  const denominator = 10_000 + rateBasisPoints;
  const vat = Math.floor((abs * rateBasisPoints * 2 + denominator) / (denominator * 2));
  return { exclusiveCents: sign * (abs - vat) || 0, vatCents: sign * vat || 0, totalCents };
}

/** "15%" */
export const vatRateLabel = (rateBasisPoints: number = VAT_RATE_BASIS_POINTS) => `${(rateBasisPoints / 100).toString()}%`;

export const TAX_DOCUMENT_LABELS = { invoice: "Tax Invoice", credit_note: "Credit Note", debit_note: "Debit Note" } as const;
export type TaxDocumentKind = keyof typeof TAX_DOCUMENT_LABELS;

/** The printed prefix of each kind's numbers: a bookkeeper tells a credit note from an invoice by its number. */
const TAX_DOCUMENT_PREFIXES: Record<TaxDocumentKind, string> = { invoice: "INV", credit_note: "CN", debit_note: "DN" };

/**
 * "INV-000042", "CN-000043": the printed form of a document number. Invoices and notes share one
 * series without gaps (document_counters), so every number is issued once across all three kinds;
 * the prefix names the kind.
 */
export function taxDocumentNumber(number: number, kind: TaxDocumentKind): string {
  return `${TAX_DOCUMENT_PREFIXES[kind]}-${String(number).padStart(6, "0")}`;
}

/** Statuses in which the customer owes the rental: confirmed, on the road, done. */
export function owesRental(status: string): boolean {
  return status === "confirmed" || status === "in_progress" || status === "completed";
}

/**
 * What a booking's customer owes, in cents: the rental while the booking is confirmed, on the road
 * or done, plus the charges recorded at its collection (late return, fuel short). Those charges are
 * for how the car came back, so they stand whatever status the booking is given afterwards: an
 * admin cancelling a completed booking credits the rental, not the collection's charges.
 */
export function owedCents(booking: { status: string; rentalCents: number; collectionChargesCents: number }): number {
  return (owesRental(booking.status) ? booking.rentalCents : 0) + booking.collectionChargesCents;
}

/**
 * Which document settles a booking's account: what the customer owes now (`owedCents`) against
 * what its documents add up to so far. Nothing when they agree; the invoice when there is none
 * yet; after that a debit note for more, a credit note for less (never a rewrite).
 */
export function settlingDocument(owedCents: number, issued: readonly { totalCents: number }[]): { kind: TaxDocumentKind; totalCents: number } | null {
  const net = issued.reduce((sum, d) => sum + d.totalCents, 0);
  const difference = owedCents - net;
  if (difference === 0) return null;
  if (issued.length === 0) return { kind: difference > 0 ? "invoice" : "credit_note", totalCents: difference };
  return { kind: difference > 0 ? "debit_note" : "credit_note", totalCents: difference };
}
