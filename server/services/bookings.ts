// Customer bookings: create, list one's own, read one, cancel.
//
// The server owns every rule (DESIGN 4): it recomputes duration and total with the domain's
// bookingQuote and REFUSES a request whose totalAmount or duration differs (400 "The price has
// changed: ..."), so a tampered or stale client figure is visible instead of silently replaced;
// both fields may be left out, and only the server's figures are ever stored.
//
// No double bookings: creating a booking runs under the vehicle's lock (server/db/vehicle-lock.ts),
// like everything else that creates or moves a booking onto a vehicle. The emails are in
// ../emails/booking.tsx.
//
// Idempotent creates: the app sends a key made once per draft (REST `Idempotency-Key` header,
// GraphQL `idempotencyKey`). The booking stores it (unique per customer) with a digest of what
// was asked, and a create repeated with the key (its first answer lost on a poor connection)
// answers the booking the key made: no second booking, email or invoice, not counted against the
// booking rate limit. The same key asking for something else is a 422. It costs no statement of
// its own: the key is looked up in the customer's row read (a repeat that comes after the first
// committed) and, under the locks, in the clash and limits reads (repeats that race the first).

import type { Booking, User, Vehicle, VehicleImage } from "../../prisma/generated/sqlite/client";
import { Decimal, empty, type Prisma, sql } from "../db";
import {
  BOOKING_PERIOD_MESSAGES,
  bookingCreateSchema,
  bookingPeriodProblem,
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeySchema,
  compareForCustomer,
  bookingQuote,
  bookingQuoteSchema,
  categoryLabel,
  customerCancelBlockedReason,
  formatRandCents,
  isPointServed,
  isRentalFleetVehicle,
  BLOCKING_BOOKING_STATUSES,
  bookingLimitProblem,
  customerBookingLimits,
  rentalTooLong,
  type HeldBookings,
  isTypedAddressStandIn,
  parseCoordinates,
  parseMoneyToCents,
  validateServiceAreaPolygon,
  type BookingCreateData,
  type BookingLimits,
  type BookingQuote,
  type PolygonGeometry,
} from "#domain";
import { AppError, accountLimitError, badInput, conflict, forbidden, notFound, unauthenticated, VEHICLE_TAKEN_MESSAGE } from "../errors";
import { type LockOptions, retryTransient, VEHICLE_BUSY_MESSAGE, withVehicleLockDirect } from "../db/vehicle-lock";
import { queryRows, type RawTx } from "../db/direct";
import { type BookingColumns, bookingsInShape, keptCarWithPhotos, planFor, readBookingsFrom } from "./booking-reads";
import { remembered } from "../db/changes";
import { timeOrderedId } from "../db/ids";
import type { Services } from "./context";
import { bookingCancellationEmail, bookingConfirmationEmail } from "../emails/booking";
import { followUpBookingChange, writeNewBooking } from "./booking-follow-ups";
import { carFollowsBooking } from "./booking-car";
import { recordStatusChange } from "./booking-history";
import { reminderEmails } from "./reminders";
import { enqueueEmail, nudgeMailer } from "./mail";
import { type BookingAttempt, bookingAttempt } from "./rate-limit";
import { parseInput } from "./validation";
import { activeBookingsSql, blockingBookingsSql, carTakesBookings, clampPage } from "./vehicles";
import { requireCustomer, type Viewer } from "./viewer";

export const BOOKING_MESSAGES = {
  profileIncomplete: "Please complete your profile to make bookings",
  vehicleNotFound: "We couldn't find that vehicle. Please choose another one.",
  vehicleNotAvailable: "This vehicle is not available for booking right now. Please choose another one.",
  vehicleForSale: "This car is for sale, not for rent. Please choose a car from our rental fleet.",
  vehicleMismatch: "The selected vehicle does not match the category and transmission you chose. Please choose a vehicle again.",
  vehicleTaken: VEHICLE_TAKEN_MESSAGE,
  deliveryOutside: "Sorry, we don't deliver there yet: the delivery location is outside our service area",
  returnOutside: "Sorry, we don't collect from there yet: the return location is outside our service area",
  totalNotMoney: "Total amount must be an amount in rand",
  busy: VEHICLE_BUSY_MESSAGE,
  bookingNotFound: "Booking not found",
  changedMeanwhile: "This booking changed while you were cancelling it. Please reload and try again.",
  keyReused: "This request was already used for another booking. Please review your booking and confirm again.",
} as const;

/** "The price has changed: 3 days of Medium cost R1,950. Please review your booking and confirm again." */
export function priceChangedMessage(category: string, quote: BookingQuote): string {
  const days = `${quote.days} ${quote.days === 1 ? "day" : "days"}`;
  return `The price has changed: ${days} of ${categoryLabel(category)} cost ${formatRandCents(quote.totalCents)}. Please review your booking and confirm again.`;
}

