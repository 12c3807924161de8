// Customer bookings: create, list one's own, read one, cancel.
//
// The server owns every rule (DESIGN 4): it recomputes duration and total with the domain's
// bookingQuote and REFUSES a request whose totalAmount or duration differs (400 "The price has
// changed: ..."), so a tampered or stale client figure is visible instead of silently replaced;
// both fields may be left out, and only the server's figures are ever stored.
//
// No double bookings, on either database and across server instances: the overlap check and the
// insert run in one transaction that first takes a write lock on the vehicle's row, so two
// requests for one vehicle take turns and the second sees the first's booking.
// - PostgreSQL: `SELECT ... FOR UPDATE` on the vehicle row (READ COMMITTED: every later statement
//   of the transaction sees what the previous lock holder committed), with a lock_timeout.
// - SQLite: the transaction's first statement is a no-op UPDATE of the vehicle row, which takes
//   the database's single write lock at once (as BEGIN IMMEDIATE would), so its reads can never
//   be stale; other processes on the same file wait for it through the busy timeout (10 s, see
//   server/db/index.ts) instead of failing. Inside one process an async queue runs booking
//   transactions one at a time, so they wait here rather than in Prisma's transaction start.
// A lock that cannot be had in time, a deadlock or a serialisation failure is retried twice and
// then answered 503 "busy, try again" (never a 500, never a double booking).
// Anything else that creates or moves a booking onto a vehicle must use `withVehicleLock` too.
import type { Booking, Vehicle, VehicleImage } from "../../prisma/generated/sqlite/client";
import type { Db, Prisma } from "../db";
import {
  BOOKING_PERIOD_MESSAGES,
  bookingCreateSchema,
  bookingNumber,
  bookingPeriodProblem,
  compareForCustomer,
  bookingQuote,
  bookingQuoteSchema,
  categoryLabel,
  CANCELLATION_WINDOW_HOURS,
  customerCancelBlockedReason,
  formatConfirmationDateTime,
  formatRand,
  formatRandCents,
  isPointServed,
  isRentalFleetVehicle,
  BLOCKING_BOOKING_STATUSES,
  bookingLimitProblem,
  customerBookingLimits,
  isTypedAddressStandIn,
  parseCoordinates,
  parseMoneyToCents,
  TRANSMISSION_LABELS,
  UNVERIFIED_LOCATION_NOTE,
  validateServiceAreaPolygon,
  type BookingCreateData,
  type BookingQuote,
  type PolygonGeometry,
} from "../domain";
import { accountLimitError, AppError, badInput, conflict, forbidden, notFound, serviceUnavailable, unauthenticated } from "../errors";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer, type EmailMessage } from "./mail";
import { limitBookingAttempts } from "./rate-limit";
import { parseInput } from "./validation";
import { clampPage, blockingBookingsWhere } from "./vehicles";
import { requireCustomer, type Viewer } from "./viewer";

export const BOOKING_MESSAGES = {
  profileIncomplete: "Please complete your profile to make bookings",
  vehicleNotFound: "We couldn't find that vehicle. Please choose another one.",
  vehicleNotAvailable: "This vehicle is not available for booking right now. Please choose another one.",
  vehicleForSale: "This car is for sale, not for rent. Please choose a car from our rental fleet.",
  vehicleMismatch: "The selected vehicle does not match the category and transmission you chose. Please choose a vehicle again.",
  vehicleTaken: "This vehicle is no longer available for those dates",
  deliveryOutside: "Sorry, we don't deliver there yet: the delivery location is outside our service area",
  returnOutside: "Sorry, we don't collect from there yet: the return location is outside our service area",
  totalNotMoney: "Total amount must be an amount in rand",
  busy: "We're taking a lot of bookings right now. Please try again in a moment.",
  bookingNotFound: "Booking not found",
  changedMeanwhile: "This booking changed while you were cancelling it. Please reload and try again.",
} as const;

