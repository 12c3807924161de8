// Changing a booking and extending a trip (issue 13), for customers and admins, with the same
// server-owned guarantees as booking itself:
// - the server re-quotes, and a confirm that sends figures other than the new quote is refused
//   with the new figures ("The price has changed: ...");
// - the car is chosen under the booking's vehicle lock: the same car when it is free for the new
//   period, else another free car of the kind (locked with SKIP LOCKED on PostgreSQL, so two
//   changes never wait on each other's cars), else 409 and the booking is unchanged;
// - the write is guarded on the booking's updatedAt, so a change never overwrites another one;
// - every change keeps a BookingChange row (what, old and new figures, who, when), settles the tax
//   documents with a credit or debit note, reschedules the reminders and emails the customer with
//   an updated calendar, in one transaction. Admin changes are audited too.
// Customers change a pending or confirmed booking up to 24 hours before pickup (as for
// cancelling) and extend a trip in progress; admins change any open booking, and of a trip in
// progress only its return (to extend or shorten it).
//
// A change sets details; asking for the details the booking already has is answered with the
// booking as it is, and writes nothing (no history row, no tax note, no email): a phone that lost
// the answer to its change and sends it again, or a second tab, is told it worked, as it did.
// The quote refuses exactly what the confirm would refuse, the customer's own overlapping
// bookings included (`checkOwnBookings`, one rule for both), so a customer is not shown a
// price for a change the confirm then refuses.
import type { BookingChange } from "../../prisma/generated/sqlite/client";
import { actorColumns, type ChangeActor } from "./booking-history";
import type { Prisma } from "../db";
import type { RawTx } from "../db/direct";
import {
  BOOKING_PERIOD_MESSAGES,
  bookingChangeSchema,
  bookingLimitProblem,
  bookingPeriodProblem,
  bookingQuote,
  categoryLabel,
  changedFields,
  customerBookingLimits,
  rentalTooLong,
  customerChangeBlockedReason,
  customerExtendBlockedReason,
  EXTEND_BLOCKED_MESSAGES,
  formatConfirmationDateTime,
  isFinalBookingStatus,
  isRentalFleetVehicle,
  isTypedAddressStandIn,
  centsToDecimal,
  decimalToCents,
  TRANSMISSION_LABELS,
  tripExtensionSchema,
  BLOCKING_BOOKING_STATUSES,
  type BookingChangeData,
  type BookingQuote,
  type ChangedField,
} from "#domain";
import { withVehicleLock, type LockOptions } from "../db/vehicle-lock";
import { accountLimitError, badInput, conflict, notFound } from "../errors";
import { recordAudit } from "./audit";
import { bookingChangedEmail } from "../emails/booking";
import { followUpBookingChange } from "./booking-follow-ups";
import { BOOKING_MESSAGES, checkClientFigures, checkChangedServiceAreas, heldBookings, type BookingWithVehicle } from "./bookings";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer } from "./mail";
import { parseInput } from "./validation";
import { blockingBookingsWhere, carTakesBookings, RENTAL_FLEET, TAKES_BOOKINGS } from "./vehicles";
import { requireAdminOrKey, requireCustomer, type Viewer } from "./viewer";

export const CHANGE_MESSAGES = {
  nothingAsked: "Nothing to change: choose new dates, places or another car",
  noCarFree: (category: string, transmission: string) =>
    `No ${categoryLabel(category)} ${TRANSMISSION_LABELS[transmission as keyof typeof TRANSMISSION_LABELS]?.toLowerCase() ?? transmission} car is free for those dates. Your booking is unchanged.`,
  carBookedFrom: (from: Date) =>
    `Your car is booked again from ${formatConfirmationDateTime(from)} (Cape Town time). You can extend until then; your booking is unchanged.`,
  carNotAvailable: "Your car is not available for a longer trip. Your booking is unchanged.",
  changedMeanwhile: "This booking changed while you were changing it. Please reload and try again.",
  startedOnlyReturn: "This trip has started: only its return time and place can change",
  final: (status: string) => `A ${status} booking cannot be changed`,
  returnPassed: "The return must be later than now",
} as const;

