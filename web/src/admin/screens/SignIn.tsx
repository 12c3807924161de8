/**
 * Admin sign in (/admin/signin, SPEC 2, 4, 5, 8): email ("Invalid email address") and password
 * ("Password is required"); "Welcome back!" then the dashboard (or the screen the admin was
 * sent here from); "Sign in failed" / "Invalid credentials. Please try again." Links to sign-up.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { adminSignInSchema } from "#domain/schemas.ts";
import { serverMessage } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { signInFailureMessage, useSignInFailure } from "../../ui/signInFailure.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { AuthCard, formStack } from "../components/AuthCard.tsx";
import { useAdminAuth } from "../session/auth.ts";
import { useAdminToken } from "../session/store.ts";

type FormInput = z.input<typeof adminSignInSchema>;
type FormData = z.output<typeof adminSignInSchema>;

export const INVALID_CREDENTIALS = "Invalid credentials. Please try again.";

/** Where to go after signing in: back to the admin screen that sent us here, else the dashboard. */
export function afterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/admin/") && !/^\/admin\/sign(in|up)\b/.test(from) ? from : "/admin/dashboard";
}

export function Component() {
  usePageTitle("Admin sign in");
  const token = useAdminToken();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useAdminAuth();
  const { register, handleSubmit, formState, setFocus } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(adminSignInSchema),
    defaultValues: { email: "", password: "" },
  });
  const failure = useSignInFailure(useCallback(() => setFocus("password", { shouldSelect: true }), [setFocus]));
  const { errors, isSubmitting, isSubmitSuccessful } = formState;

  const onSubmit = handleSubmit(async (data) => {
    const outcome = await signIn(data);
    if (!outcome.ok) {
      // A wrong email or password says so in the spec's words; anything else (a disabled account,
      // too many attempts) in the server's; no answer at all (offline, a 5xx) says so instead.
      const { kind, message } = signInFailureMessage(outcome.error, (error) =>
        error?.graphQLErrors[0]?.extensions?.code === "UNAUTHENTICATED" ? INVALID_CREDENTIALS : (serverMessage(error) ?? INVALID_CREDENTIALS),
      );
      notifyError("Sign in failed", message);
      failure.fail(message, kind);
      throw new Error("sign in failed"); // keeps isSubmitSuccessful false
    }
    notifySuccess("Welcome back!");
    navigate(afterSignIn(location.state), { replace: true });
  });

  // Already signed in (this tab or another): straight to the back office.
  if (token && !isSubmitting && !isSubmitSuccessful) return <Navigate to={afterSignIn(location.state)} replace />;

  const busy = isSubmitting;
  return (
    <AuthCard
      title="Admin sign in"
      intro="Sign in to manage the CapeDrive fleet, bookings and customers."
      footer={
        <>
          Need an admin account? <Link to="/admin/signup">Create one</Link>
        </>
      }
    >
      <form className={formStack} onSubmit={(event) => void onSubmit(event).catch(() => {})} onInput={failure.clear} noValidate aria-label="Admin sign in">
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="admin@capedrive.example"
          error={errors.email?.message}
          {...register("email")}
          {...failure.field}
        />
        <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} {...failure.field} />
        {failure.notice}
        <Button type="submit" size="lg" fullWidth disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? "Signing In..." : "Sign In"}
        </Button>
      </form>
    </AuthCard>
  );
}
