import { describe, expect, test } from "bun:test";
import {
  bandRange,
  CATEGORIES,
  categoryLabel,
  DEALERSHIP_FORM_STATUSES,
  DEFAULT_ID_TYPE,
  DEFAULT_NATIONALITY,
  DEFAULT_TRANSMISSION,
  DEFAULT_VEHICLE_STATUS,
  featuresPreview,
  ID_TYPE_LABELS,
  ID_TYPES,
  idNumberLabel,
  isCategory,
  isPriceInBand,
  NATIONALITIES,
  PRICE_BANDS,
  priceBandOf,
  splitFeatures,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
  vehicleStatusLabel,
} from "./catalogue.ts";
import { formatRandPerDay } from "./money.ts";

describe("categories", () => {
  test("labels, descriptions and rates", () => {
    expect(CATEGORIES.map((c) => [c.id, c.label, c.description, c.rate])).toEqual([
      ["small", "Small", "Perfect for city drives", 450],
      ["medium", "Medium", "Comfort meets efficiency", 650],
      ["large", "Large", "Spacious family trips", 850],
    ]);
    expect(CATEGORIES.map((c) => `from ${formatRandPerDay(c.rate)}`)).toEqual(["from R450/day", "from R650/day", "from R850/day"]);
  });

  test("lookups", () => {
    expect(categoryLabel("medium")).toBe("Medium");
    expect(categoryLabel("bus")).toBe("bus");
    expect(isCategory("large")).toBe(true);
    expect(isCategory("Large")).toBe(false);
  });
});

describe("option lists", () => {
  test("transmissions", () => {
    expect(TRANSMISSIONS).toEqual(["manual", "automatic"]);
    expect(DEFAULT_TRANSMISSION).toBe("manual");
  });

  test("nationalities", () => {
    expect(NATIONALITIES).toEqual(["South African", "American", "British", "Canadian", "Australian", "German", "French", "Other"]);
    expect(DEFAULT_NATIONALITY).toBe("South African");
  });

  test("ID types and the ID field label", () => {
    expect(ID_TYPES).toEqual(["south_african_id", "passport"]);
    expect(DEFAULT_ID_TYPE).toBe("south_african_id");
    expect(ID_TYPE_LABELS).toEqual({ south_african_id: "South African ID", passport: "International Passport" });
    expect(idNumberLabel("south_african_id")).toBe("ID Number");
    expect(idNumberLabel("passport")).toBe("Passport Number");
  });

  test("vehicle statuses: dealership screens show rented as Booked", () => {
    expect(VEHICLE_STATUSES).toEqual(["available", "rented", "maintenance", "out_of_service", "sold"]);
    expect(DEFAULT_VEHICLE_STATUS).toBe("available");
    expect(DEALERSHIP_FORM_STATUSES).toEqual(["available", "maintenance", "out_of_service"]);
    expect(vehicleStatusLabel("rented")).toBe("Rented");
    expect(vehicleStatusLabel("rented", "dealership")).toBe("Booked");
    expect(vehicleStatusLabel("out_of_service", "dealership")).toBe("Out of Service");
    expect(vehicleStatusLabel("sold", "dealership")).toBe("Sold");
    expect(vehicleStatusLabel("available", "admin")).toBe("Available");
    expect(vehicleStatusLabel("weird")).toBe("weird");
  });
});

describe("price bands", () => {
  test("four bands in order, contiguous", () => {
    expect(PRICE_BANDS.map((b) => b.id)).toEqual(["under-100k", "100k-200k", "200k-300k", "over-300k"]);
    expect(PRICE_BANDS.map((b) => b.label)).toEqual(["Under R100,000", "R100,000–R200,000", "R200,000–R300,000", "Over R300,000"]);
    for (let i = 1; i < PRICE_BANDS.length; i++) {
      expect(PRICE_BANDS[i]?.min).toBe(PRICE_BANDS[i - 1]?.max ?? Number.NaN);
    }
  });

  test("priceBandOf: lower bound inclusive, upper exclusive", () => {
    expect(priceBandOf(0)).toBe("under-100k");
    expect(priceBandOf(99_999)).toBe("under-100k");
    expect(priceBandOf("99999.99")).toBe("under-100k");
    expect(priceBandOf(100_000)).toBe("100k-200k");
    expect(priceBandOf("100000.00")).toBe("100k-200k");
    expect(priceBandOf(199_999.99)).toBe("100k-200k");
    expect(priceBandOf(200_000)).toBe("200k-300k");
    expect(priceBandOf(299_999)).toBe("200k-300k");
    expect(priceBandOf(300_000)).toBe("over-300k");
    expect(priceBandOf(2_500_000)).toBe("over-300k");
  });

  test("priceBandOf: nothing for missing, invalid or negative prices", () => {
    expect(priceBandOf(null)).toBeNull();
    expect(priceBandOf(undefined)).toBeNull();
    expect(priceBandOf("")).toBeNull();
    expect(priceBandOf("R100,000")).toBeNull();
    expect(priceBandOf(-1)).toBeNull();
  });

  test("bandRange and isPriceInBand", () => {
    expect(bandRange("under-100k")).toEqual({ min: 0, max: 100_000 });
    expect(bandRange("100k-200k")).toEqual({ min: 100_000, max: 200_000 });
    expect(bandRange("over-300k")).toEqual({ min: 300_000, max: null });
    expect(bandRange("cheap")).toBeNull();
    expect(isPriceInBand("150000.00", "100k-200k")).toBe(true);
    expect(isPriceInBand(150_000, "200k-300k")).toBe(false);
    expect(isPriceInBand(150_000, "cheap")).toBe(false);
  });
});

describe("features", () => {
  test("first 3 plus +n more", () => {
    expect(featuresPreview(["A/C", "Bluetooth", "GPS", "USB", "Cruise"])).toEqual({
      shown: ["A/C", "Bluetooth", "GPS"],
      hiddenCount: 2,
      moreLabel: "+2 more",
    });
    expect(featuresPreview(["A/C", "Bluetooth", "GPS", "USB"]).moreLabel).toBe("+1 more");
  });

  test("three or fewer: nothing more", () => {
    expect(featuresPreview(["A/C", "Bluetooth", "GPS"])).toEqual({
      shown: ["A/C", "Bluetooth", "GPS"],
      hiddenCount: 0,
      moreLabel: null,
    });
    expect(featuresPreview([])).toEqual({ shown: [], hiddenCount: 0, moreLabel: null });
    expect(featuresPreview(undefined).shown).toEqual([]);
  });

  test("splitFeatures", () => {
    expect(splitFeatures(" A/C, Bluetooth ,,GPS\nUSB, GPS ")).toEqual(["A/C", "Bluetooth", "GPS", "USB"]);
    expect(splitFeatures("   ")).toEqual([]);
  });
});
