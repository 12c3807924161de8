/**
 * Driver sign in (/driver/signin): email and password. A wrong pair: "Please check your email and
 * password"; a disabled account or too many attempts: the server's words. A driver already signed
 * in goes straight to the jobs (or back where the guard sent them from).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useRef } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import { css } from "styled-system/css";
import type { z } from "zod";
import { adminSignInSchema } from "#domain/schemas.ts";
import { serverMessage } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { SignInCard } from "../../ui/SignInCard.tsx";
import { Field } from "../../ui/Field.tsx";
import { ForgotPasswordContact } from "../../ui/ForgotPasswordContact.tsx";
import { CarIcon } from "../../ui/icons.tsx";
import { signInFailureMessage, useSignInFailure } from "../../ui/signInFailure.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { useDriverAuth } from "../session/auth.ts";
import { useDriverToken } from "../session/store.ts";

type FormInput = z.input<typeof adminSignInSchema>;
type FormData = z.output<typeof adminSignInSchema>;

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/driver") && !from.startsWith("/driver/signin") ? from : "/driver";
}

export function Component() {
  usePageTitle("Driver sign in");
  const navigate = useNavigate();
  const location = useLocation();
  const token = useDriverToken();
  const { signIn } = useDriverAuth();
  const signingIn = useRef(false);
  const { register, handleSubmit, formState, setFocus } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(adminSignInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  const failure = useSignInFailure(useCallback(() => setFocus("password", { shouldSelect: true }), [setFocus]));

  const onSubmit = handleSubmit(async (data) => {
    signingIn.current = true;
    const outcome = await signIn(data);
    if (!outcome.ok) {
      signingIn.current = false;
      // No answer at all (offline, a 5xx) says so instead of blaming the pair.
      const { kind, message } = signInFailureMessage(outcome.error, (error) => {
        const code = String(error?.graphQLErrors[0]?.extensions?.code ?? "");
        const specific = code === "FORBIDDEN" || code === "TOO_MANY_REQUESTS" ? serverMessage(error) : undefined;
        return specific ?? "Please check your email and password";
      });
      notifyError("Sign in failed", message);
      failure.fail(message, kind);
      return;
    }
    notifySuccess("Welcome!", `Signed in as ${outcome.driver.name}`);
    navigate(returnPath(location.state), { replace: true });
  });

  if (token && !signingIn.current) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <SignInCard icon={<CarIcon size={26} />} title="Driver sign in" intro="Your deliveries and collections for today and tomorrow.">
      <form
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        onSubmit={onSubmit}
        onInput={failure.clear}
        noValidate
        aria-label="Driver sign in"
      >
        <Field label="Email" type="email" autoComplete="username" inputMode="email" error={errors.email?.message} {...register("email")} {...failure.field} />
        <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} {...failure.field} />
        {failure.notice}
        <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Signing In..." : "Sign In"}
        </Button>
      </form>
      <ForgotPasswordContact fallback="Forgot your password? The office can reset it for you." />
    </SignInCard>
  );
}
