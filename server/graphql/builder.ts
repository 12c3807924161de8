// The one Pothos builder. Types live one file per area under ./types; ./schema.ts imports them.
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type PrismaTypes from "../../prisma/generated/pothos-types";
import { getDatamodel } from "../../prisma/generated/pothos-types";
import { forbidden } from "../errors";
import { signInRequired } from "../services/viewer";
import type { GraphQLContext } from "./context";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { customer: boolean; admin: boolean; dealership: boolean; permission: string };
  /** Free-form JSON (GeoJSON polygons, locations, audit snapshots); defined in ./types/json.ts. */
  Scalars: { JSON: { Input: unknown; Output: unknown } };
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
    // A refused scope answers like the services: 401 for nobody signed in (or a stale token or
    // revoked key), 403 for a signed-in viewer of the wrong kind or a key without the permission.
    unauthorizedError: (_parent, { viewer }) =>
      viewer.kind === "anonymous"
        ? signInRequired(viewer)
        : forbidden(viewer.kind === "apiKey" ? "This API key does not have permission to do this" : "You do not have access to this"),
  },
});

builder.queryType({});
builder.mutationType({});
