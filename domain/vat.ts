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
