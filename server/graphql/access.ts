// Who may call each root field, checked when the schema is built: a Query or Mutation field
// without `authScopes` is a mistake (it would answer anyone), so the server refuses to start and
// `bun run schema:check` fails, naming it. Public fields say `{ public: true }` on purpose.
import type { GraphQLContext } from "./context";
import type { GraphQLResolveInfo, GraphQLSchema } from "graphql";
import { forbidden } from "../errors";
import { requireAdmin, requireAdminOrKey, requireCustomer, requireDealership, requireDriver, signInRequired, type Viewer } from "../services/viewer";

/** Root fields (Type.field) that declare no authScopes. */
export function unscopedRootFields(schema: GraphQLSchema): string[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return roots.flatMap((root) =>
    root
      ? Object.values(root.getFields())
          .filter((field) => !(field.extensions?.pothosOptions as { authScopes?: unknown } | undefined)?.authScopes)
          .map((field) => `${root.name}.${field.name}`)
      : [],
  );
}

/** Root fields open to anyone (`authScopes: { public: true }`). */
export function publicRootFields(schema: GraphQLSchema): string[] {
  const roots = [schema.getQueryType(), schema.getMutationType()];
  return roots.flatMap((root) =>
    root
      ? Object.values(root.getFields())
          .filter((field) => (field.extensions?.pothosOptions as { authScopes?: { public?: boolean } } | undefined)?.authScopes?.public === true)
          .map((field) => `${root.name}.${field.name}`)
      : [],
  );
}

export function assertEveryRootFieldScoped(schema: GraphQLSchema): GraphQLSchema {
  const unscoped = unscopedRootFields(schema);
  if (unscoped.length > 0) throw new Error(`GraphQL root fields without authScopes (say who may call them, { public: true } included): ${unscoped.join(", ")}`);
  return schema;
}

/**
 * The refusal of a field's scopes, in the words REST uses for the same operation: an admin field
 * (optionally open to an API key with one permission) refuses like requireAdmin / requireAdminOrKey
 * ("This is for administrators only", "This API key does not have the bookings:read permission"),
 * where a generic "You do not have access to this" used to differ from REST's answer.
 */
export function refusalFor(viewer: Viewer, info: Pick<GraphQLResolveInfo, "parentType" | "fieldName">): Error {
  if (viewer.kind === "anonymous") return signInRequired(viewer);
  const field = "getFields" in info.parentType ? info.parentType.getFields()[info.fieldName] : undefined;
  const scopes = (field?.extensions?.pothosOptions as { authScopes?: unknown } | undefined)?.authScopes;
  if (scopes && typeof scopes === "object") {
    const { admin, permission, ...others } = scopes as { admin?: unknown; permission?: unknown };
    if (admin === true && Object.keys(others).length === 0) {
      try {
        if (typeof permission === "string" || Array.isArray(permission)) requireAdminOrKey(viewer, permission as readonly string[]);
        else requireAdmin(viewer);
      } catch (refusal) {
        return refusal as Error;
      }
    }
  }
  return forbidden(viewer.kind === "apiKey" ? "This API key does not have permission to do this" : "You do not have access to this");
}

/** Anyone, on purpose. */
export const anyone = { authScopes: { public: true } } as const;

/** Answers a refused scope with the service's own refusal (401 sign in or session expired, 403 another area). */
function refusedAs(check: (viewer: Viewer) => unknown) {
  return (_parent: unknown, _args: unknown, ctx: GraphQLContext): Error => {
    try {
      check(ctx.viewer);
    } catch (refusal) {
      return refusal as Error;
    }
    return forbidden("You do not have access to this");
  };
}

/** Signed-in customers only. */
export const customerOnly = { authScopes: { customer: true }, unauthorizedError: refusedAs(requireCustomer) } as const;

/** Signed-in dealerships only. */
export const dealershipOnly = { authScopes: { dealership: true }, unauthorizedError: refusedAs(requireDealership) } as const;

/** Signed-in drivers only. */
export const driverOnly = { authScopes: { driver: true }, unauthorizedError: refusedAs(requireDriver) } as const;

/** Any account or API key (the address lookups and uploads check the rest themselves). */
export const signedIn = { authScopes: { signedIn: true }, unauthorizedError: refusedAs(signInRequiredUnlessSignedIn) } as const;

function signInRequiredUnlessSignedIn(viewer: Viewer) {
  if (viewer.kind === "anonymous") throw signInRequired(viewer);
}
