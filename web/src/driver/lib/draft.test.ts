/**
 * The checklist kept on the phone: what is saved comes back after a reload, a damaged or foreign
 * value never breaks the screen, and the idempotency key stays the same until the draft is cleared.
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeEach, describe, expect, test } from "bun:test";

GlobalRegistrator.register({ url: "http://localhost/" });
afterAll(() => GlobalRegistrator.unregister());
const { checklistProblems, clearDraft, loadDraft, parseOdometer, photoProblem, saveDraft } = await import("./draft.ts");

beforeEach(() => localStorage.clear());

describe("checklist drafts", () => {
  test("a saved draft comes back as it was, key included", () => {
    const draft = loadDraft("job-1");
    const filled = {
      ...draft,
      photos: { front: "/objects/uploads/a", fuel: "/objects/uploads/f" },
      damage: [{ id: "d1", photo: null, note: "Dent" }],
      odometer: "18,442",
      fuelEighths: 6,
      licenceChecked: true,
      signature: "/objects/uploads/s",
    };
    saveDraft("job-1", filled);
    expect(loadDraft("job-1")).toEqual(filled);
    // Another job's draft is its own.
    expect(loadDraft("job-2").idempotencyKey).not.toBe(draft.idempotencyKey);
  });

  test("clearing it starts over with a new submission key", () => {
    const draft = loadDraft("job-1");
    saveDraft("job-1", draft);
    clearDraft("job-1");
    const next = loadDraft("job-1");
    expect(next.idempotencyKey).not.toBe(draft.idempotencyKey);
    expect(next.photos).toEqual({});
  });

  test("unreadable or tampered storage gives a clean draft, keeping only what is valid", () => {
    localStorage.setItem("capedrive.driver.checklist.job-3", "{not json");
    expect(loadDraft("job-3").photos).toEqual({});
    localStorage.setItem(
      "capedrive.driver.checklist.job-4",
      JSON.stringify({
        idempotencyKey: "k-12345678",
        photos: { front: 42, back: "/objects/uploads/b", roof: "/x" },
        fuelEighths: 12,
        damage: [null, { id: "x", note: 3 }],
      }),
    );
    const draft = loadDraft("job-4");
    expect(draft.photos).toEqual({ back: "/objects/uploads/b" });
    expect(draft.fuelEighths).toBeNull();
    expect(draft.damage).toEqual([{ id: "x", photo: null, note: "" }]);
    expect(draft.idempotencyKey).toBe("k-12345678");
  });
});

test("odometer readings are whole kilometres, separators allowed", () => {
  expect(parseOdometer("18442")).toBe(18442);
  expect(parseOdometer("18,442")).toBe(18442);
  expect(parseOdometer("18 442")).toBe(18442);
  expect(parseOdometer("18442.5")).toBeNull();
  expect(parseOdometer("")).toBeNull();
  expect(parseOdometer("-5")).toBeNull();
});

describe("what the checklist still lacks", () => {
  const job = { kind: "delivery" as const, minOdometerKm: 18_000 };

  test("an empty checklist: each of the six photos, the readings, the licence and the signature, counted once each", () => {
    const problems = checklistProblems(job, loadDraft("job-empty"));
    expect(Object.keys(problems)).toHaveLength(10);
    expect(problems[photoProblem("odometer")]).toBe("Please take this photo");
    expect(problems.odometer).toBe("Enter the odometer reading in whole kilometres");
    expect(problems[photoProblem("fuel")]).toBe("Please take this photo");
    expect(problems.fuel).toBe("Choose the fuel level");
  });

  test("a good odometer reading without the odometer photo: the photo is missing, not the reading", () => {
    const draft = { ...loadDraft("job-readings"), odometer: "25000", fuelEighths: 4, licenceChecked: true, signature: "/objects/uploads/s" };
    const problems = checklistProblems(job, draft);
    expect(problems.odometer).toBeUndefined();
    expect(problems.fuel).toBeUndefined();
    expect(Object.keys(problems).sort()).toEqual(["back", "front", "fuel", "left", "odometer", "right"].map(photoProblem));
  });
});
