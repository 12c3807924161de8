import type { User } from "../../../prisma/generated/sqlite/client";
import { customerStats, getCustomer, listCustomerRows, type CustomerStats } from "../../services/admin-customers";
import {
  CUSTOMER_ACTIVITY_PERMISSIONS,
  cancelCustomerBookings,
  customerActivity,
  setCustomerLimits,
  type CustomerActivity,
} from "../../services/customer-limits";
import { builder } from "../builder";
import { AdminBookingRef } from "./admin-bookings";
import { withoutNulls } from "./admin-vehicles";
import { UserRef } from "./user";

const AdminCustomerPageRef = builder.objectRef<{ items: User[]; total: number }>("AdminCustomerPage").implement({
  fields: (t) => ({
    items: t.field({ type: [UserRef], resolve: (page) => page.items }),
    total: t.exposeInt("total"),
  }),
});

const CustomerStatsRef = builder.objectRef<CustomerStats>("CustomerStats").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    completedProfiles: t.exposeInt("completedProfiles"),
    /** Signed up since the first of this month, Cape Town time. */
    newThisMonth: t.exposeInt("newThisMonth"),
  }),
});

builder.queryField("adminCustomers", (t) =>
  t.field({
    type: AdminCustomerPageRef,
    description: "Customers, newest first, at most 100 a page; search matches name, email or phone. Admins, or an API key with customers:read.",
    authScopes: { admin: true, permission: "customers:read" },
    args: {
      search: t.arg.string({ required: false }),
      profileCompleted: t.arg.boolean({ required: false }),
      limit: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => listCustomerRows(ctx.services, ctx.viewer, withoutNulls(args)),
  }),
);

builder.queryField("adminCustomer", (t) =>
  t.field({
    type: UserRef,
    authScopes: { admin: true, permission: "customers:read" },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => getCustomer(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.queryField("customerStats", (t) =>
  t.field({
    type: CustomerStatsRef,
    authScopes: { admin: true, permission: "customers:read" },
    resolve: (_root, _args, ctx) => customerStats(ctx.services, ctx.viewer),
  }),
);

const UploadUsageRef = builder.objectRef<{ files: number; bytes: number }>("UploadUsage").implement({
  // Bytes as Float: an operator's quota of 2 GiB or more does not fit GraphQL's 32-bit Int.
  fields: (t) => ({ files: t.exposeInt("files"), bytes: t.exposeFloat("bytes") }),
});

const CustomerLimitOverridesRef = builder.objectRef<CustomerActivity["overrides"]>("CustomerLimitOverrides").implement({
  description: "An admin's overrides of the booking limits for one customer; null keeps the operator's default.",
  fields: (t) => ({
    maxActiveBookings: t.exposeInt("maxActiveBookings", { nullable: true }),
    maxRentalDays: t.exposeInt("maxRentalDays", { nullable: true }),
    allowOverlappingBookings: t.exposeBoolean("allowOverlappingBookings"),
  }),
});

const BookingLimitsRef = builder.objectRef<CustomerActivity["limits"]>("BookingLimits").implement({
  fields: (t) => ({ maxActive: t.exposeInt("maxActive"), maxDays: t.exposeInt("maxDays"), allowOverlap: t.exposeBoolean("allowOverlap") }),
});

const CustomerActivityRef = builder.objectRef<CustomerActivity>("CustomerActivity").implement({
  description: "What one customer holds: active bookings (soonest first), stored uploads, and the booking limits in force.",
  fields: (t) => ({
    activeBookings: t.field({ type: [AdminBookingRef], resolve: (a) => a.activeBookings }),
    uploads: t.field({ type: UploadUsageRef, resolve: (a) => a.uploads }),
    uploadQuota: t.field({ type: UploadUsageRef, resolve: (a) => a.uploadQuota }),
    overrides: t.field({ type: CustomerLimitOverridesRef, resolve: (a) => a.overrides }),
    limits: t.field({ type: BookingLimitsRef, resolve: (a) => a.limits }),
  }),
});

const CustomerLimitsInput = builder.inputType("CustomerLimitsInput", {
  fields: (t) => ({
    /** Null: the operator's default (BOOKING_MAX_ACTIVE). */
    maxActiveBookings: t.int({ required: false }),
    /** Null: the operator's default (BOOKING_MAX_DAYS). */
    maxRentalDays: t.int({ required: false }),
    allowOverlappingBookings: t.boolean({ required: true }),
  }),
});

builder.queryField("adminCustomerActivity", (t) =>
  t.field({
    type: CustomerActivityRef,
    description: "A customer's active bookings, uploads and booking limits. Admins, or an API key with both customers:read and bookings:read.",
    authScopes: { admin: true, permission: CUSTOMER_ACTIVITY_PERMISSIONS },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => customerActivity(ctx.services, ctx.viewer, String(id)),
  }),
);

builder.mutationField("setCustomerLimits", (t) =>
  t.field({
    type: CustomerActivityRef,
    description: "Overrides the booking limits for one customer (null restores a default). Admins only; audited.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CustomerLimitsInput, required: true }) },
    resolve: (_root, { id, input }, ctx) =>
      setCustomerLimits(ctx.services, ctx.viewer, String(id), {
        maxActiveBookings: input.maxActiveBookings ?? null,
        maxRentalDays: input.maxRentalDays ?? null,
        allowOverlappingBookings: input.allowOverlappingBookings,
      }),
  }),
);

const CancelCustomerBookingsRef = builder.objectRef<{ cancelled: number; activity: CustomerActivity }>("CancelCustomerBookingsResult").implement({
  fields: (t) => ({ cancelled: t.exposeInt("cancelled"), activity: t.field({ type: CustomerActivityRef, resolve: (r) => r.activity }) }),
});

builder.mutationField("cancelCustomerBookings", (t) =>
  t.field({
    type: CancelCustomerBookingsRef,
    description: "Cancels every pending or confirmed booking of a customer (trips in progress stay), with the usual emails. Admins only; audited.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => cancelCustomerBookings(ctx.services, ctx.viewer, String(id)),
  }),
);
