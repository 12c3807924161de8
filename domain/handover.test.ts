// Runs under New York and Tokyo time too (bun run test): nothing here may depend on the machine's zone.
import { describe, expect, test } from "bun:test";
import {
  checklistProblem,
  checklistSchema,
  collectionCharges,
  customerHandoverStatus,
  describeCharges,
  fuelShortText,
  driverWindow,
  fuelLevelLabel,
  isInDriverWindow,
  startProblem,
} from "./handover.ts";
import { bookingQuote } from "./pricing.ts";

const settings = { lateGraceMinutes: 59, fuelChargePerEighthCents: 180_00 };
const bookedReturn = new Date("2026-03-10T08:00:00Z"); // 10:00 in Cape Town
const minutes = (n: number) => new Date(bookedReturn.getTime() + n * 60_000);
// Booked for two whole days, 10:00 to 10:00.
const pickup = minutes(-2 * 24 * 60);
const charge = (collectedAt: Date, deliveryFuel: number | null = 8, collectionFuel = 8, category = "medium") =>
  collectionCharges({ category, pickup, bookedReturn, collectedAt, deliveryFuelEighths: deliveryFuel, collectionFuelEighths: collectionFuel }, settings);

describe("late return", () => {
  test("on time or early costs nothing", () => {
    expect(charge(minutes(-120)).lateDays).toBe(0);
    expect(charge(bookedReturn).lateFeeCents).toBe(0);
  });

  test("within the grace period costs nothing; a minute past it costs a day at the category's rate", () => {
    expect(charge(minutes(59)).lateDays).toBe(0);
    expect(charge(minutes(60))).toMatchObject({ lateDays: 1, lateFeeCents: 650_00 });
    expect(charge(minutes(60), 8, 8, "small").lateFeeCents).toBe(450_00);
  });

  test("each started day counts", () => {
    expect(charge(minutes(24 * 60)).lateDays).toBe(1);
    expect(charge(minutes(24 * 60 + 1)).lateDays).toBe(2);
    expect(charge(minutes(26 * 60))).toMatchObject({ lateDays: 2, lateFeeCents: 1300_00 });
  });

  test("a longer grace period is honoured", () => {
    const r = collectionCharges(
      { category: "large", pickup, bookedReturn, collectedAt: minutes(90), deliveryFuelEighths: 8, collectionFuelEighths: 8 },
      { lateGraceMinutes: 120, fuelChargePerEighthCents: 1 },
    );
    expect(r.lateDays).toBe(0);
  });

  test("a booking of part of a day has paid the rest of it: no day is charged twice, as an extension to then would cost", () => {
    // 10:00 to 15:00 is priced as one day, until 10:00 the next day.
    const shortPickup = minutes(-24 * 60); // 10:00 the day before
    const shortReturn = minutes(-19 * 60); // 15:00 the day before
    const late = (collectedAt: Date) =>
      collectionCharges(
        { category: "small", pickup: shortPickup, bookedReturn: shortReturn, collectedAt, deliveryFuelEighths: 8, collectionFuelEighths: 8 },
        settings,
      );
    // Back at 09:00 the next day: 18 hours past the booked return, still inside the day paid for.
    expect(late(minutes(-60))).toMatchObject({ lateDays: 0, lateFeeCents: 0, totalCents: 0 });
    expect(bookingQuote("small", shortPickup, minutes(-60)).totalCents).toBe(bookingQuote("small", shortPickup, shortReturn).totalCents);
    // Back at 11:00 the next day: a second day is started, and charged once.
    expect(late(minutes(60))).toMatchObject({ lateDays: 1, lateFeeCents: 450_00 });
    // Two days and an hour after pickup: two more days, what extending the trip to then costs.
    const collectedAt = minutes(24 * 60 + 60);
    expect(late(collectedAt).lateFeeCents).toBe(
      bookingQuote("small", shortPickup, collectedAt).totalCents - bookingQuote("small", shortPickup, shortReturn).totalCents,
    );
    expect(late(collectedAt).lateDays).toBe(2);
  });
});

describe("fuel shortfall", () => {
  test("each eighth below the delivery level is charged; a fuller tank is not credited", () => {
    expect(charge(bookedReturn, 8, 6)).toMatchObject({ fuelEighthsShort: 2, fuelFeeCents: 360_00, totalCents: 360_00 });
    expect(charge(bookedReturn, 4, 8)).toMatchObject({ fuelEighthsShort: 0, fuelFeeCents: 0 });
    expect(charge(bookedReturn, null, 2).fuelEighthsShort).toBe(0);
  });

  test("late and short add up", () => {
    const r = charge(minutes(25 * 60), 8, 6, "small");
    expect(r).toMatchObject({ lateDays: 2, lateFeeCents: 900_00, fuelEighthsShort: 2, fuelFeeCents: 360_00, totalCents: 1260_00 });
    expect(describeCharges(r)).toBe("2 days late: R900; ¼ tank short: R360");
    expect(describeCharges(charge(bookedReturn))).toBeNull();
  });
});

