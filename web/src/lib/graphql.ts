/**
 * Typed GraphQL documents (gql.tada, from urql's authors): every document the web app sends is
 * read against schema.graphql at type-check time (through web/src/graphql-env.d.ts, written by
 * `bun run schema:print`), so a field the schema lacks, or a component reading a field its
 * query did not ask for, fails `tsc`. Result types come from the documents (ResultOf), not from
 * hand-written interfaces.
 *
 * Fragments are not masked: a query that spreads a fragment returns its fields as if written
 * inline, as the screens already expect.
 */
import { initGraphQLTada } from "gql.tada";
import type { introspection } from "../graphql-env.d.ts";

export const graphql = initGraphQLTada<{
  introspection: introspection;
  /** DateTime: an ISO 8601 instant in UTC; Money: rand as two-decimal text ("1350.00"). */
  scalars: { JSON: unknown; DateTime: string; Money: string };
  disableMasking: true;
}>();

export type { FragmentOf, ResultOf, VariablesOf } from "gql.tada";
