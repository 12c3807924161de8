/**
 * The Forgot Password dialog of the sign-in screen (SPEC 2, 5, 8): asks for an email
 * ("Please enter a valid email address"), sends the reset link, says so whatever the answer.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useMutation } from "urql";
import { z } from "zod";
import { css } from "styled-system/css";
import { forgotPasswordSchema } from "#domain/schemas.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../session/toast.tsx";
import { dialogStyles } from "./dialog.ts";
import { graphql } from "../../lib/graphql.ts";
import { DialogShell } from "../../ui/DialogShell.tsx";

const REQUEST_PASSWORD_RESET = graphql(`
  mutation RequestPasswordReset($input: ForgotPasswordInput!) {
    requestPasswordReset(input: $input)
  }
`);

type FormInput = z.input<typeof forgotPasswordSchema>;
type FormData = z.output<typeof forgotPasswordSchema>;

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: { open: boolean; onOpenChange: (open: boolean) => void; initialEmail?: string }) {
  const [, requestReset] = useMutation(REQUEST_PASSWORD_RESET);
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = formState;

  // Each opening starts fresh, with the email already typed on the sign-in form if any.
  useEffect(() => {
    if (open) reset({ email: initialEmail ?? "" });
  }, [open, initialEmail, reset]);

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await requestReset({ input: { email } });
    if (!result.data?.requestPasswordReset) {
      notifyError("Error", "Failed to send reset email");
      return;
    }
    notifySuccess("Reset link sent", "If an account with that email exists, we've sent a password reset link");
    onOpenChange(false);
  });

  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <Dialog.Title className={dialogStyles.title}>Forgot Password</Dialog.Title>
      <Dialog.Description className={dialogStyles.description}>
        Enter the email address of your account and we'll send you a link to reset your password.
      </Dialog.Description>
      <form className={css({ display: "flex", flexDirection: "column", gap: "4" })} onSubmit={onSubmit} noValidate>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <div className={dialogStyles.actions}>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline" size="lg" disabled={isSubmitting}>
              Cancel
            </Button>
          </Dialog.CloseTrigger>
          <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <Spinner /> : null}
            {isSubmitting ? "Sending..." : "Send Reset Link"}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
