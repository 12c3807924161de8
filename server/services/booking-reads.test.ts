// Bookings read on the driver in the shapes the customer's lists ask for (bookingsInShape) answer
// exactly what Prisma's findMany answers for the same shape: every column typed as Prisma types it,
// the car or null, its photos in display order, the handovers' selected columns. Shapes it does not
// know are left to Prisma. On a database opened as the server opens it (the driver path), SQLite
// or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Prisma } from "../db";
import { capeTown, newCustomer, storeBooking } from "../testing/bookings";
import { createVehicle } from "../testing/dealerships";
import { createTestServices } from "../testing/harness";
import { bookingsInShape, keptCarWithPhotos, planFor } from "./booking-reads";
import type { Services } from "./context";

let services: Services & { close(): Promise<void> };
const ids: string[] = [];

beforeAll(async () => {
  services = await createTestServices();
  const { db } = services;
  const rider = await newCustomer(services);
  const withPhotos = await createVehicle(db, { make: "Kia", dailyRate: "480.00", images: ["/objects/a/front.jpg", "/objects/a/side.jpg"] });
  // Photos stored out of their display order.
  await db.vehicleImage.create({ data: { vehicleId: withPhotos.id, url: "/objects/a/first.jpg", position: -1 } });
  await db.vehicle.update({
    where: { id: withPhotos.id },
    data: { lastKnownLocation: { lat: -33.92, lng: 18.42 }, features: ["Bluetooth", "Air conditioning"] },
  });
  const withoutPhotos = await createVehicle(db, { make: "Toyota", dailyRate: "650.50", images: [] });
  const plan: [string | null, "confirmed" | "completed" | "cancelled" | "in_progress"][] = [
    [withPhotos.id, "confirmed"],
    [withPhotos.id, "completed"], // a second booking of the same car
    [withoutPhotos.id, "in_progress"],
    [null, "cancelled"], // no car
  ];
  for (const [i, [vehicleId, status]] of plan.entries()) {
    const booking = await storeBooking(services, { userId: rider.id, vehicleId, pickup: capeTown(2 + i), returnAt: capeTown(4 + i, "16:30"), status });
    ids.push(booking.id);
  }
  await db.booking.update({ where: { id: ids[0]! }, data: { specialRequests: "Child seat", returnVerified: false } });
  // Handovers: both jobs of the completed trip, one done and one failed; the delivery of the trip in progress.
  await db.handoverJob.create({ data: { bookingId: ids[1]!, kind: "collection", state: "failed", failureReason: "customer_absent" } });
  await db.handoverJob.create({
    data: { bookingId: ids[1]!, kind: "delivery", state: "done", finishedAt: new Date(Date.now() - 86_400_000), odometerKm: 1200 },
  });
  await db.handoverJob.create({ data: { bookingId: ids[2]!, kind: "delivery", state: "en_route", startedAt: new Date() } });
});
afterAll(async () => {
  await services?.close();
});

const handovers = { select: { kind: true, state: true, finishedAt: true } } as const;
const photos = { orderBy: { position: "asc" } } as const;
const shapes: [string, { include?: Prisma.BookingInclude }][] = [
  ["the booking alone", {}],
  ["with its car", { include: { vehicle: true } }],
  ["with its car and photos", { include: { vehicle: { include: { images: photos } } } }],
  ["with its car and photos' urls", { include: { vehicle: { include: { images: { ...photos, select: { url: true } } } } } }],
  ["with its handovers' columns", { include: { handovers } }],
  ["with its car and handovers (My Bookings on the web)", { include: { handovers, vehicle: true } }],
];

// Neither read promises an order (the caller orders the bookings; a booking has one job of each
// kind, found by kind), so both are compared sorted.
const byId = <T extends { id: string }>(rows: T[]) =>
  [...rows]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((row) => {
      const jobs = (row as { handovers?: { kind: string }[] }).handovers;
      return jobs ? { ...row, handovers: [...jobs].sort((a, b) => a.kind.localeCompare(b.kind)) } : row;
    });

for (const [name, shape] of shapes) {
  test(`read on the driver as Prisma reads it: ${name}`, async () => {
    expect(planFor(shape)).not.toBeNull();
    const expected = await services.db.booking.findMany({ ...shape, where: { id: { in: ids } } });
    const actual = await bookingsInShape(services, ids, shape);
    expect(actual.length).toBe(4);
    expect(byId(actual as { id: string }[])).toEqual(byId(expected as { id: string }[]));
  });
}

