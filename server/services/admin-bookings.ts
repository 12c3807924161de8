// Bookings for admins: the list (booking + customer + optional vehicle, SPEC 3 "Admin booking
// list entry"), status changes (any of the five) and vehicle assignment. Anything that puts a
// vehicle on a period (assignment, or reopening a cancelled or completed booking that has a
// vehicle) runs under the customer booking's vehicle lock (db/vehicle-lock.ts withVehicleLock) and
// checks overlaps there, so it races safely with customer bookings: exactly one wins.
import { z } from "zod";
import { empty, join, type Prisma, raw, sql } from "../db";
import { type Memo, rememberedRows } from "../db/changes";
import { queryRows } from "../db/direct";
import { BOOKING_COLUMNS, quoted } from "./booking-reads";
import {
  assignVehicleSchema,
  bookingLocationUpdateSchema,
  BOOKING_STATUSES,
  bookingStatusUpdateSchema,
  categoryLabel,
  isBlockingBookingStatus,
  isFinalBookingStatus,
  isRentalFleetVehicle,
  listSearchSchema,
  pageSchema,
  type BookingStatus,
  TRANSMISSION_LABELS,
  type ApiKeyPermission,
} from "#domain";
import { badInput, conflict, notFound } from "../errors";
import { recordAudit } from "./audit";
import { type LockOptions, refuseOverlaps, withVehicleLock } from "../db/vehicle-lock";
import { bookingCancellationEmail, bookingConfirmationEmail } from "../emails/booking";
import { isServedPoint } from "./bookings";
import { followUpBookingChange } from "./booking-follow-ups";
import { carFollowsBooking, carFollowsTrip } from "./booking-car";
import { recordStatusChange } from "./booking-history";
import { settleReasonOf } from "./invoices";
import { enqueueEmail, nudgeMailer } from "./mail";
import type { Services } from "./context";
import { cachedCount } from "./counts";
import { customerMatching } from "./admin-customers";
import { vehicleMatching } from "./vehicle-search";
import { parseInput } from "./validation";
import { blockingBookingsWhere, carTakesBookings, clampPage, RENTAL_FLEET, TAKES_BOOKINGS } from "./vehicles";
import { VEHICLE_PHOTOS } from "./vehicle-rows";
import { requireAdminOrKey, type Viewer } from "./viewer";

export const ADMIN_BOOKING_MESSAGES = {
  notFound: "Booking not found",
  vehicleNotFound: "Vehicle not found",
  vehicleNotAvailable: "This vehicle is not available for bookings: it is in maintenance, out of service, or marked rented with no trip in progress.",
  pointOutside: "This point is outside every active service area. Check the coordinates, or cancel the booking if we cannot serve it.",
  vehicleForSale: "This car is a dealership's stock for sale; only rental fleet cars can be assigned.",
  vehicleTaken: "This vehicle is already booked for an overlapping period",
  finalBooking: (status: string) => `A vehicle cannot be assigned to a ${status} booking`,
  reopenTaken: "The assigned vehicle is booked by someone else for this period. Assign another vehicle first.",
} as const;

/**
 * What an admin booking entry reads with the booking: of its customer and its car, only what the
 * entry shows (never a password hash or a licence number; and 20 customers' whole rows cost the
 * admin list a third of its SQL).
 */
export const ADMIN_BOOKING_ENTRY_INCLUDE = {
  include: {
    user: { select: { id: true, name: true, email: true, phone: true } },
    vehicle: { select: { id: true, make: true, model: true, year: true, registrationNumber: true, dailyRate: true, status: true } },
  },
} satisfies { include: Prisma.BookingInclude };
const entryInclude = ADMIN_BOOKING_ENTRY_INCLUDE;
/** An admin booking list entry: the booking with its customer and its car (if assigned). */
export type AdminBookingRow = Prisma.BookingGetPayload<typeof ADMIN_BOOKING_ENTRY_INCLUDE>;
type EntryRow = AdminBookingRow;

const bookingListSchema = pageSchema.extend({
  status: z.enum(BOOKING_STATUSES, { error: "Unknown booking status" }).optional(),
  search: listSearchSchema,
});