/** A booking with its vehicle (and the vehicle's photos): what REST answers and emails describe. */
const withVehicle = { include: { vehicle: { include: { images: { orderBy: { position: "asc" } } } } } } satisfies { include: Prisma.BookingInclude };
export type BookingWithVehicle = Booking & { vehicle: (Vehicle & { images: VehicleImage[] }) | null };
/**
 * What REST writes of a customer's booking: the booking, its car and the urls of the car's photos
 * in display order. A list reads only the urls (on PostgreSQL an array of text rather than an
 * object with its instant formatted for each photo).
 */
const withVehiclePhotoUrls = {
  include: { vehicle: { include: { images: { select: { url: true }, orderBy: { position: "asc" } } } } },
} satisfies { include: Prisma.BookingInclude };
export type BookingWithPhotoUrls = Booking & { vehicle: (Vehicle & { images: { url: string }[] }) | null };
/** A Prisma selection of bookings: GraphQL passes the one its query asks for. */
export type BookingShape = { include?: Prisma.BookingInclude; select?: Prisma.BookingSelect };

/** Customer pages: GraphQL myBookings takes at most 100 a page (default 20); REST lists up to 1000. */
export const MAX_BOOKING_PAGE_SIZE = 100;
export const DEFAULT_BOOKING_PAGE_SIZE = 20;
export const REST_BOOKING_LIST_LIMIT = 1000;

// Rules before the lock --------------------------------------------------------------------

/**
 * Whether a period may be booked, before anything about the car or the places: not longer than this
 * customer may book online (their own longest rental over the operator's), then the domain's period
 * rules (bookingPeriodProblem: a valid instant, pickup not passed, return after pickup, within the
 * booking horizon, not too long). A booking and its quote both ask here, so a quote is refused
 * exactly where the booking would be, in the same words.
 */
function checkBookablePeriod(limits: Pick<BookingLimits, "maxDays">, period: { pickupDate: Date; returnDate: Date }, now: Date): void {
  const tooLong = rentalTooLong(limits, period);
  if (tooLong) throw accountLimitError("BAD_USER_INPUT", tooLong, "rental_too_long", { returnDate: tooLong });
  const problem = bookingPeriodProblem(period.pickupDate, period.returnDate, now);
  if (!problem) return;
  const message = BOOKING_PERIOD_MESSAGES[problem];
  const field = problem === "pickup_in_past" || problem === "too_far_ahead" ? "pickupDate" : "returnDate";
  throw badInput(message, { [field]: message });
}

/** The client's totalAmount and duration, when sent, must equal the server's (see the file comment). */
export function checkClientFigures(data: Pick<BookingCreateData, "category" | "totalAmount" | "duration">, quote: BookingQuote): void {
  const problems: Record<string, string> = {};
  let clientCents: number | undefined;
  if (data.totalAmount !== undefined) {
    try {
      clientCents = parseMoneyToCents(data.totalAmount);
    } catch {
      throw badInput(BOOKING_MESSAGES.totalNotMoney, { totalAmount: BOOKING_MESSAGES.totalNotMoney });
    }
  }
  const message = priceChangedMessage(data.category, quote);
  if (clientCents !== undefined && clientCents !== quote.totalCents) problems.totalAmount = message;
  if (data.duration !== undefined && data.duration !== quote.days) problems.duration = message;
  if (Object.keys(problems).length > 0) throw badInput(message, problems);
}

/**
 * The polygons of the active service areas (stored ones that are not valid GeoJSON are skipped, and
 * logged), kept until an area is written: every booking and change reads them.
 */
function activeServiceAreas(services: Services): Promise<{ count: number; polygons: PolygonGeometry[] }> {
  return remembered(services.db, ACTIVE_SERVICE_AREAS, "active", async () => {
    const rows = await services.db.serviceArea.findMany({ where: { isActive: true }, select: { id: true, polygon: true } });
    const polygons: PolygonGeometry[] = [];
    for (const row of rows) {
      const checked = validateServiceAreaPolygon(row.polygon);
      if (checked.ok) polygons.push(checked.polygon);
      else services.log.warn(`service area ${row.id} is skipped: ${checked.message}`);
    }
    return { count: rows.length, polygons };
  });
}
const ACTIVE_SERVICE_AREAS = { name: "activeServiceAreas", tags: ["serviceAreas"], maxRows: 1 } as const;

/**
 * Whether a real point lies in an active service area (true when no area is active: then the
 * business serves everywhere). Active areas that are all unusable serve nothing (rather than everything).
 */
export async function isServedPoint(services: Services, coordinates: string): Promise<boolean> {
  const areas = await activeServiceAreas(services);
  if (areas.count === 0) return true;
  const point = parseCoordinates(coordinates);
  return point !== null && !isTypedAddressStandIn(coordinates) && areas.polygons.length > 0 && isPointServed(point, areas.polygons);
}

/**
 * Where active service areas exist, both points must lie in one of them. An unverified point (a
 * typed address the geocoder could not place, stored at the stand-in coordinate) is not checked:
 * it says nothing about where the place is, so it never passes as inside an area, and the booking
 * is marked unverified for an admin to call and set the real point.
 */
