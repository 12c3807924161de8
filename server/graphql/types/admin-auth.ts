import type { AdminUser } from "../../../prisma/generated/sqlite/client";
import { adminMe, adminSignIn, adminSignOut, adminSignUp, publicAdmin, type PublicAdmin } from "../../services/admin-auth";
import { anyone } from "../access";
import { builder } from "../builder";

/** A signed-in admin (SPEC 3): never the password hash. */
export const AdminRef = builder.objectRef<PublicAdmin>("Admin").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    role: t.exposeString("role"),
    isActive: t.exposeBoolean("isActive"),
    passwordChangeRequired: t.exposeBoolean("passwordChangeRequired", {
      description: "True while the password is one an operator set (rentals-cli admin create); the client asks for the account's own before anything else.",
    }),
    /** ISO instant. */
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const AdminAuthPayloadRef = builder.objectRef<{ token: string; admin: PublicAdmin }>("AdminAuthPayload").implement({
  fields: (t) => ({
    /** Bearer token for the admin area (send as `Authorization: Bearer <token>`). */
    token: t.exposeString("token"),
    admin: t.field({ type: AdminRef, resolve: (payload) => payload.admin }),
  }),
});

const AdminSignInInput = builder.inputType("AdminSignInInput", {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
});

const AdminSignUpInput = builder.inputType("AdminSignUpInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    /** Ignored: every sign-up makes an "admin". */
    role: t.string({ required: false }),
    /** The operator's invitation code (ADMIN_SIGNUP_CODE); needed once any admin exists. */
    signupCode: t.string({ required: false }),
  }),
});

builder.queryField("adminMe", (t) =>
  t.field({
    ...anyone,
    type: AdminRef,
    nullable: true,
    description: "The signed-in admin; null when not signed in as an admin.",
    resolve: async (_root, _args, ctx) => {
      const admin: AdminUser | null = await adminMe(ctx.services, ctx.viewer);
      return admin ? publicAdmin(admin) : null;
    },
  }),
);

builder.mutationField("adminSignIn", (t) =>
  t.field({
    ...anyone,
    type: AdminAuthPayloadRef,
    description: "Signs an admin in (rate limited). 401 for a wrong email or password, 403 for a disabled account.",
    args: { input: t.arg({ type: AdminSignInInput, required: true }) },
    resolve: (_root, { input }, ctx) => adminSignIn(ctx.services, ctx.viewer, input),
  }),
);

builder.mutationField("adminSignUp", (t) =>
  t.field({
    ...anyone,
    type: AdminAuthPayloadRef,
    description: "Creates an admin account: only the first admin, or with the invitation code; otherwise 403.",
    args: { input: t.arg({ type: AdminSignUpInput, required: true }) },
    resolve: (_root, { input }, ctx) => adminSignUp(ctx.services, ctx.viewer, input),
  }),
);

builder.mutationField("adminSignOut", (t) =>
  t.boolean({
    description: "Ends the current admin session: its token stops working at once.",
    authScopes: { admin: true },
    resolve: async (_root, _args, ctx) => {
      await adminSignOut(ctx.services, ctx.viewer);
      return true;
    },
  }),
);
