// A booking's car follows the booking's status when an admin sets it (booking-car.ts, domain
// carStatusAfterBookingStatus): in progress makes the car rented; leaving in progress makes a
// rented car available again, never over maintenance or out of service, never while another trip
// in progress holds it. The change is one transaction with the booking's, is in the booking's
// history, counts as a catalogue change, and the customers' search sees it. SQLite, or
// PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { changeCounters } from "../db/changes";
import { newAdmin, newBooking, newCustomerWithToken, newFleetVehicle } from "../testing/admin";
import { capeTown } from "../testing/bookings";
import { createTestServices } from "../testing/harness";
import { assignBookingVehicle, updateBookingStatus } from "./admin-bookings";
import type { Services } from "./context";
import { listAvailableVehicles } from "./vehicles";
import type { Viewer } from "./viewer";

let services: Services & { close(): Promise<void> };
let admin: Viewer;
let customerId: string;

beforeAll(async () => {
  services = await createTestServices();
  const row = await newAdmin(services);
  admin = { kind: "admin", adminId: row.id, sessionId: "s-1", clientAddress: "127.0.0.1" };
  customerId = (await newCustomerWithToken(services)).id;
});
afterAll(async () => {
  await services?.close();
});

const carStatus = async (id: string) => (await services.db.vehicle.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const setStatus = (bookingId: string, status: string) => updateBookingStatus(services, admin, bookingId, { status });
const lastStatusRow = (bookingId: string) =>
  services.db.bookingChange.findFirstOrThrow({ where: { bookingId, kind: "status" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

describe("an admin's status change moves the booking's car", () => {
  test("in progress: rented, in the history and as a catalogue change; completed: available", async () => {
    const car = await newFleetVehicle(services, { category: "medium", transmission: "automatic" });
    const booking = await newBooking(services, { userId: customerId, vehicleId: car.id, category: "medium", transmission: "automatic" });
    // Another period, so only the car's status decides whether customers are offered it.
    const search = { category: "medium" as const, transmission: "automatic" as const, period: { pickup: capeTown(20), returnAt: capeTown(22) } };
    const offered = async () => (await listAvailableVehicles(services, search)).some((v) => v.id === car.id);
    expect(await offered()).toBe(true);

    const counters = changeCounters(services.db);
    const before = counters?.version(["catalogue"]);
    await setStatus(booking.id, "in_progress");
    expect(await carStatus(car.id)).toBe("rented");
    expect(counters?.version(["catalogue"])).not.toBe(before);
    // On the road, the car still takes bookings for periods after the trip, not during it.
    expect(await offered()).toBe(true);
    const during = await listAvailableVehicles(services, { ...search, period: { pickup: booking.pickupDate, returnAt: booking.returnDate } });
    expect(during.some((v) => v.id === car.id)).toBe(false);
    expect(await lastStatusRow(booking.id)).toMatchObject({
      fromStatus: "confirmed",
      toStatus: "in_progress",
      fromVehicleStatus: "available",
      toVehicleStatus: "rented",
    });
    const audit = await services.db.auditLog.findFirstOrThrow({ where: { entityId: booking.id, action: "booking.status" }, orderBy: { createdAt: "desc" } });
    expect([(audit.before as any).vehicleStatus, (audit.after as any).vehicleStatus]).toEqual(["available", "rented"]);

    await setStatus(booking.id, "completed");
    expect(await carStatus(car.id)).toBe("available");
    expect(await offered()).toBe(true);
    expect(await lastStatusRow(booking.id)).toMatchObject({
      fromStatus: "in_progress",
      toStatus: "completed",
      fromVehicleStatus: "rented",
      toVehicleStatus: "available",
    });
  });

  for (const to of ["cancelled", "confirmed", "pending"] as const) {
    test(`a trip taken off the road (in progress -> ${to}) frees its rented car`, async () => {
      const car = await newFleetVehicle(services, { status: "rented" });
      const booking = await newBooking(services, { userId: customerId, vehicleId: car.id, status: "in_progress", fromDay: -1, toDay: 2 });
      await setStatus(booking.id, to);
      expect(await carStatus(car.id)).toBe("available");
    });
  }

  test("a car in maintenance or out of service keeps its status either way; the history row names no car move", async () => {
    for (const status of ["maintenance", "out_of_service"] as const) {
      const car = await newFleetVehicle(services, { status });
      const booking = await newBooking(services, { userId: customerId, vehicleId: car.id });
      await setStatus(booking.id, "in_progress");
      expect(await carStatus(car.id)).toBe(status);
      expect(await lastStatusRow(booking.id)).toMatchObject({ toStatus: "in_progress", fromVehicleStatus: null, toVehicleStatus: null });
      await setStatus(booking.id, "completed");
      expect(await carStatus(car.id)).toBe(status);
    }
  });

  test("a car another trip in progress still holds stays rented until that trip ends too", async () => {
    const car = await newFleetVehicle(services, { status: "rented" });
    const forgotten = await newBooking(services, { userId: customerId, vehicleId: car.id, status: "in_progress", fromDay: -9, toDay: -7 });
    const current = await newBooking(services, { userId: customerId, vehicleId: car.id, status: "in_progress", fromDay: -1, toDay: 2 });
    await setStatus(forgotten.id, "completed");
    expect(await carStatus(car.id)).toBe("rented");
    expect(await lastStatusRow(forgotten.id)).toMatchObject({ toStatus: "completed", fromVehicleStatus: null, toVehicleStatus: null });
    await setStatus(current.id, "completed");
    expect(await carStatus(car.id)).toBe("available");
  });

  test("changes that neither start nor end a trip, and bookings without a car, leave cars alone", async () => {
    const car = await newFleetVehicle(services, { status: "rented" });
    const booking = await newBooking(services, { userId: customerId, vehicleId: car.id, status: "pending" });
    await setStatus(booking.id, "confirmed");
    await setStatus(booking.id, "cancelled");
    expect(await carStatus(car.id)).toBe("rented");
    const carless = await newBooking(services, { userId: customerId });
    expect((await setStatus(carless.id, "in_progress")).status).toBe("in_progress");
    expect((await setStatus(carless.id, "completed")).status).toBe("completed");
  });

  test("a refused status change (the reopened booking's car is taken) moves no car", async () => {
    const car = await newFleetVehicle(services);
    const old = await newBooking(services, { userId: customerId, vehicleId: car.id, status: "cancelled", fromDay: 30, toDay: 32 });
    await newBooking(services, { userId: customerId, vehicleId: car.id, status: "confirmed", fromDay: 31, toDay: 33 });
    await expect(setStatus(old.id, "in_progress")).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await carStatus(car.id)).toBe("available");
  });
});

describe("a trip on the road that changes car", () => {
  test("the new car goes out (rented), the old one comes back (available); before the trip, assigning moves no car", async () => {
    const broken = await newFleetVehicle(services, { category: "medium", transmission: "automatic", status: "rented" });
    const spare = await newFleetVehicle(services, { category: "medium", transmission: "automatic" });
    const trip = await newBooking(services, {
      userId: customerId,
      vehicleId: broken.id,
      category: "medium",
      transmission: "automatic",
      status: "in_progress",
      fromDay: -1,
      toDay: 3,
    });
    await assignBookingVehicle(services, admin, trip.id, { vehicleId: spare.id });
    expect([await carStatus(broken.id), await carStatus(spare.id)]).toEqual(["available", "rented"]);

    const later = await newFleetVehicle(services, { category: "medium", transmission: "automatic" });
    const ahead = await newBooking(services, {
      userId: customerId,
      category: "medium",
      transmission: "automatic",
      status: "confirmed",
      fromDay: 40,
      toDay: 42,
    });
    await assignBookingVehicle(services, admin, ahead.id, { vehicleId: later.id });
    expect(await carStatus(later.id)).toBe("available");
  });
});
