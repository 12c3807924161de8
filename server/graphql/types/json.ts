import { valueFromASTUntyped } from "graphql";
import { builder } from "../builder";

/** Any JSON value, passed through as it is (GeoJSON polygons, locations, audit snapshots). */
export const JsonScalar = builder.scalarType("JSON", {
  description: "Any JSON value (object, array, string, number, boolean or null).",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});
