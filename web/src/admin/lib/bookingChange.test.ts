import { describe, expect, test } from "bun:test";
import { changeFromForm, customerCannotChange, hasChanges, initialChangeValues, isChangeable, type ChangeableAdminBooking } from "./bookingChange.ts";

// Pickup 5 March 2026 10:00 and return 8 March 10:00, Cape Town time (UTC+2).
const booking: ChangeableAdminBooking = {
  status: "confirmed",
  category: "medium",
  transmission: "automatic",
  pickupDate: "2026-03-05T08:00:00.000Z",
  returnDate: "2026-03-08T08:00:00.000Z",
  deliveryLocation: "22 Loop Street, Cape Town",
  deliveryCoordinates: "-33.921,18.418",
  returnLocation: "Cape Town International Airport",
  returnCoordinates: "-33.9715,18.6021",
};

describe("the admin's change-booking form", () => {
  test("starts from the booking's values in Cape Town time, and sends nothing unchanged", () => {
    const values = initialChangeValues(booking);
    expect(values).toMatchObject({ pickupDate: "2026-03-05", pickupTime: "10:00", returnDate: "2026-03-08", returnTime: "10:00" });
    const form = changeFromForm(booking, values);
    expect(form.problems).toEqual({});
    expect(form.input).toEqual({});
    expect(hasChanges(form.input)).toBe(false);
  });

  test("sends only what changed: a later return as a UTC instant", () => {
    const form = changeFromForm(booking, { ...initialChangeValues(booking), returnDate: "2026-03-09", returnTime: "16:30" });
    expect(form.input).toEqual({ returnDate: "2026-03-09T14:30:00.000Z" });
    expect(hasChanges(form.input)).toBe(true);
  });

  test("a place goes with its point: a new address keeps the booking's own point text; a moved point is normalised", () => {
    const values = initialChangeValues(booking);
    expect(changeFromForm(booking, { ...values, deliveryLocation: "  24 Loop Street, Cape Town " }).input).toEqual({
      deliveryLocation: "24 Loop Street, Cape Town",
      deliveryCoordinates: "-33.921,18.418",
    });
    // The same point with a space is no change at all.
    expect(changeFromForm(booking, { ...values, deliveryCoordinates: "-33.9210, 18.4180" }).input).toEqual({});
    expect(changeFromForm(booking, { ...values, returnCoordinates: " -33.95, 18.47 " }).input).toEqual({
      returnLocation: "Cape Town International Airport",
      returnCoordinates: "-33.95,18.47",
    });
  });

  test("category and transmission", () => {
    const form = changeFromForm(booking, { ...initialChangeValues(booking), category: "large", transmission: "manual" });
    expect(form.input).toEqual({ category: "large", transmission: "manual" });
  });

  test("problems name the field: missing date or time, return before pickup, bad point, empty address", () => {
    const values = initialChangeValues(booking);
    expect(changeFromForm(booking, { ...values, pickupDate: "", returnTime: "" }).problems).toEqual({
      pickupDate: "Enter the pickup date",
      returnTime: "Enter the return time (HH:mm)",
    });
    expect(changeFromForm(booking, { ...values, returnDate: "2026-03-05", returnTime: "09:00" }).problems).toEqual({
      returnDate: "Return must be after pickup",
    });
    const places = changeFromForm(booking, { ...values, deliveryLocation: " ", returnCoordinates: "Sea Point" });
    expect(places.problems).toEqual({
      deliveryLocation: "Enter the delivery address",
      returnCoordinates: 'Enter the point as "latitude,longitude", e.g. -33.9249,18.4241',
    });
    expect(places.input).toEqual({});
  });

  test("a trip in progress sends only its return, whatever else the form holds", () => {
    const started = { ...booking, status: "in_progress" };
    const form = changeFromForm(started, {
      ...initialChangeValues(started),
      pickupDate: "2026-03-06",
      category: "large",
      deliveryLocation: "Elsewhere",
      returnDate: "2026-03-07",
    });
    expect(form.input).toEqual({ returnDate: "2026-03-07T08:00:00.000Z" });
    expect(form.problems).toEqual({});
  });

  test("who may change it, and when the customer no longer can", () => {
    expect(isChangeable({ status: "pending" })).toBe(true);
    expect(isChangeable({ status: "in_progress" })).toBe(true);
    expect(isChangeable({ status: "completed" })).toBe(false);
    expect(isChangeable({ status: "cancelled" })).toBe(false);
    const now = new Date("2026-03-04T09:00:00.000Z");
    expect(customerCannotChange(booking, now)).toBe(true); // 23 hours before pickup
    expect(customerCannotChange(booking, new Date("2026-03-04T08:00:00.000Z"))).toBe(false); // exactly 24 hours
    expect(customerCannotChange({ ...booking, status: "in_progress" }, new Date("2026-01-01T00:00:00.000Z"))).toBe(true);
  });
});
