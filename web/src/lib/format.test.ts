import { describe, expect, test } from "bun:test";
import { formatDateTime, formatKm, formatRandWhole, groupDigits } from "./format.ts";

describe("shared formats", () => {
  test("digits are grouped by three", () => {
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(1000)).toBe("1,000");
    expect(groupDigits(1234567)).toBe("1,234,567");
  });
  test("mileage in km, never negative", () => {
    expect(formatKm(88_000)).toBe("88,000 km");
    expect(formatKm(-5)).toBe("0 km");
  });
  test("for-sale prices in rand without decimals (SPEC 9)", () => {
    expect(formatRandWhole("185000.00")).toBe("R185,000");
    expect(formatRandWhole("100000")).toBe("R100,000");
    expect(formatRandWhole("99999.50")).toBe("R100,000");
    expect(formatRandWhole("84900.49")).toBe("R84,900");
    expect(formatRandWhole(519000)).toBe("R519,000");
    expect(formatRandWhole("not money")).toBe("not money");
  });
  test("instants in Cape Town time", () => {
    expect(formatDateTime("2025-03-03T12:05:00Z")).toMatch(/3 Mar 2025.*14:05/);
    expect(formatDateTime("nope")).toBe("nope");
  });
});
