import { z } from "zod";
import { join, type Prisma, sql } from "../db";
import { queryRows } from "../db/direct";
import { availabilityPeriodSchema, BLOCKING_BOOKING_STATUSES, CATEGORY_IDS, TRANSMISSIONS, type AvailabilityPeriod, type Category } from "#domain";
import { badInput } from "../errors";
import type { Services } from "./context";
import { parseInput } from "./validation";

export const MAX_PAGE_SIZE = 100;
/**
 * GET /api/vehicles answers the whole rentable fleet in one list (the spec's clients filter it
 * themselves), capped here so one request can never load an unbounded table.
 */
export const REST_VEHICLE_LIST_LIMIT = 1000;

export type VehicleFilter = {
  category?: Category;
  transmission?: "manual" | "automatic";
  /** Only vehicles free for this whole period (half-open: a return at the next pickup is free). */
  period?: AvailabilityPeriod | null;
  limit?: number;
  offset?: number;
};

/**
 * A page of a list: at most `max` rows (a larger limit is cut to it), `fallback` when none is
 * asked. A limit below 1 or a negative offset is the client's mistake: 400 with the reason.
 */
export function clampPage(limit: number | undefined | null, offset: number | undefined | null, max = MAX_PAGE_SIZE, fallback = 50) {
  if (limit != null && (!Number.isSafeInteger(limit) || limit < 1))
    throw badInput(`limit must be a whole number from 1 to ${max}`, { limit: `limit must be a whole number from 1 to ${max}` });
  if (offset != null && (!Number.isSafeInteger(offset) || offset < 0))
    throw badInput("offset must be a whole number of 0 or more", { offset: "offset must be a whole number of 0 or more" });
  return { take: Math.min(limit ?? fallback, max), skip: offset ?? 0 };
}

/**
 * Bookings that hold a vehicle during [pickup, returnAt): pending, confirmed or in progress, and
 * overlapping the period (half-open intervals, so back-to-back bookings do not clash).
 */
export function blockingBookingsWhere(period: AvailabilityPeriod): Prisma.BookingWhereInput {
  return {
    status: { in: [...BLOCKING_BOOKING_STATUSES] },
    pickupDate: { lt: period.returnAt },
    returnDate: { gt: period.pickup },
  };
}

/** `blockingBookingsWhere` as SQL on the bookings table's columns, for statements written as SQL. */
export function blockingBookingsSql(period: AvailabilityPeriod): Prisma.Sql {
  return sql`status IN (${join([...BLOCKING_BOOKING_STATUSES])}) AND "pickupDate" < ${period.returnAt} AND "returnDate" > ${period.pickup}`;
}

/** Bookings of the blocking statuses not yet returned at `now` (a customer's active ones), as SQL. */
export function activeBookingsSql(now: Date): Prisma.Sql {
  return sql`status IN (${join([...BLOCKING_BOOKING_STATUSES])}) AND "returnDate" > ${now}`;
}

/** The rental fleet: the company's own cars. Dealership stock is for sale only (domain isRentalFleetVehicle). */
export const RENTAL_FLEET = { dealershipId: null } satisfies Prisma.VehicleWhereInput;

/** Reads an optional pickup/return period (ISO instants with a zone): both or neither, return after pickup; else 400. */
export function parseAvailabilityPeriod(input: { pickupDate?: unknown; returnDate?: unknown }): AvailabilityPeriod | null {
  return parseInput(availabilityPeriodSchema, { pickupDate: input.pickupDate, returnDate: input.returnDate });
}

/** GET /api/vehicles query parameters, all optional. */
const vehicleSearchSchema = z.object({
  category: z.enum(CATEGORY_IDS, { error: "Please select a category" }).optional(),
  transmission: z.enum(TRANSMISSIONS, { error: "Please select a transmission" }).optional(),
  pickupDate: z.string().optional(),
  returnDate: z.string().optional(),
});

