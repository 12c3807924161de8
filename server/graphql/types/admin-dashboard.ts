import { adminDashboard, type AdminDashboard } from "../../services/admin-dashboard";
import { listAuditLog, type PublicAuditEntry } from "../../services/audit";
import { builder } from "../builder";
import { AdminBookingRef } from "./admin-bookings";
import { withoutNulls } from "./admin-vehicles";
import { JsonScalar } from "./scalars";

const AdminDashboardRef = builder.objectRef<AdminDashboard>("AdminDashboard").implement({
  fields: (t) => ({
    /** The rental fleet (dealerships' cars for sale are not counted). */
    totalVehicles: t.exposeInt("totalVehicles"),
    availableVehicles: t.exposeInt("availableVehicles"),
    /** Confirmed or in progress. */
    activeBookings: t.exposeInt("activeBookings"),
    totalBookings: t.exposeInt("totalBookings"),
    /** Active bookings / total vehicles, as a rounded percent. */
    fleetUtilization: t.exposeInt("fleetUtilization"),
    /** The 5 most recent bookings. */
    recentBookings: t.field({ type: [AdminBookingRef], resolve: (d) => d.recentBookings }),
  }),
});

const AuditEntryRef = builder.objectRef<PublicAuditEntry>("AuditEntry").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    /** admin | apiKey */
    actorType: t.exposeString("actorType"),
    actorId: t.exposeID("actorId", { nullable: true }),
    actorName: t.exposeString("actorName", { nullable: true }),
    /** e.g. vehicle.update, booking.status, api_key.revoke */
    action: t.exposeString("action"),
    entity: t.exposeString("entity"),
    entityId: t.exposeID("entityId", { nullable: true }),
    before: t.field({ type: JsonScalar, nullable: true, resolve: (e) => e.before }),
    after: t.field({ type: JsonScalar, nullable: true, resolve: (e) => e.after }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const AuditLogPageRef = builder.objectRef<{ items: PublicAuditEntry[]; total: number }>("AuditLogPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AuditEntryRef], resolve: (page) => page.items }),
    total: t.exposeInt("total"),
  }),
});

builder.queryField("adminDashboard", (t) =>
  t.field({
    type: AdminDashboardRef,
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => adminDashboard(ctx.services, ctx.viewer),
  }),
);

builder.queryField("auditLog", (t) =>
  t.field({
    type: AuditLogPageRef,
    description: "Admin changes, newest first, at most 100 a page (admins).",
    authScopes: { admin: true },
    args: {
      entity: t.arg.string({ required: false }),
      entityId: t.arg.id({ required: false }),
      limit: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      listAuditLog(ctx.services, ctx.viewer, withoutNulls({ ...args, entityId: args.entityId == null ? null : String(args.entityId) })),
  }),
);
