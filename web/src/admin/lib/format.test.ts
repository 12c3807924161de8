import { describe, expect, test } from "bun:test";
import {
  bookingStatusLabel,
  categoryRateHint,
  chargedRateNote,
  dateLabel,
  dateTimeLabel,
  dayLabel,
  matchCount,
  nearDayLabel,
  plural,
  rand,
  relativeTime,
  vehicleStatusTone,
} from "./format.ts";
import { failureReasonLabel, handoverStateLabel, handoverStateTone } from "./handovers.ts";

describe("back-office formats", () => {
  test("dates in Cape Town time, whatever the machine's zone", () => {
    expect(dateTimeLabel("2026-03-04T22:30:00.000Z")).toBe("05 Mar 2026, 00:30");
    expect(dateLabel("2026-03-04T22:30:00.000Z")).toBe("05 Mar 2026");
    expect(dateTimeLabel(null)).toBe("—");
    expect(dateLabel("not a date")).toBe("—");
  });

  test("relative times", () => {
    const now = new Date("2026-03-05T12:00:00Z");
    expect(relativeTime("2026-03-05T11:59:30Z", now)).toBe("just now");
    expect(relativeTime("2026-03-05T11:57:00Z", now)).toBe("3 minutes ago");
    expect(relativeTime("2026-03-04T12:00:00Z", now)).toBe("yesterday");
    expect(relativeTime(null, now)).toBe("Never");
    expect(relativeTime(null, now, "—")).toBe("—");
  });

  test("rand, counts, labels and tones", () => {
    expect(rand("2550.00")).toBe("R2,550");
    expect(rand("1350.5")).toBe("R1,350.50");
    expect(rand(null)).toBe("—");
    expect(rand("abc")).toBe("abc");
    expect(plural(1, "vehicle")).toBe("1 vehicle");
    expect(plural(1200, "booking")).toBe("1,200 bookings");
    expect(matchCount(1, "vehicle")).toBe("1 vehicle matches");
    expect(matchCount(3, "vehicle")).toBe("3 vehicles match");
    expect(matchCount(0, "customer")).toBe("0 customers match");
    expect(matchCount(1200, "booking")).toBe("1,200 bookings match");
    expect(bookingStatusLabel("in_progress")).toBe("In Progress");
    expect(vehicleStatusTone("available")).toBe("green");
    expect(vehicleStatusTone("out_of_service")).toBe("red");
  });

  test("the price hint names the category rate customers are charged (the domain's, SPEC 9)", () => {
    expect(categoryRateHint("small")).toBe("Customers are charged the Small rate, R450/day.");
    expect(categoryRateHint("medium")).toBe("Customers are charged the Medium rate, R650/day.");
    expect(categoryRateHint("large")).toBe("Customers are charged the Large rate, R850/day.");
    expect(categoryRateHint("")).toBe("Customers are charged their category's daily rate.");
  });

  test("dispatch days in Cape Town, and the days near today", () => {
    expect(dayLabel("2026-11-26")).toBe("Thursday, 26 November 2026");
    // 23:30 UTC on the 25th is already the 26th in Cape Town.
    const now = new Date("2026-11-25T23:30:00Z");
    expect(nearDayLabel("2026-11-26", now)).toBe("Today");
    expect(nearDayLabel("2026-11-27", now)).toBe("Tomorrow");
    expect(nearDayLabel("2026-11-25", now)).toBe("Yesterday");
    expect(nearDayLabel("2026-11-28", now)).toBeNull();
  });

  test("handover states and failures", () => {
    expect(handoverStateLabel("en_route")).toBe("On the way");
    expect(["scheduled", "en_route", "done", "failed"].map((s) => handoverStateTone(s as "done"))).toEqual(["grey", "blue", "green", "red"]);
    expect(failureReasonLabel("customer_absent")).toBe("Customer absent");
    expect(failureReasonLabel(null)).toBe("Reason not given");
  });
});

describe("a fleet car's card beside its own price", () => {
  test("says what customers pay when its category's rate differs, and nothing when they agree or the car is for sale", () => {
    expect(chargedRateNote({ category: "small", pricePerDay: "520.00" }, false)).toBe("Customers pay R450/day (Small rate)");
    expect(chargedRateNote({ category: "large", pricePerDay: "850.00" }, false)).toBeNull();
    expect(chargedRateNote({ category: "small", pricePerDay: "520.00" }, true)).toBeNull();
  });
});
