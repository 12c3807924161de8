import { createAdminVehicle, deleteAdminVehicle, getAdminVehicle, listAdminVehicles, updateAdminVehicle } from "../../services/admin-vehicles";
import { ASSIGNABLE_VEHICLES_PERMISSIONS, assignableVehicles } from "../../services/admin-bookings";
import { createUpload } from "../../services/uploads";
import { builder } from "../builder";
import { CategoryEnum, TransmissionEnum, VehicleStatusEnum } from "./enums";
import { UploadTicketRef } from "./uploads";
import { AdminVehicleRef } from "./vehicle";
import type { VehicleWithPhotos } from "../../services/vehicle-rows";

const AdminVehiclePageRef = builder.objectRef<{ items: VehicleWithPhotos[]; total: number }>("AdminVehiclePage").implement({
  fields: (t) => ({
    items: t.field({ type: [AdminVehicleRef], resolve: (page) => page.items }),
    /** All vehicles matching the filter, over every page. */
    total: t.exposeInt("total"),
  }),
});

const VehicleOwnerEnum = builder.enumType("VehicleOwner", {
  values: { fleet: { description: "The rental fleet (default)" }, dealership: { description: "Dealerships' cars for sale" }, all: {} } as const,
});

const AdminVehicleInput = builder.inputType("AdminVehicleInput", {
  description: "The admin vehicle form. On update, fields left out keep their values.",
  fields: (t) => ({
    make: t.string({ required: false }),
    model: t.string({ required: false }),
    year: t.int({ required: false }),
    category: t.field({ type: CategoryEnum, required: false }),
    transmission: t.field({ type: TransmissionEnum, required: false }),
    /** Rand per day, at least 1. */
    pricePerDay: t.float({ required: false }),
    features: t.stringList({ required: false }),
    /** "" for none; an upload's objectPath (vehicle_photo) or an http(s) URL. */
    imageUrl: t.string({ required: false }),
    licensePlate: t.string({ required: false }),
    status: t.field({ type: VehicleStatusEnum, required: false }),
  }),
});

builder.queryField("adminVehicles", (t) =>
  t.field({
    type: AdminVehiclePageRef,
    description: "Vehicles by make and model, at most 100 a page. Admins, or an API key with vehicles:read.",
    authScopes: { admin: true, permission: "vehicles:read" },
    args: {
      status: t.arg({ type: VehicleStatusEnum, required: false }),
      category: t.arg({ type: CategoryEnum, required: false }),
      transmission: t.arg({ type: TransmissionEnum, required: false }),
      owner: t.arg({ type: VehicleOwnerEnum, required: false }),
      search: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => listAdminVehicles(ctx.services, ctx.viewer, withoutNulls(args)),
  }),
);

builder.queryField("adminVehicle", (t) =>
  t.field({
    type: AdminVehicleRef,
    authScopes: { admin: true, permission: "vehicles:read" },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => getAdminVehicle(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.queryField("assignableVehicles", (t) =>
  t.field({
    type: [AdminVehicleRef],
    description:
      "Vehicles that could be assigned to a booking: available, its category and transmission, free for its period. Admins, or an API key with both bookings:read and vehicles:read.",
    authScopes: { admin: true, permission: ASSIGNABLE_VEHICLES_PERMISSIONS },
    args: { bookingId: t.arg.id({ required: true }) },
    resolve: (_root, { bookingId }, ctx) => assignableVehicles(ctx.services, ctx.viewer, String(bookingId)),
  }),
);

builder.mutationField("createAdminVehicle", (t) =>
  t.field({
    type: AdminVehicleRef,
    description: "Adds a vehicle to the rental fleet. 409 CONFLICT for a license plate already in use.",
    authScopes: { admin: true },
    args: { input: t.arg({ type: AdminVehicleInput, required: true }) },
    resolve: (_root, { input }, ctx) => createAdminVehicle(ctx.services, ctx.viewer, input),
  }),
);

builder.mutationField("updateAdminVehicle", (t) =>
  t.field({
    type: AdminVehicleRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AdminVehicleInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => updateAdminVehicle(ctx.services, ctx.viewer, String(id), input),
  }),
);

builder.mutationField("deleteAdminVehicle", (t) =>
  t.boolean({
    description: "Deletes a vehicle; 409 CONFLICT while it has upcoming bookings (set it to out_of_service instead).",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteAdminVehicle(ctx.services, ctx.viewer, String(id));
      return true;
    },
  }),
);

builder.mutationField("createVehiclePhotoUpload", (t) =>
  t.field({
    type: UploadTicketRef,
    description: "Starts a vehicle photo upload for the signed-in admin: PUT the image to uploadURL, then save objectPath as imageUrl.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => createUpload(ctx.services, ctx.viewer, "vehicle_photo"),
  }),
);

/** GraphQL passes null for arguments left out; the services' schemas want them absent. */
export function withoutNulls<T extends Record<string, unknown>>(args: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}