test("the shapes' details: no car is null, photos in display order, a car shared by its bookings and frozen, handovers by booking", async () => {
  const rows = (await bookingsInShape(services, ids, { include: { handovers, vehicle: { include: { images: photos } } } })) as unknown as {
    id: string;
    vehicle: { id: string; images: { url: string }[]; dailyRate: { toFixed(n: number): string }; features: unknown } | null;
    handovers: { kind: string; state: string }[];
  }[];
  const of = (id: string) => rows.find((row) => row.id === id)!;
  expect(of(ids[3]!).vehicle).toBeNull();
  expect(of(ids[0]!).vehicle!.images.map((image) => image.url)).toEqual(["/objects/a/first.jpg", "/objects/a/front.jpg", "/objects/a/side.jpg"]);
  // The cars are kept for the next lists (KEPT_CARS): one object per car, which nobody can change.
  const car = of(ids[0]!).vehicle!;
  expect(of(ids[1]!).vehicle).toBe(car);
  expect([Object.isFrozen(car), Object.isFrozen(car.images), Object.isFrozen(car.images[0])]).toEqual([true, true, true]);
  expect(() => car.images.push({ url: "/objects/a/other.jpg" })).toThrow();
  expect(of(ids[0]!).vehicle!.features).toEqual(["Bluetooth", "Air conditioning"]);
  expect(of(ids[2]!).vehicle!.dailyRate.toFixed(2)).toBe("650.50");
  expect(of(ids[2]!).vehicle!.images).toEqual([]);
  expect(
    of(ids[1]!)
      .handovers.map((job) => `${job.kind}:${job.state}`)
      .sort(),
  ).toEqual(["collection:failed", "delivery:done"]);
  expect(of(ids[0]!).handovers).toEqual([]);
});

test("shapes it does not know are read through Prisma, with the same answer", async () => {
  const others: { include?: Prisma.BookingInclude; select?: Prisma.BookingSelect }[] = [
    { select: { id: true, status: true } },
    { include: { invoices: true } },
    { include: { vehicle: { include: { images: { orderBy: { createdAt: "desc" } } } } } },
    { include: { handovers: true } },
    { include: { vehicle: { select: { make: true } } } },
  ];
  for (const shape of others) {
    expect(planFor(shape)).toBeNull();
    const expected = await services.db.booking.findMany({ ...shape, where: { id: { in: ids } } });
    expect(byId((await bookingsInShape(services, ids, shape)) as { id: string }[])).toEqual(byId(expected as { id: string }[]));
  }
});

test("no ids: no rows", async () => {
  expect(await bookingsInShape(services, [], { include: { vehicle: true } })).toEqual([]);
});

test("a car kept for the lists is read again once the catalogue is written: a new name or photo shows in the next list", async () => {
  const shape = { include: { vehicle: { include: { images: photos } } } } as const;
  type Row = { id: string; vehicle: { id: string; make: string; images: { url: string }[] } | null };
  const car = async () => ((await bookingsInShape(services, [ids[0]!], shape)) as unknown as Row[])[0]!.vehicle!;
  const before = await car();
  // Kept: the same object again, read by nobody.
  expect(await car()).toBe(before);
  await services.db.vehicle.update({ where: { id: before.id }, data: { make: "Kia Motors" } });
  expect((await car()).make).toBe("Kia Motors");
  await services.db.vehicleImage.create({ data: { vehicleId: before.id, url: "/objects/a/last.jpg", position: 99 } });
  expect((await car()).images.map((image) => image.url).at(-1)).toBe("/objects/a/last.jpg");
  // Put back as it was for the other tests.
  await services.db.vehicleImage.deleteMany({ where: { vehicleId: before.id, url: "/objects/a/last.jpg" } });
  await services.db.vehicle.update({ where: { id: before.id }, data: { make: "Kia" } });
});

test("a new booking's car is the car the lists keep: one object, read again after a catalogue write; an unknown id is null", async () => {
  const shape = { include: { vehicle: { include: { images: photos } } } } as const;
  type Row = { vehicle: { id: string; make: string } | null };
  const listed = ((await bookingsInShape(services, [ids[0]!], shape)) as unknown as Row[])[0]!.vehicle!;
  const forBooking = await keptCarWithPhotos(services, listed.id);
  expect(forBooking).toBe(listed as unknown as typeof forBooking);
  expect(Object.isFrozen(forBooking) && Object.isFrozen(forBooking!.images)).toBe(true);
  await services.db.vehicle.update({ where: { id: listed.id }, data: { make: "Kia Motors" } });
  const written = await keptCarWithPhotos(services, listed.id);
  expect(written?.make).toBe("Kia Motors");
  expect(written?.images.map((image) => image.url)).toEqual(["/objects/a/first.jpg", "/objects/a/front.jpg", "/objects/a/side.jpg"]);
  await services.db.vehicle.update({ where: { id: listed.id }, data: { make: "Kia" } });
  expect(await keptCarWithPhotos(services, crypto.randomUUID())).toBeNull();
});