/** What the server would do with a change: the new figures, what differs, and which car. */
export type ChangeQuote = {
  bookingId: string;
  quote: BookingQuote;
  oldTotalCents: number;
  newTotalCents: number;
  differenceCents: number;
  changes: ChangedField[];
  /** As of now (the confirm decides again under the lock): the same car, another of the kind, or none free. */
  car: "same" | "other" | "none";
  /** Extensions: when the car is next booked after this trip (the latest return it allows), or null. */
  freeUntil: Date | null;
};

type Kind = "change" | "extension";
type Options = LockOptions & { now?: Date };

const BOOKING_FOR_CHANGE = {
  include: {
    user: { select: { name: true, email: true, maxActiveBookings: true, maxRentalDays: true, allowOverlappingBookings: true } },
    vehicle: { select: { status: true, category: true, transmission: true, dealershipId: true } },
  },
} satisfies { include: Prisma.BookingInclude };
type BookingForChange = Prisma.BookingGetPayload<typeof BOOKING_FOR_CHANGE>;

/** The booking after the change: its current values with what the change sets. */
type Next = {
  category: BookingForChange["category"];
  transmission: BookingForChange["transmission"];
  pickupDate: Date;
  returnDate: Date;
  deliveryLocation: string;
  deliveryCoordinates: string;
  returnLocation: string;
  returnCoordinates: string;
};

type Plan = {
  booking: BookingForChange;
  /** Who asks: the customer, or staff (an admin or an API key with bookings:write). */
  actor: ChangeActor;
  kind: Kind;
  next: Next;
  quote: BookingQuote;
  oldTotalCents: number;
  changes: ChangedField[];
  /** The booking already has every detail asked for: the answer is the booking as it is, nothing is written. */
  unchanged: boolean;
};

const idOf = (id: unknown) => (typeof id === "string" ? id.trim() : "");

/** Reads the booking the viewer may change (a customer's own; any for admins), or 404. */
async function loadBooking(services: Services, viewer: Viewer, id: unknown): Promise<{ booking: BookingForChange; actor: Plan["actor"] }> {
  const bookingId = idOf(id);
  let actor: Plan["actor"];
  const where: Prisma.BookingWhereInput = { id: bookingId };
  if (viewer.kind === "admin" || viewer.kind === "apiKey") {
    actor = requireAdminOrKey(viewer, "bookings:write");
  } else {
    const customer = requireCustomer(viewer);
    where.userId = customer.userId;
    actor = customer;
  }
  const booking = bookingId ? await services.db.booking.findFirst({ where, ...BOOKING_FOR_CHANGE }) : null;
  if (!booking) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  return { booking, actor };
}