/** "The price has changed: 3 days of Medium cost R1,950. Please review your booking and confirm again." */
export function priceChangedMessage(category: string, quote: BookingQuote): string {
  const days = `${quote.days} ${quote.days === 1 ? "day" : "days"}`;
  return `The price has changed: ${days} of ${categoryLabel(category)} cost ${formatRandCents(quote.totalCents)}. Please review your booking and confirm again.`;
}

/** A booking with its vehicle (and the vehicle's photos): what REST answers and emails describe. */
const withVehicle = { include: { vehicle: { include: { images: { orderBy: { position: "asc" } } } } } } satisfies { include: Prisma.BookingInclude };
export type BookingWithVehicle = Booking & { vehicle: (Vehicle & { images: VehicleImage[] }) | null };
type Shape = { include?: Prisma.BookingInclude; select?: Prisma.BookingSelect };

/** Customer pages: GraphQL myBookings takes at most 100 a page (default 20); REST lists up to 1000. */
export const MAX_BOOKING_PAGE_SIZE = 100;
export const DEFAULT_BOOKING_PAGE_SIZE = 20;
export const REST_BOOKING_LIST_LIMIT = 1000;

// Locking ------------------------------------------------------------------------------------

const TRANSIENT_PRISMA_CODES = new Set(["P2034", "P2028", "P1008", "P2024"]);
// SQLite BUSY/LOCKED (and their extended codes); PostgreSQL serialization_failure,
// deadlock_detected, lock_not_available.
const TRANSIENT_DRIVER_CODES = new Set(["5", "6", "261", "262", "517", "SQLITE_BUSY", "SQLITE_LOCKED", "40001", "40P01", "55P03"]);

/** A lock wait that ran out, a deadlock, a serialisation failure or a transaction that timed out: worth retrying. */
export function isTransientDbError(error: unknown): boolean {
  if (typeof error !== "object" || error === null || error instanceof AppError) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
    cause?: { originalCode?: unknown; code?: unknown };
  };
  if (typeof e.code === "string" && TRANSIENT_PRISMA_CODES.has(e.code)) return true;
  const cause = e.meta?.driverAdapterError?.cause ?? e.cause;
  const original = cause?.originalCode ?? cause?.code;
  if (original !== undefined && TRANSIENT_DRIVER_CODES.has(String(original))) return true;
  return /SQLITE_BUSY|database is locked|could not serialize|deadlock detected|lock timeout/i.test(String(e.message ?? ""));
}

// One queue per SQLite database client: booking transactions of this process run one at a time.
const sqliteQueues = new WeakMap<Db, Promise<void>>();

async function inSqliteQueue<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const previous = sqliteQueues.get(db) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  sqliteQueues.set(db, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (sqliteQueues.get(db) === tail) sqliteQueues.delete(db);
  }
}

export type LockOptions = {
  /** PostgreSQL: how long to wait for the vehicle row's lock before giving up (default 5 s). */
  lockTimeoutMs?: number;
  /** Attempts before answering 503 (default 3). */
  attempts?: number;
};

/**
 * Runs `fn` in a transaction holding the write lock of vehicle `vehicleId` (see the file comment).
 * Transient lock failures are retried, then answered 503; AppErrors from `fn` pass through.
 */