/**
 * What of each entry a reader uses: the booking's columns, and whether its customer and its car.
 * GraphQL asks for a few fields of a page (`entryPartsFor` in graphql/types/admin-bookings.ts);
 * reading only their columns spares SQLite, the driver and the type conversions the rest
 * (issue 16). REST and the dashboard read whole entries.
 */
export type EntryParts = { booking: readonly BookingColumn[]; user: boolean; vehicle: boolean };
type BookingColumn = keyof Prisma.BookingGetPayload<object>;
/** Every column of the booking, its customer and its car: ADMIN_BOOKING_ENTRY_INCLUDE. */
export const WHOLE_ENTRY: EntryParts = { booking: BOOKING_COLUMNS as readonly BookingColumn[], user: true, vehicle: true };

/**
 * Bookings, newest first, paged (at most 100), optionally of one status. Admins or bookings:read.
 * With `parts`, each entry holds only those parts (the rest of AdminBookingRow is absent).
 */
export async function listAdminBookings(
  services: Services,
  viewer: Viewer,
  query: unknown = {},
  parts: EntryParts = WHOLE_ENTRY,
): Promise<{ items: AdminBookingRow[]; total: number }> {
  requireAdminOrKey(viewer, "bookings:read");
  const q = parseInput(bookingListSchema, query);
  if (q.search) return searchAdminBookings(services, q.search, q);
  const where = q.status ? sql`WHERE status = ${q.status}` : empty;
  const { take, skip } = clampPage(q.limit, q.offset);
  const [rows, total] = await Promise.all([
    readEntries(services, where, take, skip, parts),
    // A plain count(*) on the driver: Prisma's count wraps the table in a subquery, which keeps
    // SQLite from counting pages of its smallest index (all 200,000 bookings: 7.8 -> 0.16 ms).
    cachedCount(services.db, ["bookings"], `bookings:status=${q.status ?? "*"}`, async () => {
      const [row] = await queryRows<{ total: number | bigint }>(services.db, sql`SELECT count(*) AS total FROM bookings ${where}`);
      return Number(row?.total ?? 0);
    }),
  ]);
  return { items: rows, total };
}

/**
 * Bookings, newest first, whose number ends with `search` (the admin's 8 characters or the
 * customer's 6, with or without "#"), whose customer's name, email or phone holds it, or whose car
 * every word of it matches by make, model or plate (vehicle-search.ts: "Toyota Yaris", "ca745561"). Through Prisma's client: the office's occasional search, not the
 * list's hot page, so it keeps the customer search's one rule (`customerMatching`). The customers,
 * cars and numbers that match are found first and the bookings read by their indexes: filtered
 * through the relations instead, SQLite tested all 200,000 bookings of the benchmark's data
 * (0.4-1 s a search against 20-40 ms).
 */
