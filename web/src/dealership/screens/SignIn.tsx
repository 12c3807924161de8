/**
 * Dealership sign in (/dealership/signin, SPEC 2, 4, 5, 8): dealership code and password with
 * the dealership login schema's messages; "Welcome!" / "Signed in successfully as {company}", or
 * "Sign in failed" / "Please check your dealership code and password". A dealership that is
 * already signed in goes straight to the dashboard (or back where the guard sent it from).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useRef } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import { css } from "styled-system/css";
import type { z } from "zod";
import { dealershipLoginSchema } from "#domain/schemas.ts";
import { serverMessage } from "../../lib/errors.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button } from "../../ui/Button.tsx";
import { SignInCard } from "../../ui/SignInCard.tsx";
import { Field } from "../../ui/Field.tsx";
import { ForgotPasswordContact } from "../../ui/ForgotPasswordContact.tsx";
import { StoreIcon } from "../../ui/icons.tsx";
import { signInFailureMessage, useSignInFailure } from "../../ui/signInFailure.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { errorCode } from "../lib/errors.ts";
import { useDealershipAuth } from "../session/auth.ts";
import { useDealershipToken } from "../session/store.ts";

type FormInput = z.input<typeof dealershipLoginSchema>;
type FormData = z.output<typeof dealershipLoginSchema>;

const DASHBOARD = "/dealership/dashboard";

/** Where to go after signing in: back to the portal page the guard came from, else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/dealership/") && !from.startsWith("/dealership/signin") ? from : DASHBOARD;
}

export function Component() {
  usePageTitle("Dealership sign in");
  const navigate = useNavigate();
  const location = useLocation();
  const token = useDealershipToken();
  const { signIn } = useDealershipAuth();
  const signingIn = useRef(false);
  const { register, handleSubmit, formState, setFocus } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(dealershipLoginSchema),
    defaultValues: { dealershipCode: "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  const failure = useSignInFailure(useCallback(() => setFocus("password", { shouldSelect: true }), [setFocus]));

  const onSubmit = handleSubmit(async (data) => {
    signingIn.current = true;
    const outcome = await signIn(data);
    if (!outcome.ok) {
      signingIn.current = false;
      // An inactive account or too many attempts: the server's words say more than the default;
      // no answer at all (offline, a 5xx) says so instead.
      const { kind, message } = signInFailureMessage(outcome.error, (error) => {
        const code = errorCode(error);
        const specific = code === "FORBIDDEN" || code === "TOO_MANY_REQUESTS" ? serverMessage(error) : undefined;
        return specific ?? "Please check your dealership code and password";
      });
      notifyError("Sign in failed", message);
      failure.fail(message, kind);
      return;
    }
    notifySuccess("Welcome!", `Signed in successfully as ${outcome.dealership.companyName}`);
    navigate(returnPath(location.state), { replace: true });
  });

  // Already signed in (and not in the middle of signing in here): to the portal.
  if (token && !signingIn.current) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <SignInCard icon={<StoreIcon size={26} />} title="Dealership sign in" intro="Manage your stock for sale and the enquiries from buyers.">
      <form
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        onSubmit={onSubmit}
        onInput={failure.clear}
        noValidate
        aria-label="Dealership sign in"
      >
        <Field
          label="Dealership code"
          autoComplete="username"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="e.g. ATLANTIC01"
          error={errors.dealershipCode?.message}
          {...register("dealershipCode")}
          {...failure.field}
        />
        <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} {...failure.field} />
        {failure.notice}
        <Button type="submit" size="lg" fullWidth disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Signing In..." : "Sign In"}
        </Button>
      </form>
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <ForgotPasswordContact fallback="Forgot your password? Please contact CapeDrive: we reset it for you." />
        <p className={css({ textStyle: "small", color: "fg.muted" })}>Not a CapeDrive dealership yet? Please contact us: we set up dealership accounts.</p>
      </div>
    </SignInCard>
  );
}