export async function withVehicleLock<T>(
  services: Services,
  vehicleId: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const { db, provider } = services;
  const lockTimeoutMs = Math.max(1, Math.round(options.lockTimeoutMs ?? 5_000));
  const attempts = options.attempts ?? 3;
  const transaction = () =>
    db.$transaction(
      async (tx) => {
        if (provider === "postgresql") {
          await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${lockTimeoutMs}ms'`);
          await tx.$queryRaw`SELECT id FROM vehicles WHERE id = ${vehicleId} FOR UPDATE`;
        } else {
          await tx.$executeRaw`UPDATE vehicles SET mileage = mileage WHERE id = ${vehicleId}`;
        }
        return fn(tx);
      },
      // Waiting for a pooled connection and for the lock both count; keep them well above the lock timeout.
      { maxWait: 10_000, timeout: 15_000 },
    );
  for (let attempt = 1; ; attempt++) {
    try {
      return await (provider === "sqlite" ? inSqliteQueue(db, transaction) : transaction());
    } catch (error) {
      if (!isTransientDbError(error)) throw error;
      services.log.warn(
        `booking transaction on vehicle ${vehicleId}: attempt ${attempt} hit a lock: ${String((error as Error).message ?? error)
          .split("\n")
          .filter(Boolean)
          .pop()}`,
      );
      if (attempt >= attempts) throw serviceUnavailable(BOOKING_MESSAGES.busy);
      await Bun.sleep(20 + Math.random() * 80 * attempt);
    }
  }
}

// Rules before the lock --------------------------------------------------------------------

function checkPeriod(data: BookingCreateData, now: Date): void {
  const problem = bookingPeriodProblem(data.pickupDate, data.returnDate, now);
  if (!problem) return;
  const message = BOOKING_PERIOD_MESSAGES[problem];
  const field = problem === "pickup_in_past" || problem === "too_far_ahead" ? "pickupDate" : "returnDate";
  throw badInput(message, { [field]: message });
}

/** The client's totalAmount and duration, when sent, must equal the server's (see the file comment). */
function checkClientFigures(data: BookingCreateData, quote: BookingQuote): void {
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

/** The polygons of the active service areas (stored ones that are not valid GeoJSON are skipped, and logged). */
async function activeServiceAreas(services: Services): Promise<{ count: number; polygons: PolygonGeometry[] }> {
  const rows = await services.db.serviceArea.findMany({ where: { isActive: true }, select: { id: true, polygon: true } });
  const polygons: PolygonGeometry[] = [];
  for (const row of rows) {
    const checked = validateServiceAreaPolygon(row.polygon);
    if (checked.ok) polygons.push(checked.polygon);
    else services.log.warn(`service area ${row.id} is skipped: ${checked.message}`);
  }
  return { count: rows.length, polygons };
}

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

// Emails ------------------------------------------------------------------------------------

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function vehicleText(booking: BookingWithVehicle): string {
  const kind = `${categoryLabel(booking.category)} car, ${TRANSMISSION_LABELS[booking.transmission]}`;
  const v = booking.vehicle;
  return v ? `${kind} (${v.make} ${v.model} ${v.year})` : kind;
}

/** The confirmation email: what, when (Cape Town time), where, the total and the booking number. */
export function bookingConfirmationEmail(user: { name: string; email: string }, booking: BookingWithVehicle, publicUrl: string): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  const pickup = formatConfirmationDateTime(booking.pickupDate);
  const quote = bookingQuote(booking.category, booking.pickupDate, booking.returnDate);
  const text = [
    `Hi ${user.name},`,
    "",
    booking.status === "pending"
      ? `We have your booking request, Booking #${number}. We confirm new customers' first bookings by hand and will email you shortly.`
      : `Your booking is confirmed. Booking #${number}`,
    "",
    `What:    ${vehicleText(booking)}`,
    `Pick-up: ${pickup} (Cape Town time), delivered to ${booking.deliveryLocation}`,
    `Return:  ${formatConfirmationDateTime(booking.returnDate)} (Cape Town time), collected from ${booking.returnLocation}`,
    `Total:   ${formatRand(booking.totalAmount.toFixed(2))} for ${plural(booking.duration, "day")} at ${formatRand(quote.dailyRate)}/day`,
    ...(booking.deliveryVerified && booking.returnVerified ? [] : ["", `${UNVERIFIED_LOCATION_NOTE} before we deliver.`]),
    "",
    "Important information:",
    "- Fully insured. No deposits.",
    "- Please have your valid driver's licence with you when the car is delivered.",
    `- You can cancel free of charge up to ${CANCELLATION_WINDOW_HOURS} hours before pickup in My Bookings: ${publicUrl}/bookings`,
    "",
    "Thank you for choosing CapeDrive.",
  ].join("\n");
  return {
    to: user.email,
    subject: booking.status === "pending" ? `Booking #${number} received: pick-up ${pickup}` : `Booking #${number} confirmed: pick-up ${pickup}`,
    text,
  };
}

