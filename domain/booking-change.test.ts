import { describe, expect, test } from "bun:test";
import { CHANGE_BLOCKED_MESSAGES, changedFields, customerChangeBlockedReason, customerExtendBlockedReason, priceDifferenceText } from "./booking-change.ts";

const HOUR = 3_600_000;
const now = new Date("2026-03-01T08:00:00Z");

describe("who may change a booking", () => {
  test("pending or confirmed, at least 24 hours before pickup (exactly 24 still allowed)", () => {
    expect(customerChangeBlockedReason(new Date(now.getTime() + 24 * HOUR), "confirmed", now)).toBeNull();
    expect(customerChangeBlockedReason(new Date(now.getTime() + 48 * HOUR), "pending", now)).toBeNull();
    expect(customerChangeBlockedReason(new Date(now.getTime() + 24 * HOUR - 1), "confirmed", now)).toBe(CHANGE_BLOCKED_MESSAGES.tooLate);
    expect(CHANGE_BLOCKED_MESSAGES.tooLate).toBe("Bookings can only be changed up to 24 hours before pickup");
  });
  test("a trip on the road is extended instead; closed bookings never change", () => {
    const later = new Date(now.getTime() + 100 * HOUR);
    expect(customerChangeBlockedReason(later, "in_progress", now)).toBe(CHANGE_BLOCKED_MESSAGES.started);
    expect(customerChangeBlockedReason(later, "completed", now)).toBe(CHANGE_BLOCKED_MESSAGES.completed);
    expect(customerChangeBlockedReason(later, "cancelled", now)).toBe(CHANGE_BLOCKED_MESSAGES.cancelled);
    expect(customerExtendBlockedReason("in_progress")).toBeNull();
    expect(customerExtendBlockedReason("confirmed")).not.toBeNull();
    expect(customerExtendBlockedReason("completed")).not.toBeNull();
  });
});

describe("describing a change", () => {
  test("the difference in rand, either way", () => {
    expect(priceDifferenceText(65_000)).toBe("R650 more");
    expect(priceDifferenceText(-45_000)).toBe("R450 less");
    expect(priceDifferenceText(-5)).toBe("R0.05 less");
    expect(priceDifferenceText(0)).toBe("No change in price");
  });
  test("what changed, in reading order, with Cape Town times and labels", () => {
    const before = {
      pickupDate: new Date("2026-03-05T08:00:00Z"),
      returnDate: new Date("2026-03-08T08:00:00Z"),
      deliveryLocation: "12 Long Street",
      returnLocation: "Airport",
      category: "medium",
      transmission: "manual",
    };
    expect(changedFields(before, { ...before })).toEqual([]);
    const after = { ...before, returnDate: new Date("2026-03-09T08:00:00Z"), category: "large", pickupDate: new Date(before.pickupDate.getTime()) };
    expect(changedFields(before, after)).toEqual([
      { field: "returnDate", label: "Return", from: "Mar 08, 2026, 10:00", to: "Mar 09, 2026, 10:00" },
      { field: "category", label: "Category", from: "Medium", to: "Large" },
    ]);
  });
});
