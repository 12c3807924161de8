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

test("the staff-only types refuse anyone else once per object, whichever field returns them", async () => {
  const viewers = {
    customer: { kind: "customer", userId: "u", sessionId: "s", clientAddress: "127.0.0.1" },
    anonymous: { kind: "anonymous" },
    admin: { kind: "admin", adminId: "a", sessionId: "s", clientAddress: "127.0.0.1" },
  } as const;
  for (const name of ["AdminBooking", "AdminBookingUser", "AdminBookingVehicle"]) {
    const type = schema.getType(name) as GraphQLObjectType;
    // The check runs as the object is completed (isTypeOf), before any of its fields.
    const check = (viewer: (typeof viewers)[keyof typeof viewers]) =>
      Promise.resolve().then(() =>
        type.isTypeOf!({ id: "x" }, { viewer, services: {}, request: new Request("http://127.0.0.1/graphql") }, {
          parentType: type,
          fieldName: "id",
          path: { key: "id", prev: undefined, typename: name },
        } as never),
      );
    await expect(check(viewers.customer)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(check(viewers.anonymous)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await check(viewers.admin)).toBe(true);
  }
});
