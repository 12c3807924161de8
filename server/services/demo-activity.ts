// The demo's living business (issue 15, point 10): drawn photos for every demo car (fleet and
// dealership stock), stored like uploaded photos, and demo customers with bookings in every status
// around today, so the dashboard, the bookings screens and My Bookings are not empty on first start.
import { carFollowsTrip } from "./booking-car";
import { addDays, bookingQuote, capeTownDateTimeToUtc, capeTownToday, type Category } from "#domain";
import { bodyStyleOf, carSvg, PAINTS, type Paint } from "../../prisma/seed/car-art";
import { demoBookings, demoCustomers, demoDrivers, demoPlaces } from "../../prisma/seed/demo-data";
import type { Prisma } from "../db";
import type { Services } from "./context";
import { settleInvoices } from "./invoices";
import { objectStorage } from "./storage";
import { loadSharp, objectUrlPath } from "./uploads";

type DemoCar = { registrationNumber: string; model: string; category: Category };
/** A demo car's photo, stored but not yet recorded: the seeding transaction records it with the car. */
export type DemoPhoto = { registrationNumber: string; id: string; path: string; size: number };

/**
 * Draws and stores one photo per demo car, before the seeding transaction (files and object
 * storage are not part of it): a seeding stopped after this leaves only files nothing refers to.
 */
export async function storeDemoPhotos(services: Services, cars: DemoCar[]): Promise<DemoPhoto[]> {
  const storage = objectStorage(services.config);
  const paints = Object.keys(PAINTS) as Paint[];
  const rendered = new Map<string, Buffer>();
  const sharp = await loadSharp();
  const photos: DemoPhoto[] = [];
  for (const [i, car] of cars.entries()) {
    const style = bodyStyleOf(car.model, car.category);
    const paint = paints[(i * 3) % paints.length]!;
    const key = `${style}/${paint}`;
    let jpeg = rendered.get(key);
    if (!jpeg)
      rendered.set(
        key,
        (jpeg = await sharp(Buffer.from(carSvg(style, paint)))
          .jpeg({ quality: 78, mozjpeg: true })
          .toBuffer()),
      );
    const id = crypto.randomUUID();
    const path = `uploads/${id}`;
    await storage.put(path, jpeg, "image/jpeg");
    photos.push({ registrationNumber: car.registrationNumber, id, path, size: jpeg.byteLength });
  }
  return photos;
}

/** Deletes stored photos the seeding did not record (another instance seeded first, or it failed). */
export async function removeDemoPhotos(services: Services, photos: DemoPhoto[]): Promise<void> {
  const storage = objectStorage(services.config);
  await Promise.all(photos.map((photo) => storage.delete(photo.path).catch(() => {})));
}

/** Records the stored photos, one per car (each its own stored object, so deleting one car's photo never touches another's). */
export async function recordDemoPhotos(tx: Prisma.TransactionClient, photos: DemoPhoto[], adminId: string): Promise<void> {
  const now = new Date();
  const cars = await tx.vehicle.findMany({
    where: { registrationNumber: { in: photos.map((p) => p.registrationNumber) } },
    select: { id: true, registrationNumber: true, dealershipId: true },
  });
  const carOf = new Map(cars.map((c) => [c.registrationNumber, c]));
  for (const photo of photos) {
    const car = carOf.get(photo.registrationNumber)!;
    await tx.storedObject.create({
      data: {
        id: photo.id,
        path: photo.path,
        purpose: "vehicle_photo",
        ownerType: car.dealershipId ? "dealership" : "admin",
        ownerId: car.dealershipId ?? adminId,
        status: "stored",
        contentType: "image/jpeg",
        size: photo.size,
        width: 800,
        height: 500,
        expiresAt: now,
        storedAt: now,
      },
    });
    await tx.vehicleImage.create({ data: { vehicleId: car.id, url: objectUrlPath(photo.path), position: 0 } });
  }
}

