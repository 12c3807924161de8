import { signInSchema, signUpRequestSchema } from "#domain";
import { signIn, signOut, signUp, type User } from "../../services/auth";
import { googleSignInSchema, signInWithGoogle } from "../../services/google";
import { parseInput } from "../../services/validation";
import { requireCustomer } from "../../services/viewer";
import { anyone } from "../access";
import { builder } from "../builder";
import { UserRef } from "./user";

const AuthPayloadRef = builder.objectRef<{ token: string; user: User }>("AuthPayload").implement({
  fields: (t) => ({
    /** Bearer token for the customer area (send as `Authorization: Bearer <token>`). */
    token: t.exposeString("token"),
    user: t.field({ type: UserRef, resolve: (payload) => payload.user }),
  }),
});

const GoogleAuthPayloadRef = builder.objectRef<{ token: string; user: User; isNewUser: boolean }>("GoogleAuthPayload").implement({
  fields: (t) => ({
    token: t.exposeString("token"),
    user: t.field({ type: UserRef, resolve: (payload) => payload.user }),
    /** True when this sign-in created the account (the web app then opens profile completion). */
    isNewUser: t.exposeBoolean("isNewUser"),
  }),
});

const SignUpInput = builder.inputType("SignUpInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: false }),
    password: t.string({ required: true }),
  }),
});

const SignInInput = builder.inputType("SignInInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const GoogleSignInInput = builder.inputType("GoogleSignInInput", {
  fields: (t) => ({
    /** The ID token (JWT) Google's script hands the page. */
    credential: t.string({ required: true }),
  }),
});

builder.mutationField("signUp", (t) =>
  t.field({
    ...anyone,
    type: AuthPayloadRef,
    description: "Creates a customer account and signs it in. 409 CONFLICT when the email is taken.",
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: (_root, { input }, ctx) => signUp(ctx.services, parseInput(signUpRequestSchema, input)),
  }),
);

builder.mutationField("signIn", (t) =>
  t.field({
    ...anyone,
    type: AuthPayloadRef,
    description: "Signs a customer in with email and password (rate limited per email and per address).",
    args: { input: t.arg({ type: SignInInput, required: true }) },
    resolve: (_root, { input }, ctx) => signIn(ctx.services, ctx.viewer, parseInput(signInSchema, input)),
  }),
);

builder.mutationField("signInWithGoogle", (t) =>
  t.field({
    ...anyone,
    type: GoogleAuthPayloadRef,
    description: "Signs in (or up) with a Google ID token.",
    args: { input: t.arg({ type: GoogleSignInInput, required: true }) },
    resolve: (_root, { input }, ctx) => signInWithGoogle(ctx.services, parseInput(googleSignInSchema, input)),
  }),
);

builder.mutationField("signOut", (t) =>
  t.boolean({
    ...anyone,
    description: "Ends the current customer session: its token stops working at once.",
    resolve: async (_root, _args, ctx) => {
      await signOut(ctx.services, requireCustomer(ctx.viewer));
      return true;
    },
  }),
);
