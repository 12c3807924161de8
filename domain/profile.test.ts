import { describe, expect, test } from "bun:test";
import { initials, maskIdNumber, maskLicenceNumber, PROFILE_COMPLETENESS_FIELDS, PROFILE_FIELD_LABELS, profileCompleteness } from "./profile.ts";

const complete = {
  dateOfBirth: "1990-06-15",
  address: "12 Long Street",
  city: "Cape Town",
  postalCode: "8001",
  nationality: "South African",
  idType: "south_african_id",
  idNumber: "9006155009087",
  driversLicenseNumber: "DL123456789",
  driversLicenseExpiryDate: new Date("2030-01-31T00:00:00Z"),
};

describe("profileCompleteness", () => {
  test("the 9 fields", () => {
    expect(PROFILE_COMPLETENESS_FIELDS).toEqual([
      "dateOfBirth",
      "address",
      "city",
      "postalCode",
      "nationality",
      "idType",
      "idNumber",
      "driversLicenseNumber",
      "driversLicenseExpiryDate",
    ]);
    expect(Object.keys(PROFILE_FIELD_LABELS).sort()).toEqual([...PROFILE_COMPLETENESS_FIELDS].sort());
  });

  test("complete profile", () => {
    expect(profileCompleteness(complete)).toEqual({ filled: 9, total: 9, percent: 100, missing: [], complete: true });
  });

  test("empty profile", () => {
    const result = profileCompleteness({});
    expect(result.filled).toBe(0);
    expect(result.percent).toBe(0);
    expect(result.missing).toEqual([...PROFILE_COMPLETENESS_FIELDS]);
    expect(result.complete).toBe(false);
    expect(profileCompleteness(null).filled).toBe(0);
  });

  test("percent is filled/9 rounded", () => {
    const pick = (n: number) => Object.fromEntries(PROFILE_COMPLETENESS_FIELDS.slice(0, n).map((f) => [f, complete[f]]));
    expect(profileCompleteness(pick(1)).percent).toBe(11);
    expect(profileCompleteness(pick(4)).percent).toBe(44);
    expect(profileCompleteness(pick(5)).percent).toBe(56);
    expect(profileCompleteness(pick(8)).percent).toBe(89);
    expect(profileCompleteness(pick(8)).missing).toEqual(["driversLicenseExpiryDate"]);
  });

  test("blank strings, null and invalid dates count as missing", () => {
    const result = profileCompleteness({
      ...complete,
      city: "   ",
      postalCode: null,
      driversLicenseExpiryDate: new Date("nope"),
    });
    expect(result.filled).toBe(6);
    expect(result.missing).toEqual(["city", "postalCode", "driversLicenseExpiryDate"]);
  });

  test("other fields do not count", () => {
    expect(profileCompleteness({ ...complete, name: "", phone: null } as typeof complete).complete).toBe(true);
  });
});

describe("masks", () => {
  test("ID number: first 4, ****, last 2", () => {
    expect(maskIdNumber("9006155009087")).toBe("9006****87");
    expect(maskIdNumber("A12345678")).toBe("A123****78");
  });

  test("licence number: first 3, ****, last 2", () => {
    expect(maskLicenceNumber("DL123456789")).toBe("DL1****89");
    expect(maskLicenceNumber("AB123456")).toBe("AB1****56");
  });

  test("short values are masked entirely", () => {
    expect(maskIdNumber("A1234567")).toBe("****"); // 8 chars: only 2 would stay hidden
    expect(maskIdNumber("12")).toBe("****");
    expect(maskLicenceNumber("AB12345")).toBe("****");
    expect(maskLicenceNumber("X")).toBe("****");
  });

  test("missing values give an empty string; whitespace is ignored", () => {
    expect(maskIdNumber("")).toBe("");
    expect(maskIdNumber("   ")).toBe("");
    expect(maskIdNumber(null)).toBe("");
    expect(maskLicenceNumber(undefined)).toBe("");
    expect(maskIdNumber("  9006155009087 ")).toBe("9006****87");
  });

  test("never reveals more than length - 3 characters, for any length", () => {
    const source = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let length = 1; length <= source.length; length++) {
      const value = source.slice(0, length);
      for (const masked of [maskIdNumber(value), maskLicenceNumber(value)]) {
        const revealed = masked.replace("****", "").length;
        expect(revealed).toBeLessThanOrEqual(Math.max(0, length - 3));
        if (length > 1) expect(masked).not.toContain(value);
      }
    }
  });
});

describe("initials", () => {
  test("first letters of the first two words, uppercase", () => {
    expect(initials("Thandi van der Merwe")).toBe("TV");
    expect(initials("sipho ndlovu")).toBe("SN");
    expect(initials("Sipho")).toBe("S");
    expect(initials("  jane   doe  ")).toBe("JD");
    expect(initials("élodie durand")).toBe("ÉD");
  });

  test("empty names give ?", () => {
    expect(initials("")).toBe("?");
    expect(initials("   ")).toBe("?");
    expect(initials(null)).toBe("?");
    expect(initials(undefined)).toBe("?");
  });
});
