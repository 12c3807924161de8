// POST /api/auth/forgot-password and POST /api/auth/reset-password (SPEC 7), and POST
// /api/auth/change-password {currentPassword, newPassword} for a signed-in customer.
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { forgotPasswordSchema, resetPasswordSchema } from "#domain/schemas.ts";
import type { Services } from "../services/context";
import { changeOwnPassword } from "../services/password-change";
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, resetPassword } from "../services/password-reset";
import { jsonObject, parseInput } from "../services/validation";
import type { Viewer } from "../services/viewer";

/**
 * POST <area>/change-password {currentPassword, newPassword} -> {success: true}, the same for
 * every signed-in area; each area's route declares who may call it.
 */
export const changePasswordHandler =
  (services: Services) =>
  async ({ body, viewer }: { body: unknown; viewer: Viewer }) => {
    await changeOwnPassword(services, viewer, jsonObject(body));
    return { success: true };
  };

export function passwordRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/auth" })
    .use(access)
    .post(
      "/forgot-password",
      async ({ body, request, viewer }) => {
        const input = parseInput(forgotPasswordSchema, jsonObject(body));
        await requestPasswordReset(services, input, viewer.clientAddress);
        return { message: RESET_REQUESTED_MESSAGE };
      },
      { access: "anyone" },
    )
    .post(
      "/reset-password",
      async ({ body }) => {
        await resetPassword(services, parseInput(resetPasswordSchema, jsonObject(body)));
        return { success: true };
      },
      { public: true },
    )
    .post("/change-password", changePasswordHandler(services), { access: "customer" });
}
