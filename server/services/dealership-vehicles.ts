// A dealership's own inventory: list (with stats), read, add, edit, delete. Every query names the
// signed-in dealership, so another dealership's vehicle is simply not found (404) and nothing of
// it changes. The add form's rules are the domain's createDealershipVehicleSchema; photos are the
// dealership's own vehicle_photo uploads, kept in vehicle_images in the order given.
import type { Prisma } from "../db";
import { createDealershipVehicleSchema, DEALERSHIP_FORM_STATUSES, isSold, soldAtFor, type DealershipVehicleData } from "#domain";
import { AppError, badInput, conflict, fieldConflict, notFound } from "../errors";
import { isUniqueViolation } from "./auth";
import { idempotencyKeyOf } from "./bookings";
import { withVehicleLock } from "../db/vehicle-lock";
import type { Services } from "./context";
import { currentDealership } from "./dealership-auth";
import { resolveOwnedObject } from "./uploads";
import { jsonObject, parseInput } from "./validation";
import { VEHICLE_PHOTOS, type VehicleWithPhotos } from "./vehicle-rows";
import { activeBookingsWhere, clampPage } from "./vehicles";
import type { Viewer } from "./viewer";

export const MAX_VEHICLE_IMAGES = 8;
/** The dashboard lists the whole inventory; one request never loads more than this. */
export const MAX_OWN_VEHICLES = 500;

export const DEALERSHIP_VEHICLE_MESSAGES = {
  notFound: "Vehicle not found",
  duplicateRegistration: "A vehicle with this registration number already exists",
  tooManyImages: `Please add at most ${MAX_VEHICLE_IMAGES} photos`,
  imagesList: "Photos must be a list of uploaded photo paths",
  hasUpcomingBookings:
    "This vehicle has upcoming bookings and cannot be deleted. Set its status to Out of Service instead, and delete it once those bookings are over.",
  soldWithUpcomingBookings: "This vehicle has upcoming bookings and cannot be marked as sold until those bookings are over.",
  addKeyReused: "This Add Vehicle request was already used for another car. Please check your vehicles and add this one again.",
} as const;

export type DealershipVehicle = VehicleWithPhotos;
const withImages = VEHICLE_PHOTOS;
const newestFirst = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.VehicleOrderByWithRelationInput[];

/** `total`: the cars in stock (all but the sold ones, which `sold` counts). */
export type DealershipVehicleStats = { total: number; available: number; booked: number; maintenance: number; outOfService: number; sold: number };

/** The dealership's vehicles with their photos, newest first. */
export async function listOwnVehicles(services: Services, viewer: Viewer, page: { limit?: number; offset?: number } = {}): Promise<DealershipVehicle[]> {
  const dealership = await currentDealership(services, viewer);
  return services.db.vehicle.findMany({
    where: { dealershipId: dealership.id },
    include: withImages,
    orderBy: newestFirst,
    // A limit below 1 or a negative offset is a 400, as on every list (it was quietly one row).
    ...clampPage(page.limit, page.offset, MAX_OWN_VEHICLES, MAX_OWN_VEHICLES),
  });
}

/** The dashboard's stat cards: Total (in stock), Available, Booked (status rented), Maintenance (and Out of Service), Sold. */
export async function ownVehicleStats(services: Services, viewer: Viewer): Promise<DealershipVehicleStats> {
  const dealership = await currentDealership(services, viewer);
  const groups = await services.db.vehicle.groupBy({ by: ["status"], where: { dealershipId: dealership.id }, _count: { _all: true } });
  const count = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0;
  const sold = count("sold");
  return {
    total: groups.reduce((sum, g) => sum + g._count._all, 0) - sold,
    available: count("available"),
    booked: count("rented"),
    maintenance: count("maintenance"),
    outOfService: count("out_of_service"),
    sold,
  };
}

