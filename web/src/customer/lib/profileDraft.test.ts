/** The Complete Your Profile draft in session storage (./profileDraft.ts). happy-dom only for this file. */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeEach, describe, expect, test } from "bun:test";

GlobalRegistrator.register({ url: "http://localhost/" });
afterAll(() => GlobalRegistrator.unregister());

const { clearProfileDraft, PROFILE_DRAFT_KEY, readProfileDraft, saveProfileDraft } = await import("./profileDraft.ts");
const { dropCustomerToken, storeCustomerToken } = await import("../../lib/session.ts");

const LICENCE = "/objects/uploads/3f2c1a9e-0b7d-4c1e-9a55-5d7f1e2a4b6c";
const typed = {
  dateOfBirth: "15/03/19",
  address: "12 Long Street, Gardens",
  city: "Cape Town",
  postalCode: "8001",
  nationality: "South African",
  idType: "passport" as const,
  idNumber: "A1234567",
  driversLicenseNumber: "DL123",
  driversLicenseExpiryDate: "",
  profilePicture: undefined,
  driversLicenseImage: LICENCE,
};

beforeEach(() => sessionStorage.clear());

describe("the profile draft", () => {
  test("what was typed comes back for the same customer, in this tab", () => {
    saveProfileDraft("user-1", typed);
    const { profilePicture: _none, ...kept } = typed;
    expect(readProfileDraft("user-1")).toEqual(kept);
  });

  test("another customer (signed in later in the same tab) never sees it", () => {
    saveProfileDraft("user-1", typed);
    expect(readProfileDraft("user-2")).toBeNull();
  });

  test("only an uploaded object's path is kept for a photo: never the image, nor a local preview's URL", () => {
    saveProfileDraft("user-1", { ...typed, profilePicture: "blob:http://localhost/4b1f", driversLicenseImage: "data:image/jpeg;base64,/9j/4AAQ" });
    const stored = sessionStorage.getItem(PROFILE_DRAFT_KEY) ?? "";
    expect(stored).not.toContain("blob:");
    expect(stored).not.toContain("base64");
    const draft = readProfileDraft("user-1");
    expect(draft?.profilePicture).toBeUndefined();
    expect(draft?.driversLicenseImage).toBeUndefined();
    expect(draft?.address).toBe("12 Long Street, Gardens");
  });

  test("a damaged or tampered entry is ignored, field by field", () => {
    sessionStorage.setItem(PROFILE_DRAFT_KEY, "{not json");
    expect(readProfileDraft("user-1")).toBeNull();
    sessionStorage.setItem(
      PROFILE_DRAFT_KEY,
      JSON.stringify({ userId: "user-1", values: { idType: "drivers_licence", city: 42, address: "x".repeat(5000), postalCode: "7700" } }),
    );
    expect(readProfileDraft("user-1")).toEqual({ postalCode: "7700" });
  });

  test("it goes on success (clear) and when the customer signs out", () => {
    saveProfileDraft("user-1", typed);
    clearProfileDraft();
    expect(readProfileDraft("user-1")).toBeNull();

    storeCustomerToken("a-token");
    saveProfileDraft("user-1", typed);
    dropCustomerToken();
    expect(sessionStorage.getItem(PROFILE_DRAFT_KEY)).toBeNull();
  });
});
