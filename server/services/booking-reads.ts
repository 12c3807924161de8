// Bookings read on the driver (../db/direct.ts queryRows) in the shapes the customer's lists ask
// for, typed as Prisma types them: Prisma's client cost My Bookings more than SQLite did (issue 16).
// A shape this file does not know is read through Prisma, as before. `booking-reads.test.ts`
// compares every known shape with Prisma's answer on both databases.
import type { Booking, HandoverJob, Vehicle, VehicleImage } from "../../prisma/generated/sqlite/client";
import { join, type Prisma, raw, sql } from "../db";
import { type Memo, rememberedRows } from "../db/changes";
import { instantOf, queryRows } from "../db/direct";
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
  idempotencyKey: 1,
  idempotencyRequest: 1,
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
  soldAt: 1,
  createKey: 1,
  createRequest: 1,
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
/** Every column of a car (`vehicles v`) and of a photo (`vehicle_images i`), as Prisma reads them. */
const VEHICLE_SELECT = raw(quoted("v", VEHICLE_COLUMNS));
const IMAGE_SELECT = raw(quoted("i", IMAGE_COLUMNS));

/**
 * The columns a list reads of each booking, when its caller knows which its fields use (GraphQL
 * myBookings: ../graphql/types/booking.ts `bookingColumnsFor`); without them, every column. The id
 * (and the vehicleId when the car is shown) are read always. Cars are whole rows, kept (KEPT_CARS).
 */
export type BookingColumns = { booking: readonly string[] };

const BOOKING_COLUMN_SET = new Set(BOOKING_COLUMNS);
/** The known columns of `wanted` (nothing else reaches the statement), after the ones always read. */
const columnsOf = (always: readonly string[], wanted: readonly string[], known: ReadonlySet<string>) => [
  ...new Set([...always, ...wanted.filter((column) => known.has(column))]),
];

/**
 * PostgreSQL: a car's photos as one JSON column of the cars' statement (`images`), in display order:
 * one round trip less than a statement of their own, and round trips are most of a read's time on
 * PostgreSQL (issue 16). Whole rows, with `createdAt` written as the adapter writes instants (read
 * back by `instantOf`). SQLite, which has no round trips, reads them in a statement of their own.
 */
