import { describe, expect, test } from "bun:test";
import { owedCents, settlingDocument, splitVat, taxDocumentNumber, vatRateLabel } from "./vat.ts";

describe("VAT split of an inclusive price", () => {
  test("the product's daily rates split as a tax invoice shows them", () => {
    expect(splitVat(450_00)).toEqual({ exclusiveCents: 391_30, vatCents: 58_70, totalCents: 450_00 });
    expect(splitVat(1_300_00)).toEqual({ exclusiveCents: 1_130_43, vatCents: 169_57, totalCents: 1_300_00 });
    expect(splitVat(115_00)).toEqual({ exclusiveCents: 100_00, vatCents: 15_00, totalCents: 115_00 });
  });

  test("rounding: half a cent of VAT rounds up, less rounds down; the parts always add up", () => {
    // 23 cents: VAT 3.0 -> 3. 4 cents: VAT 0.5217 -> 1. 3 cents: VAT 0.391 -> 0.
    expect(splitVat(23)).toEqual({ exclusiveCents: 20, vatCents: 3, totalCents: 23 });
    expect(splitVat(4).vatCents).toBe(1);
    expect(splitVat(3).vatCents).toBe(0);
    // At 15% the VAT of a whole number of cents is never exactly half a cent; the half-up rule
    // shows at 20%, where 3 cents hold 0.5 cents of VAT.
    expect(splitVat(3, 2000)).toEqual({ exclusiveCents: 2, vatCents: 1, totalCents: 3 });
    for (let cents = 0; cents <= 5_000; cents += 7) {
      const s = splitVat(cents);
      expect(s.exclusiveCents + s.vatCents).toBe(cents);
      expect(Math.abs(s.vatCents - (cents * 15) / 115)).toBeLessThanOrEqual(0.5);
    }
  });

  test("a credit note is the exact negative of its invoice, and zero stays zero", () => {
    expect(splitVat(-1_300_00)).toEqual({ exclusiveCents: -1_130_43, vatCents: -169_57, totalCents: -1_300_00 });
    expect(splitVat(0)).toEqual({ exclusiveCents: 0, vatCents: 0, totalCents: 0 });
    expect(Object.is(splitVat(0).vatCents, -0)).toBe(false);
  });

  test("refuses what is not a whole number of cents", () => {
    expect(() => splitVat(10.5)).toThrow(RangeError);
    expect(() => splitVat(Number.NaN)).toThrow(RangeError);
    expect(vatRateLabel()).toBe("15%");
  });
});

describe("settling a booking's account", () => {
  test("the first document is the invoice; later changes are notes for the difference; nothing when settled", () => {
    expect(settlingDocument(1_300_00, [])).toEqual({ kind: "invoice", totalCents: 1_300_00 });
    expect(settlingDocument(1_300_00, [{ totalCents: 1_300_00 }])).toBeNull();
    expect(settlingDocument(0, [{ totalCents: 1_300_00 }])).toEqual({ kind: "credit_note", totalCents: -1_300_00 });
    expect(settlingDocument(1_750_00, [{ totalCents: 1_300_00 }])).toEqual({ kind: "debit_note", totalCents: 450_00 });
    // Reopened after a cancellation: charged again by a debit note, the old invoice untouched.
    expect(settlingDocument(1_300_00, [{ totalCents: 1_300_00 }, { totalCents: -1_300_00 }])).toEqual({ kind: "debit_note", totalCents: 1_300_00 });
    expect(settlingDocument(0, [])).toBeNull();
  });

  test("numbers print in one series, each prefixed by its kind", () => {
    expect(taxDocumentNumber(42, "invoice")).toBe("INV-000042");
    expect(taxDocumentNumber(43, "credit_note")).toBe("CN-000043");
    expect(taxDocumentNumber(44, "debit_note")).toBe("DN-000044");
    expect(taxDocumentNumber(1_234_567, "invoice")).toBe("INV-1234567");
  });
});

describe("what a booking's customer owes", () => {
  test("the rental while confirmed, on the road or done; nothing of it while pending or cancelled", () => {
    for (const status of ["confirmed", "in_progress", "completed"])
      expect(owedCents({ status, rentalCents: 1300_00, collectionChargesCents: 0 })).toBe(1300_00);
    for (const status of ["pending", "cancelled"]) expect(owedCents({ status, rentalCents: 1300_00, collectionChargesCents: 0 })).toBe(0);
  });

  test("the collection's charges stand whatever status the booking is given afterwards: cancelling a completed booking credits the rental only", () => {
    expect(owedCents({ status: "completed", rentalCents: 1300_00, collectionChargesCents: 950_00 })).toBe(2250_00);
    expect(owedCents({ status: "cancelled", rentalCents: 1300_00, collectionChargesCents: 950_00 })).toBe(950_00);
  });
});
