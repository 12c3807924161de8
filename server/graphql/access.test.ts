// Every GraphQL entry point says who may call it. The public ones are listed here by name: a new
// public field is a decision to review, and a field with no scope stops the schema from building.
import { expect, test } from "bun:test";
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from "graphql";
import { assertEveryRootFieldScoped, publicRootFields, unscopedRootFields } from "./access";
import { schema } from "./schema";

test("no root field is without authScopes", () => {
  expect(unscopedRootFields(schema)).toEqual([]);
});

test("exactly these root fields are open to anyone", () => {
  expect(publicRootFields(schema).sort()).toEqual(
    [
      "Mutation.adminSignIn",
      "Mutation.adminSignUp",
      "Mutation.contactSeller",
      "Mutation.dealershipSignIn",
      "Mutation.driverSignIn",
      "Mutation.requestPasswordReset",
      "Mutation.resetPassword",
      "Mutation.signIn",
      "Mutation.signInWithGoogle",
      "Mutation.signOut",
      "Mutation.signUp",
      "Query.adminMe",
      "Query.carForSale",
      "Query.carsForSale",
      "Query.driverMe",
      "Query.isLocationServed",
      "Query.me",
      "Query.publicConfig",
      "Query.quote",
      "Query.vehicles",
    ].sort(),
  );
});

test("a schema with an unscoped root field is refused, naming the field", () => {
  const open = new GraphQLSchema({ query: new GraphQLObjectType({ name: "Query", fields: { secrets: { type: GraphQLString } } }) });
  expect(() => assertEveryRootFieldScoped(open)).toThrow("Query.secrets");
});
