import { bookingNumber, splitName } from "#domain";
import type { GraphQLResolveInfo } from "graphql";
import {
  ADMIN_BOOKING_ENTRY_INCLUDE,
  assignBookingVehicle,
  type EntryParts,
  listAdminBookings,
  setBookingLocation,
  updateBookingStatus,
  type AdminBookingRow,
  WHOLE_ENTRY,
} from "../../services/admin-bookings";
import { builder } from "../builder";
import { forEachSelectedField } from "../selection";
import { withoutNulls } from "./admin-vehicles";
import { BookingStatusEnum, CategoryEnum, TransmissionEnum } from "./enums";
import { HandoverReportRef } from "./handovers";
import { accountOf, ACCOUNT_HANDOVERS, BookingAccountRef } from "./account";
import { AdminBookingVehicleRef } from "./vehicle";

/** The customer of an admin booking list entry (the columns the entry reads with it: ADMIN_BOOKING_ENTRY_INCLUDE). */
const AdminBookingUserRef = builder.objectRef<AdminBookingRow["user"]>("AdminBookingUser").implement({
  authScopes: { staff: true },
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    /** The first word of the name. */
    firstName: t.string({ resolve: (u) => splitName(u.name).firstName }),
    /** The rest of the name. */
    lastName: t.string({ resolve: (u) => splitName(u.name).lastName }),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
  }),
});

/** SPEC 3 "Admin booking list entry": the booking, its customer and its vehicle (if assigned). */
export const AdminBookingRef = builder.prismaObject("Booking", {
  variant: "AdminBooking",
  authScopes: { staff: true },
  include: ADMIN_BOOKING_ENTRY_INCLUDE.include,
  fields: (t) => ({
    id: t.exposeID("id"),
    /** The last 8 characters of the id (admin screens). */
    bookingNumber: t.string({ resolve: (b) => bookingNumber(b.id, "admin") }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    status: t.expose("status", { type: BookingStatusEnum }),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    pickupDate: t.expose("pickupDate", { type: "DateTime" }),
    returnDate: t.expose("returnDate", { type: "DateTime" }),
    duration: t.exposeInt("duration"),
    totalAmount: t.expose("totalAmount", { type: "Money" }),
    deliveryLocation: t.exposeString("deliveryLocation"),
    deliveryCoordinates: t.exposeString("deliveryCoordinates"),
    /** False when the customer typed an address the geocoder could not place: call to confirm it, then set the real point. */
    deliveryVerified: t.exposeBoolean("deliveryVerified"),
    returnLocation: t.exposeString("returnLocation"),
    returnCoordinates: t.exposeString("returnCoordinates"),
    /** As deliveryVerified, for the return point. */
    returnVerified: t.exposeBoolean("returnVerified"),
    specialRequests: t.exposeString("specialRequests", { nullable: true }),
    userId: t.exposeID("userId"),
    vehicleId: t.exposeID("vehicleId", { nullable: true }),
    /** Dashboard aliases: category, pickupDate and totalAmount. */
    carCategory: t.expose("category", { type: CategoryEnum }),
    deliveryDateTime: t.expose("pickupDate", { type: "DateTime" }),
    totalPrice: t.expose("totalAmount", { type: "Money" }),
    user: t.field({ type: AdminBookingUserRef, resolve: (b) => b.user }),
    vehicle: t.field({ type: AdminBookingVehicleRef, nullable: true, resolve: (b) => b.vehicle }),
    /** The booking's delivery and collection jobs, at most one of each kind (a job exists once a driver was first assigned). */
    handovers: t.relation("handovers", { type: HandoverReportRef, query: { orderBy: [{ createdAt: "asc" }] } }),
    /** What the customer owes for it: the rental, each charge added at the collection, any credit, and the balance. */
    account: t.field({ type: BookingAccountRef, select: ACCOUNT_HANDOVERS, resolve: accountOf }),
  }),
});

const AdminBookingPageRef = builder.objectRef<{ items: AdminBookingRow[]; total: number }>("AdminBookingPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AdminBookingRef], resolve: (page) => page.items }),
    total: t.exposeInt("total"),
  }),
});

builder.queryField("adminBookings", (t) =>
  t.field({
    type: AdminBookingPageRef,
    description:
      "Bookings, newest first, at most 100 a page; `search` finds a booking number (its end, with or without #), the customer's name, email or phone, or the car's registration. Admins, or an API key with bookings:read.",
    authScopes: { admin: true, permission: "bookings:read" },
    args: {
      status: t.arg({ type: BookingStatusEnum, required: false }),
      search: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx, info) => listAdminBookings(ctx.services, ctx.viewer, withoutNulls(args), entryPartsFor(info)),
  }),
);

