import { describe, expect, test } from "bun:test";
import { dateTimeStepState, emptyBookingDraft, isDraftReadyForConfirmation } from "./draft.ts";

describe("booking draft", () => {
  test("defaults", () => {
    expect(emptyBookingDraft()).toEqual({
      category: "",
      transmission: "manual",
      vehicleId: "",
      pickupDate: "",
      returnDate: "",
      deliveryLocation: "",
      deliveryCoordinates: "",
      returnLocation: "",
      returnCoordinates: "",
      totalAmount: 0,
      duration: 0,
    });
    expect(emptyBookingDraft()).not.toBe(emptyBookingDraft());
  });

  test("confirmation needs category, pickup and return", () => {
    const ready = { category: "small" as const, pickupDate: "2025-03-05T08:00:00.000Z", returnDate: "2025-03-06T08:00:00.000Z" };
    expect(isDraftReadyForConfirmation(ready)).toBe(true);
    expect(isDraftReadyForConfirmation({ ...ready, category: "" })).toBe(false);
    expect(isDraftReadyForConfirmation({ ...ready, pickupDate: "" })).toBe(false);
    expect(isDraftReadyForConfirmation({ ...ready, returnDate: "" })).toBe(false);
  });
});

describe("dateTimeStepState", () => {
  const now = new Date("2025-03-05T06:00:00Z"); // 08:00 on 5 March in Cape Town
  const base = { category: "small", pickupDate: "05/03/2025", pickupTime: "10:00", returnDate: "08/03/2025", returnTime: "10:00" };

  test("valid selection: 3 days of a small car", () => {
    const state = dateTimeStepState(base, now);
    expect(state.pickup?.toISOString()).toBe("2025-03-05T08:00:00.000Z");
    expect(state.returnAt?.toISOString()).toBe("2025-03-08T08:00:00.000Z");
    expect([state.days, state.total, state.canProceed]).toEqual([3, "1350.00", true]);
  });

  test("a minute past a whole day adds a day", () => {
    expect(dateTimeStepState({ ...base, returnTime: "10:01" }, now).total).toBe("1800.00");
  });

  test("invalid or incomplete dates and times disable Next", () => {
    for (const change of [{ pickupDate: "31/02/2025" }, { pickupDate: "5/3/2025" }, { returnDate: "" }, { pickupTime: "" }, { returnTime: "25:00" }]) {
      const state = dateTimeStepState({ ...base, ...change }, now);
      expect({ change, canProceed: state.canProceed, total: state.total }).toEqual({ change, canProceed: false, total: "0.00" });
    }
  });

  test("duration must be above 0", () => {
    const same = dateTimeStepState({ ...base, returnDate: "05/03/2025" }, now);
    expect([same.days, same.canProceed]).toEqual([0, false]);
  });

  test("no category: Next still needs only dates, total is 0", () => {
    const state = dateTimeStepState({ ...base, category: "" }, now);
    expect([state.days, state.total, state.canProceed]).toEqual([3, "0.00", true]);
  });

  test("dates the calendar refuses", () => {
    const past = dateTimeStepState({ ...base, pickupDate: "04/03/2025" }, now);
    expect([past.pickupBeforeToday, past.canProceed]).toEqual([true, false]);
    const returnFirst = dateTimeStepState({ ...base, pickupDate: "08/03/2025", returnDate: "07/03/2025" }, now);
    expect([returnFirst.returnBeforePickupDate, returnFirst.canProceed]).toEqual([true, false]);
  });

  test("today in Cape Town is allowed even when UTC is still yesterday", () => {
    const justAfterMidnight = new Date("2025-03-04T22:30:00Z"); // 00:30 on 5 March in Cape Town
    expect(dateTimeStepState(base, justAfterMidnight).pickupBeforeToday).toBe(false);
    expect(dateTimeStepState({ ...base, pickupDate: "04/03/2025" }, justAfterMidnight).pickupBeforeToday).toBe(true);
  });
});
