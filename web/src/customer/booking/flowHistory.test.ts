import { describe, expect, test } from "bun:test";
import { nextFlowStart } from "./flowHistory.ts";

describe("the booking flow's first entry in the tab's history", () => {
  test("the first step seen starts the flow; later steps, and screens after them, keep that start", () => {
    expect(nextFlowStart(null, "/home", 3)).toBeNull();
    expect(nextFlowStart(null, "/booking/category", 4)).toBe(4);
    expect(nextFlowStart(4, "/booking/datetime", 5)).toBe(4);
    expect(nextFlowStart(4, "/booking/confirmation", 8)).toBe(4);
    // Off to complete the profile and back: still the same pass through the flow.
    expect(nextFlowStart(4, "/profile-completion", 9)).toBe(4);
    expect(nextFlowStart(4, "/booking/confirmation", 10)).toBe(4);
    // A change of a booking is not the new booking's flow.
    expect(nextFlowStart(null, "/bookings/b1/change/dates", 6)).toBeNull();
  });

  test("back out of the flow: a screen at or below its start forgets it; a step below it starts there", () => {
    expect(nextFlowStart(4, "/home", 3)).toBeNull();
    expect(nextFlowStart(4, "/bookings", 4)).toBeNull(); // the flow's entries were replaced
    expect(nextFlowStart(4, "/booking/datetime", 2)).toBe(2);
    // A new page load numbers its entries from 0 again.
    expect(nextFlowStart(7, "/booking/category", 0)).toBe(0);
    expect(nextFlowStart(7, "/home", 0)).toBeNull();
  });
});
