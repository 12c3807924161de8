/**
 * Sign in (/signin, SPEC 2, 4, 5, 8): email and password; the Forgot Password dialog; a Google
 * button; a link to sign up. Signed-in customers are sent to /home (100 ms after signing in).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { css } from "styled-system/css";
import { signInSchema, type SignInData, type SignInInput } from "#domain/schemas.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { signInFailureMessage, useSignInFailure } from "../../ui/signInFailure.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { AuthLayout, OrDivider, formStack, switchLine } from "../components/AuthLayout.tsx";
import { ForgotPasswordDialog } from "../components/ForgotPasswordDialog.tsx";
import { GoogleButton } from "../components/GoogleButton.tsx";
import { useAuth } from "../session/auth.tsx";
import { serverMessage } from "../session/errors.ts";
import { afterSignIn } from "../session/next.ts";
import { notifyError, notifySuccess } from "../session/toast.tsx";

/** SPEC 2: "redirect delayed 100 ms after sign-in". */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;

const forgotLink = css({
  alignSelf: "flex-end",
  display: "inline-flex",
  alignItems: "center",
  minH: "10",
  mt: "-2",
  px: "1",
  fontSize: "sm",
  fontWeight: "600",
  color: "fg.link",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  cursor: "pointer",
  borderRadius: "sm",
});

export function Component() {
  usePageTitle("Sign in");
  const navigate = useNavigate();
  // Where the visitor was going when a screen sent them here (session/next.ts).
  const { search } = useLocation();
  const next = afterSignIn(search);
  const { status, signIn } = useAuth();
  // ?forgot=1 (a used or expired reset link's "Send me a new link") opens the dialog at once.
  const [forgotOpen, setForgotOpen] = useState(() => new URLSearchParams(search).get("forgot") === "1");
  const [forgotEmail, setForgotEmail] = useState("");
  const signingIn = useRef(false);
  const [redirecting, setRedirecting] = useState(false);
  const { register, handleSubmit, getValues, formState, setFocus } = useForm<SignInInput, unknown, SignInData>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const failure = useSignInFailure(useCallback(() => setFocus("password", { shouldSelect: true }), [setFocus]));
  const { errors, isSubmitting } = formState;

  // A signed-in visitor on /signin is redirected to where they were going, or /home.
  useEffect(() => {
    if (status === "signedIn" && !signingIn.current) navigate(next, { replace: true });
  }, [status, navigate, next]);

  const onSubmit = handleSubmit(async (data) => {
    signingIn.current = true;
    const outcome = await signIn(data);
    if (!outcome.ok) {
      signingIn.current = false;
      // Offline or a 5xx: the connection message, and the fields are not blamed.
      const { kind, message } = signInFailureMessage(outcome.error, (error) => serverMessage(error) ?? "Please check your credentials");
      notifyError("Error signing in", message);
      failure.fail(message, kind);
      return;
    }
    notifySuccess("Welcome back!");
    setRedirecting(true);
    await new Promise((resolve) => setTimeout(resolve, SIGN_IN_REDIRECT_DELAY_MS));
    navigate(next, { replace: true });
  });

  const busy = isSubmitting || redirecting;

  return (
    <AuthLayout back="/" title="Welcome back" intro="Sign in to book and manage your rentals.">
      <form className={formStack} onSubmit={onSubmit} onInput={failure.clear} noValidate aria-label="Sign in">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
          {...failure.field}
        />
        <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} {...failure.field} />
        <button
          type="button"
          className={forgotLink}
          onClick={() => {
            setForgotEmail(getValues("email").trim());
            setForgotOpen(true);
          }}
        >
          Forgot Password?
        </button>
        {failure.notice}
        <Button type="submit" size="lg" fullWidth disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? "Signing In..." : "Sign In"}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton next={next} onStart={() => (signingIn.current = true)} onFailed={() => (signingIn.current = false)} />
      <p className={switchLine}>
        Don't have an account? <Link to="/signup">Sign up</Link>
      </p>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={forgotEmail} />
    </AuthLayout>
  );
}