async function checkServiceAreas(services: Services, data: BookingCreateData): Promise<void> {
  const areas = await activeServiceAreas(services);
  if (areas.count === 0) return;
  const served = (text: string) => {
    const point = parseCoordinates(text);
    return point !== null && areas.polygons.length > 0 && isPointServed(point, areas.polygons);
  };
  const problems: Record<string, string> = {};
  if (!isTypedAddressStandIn(data.deliveryCoordinates) && !served(data.deliveryCoordinates)) problems.deliveryCoordinates = BOOKING_MESSAGES.deliveryOutside;
  if (!isTypedAddressStandIn(data.returnCoordinates) && !served(data.returnCoordinates)) problems.returnCoordinates = BOOKING_MESSAGES.returnOutside;
  const first = problems.deliveryCoordinates ?? problems.returnCoordinates;
  if (first) throw badInput(first, problems);
}

/** As checkServiceAreas, for the points a change moves (null: that point stays where it was). */
export async function checkChangedServiceAreas(
  services: Services,
  moved: { deliveryCoordinates: string | null; returnCoordinates: string | null },
): Promise<void> {
  if (moved.deliveryCoordinates === null && moved.returnCoordinates === null) return;
  const areas = await activeServiceAreas(services);
  if (areas.count === 0) return;
  const outside = (text: string | null) => {
    if (text === null || isTypedAddressStandIn(text)) return false;
    const point = parseCoordinates(text);
    return point === null || areas.polygons.length === 0 || !isPointServed(point, areas.polygons);
  };
  const problems: Record<string, string> = {};
  if (outside(moved.deliveryCoordinates)) problems.deliveryCoordinates = BOOKING_MESSAGES.deliveryOutside;
  if (outside(moved.returnCoordinates)) problems.returnCoordinates = BOOKING_MESSAGES.returnOutside;
  const first = problems.deliveryCoordinates ?? problems.returnCoordinates;
  if (first) throw badInput(first, problems);
}

// Operations --------------------------------------------------------------------------------

export type CreateBookingOptions = LockOptions & {
  now?: Date;
  /** The create's idempotency key as sent (validated here: 400 for a bad one); absent or null: none. */
  idempotencyKey?: unknown;
};

/** A create's idempotency key, checked (400 for a bad one), or null when none was sent. */
export function idempotencyKeyOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw badInput(IDEMPOTENCY_KEY_MESSAGE, { idempotencyKey: IDEMPOTENCY_KEY_MESSAGE });
  return parsed.data;
}

/**
 * A digest of what a create asks for, stored with its key: a repeat with the key must ask for the
 * same car, category, transmission, instants, places and requests. (The client's figures are left
 * out: they follow from these, and are checked against the server's on a create.)
 */
export function bookingRequestDigest(data: BookingCreateData): string {
  const asked = [
    data.category,
    data.transmission,
    data.vehicleId,
    data.pickupDate.getTime(),
    data.returnDate.getTime(),
    data.deliveryLocation,
    data.deliveryCoordinates,
    data.returnLocation,
    data.returnCoordinates,
    data.specialRequests ?? null,
  ];
  return new Bun.CryptoHasher("sha256").update(JSON.stringify(asked)).digest("base64url");
}

/** The customer's booking made with a key (its id, and the digest of what that create asked). */
type KeyedBooking = { id: string; request: string | null };

/**
 * Extra columns for a statement that already reads the customer's data: the booking `key` made, as
 * two scalar probes of the customer's unique index of keys ("keyedId", "keyedRequest"; the read
 * took SQLite 4.5 µs so, against 15-18 µs as a LEFT JOIN of bookings, on 20,000 bookings). None without a key.
 */
function keyedBookingColumns(userId: string, key: string | null | undefined): Prisma.Sql {
  if (!key) return empty;
  const keyed = sql`bookings WHERE "userId" = ${userId} AND "idempotencyKey" = ${key}`;
  return sql`, (SELECT id FROM ${keyed}) AS "keyedId", (SELECT "idempotencyRequest" FROM ${keyed}) AS "keyedRequest"`;
}

/** The booking a statement with keyedBookingColumns found, or null. */
const keyedFrom = (row: { keyedId?: string | null; keyedRequest?: string | null } | undefined): KeyedBooking | null =>
  row?.keyedId ? { id: row.keyedId, request: row.keyedRequest ?? null } : null;

/**
 * What the booking limits look at of a customer's active bookings (besides `exceptBookingId`, the
 * one being changed), in one statement from the index on (userId, status, returnDate, pickupDate)
 * alone: how many, counted up to `countUpTo` (an account with thousands of bookings costs no more
 * than its limit), and whether one overlaps `period`. Run under the customer's lock.
 */
