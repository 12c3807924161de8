// Changing one's own password while signed in, in every area: the one rule the web forms, the
// GraphQL and REST calls and the services share.
import { z } from "zod";
import { ADMIN_PASSWORD_MIN_LENGTH, CUSTOMER_PASSWORD_MIN_LENGTH } from "../limits.ts";
import { customerPassword, staffPassword } from "./fields.ts";

/** Who is changing their password: each area's accounts keep their own minimum length. */
export type PasswordOwner = "customer" | "admin" | "dealership" | "driver";

/** The longest new password taken (a driver's was already capped at this; a pasted book is no password). */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * A new password as each area's accounts are made with: a customer's at least 6 characters
 * (SPEC); an admin's, a dealership's (onboarding and resets) and a driver's at least 8.
 */
/** The shortest new password of each area (the forms' hints say it). */
export const PASSWORD_MINIMUM: Record<PasswordOwner, number> = {
  customer: CUSTOMER_PASSWORD_MIN_LENGTH,
  admin: ADMIN_PASSWORD_MIN_LENGTH,
  dealership: ADMIN_PASSWORD_MIN_LENGTH,
  driver: ADMIN_PASSWORD_MIN_LENGTH,
};

const newPasswordRules: Record<PasswordOwner, z.ZodString> = {
  customer: customerPassword,
  admin: staffPassword,
  dealership: staffPassword,
  driver: staffPassword,
};

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: "Please enter your current password",
  currentWrong: "Your current password is incorrect",
  confirmRequired: "Please confirm your new password",
  mismatch: "Passwords don't match",
  unchanged: "Your new password must be different from your current one",
  tooLong: `Password is too long (at most ${PASSWORD_MAX_LENGTH} characters)`,
  changed: "Your password has been changed",
  /** A customer who signed up with Google has no password to change (see changeOwnPassword). */
  googleOnly: "You sign in with Google, so there is no password to change. To add one, use the emailed link below.",
} as const;

const currentPassword = z.string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired }).min(1, PASSWORD_CHANGE_MESSAGES.currentRequired);

/** What the server takes (GraphQL `changePassword`, REST POST .../change-password): the current password and the new one. */
export function passwordChangeRequestSchema(owner: PasswordOwner) {
  return z
    .object({
      currentPassword,
      newPassword: newPasswordRules[owner].max(PASSWORD_MAX_LENGTH, PASSWORD_CHANGE_MESSAGES.tooLong),
    })
    .refine((data) => data.currentPassword === "" || data.newPassword !== data.currentPassword, {
      message: PASSWORD_CHANGE_MESSAGES.unchanged,
      path: ["newPassword"],
    });
}
export type PasswordChangeRequest = z.output<ReturnType<typeof passwordChangeRequestSchema>>;

/** The "Change password" form: the request and the new password typed again. */
export function passwordChangeFormSchema(owner: PasswordOwner) {
  return (
    z
      .object({
        currentPassword,
        newPassword: newPasswordRules[owner].max(PASSWORD_MAX_LENGTH, PASSWORD_CHANGE_MESSAGES.tooLong),
        confirmPassword: z.string({ error: PASSWORD_CHANGE_MESSAGES.confirmRequired }).min(1, PASSWORD_CHANGE_MESSAGES.confirmRequired),
      })
      .refine((data) => data.currentPassword === "" || data.newPassword !== data.currentPassword, {
        message: PASSWORD_CHANGE_MESSAGES.unchanged,
        path: ["newPassword"],
      })
      // An empty confirmation already says "Please confirm"; don't add a mismatch.
      .refine((data) => data.confirmPassword === "" || data.newPassword === data.confirmPassword, {
        message: PASSWORD_CHANGE_MESSAGES.mismatch,
        path: ["confirmPassword"],
      })
  );
}
export type PasswordChangeFormInput = z.input<ReturnType<typeof passwordChangeFormSchema>>;
