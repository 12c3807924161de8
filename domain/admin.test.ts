import { describe, expect, test } from "bun:test";
import { phoneSearchDigits } from "./admin.ts";

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
