// The admin fleet: list, add, edit and delete vehicles in the admin vehicle shape of SPEC 3
// (pricePerDay, licensePlate, features, imageUrl, status, lastKnownLocation), mapped to the
// stored vehicle (dailyRate, registrationNumber, features Json, vehicle_images). The admin
// vehicle form's rules (createAdminVehicleSchema) hold on the server too.
import { z } from "zod";
import type { Prisma } from "../db";
import {
  bookingNumber,
  CATEGORY_IDS,
  createAdminVehicleSchema,
  isMoneyAmount,
  isSold,
  soldAtFor,
  listSearchSchema,
  pageSchema,
  toMoneyString,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
  type AdminVehicleData,
} from "#domain";
import { badInput, conflict, fieldConflict, notFound } from "../errors";
import { recordAudit } from "./audit";
import { isUniqueViolation } from "./auth";
import { withVehicleLock } from "../db/vehicle-lock";
import type { Services } from "./context";
import { objectPathOf, resolveOwnedObject } from "./uploads";
import { jsonObject, parseInput } from "./validation";
import { vehicleMatching } from "./vehicle-search";
import { activeBookingsWhere, clampPage } from "./vehicles";
import { featuresOf, VEHICLE_PHOTOS, type VehicleWithPhotos } from "./vehicle-rows";
import { requireAdmin, requireAdminOrKey, type Viewer } from "./viewer";

/** At most this many booking numbers are named in a refusal; the rest are counted. */
const NAMED_BOOKINGS_MAX = 5;

export const VEHICLE_MESSAGES = {
  duplicatePlate: "A vehicle with this license plate already exists",
  hasUpcomingBookings: "This vehicle has upcoming bookings. Set it to out of service instead.",
  soldWithUpcomingBookings: "This vehicle has upcoming bookings. Assign them another car before marking it sold.",
  notFound: "Vehicle not found",
  /** `numbers`: the open bookings' numbers as the admin's booking cards show them. */
  kindLocked: (numbers: readonly string[]) => {
    const named = numbers.slice(0, NAMED_BOOKINGS_MAX).map((n) => `#${n}`);
    const list = numbers.length > named.length ? `${named.join(", ")} and ${numbers.length - named.length} more` : named.join(", ");
    const count = numbers.length === 1 ? "an open booking" : `${numbers.length} open bookings`;
    const them = numbers.length === 1 ? "it" : "them";
    return `This car is assigned to ${count} (${list}) made for its current category and transmission. Assign ${them} another car before changing its category or transmission.`;
  },
} as const;

/** A vehicle's bookings that are not over: neither cancelled nor completed, and returning after `now`. */
const openBookingsWhere = (vehicleId: string, now: Date): Prisma.BookingWhereInput => ({ vehicleId, ...activeBookingsWhere(now) });

export type { VehicleWithPhotos } from "./vehicle-rows";
const withImages = { include: VEHICLE_PHOTOS } satisfies { include: Prisma.VehicleInclude };

/**
 * What the audit log keeps of a vehicle, in the admin vocabulary of SPEC 3. This is a stored
 * record's format, kept apart from the API shapes on purpose: a change to a response must not
 * change how past audit entries read.
 */
const auditView = (v: VehicleWithPhotos) => ({
  id: v.id,
  make: v.make,
  model: v.model,
  year: v.year,
  category: v.category,
  transmission: v.transmission,
  pricePerDay: v.dailyRate.toFixed(2),
  features: featuresOf(v),
  imageUrl: v.images[0]?.url ?? null,
  images: v.images.map((image) => image.url),
  licensePlate: v.registrationNumber,
  status: v.status,
  mileage: v.mileage,
  lastKnownLocation: v.lastKnownLocation ?? null,
  dealershipId: v.dealershipId,
});

const vehicleListSchema = pageSchema.extend({
  status: z.enum(VEHICLE_STATUSES, { error: "Unknown vehicle status" }).optional(),
  category: z.enum(CATEGORY_IDS, { error: "Unknown category" }).optional(),
  transmission: z.enum(TRANSMISSIONS, { error: "Unknown transmission" }).optional(),
  /** fleet (default): the rental fleet; dealership: vehicles of dealerships; all: both. */
  owner: z.enum(["fleet", "dealership", "all"], { error: "owner must be fleet, dealership or all" }).default("fleet"),
  search: listSearchSchema,
});

async function vehicleListWhere(services: Services, q: z.output<typeof vehicleListSchema>): Promise<Prisma.VehicleWhereInput> {
  const matching = q.search ? await vehicleMatching(services, q.search) : null;
  return {
    ...(q.status ? { status: q.status } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.transmission ? { transmission: q.transmission } : {}),
    ...(q.owner === "fleet" ? { dealershipId: null } : q.owner === "dealership" ? { dealershipId: { not: null } } : {}),
    ...(matching ?? {}),
  };
}

