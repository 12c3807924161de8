// Changing a booking and extending a trip (services/booking-changes.ts): the quote the customer
// (or admin) sees first, the change itself, and each booking's history of changes.
import { centsToDecimal, changedFields, priceDifferenceText, type ChangedField } from "#domain";
import { getMyBooking } from "../../services/bookings";
import { changeBooking, extendTrip, quoteBookingChange, quoteTripExtension, type ChangeQuote } from "../../services/booking-changes";
import { findAdminBooking } from "../../services/admin-bookings";
import { customerOnly } from "../access";
import { builder } from "../builder";
import { AdminBookingRef } from "./admin-bookings";
import { BookingRef } from "./booking";
import { BookingStatusEnum, CategoryEnum, TransmissionEnum, VehicleStatusEnum } from "./enums";

const ChangedFieldRef = builder.objectRef<ChangedField>("ChangedField").implement({
  description: 'One thing a change altered, as the customer reads it: "Return", "Mar 08, 2026, 10:00" -> "Mar 09, 2026, 10:00".',
  fields: (t) => ({
    /** pickupDate, returnDate, deliveryLocation, returnLocation, category or transmission. */
    field: t.exposeString("field"),
    label: t.exposeString("label"),
    from: t.exposeString("from"),
    to: t.exposeString("to"),
  }),
});

const ChangeCarEnum = builder.enumType("ChangeCar", {
  description: "Which car a change would get: the booking's own, another of the kind, or none is free.",
  values: ["same", "other", "none"] as const,
});

const ChangeQuoteRef = builder.objectRef<ChangeQuote>("BookingChangeQuote").implement({
  description: "The server's figures for a change before it is made; the confirm must send total and days back unchanged.",
  fields: (t) => ({
    days: t.int({ resolve: (q) => q.quote.days }),
    /** Rand per day. */
    dailyRate: t.field({ type: "Money", resolve: (q) => centsToDecimal(Math.round(q.quote.dailyRate * 100)) }),
    /** The new total. */
    total: t.field({ type: "Money", resolve: (q) => q.quote.total }),
    oldTotal: t.field({ type: "Money", resolve: (q) => centsToDecimal(q.oldTotalCents) }),
    /** New total minus old (negative when the change costs less). */
    difference: t.field({ type: "Money", resolve: (q) => centsToDecimal(q.differenceCents) }),
    /** "R650 more", "R450 less" or "No change in price". */
    differenceText: t.string({ resolve: (q) => priceDifferenceText(q.differenceCents) }),
    changes: t.field({ type: [ChangedFieldRef], resolve: (q) => q.changes }),
    car: t.field({ type: ChangeCarEnum, resolve: (q) => q.car }),
    /** A trip in progress: when its car is next booked (the latest return an extension can have); null when free. */
    freeUntil: t.field({ type: "DateTime", nullable: true, resolve: (q) => q.freeUntil }),
  }),
});

/** One change of a booking, for its customer and for admins. */
export const BookingChangeRef = builder.prismaObject("BookingChange", {
  fields: (t) => ({
    id: t.exposeID("id"),
    /** change, extension, shortening, or status (a person set the status: fromStatus and toStatus say which; nothing else changed). */
    kind: t.exposeString("kind"),
    /** The status before a status change; null for the other kinds. */
    fromStatus: t.expose("fromStatus", { type: BookingStatusEnum, nullable: true }),
    /** The status it set; null for the other kinds. */
    toStatus: t.expose("toStatus", { type: BookingStatusEnum, nullable: true }),
    /** Staff only: the assigned car's status before a status change moved it (on or off the road); null when the car stayed as it was. */
    fromVehicleStatus: t.expose("fromVehicleStatus", { type: VehicleStatusEnum, nullable: true, authScopes: { staff: true } }),
    /** Staff only: the car's status that change set; null when the car stayed as it was. */
    toVehicleStatus: t.expose("toVehicleStatus", { type: VehicleStatusEnum, nullable: true, authScopes: { staff: true } }),
    /** Who made it: the customer, or our staff (an admin or an integration). */
    madeBy: t.string({ resolve: (c) => (c.actorType === "customer" ? "customer" : "staff") }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    changes: t.field({
      type: [ChangedFieldRef],
      resolve: (c) =>
        changedFields(
          {
            pickupDate: c.fromPickupDate,
            returnDate: c.fromReturnDate,
            deliveryLocation: c.fromDeliveryLocation,
            returnLocation: c.fromReturnLocation,
            category: c.fromCategory,
            transmission: c.fromTransmission,
          },
          {
            pickupDate: c.toPickupDate,
            returnDate: c.toReturnDate,
            deliveryLocation: c.toDeliveryLocation,
            returnLocation: c.toReturnLocation,
            category: c.toCategory,
            transmission: c.toTransmission,
          },
        ),
    }),
    oldTotal: t.field({ type: "Money", resolve: (c) => centsToDecimal(c.fromTotalCents) }),
    newTotal: t.field({ type: "Money", resolve: (c) => centsToDecimal(c.toTotalCents) }),
    differenceText: t.string({ resolve: (c) => priceDifferenceText(c.toTotalCents - c.fromTotalCents) }),
    /** Whether the change moved the booking to another car. */
    carChanged: t.boolean({ resolve: (c) => c.fromVehicleId !== c.toVehicleId }),
  }),
});

const changesField = { type: BookingChangeRef, query: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] } };
builder.prismaObjectField(BookingRef, "changes", (t) => t.relation("changes", { ...changesField, description: "The booking's changes, oldest first." }));
builder.prismaObjectField(AdminBookingRef, "changes", (t) => t.relation("changes", { ...changesField, description: "The booking's changes, oldest first." }));

