// The one Pothos builder. Types live one file per area under ./types; ./schema.ts imports them.
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type PrismaTypes from "../../prisma/generated/pothos-types";
import { getDatamodel } from "../../prisma/generated/pothos-types";
import type { GraphQLContext } from "./context";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { customer: boolean; admin: boolean; dealership: boolean; permission: string };
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
    // Locked down by default: a field opts in to who may see it.
    authScopes: async ({ viewer }) => ({
      customer: viewer.kind === "customer",
      admin: viewer.kind === "admin",
      dealership: viewer.kind === "dealership",
      permission: (perm) => viewer.kind === "apiKey" && viewer.permissions.includes(perm),
    }),
  },
});

builder.queryType({});
builder.mutationType({});