describe("driver window", () => {
  // 23:30 on 10 March in Cape Town is 21:30 UTC; the window is 9 to 11 March (Cape Town dates).
  const now = new Date("2026-03-10T21:30:00Z");

  test("runs from the Cape Town day before to the day after", () => {
    expect(driverWindow(now)).toEqual({ from: "2026-03-09", to: "2026-03-11" });
  });

  test("jobs are in or out by their Cape Town date, not UTC's", () => {
    expect(isInDriverWindow(new Date("2026-03-08T22:00:00Z"), now)).toBe(true); // 00:00 on 9 March in Cape Town
    expect(isInDriverWindow(new Date("2026-03-08T21:59:00Z"), now)).toBe(false); // 23:59 on 8 March
    expect(isInDriverWindow(new Date("2026-03-11T21:59:00Z"), now)).toBe(true); // 23:59 on 11 March
    expect(isInDriverWindow(new Date("2026-03-11T22:00:00Z"), now)).toBe(false); // 00:00 on 12 March
  });
});

describe("state machine", () => {
  test("only a scheduled job starts", () => {
    expect(startProblem("scheduled")).toBeNull();
    expect(startProblem("en_route")).toContain("cannot be started");
    expect(startProblem("done")).toBe("This handover is already done");
    expect(startProblem("failed")).toContain("failed");
  });

  const base = { kind: "delivery" as const, state: "en_route" as const, bookingStatus: "confirmed", hasVehicle: true };
  test("a delivery needs a confirmed booking with a car, once", () => {
    expect(checklistProblem(base)).toBeNull();
    expect(checklistProblem({ ...base, state: "scheduled" })).toBeNull();
    expect(checklistProblem({ ...base, hasVehicle: false })).toContain("No car");
    expect(checklistProblem({ ...base, bookingStatus: "cancelled" })).toContain("cancelled");
    expect(checklistProblem({ ...base, bookingStatus: "pending" })).toContain("pending");
    expect(checklistProblem({ ...base, state: "done" })).toBe("This handover is already done");
  });

  test("no collection before the delivery: the car must be out (booking in progress)", () => {
    const collection = { ...base, kind: "collection" as const, bookingStatus: "in_progress" };
    expect(checklistProblem(collection)).toBeNull();
    expect(checklistProblem({ ...collection, bookingStatus: "confirmed" })).toContain("not been delivered");
    expect(checklistProblem({ ...collection, bookingStatus: "pending" })).toContain("not been delivered");
    expect(checklistProblem({ ...collection, bookingStatus: "completed" })).toContain("completed");
    expect(checklistProblem({ ...collection, state: "done" })).toBe("This handover is already done");
  });
});

describe("what the customer reads", () => {
  const at = new Date("2026-03-10T12:05:00Z"); // 14:05 in Cape Town
  test("follows the latest handover", () => {
    expect(customerHandoverStatus([])).toBeNull();
    expect(customerHandoverStatus([{ kind: "delivery", state: "scheduled", finishedAt: null }])).toBeNull();
    expect(customerHandoverStatus([{ kind: "delivery", state: "en_route", finishedAt: null }])).toBe("Driver on the way");
    expect(customerHandoverStatus([{ kind: "delivery", state: "done", finishedAt: at }])).toBe("Delivered 2:05 PM");
    expect(
      customerHandoverStatus([
        { kind: "delivery", state: "done", finishedAt: at },
        { kind: "collection", state: "done", finishedAt: at },
      ]),
    ).toBe("Collected 2:05 PM");
  });

  test("fuel levels read as a gauge", () => {
    expect([0, 2, 3, 4, 6, 8].map(fuelLevelLabel)).toEqual(["Empty", "¼ tank", "3/8", "½ tank", "¾ tank", "Full"]);
  });
});

describe("checklist input", () => {
  const photos = { front: "/objects/a", back: "/objects/b", left: "/objects/c", right: "/objects/d", odometer: "/objects/e", fuel: "/objects/f" };
  const valid = { idempotencyKey: "key-12345678", photos, odometerKm: 12000, fuelEighths: 8, licenceChecked: true, signature: "/objects/s" };

  test("accepts a full checklist and defaults what is optional", () => {
    const parsed = checklistSchema.parse(valid);
    expect(parsed.damage).toEqual([]);
    expect(parsed.position).toBeUndefined();
  });

  test("names what is missing or wrong", () => {
    const messages = (input: unknown) => checklistSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(messages({ ...valid, photos: { ...photos, fuel: "" } })).toEqual(["photos.fuel: Please take this photo"]);
    expect(messages({ ...valid, odometerKm: 12.5 })).toEqual(["odometerKm: Enter the odometer reading in whole kilometres"]);
    expect(messages({ ...valid, fuelEighths: 9 })).toEqual(["fuelEighths: Choose the fuel level"]);
    expect(messages({ ...valid, position: "north" })).toEqual(["position: The position must be latitude,longitude"]);
    expect(messages({ ...valid, idempotencyKey: "x" })[0]).toContain("submission key");
    expect(messages({ ...valid, damage: [{ photo: "/objects/g", note: " " }] })).toEqual(["damage.0.note: Please describe the damage"]);
  });
});

test("fuel short, as people say it: quarters, halves and a full tank in words, other eighths as eighths", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8].map(fuelShortText)).toEqual([
    "1/8 tank short",
    "¼ tank short",
    "3/8 tank short",
    "½ tank short",
    "5/8 tank short",
    "¾ tank short",
    "7/8 tank short",
    "a full tank short",
  ]);
});
