/**
 * Sign up (/signup, SPEC 2, 5, 8): name, email, mobile number, password, re-enter password; a
 * Google button; a link to sign in. Success: toast, then profile completion. Back goes to /.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { signUpSchema, type SignUpData, type SignUpInput } from "#domain/schemas.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { AuthLayout, OrDivider, formStack, switchLine } from "../components/AuthLayout.tsx";
import { GoogleButton } from "../components/GoogleButton.tsx";
import { useAuth } from "../session/auth.tsx";
import { serverFieldErrors, serverMessage } from "../session/errors.ts";
import { notifyError, notifySuccess } from "../session/toast.tsx";

export function Component() {
  usePageTitle("Sign up");
  const navigate = useNavigate();
  const { status, signUp } = useAuth();
  const justSignedUp = useRef(false);
  const form = useForm<SignUpInput, unknown, SignUpData>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", phone: "", password: "", confirmPassword: "" },
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  // Someone already signed in has no business here (unless they just created the account).
  useEffect(() => {
    if (status === "signedIn" && !justSignedUp.current) navigate("/home", { replace: true });
  }, [status, navigate]);

  const onSubmit = handleSubmit(async ({ name, email, phone, password }) => {
    justSignedUp.current = true;
    const outcome = await signUp({ name, email, phone, password });
    if (!outcome.ok) {
      justSignedUp.current = false;
      for (const [field, message] of Object.entries(serverFieldErrors(outcome.error))) {
        if (field === "name" || field === "email" || field === "phone" || field === "password") setError(field, { message });
      }
      notifyError("Error creating account", serverMessage(outcome.error) ?? "Please try again");
      return;
    }
    notifySuccess("Account created successfully!", "Complete your profile to start booking");
    navigate("/profile-completion", { replace: true });
  });

  return (
    <AuthLayout back="/" title="Create your account" intro="Sign up to book a car, delivered to your door in Cape Town.">
      <GoogleButton onStart={() => (justSignedUp.current = true)} onFailed={() => (justSignedUp.current = false)} />
      <OrDivider>or sign up with email</OrDivider>
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Field label="Full Name" autoComplete="name" placeholder="e.g. Thandi Nkosi" error={errors.name?.message} {...register("name")} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <Field
          label="Mobile Number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="e.g. 082 123 4567"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...register("password")}
        />
        <Field label="Re-enter Password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register("confirmPassword")} />
        <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Creating Account..." : "Sign Up"}
        </Button>
      </form>
      <p className={switchLine}>
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
