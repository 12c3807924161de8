/**
 * Reset password (/reset-password?token=..., SPEC 2, 5, 8): one new-password field, a submit
 * button, a link back to /signin. Without a token: "Invalid reset link", then /signin. A link the
 * server refuses (used or expired) gives way to a way of asking for a new one, instead of a form
 * that can only fail again.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "urql";
import { z } from "zod";
import { resetPasswordSchema } from "#domain/schemas.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { AuthLayout, formStack, switchLine } from "../components/AuthLayout.tsx";
import { notifyError, notifySuccess } from "../session/toast.tsx";
import { graphql } from "../../lib/graphql.ts";

const RESET_PASSWORD = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input)
  }
`);

const INVALID_LINK = ["Invalid reset link", "This password reset link is invalid or has expired"] as const;

// The form holds only the password; the token comes from the link.
const formSchema = resetPasswordSchema.pick({ password: true });
type FormInput = z.input<typeof formSchema>;
type FormData = z.output<typeof formSchema>;

export function Component() {
  usePageTitle("Reset password");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [, resetPassword] = useMutation(RESET_PASSWORD);
  const [linkRefused, setLinkRefused] = useState(false);
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (token) return;
    notifyError(...INVALID_LINK);
    navigate("/signin", { replace: true });
  }, [token, navigate]);

  const onSubmit = handleSubmit(async ({ password }) => {
    const result = await resetPassword({ input: { token, password } });
    if (!result.data?.resetPassword) {
      notifyError("Reset failed", "Failed to reset password. The link may be expired.");
      // The server's answer for a used, expired or unknown token (not a dropped connection).
      if (result.error?.graphQLErrors.some((e) => e.message === INVALID_LINK[1])) setLinkRefused(true);
      return;
    }
    notifySuccess("Password reset successful", "You can now sign in with your new password.");
    navigate("/signin", { replace: true });
  });

  if (!token) return null;

  if (linkRefused) {
    return (
      <AuthLayout
        back="/signin"
        title="This link no longer works"
        intro="A reset link works once and for one hour. Ask for a new one and use the newest email."
      >
        {/* Sign-in opens its Forgot Password dialog for ?forgot=1 (no second copy of the dialog here). */}
        <ButtonLink to="/signin?forgot=1" size="lg" fullWidth>
          Send me a new link
        </ButtonLink>
        <p className={switchLine}>
          Remembered it? <Link to="/signin">Back to Sign In</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout back="/signin" title="Reset your password" intro="Choose a new password for your CapeDrive account.">
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Reset password">
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...register("password")}
        />
        <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Resetting Password..." : "Reset Password"}
        </Button>
      </form>
      <p className={switchLine}>
        Remembered it? <Link to="/signin">Back to Sign In</Link>
      </p>
    </AuthLayout>
  );
}
