// POST /api/auth/signup, /signin, /google, /signout and GET /api/auth/me (SPEC 7).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { signInSchema, signUpRequestSchema } from "#domain";
import { unauthenticated } from "../errors";
import { me, publicUser, signIn, signOut, signUp } from "../services/auth";
import type { Services } from "../services/context";
import { googleSignInSchema, signInWithGoogle } from "../services/google";
import { jsonObject, parseInput } from "../services/validation";
import { requireCustomer } from "../services/viewer";

export function authRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/auth" })
    .use(access)
    .post(
      "/signup",
      async ({ body, set }) => {
        const { token, user } = await signUp(services, parseInput(signUpRequestSchema, jsonObject(body)));
        set.status = 201;
        return { token, user: publicUser(user) };
      },
      { public: true },
    )
    .post(
      "/signin",
      async ({ body, viewer }) => {
        const input = parseInput(signInSchema, jsonObject(body));
        const { token, user } = await signIn(services, viewer, input);
        return { token, user: publicUser(user) };
      },
      { access: "anyone" },
    )
    .post(
      "/google",
      async ({ body }) => {
        // The spec's client sends the Google credential as `token`; `credential` is accepted too.
        const fields = jsonObject(body);
        const input = parseInput(googleSignInSchema, { credential: fields.token ?? fields.credential });
        const { token, user, isNewUser } = await signInWithGoogle(services, input);
        return { token, user: publicUser(user), isNewUser };
      },
      { public: true },
    )
    .get(
      "/me",
      async ({ viewer }) => {
        // Only a customer token opens this: other areas' tokens are 401 here, like no token.
        const user = await me(services, viewer);
        if (!user) throw unauthenticated(); // no token, or another area's token
        return publicUser(user);
      },
      { access: "anyone" },
    )
    .post(
      "/signout",
      async ({ viewer }) => {
        await signOut(services, requireCustomer(viewer));
        return { success: true };
      },
      { access: "customer" },
    );
}
