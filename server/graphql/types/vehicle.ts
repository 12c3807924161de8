// One model, one file: every way the schema shows a Vehicle is a variant of the one prismaObject,
// named for its audience and locked to it. A new column reaches an audience by one line in its
// variant (the row already carries it); the REST shims shape the same rows in ../../rest/shapes.
// The customers' list (`vehicles`) reads its rows on the driver (services/vehicles.ts
// listAvailableVehicles) with the columns `Vehicle` shows; an admin booking entry's car is a plain
// object type over the columns its service reads.
import type { AdminBookingRow } from "../../services/admin-bookings";
import { featuresOf, FOR_SALE_ROW, VEHICLE_PHOTOS } from "../../services/vehicle-rows";
import type { Prisma } from "../../db";
import { listAvailableVehicles, parseAvailabilityPeriod } from "../../services/vehicles";
import { chargedDailyRate } from "#domain";
import { anyone } from "../access";
import { builder } from "../builder";
import { CategoryEnum, TransmissionEnum, VehicleStatusEnum } from "./enums";
import { JsonScalar } from "./scalars";

const photoUrls = (v: { images: { url: string }[] }) => v.images.map((image) => image.url);

/** A rentable vehicle as customers see it (no registration number: that is for admins). */
export const VehicleRef = builder.prismaObject("Vehicle", {
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    status: t.expose("status", { type: VehicleStatusEnum }),
    mileage: t.exposeInt("mileage"),
    dailyRate: t.field({
      type: "Money",
      description: "Rand per day a booking of this car is charged: its category's rate (the car's own configured price is not what customers pay).",
      resolve: chargedDailyRate,
    }),
    dealershipId: t.exposeID("dealershipId", { nullable: true }),
    images: t.stringList({
      select: { images: { select: { url: true }, orderBy: { position: "asc" } } },
      resolve: photoUrls,
    }),
  }),
});