/** Every rule that does not need the lock: who may change what, the period, the places, the figures. */
async function planChange(services: Services, viewer: Viewer, id: unknown, kind: Kind, input: unknown, now: Date, checkFigures: boolean): Promise<Plan> {
  const { booking, actor } = await loadBooking(services, viewer, id);
  const staff = actor.kind !== "customer";
  let data: BookingChangeData;
  if (kind === "extension") {
    const extension = parseInput(tripExtensionSchema, input);
    data = { ...parseInput(bookingChangeSchema, {}), returnDate: extension.returnDate, totalAmount: extension.totalAmount, duration: extension.duration };
  } else {
    data = parseInput(bookingChangeSchema, input);
  }

  // Who may change what, and when.
  if (kind === "extension") {
    const reason = staff ? (booking.status === "in_progress" ? null : EXTEND_BLOCKED_MESSAGES.notStarted) : customerExtendBlockedReason(booking.status);
    if (reason) throw conflict(reason);
  } else if (!staff) {
    const reason = customerChangeBlockedReason(booking.pickupDate, booking.status, now);
    if (reason) throw conflict(reason);
  } else if (isFinalBookingStatus(booking.status)) {
    throw conflict(CHANGE_MESSAGES.final(booking.status));
  }

  const next: Next = {
    category: data.category ?? booking.category,
    transmission: data.transmission ?? booking.transmission,
    pickupDate: data.pickupDate ?? booking.pickupDate,
    returnDate: data.returnDate ?? booking.returnDate,
    deliveryLocation: data.deliveryLocation ?? booking.deliveryLocation,
    deliveryCoordinates: data.deliveryCoordinates ?? booking.deliveryCoordinates,
    returnLocation: data.returnLocation ?? booking.returnLocation,
    returnCoordinates: data.returnCoordinates ?? booking.returnCoordinates,
  };
  const changes = changedFields(booking, next);
  const oldTotalCents = decimalToCents(booking.totalAmount);
  if (isAsAsked(booking, next)) {
    if (kind === "change" && Object.values(data).every((value) => value === undefined)) throw badInput(CHANGE_MESSAGES.nothingAsked);
    // Already as asked (the same change sent again): its figures are the booking's own, and the
    // customer must have been shown those (a stale price is refused as for any change).
    const stored: BookingQuote = {
      ...bookingQuote(booking.category, booking.pickupDate, booking.returnDate),
      days: booking.duration,
      totalCents: oldTotalCents,
      total: centsToDecimal(oldTotalCents),
    };
    if (checkFigures) checkClientFigures({ category: booking.category, totalAmount: data.totalAmount, duration: data.duration }, stored);
    return { booking, actor, kind, next, quote: stored, oldTotalCents, changes, unchanged: true };
  }

  // The period. A customer's own longest rental first: it is never longer than the product's, so
  // a customer is told the one limit that applies to them.
  if (!staff) {
    const limits = customerBookingLimits(services.config.bookingLimits, booking.user);
    const tooLong = rentalTooLong(limits, next);
    if (tooLong) throw accountLimitError("BAD_USER_INPUT", tooLong, "rental_too_long", { returnDate: tooLong });
  }
  if (booking.status === "in_progress") {
    const onlyReturn = changes.every((c) => c.field === "returnDate" || c.field === "returnLocation");
    if (!onlyReturn || next.deliveryCoordinates !== booking.deliveryCoordinates) throw badInput(CHANGE_MESSAGES.startedOnlyReturn);
    if (kind === "extension" && next.returnDate.getTime() <= booking.returnDate.getTime()) {
      throw badInput(EXTEND_BLOCKED_MESSAGES.notLater, { returnDate: EXTEND_BLOCKED_MESSAGES.notLater });
    }
    if (next.returnDate.getTime() <= now.getTime()) throw badInput(CHANGE_MESSAGES.returnPassed, { returnDate: CHANGE_MESSAGES.returnPassed });
    const problem = bookingPeriodProblem(now, next.returnDate, now);
    if (problem === "too_long" || problem === "too_far_ahead")
      throw badInput(BOOKING_PERIOD_MESSAGES[problem], { returnDate: BOOKING_PERIOD_MESSAGES[problem] });
  } else if (next.pickupDate.getTime() !== booking.pickupDate.getTime() || next.returnDate.getTime() !== booking.returnDate.getTime()) {
    const problem = bookingPeriodProblem(next.pickupDate, next.returnDate, now);
    if (problem) {
      const message = BOOKING_PERIOD_MESSAGES[problem];
      const field = problem === "pickup_in_past" || problem === "too_far_ahead" ? "pickupDate" : "returnDate";
      throw badInput(message, { [field]: message });
    }
  }

  // The places: a moved point must be served, as when booking.
  await checkChangedServiceAreas(services, {
    deliveryCoordinates: next.deliveryCoordinates !== booking.deliveryCoordinates ? next.deliveryCoordinates : null,
    returnCoordinates: next.returnCoordinates !== booking.returnCoordinates ? next.returnCoordinates : null,
  });

  const quote = bookingQuote(next.category, next.pickupDate, next.returnDate);
  if (checkFigures) checkClientFigures({ category: next.category, totalAmount: data.totalAmount, duration: data.duration }, quote);
  return { booking, actor, kind, next, quote, oldTotalCents, changes, unchanged: false };
}

/** Whether the booking already has every detail of `next` (a point moved within the same address counts as a change). */
function isAsAsked(booking: BookingForChange, next: Next): boolean {
  const pointsMoved = next.deliveryCoordinates !== booking.deliveryCoordinates || next.returnCoordinates !== booking.returnCoordinates;
  return !pointsMoved && changedFields(booking, next).length === 0;
}

/**
 * A customer's own other active bookings may not overlap the new period (unless their account
 * allows it), nor the period be longer than they may book: the quote asks as of now, the confirm
 * again under the customer's lock (as at booking). Staff changes are not held to a customer's limits.
 */
