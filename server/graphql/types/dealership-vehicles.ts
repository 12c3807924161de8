// The dealership's own inventory and its leads (dealership scope only). Inputs are loosely typed
// so a missing or bad value gets the add form's own message from the shared zod schema.
import { DEALERSHIP_FORM_STATUSES } from "../../domain";
import { leadJson, listOwnLeads, markOwnLeadRead, type DealershipLeadJson } from "../../services/dealership-leads";
import {
  createOwnVehicle,
  dealershipVehicleJson,
  deleteOwnVehicle,
  getOwnVehicle,
  listOwnVehicles,
  ownVehicleStats,
  updateOwnVehicle,
  type DealershipVehicleJson,
  type DealershipVehicleStats,
} from "../../services/dealership-vehicles";
import { builder } from "../builder";
import { dealershipOnly } from "./dealership";
import { CategoryEnum, TransmissionEnum, VehicleStatusEnum } from "./enums";

export const DealershipVehicleStatusEnum = builder.enumType("DealershipVehicleStatus", {
  description: "The statuses the dealership's form offers (a booked car is `rented`, shown as Booked).",
  values: DEALERSHIP_FORM_STATUSES,
});

export const DealershipVehicleRef = builder.objectRef<DealershipVehicleJson>("DealershipVehicle").implement({
  description: "A vehicle of the signed-in dealership's inventory.",
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
    /** Rand per day as a decimal string, e.g. "450.00". */
    dailyRate: t.exposeString("dailyRate"),
    /** Rand as a decimal string; the car is listed for sale when this is above zero. */
    salesPrice: t.exposeString("salesPrice", { nullable: true }),
    /** "/objects/uploads/<uuid>" paths, in display order. */
    images: t.exposeStringList("images"),
    dealershipId: t.exposeID("dealershipId", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
    updatedAt: t.exposeString("updatedAt"),
  }),
});

const DealershipVehicleStatsRef = builder.objectRef<DealershipVehicleStats>("DealershipVehicleStats").implement({
  description: "The dashboard's stat cards.",
  fields: (t) => ({
    total: t.exposeInt("total"),
    available: t.exposeInt("available"),
    /** Status `rented`. */
    booked: t.exposeInt("booked"),
    maintenance: t.exposeInt("maintenance"),
    outOfService: t.exposeInt("outOfService"),
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
    resolve: async (_root, args, ctx) =>
      (await listOwnVehicles(ctx.services, ctx.viewer, { limit: args.limit ?? undefined, offset: args.offset ?? undefined })).map(dealershipVehicleJson),
  }),
);

builder.queryField("dealershipVehicle", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description: "One of the signed-in dealership's vehicles (NOT_FOUND for anyone else's).",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => dealershipVehicleJson(await getOwnVehicle(ctx.services, ctx.viewer, String(args.id))),
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
    description: "Adds a vehicle to the signed-in dealership's inventory. CONFLICT when the registration number is taken.",
    ...dealershipOnly,
    args: { input: t.arg({ type: DealershipVehicleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => dealershipVehicleJson(await createOwnVehicle(ctx.services, ctx.viewer, input)),
  }),
);

builder.mutationField("updateDealershipVehicle", (t) =>
  t.field({
    type: DealershipVehicleRef,
    description: "Edits one of the signed-in dealership's vehicles; left-out fields keep their values.",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: DealershipVehicleInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => dealershipVehicleJson(await updateOwnVehicle(ctx.services, ctx.viewer, String(id), input)),
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

const LeadVehicleRef = builder.objectRef<DealershipLeadJson["vehicle"]>("DealershipLeadVehicle").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    registrationNumber: t.exposeString("registrationNumber"),
    salesPrice: t.exposeString("salesPrice", { nullable: true }),
    /** The first photo, if any. */
    image: t.exposeString("image", { nullable: true }),
  }),
});

export const DealershipLeadRef = builder.objectRef<DealershipLeadJson>("DealershipLead").implement({
  description: "A buyer's Contact Seller enquiry about one of the dealership's cars.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    message: t.exposeString("message"),
    /** ISO instant when the dealership opened it; null = new. */
    readAt: t.exposeString("readAt", { nullable: true }),
    createdAt: t.exposeString("createdAt"),
    vehicle: t.field({ type: LeadVehicleRef, resolve: (lead) => lead.vehicle }),
  }),
});

const DealershipLeadListRef = builder.objectRef<{ leads: DealershipLeadJson[]; unread: number }>("DealershipLeadList").implement({
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
      return { leads: leads.map(leadJson), unread };
    },
  }),
);

builder.mutationField("markDealershipLeadRead", (t) =>
  t.field({
    type: DealershipLeadRef,
    description: "Marks one of the signed-in dealership's enquiries read (NOT_FOUND for anyone else's).",
    ...dealershipOnly,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => leadJson(await markOwnLeadRead(ctx.services, ctx.viewer, String(id))),
  }),
);