/** Demo customers (the first with `password`) and their bookings on the fleet (`fleetIds` in demoFleet order). */
export async function seedDemoBookings(tx: Prisma.TransactionClient, fleetIds: string[], firstCustomerPasswordHash: string): Promise<void> {
  const userIds: string[] = [];
  for (const [i, c] of demoCustomers.entries()) {
    const user = await tx.user.create({
      data: {
        ...c,
        passwordHash: i === 0 ? firstCustomerPasswordHash : null,
        profileCompleted: true,
        dateOfBirth: "1990-03-15",
        nationality: "South African",
        idType: "south_african_id",
        driversLicenseExpiryDate: "2031-06-30",
        // Members for a few months, so "Member since" comes before the trips they have already made.
        createdAt: new Date(Date.now() - (60 + i * 30) * 86_400_000),
      },
    });
    userIds.push(user.id);
  }
  const today = capeTownToday();
  for (const b of demoBookings) {
    const vehicle = await tx.vehicle.findUniqueOrThrow({ where: { id: fleetIds[b.fleet]! }, select: { id: true, category: true, transmission: true } });
    const pickupDate = capeTownDateTimeToUtc(addDays(today, b.fromDay), "09:00");
    const halfHour = 30 * 60_000;
    const returnDate = b.returnsSoon
      ? new Date(Math.ceil((Date.now() + 3 * 3_600_000) / halfHour) * halfHour)
      : capeTownDateTimeToUtc(addDays(today, b.toDay), "09:00");
    const quote = bookingQuote(vehicle.category, pickupDate, returnDate);
    const created = await tx.booking.create({
      data: {
        userId: userIds[b.customer]!,
        vehicleId: vehicle.id,
        category: vehicle.category,
        transmission: vehicle.transmission,
        pickupDate,
        returnDate,
        deliveryLocation: demoPlaces[b.from]!.location,
        deliveryCoordinates: demoPlaces[b.from]!.coordinates,
        returnLocation: demoPlaces[b.to]!.location,
        returnCoordinates: demoPlaces[b.to]!.coordinates,
        totalAmount: quote.total,
        duration: quote.days,
        status: b.status,
        // Made when it was booked, a few days before pickup (My Bookings and the admin list sort by it).
        createdAt: new Date(Math.min(Date.now(), pickupDate.getTime() - 5 * 86_400_000)),
      },
    });
    await settleInvoices(tx, created.id, "confirmed");
    // A trip on the road shows its car as rented, as an admin's or a driver's start of it does.
    if (b.status === "in_progress") await carFollowsTrip(tx, created, "start");
  }
}

/**
 * Demo drivers (the first with `password`), and the jobs of today and tomorrow (Cape Town) given
 * to them in turn, so the dispatch board and the driver app have work on first start.
 */
export async function seedDemoDrivers(tx: Prisma.TransactionClient, firstDriverPasswordHash: string, otherPasswordHash: string): Promise<void> {
  const driverIds: string[] = [];
  for (const [i, d] of demoDrivers.entries()) {
    driverIds.push((await tx.driver.create({ data: { ...d, passwordHash: i === 0 ? firstDriverPasswordHash : otherPasswordHash } })).id);
  }
  const today = capeTownToday();
  const from = capeTownDateTimeToUtc(today, "00:00");
  const to = capeTownDateTimeToUtc(addDays(today, 2), "00:00");
  const bookings = await tx.booking.findMany({
    where: { status: { in: ["confirmed", "in_progress"] }, OR: [{ pickupDate: { gte: from, lt: to } }, { returnDate: { gte: from, lt: to } }] },
    orderBy: { pickupDate: "asc" },
  });
  let turn = 0;
  for (const b of bookings) {
    if (b.status === "confirmed" && b.pickupDate >= from && b.pickupDate < to)
      await tx.handoverJob.create({ data: { bookingId: b.id, kind: "delivery", driverId: driverIds[turn++ % driverIds.length]! } });
    if (b.returnDate >= from && b.returnDate < to)
      await tx.handoverJob.create({ data: { bookingId: b.id, kind: "collection", driverId: driverIds[turn++ % driverIds.length]! } });
  }
}