export function bookingCancellationEmail(user: { name: string; email: string }, booking: BookingWithVehicle, publicUrl: string): EmailMessage {
  const number = bookingNumber(booking.id, "customer");
  const text = [
    `Hi ${user.name},`,
    "",
    `Your booking #${number} has been cancelled.`,
    "",
    `What:    ${vehicleText(booking)}`,
    `Pick-up: ${formatConfirmationDateTime(booking.pickupDate)} (Cape Town time), ${booking.deliveryLocation}`,
    `Return:  ${formatConfirmationDateTime(booking.returnDate)} (Cape Town time), ${booking.returnLocation}`,
    "",
    `Book again any time: ${publicUrl}/booking/category`,
  ].join("\n");
  return { to: user.email, subject: `Booking #${number} cancelled`, text };
}

// Operations --------------------------------------------------------------------------------

export type CreateBookingOptions = LockOptions & { now?: Date };

/**
 * Books a vehicle for the signed-in customer (SPEC 4, DESIGN 4): a completed profile; valid input;
 * pickup not in the past and return after it; the client's figures equal the server's; both
 * points inside an active service area (when any exist); and, under the vehicle's lock, the
 * vehicle exists, is available, matches the category and transmission, and is free for the whole
 * period. Stores the server's duration and total with status confirmed, and the confirmation
 * email in the same transaction.
 */