export async function heldBookings(
  tx: RawTx,
  userId: string,
  period: { pickupDate: Date; returnDate: Date },
  /** `idempotencyKey`: also which booking of the customer (if any) that key made, from the same statement. */
  options: { now: Date; countUpTo: number; exceptBookingId?: string; idempotencyKey?: string | null },
): Promise<HeldBookings & { keyed: KeyedBooking | null }> {
  const active = sql`"userId" = ${userId} AND ${activeBookingsSql(options.now)}${options.exceptBookingId ? sql` AND id <> ${options.exceptBookingId}` : empty}`;
  const overlapping = blockingBookingsSql({ pickup: period.pickupDate, returnAt: period.returnDate });
  const [row] = await tx.$queryRaw<{ active: number | bigint; overlapping: number | bigint; keyedId?: string | null; keyedRequest?: string | null }[]>`
    SELECT
      (SELECT count(*) FROM (SELECT 1 FROM bookings WHERE ${active} LIMIT ${Math.max(0, Math.min(options.countUpTo, 1_000_000))}) AS counted) AS active,
      (SELECT count(*) FROM (SELECT 1 FROM bookings WHERE ${active} AND ${overlapping} LIMIT 1) AS clash) AS overlapping${keyedBookingColumns(userId, options.idempotencyKey)}`;
  return { active: Number(row?.active ?? 0), overlapping: Number(row?.overlapping ?? 0) > 0, keyed: keyedFrom(row) };
}

