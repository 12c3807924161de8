import { describe, expect, test } from "bun:test";
import {
  centsToDecimal,
  formatRand,
  formatRandCents,
  formatRandCentsExact,
  decimalToCents,
  formatRandPerDay,
  isMoneyAmount,
  MAX_MONEY_CENTS,
  parseMoneyToCents,
  toMoneyString,
  typedAmount,
} from "./money.ts";

describe("parseMoneyToCents", () => {
  test("decimal strings", () => {
    expect(parseMoneyToCents("1350.00")).toBe(135_000);
    expect(parseMoneyToCents("1350")).toBe(135_000);
    expect(parseMoneyToCents("1350.5")).toBe(135_050);
    expect(parseMoneyToCents(" 0.05 ")).toBe(5);
    expect(parseMoneyToCents(".5")).toBe(50);
    expect(parseMoneyToCents("7.")).toBe(700);
    expect(parseMoneyToCents("-12.30")).toBe(-1230);
    expect(parseMoneyToCents("-0.00")).toBe(0);
  });

  test("more than two decimals round half away from zero on the digits", () => {
    expect(parseMoneyToCents("12.345")).toBe(1235);
    expect(parseMoneyToCents("12.344")).toBe(1234);
    expect(parseMoneyToCents("0.995")).toBe(100);
    expect(parseMoneyToCents("-12.345")).toBe(-1235);
  });

  test("numbers, without floating-point surprises", () => {
    expect(parseMoneyToCents(450)).toBe(45_000);
    expect(parseMoneyToCents(0.1 + 0.2)).toBe(30);
    expect(parseMoneyToCents(1.005)).toBe(101);
    expect(parseMoneyToCents(19.99)).toBe(1999);
  });

  test("rejects what is not an amount", () => {
    for (const bad of ["", " ", ".", "abc", "1,350", "R450", "1e3", "--1", "1.2.3", Number.NaN, Infinity, 1e20]) {
      expect(() => parseMoneyToCents(bad)).toThrow(RangeError);
      expect(isMoneyAmount(bad)).toBe(false);
    }
    expect(isMoneyAmount(null)).toBe(false);
    expect(isMoneyAmount("99.99")).toBe(true);
  });
});

describe("centsToDecimal / toMoneyString", () => {
  test("two decimals always", () => {
    expect(centsToDecimal(135_000)).toBe("1350.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(MAX_MONEY_CENTS)).toBe("99999999.99");
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  test("normalises", () => {
    expect(toMoneyString(450)).toBe("450.00");
    expect(toMoneyString("12.5")).toBe("12.50");
    expect(toMoneyString("0")).toBe("0.00");
  });
});

describe("formatRand (R, comma thousands, cents only when not zero)", () => {
  test("whole rand", () => {
    expect(formatRand("1350.00")).toBe("R1,350");
    expect(formatRand(450)).toBe("R450");
    expect(formatRand(0)).toBe("R0");
    expect(formatRand("999")).toBe("R999");
    expect(formatRand(1000)).toBe("R1,000");
    expect(formatRand(100_000)).toBe("R100,000");
    expect(formatRand("1000000.00")).toBe("R1,000,000");
    expect(formatRand("99999999.99")).toBe("R99,999,999.99");
  });

  test("cents when not zero", () => {
    expect(formatRand("1350.50")).toBe("R1,350.50");
    expect(formatRand(1350.5)).toBe("R1,350.50");
    expect(formatRand("0.05")).toBe("R0.05");
    expect(formatRand("1234567.89")).toBe("R1,234,567.89");
  });

  test("negative amounts put the sign before the R", () => {
    expect(formatRand("-50")).toBe("-R50");
    expect(formatRand("-1350.5")).toBe("-R1,350.50");
    expect(formatRand("-0.00")).toBe("R0");
  });

  test("does not depend on the runtime's locale data", () => {
    const original = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = () => "locale was used";
    try {
      expect(formatRand(1_234_567)).toBe("R1,234,567");
    } finally {
      Number.prototype.toLocaleString = original;
    }
  });

  test("decimalToCents: a stored amount (anything with toFixed, as Prisma's Decimal) in cents", () => {
    expect(decimalToCents(1350.5)).toBe(135_050);
    expect(decimalToCents({ toFixed: (digits: number) => (900).toFixed(digits) })).toBe(90_000);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
  });

  test("formatRandCentsExact: a tax document's amounts always carry their cents", () => {
    expect(formatRandCentsExact(260_000)).toBe("R2,600.00");
    expect(formatRandCentsExact(226_087)).toBe("R2,260.87");
    expect(formatRandCentsExact(-130_000)).toBe("-R1,300.00");
    expect(formatRandCentsExact(5)).toBe("R0.05");
    expect(formatRandCentsExact(0)).toBe("R0.00");
    expect(() => formatRandCentsExact(1.5)).toThrow(RangeError);
  });

  test("formatRandCents and bad input", () => {
    expect(formatRandCents(135_050)).toBe("R1,350.50");
    expect(() => formatRand("abc")).toThrow(RangeError);
  });
});

describe("formatRandPerDay", () => {
  test("vehicle card rate", () => {
    expect(formatRandPerDay(450)).toBe("R450/day");
    expect(formatRandPerDay("650.00")).toBe("R650/day");
    expect(formatRandPerDay("1250.50")).toBe("R1,250.50/day");
  });
});

describe("typedAmount (an amount as typed in a form)", () => {
  test("a leading R, thousands grouped by spaces or commas, and a decimal comma are read", () => {
    expect(typedAmount("R189 900")).toBe("189900");
    expect(typedAmount(" r 189\u00a0900 ")).toBe("189900");
    expect(typedAmount("189,900")).toBe("189900");
    expect(typedAmount("1,350,000.50")).toBe("1350000.50");
    expect(typedAmount("1 350,5")).toBe("1350.5");
    expect(typedAmount("1350,50")).toBe("1350.50");
    expect(parseMoneyToCents(typedAmount("R1 350,50"))).toBe(135_050);
  });

  test("what is not an amount comes back as it was (trimmed), for parseMoneyToCents to refuse", () => {
    expect(typedAmount(" 450.00 ")).toBe("450.00");
    for (const text of ["1,350,50", "18,99,00", "1 35", "12,3456", "abc", "189 900 rand"]) {
      expect(() => parseMoneyToCents(typedAmount(text))).toThrow(RangeError);
    }
  });
});