export async function createBooking(services: Services, viewer: Viewer, input: unknown, options: CreateBookingOptions = {}): Promise<BookingWithVehicle> {
  const customer = requireCustomer(viewer);
  const user = await services.db.user.findUnique({
    where: { id: customer.userId },
    select: { name: true, email: true, profileCompleted: true, maxActiveBookings: true, maxRentalDays: true, allowOverlappingBookings: true },
  });
  if (!user) throw unauthenticated("Your session has expired. Please sign in again.");
  if (!user.profileCompleted) throw forbidden(BOOKING_MESSAGES.profileIncomplete);
  // The counter is a write too: a database kept busy by other writers is retried like the vehicle
  // lock, then "busy, try again".
  for (let attempt = 1; ; attempt++) {
    try {
      await limitBookingAttempts(services, customer.userId, customer.clientAddress);
      break;
    } catch (error) {
      if (!isTransientDbError(error)) throw error;
      if (attempt >= 3) throw serviceUnavailable(BOOKING_MESSAGES.busy);
      await Bun.sleep(20 + Math.random() * 80 * attempt);
    }
  }
  const limits = customerBookingLimits(services.config.bookingLimits, user);

  const data = parseInput(bookingCreateSchema, input);
  checkPeriod(data, options.now ?? new Date());
  const quote = bookingQuote(data.category, data.pickupDate, data.returnDate);
  checkClientFigures(data, quote);
  const tooLong = bookingLimitProblem({ ...limits, maxActive: Number.POSITIVE_INFINITY }, [], data);
  if (tooLong) throw accountLimitError("BAD_USER_INPUT", tooLong.message, "rental_too_long", { returnDate: tooLong.message });
  await checkServiceAreas(services, data);

  const booking = await withVehicleLock(
    services,
    data.vehicleId,
    async (tx) => {
      const vehicle = await tx.vehicle.findUnique({
        where: { id: data.vehicleId },
        select: { status: true, category: true, transmission: true, dealershipId: true },
      });
      if (!vehicle) throw notFound(BOOKING_MESSAGES.vehicleNotFound);
      if (!isRentalFleetVehicle(vehicle)) throw conflict(BOOKING_MESSAGES.vehicleForSale);
      if (vehicle.status !== "available") throw conflict(BOOKING_MESSAGES.vehicleNotAvailable);
      if (vehicle.category !== data.category || vehicle.transmission !== data.transmission) {
        throw badInput(BOOKING_MESSAGES.vehicleMismatch, { vehicleId: BOOKING_MESSAGES.vehicleMismatch });
      }
      const clash = await tx.booking.findFirst({
        where: { vehicleId: data.vehicleId, ...blockingBookingsWhere({ pickup: data.pickupDate, returnAt: data.returnDate }) },
        select: { id: true },
      });
      if (clash) throw conflict(BOOKING_MESSAGES.vehicleTaken);
      // The customer's own limits, under a lock on the customer too (vehicle first, then customer,
      // on every path), so parallel requests from one account cannot pass them together.
      if (services.provider === "postgresql") await tx.$queryRaw`SELECT id FROM users WHERE id = ${customer.userId} FOR UPDATE`;
      const now = options.now ?? new Date();
      const active = await tx.booking.findMany({
        where: { userId: customer.userId, status: { in: [...BLOCKING_BOOKING_STATUSES] }, returnDate: { gt: now } },
        select: { pickupDate: true, returnDate: true },
      });
      const problem = bookingLimitProblem(limits, active, data);
      if (problem)
        throw accountLimitError(
          "CONFLICT",
          problem.message,
          problem.kind === "overlap" ? "overlapping_booking" : problem.kind === "too_many" ? "active_bookings" : "rental_too_long",
        );
      const needsApproval =
        services.config.firstBookingNeedsApproval && (await tx.booking.count({ where: { userId: customer.userId, status: { not: "cancelled" } } })) === 0;
      const created = await tx.booking.create({
        data: {
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
          totalAmount: quote.total,
          duration: quote.days,
          status: needsApproval ? "pending" : "confirmed",
          specialRequests: data.specialRequests ?? null,
        },
        ...withVehicle,
      });
      await enqueueEmail(tx, bookingConfirmationEmail(user, created, services.config.publicUrl));
      return created;
    },
    options,
  );
  nudgeMailer(services);
  return booking;
}

/**
 * The signed-in customer's bookings in the customer's order (the domain's compareForCustomer): the
 * trip under way, the coming trips (soonest first), then the past ones (most recent first). The
 * open ones are few (the per-customer limit) and are sorted here; the past ones come from the
 * database in their order.
 * `shape` lets GraphQL load exactly the relations asked for.
 */