/** The filter of GET /api/vehicles?category=&transmission=&pickupDate=&returnDate= (each optional). */
export function parseVehicleSearch(query: unknown): VehicleFilter {
  const search = parseInput(vehicleSearchSchema, query);
  return { category: search.category, transmission: search.transmission, period: parseAvailabilityPeriod(search) };
}

/** A rentable car as the customers' lists show it, with its photos' URLs in display order. */
export type AvailableVehicleRow = Pick<
  Prisma.VehicleGetPayload<object>,
  "id" | "make" | "model" | "year" | "category" | "transmission" | "status" | "mileage" | "dailyRate" | "salesPrice" | "dealershipId"
> & { images: { url: string }[] };

/**
 * The rentable fleet (SPEC 5, "Vehicle list"), for GraphQL `vehicles` and REST `GET /api/vehicles`:
 * exact category and transmission, and, given a period, without the cars booked during it (a NOT
 * EXISTS served by the bookings (vehicleId, status, returnDate, pickupDate) index). Two SQL
 * statements on the driver (the cars in list order, then their photos), no Prisma client in
 * between: the list a booking starts from is the busiest read the public cache cannot always
 * answer, and Prisma's query compiler and row mapping cost as much as SQLite's probes (issue 16).
 * vehicles.test.ts compares it with the Prisma query it replaced.
 */
export async function listAvailableVehicles(
  services: Pick<Services, "db">,
  filter: VehicleFilter = {},
  /** false: the caller shows no photos (`images` stays empty and is not read). */
  withPhotos = true,
  /** A larger page than MAX_PAGE_SIZE (REST's whole fleet); then also the page when none is asked. */
  options: { maxPageSize?: number } = {},
): Promise<AvailableVehicleRow[]> {
  const max = options.maxPageSize ?? MAX_PAGE_SIZE;
  const { take, skip } = clampPage(filter.limit, filter.offset, max, max === MAX_PAGE_SIZE ? 50 : max);
  const conditions = [sql`"dealershipId" IS NULL`, sql`status = 'available'`];
  if (filter.category) conditions.push(sql`category = ${filter.category}`);
  if (filter.transmission) conditions.push(sql`transmission = ${filter.transmission}`);
  if (filter.period) conditions.push(sql`NOT EXISTS (SELECT 1 FROM bookings WHERE "vehicleId" = vehicles.id AND ${blockingBookingsSql(filter.period)})`);
  const cars = await queryRows<Omit<AvailableVehicleRow, "images">>(
    services.db,
    sql`SELECT id, make, model, year, category, transmission, status, mileage, "dailyRate", "salesPrice", "dealershipId" FROM vehicles
        WHERE ${join(conditions, " AND ")}
        ORDER BY category, "dailyRate", make, model, id LIMIT ${take} OFFSET ${skip}`,
  );
  if (cars.length === 0 || !withPhotos) return cars.map((car) => ({ ...car, images: [] }));
  const photos = await queryRows<{ vehicleId: string; url: string }>(
    services.db,
    sql`SELECT "vehicleId", url FROM vehicle_images WHERE "vehicleId" IN (${join(cars.map((car) => car.id))})
        ORDER BY "vehicleId", position, "createdAt", id`,
  );
  const byCar = new Map<string, { url: string }[]>(cars.map((car) => [car.id, []]));
  for (const photo of photos) byCar.get(photo.vehicleId)?.push({ url: photo.url });
  return cars.map((car) => ({ ...car, images: byCar.get(car.id) ?? [] }));
}

/** GET /api/vehicles: the whole rentable fleet (up to REST_VEHICLE_LIST_LIMIT), with photos in display order. */
export function listAllVehicles(services: Pick<Services, "db">, filter: VehicleFilter = {}): Promise<AvailableVehicleRow[]> {
  return listAvailableVehicles(services, { ...filter, limit: REST_VEHICLE_LIST_LIMIT }, true, { maxPageSize: REST_VEHICLE_LIST_LIMIT });
}