const CAR_PHOTOS_COLUMN = raw(
  `, (SELECT coalesce(json_agg(json_build_object(${IMAGE_COLUMNS.map((column) =>
    column === "createdAt" ? `'createdAt', to_char(i."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `'${column}', i."${column}"`,
  ).join(", ")}) ORDER BY i.position, i."createdAt", i.id), '[]'::json) FROM vehicle_images i WHERE i."vehicleId" = v.id) AS "images"`,
);

/** The photos CAR_PHOTOS_COLUMN read, as a statement of their own reads them. */
function photosRead(value: unknown): VehicleImage[] {
  const photos = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as { createdAt: unknown }[];
  for (const photo of photos) photo.createdAt = instantOf(String(photo.createdAt));
  return photos as unknown as VehicleImage[];
}

export type CarWithPhotos = Vehicle & { images: VehicleImage[] };

/**
 * Cars and their photos in display order, by id, as Prisma's `findMany` with the photos included
 * reads them (`queryRows` types the columns as Prisma does), on the driver: on PostgreSQL in one
 * statement (the photos a JSON column), on SQLite in two, whatever the number of cars. Ids of no
 * car are missing from the answer. `booking-rows.test.ts` compares them with Prisma's on both
 * databases.
 */
export async function readCarsWithPhotos(services: Pick<Services, "db" | "provider">, ids: readonly string[]): Promise<Map<string, CarWithPhotos>> {
  const byId = new Map<string, CarWithPhotos>();
  if (ids.length === 0) return byId;
  if (services.provider === "postgresql") {
    const cars = await queryRows<Vehicle & { images: unknown }>(
      services.db,
      sql`SELECT ${VEHICLE_SELECT} ${CAR_PHOTOS_COLUMN} FROM vehicles v WHERE v.id IN (${join([...ids])})`,
    );
    for (const car of cars) byId.set(car.id, { ...car, images: photosRead(car.images) });
    return byId;
  }
  const cars = await queryRows<Vehicle>(services.db, sql`SELECT ${VEHICLE_SELECT} FROM vehicles v WHERE v.id IN (${join([...ids])})`);
  if (cars.length === 0) return byId;
  for (const car of cars) byId.set(car.id, { ...car, images: [] });
  const images = await queryRows<VehicleImage>(
    services.db,
    sql`SELECT ${IMAGE_SELECT} FROM vehicle_images i WHERE i."vehicleId" IN (${join(cars.map((car) => car.id))}) ORDER BY i.position, i."createdAt", i.id`,
  );
  for (const image of images) byId.get(image.vehicleId)?.images.push(image);
  return byId;
}

/**
 * The cars the customer's lists show and a new booking is made with, kept in this process as the
 * admin list keeps its cars (./admin-bookings.ts): until the catalogue is written (any car, photo or
 * dealership; on PostgreSQL also by another instance, which announces it), and for a second at most
 * (other processes on one SQLite file announce nothing). Read again, a car and its photos were most
 * of what a list of a customer's bookings cost PostgreSQL (about 140 of 250 µs of its CPU for ten
 * bookings) and half of the values the list read from SQLite (issue 16). An id of no car is not
 * kept: it is read again each time.
 */
const KEPT_CARS: Memo = { name: "kept-cars", tags: ["catalogue"], maxRows: 5_000 };

/** A kept car in each form a plan asks for: alone, with its photos, with its photos' urls; each frozen, shared by every booking and request that shows it. */
type ListCar = { alone: Vehicle; withPhotos: CarWithPhotos; withPhotoUrls: Vehicle & { images: { url: string }[] } };

function listCar({ images, ...alone }: CarWithPhotos): ListCar {
  const photos = Object.freeze(images.map((image) => Object.freeze(image)));
  return {
    alone: Object.freeze(alone),
    withPhotos: Object.freeze({ ...alone, images: photos as VehicleImage[] }),
    withPhotoUrls: Object.freeze({ ...alone, images: Object.freeze(images.map(({ url }) => Object.freeze({ url }))) as { url: string }[] }),
  };
}

async function readListCars(services: Pick<Services, "db" | "provider">, ids: string[]): Promise<Map<string, ListCar>> {
  const cars = await readCarsWithPhotos(services, ids);
  return new Map([...cars].map(([id, car]) => [id, listCar(car)]));
}

/** Cars by id as kept above, in each form (absent ids answer null). */
const keptCars = (services: Pick<Services, "db" | "provider">, ids: readonly string[]) =>
  rememberedRows(services.db, KEPT_CARS, ids, (missing) => readListCars(services, missing));

/**
 * A car with its photos in display order, as kept for the lists (frozen, shared): what a new
 * booking's emails and answer show. Whether it can be booked is decided from the row read under
 * the car's lock, never from this.
 */
export async function keptCarWithPhotos(services: Pick<Services, "db" | "provider">, vehicleId: string): Promise<CarWithPhotos | null> {
  return (await keptCars(services, [vehicleId])).get(vehicleId)?.withPhotos ?? null;
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
 * in one statement for the bookings, the cars as kept above (those not kept read together with
 * their photos) and one statement for the handovers, whatever the number of bookings.
 */
export async function readBookingsByIds(
  services: Pick<Services, "db" | "provider">,
  ids: readonly string[],
  plan: Plan,
  columns?: BookingColumns,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  return readBookingsFrom(services, sql`bookings b WHERE b.id IN (${join([...ids])})`, plan, columns);
}

/**
 * As `readBookingsByIds`, for the bookings `from` reads: a FROM clause naming them `b` (the table
 * with a condition, or a subquery of whole rows), reading `also` of each booking besides `columns`
 * (what the caller orders them by).
 */
export async function readBookingsFrom(
  services: Pick<Services, "db" | "provider">,
  from: Prisma.Sql,
  plan: Plan,
  columns?: BookingColumns,
  also: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  // Fewer columns, fewer strings made and swept: My Bookings' fields use 12 of a booking's 20.
  const bookingColumns = columns
    ? quoted("b", columnsOf([...(plan.vehicle ? ["id", "vehicleId"] : ["id"]), ...also], columns.booking, BOOKING_COLUMN_SET))
    : null;
  const bookings = await queryRows<Record<string, unknown>>(services.db, sql`SELECT ${bookingColumns ? raw(bookingColumns) : BOOKING_SELECT} FROM ${from}`);
  if (bookings.length === 0) return bookings;
  const ids = bookings.map((booking) => booking.id as string);
  if (plan.vehicle) {
    const carIds = [...new Set(bookings.flatMap((booking) => (booking.vehicleId ? [booking.vehicleId as string] : [])))];
    const cars = await keptCars(services, carIds);
    const form = plan.vehicle.images === "all" ? "withPhotos" : plan.vehicle.images === "url" ? "withPhotoUrls" : "alone";
    for (const booking of bookings) booking.vehicle = booking.vehicleId ? (cars.get(booking.vehicleId as string)?.[form] ?? null) : null;
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