/** Whether the customer has any booking that was not cancelled (a first booking may need approval). */
async function hasBooked(tx: RawTx, userId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE "userId" = ${userId} AND status <> 'cancelled' LIMIT 1`;
  return rows.length > 0;
}

/**
 * A new booking's row as made, as an INSERT (no RETURNING; nothing is read back): every column, in
 * the formats Prisma writes (the adapter converts dates, decimals and flags as it does for Prisma;
 * booking-rows.test.ts compares the stored row with one Prisma wrote).
 */
function insertBooking(b: Booking): Prisma.Sql {
  return sql`
    INSERT INTO bookings ("id", "userId", "vehicleId", "category", "transmission", "pickupDate", "returnDate", "deliveryLocation",
      "deliveryCoordinates", "deliveryVerified", "returnLocation", "returnCoordinates", "returnVerified", "totalAmount", "duration",
      "status", "specialRequests", "calendarSequence", "idempotencyKey", "idempotencyRequest", "createdAt", "updatedAt")
    VALUES (${b.id}, ${b.userId}, ${b.vehicleId}, ${b.category}, ${b.transmission}, ${b.pickupDate}, ${b.returnDate}, ${b.deliveryLocation},
      ${b.deliveryCoordinates}, ${b.deliveryVerified}, ${b.returnLocation}, ${b.returnCoordinates}, ${b.returnVerified}, ${b.totalAmount}, ${b.duration},
      ${b.status}, ${b.specialRequests}, ${b.calendarSequence}, ${b.idempotencyKey}, ${b.idempotencyRequest}, ${b.createdAt}, ${b.updatedAt})`;
}

/** What a booking reads of its customer (a session's viewer carries only the id). */
type BookingCustomer = Pick<
  User,
  "name" | "email" | "address" | "city" | "postalCode" | "profileCompleted" | "maxActiveBookings" | "maxRentalDays" | "allowOverlappingBookings"
>;

/**
 * Books a vehicle for the signed-in customer (SPEC 4, DESIGN 4): a completed profile; valid input;
 * pickup not in the past and return after it; the client's figures equal the server's; both
 * points inside an active service area (when any exist); and, under the vehicle's lock, the
 * vehicle exists, is available, matches the category and transmission, and is free for the whole
 * period. Stores the server's duration and total with status confirmed, and the confirmation
 * email in the same transaction. With `options.idempotencyKey`, a repeat answers the booking the
 * key made (see the file comment): use `createOrReplayBooking` to know which it was.
 */
export async function createBooking(services: Services, viewer: Viewer, input: unknown, options: CreateBookingOptions = {}): Promise<BookingWithVehicle> {
  return (await createOrReplayBooking(services, viewer, input, options)).booking;
}

/** `createBooking`, saying whether the booking was made now or answered for a repeated key (`replayed`). */
export async function createOrReplayBooking(
  services: Services,
  viewer: Viewer,
  input: unknown,
  options: CreateBookingOptions = {},
): Promise<{ booking: BookingWithVehicle; replayed: boolean }> {
  const customer = requireCustomer(viewer);
  const key = idempotencyKeyOf(options.idempotencyKey);
  // Every attempt counts towards the booking rate limits (rate-limit.ts bookingAttempt): one at its
  // limit is refused here; a booking made is counted in its own transaction; any other attempt is
  // counted apart when it fails. A repeat of a key's create is no attempt: it is answered before.
  const attempt = bookingAttempt(services, customer.userId, customer.clientAddress);
  // With a key, the booking it made (if any) in the same statement.
  const [user] = await queryRows<BookingCustomer & { atRateLimit: unknown; keyedId?: string | null; keyedRequest?: string | null }>(
    services.db,
    sql`SELECT name, email, address, city, "postalCode", "profileCompleted", "maxActiveBookings", "maxRentalDays", "allowOverlappingBookings",
        ${attempt.atLimit} AS "atRateLimit"${keyedBookingColumns(customer.userId, key)}
      FROM users WHERE id = ${customer.userId}`,
  );
  if (!user) throw unauthenticated("Your session has expired. Please sign in again.");
  if (!user.profileCompleted) throw forbidden(BOOKING_MESSAGES.profileIncomplete);
  // The key made a booking already (its answer was lost): that booking, or 422 for another request.
  const keyed = keyedFrom(user);
  if (keyed) return replayed(services, viewer, keyed, parseInput(bookingCreateSchema, input));
  // The counter is a write too: a database kept busy by other writers is retried like the vehicle
  // lock, then "busy, try again".
  const counted = await retryTransient(() => attempt.check(user.atRateLimit));
  let outcome: BookingWithVehicle | Replay;
  try {
    outcome = await book(services, customer, user, input, key, options, counted ? null : attempt);
  } catch (error) {
    // A net under the checks in the transaction: the database refused a second booking with the key.
    const made = key && isIdempotencyKeyViolation(error) ? await keyedBooking(services, customer.userId, key) : null;
    if (made) return replayed(services, viewer, made, parseInput(bookingCreateSchema, input));
    if (!counted) await retryTransient(() => attempt.apart());
    throw error;
  }
  if (outcome instanceof Replay) return replayed(services, viewer, outcome.keyed, outcome.data);
  await attempt.afterCommit();
  return { booking: outcome, replayed: false };
}

/** What `book` answers when, under the locks, it finds the booking its key made (a repeat racing the first). */
class Replay {
  constructor(
    readonly keyed: KeyedBooking,
    readonly data: BookingCreateData,
  ) {}
}

/** The answer to a repeat of the create that made `keyed`: that booking, when it asks for the same; else 422. */
async function replayed(
  services: Services,
  viewer: Viewer,
  keyed: KeyedBooking,
  data: BookingCreateData,
): Promise<{ booking: BookingWithVehicle; replayed: true }> {
  if (keyed.request !== bookingRequestDigest(data)) {
    throw new AppError("UNPROCESSABLE_CONTENT", BOOKING_MESSAGES.keyReused, { idempotencyKey: BOOKING_MESSAGES.keyReused });
  }
  return { booking: await getMyBooking(services, viewer, keyed.id), replayed: true };
}

/** The customer's booking made with `key`, read now (null: none). */
async function keyedBooking(services: Services, userId: string, key: string): Promise<KeyedBooking | null> {
  const [row] = await queryRows<{ id: string; idempotencyRequest: string | null }>(
    services.db,
    sql`SELECT id, "idempotencyRequest" FROM bookings WHERE "userId" = ${userId} AND "idempotencyKey" = ${key}`,
  );
  return row ? { id: row.id, request: row.idempotencyRequest } : null;
}

/** The unique index of a customer's keys refused a write (either database; through Prisma and its adapters). */
function isIdempotencyKeyViolation(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 6 || error instanceof AppError) return false;
  const e = error as { message?: unknown; originalMessage?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const text of [e.message, e.originalMessage]) {
    if (typeof text === "string" && /bookings_userId_idempotencyKey_key|bookings\.idempotencyKey/.test(text)) return true;
  }
  return isIdempotencyKeyViolation(e.cause, depth + 1) || isIdempotencyKeyViolation(e.meta?.driverAdapterError, depth + 1);
}

/**
 * createBooking's checks and transaction, its attempt counted in the transaction unless `attempt`
 * is null. With a key, a booking the key made (seen under the locks) ends it with a Replay and no write.
 */
async function book(
  services: Services,
  customer: ReturnType<typeof requireCustomer>,
  user: BookingCustomer,
  input: unknown,
  key: string | null,
  options: CreateBookingOptions,
  attempt: BookingAttempt | null,
): Promise<BookingWithVehicle | Replay> {
  const limits = customerBookingLimits(services.config.bookingLimits, user);

  const data = parseInput(bookingCreateSchema, input);
  checkBookablePeriod(limits, data, options.now ?? new Date());
  const quote = bookingQuote(data.category, data.pickupDate, data.returnDate);
  checkClientFigures(data, quote);
  await checkServiceAreas(services, data);

  // The row and its emails are made before the car's lock is taken: on SQLite the lock is the
  // database's one writer, so what runs inside it is what limits bookings a second. The car, with
  // its photos, is read here for the emails and the answer; whether it can be booked is decided
  // under the lock.
  const car = await keptCarWithPhotos(services, data.vehicleId);
  if (!car) throw notFound(BOOKING_MESSAGES.vehicleNotFound);
  const madeAt = new Date();
  const row: Booking = {
    id: timeOrderedId(),
    userId: customer.userId,
    vehicleId: data.vehicleId,
    category: data.category,
    transmission: data.transmission,
    pickupDate: data.pickupDate,
    returnDate: data.returnDate,
    deliveryLocation: data.deliveryLocation,
    deliveryCoordinates: data.deliveryCoordinates,
    deliveryVerified: !isTypedAddressStandIn(data.deliveryCoordinates),
    returnLocation: data.returnLocation,
    returnCoordinates: data.returnCoordinates,
    returnVerified: !isTypedAddressStandIn(data.returnCoordinates),
    totalAmount: new Decimal(quote.total),
    duration: quote.days,
    status: "confirmed",
    specialRequests: data.specialRequests ?? null,
    calendarSequence: 0,
    idempotencyKey: key,
    idempotencyRequest: key ? bookingRequestDigest(data) : null,
    createdAt: madeAt,
    updatedAt: madeAt,
  };
  const customerRow = { name: user.name, email: user.email, address: user.address, city: user.city, postalCode: user.postalCode };
  /** The confirmation and reminders of the row with `status`; their HTML is rendered by the mailer (../emails/deferred.ts). */
  const emailsFor = (status: Booking["status"]) => {
    const booking = { ...row, status };
    return [
      bookingConfirmationEmail(user, { ...booking, vehicle: car }, services.config, { deferHtml: true }),
      ...reminderEmails(services.config, { ...booking, user: customerRow }, madeAt, { deferHtml: true }),
    ];
  };
  // A first booking may wait for approval (BOOKING_FIRST_NEEDS_APPROVAL), known only under the lock.
  const confirmedEmails = emailsFor("confirmed");

  // Every statement under the lock is SQL, sent to the driver directly (../db/direct.ts): Prisma's
  // client cost more per statement than the statements, and on SQLite the lock is the one writer.
  const booking = await withVehicleLockDirect(
    services,
    data.vehicleId,
    ["bookings"],
    async (tx, vehicle): Promise<Booking | Replay> => {
      if (!vehicle) throw notFound(BOOKING_MESSAGES.vehicleNotFound);
      if (!isRentalFleetVehicle(vehicle)) throw conflict(BOOKING_MESSAGES.vehicleForSale);
      if (!(await carTakesBookings(tx, { id: data.vehicleId, status: vehicle.status }))) throw conflict(BOOKING_MESSAGES.vehicleNotAvailable);
      if (vehicle.category !== data.category || vehicle.transmission !== data.transmission) {
        throw badInput(BOOKING_MESSAGES.vehicleMismatch, { vehicleId: BOOKING_MESSAGES.vehicleMismatch });
      }
      const [clash] = await tx.$queryRaw<{ id: string; userId?: string; idempotencyKey?: string | null; idempotencyRequest?: string | null }[]>`
        SELECT id${key ? sql`, "userId", "idempotencyKey", "idempotencyRequest"` : empty}
        FROM bookings WHERE "vehicleId" = ${data.vehicleId} AND ${blockingBookingsSql({ pickup: data.pickupDate, returnAt: data.returnDate })} LIMIT 1`;
      if (clash) {
        // A repeat racing the first (which it waited for at the car's lock): the car is its own.
        // (A booking overlapping the repeat's period overlaps the first's, so it is the clash.)
        if (key && clash.userId === customer.userId && clash.idempotencyKey === key) {
          return new Replay({ id: clash.id, request: clash.idempotencyRequest ?? null }, data);
        }
        throw conflict(BOOKING_MESSAGES.vehicleTaken);
      }
      // The customer's own limits, under a lock on the customer too (vehicle first, then customer,
      // on every path), so parallel requests from one account cannot pass them together.
      if (services.provider === "postgresql") await tx.$queryRaw`SELECT id FROM users WHERE id = ${customer.userId} FOR UPDATE`;
      const held = await heldBookings(tx, customer.userId, data, { now: options.now ?? new Date(), countUpTo: limits.maxActive, idempotencyKey: key });
      // The key made a booking meanwhile (of another car or period, or one since cancelled): answered, nothing written.
      if (held.keyed) return new Replay(held.keyed, data);
      const problem = bookingLimitProblem(limits, held, data);
      if (problem)
        throw accountLimitError(
          "CONFLICT",
          problem.message,
          problem.kind === "overlap" ? "overlapping_booking" : problem.kind === "too_many" ? "active_bookings" : "rental_too_long",
        );
      const needsApproval = services.config.firstBookingNeedsApproval && !(await hasBooked(tx, customer.userId));
      const status: Booking["status"] = needsApproval ? "pending" : "confirmed";
      const counts = await writeNewBooking(
        tx,
        services.config,
        insertBooking({ ...row, status }),
        { ...row, status, user: customerRow, handovers: [] },
        needsApproval ? emailsFor(status) : confirmedEmails,
        attempt,
      );
      // Past a rate limit (attempts racing past its check): 429, and nothing of this commits.
      attempt?.refuseOver(counts);
      return { ...row, status };
    },
    options,
  );
  // A Replay wrote nothing; it committed (on SQLite once the group it joined did), so the booking it names can be read.
  if (booking instanceof Replay) return booking;
  nudgeMailer(services);
  // As written, with the car read before the lock (nothing is read back).
  return { ...booking, vehicle: car };
}

/** What the customer's order (domain compareForCustomer) reads of each booking. */
const CUSTOMER_ORDER_COLUMNS = ["id", "status", "pickupDate", "returnDate"];

/**
 * The signed-in customer's bookings in the customer's order (the domain's compareForCustomer): the
 * trip under way, the coming trips (soonest first), then the past ones (most recent first). The
 * open ones are few (the per-customer limit) and are sorted here; the past ones come from the
 * database in their order.
 * `shape` lets GraphQL load exactly the relations asked for.
 */
export async function listMyBookings<S extends BookingShape = typeof withVehicle>(
  services: Services,
  viewer: Viewer,
  page: { limit?: number; offset?: number; max?: number } = {},
  shape: S = withVehicle as S,
  columns?: BookingColumns,
): Promise<Prisma.BookingGetPayload<S>[]> {
  const customer = requireCustomer(viewer);
  const { take, skip } = clampPage(page.limit, page.offset, page.max ?? MAX_BOOKING_PAGE_SIZE, DEFAULT_BOOKING_PAGE_SIZE);
  const now = new Date();
  const open = activeBookingsSql(now);
  // Only PostgreSQL's first page asks: on SQLite, bookingsInShape below works out the plan itself.
  const plan = services.provider === "postgresql" && skip === 0 ? planFor(shape) : null;
  if (plan) {
    // PostgreSQL, the first page (the app's lists, REST's whole list) in a shape read on the driver:
    // the open bookings and the first `take` past ones in one statement, whole rows from the
    // customer's index (reading their ids first, then each row by its key, cost PostgreSQL a third
    // more), ordered here by the domain's rule. It holds the page: the open ones come first, then
    // the past ones in the order the statement takes them. One round trip instead of three
    // (`bench/layers.ts`: myBookings 711-845 -> 607-729 µs). SQLite answers the three below sooner
    // than this one (22 against 29 µs: it builds the compound's rows into a temporary table first).
    const rows = (await readBookingsFrom(
      services,
      sql`(SELECT * FROM bookings WHERE "userId" = ${customer.userId} AND ${open}
        UNION ALL (SELECT * FROM bookings WHERE "userId" = ${customer.userId} AND NOT (${open})
          ORDER BY "pickupDate" DESC, id ASC LIMIT ${take})) b`,
      plan,
      columns,
      CUSTOMER_ORDER_COLUMNS,
    )) as unknown as (Prisma.BookingGetPayload<S> & { id: string; status: string; pickupDate: Date; returnDate: Date })[];
    return rows.sort((a, b) => compareForCustomer(a, b, now)).slice(0, take);
  }
  // Otherwise the page's ids first, on the driver (../db/direct.ts), then the rows in the caller's shape
  // (./booking-reads.ts, on the driver too for the shapes the lists ask for): the same statements
  // whatever the page size. The open bookings (few: the per-customer limit)
  // all, sorted here by the domain's rule; then the past ones in their order, from where the page
  // starts past the open ones. (One UNION of both cost PostgreSQL more to plan than two statements.)
  const current = await queryRows<{ id: string; status: string; pickupDate: Date; returnDate: Date }>(
    services.db,
    sql`SELECT id, status, "pickupDate", "returnDate" FROM bookings WHERE "userId" = ${customer.userId} AND ${open}`,
  );
  current.sort((a, b) => compareForCustomer(a, b, now));
  const fromCurrent = current.slice(skip, skip + take).map((b) => b.id);
  const fromPast = await queryRows<{ id: string }>(
    services.db,
    sql`SELECT id FROM bookings WHERE "userId" = ${customer.userId} AND NOT (${open})
      ORDER BY "pickupDate" DESC, id ASC
      LIMIT ${Math.max(1, take - fromCurrent.length)} OFFSET ${Math.max(0, skip - current.length)}`,
  );
  const ids = [...fromCurrent, ...fromPast.slice(0, take - fromCurrent.length).map((b) => b.id)];
  const rows = await bookingsInShape(services, ids, shape, columns);
  // Every shape keeps the id (Pothos always selects a model's id), which orders the page.
  const position = new Map(ids.map((id, index) => [id, index]));
  const at = (row: Prisma.BookingGetPayload<S>) => position.get((row as { id: string }).id) ?? 0;
  return rows.sort((a, b) => at(a) - at(b));
}

/** REST GET /api/bookings: all of the customer's bookings (up to REST_BOOKING_LIST_LIMIT), in the customer's order. */
export function listAllMyBookings(services: Services, viewer: Viewer): Promise<BookingWithPhotoUrls[]> {
  return listMyBookings(services, viewer, { limit: REST_BOOKING_LIST_LIMIT, max: REST_BOOKING_LIST_LIMIT }, withVehiclePhotoUrls);
}

/** REST GET /api/bookings/:id: as `getMyBooking`, in the shape REST writes. */
export function getMyBookingForRest(services: Services, viewer: Viewer, id: unknown): Promise<BookingWithPhotoUrls> {
  return getMyBooking(services, viewer, id, withVehiclePhotoUrls);
}

/** One of the customer's own bookings; another customer's (or an unknown id) is 404, never a hint that it exists. */
export async function getMyBooking<S extends BookingShape = typeof withVehicle>(
  services: Services,
  viewer: Viewer,
  id: unknown,
  shape: S = withVehicle as S,
): Promise<Prisma.BookingGetPayload<S>> {
  const customer = requireCustomer(viewer);
  const bookingId = typeof id === "string" ? id.trim() : "";
  const booking = bookingId ? await services.db.booking.findFirst({ ...shape, where: { id: bookingId, userId: customer.userId } }) : null;
  if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  return booking as Prisma.BookingGetPayload<S>;
}

/**
 * Whether the booking's status is the customer's own cancellation: the last status a person set
 * (its history row) is this customer's "cancelled". An admin's cancellation is not the customer's.
 */
async function cancelledByCustomer(services: Services, bookingId: string, userId: string): Promise<boolean> {
  const last = await services.db.bookingChange.findFirst({
    where: { bookingId, kind: "status" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { actorType: true, actorId: true, toStatus: true },
  });
  return last?.toStatus === "cancelled" && last.actorType === "customer" && last.actorId === userId;
}

/**
 * The signed-in customer's booking made with idempotency key `key`, or null when none was (a
 * create sent with it never arrived, or failed). The app asks after a reload that lost the
 * answer to its create: the car it sees taken may be taken by this booking. A bad key: 400.
 */
export async function findMyBookingByIdempotencyKey<S extends BookingShape = typeof withVehicle>(
  services: Services,
  viewer: Viewer,
  key: unknown,
  shape: S = withVehicle as S,
): Promise<Prisma.BookingGetPayload<S> | null> {
  const customer = requireCustomer(viewer);
  const idempotencyKey = idempotencyKeyOf(key);
  if (idempotencyKey === null) throw badInput(IDEMPOTENCY_KEY_MESSAGE, { idempotencyKey: IDEMPOTENCY_KEY_MESSAGE });
  const booking = await services.db.booking.findFirst({ ...shape, where: { userId: customer.userId, idempotencyKey } });
  return booking as Prisma.BookingGetPayload<S> | null;
}

/**
 * Cancels one of the customer's own bookings: not when completed or already cancelled, and only up
 * to 24 hours before pickup (409 with the reason). The status is changed only if nobody changed it
 * meanwhile; a cancellation email goes out through the outbox in the same transaction.
 *
 * Cancelling again a booking this customer cancelled (a phone that lost the first answer and asks
 * again, a second tab, two taps at once) answers the cancelled booking, as the first time, and
 * writes nothing more: no second email, credit note or history row. A booking an admin cancelled
 * is still "already cancelled" (409): the customer did not cancel it.
 */
export async function cancelBooking(services: Services, viewer: Viewer, id: unknown, options: { now?: Date } = {}): Promise<BookingWithVehicle> {
  const customer = requireCustomer(viewer);
  const booking = await getMyBooking(services, viewer, id);
  if (booking.status === "cancelled" && (await cancelledByCustomer(services, booking.id, customer.userId))) return booking;
  const reason = customerCancelBlockedReason(booking.pickupDate, booking.status, options.now ?? new Date());
  if (reason) throw conflict(reason);
  const user = await services.db.user.findUniqueOrThrow({ where: { id: customer.userId }, select: { name: true, email: true } });
  const updated = await services.db.$transaction(
    async (tx) => {
      const changed = await tx.booking.updateMany({
        where: { id: booking.id, userId: customer.userId, status: booking.status },
        data: { status: "cancelled", calendarSequence: { increment: 1 } },
      });
      if (changed.count !== 1) return null;
      // A trip already on the road (delivered early) gives its car back to the fleet.
      const car = await carFollowsBooking(tx, booking, booking.status, "cancelled");
      await recordStatusChange(tx, booking, "cancelled", customer, car);
      await followUpBookingChange(tx, services.config, booking.id, "cancelled");
      const row = await tx.booking.findUniqueOrThrow({ where: { id: booking.id }, ...withVehicle });
      await enqueueEmail(tx, bookingCancellationEmail(user, row, services.config, { by: "customer", wasPending: booking.status === "pending" }));
      return row;
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
  if (!updated) {
    // Someone (another tab, an admin) changed it first: answer as of its new state.
    const fresh = await getMyBooking(services, viewer, booking.id);
    if (fresh.status === "cancelled" && (await cancelledByCustomer(services, fresh.id, customer.userId))) return fresh;
    throw conflict(customerCancelBlockedReason(fresh.pickupDate, fresh.status, options.now ?? new Date()) ?? BOOKING_MESSAGES.changedMeanwhile);
  }
  nudgeMailer(services);
  return updated;
}

/**
 * The server's price for a category and period, for anyone: refused (400) exactly where a booking
 * of that period would be (checkBookablePeriod), so nobody is shown a price they cannot book. A
 * signed-in customer is held to their own longest rental; anyone else to the operator's.
 */
export async function quoteBooking(services: Services, viewer: Viewer, input: unknown, now = new Date()): Promise<BookingQuote> {
  const data = parseInput(bookingQuoteSchema, input);
  checkBookablePeriod(await periodLimitsFor(services, viewer), data, now);
  return bookingQuote(data.category, data.pickupDate, data.returnDate);
}

/** The longest rental `viewer` may book online: a customer's own (an admin's override), else the operator's. */
async function periodLimitsFor(services: Services, viewer: Viewer): Promise<Pick<BookingLimits, "maxDays">> {
  const defaults = services.config.bookingLimits;
  if (viewer.kind !== "customer") return defaults;
  const user = await services.db.user.findUnique({
    where: { id: viewer.userId },
    select: { maxActiveBookings: true, maxRentalDays: true, allowOverlappingBookings: true },
  });
  return user ? customerBookingLimits(defaults, user) : defaults;
}
