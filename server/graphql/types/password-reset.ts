import { forgotPasswordSchema, resetPasswordSchema } from "#domain/schemas.ts";
import { requestPasswordReset, resetPassword } from "../../services/password-reset";
import { parseInput } from "../../services/validation";
import { anyone } from "../access";
import { builder } from "../builder";

const ForgotPasswordInput = builder.inputType("ForgotPasswordInput", {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const ResetPasswordInput = builder.inputType("ResetPasswordInput", {
  fields: (t) => ({ token: t.string({ required: true }), password: t.string({ required: true }) }),
});

builder.mutationField("requestPasswordReset", (t) =>
  t.boolean({
    ...anyone,
    description: "Emails a password reset link when an account has this email. Always true: the answer never tells whether it does.",
    args: { input: t.arg({ type: ForgotPasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await requestPasswordReset(ctx.services, parseInput(forgotPasswordSchema, input), ctx.viewer.clientAddress);
      return true;
    },
  }),
);

builder.mutationField("resetPassword", (t) =>
  t.boolean({
    ...anyone,
    description: "Sets a new password with the token from a reset link (single use, one hour), and signs the account out everywhere.",
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await resetPassword(ctx.services, parseInput(resetPasswordSchema, input));
      return true;
    },
  }),
);
