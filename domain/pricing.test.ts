import { describe, expect, test } from "bun:test";
import { bookingQuote, bookingTotal, CATEGORY_RATES, dailyRateCents, rentalDays } from "./pricing.ts";
import { capeTownDateTimeToUtc } from "./time.ts";

const at = (date: string, time = "10:00") => capeTownDateTimeToUtc(date, time);

describe("CATEGORY_RATES", () => {
  test("rand per day by category", () => {
    expect(CATEGORY_RATES).toEqual({ small: 450, medium: 650, large: 850 });
    for (const rate of Object.values(CATEGORY_RATES)) expect(Number.isInteger(rate)).toBe(true);
  });

  test("dailyRateCents", () => {
    expect(dailyRateCents("small")).toBe(45_000);
    expect(dailyRateCents("large")).toBe(85_000);
    expect(dailyRateCents("")).toBe(0);
    expect(dailyRateCents("toString")).toBe(0);
    expect(dailyRateCents(undefined)).toBe(0);
  });
});

describe("rentalDays", () => {
  test("exactly one day", () => {
    expect(rentalDays(at("2025-03-05"), at("2025-03-06"))).toBe(1);
  });

  test("any part of a day counts as a full day", () => {
    expect(rentalDays(at("2025-03-05", "10:00"), at("2025-03-06", "10:01"))).toBe(2);
    expect(rentalDays(at("2025-03-05", "10:00"), at("2025-03-05", "10:01"))).toBe(1);
    expect(rentalDays(at("2025-03-05", "10:00"), at("2025-03-06", "09:59"))).toBe(1);
    expect(rentalDays(new Date(0), new Date(1))).toBe(1);
  });

  test("return equal to or before pickup is 0", () => {
    expect(rentalDays(at("2025-03-05"), at("2025-03-05"))).toBe(0);
    expect(rentalDays(at("2025-03-06"), at("2025-03-05"))).toBe(0);
  });

  test("over Cape Town midnight: a short rental is one day", () => {
    expect(rentalDays(at("2025-03-05", "23:00"), at("2025-03-06", "01:00"))).toBe(1);
  });

  test("across a leap day and month ends", () => {
    expect(rentalDays(at("2024-02-28"), at("2024-03-01"))).toBe(2);
    expect(rentalDays(at("2025-02-28"), at("2025-03-01"))).toBe(1);
    expect(rentalDays(at("2025-12-30"), at("2026-01-02"))).toBe(3);
  });

  test("missing or invalid dates give 0", () => {
    expect(rentalDays(null, at("2025-03-06"))).toBe(0);
    expect(rentalDays(at("2025-03-05"), undefined)).toBe(0);
    expect(rentalDays(new Date("nope"), at("2025-03-06"))).toBe(0);
  });
});

describe("bookingTotal", () => {
  test("days x category rate as a two-decimal string", () => {
    expect(bookingTotal("small", at("2025-03-05"), at("2025-03-08"))).toBe("1350.00");
    expect(bookingTotal("medium", at("2025-03-05"), at("2025-03-06"))).toBe("650.00");
    expect(bookingTotal("large", at("2025-03-05", "10:00"), at("2025-03-06", "10:01"))).toBe("1700.00");
    expect(bookingTotal("large", at("2025-03-01"), at("2025-03-31"))).toBe("25500.00");
  });

  test("0.00 when the category, pickup or return is missing", () => {
    expect(bookingTotal("", at("2025-03-05"), at("2025-03-08"))).toBe("0.00");
    expect(bookingTotal(null, at("2025-03-05"), at("2025-03-08"))).toBe("0.00");
    expect(bookingTotal("small", null, at("2025-03-08"))).toBe("0.00");
    expect(bookingTotal("small", at("2025-03-05"), undefined)).toBe("0.00");
    expect(bookingTotal("xl", at("2025-03-05"), at("2025-03-08"))).toBe("0.00");
  });

  test("0.00 when return is not after pickup", () => {
    expect(bookingTotal("small", at("2025-03-05"), at("2025-03-05"))).toBe("0.00");
  });
});

describe("bookingQuote", () => {
  test("carries days, rate and integer cents", () => {
    expect(bookingQuote("medium", at("2025-03-05"), at("2025-03-07", "12:00"))).toEqual({
      days: 3,
      dailyRate: 650,
      totalCents: 195_000,
      total: "1950.00",
    });
  });

  test("an empty draft", () => {
    expect(bookingQuote("", null, null)).toEqual({ days: 0, dailyRate: 0, totalCents: 0, total: "0.00" });
  });
});
