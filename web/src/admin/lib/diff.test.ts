import { describe, expect, test } from "bun:test";
import { dateLabel, dateTimeLabel } from "./format.ts";
import { actionLabel, auditDiff, displayValue, entityLabel, fieldLabel, readableValue, recordSummary, splitActor } from "./diff.ts";

describe("audit log before/after", () => {
  test("an update lists only the fields that changed, in the record's order", () => {
    const before = { id: "v1", make: "VW", pricePerDay: "480.00", features: ["A", "B"], status: "available" };
    const after = { id: "v1", make: "VW", pricePerDay: "495.00", features: ["A"], status: "maintenance" };
    expect(auditDiff(before, after)).toEqual([
      { field: "pricePerDay", kind: "changed", before: "480.00", after: "495.00" },
      { field: "features", kind: "changed", before: '["A","B"]', after: '["A"]' },
      { field: "status", kind: "changed", before: "available", after: "maintenance" },
    ]);
    expect(auditDiff(before, after, { includeUnchanged: true }).map((r) => `${r.field}:${r.kind}`)).toEqual([
      "id:unchanged",
      "make:unchanged",
      "pricePerDay:changed",
      "features:changed",
      "status:changed",
    ]);
  });

  test("a creation lists every field as added; a deletion as removed", () => {
    expect(auditDiff(null, { name: "Key", isActive: true })).toEqual([
      { field: "name", kind: "added", before: null, after: "Key" },
      { field: "isActive", kind: "added", before: null, after: "true" },
    ]);
    expect(auditDiff({ name: "Area" }, null)).toEqual([{ field: "name", kind: "removed", before: "Area", after: null }]);
  });

  test("fields only on one side, null values and bare values", () => {
    expect(auditDiff({ a: 1 }, { b: 2 })).toEqual([
      { field: "b", kind: "added", before: null, after: "2" },
      { field: "a", kind: "removed", before: "1", after: null },
    ]);
    expect(auditDiff({ imageUrl: null }, { imageUrl: "/objects/x" })).toEqual([{ field: "imageUrl", kind: "changed", before: "null", after: "/objects/x" }]);
    expect(auditDiff("old", "new")).toEqual([{ field: "value", kind: "changed", before: "old", after: "new" }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(displayValue({ a: [1] })).toBe('{"a":[1]}');
  });

  test("labels for actions and records", () => {
    expect(actionLabel("vehicle.update")).toBe("Vehicle updated");
    expect(actionLabel("api_key.issue")).toBe("API key issued");
    expect(actionLabel("api_key.revoke")).toBe("API key revoked");
    expect(actionLabel("booking.assign_vehicle")).toBe("Booking vehicle assigned");
    expect(actionLabel("booking.status")).toBe("Booking status changed");
    expect(actionLabel("admin.sign_up")).toBe("Admin signed up");
    expect(actionLabel("dealership.reset_password")).toBe("Dealership password reset");
    expect(actionLabel("thing.frobnicate_all")).toBe("Thing frobnicate all");
    expect(entityLabel("service_area")).toBe("Service area");
    expect(entityLabel("rate_limit")).toBe("Rate limit");
  });

  test("who and what an entry is about", () => {
    expect(splitActor("Ada Admin (ada@capedrive.example)")).toEqual({ name: "Ada Admin", detail: "ada@capedrive.example" });
    expect(splitActor("operator")).toEqual({ name: "operator", detail: null });
    expect(splitActor(null)).toEqual({ name: null, detail: null });
    expect(recordSummary(null, { make: "VW", model: "Polo", licensePlate: "CA 1" })).toBe("VW Polo · CA 1");
    expect(recordSummary({ name: "Sea Point", polygon: {} }, null)).toBe("Sea Point");
    expect(recordSummary(null, { name: "Tracker", prefix: "rk_abcdefgh" })).toBe("Tracker · rk_abcdefgh…");
    // A booking's status change names no record: the log shows "Booking" and its id instead.
    expect(recordSummary({ status: "confirmed", vehicleId: "v1" }, { status: "in_progress", vehicleId: "v1" })).toBeNull();
    expect(recordSummary(null, null)).toBeNull();
  });
});

describe("readable names and values (issue 15, point 14)", () => {
  test("field names in words", () => {
    expect(["pricePerDay", "registrationNumber", "isActive", "maxActiveBookings", "engineSize", "service_area_id"].map(fieldLabel)).toEqual([
      "Price per day",
      "Registration",
      "Active",
      "Active bookings allowed",
      "Engine size",
      "Service area id",
    ]);
  });

  test("statuses, categories, money, dates, yes/no and lists as an admin reads them", () => {
    expect(readableValue("status", "in_progress")).toBe("In Progress");
    expect(readableValue("status", "maintenance")).toBe("Maintenance");
    expect(readableValue("status", "out_of_service")).not.toContain("_");
    expect(readableValue("category", "medium")).toBe("Medium");
    expect(readableValue("transmission", "automatic")).toBe("Automatic");
    expect(readableValue("pricePerDay", "1495.00")).toBe("R1,495");
    expect(readableValue("isActive", "false")).toBe("No");
    expect(readableValue("pickupDate", "2026-12-01T08:00:00.000Z")).toBe(dateTimeLabel("2026-12-01T08:00:00.000Z")); // Cape Town time
    expect(readableValue("pickupDate", "2026-12-01T08:00:00.000Z")).toContain("Dec 2026, 10:00");
    expect(readableValue("dateOfBirth", "1990-04-12")).toBe(dateLabel("1990-04-12T12:00:00Z"));
    expect(readableValue("dateOfBirth", "1990-04-12")).toContain("Apr 1990");
    expect(readableValue("features", '["Bluetooth","Air conditioning"]')).toBe("Bluetooth, Air conditioning");
    expect(readableValue("features", "[]")).toBe("(none)");
    // Text that only looks like a number stays as it is where it is not money.
    expect(readableValue("postalCode", "8001")).toBe("8001");
    expect(readableValue("make", "Toyota")).toBe("Toyota");
  });
});
