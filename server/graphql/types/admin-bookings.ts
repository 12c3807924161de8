import { assignBookingVehicle, listAdminBookings, setBookingLocation, updateBookingStatus, type AdminBookingEntry } from "../../services/admin-bookings";
import { builder } from "../builder";
import { withoutNulls } from "./admin-vehicles";
import { BookingStatusEnum, CategoryEnum, TransmissionEnum } from "./enums";

type EntryUser = AdminBookingEntry["user"];
type EntryVehicle = NonNullable<AdminBookingEntry["vehicle"]>;

const AdminBookingUserRef = builder.objectRef<EntryUser>("AdminBookingUser").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    /** The first word of the name. */
    firstName: t.exposeString("firstName"),
    /** The rest of the name. */
    lastName: t.exposeString("lastName"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
  }),
});

const AdminBookingVehicleRef = builder.objectRef<EntryVehicle>("AdminBookingVehicle").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    registrationNumber: t.exposeString("registrationNumber"),
    /** "450.00" */
    dailyRate: t.exposeString("dailyRate"),
  }),
});

/** SPEC 3 "Admin booking list entry": the booking, its customer and its vehicle (if assigned). */
export const AdminBookingRef = builder.objectRef<AdminBookingEntry>("AdminBooking").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    /** The last 8 characters of the id (admin screens). */
    bookingNumber: t.exposeString("bookingNumber"),
    createdAt: t.exposeString("createdAt"),
    updatedAt: t.exposeString("updatedAt"),
    status: t.expose("status", { type: BookingStatusEnum }),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    /** ISO instants. */
    pickupDate: t.exposeString("pickupDate"),
    returnDate: t.exposeString("returnDate"),
    duration: t.exposeInt("duration"),
    /** "1350.00" */
    totalAmount: t.exposeString("totalAmount"),
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
    carCategory: t.expose("carCategory", { type: CategoryEnum }),
    deliveryDateTime: t.exposeString("deliveryDateTime"),
    totalPrice: t.exposeString("totalPrice"),
    user: t.field({ type: AdminBookingUserRef, resolve: (b) => b.user }),
    vehicle: t.field({ type: AdminBookingVehicleRef, nullable: true, resolve: (b) => b.vehicle }),
  }),
});

const AdminBookingPageRef = builder.objectRef<{ items: AdminBookingEntry[]; total: number }>("AdminBookingPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AdminBookingRef], resolve: (page) => page.items }),
    total: t.exposeInt("total"),
  }),
});

builder.queryField("adminBookings", (t) =>
  t.field({
    type: AdminBookingPageRef,
    description: "Bookings, newest first, at most 100 a page. Admins, or an API key with bookings:read.",
    authScopes: { admin: true, permission: "bookings:read" },
    args: { status: t.arg({ type: BookingStatusEnum, required: false }), limit: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => listAdminBookings(ctx.services, ctx.viewer, withoutNulls(args)),
  }),
);

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