/** One of the dealership's vehicles; another dealership's (or the rental fleet's) is 404. */
export async function getOwnVehicle(services: Services, viewer: Viewer, id: string): Promise<DealershipVehicle> {
  const dealership = await currentDealership(services, viewer);
  const vehicle = await services.db.vehicle.findFirst({ where: { id: String(id), dealershipId: dealership.id }, include: withImages });
  if (!vehicle) throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);
  return vehicle;
}

/** The body as an object; `images`, when given, must be a list of text (null: no photos). */
function asObject(input: unknown): Record<string, unknown> {
  const body = { ...jsonObject(input) };
  if (body.images === null) body.images = [];
  if (body.images !== undefined && (!Array.isArray(body.images) || body.images.some((image) => typeof image !== "string"))) {
    throw badInput(DEALERSHIP_VEHICLE_MESSAGES.imagesList, { images: DEALERSHIP_VEHICLE_MESSAGES.imagesList });
  }
  if (Array.isArray(body.images)) body.images = (body.images as string[]).filter((image) => image.trim() !== "");
  return body;
}

/**
 * The photo list a client sends: its own stored vehicle_photo uploads (upload URLs or
 * "/objects/uploads/<uuid>" paths), normalised, duplicates dropped, at most MAX_VEHICLE_IMAGES.
 */
async function resolveImages(services: Services, viewer: Viewer, images: string[]): Promise<string[]> {
  const distinct = [...new Set(images)];
  if (distinct.length > MAX_VEHICLE_IMAGES) throw badInput(DEALERSHIP_VEHICLE_MESSAGES.tooManyImages, { images: DEALERSHIP_VEHICLE_MESSAGES.tooManyImages });
  const resolved: string[] = [];
  for (const [i, image] of distinct.entries()) resolved.push(await resolveOwnedObject(services, viewer, image, ["vehicle_photo"], `images.${i}`));
  return [...new Set(resolved)];
}

const imageRows = (urls: string[]) => urls.map((url, position) => ({ url, position }));

function vehicleColumns(data: DealershipVehicleData) {
  return {
    registrationNumber: data.registrationNumber,
    make: data.make,
    model: data.model,
    year: data.year,
    category: data.category,
    transmission: data.transmission,
    status: data.status,
    mileage: data.mileage,
    dailyRate: data.dailyRate,
    salesPrice: data.salesPrice ?? null,
  };
}