async function searchAdminBookings(
  services: Services,
  search: string,
  q: { status?: BookingStatus; limit?: number; offset?: number },
): Promise<{ items: AdminBookingRow[]; total: number }> {
  const { db } = services;
  const number = search.replace(/^#\s*/, "").toLowerCase();
  const [customerWhere, carWhere] = await Promise.all([customerMatching(services, search), vehicleMatching(services, search)]);
  const [customers, cars, numbered] = await Promise.all([
    db.user.findMany({ where: customerWhere, select: { id: true }, take: SEARCH_IDS_MAX + 1 }),
    carWhere ? db.vehicle.findMany({ where: carWhere, select: { id: true }, take: SEARCH_IDS_MAX + 1 }) : Promise.resolve([]),
    BOOKING_NUMBER_PART.test(number)
      ? queryRows<{ id: string }>(db, sql`SELECT id FROM bookings WHERE id LIKE ${`%${number}`} LIMIT ${SEARCH_IDS_MAX}`)
      : Promise.resolve([]),
  ]);
  const ids = (rows: { id: string }[]) => ({ in: rows.map((row) => row.id) });
  // A search as broad as one letter matches more customers or cars than a list should carry: those go through the relation (exact, slower).
  const matches: Prisma.BookingWhereInput[] = [
    ...(customers.length > SEARCH_IDS_MAX ? [{ user: customerWhere }] : customers.length ? [{ userId: ids(customers) }] : []),
    ...(carWhere && cars.length > SEARCH_IDS_MAX ? [{ vehicle: carWhere }] : cars.length ? [{ vehicleId: ids(cars) }] : []),
    ...(numbered.length ? [{ id: ids(numbered) }] : []),
  ];
  // An empty list in the OR kept SQLite from reading the others by their indexes.
  if (matches.length === 0) return { items: [], total: 0 };
  const where: Prisma.BookingWhereInput = { ...(q.status ? { status: q.status } : {}), OR: matches };
  const [items, total] = await Promise.all([
    db.booking.findMany({ ...entryInclude, where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...clampPage(q.limit, q.offset) }),
    db.booking.count({ where }),
  ]);
  return { items, total };
}
/** Part of a booking number: the end of a booking's id (lower-case hex). */
const BOOKING_NUMBER_PART = /^[0-9a-f]{4,12}$/;
/** At most this many matching customers, cars or numbers go into a search's lists of ids. */
const SEARCH_IDS_MAX = 1_000;

/** The most recent bookings (dashboard). */
export async function recentBookings(services: Services, take: number): Promise<AdminBookingRow[]> {
  return readEntries(services, empty, take, 0);
}

type EntryCustomer = AdminBookingRow["user"];
type EntryCar = NonNullable<AdminBookingRow["vehicle"]>;
const CUSTOMER_SQL = raw(quoted("u", Object.keys(ADMIN_BOOKING_ENTRY_INCLUDE.include.user.select)));
const CAR_SQL = raw(quoted("v", Object.keys(ADMIN_BOOKING_ENTRY_INCLUDE.include.vehicle.select)));
/**
 * A page's customers and cars, kept in the process (server/db/changes.ts `rememberedRows`) until a
 * write to customers or to the catalogue: joined to every page, their 100 lookups by key were about
 * half of the admin page's time in SQLite and in the driver (issue 16). At most REMEMBERED_MS old
 * when another instance on the same SQLite file writes (its workers relay their writes).
 */
const ENTRY_CUSTOMERS: Memo = { name: "admin-entry-customers", tags: ["customers"], maxRows: 2_000 };
const ENTRY_CARS: Memo = { name: "admin-entry-cars", tags: ["catalogue"], maxRows: 2_000 };

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** The booking columns an entry's statement reads: the asked-for ones, the id, and the keys of the parts it shows. */
function entryBookingSql(parts: EntryParts): Prisma.Sql {
  const columns = new Set<string>(["id", ...parts.booking]);
  if (parts.user) columns.add("userId");
  if (parts.vehicle) columns.add("vehicleId");
  return raw(quoted("b", [...columns]));
}
const WHOLE_ENTRY_SQL = entryBookingSql(WHOLE_ENTRY);

/**
 * Admin list entries, newest first, on the driver (the page of bookings in one statement, then its
 * customers and cars as kept above, the missing ones in one statement each), typed as Prisma types
 * them: Prisma's client spent more on the list's three statements than SQLite did (issue 16).
 * `admin-bookings-list.test.ts` compares the two.
 */
async function readEntries(
  services: Pick<Services, "db">,
  where: Prisma.Sql,
  take: number,
  skip: number,
  parts: EntryParts = WHOLE_ENTRY,
): Promise<AdminBookingRow[]> {
  const { db } = services;
  const columns = parts === WHOLE_ENTRY ? WHOLE_ENTRY_SQL : entryBookingSql(parts);
  const rows = await queryRows<AdminBookingRow>(
    db,
    sql`SELECT ${columns} FROM bookings b ${where} ORDER BY b."createdAt" DESC, b.id DESC LIMIT ${take} OFFSET ${skip}`,
  );
  if (rows.length === 0) return rows;
  const [customers, cars] = await Promise.all([
    parts.user
      ? rememberedRows(
          db,
          ENTRY_CUSTOMERS,
          rows.map((row) => row.userId),
          async (ids) => byId(await queryRows<EntryCustomer>(db, sql`SELECT ${CUSTOMER_SQL} FROM users u WHERE u.id IN (${join(ids)})`)),
        )
      : null,
    parts.vehicle
      ? rememberedRows(
          db,
          ENTRY_CARS,
          rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : [])),
          async (ids) => byId(await queryRows<EntryCar>(db, sql`SELECT ${CAR_SQL} FROM vehicles v WHERE v.id IN (${join(ids)})`)),
        )
      : null,
  ]);
  const entries: AdminBookingRow[] = [];
  for (const row of rows) {
    if (customers) {
      const customer = customers.get(row.userId);
      // Every booking has its customer (a foreign key); one deleted since the page was read drops its entry, as a join would.
      if (!customer) continue;
      row.user = customer;
    }
    if (cars) row.vehicle = row.vehicleId ? (cars.get(row.vehicleId) ?? null) : null;
    entries.push(row);
  }
  return entries;
}

