import { describe, expect, test } from "bun:test";
import { DEFAULT_TYPED_ADDRESS_COORDINATES } from "#domain/geo.ts";
import { chargeLines, columnState, damagePhotos, reportPlace, slotPhotos } from "./report.ts";

const photo = (slot: string, note: string | null = null) => ({ slot, url: `/objects/uploads/${slot}-${note ?? "x"}`, note });

describe("the columns of the condition report", () => {
  test("done: the record shows, with Delivered or Collected", () => {
    expect(columnState("delivery", { state: "done", photos: [] })).toEqual({ badge: { tone: "green", label: "Delivered" }, done: true, message: null });
    expect(columnState("collection", { state: "done", photos: [] }, "completed").badge.label).toBe("Collected");
  });

  test("before the handover: Not collected yet, the driver on the way, or a failed attempt with its reason", () => {
    const waiting = columnState("collection", { state: "scheduled", photos: [] }, "in_progress");
    expect(waiting).toMatchObject({ badge: { tone: "grey", label: "Not collected yet" }, done: false });
    expect(columnState("collection", null, "in_progress").badge.label).toBe("Not collected yet");
    expect(columnState("delivery", undefined, "confirmed").badge.label).toBe("Not delivered yet");
    expect(columnState("delivery", { state: "en_route", photos: [] }, "confirmed")).toMatchObject({
      badge: { tone: "blue", label: "On the way" },
      message: "Your driver is on the way with the car.",
    });
    expect(columnState("delivery", { state: "failed", failureReason: "customer_absent", photos: [] }, "confirmed").message).toBe(
      "The delivery could not be completed (customer absent). We will call you to arrange a new time.",
    );
  });

  test("a car handed over by the office before the checklists has no record, not 'Not delivered yet'", () => {
    expect(columnState("delivery", null, "in_progress")).toMatchObject({ badge: { label: "No record" }, done: false });
    expect(columnState("collection", null, "completed").message).toContain("returned without a collection checklist");
    expect(columnState("collection", { state: "done", photos: [] }, "completed").done).toBe(true);
  });
});

describe("where a handover happened", () => {
  test("the driver's GPS point first, else the booked point; never the typed-address stand-in", () => {
    expect(reportPlace("12 Long Street", "-33.9249,18.4241", "-33.9,18.4")).toEqual({
      address: "12 Long Street",
      coordinates: "-33.9249,18.4241",
      pointText: "-33.92490, 18.42410",
    });
    expect(reportPlace("12 Long Street", null, "-33.9,18.4").coordinates).toBe("-33.9,18.4");
    expect(reportPlace("Somewhere", null, DEFAULT_TYPED_ADDRESS_COORDINATES)).toEqual({ address: "Somewhere", coordinates: null, pointText: null });
  });
});

describe("photos", () => {
  test("the six in the driver's order, labelled; damage apart, numbered, with notes", () => {
    const photos = [photo("fuel"), photo("damage", "Dent"), photo("front"), photo("back"), photo("odometer"), photo("left"), photo("right")];
    expect(slotPhotos(photos).map((p) => p.label)).toEqual(["Front", "Back", "Left side", "Right side", "Odometer", "Fuel gauge"]);
    expect(damagePhotos(photos)).toEqual([{ slot: "damage", label: "Damage 1", url: "/objects/uploads/damage-Dent", note: "Dent" }]);
  });
});

describe("charges", () => {
  test("late days and fuel as lines with the total; nothing charged is null (No extra charges)", () => {
    expect(chargeLines({ lateDays: 2, lateFee: "900.00", fuelEighthsShort: 2, fuelFee: "360.00", total: "1260.00" })).toEqual({
      lines: [
        { label: "Late return: 2 days", amount: "R900" },
        { label: "Fuel: ¼ tank short", amount: "R360" },
      ],
      total: "R1,260",
    });
    expect(chargeLines({ lateDays: 1, lateFee: "450.00", fuelEighthsShort: 0, fuelFee: "0.00", total: "450.00" })?.lines).toEqual([
      { label: "Late return: 1 day", amount: "R450" },
    ]);
    expect(chargeLines({ lateDays: 0, lateFee: "0.00", fuelEighthsShort: 0, fuelFee: "0.00", total: "0.00" })).toBeNull();
    expect(chargeLines(null)).toBeNull();
  });
});
