import type { User } from "../../../prisma/generated/sqlite/client";
import { customerStats, getCustomer, listCustomerRows, type CustomerStats } from "../../services/admin-customers";
import { builder } from "../builder";
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
