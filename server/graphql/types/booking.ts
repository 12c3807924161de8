import {
  bookingNumber,
  centsToDecimal,
  customerCancelBlockedReason,
  customerChangeBlockedReason,
  customerExtendBlockedReason,
  customerHandoverStatus,
  type BookingQuote,
} from "#domain";
import type { FieldNode, GraphQLResolveInfo } from "graphql";
import type { BookingColumns } from "../../services/booking-reads";
import { cancelBooking, createBooking, findMyBookingByIdempotencyKey, getMyBooking, listMyBookings, quoteBooking } from "../../services/bookings";
import { ownBookingLimits, type OwnBookingLimits } from "../../services/customer-limits";
import { anyone, customerOnly } from "../access";
import { builder } from "../builder";
import { forEachSelectedField } from "../selection";
import { BookingStatusEnum, CategoryEnum, TransmissionEnum } from "./enums";
import "./vehicle";
import { accountOf, ACCOUNT_HANDOVERS, BookingAccountRef } from "./account";

/** A customer's booking. */
export const BookingRef = builder.prismaObject("Booking", {
  fields: (t) => ({
    id: t.exposeID("id"),
    /** The last 6 characters of the id, shown after "Booking #". */
    bookingNumber: t.string({ resolve: (b) => bookingNumber(b.id, "customer") }),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    vehicle: t.relation("vehicle", { nullable: true }),
    pickupDate: t.expose("pickupDate", { type: "DateTime" }),
    returnDate: t.expose("returnDate", { type: "DateTime" }),
    deliveryLocation: t.exposeString("deliveryLocation"),
    /** "lat,lon" */
    deliveryCoordinates: t.exposeString("deliveryCoordinates"),
    returnLocation: t.exposeString("returnLocation"),
    returnCoordinates: t.exposeString("returnCoordinates"),
    /** False when the address could not be placed on the map: we call to confirm it. */
    deliveryVerified: t.exposeBoolean("deliveryVerified"),
    returnVerified: t.exposeBoolean("returnVerified"),
    /** Computed by the server. */
    totalAmount: t.expose("totalAmount", { type: "Money" }),
    /** Whole days. */
    duration: t.exposeInt("duration"),
    status: t.expose("status", { type: BookingStatusEnum }),
    specialRequests: t.exposeString("specialRequests", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    /** Whether the customer may cancel now: not completed or cancelled, and pickup at least 24 hours away. */
    canCancel: t.boolean({ resolve: (b) => customerCancelBlockedReason(b.pickupDate, b.status) === null }),
    /** Why not, when canCancel is false (e.g. "Bookings can only be cancelled up to 24 hours before pickup"). */
    cancelBlockedReason: t.string({ nullable: true, resolve: (b) => customerCancelBlockedReason(b.pickupDate, b.status) }),
    /** Whether the customer may change dates, places or car now (pending or confirmed, pickup at least 24 hours away). */
    canChange: t.boolean({ resolve: (b) => customerChangeBlockedReason(b.pickupDate, b.status) === null }),
    /** Why not, when canChange is false. */
    changeBlockedReason: t.string({ nullable: true, resolve: (b) => customerChangeBlockedReason(b.pickupDate, b.status) }),
    /** Whether the trip is on the road and can be extended. */
    canExtend: t.boolean({ resolve: (b) => customerExtendBlockedReason(b.status) === null }),
    /** Where the car is in its handovers: "Driver on the way", "Delivered 2:05 PM", "Collected 10:12 AM"; null before. */
    handoverStatus: t.string({
      nullable: true,
      select: { handovers: { select: { kind: true, state: true, finishedAt: true } } },
      resolve: (b) => customerHandoverStatus(b.handovers),
    }),
    /** Whether a condition report exists (a delivery or collection was done). */
    hasConditionReport: t.boolean({
      select: { handovers: { select: { state: true } } },
      resolve: (b) => b.handovers.some((h) => h.state === "done"),
    }),
    /** What the customer owes for it: the rental, each charge added at the collection, any credit, and the balance. */
    account: t.field({ type: BookingAccountRef, select: ACCOUNT_HANDOVERS, resolve: accountOf }),
  }),
});

const QuoteRef = builder.objectRef<BookingQuote>("Quote").implement({
  description: "The server's price for a rental: whole days (any part of a day counts) times the category's daily rate.",
  fields: (t) => ({
    days: t.exposeInt("days"),
    /** Rand per day. */
    dailyRate: t.field({ type: "Money", resolve: (q) => centsToDecimal(q.dailyRate * 100) }),
    total: t.expose("total", { type: "Money" }),
  }),
});

// Every field is optional in the schema so a missing one gets the shared zod schema's own
// message ("Please complete all booking steps and select a vehicle", ...), as on REST.
const CreateBookingInput = builder.inputType("CreateBookingInput", {
  fields: (t) => ({
    category: t.field({ type: CategoryEnum, required: false }),
    /** Defaults to manual. */
    transmission: t.field({ type: TransmissionEnum, required: false }),
    vehicleId: t.id({ required: false }),
    /** ISO 8601 instant with a zone, e.g. "2025-03-05T08:00:00.000Z". */
    pickupDate: t.string({ required: false }),
    returnDate: t.string({ required: false }),
    deliveryLocation: t.string({ required: false }),
    /** "lat,lon" */
    deliveryCoordinates: t.string({ required: false }),
    returnLocation: t.string({ required: false }),
    returnCoordinates: t.string({ required: false }),
    /** Optional: the total the customer was shown. A different figure from the server's is refused ("The price has changed: ..."). */
    totalAmount: t.string({ required: false }),
    /** Optional: the days the customer was shown; refused when it differs from the server's. */
    duration: t.int({ required: false }),
    specialRequests: t.string({ required: false }),
    idempotencyKey: t.string({
      required: false,
      description:
        "Optional: a key made once per booking draft (a UUID, or 16 to 100 letters, digits, '-', '_', '.' or ':'). The create sent again with it (after a lost answer) returns the booking the key made instead of making another; sent with a different request, UNPROCESSABLE_CONTENT.",
    }),
  }),
});

builder.queryField("myBookings", (t) =>
  t.prismaField({
    ...customerOnly,
    type: [BookingRef],
    description: "The signed-in customer's bookings, newest first; 20 a page by default, at most 100.",
    args: { limit: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: (query, _root, args, ctx, info) =>
      listMyBookings(ctx.services, ctx.viewer, { limit: args.limit ?? undefined, offset: args.offset ?? undefined }, query, bookingColumnsFor(info)),
  }),
);

const OwnBookingLimitsRef = builder.objectRef<OwnBookingLimits>("OwnBookingLimits").implement({
  description: "The booking limits in force for the signed-in customer, and how many active bookings they hold (counted up to maxActive).",
  fields: (t) => ({
    maxActive: t.exposeInt("maxActive"),
    maxDays: t.exposeInt("maxDays"),
    allowOverlap: t.exposeBoolean("allowOverlap"),
    active: t.exposeInt("active"),
  }),
});

builder.queryField("myBookingLimits", (t) =>
  t.field({
    ...customerOnly,
    type: OwnBookingLimitsRef,
    description: "What the signed-in customer may book: the longest rental and how many active bookings they may hold, and how many they hold now.",
    resolve: (_root, _args, ctx) => ownBookingLimits(ctx.services, ctx.viewer),
  }),
);

const sameColumns = <K extends string>(names: readonly K[]) => Object.fromEntries(names.map((name) => [name, [name]])) as Record<K, [K]>;
const CANCEL_OR_CHANGE = ["pickupDate", "status"];
/**
 * What each Booking field reads of its row, for myBookings to read only those columns (issue 16:
 * the benchmark's query uses 12 of a booking's 20; every value read is a string made and swept;
 * its car is kept whole: ../../services/booking-reads.ts KEPT_CARS). The handovers of handoverStatus and hasConditionReport come with the
 * relations Pothos asks for. A field missing here (one added later) makes the list read every
 * column; `booking.test.ts` beside this file checks that each field answers the same alone as
 * with every field, and that every field is here.
 */
export const BOOKING_FIELD_COLUMNS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    __typename: [],
    ...sameColumns([
      "id",
      "category",
      "transmission",
      "pickupDate",
      "returnDate",
      "deliveryLocation",
      "deliveryCoordinates",
      "returnLocation",
      "returnCoordinates",
      "deliveryVerified",
      "returnVerified",
      "totalAmount",
      "duration",
      "status",
      "specialRequests",
      "createdAt",
    ]),
    bookingNumber: ["id"],
    vehicle: ["vehicleId"],
    canCancel: CANCEL_OR_CHANGE,
    cancelBlockedReason: CANCEL_OR_CHANGE,
    canChange: CANCEL_OR_CHANGE,
    changeBlockedReason: CANCEL_OR_CHANGE,
    canExtend: ["status"],
    handoverStatus: [],
    hasConditionReport: [],
    account: ["status", "totalAmount", "duration"],
  }),
);
/** The columns `myBookings { ... }` asks for of each booking (fragments included), or undefined for every column. Its car is read whole. */
export function bookingColumnsFor(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">): BookingColumns | undefined {
  const booking = new Set<string>();
  let every = false;
  for (const node of info.fieldNodes)
    forEachSelectedField(node.selectionSet, info.fragments, (field: FieldNode) => {
      const columns = BOOKING_FIELD_COLUMNS.get(field.name.value);
      if (!columns) every = true;
      else for (const column of columns) booking.add(column);
    });
  return every ? undefined : { booking: [...booking] };
}

