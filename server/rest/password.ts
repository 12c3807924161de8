// POST /api/auth/forgot-password and POST /api/auth/reset-password (SPEC 7).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import { forgotPasswordSchema, resetPasswordSchema } from "../domain/schemas";
import { badInput } from "../errors";
import type { Services } from "../services/context";
import { RESET_REQUESTED_MESSAGE, requestPasswordReset, resetPassword } from "../services/password-reset";
import { parseInput } from "../services/validation";

/** The body must be a JSON object (Elysia already answers 400 to malformed JSON). */
function jsonObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === "") return {};
  if (typeof body !== "object" || Array.isArray(body)) throw badInput("The request body must be a JSON object");
  return body as Record<string, unknown>;
}

export function passwordRoutes(services: Services, viewerOf: ViewerOf) {
  return new Elysia({ prefix: "/auth" })
    .post("/forgot-password", async ({ body, request }) => {
      const input = parseInput(forgotPasswordSchema, jsonObject(body));
      await requestPasswordReset(services, input, (await viewerOf(request)).clientAddress);
      return { message: RESET_REQUESTED_MESSAGE };
    })
    .post("/reset-password", async ({ body }) => {
      await resetPassword(services, parseInput(resetPasswordSchema, jsonObject(body)));
      return { success: true };
    });
}