/** The fleet for admins (or a key with vehicles:read), by make and model, paged (at most 100). */
export async function listAdminVehicles(services: Services, viewer: Viewer, query: unknown = {}): Promise<{ items: VehicleWithPhotos[]; total: number }> {
  requireAdminOrKey(viewer, "vehicles:read");
  const q = parseInput(vehicleListSchema, query);
  const where = await vehicleListWhere(services, q);
  const [rows, total] = await Promise.all([
    services.db.vehicle.findMany({
      ...withImages,
      where,
      orderBy: [{ make: "asc" }, { model: "asc" }, { registrationNumber: "asc" }],
      ...clampPage(q.limit, q.offset),
    }),
    services.db.vehicle.count({ where }),
  ]);
  return { items: rows, total };
}

export async function getAdminVehicle(services: Services, viewer: Viewer, id: unknown): Promise<VehicleWithPhotos> {
  requireAdminOrKey(viewer, "vehicles:read");
  return findVehicle(services.db, id);
}

async function findVehicle(db: Prisma.TransactionClient, id: unknown): Promise<VehicleWithPhotos> {
  const vehicleId = typeof id === "string" ? id.trim() : "";
  const vehicle = vehicleId ? await db.vehicle.findUnique({ where: { id: vehicleId }, ...withImages }) : null;
  if (!vehicle) throw notFound(VEHICLE_MESSAGES.notFound);
  return vehicle;
}

/** The form's values of a stored vehicle (pricePerDay as a number, as the form holds it). */
function formValues(v: VehicleWithPhotos) {
  return {
    make: v.make,
    model: v.model,
    year: v.year,
    category: v.category,
    transmission: v.transmission,
    pricePerDay: Number(v.dailyRate.toFixed(2)),
    features: featuresOf(v),
    licensePlate: v.registrationNumber,
    status: v.status,
  };
}

/** The body must be a JSON object; pricePerDay may come as money text ("450.00", what lists answer). */
function formInput(input: unknown): Record<string, unknown> {
  const fields = { ...jsonObject(input) };
  if (typeof fields.pricePerDay === "string" && fields.pricePerDay.trim() !== "" && isMoneyAmount(fields.pricePerDay))
    fields.pricePerDay = Number(fields.pricePerDay);
  // GraphQL sends null for fields left out.
  for (const [key, value] of Object.entries(fields)) if (value === null) delete fields[key];
  return fields;
}

/**
 * The photo to store: unchanged when it is the current one; our own object storage only for an
 * upload this admin made for a vehicle photo; otherwise an http(s) URL as given; "" for none.
 */
async function imageToStore(services: Services, viewer: Viewer, value: string | undefined, current: string | null): Promise<string | null> {
  if (!value) return null;
  if (value === current) return current;
  if (objectPathOf(value)) return resolveOwnedObject(services, viewer, value, ["vehicle_photo"], "imageUrl");
  if (value.startsWith("/")) throw badInput("Please upload the photo again", { imageUrl: "Please upload the photo again" });
  return value;
}

function vehicleData(data: AdminVehicleData) {
  return {
    make: data.make,
    model: data.model,
    year: data.year,
    category: data.category,
    transmission: data.transmission,
    dailyRate: toMoneyString(data.pricePerDay),
    features: data.features,
    registrationNumber: data.licensePlate,
    status: data.status,
  };
}

async function plateTaken(db: Prisma.TransactionClient, plate: string, exceptId?: string) {
  const other = await db.vehicle.findUnique({ where: { registrationNumber: plate }, select: { id: true } });
  return other !== null && other.id !== exceptId;
}

/** Adds a vehicle to the rental fleet (201 in REST). */
export async function createAdminVehicle(services: Services, viewer: Viewer, input: unknown, now?: Date): Promise<VehicleWithPhotos> {
  const admin = requireAdmin(viewer);
  const data = parseInput(createAdminVehicleSchema(now), formInput(input));
  const image = await imageToStore(services, viewer, data.imageUrl, null);
  if (await plateTaken(services.db, data.licensePlate)) throw fieldConflict("licensePlate", VEHICLE_MESSAGES.duplicatePlate);
  try {
    const created = await services.db.$transaction(async (tx) => {
      const row = await tx.vehicle.create({
        data: {
          ...vehicleData(data),
          soldAt: soldAtFor(data.status, null, new Date()),
          ...(image ? { images: { create: [{ url: image, position: 0 }] } } : {}),
        },
        ...withImages,
      });
      await recordAudit(tx, admin, { action: "vehicle.create", entity: "vehicle", entityId: row.id, after: auditView(row) });
      return row;
    });
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict("licensePlate", VEHICLE_MESSAGES.duplicatePlate);
    throw error;
  }
}