type EntryPart = EntryParts["booking"][number] | "user" | "vehicle";
/**
 * What each AdminBooking field reads of an entry. A field missing here (one added later, or the
 * handovers, which Pothos loads from the booking as it likes) makes the page read whole entries,
 * so a page never lacks what a field needs. `admin-bookings.test.ts` beside this file checks that
 * each field answers the same alone as with every field, and that every field is mapped.
 */
const ENTRY_FIELD_PARTS = new Map<string, readonly EntryPart[]>(
  Object.entries({
    __typename: [],
    id: ["id"],
    bookingNumber: ["id"],
    createdAt: ["createdAt"],
    updatedAt: ["updatedAt"],
    status: ["status"],
    category: ["category"],
    carCategory: ["category"],
    transmission: ["transmission"],
    pickupDate: ["pickupDate"],
    deliveryDateTime: ["pickupDate"],
    returnDate: ["returnDate"],
    duration: ["duration"],
    totalAmount: ["totalAmount"],
    totalPrice: ["totalAmount"],
    deliveryLocation: ["deliveryLocation"],
    deliveryCoordinates: ["deliveryCoordinates"],
    deliveryVerified: ["deliveryVerified"],
    returnLocation: ["returnLocation"],
    returnCoordinates: ["returnCoordinates"],
    returnVerified: ["returnVerified"],
    specialRequests: ["specialRequests"],
    userId: ["userId"],
    vehicleId: ["vehicleId"],
    user: ["user"],
    vehicle: ["vehicle"],
    // Its collection's charges are loaded by Pothos (the field's select), as the handovers are.
    account: ["status", "totalAmount", "duration"],
  } satisfies Record<string, EntryPart[]>),
);

/** The AdminBooking fields whose parts are known (any other reads whole entries). */
export const MAPPED_ENTRY_FIELDS: ReadonlySet<string> = new Set(ENTRY_FIELD_PARTS.keys());

/** The parts of each entry that `adminBookings { items { ... } }` asks for (fragments included), or whole entries. */
export function entryPartsFor(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">): EntryParts {
  const wanted = new Set<EntryPart>();
  let whole = false;
  for (const node of info.fieldNodes)
    forEachSelectedField(node.selectionSet, info.fragments, (field) => {
      if (field.name.value !== "items") return;
      forEachSelectedField(field.selectionSet, info.fragments, (entryField) => {
        const parts = ENTRY_FIELD_PARTS.get(entryField.name.value);
        if (!parts) whole = true;
        else for (const part of parts) wanted.add(part);
      });
    });
  if (whole) return WHOLE_ENTRY;
  return {
    booking: [...wanted].filter((part): part is EntryParts["booking"][number] => part !== "user" && part !== "vehicle"),
    user: wanted.has("user"),
    vehicle: wanted.has("vehicle"),
  };
}

builder.mutationField("updateBookingStatus", (t) =>
  t.field({
    type: AdminBookingRef,
    description: "Sets a booking's status (any of the five). Admins, or an API key with bookings:write.",
    authScopes: { admin: true, permission: "bookings:write" },
    args: { id: t.arg.id({ required: true }), status: t.arg({ type: BookingStatusEnum, required: true }) },
    resolve: (_root, { id, status }, ctx) => updateBookingStatus(ctx.services, ctx.viewer, String(id), { status }),
  }),
);

builder.mutationField("assignBookingVehicle", (t) =>
  t.field({
    type: AdminBookingRef,
    description: "Assigns an available vehicle of the booking's category and transmission that is free for its period.",
    authScopes: { admin: true, permission: "bookings:write" },
    args: { id: t.arg.id({ required: true }), vehicleId: t.arg.id({ required: true }) },
    resolve: (_root, { id, vehicleId }, ctx) => assignBookingVehicle(ctx.services, ctx.viewer, String(id), { vehicleId: String(vehicleId) }),
  }),
);

const BookingLocationPointEnum = builder.enumType("BookingLocationPoint", { values: ["delivery", "return"] as const });

builder.mutationField("setBookingLocation", (t) =>
  t.field({
    type: AdminBookingRef,
    description:
      'Sets the real point ("lat,lon", inside an active service area) of a booking\'s delivery or return location and marks it verified; ' +
      "optionally corrects the address text. Admins, or an API key with bookings:write.",
    authScopes: { admin: true, permission: "bookings:write" },
    args: {
      id: t.arg.id({ required: true }),
      point: t.arg({ type: BookingLocationPointEnum, required: true }),
      coordinates: t.arg.string({ required: true }),
      location: t.arg.string({ required: false }),
    },
    resolve: (_root, { id, ...input }, ctx) => setBookingLocation(ctx.services, ctx.viewer, String(id), withoutNulls(input)),
  }),
);
