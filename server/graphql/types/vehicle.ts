import { listVehicles, parseAvailabilityPeriod } from "../../services/vehicles";
import { builder } from "../builder";
import { CategoryEnum, TransmissionEnum, VehicleStatusEnum } from "./enums";

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
    /** Rand per day as a decimal string, e.g. "450.00". */
    dailyRate: t.string({ resolve: (v) => v.dailyRate.toFixed(2) }),
    dealershipId: t.exposeID("dealershipId", { nullable: true }),
    images: t.stringList({
      select: { images: { select: { url: true }, orderBy: { position: "asc" } } },
      resolve: (v) => v.images.map((image) => image.url),
    }),
  }),
});

builder.queryField("vehicles", (t) =>
  t.prismaField({
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
    resolve: (query, _root, args, ctx) =>
      listVehicles(
        ctx.services,
        {
          category: args.category ?? undefined,
          transmission: args.transmission ?? undefined,
          period: parseAvailabilityPeriod(args),
          limit: args.limit ?? undefined,
          offset: args.offset ?? undefined,
        },
        query,
      ) as never,
  }),
);