// Every field optional: what is left out stays as it is. Locations come with their coordinates.
const BookingChangeInput = builder.inputType("BookingChangeInput", {
  fields: (t) => ({
    category: t.field({ type: CategoryEnum, required: false }),
    transmission: t.field({ type: TransmissionEnum, required: false }),
    /** ISO 8601 instant with a zone. */
    pickupDate: t.string({ required: false }),
    returnDate: t.string({ required: false }),
    deliveryLocation: t.string({ required: false }),
    /** "lat,lon" */
    deliveryCoordinates: t.string({ required: false }),
    returnLocation: t.string({ required: false }),
    returnCoordinates: t.string({ required: false }),
    /** The new total the customer was shown; refused with the server's figures when it differs. */
    totalAmount: t.string({ required: false }),
    duration: t.int({ required: false }),
  }),
});

const TripExtensionInput = builder.inputType("TripExtensionInput", {
  fields: (t) => ({
    returnDate: t.string({ required: true }),
    totalAmount: t.string({ required: false }),
    duration: t.int({ required: false }),
  }),
});

builder.queryField("bookingChangeQuote", (t) =>
  t.field({
    ...customerOnly,
    type: ChangeQuoteRef,
    description: "What changing one of the customer's own bookings would cost, and whether a car is free (nothing is changed).",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BookingChangeInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => quoteBookingChange(ctx.services, ctx.viewer, String(id), input),
  }),
);

builder.queryField("tripExtensionQuote", (t) =>
  t.field({
    ...customerOnly,
    type: ChangeQuoteRef,
    description: "What extending a trip in progress to a new return would cost, and until when its car is free.",
    args: { id: t.arg.id({ required: true }), returnDate: t.arg.string({ required: true }) },
    resolve: (_root, { id, returnDate }, ctx) => quoteTripExtension(ctx.services, ctx.viewer, String(id), { returnDate }),
  }),
);

builder.mutationField("changeBooking", (t) =>
  t.prismaField({
    ...customerOnly,
    type: BookingRef,
    description:
      "Changes one of the customer's own bookings (up to 24 hours before pickup): dates, places, category, transmission. Keeps the car when it is free, else another of the kind; CONFLICT when none is. Asking for the details the booking already has (the same change sent again) answers the booking as it is and writes nothing.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BookingChangeInput, required: true }) },
    resolve: async (query, _root, { id, input }, ctx) => {
      const { booking } = await changeBooking(ctx.services, ctx.viewer, String(id), input);
      return getMyBooking(ctx.services, ctx.viewer, booking.id, query);
    },
  }),
);

builder.mutationField("extendTrip", (t) =>
  t.prismaField({
    ...customerOnly,
    type: BookingRef,
    description:
      "Extends a trip in progress to a later return when its car is free for the extra time (CONFLICT says until when it is). The same extension sent again answers the booking as it is.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TripExtensionInput, required: true }) },
    resolve: async (query, _root, { id, input }, ctx) => {
      const { booking } = await extendTrip(ctx.services, ctx.viewer, String(id), input);
      return getMyBooking(ctx.services, ctx.viewer, booking.id, query);
    },
  }),
);

builder.queryField("adminBookingChangeQuote", (t) =>
  t.field({
    type: ChangeQuoteRef,
    description: "What a change of any open booking would cost, and whether a car is free. Admins, or an API key with bookings:write.",
    authScopes: { admin: true, permission: "bookings:write" },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BookingChangeInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => quoteBookingChange(ctx.services, ctx.viewer, String(id), input),
  }),
);

builder.mutationField("adminChangeBooking", (t) =>
  t.field({
    type: AdminBookingRef,
    description:
      "Changes any open booking (no 24-hour limit); of a trip in progress only the return, to extend or shorten it. Audited. Admins, or an API key with bookings:write.",
    authScopes: { admin: true, permission: "bookings:write" },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BookingChangeInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => {
      const { booking } = await changeBooking(ctx.services, ctx.viewer, String(id), input);
      return findAdminBooking(ctx.services, booking.id);
    },
  }),
);