async function refuseTakenRegistration(services: Services, registrationNumber: string, exceptId?: string) {
  const taken = await services.db.vehicle.findFirst({
    where: { registrationNumber, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw fieldConflict("registrationNumber", DEALERSHIP_VEHICLE_MESSAGES.duplicateRegistration);
}

/** A digest of what an add asked for, stored with its idempotency key: a repeat must ask for the same. */
function addRequestDigest(data: DealershipVehicleData, images: string[]): string {
  return new Bun.CryptoHasher("sha256").update(JSON.stringify([vehicleColumns(data), images])).digest("base64url");
}

/** The dealership's car that the add with `key` made, if it asked for `digest`; 422 if it asked for another car; null: none. */
async function keyedVehicle(services: Services, dealershipId: string, key: string, digest: string): Promise<DealershipVehicle | null> {
  const made = await services.db.vehicle.findUnique({ where: { dealershipId_createKey: { dealershipId, createKey: key } }, include: withImages });
  if (!made) return null;
  if (made.createRequest !== digest)
    throw new AppError("UNPROCESSABLE_CONTENT", DEALERSHIP_VEHICLE_MESSAGES.addKeyReused, { idempotencyKey: DEALERSHIP_VEHICLE_MESSAGES.addKeyReused });
  return made;
}

export type CreateOwnVehicleOptions = {
  /** The Add Vehicle form's key, made when it opened (validated here: 400 for a bad one); absent or null: none. */
  idempotencyKey?: unknown;
};

/**
 * Adds a vehicle to the dealership's inventory: the add form's rules and defaults (status
 * available, mileage 0), a registration number no other vehicle has (409), its own photos.
 * With an idempotency key, a repeat of the add (its answer lost on the way) returns the car that
 * add made (`replayed`) instead of refusing its own registration number; only the same
 * dealership's key matches, so another dealership's car with that number is still a 409.
 */
export async function createOrReplayOwnVehicle(
  services: Services,
  viewer: Viewer,
  input: unknown,
  options: CreateOwnVehicleOptions = {},
): Promise<{ vehicle: DealershipVehicle; replayed: boolean }> {
  const dealership = await currentDealership(services, viewer);
  const key = idempotencyKeyOf(options.idempotencyKey);
  const data = parseInput(createDealershipVehicleSchema(), asObject(input));
  const images = await resolveImages(services, viewer, data.images);
  const digest = key ? addRequestDigest(data, images) : null;
  const made = key && digest ? await keyedVehicle(services, dealership.id, key, digest) : null;
  if (made) return { vehicle: made, replayed: true };
  try {
    await refuseTakenRegistration(services, data.registrationNumber);
    const vehicle = await services.db.vehicle.create({
      data: {
        ...vehicleColumns(data),
        dealershipId: dealership.id,
        features: [],
        createKey: key,
        createRequest: digest,
        images: { create: imageRows(images) },
      },
      include: withImages,
    });
    return { vehicle, replayed: false };
  } catch (error) {
    // The number taken, or two adds at once (the unique indexes decide): when the same key made
    // the car meanwhile (a repeat sent while the first was still on its way), that is the answer.
    const taken = isUniqueViolation(error) || (error instanceof AppError && error.code === "CONFLICT");
    if (!taken) throw error;
    const raced = key && digest ? await keyedVehicle(services, dealership.id, key, digest) : null;
    if (raced) return { vehicle: raced, replayed: true };
    throw fieldConflict("registrationNumber", DEALERSHIP_VEHICLE_MESSAGES.duplicateRegistration);
  }
}

export async function createOwnVehicle(services: Services, viewer: Viewer, input: unknown, options: CreateOwnVehicleOptions = {}): Promise<DealershipVehicle> {
  return (await createOrReplayOwnVehicle(services, viewer, input, options)).vehicle;
}

/** The form values of a stored vehicle, for merging an edit into. */
function formValuesOf(vehicle: DealershipVehicle): Record<string, unknown> {
  return {
    registrationNumber: vehicle.registrationNumber,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    category: vehicle.category,
    transmission: vehicle.transmission,
    // A status the form does not offer (rented) is kept unless the edit sets one.
    status: (DEALERSHIP_FORM_STATUSES as readonly string[]).includes(vehicle.status) ? vehicle.status : undefined,
    mileage: vehicle.mileage,
    dailyRate: vehicle.dailyRate.toFixed(2),
    ...(vehicle.salesPrice !== null ? { salesPrice: vehicle.salesPrice.toFixed(2) } : {}),
    images: vehicle.images.map((image) => image.url),
  };
}

/**
 * Edits one of the dealership's vehicles (PUT). Fields left out keep their values; the result is
 * checked with the add form's rules, so an edit can never store what adding could not. A null
 * salesPrice removes the price (the car leaves the for-sale listing); a given `images` list
 * replaces the photos. Another dealership's vehicle: 404, nothing changed.
 */
export async function updateOwnVehicle(services: Services, viewer: Viewer, id: string, input: unknown): Promise<DealershipVehicle> {
  const dealership = await currentDealership(services, viewer);
  const body = asObject(input);
  const existing = await services.db.vehicle.findFirst({ where: { id: String(id), dealershipId: dealership.id }, include: withImages });
  if (!existing) throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);

  const merged: Record<string, unknown> = { ...formValuesOf(existing) };
  for (const [key, value] of Object.entries(body)) if (value !== undefined) merged[key] = value;
  if (body.salesPrice === null) delete merged.salesPrice;
  const data = parseInput(createDealershipVehicleSchema(), merged);
  const statusGiven = body.status !== undefined;
  const imagesGiven = body.images !== undefined;
  const images = imagesGiven ? await resolveImages(services, viewer, data.images) : null;
  if (data.registrationNumber !== existing.registrationNumber) await refuseTakenRegistration(services, data.registrationNumber, existing.id);

  const status = statusGiven ? data.status : existing.status;
  try {
    return await services.db.vehicle.update({
      where: { id: existing.id, dealershipId: dealership.id },
      data: {
        ...vehicleColumns(data),
        status,
        // The form cannot set sold; a status it sets on a sold car puts it back on sale.
        soldAt: soldAtFor(status, existing.soldAt, new Date()),
        ...(images ? { images: { deleteMany: {}, create: imageRows(images) } } : {}),
      },
      include: withImages,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict("registrationNumber", DEALERSHIP_VEHICLE_MESSAGES.duplicateRegistration);
    // Deleted meanwhile.
    if ((error as { code?: unknown })?.code === "P2025") throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);
    throw error;
  }
}

/**
 * Mark as sold: the car leaves Cars for Sale (its link says it has been sold, enquiries are
 * refused) but stays in the inventory with its leads, recording when it was sold. Refused (409)
 * while a booking still needs the car. Already sold: unchanged (a double click is harmless).
 */
export async function markOwnVehicleSold(services: Services, viewer: Viewer, id: string, now = new Date()): Promise<DealershipVehicle> {
  const dealership = await currentDealership(services, viewer);
  const mine = { id: String(id), dealershipId: dealership.id };
  const existing = await services.db.vehicle.findFirst({ where: mine, select: { id: true, status: true } });
  if (!existing) throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);
  if (!isSold(existing)) {
    await withVehicleLock(services, existing.id, async (tx) => {
      const { count } = await tx.vehicle.updateMany({
        where: { ...mine, status: { not: "sold" }, bookings: { none: activeBookingsWhere(now) } },
        data: { status: "sold", soldAt: now },
      });
      if (count === 1) return;
      const current = await tx.vehicle.findFirst({ where: mine, select: { status: true } });
      if (!current) throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);
      if (!isSold(current)) throw conflict(DEALERSHIP_VEHICLE_MESSAGES.soldWithUpcomingBookings);
    });
  }
  return getOwnVehicle(services, viewer, existing.id);
}

/** Undo of Mark as sold (a mistake): the car is available and listed again. Not sold: unchanged. */
export async function markOwnVehicleAvailable(services: Services, viewer: Viewer, id: string): Promise<DealershipVehicle> {
  const dealership = await currentDealership(services, viewer);
  const mine = { id: String(id), dealershipId: dealership.id };
  await services.db.vehicle.updateMany({ where: { ...mine, status: "sold" }, data: { status: "available", soldAt: null } });
  return getOwnVehicle(services, viewer, String(id));
}

/**
 * Deletes one of the dealership's vehicles (its photos rows and leads go with it). Refused with
 * 409 while a booking still needs the car (pending, confirmed or in progress, not yet returned).
 * Under the vehicle's lock, like booking, assignment and the admin's delete (issue 17), so a
 * booking made at the same moment either blocks it or finds no car.
 */
export async function deleteOwnVehicle(services: Services, viewer: Viewer, id: string): Promise<void> {
  const dealership = await currentDealership(services, viewer);
  const mine = { id: String(id), dealershipId: dealership.id };
  const exists = await services.db.vehicle.findFirst({ where: mine, select: { id: true } });
  if (!exists) throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);
  await withVehicleLock(services, exists.id, async (tx) => {
    const { count } = await tx.vehicle.deleteMany({ where: { ...mine, bookings: { none: activeBookingsWhere(new Date()) } } });
    if (count === 1) return;
    if (!(await tx.vehicle.findFirst({ where: mine, select: { id: true } }))) throw notFound(DEALERSHIP_VEHICLE_MESSAGES.notFound);
    throw conflict(DEALERSHIP_VEHICLE_MESSAGES.hasUpcomingBookings);
  });
}
