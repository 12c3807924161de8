// The one Pothos builder. Types live one file per area under ./types; ./schema.ts imports them.
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type PrismaTypes from "../../prisma/generated/pothos-types";
import { getDatamodel } from "../../prisma/generated/pothos-types";
import { missingPermission } from "../services/viewer";
import { refusalFor } from "./access";
import type { GraphQLContext } from "./context";

/** What a Money field may return: a Prisma Decimal (anything with toFixed) or a decimal string. */
export type MoneyValue = { toFixed(digits: number): string } | string;

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  /** `public`: anyone, said on purpose; `signedIn`: any account or API key; `staff`: admins and API keys. Every root field names one (./access.ts). */
  AuthScopes: {
    public: boolean;
    signedIn: boolean;
    staff: boolean;
    customer: boolean;
    admin: boolean;
    dealership: boolean;
    driver: boolean;
    /** An API key holding this permission (a list: every one of them). */
    permission: string | readonly string[];
  };
  /** Defined in ./types/scalars.ts. */
  Scalars: {
    /** Free-form JSON (GeoJSON polygons, locations, audit snapshots). */
    JSON: { Input: unknown; Output: unknown };
    /** An instant, sent as an ISO 8601 string in UTC ("2025-03-05T06:00:00.000Z"). */
    DateTime: { Input: Date; Output: Date };
    /** Rand, sent as a decimal string with two decimals ("1350.00"); a database Decimal or such a string. */
    Money: { Input: string; Output: MoneyValue };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.services.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
  },
  scopeAuth: {
    // A type's own scopes (the staff-only variants of the models) are checked once per object,
    // before its fields, instead of once per field: a page of 20 admin bookings ran them about
    // 500 times (adminBookings in process 830-1,025 -> 680-760 µs). An object refused this way
    // is one error at its place in the answer.
    runScopesOnType: true,
    // Locked down by default: a root field with no scope stops the schema from building
    // (./access.ts), so every entry point says who may call it, `public` included.
    authScopes: async ({ viewer }) => ({
      public: true,
      signedIn: viewer.kind !== "anonymous",
      // Admins and their API keys: what the admin variants of the models are locked to. Which
      // key permission a call needs is the root field's scope.
      staff: viewer.kind === "admin" || viewer.kind === "apiKey",
      customer: viewer.kind === "customer",
      admin: viewer.kind === "admin",
      dealership: viewer.kind === "dealership",
      driver: viewer.kind === "driver",
      permission: (needed) => viewer.kind === "apiKey" && missingPermission(viewer, needed) === null,
    }),
    // A refused scope answers like the services: 401 for nobody signed in (or a stale token or
    // revoked key), 403 for a signed-in viewer of the wrong kind or a key without the permission,
    // with REST's words for the same operation (./access.ts).
    unauthorizedError: (_parent, { viewer }, info) => refusalFor(viewer, info),
  },
});

builder.queryType({});
builder.mutationType({});