async function checkOwnBookings(services: Services, db: RawTx, plan: Plan, now: Date): Promise<void> {
  const { booking, next, actor } = plan;
  if (actor.kind !== "customer") return;
  const limits = customerBookingLimits(services.config.bookingLimits, booking.user);
  const others = await heldBookings(db, booking.userId, next, { now, countUpTo: 0, exceptBookingId: booking.id });
  const problem = bookingLimitProblem({ ...limits, maxActive: Number.POSITIVE_INFINITY }, others, next);
  if (problem) throw accountLimitError("CONFLICT", problem.message, problem.kind === "overlap" ? "overlapping_booking" : "rental_too_long");
}

/** The earliest blocking booking of the car after this trip: the latest return an extension can have. */
async function carFreeUntil(db: Prisma.TransactionClient, booking: { id: string; vehicleId: string | null; returnDate: Date }): Promise<Date | null> {
  if (!booking.vehicleId) return null;
  const nextTrip = await db.booking.findFirst({
    where: { vehicleId: booking.vehicleId, id: { not: booking.id }, status: { in: [...BLOCKING_BOOKING_STATUSES] }, returnDate: { gt: booking.returnDate } },
    orderBy: { pickupDate: "asc" },
    select: { pickupDate: true },
  });
  return nextTrip?.pickupDate ?? null;
}

/** Whether the booking's own car can take the new period (free of other blocking bookings, still rentable). */
async function ownCarFits(db: Prisma.TransactionClient, booking: BookingForChange, next: Next): Promise<boolean> {
  if (!booking.vehicleId || next.category !== booking.category || next.transmission !== booking.transmission) return false;
  const vehicle = await db.vehicle.findUnique({ where: { id: booking.vehicleId }, select: { id: true, status: true, dealershipId: true } });
  if (!vehicle || !isRentalFleetVehicle(vehicle)) return false;
  // A trip on the road keeps its own car whatever the car's status says; any other booking needs a
  // car that takes bookings (available, or rented out on another trip and free after it).
  if (booking.status !== "in_progress" && !(await carTakesBookings(db, vehicle))) return false;
  const clash = await db.booking.findFirst({
    where: { vehicleId: booking.vehicleId, id: { not: booking.id }, ...blockingBookingsWhere({ pickup: next.pickupDate, returnAt: next.returnDate }) },
    select: { id: true },
  });
  return clash === null;
}

/** Free cars of the new kind for the new period, other than the booking's own (a few: the first lockable one is taken). */
function otherFreeCars(db: Prisma.TransactionClient, booking: BookingForChange, next: Next) {
  return db.vehicle.findMany({
    where: {
      ...RENTAL_FLEET,
      ...TAKES_BOOKINGS,
      category: next.category,
      transmission: next.transmission,
      ...(booking.vehicleId ? { id: { not: booking.vehicleId } } : {}),
      bookings: { none: blockingBookingsWhere({ pickup: next.pickupDate, returnAt: next.returnDate }) },
    },
    select: { id: true },
    orderBy: [{ make: "asc" }, { model: "asc" }, { id: "asc" }],
    take: 10,
  });
}

/** The server's figures and car for a change, without making it (the customer sees them before confirming). */
export async function quoteBookingChange(services: Services, viewer: Viewer, id: unknown, input: unknown, options: Options = {}): Promise<ChangeQuote> {
  return quote(services, viewer, id, "change", input, options);
}

/** As quoteBookingChange, for a new return of a trip in progress; says until when the car is free. */
export async function quoteTripExtension(services: Services, viewer: Viewer, id: unknown, input: unknown, options: Options = {}): Promise<ChangeQuote> {
  return quote(services, viewer, id, "extension", input, options);
}

async function quote(services: Services, viewer: Viewer, id: unknown, kind: Kind, input: unknown, options: Options): Promise<ChangeQuote> {
  const now = options.now ?? new Date();
  const plan = await planChange(services, viewer, id, kind, input, now, false);
  const { booking, next } = plan;
  // What the confirm would refuse, the quote refuses with the same words.
  if (!plan.unchanged) await checkOwnBookings(services, services.db, plan, now);
  let car: ChangeQuote["car"] = "none";
  // Nothing changes: the booking keeps what it has.
  if (plan.unchanged || (await ownCarFits(services.db, booking, next))) car = "same";
  else if (booking.status !== "in_progress" && (await otherFreeCars(services.db, booking, next)).length > 0) car = "other";
  return {
    bookingId: booking.id,
    quote: plan.quote,
    oldTotalCents: plan.oldTotalCents,
    newTotalCents: plan.quote.totalCents,
    differenceCents: plan.quote.totalCents - plan.oldTotalCents,
    changes: plan.changes,
    car,
    freeUntil: booking.status === "in_progress" ? await carFreeUntil(services.db, booking) : null,
  };
}

