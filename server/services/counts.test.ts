// Cached totals (./counts.ts): kept until this process writes what they count, or the TTL passes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestServices } from "../testing/harness";
import { newCustomer, newVehicle } from "../testing/bookings";
import { cachedCount, COUNT_TTL_MS } from "./counts";

let services: Awaited<ReturnType<typeof createTestServices>>;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

test("a total is kept until a booking is written, and for at most the TTL", async () => {
  const { db } = services;
  let counted = 0;
  const count = () => {
    counted++;
    return db.booking.count();
  };
  const t0 = Date.now();
  expect(await cachedCount(db, ["bookings"], "test:all", count, t0)).toBe(0);
  expect(await cachedCount(db, ["bookings"], "test:all", count, t0 + 10)).toBe(0);
  expect(counted).toBe(1);

  // Writes to other tables leave it alone; a booking drops it.
  const vehicle = await newVehicle(services);
  const rider = await newCustomer(services);
  expect(await cachedCount(db, ["bookings"], "test:all", count, t0 + 20)).toBe(0);
  expect(counted).toBe(1);
  await db.booking.create({
    data: {
      userId: rider.id,
      vehicleId: vehicle.id,
      category: "small",
      pickupDate: new Date(),
      returnDate: new Date(Date.now() + 86_400_000),
      deliveryLocation: "A",
      deliveryCoordinates: "-33.9,18.4",
      returnLocation: "B",
      returnCoordinates: "-33.9,18.4",
      totalAmount: "450.00",
      duration: 1,
    },
  });
  expect(await cachedCount(db, ["bookings"], "test:all", count, t0 + 30)).toBe(1);
  expect(counted).toBe(2);

  // The TTL.
  expect(await cachedCount(db, ["bookings"], "test:all", count, t0 + 30 + COUNT_TTL_MS - 1)).toBe(1);
  expect(counted).toBe(2);
  expect(await cachedCount(db, ["bookings"], "test:all", count, t0 + 30 + COUNT_TTL_MS + 1)).toBe(1);
  expect(counted).toBe(3);
});
