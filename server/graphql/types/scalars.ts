// The schema's own scalars: every instant and every rand amount is formatted here, once, instead
// of by each field (the wire format is unchanged: ISO 8601 in UTC, and two-decimal rand text).
import { GraphQLError, Kind, valueFromASTUntyped } from "graphql";
import { toMoneyString } from "#domain";
import { builder, type MoneyValue } from "../builder";

/** Any JSON value, passed through as it is (GeoJSON polygons, locations, audit snapshots). */
export const JsonScalar = builder.scalarType("JSON", {
  description: "Any JSON value (object, array, string, number, boolean or null).",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});

const parseInstant = (value: unknown): Date => {
  const date = typeof value === "string" ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO 8601 instant, e.g. 2025-03-05T06:00:00.000Z");
  return date;
};

export const DateTimeScalar = builder.scalarType("DateTime", {
  description: 'An instant as an ISO 8601 string in UTC, e.g. "2025-03-05T06:00:00.000Z".',
  serialize: (value) => value.toISOString(),
  parseValue: parseInstant,
  parseLiteral: (ast) => parseInstant(ast.kind === Kind.STRING ? ast.value : null),
});

const parseMoney = (value: unknown): string => {
  try {
    return toMoneyString(value as string);
  } catch {
    throw new GraphQLError('Money must be a rand amount as text, e.g. "450.00"');
  }
};

export const MoneyScalar = builder.scalarType("Money", {
  description: 'Rand as a decimal string with two decimals, e.g. "1350.00" (computed in integer cents by the server).',
  serialize: (value: MoneyValue) => (typeof value === "string" ? toMoneyString(value) : value.toFixed(2)),
  parseValue: parseMoney,
  parseLiteral: (ast) => parseMoney(ast.kind === Kind.STRING ? ast.value : null),
});