export function listMyBookings(services: Services, viewer: Viewer, page?: { limit?: number; offset?: number }): Promise<BookingWithVehicle[]>;
export function listMyBookings(
  services: Services,
  viewer: Viewer,
  page: { limit?: number; offset?: number; max?: number } | undefined,
  shape: Shape,
): Promise<unknown[]>;
export async function listMyBookings(
  services: Services,
  viewer: Viewer,
  page: { limit?: number; offset?: number; max?: number } = {},
  shape: Shape = withVehicle,
): Promise<any[]> {
  const customer = requireCustomer(viewer);
  const { take, skip } = clampPage(page.limit, page.offset, page.max ?? MAX_BOOKING_PAGE_SIZE, DEFAULT_BOOKING_PAGE_SIZE);
  const now = new Date();
  const open = { userId: customer.userId, status: { in: [...BLOCKING_BOOKING_STATUSES] }, returnDate: { gt: now } } satisfies Prisma.BookingWhereInput;
  // The page's ids first (the same three statements whatever the page size), then the rows in the caller's shape.
  const current = await services.db.booking.findMany({ where: open, select: { id: true, status: true, pickupDate: true, returnDate: true } });
  current.sort((a, b) => compareForCustomer(a, b, now));
  const fromCurrent = current.slice(skip, skip + take).map((b) => b.id);
  const fromPast = await services.db.booking.findMany({
    where: { userId: customer.userId, NOT: open },
    select: { id: true },
    orderBy: [{ pickupDate: "desc" }, { id: "asc" }],
    skip: Math.max(0, skip - current.length),
    // At least one row, so the statement count does not depend on where the page falls.
    take: Math.max(1, take - fromCurrent.length),
  });
  const ids = [...fromCurrent, ...fromPast.slice(0, take - fromCurrent.length).map((b) => b.id)];
  const rows = (await services.db.booking.findMany({ ...shape, where: { id: { in: ids } } })) as { id: string }[];
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** REST GET /api/bookings: all of the customer's bookings (up to REST_BOOKING_LIST_LIMIT), in the customer's order. */
export function listAllMyBookings(services: Services, viewer: Viewer): Promise<BookingWithVehicle[]> {
  return listMyBookings(services, viewer, { limit: REST_BOOKING_LIST_LIMIT, max: REST_BOOKING_LIST_LIMIT }, withVehicle) as Promise<BookingWithVehicle[]>;
}

/** One of the customer's own bookings; another customer's (or an unknown id) is 404, never a hint that it exists. */
export async function getMyBooking(services: Services, viewer: Viewer, id: unknown): Promise<BookingWithVehicle>;
export async function getMyBooking(services: Services, viewer: Viewer, id: unknown, shape: Shape): Promise<unknown>;
export async function getMyBooking(services: Services, viewer: Viewer, id: unknown, shape: Shape = withVehicle): Promise<any> {
  const customer = requireCustomer(viewer);
  const bookingId = typeof id === "string" ? id.trim() : "";
  const booking = bookingId ? await services.db.booking.findFirst({ ...shape, where: { id: bookingId, userId: customer.userId } }) : null;
  if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  return booking;
}

/**
 * Cancels one of the customer's own bookings: not when completed or already cancelled, and only up
 * to 24 hours before pickup (409 with the reason). The status is changed only if nobody changed it
 * meanwhile; a cancellation email goes out through the outbox in the same transaction.
 */
export async function cancelBooking(services: Services, viewer: Viewer, id: unknown, options: { now?: Date } = {}): Promise<BookingWithVehicle> {
  const customer = requireCustomer(viewer);
  const booking = await getMyBooking(services, viewer, id);
  const reason = customerCancelBlockedReason(booking.pickupDate, booking.status, options.now ?? new Date());
  if (reason) throw conflict(reason);
  const user = await services.db.user.findUniqueOrThrow({ where: { id: customer.userId }, select: { name: true, email: true } });
  const updated = await services.db.$transaction(
    async (tx) => {
      const changed = await tx.booking.updateMany({
        where: { id: booking.id, userId: customer.userId, status: booking.status },
        data: { status: "cancelled" },
      });
      if (changed.count !== 1) return null;
      const row = await tx.booking.findUniqueOrThrow({ where: { id: booking.id }, ...withVehicle });
      await enqueueEmail(tx, bookingCancellationEmail(user, row, services.config.publicUrl));
      return row;
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
  if (!updated) {
    // Someone (another tab, an admin) changed it first: answer as of its new state.
    const fresh = await getMyBooking(services, viewer, booking.id);
    throw conflict(customerCancelBlockedReason(fresh.pickupDate, fresh.status, options.now ?? new Date()) ?? BOOKING_MESSAGES.changedMeanwhile);
  }
  nudgeMailer(services);
  return updated;
}

/** The server's price for a category and period (zeros unless return is after pickup). */
export function quoteBooking(input: unknown): BookingQuote {
  const data = parseInput(bookingQuoteSchema, input);
  return bookingQuote(data.category, data.pickupDate, data.returnDate);
}