const idOf = (id: unknown) => (typeof id === "string" ? id.trim() : "");

async function findEntry(db: Prisma.TransactionClient, id: string): Promise<EntryRow> {
  const row = id ? await db.booking.findUnique({ where: { id }, ...entryInclude }) : null;
  if (!row) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
  return row;
}

/** One admin booking entry by id (404 when unknown). */
export function findAdminBooking(services: Services, id: string): Promise<AdminBookingRow> {
  return findEntry(services.db, id);
}

const statusView = (b: EntryRow) => ({ status: b.status, vehicleId: b.vehicleId });

/**
 * Sets a booking's status to any of the five (admins, or a key with bookings:write). Reopening a
 * cancelled or completed booking that has a vehicle checks, under the vehicle's lock, that no
 * other booking took the vehicle for the period meanwhile (409 otherwise). The assigned car
 * follows in the same transaction (booking-car.ts): rented when the trip goes in progress,
 * available again when it leaves in progress; the booking's history row says so.
 */
export async function updateBookingStatus(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<AdminBookingRow> {
  const actor = requireAdminOrKey(viewer, "bookings:write");
  const { status } = parseInput(bookingStatusUpdateSchema, input);
  const bookingId = idOf(id);
  const current = await findEntry(services.db, bookingId);
  const change = async (tx: Prisma.TransactionClient) => {
    const before = await findEntry(tx, bookingId);
    if (before.status === status) return before;
    if (before.vehicleId && !isBlockingBookingStatus(before.status) && isBlockingBookingStatus(status)) {
      const clash = await tx.booking.findFirst({
        where: { id: { not: before.id }, vehicleId: before.vehicleId, ...blockingBookingsWhere({ pickup: before.pickupDate, returnAt: before.returnDate }) },
        select: { id: true },
      });
      if (clash) throw conflict(ADMIN_BOOKING_MESSAGES.reopenTaken);
    }
    const news = customerNews(before.status, status);
    // A cancellation sends the calendar's cancel, and a reinstatement puts the events back: their sequence goes up.
    await tx.booking.update({
      where: { id: before.id },
      data: { status, ...(status === "cancelled" || news === "reinstated" ? { calendarSequence: { increment: 1 } } : {}) },
    });
    await followUpBookingChange(tx, services.config, before.id, settleReasonOf(before.status, status));
    // The car follows: rented while the trip is on the road, available again once it is off.
    const car = await carFollowsBooking(tx, before, before.status, status);
    const after = await findEntry(tx, before.id);
    await recordAudit(tx, actor, {
      action: "booking.status",
      entity: "booking",
      entityId: before.id,
      before: { ...statusView(before), ...(car ? { vehicleStatus: car.from } : {}) },
      after: { ...statusView(after), ...(car ? { vehicleStatus: car.to } : {}) },
    });
    await recordStatusChange(tx, before, status, actor, car);
    if (news) {
      const booking = await tx.booking.findUniqueOrThrow({
        where: { id: before.id },
        include: { vehicle: { include: { images: { orderBy: { position: "asc" } } } } },
      });
      const email =
        news === "cancelled"
          ? bookingCancellationEmail(before.user, booking, services.config, { by: "staff", wasPending: before.status === "pending" })
          : bookingConfirmationEmail(before.user, booking, services.config);
      await enqueueEmail(tx, email);
    }
    return after;
  };
  // The database refuses an overlap our check missed (a writer that skips the lock): the same 409.
  const overlapMessage = ADMIN_BOOKING_MESSAGES.reopenTaken;
  const row = current.vehicleId
    ? await withVehicleLock(services, current.vehicleId, change, { overlapMessage })
    : await refuseOverlaps(() => services.db.$transaction(change), overlapMessage);
  nudgeMailer(services);
  return row;
}

/**
 * What an admin's status change tells the customer by email: a confirmation of a booking that
 * waited for approval or was cancelled ("reinstated": its calendar events come back), or a
 * cancellation of one not yet over. Moving a trip on or off the road, or correcting a finished
 * one, sends nothing.
 */
function customerNews(before: BookingStatus, after: BookingStatus): "confirmed" | "reinstated" | "cancelled" | null {
  if (after === "confirmed" && before === "pending") return "confirmed";
  if (after === "confirmed" && before === "cancelled") return "reinstated";
  if (after === "cancelled" && before !== "completed") return "cancelled";
  return null;
}

/** "Medium automatic" */
const kindText = (category: string, transmission: string) =>
  `${categoryLabel(category)} ${TRANSMISSION_LABELS[transmission as keyof typeof TRANSMISSION_LABELS]?.toLowerCase() ?? transmission}`;

/** The vehicle lock for an assignment: the database's refusal of an overlap reads as our own check's 409. */
const withAssignLock: typeof withVehicleLock = (services, vehicleId, fn, options?: LockOptions) =>
  withVehicleLock(services, vehicleId, fn, { overlapMessage: ADMIN_BOOKING_MESSAGES.vehicleTaken, ...options });

/**
 * Assigns a vehicle to an open booking (admins, or a key with bookings:write): the vehicle must be
 * available, of the booking's category and transmission, and free for the booking's period. The
 * checks and the change run under the vehicle's lock, like a customer booking.
 */
export async function assignBookingVehicle(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<AdminBookingRow> {
  const actor = requireAdminOrKey(viewer, "bookings:write");
  const { vehicleId } = parseInput(assignVehicleSchema, input);
  const bookingId = idOf(id);
  await findEntry(services.db, bookingId);
  const row = await withAssignLock(services, vehicleId, async (tx) => {
    const before = await findEntry(tx, bookingId);
    if (isFinalBookingStatus(before.status)) throw conflict(ADMIN_BOOKING_MESSAGES.finalBooking(before.status));
    if (before.vehicleId === vehicleId) return before;
    const vehicle = await tx.vehicle.findUnique({
      where: { id: vehicleId },
      select: { id: true, status: true, category: true, transmission: true, dealershipId: true },
    });
    if (!vehicle) throw notFound(ADMIN_BOOKING_MESSAGES.vehicleNotFound);
    if (!isRentalFleetVehicle(vehicle)) throw conflict(ADMIN_BOOKING_MESSAGES.vehicleForSale);
    if (!(await carTakesBookings(tx, vehicle))) throw conflict(ADMIN_BOOKING_MESSAGES.vehicleNotAvailable);
    if (vehicle.category !== before.category || vehicle.transmission !== before.transmission) {
      const message = `This vehicle is a ${kindText(vehicle.category, vehicle.transmission)}; the booking is for a ${kindText(before.category, before.transmission)}`;
      throw badInput(message, { vehicleId: message });
    }
    const clash = await tx.booking.findFirst({
      where: { id: { not: before.id }, vehicleId, ...blockingBookingsWhere({ pickup: before.pickupDate, returnAt: before.returnDate }) },
      select: { id: true },
    });
    if (clash) throw conflict(ADMIN_BOOKING_MESSAGES.vehicleTaken);
    // Guarded on what was read, so a concurrent change of this booking is never overwritten.
    const changed = await tx.booking.updateMany({ where: { id: before.id, status: before.status, vehicleId: before.vehicleId }, data: { vehicleId } });
    if (changed.count !== 1) throw conflict("This booking changed meanwhile. Please reload and try again.");
    if (before.status === "in_progress") {
      // A trip on the road that changes car (a breakdown): the new car goes out, the old one comes back.
      await carFollowsTrip(tx, { id: before.id, vehicleId: before.vehicleId }, "end");
      await carFollowsTrip(tx, { id: before.id, vehicleId }, "start");
    }
    const after = await findEntry(tx, before.id);
    await recordAudit(tx, actor, {
      action: "booking.assign_vehicle",
      entity: "booking",
      entityId: before.id,
      before: statusView(before),
      after: statusView(after),
    });
    return after;
  });
  return row;
}

const locationView = (b: EntryRow) => ({
  deliveryLocation: b.deliveryLocation,
  deliveryCoordinates: b.deliveryCoordinates,
  deliveryVerified: b.deliveryVerified,
  returnLocation: b.returnLocation,
  returnCoordinates: b.returnCoordinates,
  returnVerified: b.returnVerified,
});

/**
 * Sets the real point of a booking's delivery or return location (admins, or a key with
 * bookings:write), e.g. after calling a customer whose typed address the geocoder could not place:
 * the point must lie in an active service area (where any exist); the location becomes verified;
 * the address text is corrected when given. Audited.
 */
export async function setBookingLocation(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<AdminBookingRow> {
  const actor = requireAdminOrKey(viewer, "bookings:write");
  const data = parseInput(bookingLocationUpdateSchema, input);
  const before = await findEntry(services.db, idOf(id));
  if (!(await isServedPoint(services, data.coordinates))) {
    const message = ADMIN_BOOKING_MESSAGES.pointOutside;
    throw badInput(message, { coordinates: message });
  }
  const delivery = data.point === "delivery";
  const location = data.location || undefined;
  const row = await services.db.$transaction(async (tx) => {
    const changed = await tx.booking.updateMany({
      where: { id: before.id, updatedAt: before.updatedAt },
      data: delivery
        ? { deliveryCoordinates: data.coordinates, deliveryVerified: true, ...(location ? { deliveryLocation: location } : {}) }
        : { returnCoordinates: data.coordinates, returnVerified: true, ...(location ? { returnLocation: location } : {}) },
    });
    if (changed.count !== 1) throw conflict("This booking changed meanwhile. Please reload and try again.");
    const after = await findEntry(tx, before.id);
    await recordAudit(tx, actor, {
      action: "booking.set_location",
      entity: "booking",
      entityId: before.id,
      before: locationView(before),
      after: locationView(after),
    });
    return after;
  });
  return row;
}

/**
 * What an API key needs for assignableVehicles: the answer is admin vehicle rows (vehicles:read)
 * chosen by a booking's category, transmission and period, and which cars are free then
 * (bookings:read). vehicles:read alone must not reveal booking availability.
 */
export const ASSIGNABLE_VEHICLES_PERMISSIONS = ["bookings:read", "vehicles:read"] as const satisfies readonly ApiKeyPermission[];

/**
 * Vehicles that could be assigned to a booking: available, of its category and transmission, and
 * free for its period. For the assignment picker (admins, or a key with ASSIGNABLE_VEHICLES_PERMISSIONS).
 */
export async function assignableVehicles(services: Services, viewer: Viewer, id: unknown) {
  requireAdminOrKey(viewer, ASSIGNABLE_VEHICLES_PERMISSIONS);
  const booking = await findEntry(services.db, idOf(id));
  return services.db.vehicle.findMany({
    where: {
      ...RENTAL_FLEET,
      ...TAKES_BOOKINGS,
      category: booking.category,
      transmission: booking.transmission,
      bookings: { none: { id: { not: booking.id }, ...blockingBookingsWhere({ pickup: booking.pickupDate, returnAt: booking.returnDate }) } },
    },
    include: VEHICLE_PHOTOS,
    orderBy: [{ make: "asc" }, { model: "asc" }, { registrationNumber: "asc" }],
    take: 100,
  });
}