/**
 * Edits a vehicle. Fields left out keep their values; the result must pass every rule of the
 * form. imageUrl replaces the first photo ("" removes it); other photos are kept. Its category or
 * transmission cannot change while it is assigned to open bookings (what their customers booked
 * and paid for): 409 naming them, nothing changed; such a change runs under the vehicle's booking
 * lock, so a booking made at the same moment either blocks it or sees the new kind.
 */
export async function updateAdminVehicle(services: Services, viewer: Viewer, id: unknown, input: unknown, now?: Date): Promise<VehicleWithPhotos> {
  const admin = requireAdmin(viewer);
  const current = await findVehicle(services.db, id);
  const fields = formInput(input);
  const data = parseInput(createAdminVehicleSchema(now), { ...formValues(current), ...fields });
  const currentImage = current.images[0]?.url ?? null;
  // Left out: the photo stays as it is (whatever an older client or a dealership stored there).
  const image = "imageUrl" in fields ? await imageToStore(services, viewer, data.imageUrl, currentImage) : currentImage;
  if (await plateTaken(services.db, data.licensePlate, current.id)) throw fieldConflict("licensePlate", VEHICLE_MESSAGES.duplicatePlate);
  const changesKind = (v: { category: string; transmission: string }) => v.category !== data.category || v.transmission !== data.transmission;
  // A sold car never comes back to the fleet, so its bookings ahead would be left without one.
  const becomesSold = (v: { status: string }) => isSold(data) && !isSold(v);
  try {
    const update = async (tx: Prisma.TransactionClient) => {
      const before = await findVehicle(tx, current.id);
      if (changesKind(before)) await refuseKindChangeWhileBooked(tx, before, data, now ?? new Date());
      if (becomesSold(before) && (await tx.booking.count({ where: openBookingsWhere(current.id, now ?? new Date()) })) > 0) {
        throw conflict(VEHICLE_MESSAGES.soldWithUpcomingBookings);
      }
      const first = before.images[0] ?? null;
      if (image && first && first.url !== image) await tx.vehicleImage.update({ where: { id: first.id }, data: { url: image } });
      if (image && !first) await tx.vehicleImage.create({ data: { vehicleId: current.id, url: image, position: 0 } });
      if (!image && first) await tx.vehicleImage.delete({ where: { id: first.id } });
      const soldAt = soldAtFor(data.status, before.soldAt, new Date());
      const row = await tx.vehicle.update({ where: { id: current.id }, data: { ...vehicleData(data), soldAt }, ...withImages });
      await recordAudit(tx, admin, { action: "vehicle.update", entity: "vehicle", entityId: row.id, before: auditView(before), after: auditView(row) });
      return row;
    };
    // Under the car's booking lock when the answer depends on its bookings, so none slips in meanwhile.
    const locked = changesKind(current) || becomesSold(current);
    const updated = locked ? await withVehicleLock(services, current.id, update) : await services.db.$transaction(update);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict("licensePlate", VEHICLE_MESSAGES.duplicatePlate);
    throw error;
  }
}

/** 409 when the vehicle is assigned to open bookings: each names the category and transmission its customer booked. */
async function refuseKindChangeWhileBooked(
  tx: Prisma.TransactionClient,
  vehicle: VehicleWithPhotos,
  data: Pick<AdminVehicleData, "category" | "transmission">,
  now: Date,
): Promise<void> {
  const open = await tx.booking.findMany({
    where: openBookingsWhere(vehicle.id, now),
    select: { id: true },
    orderBy: [{ pickupDate: "asc" }, { id: "asc" }],
  });
  if (open.length === 0) return;
  const message = VEHICLE_MESSAGES.kindLocked(open.map((b) => bookingNumber(b.id, "admin")));
  throw conflict(message, {
    ...(data.category !== vehicle.category ? { category: message } : {}),
    ...(data.transmission !== vehicle.transmission ? { transmission: message } : {}),
  });
}

/**
 * Deletes a vehicle, unless it has bookings that are not over yet (return still ahead) and not
 * cancelled or completed: 409, retire it to out_of_service instead. Runs under the vehicle's
 * booking lock, so a booking made at the same moment either blocks the delete or waits for it.
 * Past bookings keep their history (their vehicle becomes none).
 */
export async function deleteAdminVehicle(services: Services, viewer: Viewer, id: unknown, now = new Date()): Promise<void> {
  const admin = requireAdmin(viewer);
  const current = await findVehicle(services.db, id);
  await withVehicleLock(services, current.id, async (tx) => {
    const before = await findVehicle(tx, current.id);
    const upcoming = await tx.booking.count({ where: openBookingsWhere(current.id, now) });
    if (upcoming > 0) throw conflict(VEHICLE_MESSAGES.hasUpcomingBookings);
    await tx.vehicle.delete({ where: { id: current.id } });
    await recordAudit(tx, admin, { action: "vehicle.delete", entity: "vehicle", entityId: current.id, before: auditView(before) });
  });
}