/** The booking after the change, and the change's history row (null when the booking already was as asked). */
export type ChangeResult = { booking: BookingWithVehicle; change: BookingChange | null };

/** Changes a booking's dates, places or kind of car (customer: their own, 24 hours ahead; admins: any open one). */
export async function changeBooking(services: Services, viewer: Viewer, id: unknown, input: unknown, options: Options = {}): Promise<ChangeResult> {
  return applyChange(services, await planChange(services, viewer, id, "change", input, options.now ?? new Date(), true), options);
}

/** Extends a trip in progress to a later return, when its car is free for the extra time. */
export async function extendTrip(services: Services, viewer: Viewer, id: unknown, input: unknown, options: Options = {}): Promise<ChangeResult> {
  return applyChange(services, await planChange(services, viewer, id, "extension", input, options.now ?? new Date(), true), options);
}

async function applyChange(services: Services, plan: Plan, options: Options): Promise<ChangeResult> {
  const { booking: planned, next, quote, kind, actor } = plan;
  if (plan.unchanged) return { booking: await bookingWithCar(services.db, planned.id), change: null };
  /**
   * The booking changed since it was read. The same change sent twice at once (a double click, a
   * retry: PostgreSQL runs both, the second waits for the first's lock) finds it made, and is
   * answered as a repeat sent later is: the booking as it is, nothing written. Any other change
   * in between is a 409.
   */
  const changedMeanwhile = async (tx: Prisma.TransactionClient): Promise<ChangeResult> => {
    const current = await tx.booking.findUnique({ where: { id: planned.id }, ...BOOKING_FOR_CHANGE });
    if (!current || !isAsAsked(current, next)) throw conflict(CHANGE_MESSAGES.changedMeanwhile);
    return { booking: await bookingWithCar(tx, current.id), change: null };
  };
  const result = await withVehicleLock(
    services,
    planned.vehicleId,
    async (tx): Promise<ChangeResult> => {
      const booking = await tx.booking.findUnique({ where: { id: planned.id }, ...BOOKING_FOR_CHANGE });
      if (!booking) throw conflict(CHANGE_MESSAGES.changedMeanwhile);
      if (booking.updatedAt.getTime() !== planned.updatedAt.getTime()) return changedMeanwhile(tx);

      // The car: the same one when it fits, else (not for a car on the road) another free one of the kind.
      let vehicleId: string | null = null;
      if (await ownCarFits(tx, booking, next)) vehicleId = booking.vehicleId;
      else if (booking.status !== "in_progress") {
        for (const candidate of await otherFreeCars(tx, booking, next)) {
          if (!(await lockOtherCar(services, tx, candidate.id))) continue;
          // Read again under its lock: a booking may have taken it since the list was read.
          const clash = await tx.booking.findFirst({
            where: { vehicleId: candidate.id, ...blockingBookingsWhere({ pickup: next.pickupDate, returnAt: next.returnDate }) },
            select: { id: true },
          });
          if (!clash) {
            vehicleId = candidate.id;
            break;
          }
        }
      }
      if (!vehicleId) {
        if (booking.status === "in_progress") {
          const until = await carFreeUntil(tx, booking);
          throw conflict(until ? CHANGE_MESSAGES.carBookedFrom(until) : CHANGE_MESSAGES.carNotAvailable);
        }
        throw conflict(CHANGE_MESSAGES.noCarFree(next.category, next.transmission));
      }

      // The customer's own other bookings, under the customer's lock as at booking.
      if (actor.kind === "customer" && services.provider === "postgresql") await tx.$queryRaw`SELECT id FROM users WHERE id = ${booking.userId} FOR UPDATE`;
      await checkOwnBookings(services, tx, { ...plan, booking }, options.now ?? new Date());

      const changed = await tx.booking.updateMany({
        where: { id: booking.id, updatedAt: booking.updatedAt },
        data: {
          ...next,
          deliveryVerified:
            next.deliveryCoordinates === booking.deliveryCoordinates ? booking.deliveryVerified : !isTypedAddressStandIn(next.deliveryCoordinates),
          returnVerified: next.returnCoordinates === booking.returnCoordinates ? booking.returnVerified : !isTypedAddressStandIn(next.returnCoordinates),
          vehicleId,
          totalAmount: quote.total,
          duration: quote.days,
          calendarSequence: { increment: 1 },
        },
      });
      // Another writer got there first (read again: on PostgreSQL this statement sees its commit).
      if (changed.count !== 1) return changedMeanwhile(tx);
      // A trip on the road that an admin moves is extended or shortened; a customer only extends.
      const recordKind = booking.status !== "in_progress" ? "change" : next.returnDate.getTime() > booking.returnDate.getTime() ? "extension" : "shortening";
      const change = await tx.bookingChange.create({
        data: {
          bookingId: booking.id,
          kind: recordKind,
          ...actorColumns(actor),
          fromPickupDate: booking.pickupDate,
          toPickupDate: next.pickupDate,
          fromReturnDate: booking.returnDate,
          toReturnDate: next.returnDate,
          fromDeliveryLocation: booking.deliveryLocation,
          toDeliveryLocation: next.deliveryLocation,
          fromReturnLocation: booking.returnLocation,
          toReturnLocation: next.returnLocation,
          fromCategory: booking.category,
          toCategory: next.category,
          fromTransmission: booking.transmission,
          toTransmission: next.transmission,
          fromVehicleId: booking.vehicleId,
          toVehicleId: vehicleId,
          fromTotalCents: decimalToCents(booking.totalAmount),
          toTotalCents: quote.totalCents,
        },
      });
      await followUpBookingChange(tx, services.config, booking.id, "changed");
      if (actor.kind !== "customer") {
        await recordAudit(tx, actor, {
          action: recordKind === "change" ? "booking.change" : `booking.${recordKind === "extension" ? "extend" : "shorten"}`,
          entity: "booking",
          entityId: booking.id,
          before: { ...changeView(booking), vehicleId: booking.vehicleId, totalCents: change.fromTotalCents },
          after: { ...changeView(next), vehicleId, totalCents: change.toTotalCents },
        });
      }
      const updated = await bookingWithCar(tx, booking.id);
      const email = bookingChangedEmail(
        booking.user,
        updated,
        {
          before: { ...changeView(booking), totalAmount: Number(booking.totalAmount.toFixed(2)) },
          differenceCents: change.toTotalCents - change.fromTotalCents,
          by: actor.kind === "customer" ? "customer" : "admin",
          kind: recordKind === "extension" ? "extension" : "change",
        },
        services.config,
      );
      // A booking still awaiting approval goes in the calendar once it is confirmed (as at booking).
      await enqueueEmail(tx, updated.status === "pending" ? { ...email, attachments: undefined } : email);
      return { booking: updated, change };
    },
    options,
  );
  nudgeMailer(services);
  return result;
}

/** The booking with its car and the car's photos, as a change answers it. */
const bookingWithCar = (db: Prisma.TransactionClient, id: string): Promise<BookingWithVehicle> =>
  db.booking.findUniqueOrThrow({ where: { id }, include: { vehicle: { include: { images: { orderBy: { position: "asc" } } } } } });

const changeView = (b: Next | BookingForChange) => ({
  pickupDate: b.pickupDate,
  returnDate: b.returnDate,
  deliveryLocation: b.deliveryLocation,
  returnLocation: b.returnLocation,
  category: b.category,
  transmission: b.transmission,
});

/**
 * Takes another car's lock inside a booking transaction without waiting: PostgreSQL skips a car
 * another transaction holds (SKIP LOCKED), so two changes swapping cars never deadlock; on SQLite
 * the transaction already holds the database's write lock.
 */
async function lockOtherCar(services: Pick<Services, "provider">, tx: Prisma.TransactionClient, vehicleId: string): Promise<boolean> {
  if (services.provider !== "postgresql") return true;
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM vehicles WHERE id = ${vehicleId} FOR UPDATE SKIP LOCKED`;
  return rows.length === 1;
}
