// The admin list entry's customer and car parts: written once for a row the list keeps and shares
// (frozen, services/admin-bookings.ts), anew for any other row, and the same JSON either way.
import { expect, test } from "bun:test";
import { Prisma } from "../../../prisma/generated/sqlite/client";
import type { AdminBookingRow } from "../../services/admin-bookings";
import { adminBookingJson } from "./bookings";

const at = new Date("2026-03-05T06:00:00.000Z");
const customer = { id: "u-1", name: "Thandi  van der Merwe", email: "thandi@example.com", phone: null };
const car = {
  id: "v-1",
  make: "Kia",
  model: "Picanto",
  year: 2024,
  registrationNumber: "CA 123-456",
  dailyRate: new Prisma.Decimal("480.5"),
  status: "available" as const,
};
const entry = (user: AdminBookingRow["user"], vehicle: AdminBookingRow["vehicle"]): AdminBookingRow =>
  ({
    id: "0c6f4a52-9a7e-4c0e-8f8e-1234abcd5678",
    userId: user.id,
    vehicleId: vehicle?.id ?? null,
    category: "small",
    transmission: "automatic",
    pickupDate: at,
    returnDate: at,
    deliveryLocation: "Sea Point",
    deliveryCoordinates: "-33.9150,18.3890",
    deliveryVerified: true,
    returnLocation: "Sea Point",
    returnCoordinates: "-33.9150,18.3890",
    returnVerified: true,
    totalAmount: new Prisma.Decimal("961"),
    duration: 2,
    status: "confirmed",
    specialRequests: null,
    calendarSequence: 0,
    createdAt: at,
    updatedAt: at,
    user,
    vehicle,
  }) as AdminBookingRow;

test("a kept (frozen) customer and car are written once and shared; fresh rows anew; the JSON is the same", () => {
  const kept = entry(Object.freeze({ ...customer }), Object.freeze({ ...car }));
  const [first, second] = [adminBookingJson(kept), adminBookingJson({ ...kept, id: "another" })];
  expect(second.user).toBe(first.user);
  expect(second.vehicle).toBe(first.vehicle!);
  expect(Object.isFrozen(first.user)).toBe(true);

  const fresh = entry({ ...customer }, { ...car });
  const [third, fourth] = [adminBookingJson(fresh), adminBookingJson(fresh)];
  expect(fourth.user).not.toBe(third.user);
  expect(JSON.stringify(third)).toBe(JSON.stringify(first));
  expect(first.user).toEqual({
    id: "u-1",
    name: "Thandi  van der Merwe",
    firstName: "Thandi",
    lastName: "van der Merwe",
    email: "thandi@example.com",
    phone: null,
  });
  expect(first.vehicle).toEqual({ id: "v-1", make: "Kia", model: "Picanto", year: 2024, registrationNumber: "CA 123-456", dailyRate: "480.50" });
  expect(adminBookingJson(entry(customer, null)).vehicle).toBeNull();
});
