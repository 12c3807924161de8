import { createServiceArea, deleteServiceArea, listServiceAreas, updateServiceArea, type PublicServiceArea } from "../../services/admin-service-areas";
import { builder } from "../builder";
import { JsonScalar } from "./scalars";

const ServiceAreaRef = builder.objectRef<PublicServiceArea>("ServiceArea").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    isActive: t.exposeBoolean("isActive"),
    /** A GeoJSON Polygon ([longitude, latitude] positions). */
    polygon: t.field({ type: JsonScalar, resolve: (area) => area.polygon }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const ServiceAreaInput = builder.inputType("ServiceAreaInput", {
  description: "On update, fields left out keep their values.",
  fields: (t) => ({
    name: t.string({ required: false }),
    isActive: t.boolean({ required: false }),
    /** A GeoJSON Polygon or a Feature with one, as JSON or as GeoJSON text. */
    polygon: t.field({ type: JsonScalar, required: false }),
  }),
});

builder.queryField("serviceAreas", (t) =>
  t.field({
    type: [ServiceAreaRef],
    description: "Every service area, by name. Admins, or an API key with service-areas:read.",
    authScopes: { admin: true, permission: "service-areas:read" },
    resolve: (_root, _args, ctx) => listServiceAreas(ctx.services, ctx.viewer),
  }),
);

builder.mutationField("createServiceArea", (t) =>
  t.field({
    type: ServiceAreaRef,
    authScopes: { admin: true },
    args: { input: t.arg({ type: ServiceAreaInput, required: true }) },
    resolve: (_root, { input }, ctx) => createServiceArea(ctx.services, ctx.viewer, input),
  }),
);

builder.mutationField("updateServiceArea", (t) =>
  t.field({
    type: ServiceAreaRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ServiceAreaInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => updateServiceArea(ctx.services, ctx.viewer, String(id), input),
  }),
);

builder.mutationField("deleteServiceArea", (t) =>
  t.boolean({
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteServiceArea(ctx.services, ctx.viewer, String(id));
      return true;
    },
  }),
);
