// Bookings read on the driver (../db/direct.ts queryRows) in the shapes the customer's lists ask
// for, typed as Prisma types them: Prisma's client cost My Bookings more than SQLite did (issue 16).
// A shape this file does not know is read through Prisma, as before. `booking-reads.test.ts`
// compares every known shape with Prisma's answer on both databases.
import type { Booking, HandoverJob, Vehicle, VehicleImage } from "../../prisma/generated/sqlite/client";
import { empty, join, type Prisma, raw, sql } from "../db";
import { instantOf, queryNestedRows, queryRows } from "../db/direct";
import type { Services } from "./context";

// Every column of each model, checked by the type checker against the generated client, so a new
// column is read here too (or the build fails).
export const BOOKING_COLUMNS: readonly string[] = Object.keys({
  id: 1,
  userId: 1,
  vehicleId: 1,
  category: 1,
  transmission: 1,
  pickupDate: 1,
  returnDate: 1,
  deliveryLocation: 1,
  deliveryCoordinates: 1,
  deliveryVerified: 1,
  returnLocation: 1,
  returnCoordinates: 1,
  returnVerified: 1,
  totalAmount: 1,
  duration: 1,
  status: 1,
  specialRequests: 1,
  calendarSequence: 1,
  createdAt: 1,
  updatedAt: 1,
} satisfies Record<keyof Booking, 1>);
const VEHICLE_COLUMNS: readonly string[] = Object.keys({
  id: 1,
  dealershipId: 1,
  registrationNumber: 1,
  make: 1,
  model: 1,
  year: 1,
  category: 1,
  transmission: 1,
  status: 1,
  mileage: 1,
  dailyRate: 1,
  salesPrice: 1,
  features: 1,
  lastKnownLocation: 1,
  createdAt: 1,
  updatedAt: 1,
} satisfies Record<keyof Vehicle, 1>);
const IMAGE_COLUMNS = Object.keys({ id: 1, vehicleId: 1, url: 1, position: 1, createdAt: 1 } satisfies Record<keyof VehicleImage, 1>);
const HANDOVER_COLUMNS = new Set(
  Object.keys({
    id: 1,
    bookingId: 1,
    kind: 1,
    driverId: 1,
    state: 1,
    failureReason: 1,
    failureNote: 1,
    startedAt: 1,
    finishedAt: 1,
    odometerKm: 1,
    fuelEighths: 1,
    licenceChecked: 1,
    position: 1,
    signaturePath: 1,
    submissionKey: 1,
    lateDays: 1,
    lateFeeCents: 1,
    fuelEighthsShort: 1,
    fuelFeeCents: 1,
    createdAt: 1,
    updatedAt: 1,
  } satisfies Record<keyof HandoverJob, 1>),
);

/** `table."column"` for each column, each named `prefix + column` when a prefix is given (for a join). */
export const quoted = (table: string, columns: readonly string[], prefix = "") =>
  columns.map((column) => `${table}."${column}"${prefix ? ` AS "${prefix}${column}"` : ""}`).join(", ");

const BOOKING_SELECT = raw(quoted("b", BOOKING_COLUMNS));
const BOOKING_AND_CAR_SELECT = raw(`${quoted("b", BOOKING_COLUMNS)}, ${quoted("v", VEHICLE_COLUMNS, "vehicle.")}`);
/** Every column of a car (`vehicles v`) and of a photo (`vehicle_images i`), as Prisma reads them. */
export const VEHICLE_SELECT = raw(quoted("v", VEHICLE_COLUMNS));
export const IMAGE_SELECT = raw(quoted("i", IMAGE_COLUMNS));
/** A photo's car and url: all a list that shows only the urls reads of each. */
const IMAGE_URL_SELECT = raw(quoted("i", ["vehicleId", "url"]));

/**
 * The columns a list reads of each booking and of its car, when its caller knows which its
 * fields use (GraphQL myBookings: ../graphql/types/booking.ts `bookingColumnsFor`); without them,
 * every column. The ids (and the booking's vehicleId when the car is read) are read always.
 */
export type BookingColumns = { booking: readonly string[]; vehicle: readonly string[] };

const BOOKING_COLUMN_SET = new Set(BOOKING_COLUMNS);
const VEHICLE_COLUMN_SET = new Set(VEHICLE_COLUMNS);
/** The known columns of `wanted` (nothing else reaches the statement), after the ones always read. */
const columnsOf = (always: readonly string[], wanted: readonly string[], known: ReadonlySet<string>) => [
  ...new Set([...always, ...wanted.filter((column) => known.has(column))]),
];

/**
 * A LEFT join to the one row of `table` whose id is `key` (its columns null when there is none).
 * PostgreSQL planned such a join of a page's 20 bookings to their cars as a hash join over a scan
 * of all 3,200 cars (about 0.9 of the statement's 1.3 ms); a lateral lookup by primary key is 20
 * index probes (0.6 ms in all). SQLite has no LATERAL, and probes by key.
 */
