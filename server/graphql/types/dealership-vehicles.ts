// The dealership's own inventory and its leads (dealership scope only). Inputs are loosely typed
// so a missing or bad value gets the add form's own message from the shared zod schema.
import { DEALERSHIP_FORM_STATUSES } from "#domain";
import { LEAD_WITH_VEHICLE, listOwnLeads, markOwnLeadRead, type DealershipLead } from "../../services/dealership-leads";
import {
  createOwnVehicle,
  deleteOwnVehicle,
  getOwnVehicle,
  listOwnVehicles,
  markOwnVehicleAvailable,
  markOwnVehicleSold,
  ownVehicleStats,
  updateOwnVehicle,
  type DealershipVehicleStats,
} from "../../services/dealership-vehicles";
import { dealershipOnly } from "../access";
import { builder } from "../builder";
import { CategoryEnum, TransmissionEnum } from "./enums";
import { DealershipLeadVehicleRef, DealershipVehicleRef } from "./vehicle";

export const DealershipVehicleStatusEnum = builder.enumType("DealershipVehicleStatus", {
  description: "The statuses the dealership's form offers (a booked car is `rented`, shown as Booked).",
  values: DEALERSHIP_FORM_STATUSES,
});

const DealershipVehicleStatsRef = builder.objectRef<DealershipVehicleStats>("DealershipVehicleStats").implement({
  description: "The dashboard's stat cards.",
  fields: (t) => ({
    /** The cars in stock: every car but the sold ones. */
    total: t.exposeInt("total"),
    available: t.exposeInt("available"),
    /** Status `rented`. */
    booked: t.exposeInt("booked"),
    maintenance: t.exposeInt("maintenance"),
    outOfService: t.exposeInt("outOfService"),
    /** Marked sold: off Cars for Sale, kept with their leads. */
    sold: t.exposeInt("sold"),
  }),
});

const DealershipVehicleInput = builder.inputType("DealershipVehicleInput", {
  description: "The add/edit form. On create, left-out fields take the form's defaults or its 'required' message; on update, they keep their values.",
  fields: (t) => ({
    registrationNumber: t.string({ required: false }),
    make: t.string({ required: false }),
    model: t.string({ required: false }),
    year: t.int({ required: false }),
    category: t.field({ type: CategoryEnum, required: false }),
    transmission: t.field({ type: TransmissionEnum, required: false }),
    status: t.field({ type: DealershipVehicleStatusEnum, required: false }),
    mileage: t.int({ required: false }),
    /** Rand, e.g. "450" or "450.00". */
    dailyRate: t.string({ required: false }),
    /** Rand; null on update removes the price (the car leaves the for-sale listing). */
    salesPrice: t.string({ required: false }),
    /** Upload URLs or "/objects/uploads/<uuid>" paths of the dealership's own vehicle photos (at most 8), in order. */
    images: t.stringList({ required: false }),
  }),
});

builder.queryField("dealershipVehicles", (t) =>
  t.field({
    type: [DealershipVehicleRef],
    description: "The signed-in dealership's vehicles with their photos, newest first (at most 500 a page).",
    ...dealershipOnly,
    args: { limit: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: async (_root, args, ctx) => listOwnVehicles(ctx.services, ctx.viewer, { limit: args.limit ?? undefined, offset: args.offset ?? undefined }),
  }),
);

builder.queryField("dealershipVehicle", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description: "One of the signed-in dealership's vehicles (NOT_FOUND for anyone else's).",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => getOwnVehicle(ctx.services, ctx.viewer, String(args.id)),
  }),
);

builder.queryField("dealershipVehicleStats", (t) =>
  t.field({
    type: DealershipVehicleStatsRef,
    ...dealershipOnly,
    resolve: (_root, _args, ctx) => ownVehicleStats(ctx.services, ctx.viewer),
  }),
);

builder.mutationField("createDealershipVehicle", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description:
      "Adds a vehicle to the signed-in dealership's inventory. CONFLICT when the registration number is taken. Repeated with the same idempotencyKey, returns the car that key made.",
    ...dealershipOnly,
    args: {
      input: t.arg({ type: DealershipVehicleInput, required: true }),
      idempotencyKey: t.arg.string({
        required: false,
        description:
          "Optional: a key made when the Add Vehicle form opens (a UUID, or 16 to 100 letters, digits, '-', '_', '.' or ':'). The add sent again with it (after a lost answer) returns the car it made instead of CONFLICT; with a different car, UNPROCESSABLE_CONTENT.",
      }),
    },
    resolve: async (_root, { input, idempotencyKey }, ctx) => createOwnVehicle(ctx.services, ctx.viewer, input, { idempotencyKey }),
  }),
);

builder.mutationField("updateDealershipVehicle", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description: "Edits one of the signed-in dealership's vehicles; left-out fields keep their values.",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: DealershipVehicleInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => updateOwnVehicle(ctx.services, ctx.viewer, String(id), input),
  }),
);

builder.mutationField("markDealershipVehicleSold", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description:
      "Marks one of the signed-in dealership's vehicles sold: off Cars for Sale (its page says it has been sold, enquiries are refused), kept with its leads. CONFLICT while it has upcoming bookings.",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => markOwnVehicleSold(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.mutationField("markDealershipVehicleAvailable", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description: "Undoes Mark as sold: the vehicle is available and listed again. A vehicle that is not sold is left as it is.",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => markOwnVehicleAvailable(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.mutationField("deleteDealershipVehicle", (t) =>
  t.boolean({
    description: "Deletes one of the signed-in dealership's vehicles. CONFLICT while it has upcoming bookings.",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteOwnVehicle(ctx.services, ctx.viewer, String(id));
      return true;
    },
  }),
);

// Leads -----------------------------------------------------------------------------------------

export const DealershipLeadRef = builder.prismaObject("Lead", {
  variant: "DealershipLead",
  description: "A buyer's Contact Seller enquiry about one of the dealership's cars.",
  authScopes: { dealership: true },
  include: LEAD_WITH_VEHICLE,
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    message: t.exposeString("message"),
    /** When the dealership opened it; null = new. */
    readAt: t.expose("readAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    vehicle: t.field({ type: DealershipLeadVehicleRef, resolve: (lead) => lead.vehicle }),
  }),
});

const DealershipLeadListRef = builder.objectRef<{ leads: DealershipLead[]; unread: number }>("DealershipLeadList").implement({
  fields: (t) => ({
    leads: t.field({ type: [DealershipLeadRef], resolve: (list) => list.leads }),
    /** Leads not yet marked read (all of them, not just this page). */
    unread: t.exposeInt("unread"),
  }),
});

builder.queryField("dealershipLeads", (t) =>
  t.field({
    type: DealershipLeadListRef,
    description: "The signed-in dealership's enquiries, newest first (at most 200 a page).",
    ...dealershipOnly,
    args: { limit: t.arg.int({ required: false }), offset: t.arg.int({ required: false }), unreadOnly: t.arg.boolean({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const { leads, unread } = await listOwnLeads(ctx.services, ctx.viewer, {
        limit: args.limit ?? undefined,
        offset: args.offset ?? undefined,
        unreadOnly: args.unreadOnly ?? false,
      });
      return { leads, unread };
    },
  }),
);

builder.mutationField("markDealershipLeadRead", (t) =>
  t.field({
    type: DealershipLeadRef,
    description: "Marks one of the signed-in dealership's enquiries read (NOT_FOUND for anyone else's).",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => markOwnLeadRead(ctx.services, ctx.viewer, String(id)),
  }),
);
