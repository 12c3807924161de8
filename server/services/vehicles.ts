import { z } from "zod";
import { join, type Prisma, sql } from "../db";
import {
  availabilityPeriodSchema,
  BLOCKING_BOOKING_STATUSES,
  CATEGORY_IDS,
  takesBookings,
  TRANSMISSIONS,
  type AvailabilityPeriod,
  type Category,
} from "#domain";
import { badInput } from "../errors";
import type { Services } from "./context";
import { fleetCalendar } from "./fleet-calendar";
import type { RawTx } from "../db/direct";
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

/** Bookings of the blocking statuses (pending, confirmed, in progress), as SQL on the bookings table. */
export const BLOCKING_STATUS_SQL = sql`status IN (${join([...BLOCKING_BOOKING_STATUSES])})`;

/** `blockingBookingsWhere` as SQL on the bookings table's columns, for statements written as SQL. */
export function blockingBookingsSql(period: AvailabilityPeriod): Prisma.Sql {
  return sql`${BLOCKING_STATUS_SQL} AND "pickupDate" < ${period.returnAt} AND "returnDate" > ${period.pickup}`;
}

/**
 * Bookings that still need their car at `now`: of the blocking statuses (not cancelled, not
 * completed) and not yet returned. A car with any of these ahead can be neither deleted nor sold.
 */
export function activeBookingsWhere(now: Date): Prisma.BookingWhereInput {
  return { status: { in: [...BLOCKING_BOOKING_STATUSES] }, returnDate: { gt: now } };
}

/** `activeBookingsWhere` as SQL on the bookings table (a customer's active ones), for statements written as SQL. */
export function activeBookingsSql(now: Date): Prisma.Sql {
  return sql`${BLOCKING_STATUS_SQL} AND "returnDate" > ${now}`;
}

/** The rental fleet: the company's own cars. Dealership stock is for sale only (domain isRentalFleetVehicle). */
export const RENTAL_FLEET = { dealershipId: null } satisfies Prisma.VehicleWhereInput;

/** Cars that take bookings (domain takesBookings): available, or rented and out on a trip in progress. */
export const TAKES_BOOKINGS = {
  OR: [{ status: "available" }, { status: "rented", bookings: { some: { status: "in_progress" } } }],
} satisfies Prisma.VehicleWhereInput;

/** `TAKES_BOOKINGS` as SQL on the vehicles table, for statements written as SQL. */
export const TAKES_BOOKINGS_SQL = sql`(vehicles.status = 'available' OR (vehicles.status = 'rented' AND EXISTS (SELECT 1 FROM bookings WHERE bookings."vehicleId" = vehicles.id AND bookings.status = 'in_progress')))`;

/** Whether this car takes bookings (domain takesBookings), read in the caller's transaction: a rented car's trip is one more read. */
export async function carTakesBookings(tx: RawTx, car: { id: string; status: string }): Promise<boolean> {
  if (car.status !== "rented") return takesBookings({ status: car.status, onTrip: false });
  const trips = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE "vehicleId" = ${car.id} AND status = 'in_progress' LIMIT 1`;
  return takesBookings({ status: car.status, onTrip: trips.length > 0 });
}

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
 * exact category and transmission, and, given a period, without the cars booked during it, in list
 * order (category, rate, make, model, id). Answered from this process's fleet calendar
 * (./fleet-calendar.ts) once it has read the database's log of changes: as exact as the SQL it
 * replaced (every write committed before the search is seen), without an overlap probe into the
 * bookings for every car (issue 16). vehicles.test.ts compares it with the Prisma query.
 */
export async function listAvailableVehicles(
  services: Pick<Services, "db" | "provider">,
  filter: VehicleFilter = {},
  /** false: the caller shows no photos (`images` stays empty). */
  withPhotos = true,
  /** A larger page than MAX_PAGE_SIZE (REST's whole fleet); then also the page when none is asked. */
  options: { maxPageSize?: number } = {},
): Promise<AvailableVehicleRow[]> {
  const max = options.maxPageSize ?? MAX_PAGE_SIZE;
  const { take, skip } = clampPage(filter.limit, filter.offset, max, max === MAX_PAGE_SIZE ? 50 : max);
  const calendar = fleetCalendar(services);
  await calendar.sync();
  return calendar.search({ category: filter.category, transmission: filter.transmission, period: filter.period, take, skip }, withPhotos);
}

/** GET /api/vehicles: the whole rentable fleet (up to REST_VEHICLE_LIST_LIMIT), with photos in display order. */
export function listAllVehicles(services: Pick<Services, "db" | "provider">, filter: VehicleFilter = {}): Promise<AvailableVehicleRow[]> {
  return listAvailableVehicles(services, { ...filter, limit: REST_VEHICLE_LIST_LIMIT }, true, { maxPageSize: REST_VEHICLE_LIST_LIMIT });
}
