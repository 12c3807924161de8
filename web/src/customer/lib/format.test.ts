import { describe, expect, test } from "bun:test";
import { calendarDateLabel, memberSince } from "./format.ts";

describe("profile display formats", () => {
  test("Member Since reads createdAt in Cape Town time; N/A when missing (SPEC 3)", () => {
    expect(memberSince("2025-03-04T08:00:00.000Z")).toBe("4 March 2025");
    // 23:30 UTC on the 31st is already 1 January in Cape Town.
    expect(memberSince("2025-12-31T23:30:00.000Z")).toBe("1 January 2026");
    expect(memberSince(null)).toBe("N/A");
    expect(memberSince(undefined)).toBe("N/A");
    expect(memberSince("")).toBe("N/A");
    expect(memberSince("not a date")).toBe("N/A");
  });
  test("calendar dates are shown as written, whatever the time zone", () => {
    expect(calendarDateLabel("1990-03-15")).toBe("15 March 1990");
    expect(calendarDateLabel("2031-01-01")).toBe("1 January 2031");
    expect(calendarDateLabel("soon")).toBe("soon");
  });
});
