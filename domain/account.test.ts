import { describe, expect, test } from "bun:test";
import { bookingAccount } from "./account.ts";

const collection = { lateDays: 1, lateFeeCents: 650_00, fuelEighthsShort: 2, fuelFeeCents: 300_00 };

describe("a booking's account, as its card shows it", () => {
  test("the rental, each charge at collection, the balance: they add up", () => {
    const account = bookingAccount({ status: "completed", rentalCents: 1300_00, days: 2, collection });
    expect(account.lines).toEqual([
      { kind: "rental", label: "Rental, 2 days", cents: 1300_00 },
      { kind: "charge", label: "Late return, 1 day", cents: 650_00 },
      { kind: "charge", label: "Fuel, ¼ tank short", cents: 300_00 },
    ]);
    expect(account.balanceCents).toBe(2250_00);
  });

  test("a booking without charges is its rental alone", () => {
    const account = bookingAccount({ status: "confirmed", rentalCents: 450_00, days: 1, collection: null });
    expect(account).toEqual({ lines: [{ kind: "rental", label: "Rental, 1 day", cents: 450_00 }], balanceCents: 450_00 });
  });

  test("cancelled: the rental is credited; the collection's charges stay owed", () => {
    expect(bookingAccount({ status: "cancelled", rentalCents: 1300_00, days: 2, collection: null })).toEqual({
      lines: [
        { kind: "rental", label: "Rental, 2 days", cents: 1300_00 },
        { kind: "credit", label: "Rental credited (cancelled)", cents: -1300_00 },
      ],
      balanceCents: 0,
    });
    const afterCollection = bookingAccount({
      status: "cancelled",
      rentalCents: 1300_00,
      days: 2,
      collection: { ...collection, fuelFeeCents: 0, fuelEighthsShort: 0 },
    });
    expect(afterCollection.lines.map((line) => line.cents)).toEqual([1300_00, 650_00, -1300_00]);
    expect(afterCollection.balanceCents).toBe(650_00);
  });

  test("every line adds up to the balance, whatever the status", () => {
    for (const status of ["pending", "confirmed", "in_progress", "completed", "cancelled"])
      for (const charges of [null, collection]) {
        const account = bookingAccount({ status, rentalCents: 1950_00, days: 3, collection: charges });
        expect(account.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(account.balanceCents);
      }
  });
});