function leftJoinById(provider: Services["provider"], table: string, alias: string, key: string): string {
  // LIMIT 1 keeps PostgreSQL from pulling the lookup back up into an ordinary join.
  if (provider === "postgresql") return `LEFT JOIN LATERAL (SELECT * FROM ${table} WHERE id = ${key} LIMIT 1) ${alias} ON true`;
  return `LEFT JOIN ${table} ${alias} ON ${alias}.id = ${key}`;
}

/**
 * PostgreSQL: the car's photos as one JSON column of the bookings' statement (`vehicle.images`), in
 * display order: one round trip less than a statement of their own, and round trips are most of a
 * list's time on PostgreSQL (issue 16; `GET /api/bookings` 2,400-3,800 -> 1,730-1,810 µs in
 * `bench/layers.ts --scale 0.1`). An array of urls, or of whole rows with `createdAt` written as
 * the adapter writes instants (read back by `instantOf`). SQLite, which has no round trips, reads
 * them in a statement of their own.
 */
function photosColumnSql(images: "all" | "url", name: string): string {
  const photo =
    images === "url"
      ? "i.url"
      : `json_build_object(${IMAGE_COLUMNS.map((column) =>
          column === "createdAt" ? `'createdAt', to_char(i."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `'${column}', i."${column}"`,
        ).join(", ")})`;
  return `, (SELECT coalesce(json_agg(${photo} ORDER BY i.position, i."createdAt", i.id), '[]'::json) FROM vehicle_images i WHERE i."vehicleId" = v.id) AS "${name}"`;
}
const PHOTOS_COLUMN = { all: raw(photosColumnSql("all", "vehicle.images")), url: raw(photosColumnSql("url", "vehicle.images")) };
/** PostgreSQL: as PHOTOS_COLUMN, the photos of a car read alone (`vehicles v`), every column, as its `images`. */
export const CAR_PHOTOS_COLUMN = raw(photosColumnSql("all", "images"));

/** The photos PHOTOS_COLUMN or CAR_PHOTOS_COLUMN read, as a statement of their own reads them. */
export function photosRead(images: "all" | "url", value: unknown): unknown[] {
  const photos = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as unknown[];
  if (images === "url") return photos.map((url) => ({ url }));
  for (const photo of photos as { createdAt: unknown }[]) photo.createdAt = instantOf(String(photo.createdAt));
  return photos;
}

/** What of a shape this file reads: the car (with its photos, all columns or the url) and the handovers' columns. */
type Plan = { vehicle: false | { images: false | "all" | "url" }; handovers: false | string[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const onlyKeys = (value: Record<string, unknown>, allowed: string[]) => Object.keys(value).every((key) => allowed.includes(key));

/**
 * The plan for a Prisma shape (as Pothos builds it from a selection), or null when it asks for
 * anything else (a select of the booking, another relation, a filtered or differently ordered
 * relation), which the caller then reads through Prisma.
 */
export function planFor(shape: { include?: unknown; select?: unknown }): Plan | null {
  if (!onlyKeys(shape, ["include"])) return null;
  const include = shape.include ?? {};
  if (!isObject(include) || !onlyKeys(include, ["vehicle", "handovers"])) return null;
  const plan: Plan = { vehicle: false, handovers: false };
  const vehicle = include.vehicle;
  if (vehicle === true) plan.vehicle = { images: false };
  else if (isObject(vehicle)) {
    if (!onlyKeys(vehicle, ["include"]) || !isObject(vehicle.include) || !onlyKeys(vehicle.include, ["images"])) return null;
    const images = vehicle.include.images;
    if (images === undefined) plan.vehicle = { images: false };
    else if (!isObject(images) || !onlyKeys(images, ["orderBy", "select"]) || !isPositionOrder(images.orderBy)) return null;
    else if (images.select === undefined) plan.vehicle = { images: "all" };
    else if (isObject(images.select) && onlyKeys(images.select, ["url"]) && images.select.url === true) plan.vehicle = { images: "url" };
    else return null;
  } else if (vehicle !== undefined && vehicle !== false) return null;
  const handovers = include.handovers;
  if (handovers !== undefined && handovers !== false) {
    if (!isObject(handovers) || !onlyKeys(handovers, ["select"]) || !isObject(handovers.select)) return null;
    const columns = Object.entries(handovers.select);
    if (!columns.every(([column, wanted]) => wanted === true && HANDOVER_COLUMNS.has(column))) return null;
    plan.handovers = columns.map(([column]) => column);
  }
  return plan;
}

const isPositionOrder = (orderBy: unknown) => isObject(orderBy) && onlyKeys(orderBy, ["position"]) && orderBy.position === "asc";

/**
 * The bookings with these ids in `plan`'s shape (in no particular order: the caller orders them),
 * in one statement for the bookings and their cars, one for the cars' photos (on PostgreSQL a
 * column of the first) and one for the handovers, whatever the number of bookings.
 */
export async function readBookingsByIds(
  services: Pick<Services, "db" | "provider">,
  ids: readonly string[],
  plan: Plan,
  columns?: BookingColumns,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  return readBookingsWhere(services, sql`b.id IN (${join([...ids])})`, plan, columns);
}

/**
 * As `readBookingsByIds`, for the bookings `which` selects (a condition on `bookings b`), reading
 * `also` of each booking besides `columns` (what the caller orders them by).
 */
export async function readBookingsWhere(
  services: Pick<Services, "db" | "provider">,
  which: Prisma.Sql,
  plan: Plan,
  columns?: BookingColumns,
  also: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  // Fewer columns, fewer strings made and swept: My Bookings' fields use 12 of a booking's 20 and 4 of its car's 16.
  const bookingColumns = columns && quoted("b", columnsOf([...(plan.vehicle ? ["id", "vehicleId"] : ["id"]), ...also], columns.booking, BOOKING_COLUMN_SET));
  const withImages = plan.vehicle && plan.vehicle.images;
  const photosInline = withImages && services.provider === "postgresql" ? withImages : false;
  const bookings = plan.vehicle
    ? await queryNestedRows<Record<string, unknown>>(
        services.db,
        sql`SELECT ${columns ? raw(`${bookingColumns}, ${quoted("v", columnsOf(["id"], columns.vehicle, VEHICLE_COLUMN_SET), "vehicle.")}`) : BOOKING_AND_CAR_SELECT}
            ${photosInline ? PHOTOS_COLUMN[photosInline] : empty}
            FROM bookings b ${raw(leftJoinById(services.provider, "vehicles", "v", 'b."vehicleId"'))} WHERE ${which}`,
        ["vehicle"],
      )
    : await queryRows<Record<string, unknown>>(
        services.db,
        sql`SELECT ${bookingColumns ? raw(bookingColumns) : BOOKING_SELECT} FROM bookings b WHERE ${which}`,
      );
  if (bookings.length === 0) return bookings;
  const ids = bookings.map((booking) => booking.id as string);
  if (photosInline) {
    for (const booking of bookings) {
      const car = booking.vehicle as Record<string, unknown> | null;
      if (car) car.images = photosRead(photosInline, car.images);
    }
  } else if (withImages) {
    const cars = bookings.map((booking) => booking.vehicle as Record<string, unknown> | null).filter((car) => car !== null);
    const carIds = [...new Set(cars.map((car) => car.id as string))];
    const images = carIds.length
      ? await queryRows<Record<string, unknown>>(
          services.db,
          sql`SELECT ${withImages === "url" ? IMAGE_URL_SELECT : IMAGE_SELECT} FROM vehicle_images i WHERE i."vehicleId" IN (${join(carIds)}) ORDER BY i.position, i."createdAt", i.id`,
        )
      : [];
    const byCar = new Map<string, unknown[]>(carIds.map((id) => [id, []]));
    for (const image of images) byCar.get(image.vehicleId as string)?.push(withImages === "url" ? { url: image.url } : image);
    // Each booking's car gets a list of its own (two bookings of one car share no array).
    for (const car of cars) car.images = [...(byCar.get(car.id as string) ?? [])];
  }
  if (plan.handovers) {
    const columns = [...new Set([...plan.handovers, "bookingId"])];
    const jobs = await queryRows<Record<string, unknown>>(
      services.db,
      sql`SELECT ${raw(quoted("h", columns))} FROM handover_jobs h WHERE h."bookingId" IN (${join(ids)})`,
    );
    const byBooking = new Map<string, Record<string, unknown>[]>(ids.map((id) => [id, []]));
    for (const job of jobs) {
      const bookingId = job.bookingId as string;
      if (!plan.handovers.includes("bookingId")) delete job.bookingId;
      byBooking.get(bookingId)?.push(job);
    }
    for (const booking of bookings) booking.handovers = byBooking.get(booking.id as string) ?? [];
  }
  return bookings;
}

/**
 * The rows of `shape` for these ids: on the driver when the shape is one it knows (only `columns`,
 * when given), else through Prisma.
 */
export async function bookingsInShape<S extends { include?: Prisma.BookingInclude; select?: Prisma.BookingSelect }>(
  services: Pick<Services, "db" | "provider">,
  ids: readonly string[],
  shape: S,
  columns?: BookingColumns,
): Promise<Prisma.BookingGetPayload<S>[]> {
  const plan = planFor(shape);
  if (plan) return (await readBookingsByIds(services, ids, plan, columns)) as Prisma.BookingGetPayload<S>[];
  return (await services.db.booking.findMany({ ...shape, where: { id: { in: [...ids] } } })) as Prisma.BookingGetPayload<S>[];
}
