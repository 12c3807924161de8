// The demo's living business (issue 15, point 10): drawn photos for every demo car (fleet and
// dealership stock), stored like uploaded photos, and demo customers with bookings in every status
// around today, so the dashboard, the bookings screens and My Bookings are not empty on first start.
import { carFollowsTrip } from "./booking-car";
import { addDays, bookingQuote, capeTownDateTimeToUtc, capeTownToday, type Category } from "#domain";
import { bodyStyleOf, carSvg, PAINTS, type Paint } from "../../prisma/seed/car-art";
import { demoBookings, demoCustomers, demoDrivers, demoPlaces } from "../../prisma/seed/demo-data";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Prisma } from "../db";
import type { Services } from "./context";
import { settleInvoices } from "./invoices";
import { objectStorage } from "./storage";
import { loadSharp, objectUrlPath } from "./uploads";

type DemoCar = { registrationNumber: string; model: string; category: Category };
/** A demo car's photo, drawn but not yet recorded: the seeding transaction stores and records it with the car. */
export type DemoPhoto = { registrationNumber: string; id: string; path: string; size: number; jpeg: Buffer };

/** Draws one photo per demo car, in memory, before the seeding transaction (the drawing takes a while; storing them, little). */
export async function drawDemoPhotos(cars: DemoCar[]): Promise<DemoPhoto[]> {
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
    photos.push({ registrationNumber: car.registrationNumber, id, path: `uploads/${id}`, size: jpeg.byteLength, jpeg });
  }
  return photos;
}

/**
 * The photos a seeding is storing, listed in DATA_DIR before their files are written and removed
 * once its transaction has ended: a seeding stopped before its commit (Ctrl-C, a kill, a power
 * cut) runs no clean-up, so the next seeding reads this list and deletes the files no row took.
 */
const pendingListOf = (services: Services) => join(services.config.dataDir, "demo-photos-pending.json");

/**
 * Stores the drawn photos, inside the seeding transaction while it holds the seeding lock, after
 * listing them (pendingListOf): written and renamed, so a half-written list is never read.
 */
export async function storeDemoPhotos(services: Services, photos: DemoPhoto[]): Promise<void> {
  const list = pendingListOf(services);
  writeFileSync(`${list}.part`, JSON.stringify(photos.map((p) => p.path)), { mode: 0o600 });
  renameSync(`${list}.part`, list);
  const storage = objectStorage(services.config);
  for (const photo of photos) await storage.put(photo.path, photo.jpeg, "image/jpeg");
}

/** After the seeding's commit: its photos are rows' now, the list is done with. */
export function forgetPendingDemoPhotos(services: Services): void {
  rmSync(pendingListOf(services), { force: true });
}

/** Deletes stored photos the seeding did not record (its transaction failed), and their list. */
export async function removeDemoPhotos(services: Services, photos: DemoPhoto[]): Promise<void> {
  const storage = objectStorage(services.config);
  await Promise.all(photos.map((photo) => storage.delete(photo.path).catch(() => {})));
  forgetPendingDemoPhotos(services);
}

/**
 * Deletes the photos an earlier seeding listed and stored but never committed: those no stored
 * object row names. Called inside a seeding transaction holding the seeding lock, so no other
 * seeding is storing photos meanwhile.
 */
export async function removeInterruptedDemoPhotos(services: Services, tx: Prisma.TransactionClient): Promise<number> {
  const list = pendingListOf(services);
  let paths: string[];
  try {
    const parsed: unknown = JSON.parse(readFileSync(list, "utf8"));
    paths = Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return 0; // no list: the last seeding ended (or none began)
  }
  const recorded = new Set((await tx.storedObject.findMany({ where: { path: { in: paths } }, select: { path: true } })).map((r) => r.path));
  const storage = objectStorage(services.config);
  const orphans = paths.filter((path) => !recorded.has(path));
  for (const path of orphans) await storage.delete(path);
  rmSync(list, { force: true });
  return orphans.length;
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
