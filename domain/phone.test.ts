import { describe, expect, test } from "bun:test";
import { phoneE164 } from "./phone.ts";

describe("phoneE164 (a tel: link's number)", () => {
  test("South African numbers as people write them", () => {
    for (const written of ["021 555 0123", "0215550123", "(021) 555-0123", " 021-555-0123 ", "+27 21 555 0123", "+27 (0)21 555 0123", "0027 21 555 0123"]) {
      expect({ written, e164: phoneE164(written) }).toEqual({ written, e164: "+27215550123" });
    }
    expect(phoneE164("082 555 1234")).toBe("+27825551234");
    expect(phoneE164("0800 123 456")).toBe("+27800123456");
  });

  test("another country's number, given with its code", () => {
    expect(phoneE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneE164("+1 (212) 555-0100")).toBe("+12125550100");
  });

  test("anything else is not a number to dial", () => {
    for (const written of [
      "",
      "   ",
      "call us",
      "021 555 0123 ext 4",
      "021.555.0123",
      "21 555 0123", // no trunk 0 and no country code: ambiguous
      "021 555 012", // a digit short
      "021 555 01234",
      "+27 021 555 0123", // the trunk 0 after +27
      "+27 21 555 012",
      "+0 21 555 0123",
      "021 +555 0123",
      "+1234567", // too short for any country
      "+1234567890123456", // longer than E.164 allows
    ]) {
      expect({ written, e164: phoneE164(written) }).toEqual({ written, e164: null });
    }
  });
});
