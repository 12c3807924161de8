import { describe, expect, test } from "bun:test";
import { phoneSearchDigits, plateSearchKey } from "./admin.ts";

describe("phoneSearchDigits (the admin's search by phone number)", () => {
  test("a number typed any way comes to its national digits, without the trunk 0 or +27", () => {
    for (const typed of ["082 123 4567", "0821234567", "+27 82 123 4567", "+27821234567", "(082) 123-4567", "082.123.4567"]) {
      expect(phoneSearchDigits(typed)).toBe("821234567");
    }
    // A part of a number is searched as it is, less a leading 0.
    expect(phoneSearchDigits("123 4567")).toBe("1234567");
    expect(phoneSearchDigits("0219")).toBe(null);
  });

  test("names, emails, plates and too few digits are not phone numbers", () => {
    for (const text of ["Thandi", "thandi@example.com", "CA 123-456", "1234", "", "#1c2a4705"]) expect(phoneSearchDigits(text)).toBe(null);
  });
});

describe("plate keys (the admin's vehicle search)", () => {
  test("a plate is compared without its spaces and dashes, in upper case", () => {
    expect(plateSearchKey("ca745561")).toBe("CA745561");
    expect(plateSearchKey("745-561")).toBe("745561");
    expect(plateSearchKey("CA 745-561")).toBe("CA745561");
    expect(plateSearchKey("gp")).toBe("GP");
  });

  test("text no plate holds (or only spaces and dashes) has no key; LIKE wildcards never reach SQL", () => {
    for (const text of ["", "-", " - ", "50%", "a_b", "Mercedes-Benz!", "Citroën"]) expect(plateSearchKey(text)).toBe(null);
  });
});
