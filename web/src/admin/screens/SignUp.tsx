/**
 * Admin sign up (/admin/signup, SPEC 2, 4, 5, 8): email, password (at least 8), first and last
 * name, and the operator's invitation code: the server accepts a sign-up only while no admin
 * exists or with that code (otherwise 403 "Admin sign-up is closed..."). "Account created!" then
 * the dashboard; "Sign up failed" with the server's message. Links to sign-in.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { adminSignUpSchema } from "#domain/schemas.ts";
import { serverFieldErrors } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { css } from "styled-system/css";
import { AuthCard, formStack } from "../components/AuthCard.tsx";
import { useAdminAuth } from "../session/auth.ts";
import { adminErrorMessage } from "../lib/errors.ts";

export const adminSignUpFormSchema = adminSignUpSchema.extend({
  signupCode: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});
type FormInput = z.input<typeof adminSignUpFormSchema>;
type FormData = z.output<typeof adminSignUpFormSchema>;
type FieldName = "email" | "password" | "firstName" | "lastName" | "signupCode";

export function Component() {
  usePageTitle("Admin sign up");
  const navigate = useNavigate();
  const { signUp } = useAdminAuth();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(adminSignUpFormSchema),
    defaultValues: { email: "", password: "", firstName: "", lastName: "", signupCode: "" },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (data) => {
    const outcome = await signUp({ ...data, role: "admin" });
    if (!outcome.ok) {
      for (const [field, message] of Object.entries(serverFieldErrors(outcome.error))) {
        if (["email", "password", "firstName", "lastName", "signupCode"].includes(field)) setError(field as FieldName, { message });
      }
      notifyError("Sign up failed", adminErrorMessage(outcome.error));
      return;
    }
    notifySuccess("Account created!", `Welcome to the CapeDrive back office, ${outcome.admin.firstName}.`);
    navigate("/admin/dashboard", { replace: true });
  });

  return (
    <AuthCard
      title="Create an admin account"
      intro="Admin accounts manage the fleet, bookings, customers and service areas."
      footer={
        <>
          Already have an admin account? <Link to="/admin/signin">Sign in</Link>
        </>
      }
    >
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Admin sign up">
        <div className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" } })}>
          <Field label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
          <Field label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@capedrive.example"
          error={errors.email?.message}
          {...register("email")}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register("password")}
        />
        <Field
          label="Invitation code"
          autoComplete="off"
          spellCheck={false}
          hint="Needed once an admin account exists: ask an administrator for one."
          error={errors.signupCode?.message}
          {...register("signupCode")}
        />
        <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
    </AuthCard>
  );
}