/** A vehicle as the admin screens use it (SPEC 3 "Admin vehicle"): admins, or a key with vehicles:read. */
export const AdminVehicleRef = builder.prismaObject("Vehicle", {
  variant: "AdminVehicle",
  authScopes: { staff: true },
  include: VEHICLE_PHOTOS,
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    /** Rand per day. */
    pricePerDay: t.expose("dailyRate", { type: "Money" }),
    features: t.stringList({ resolve: featuresOf }),
    /** The first photo: "/objects/uploads/<uuid>" or an http(s) URL. */
    imageUrl: t.string({ nullable: true, resolve: (v) => v.images[0]?.url ?? null }),
    images: t.stringList({ resolve: photoUrls }),
    /** The registration number. */
    licensePlate: t.exposeString("registrationNumber"),
    status: t.expose("status", { type: VehicleStatusEnum }),
    mileage: t.exposeInt("mileage"),
    /** Present when the vehicle's position is tracked ("Location tracked"). */
    lastKnownLocation: t.expose("lastKnownLocation", { type: JsonScalar, nullable: true }),
    /** Set for a dealership's car for sale; null for the rental fleet. */
    dealershipId: t.exposeID("dealershipId", { nullable: true }),
    /** The company of the dealership whose car it is ("Atlantic Motors"); null for the rental fleet. */
    dealershipName: t.string({
      nullable: true,
      select: { dealership: { select: { companyName: true } } },
      resolve: (v) => v.dealership?.companyName ?? null,
    }),
    /** When a dealership marked it sold (status sold); null otherwise. */
    soldAt: t.expose("soldAt", { type: "DateTime", nullable: true }),
    /** Out on a trip in progress. A rented car not on one takes no bookings (domain takesBookings): the screens say so. */
    onTrip: t.boolean({
      select: { bookings: { where: { status: "in_progress" }, select: { id: true }, take: 1 } },
      resolve: (v) => v.bookings.length > 0,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

/** The car of an admin booking list entry (the columns the entry reads with it: ADMIN_BOOKING_ENTRY_INCLUDE). */
export const AdminBookingVehicleRef = builder.objectRef<NonNullable<AdminBookingRow["vehicle"]>>("AdminBookingVehicle").implement({
  authScopes: { staff: true },
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    registrationNumber: t.exposeString("registrationNumber"),
    dailyRate: t.expose("dailyRate", {
      type: "Money",
      description: "The car's own configured price per day (the admin's Price per day); bookings are charged their category's rate.",
    }),
    status: t.expose("status", { type: VehicleStatusEnum, description: "The car's status now: a booking ahead whose car went to maintenance needs another." }),
  }),
});

/** A vehicle of the signed-in dealership's inventory. */
export const DealershipVehicleRef = builder.prismaObject("Vehicle", {
  variant: "DealershipVehicle",
  description: "A vehicle of the signed-in dealership's inventory.",
  authScopes: { dealership: true },
  include: VEHICLE_PHOTOS,
  fields: (t) => ({
    id: t.exposeID("id"),
    registrationNumber: t.exposeString("registrationNumber"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    /** `rented` is shown as "Booked" on the dealership screens. */
    status: t.expose("status", { type: VehicleStatusEnum }),
    mileage: t.exposeInt("mileage"),
    dailyRate: t.expose("dailyRate", { type: "Money" }),
    /** The car is listed for sale when this is above zero. */
    salesPrice: t.expose("salesPrice", { type: "Money", nullable: true }),
    /** "/objects/uploads/<uuid>" paths, in display order. */
    images: t.stringList({ resolve: photoUrls }),
    dealershipId: t.exposeID("dealershipId", { nullable: true }),
    /** When it was marked sold (status sold); null otherwise. */
    soldAt: t.expose("soldAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

/** The car an enquiry is about, as its dealership's lead list shows it. */
export const DealershipLeadVehicleRef = builder.prismaObject("Vehicle", {
  variant: "DealershipLeadVehicle",
  authScopes: { dealership: true },
  include: VEHICLE_PHOTOS,
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    registrationNumber: t.exposeString("registrationNumber"),
    salesPrice: t.expose("salesPrice", { type: "Money", nullable: true }),
    /** The first photo, or null. */
    image: t.string({ nullable: true, resolve: (v) => v.images[0]?.url ?? null }),
    /** When the car was marked sold; null while it is for sale (its leads stay readable either way). */
    soldAt: t.expose("soldAt", { type: "DateTime", nullable: true }),
  }),
});

/** The selling dealership as buyers see it (never its email, phone or password). */
const ForSaleSellerRef = builder.prismaObject("Dealership", {
  variant: "ForSaleSeller",
  description: "The selling dealership as buyers see it (never its email, phone or password).",
  fields: (t) => ({
    companyName: t.exposeString("companyName"),
    city: t.exposeString("city", { nullable: true }),
  }),
});

/** A dealership's car listed for sale (public). */
export const ForSaleVehicleRef = builder.prismaObject("Vehicle", {
  variant: "ForSaleVehicle",
  description: "A dealership's car listed for sale.",
  include: FOR_SALE_ROW,
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    category: t.expose("category", { type: CategoryEnum }),
    transmission: t.expose("transmission", { type: TransmissionEnum }),
    mileage: t.exposeInt("mileage"),
    /** Shown without decimals. Always set: a car without one is not listed. */
    salesPrice: t.field({ type: "Money", resolve: (v) => v.salesPrice! }),
    /** "/objects/uploads/<uuid>" paths, in display order. */
    images: t.stringList({ resolve: photoUrls }),
    // Listed cars always have a dealership (the listing's where clause requires one).
    dealership: t.field({ type: ForSaleSellerRef, resolve: (v) => v.dealership! }),
    /** When the car was added. */
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryField("vehicles", (t) =>
  t.prismaField({
    ...anyone,
    type: [VehicleRef],
    description:
      "Available vehicles, filtered on exact category and transmission; at most 100 a page. Given a pickupDate and returnDate " +
      "(ISO instants with a zone), only vehicles with no pending, confirmed or in-progress booking overlapping that period.",
    args: {
      category: t.arg({ type: CategoryEnum, required: false }),
      transmission: t.arg({ type: TransmissionEnum, required: false }),
      pickupDate: t.arg.string({ required: false }),
      returnDate: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    // Rows from the driver, not from Prisma: `query` (what the selection needs) only says whether
    // photos are asked for. They carry every column VehicleRef exposes (checked by vehicles.test.ts
    // against Prisma's rows), which is all the plugin reads of them; photos are in `images`, where
    // the plugin expects the relation it would have loaded.
    resolve: async (query, _root, args, ctx) =>
      (await listAvailableVehicles(
        ctx.services,
        {
          category: args.category ?? undefined,
          transmission: args.transmission ?? undefined,
          period: parseAvailabilityPeriod(args),
          limit: args.limit ?? undefined,
          offset: args.offset ?? undefined,
        },
        asksForPhotos(query),
      )) as unknown as Prisma.VehicleGetPayload<object>[],
  }),
);

/** Whether the plugin's query for a selection of VehicleRef loads the photos (`images` was asked for). */
const asksForPhotos = (query: { include?: { images?: unknown }; select?: { images?: unknown } }) => Boolean(query.include?.images ?? query.select?.images);