builder.queryField("booking", (t) =>
  t.prismaField({
    ...customerOnly,
    type: BookingRef,
    nullable: true,
    description: "One of the signed-in customer's own bookings (NOT_FOUND for anyone else's).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => getMyBooking(ctx.services, ctx.viewer, String(args.id), query),
  }),
);

builder.queryField("myBookingByIdempotencyKey", (t) =>
  t.prismaField({
    ...customerOnly,
    type: BookingRef,
    nullable: true,
    description:
      "The signed-in customer's booking made by a createBooking with this idempotencyKey, or null when none was (the create never arrived, or was refused). Another customer's key never matches.",
    args: { idempotencyKey: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => findMyBookingByIdempotencyKey(ctx.services, ctx.viewer, args.idempotencyKey, query),
  }),
);

builder.queryField("quote", (t) =>
  t.field({
    ...anyone,
    type: QuoteRef,
    description:
      "Duration and total for a category and period, from the same rule the server charges by. Refused (BAD_USER_INPUT) exactly where a booking of the period would be: pickup passed, return not after pickup, beyond the booking horizon, longer than may be booked online.",
    args: {
      category: t.arg({ type: CategoryEnum, required: true }),
      pickupDate: t.arg.string({ required: true }),
      returnDate: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => quoteBooking(ctx.services, ctx.viewer, args),
  }),
);

builder.mutationField("createBooking", (t) =>
  t.prismaField({
    ...customerOnly,
    type: BookingRef,
    description:
      "Books a vehicle for the signed-in customer (completed profile required). CONFLICT when the vehicle is taken for those dates. Repeated with the same idempotencyKey, returns the booking that key made.",
    args: { input: t.arg({ type: CreateBookingInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { idempotencyKey, ...request } = input;
      const booking = await createBooking(ctx.services, ctx.viewer, request, { idempotencyKey });
      return getMyBooking(ctx.services, ctx.viewer, booking.id, query);
    },
  }),
);

builder.mutationField("cancelBooking", (t) =>
  t.prismaField({
    ...customerOnly,
    type: BookingRef,
    description:
      "Cancels one of the customer's own bookings, up to 24 hours before pickup. Sent again for a booking the customer cancelled, it answers the cancelled booking and writes nothing more.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const booking = await cancelBooking(ctx.services, ctx.viewer, String(args.id));
      return getMyBooking(ctx.services, ctx.viewer, booking.id, query);
    },
  }),
);
