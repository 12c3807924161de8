/**
 * The frame of the booking flow's screens: the customer header with its back link, a step
 * indicator, the screen's title, its content and a bar of actions that stays at the bottom of the
 * phone screen. Signed-out visitors are sent to sign in (a booking needs an account).
 */
import type { ReactNode } from "react";
import { Navigate, type To, useLocation } from "react-router";
import { css } from "styled-system/css";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { AccountLoadError } from "../components/SessionStates.tsx";
import { useAuth } from "../session/auth.tsx";
import { signInFor } from "../session/next.ts";

export const BOOKING_STEPS = ["Car", "Dates", "Delivery", "Return", "Confirm"] as const;

function StepIndicator({ step }: { step: number }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <p className={css({ textStyle: "caption", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.06em" })}>
        Step {step} of {BOOKING_STEPS.length} · {BOOKING_STEPS[step - 1]}
      </p>
      <div className={css({ display: "flex", gap: "1.5" })} aria-hidden="true">
        {BOOKING_STEPS.map((name, index) => (
          <span key={name} className={css({ flex: "1", height: "1", borderRadius: "full", bg: index < step ? "brand.solid" : "slate.200" })} />
        ))}
      </div>
    </div>
  );
}

const actionBar = css({
  position: "sticky",
  bottom: "0",
  zIndex: "5",
  mt: "auto",
  mx: "-5",
  mb: "-6",
  px: "5",
  pt: "3",
  pb: "calc(token(spacing.4) + env(safe-area-inset-bottom, 0px))",
  bg: "bg.surface/95",
  backdropFilter: "saturate(180%) blur(8px)",
  borderTopWidth: "1px",
  borderColor: "border.default",
  display: "flex",
  gap: "3",
  // Buttons start from their label's width and share what is left, so a longer label ("Confirm
  // Change" beside "Discard") stays on one line; on a phone too narrow for both they wrap their
  // text rather than push the frame wider.
  "& > *": { flex: "1 1 auto", minW: "0", whiteSpace: "normal" },
});

/** The screen's main actions, kept at the bottom of the phone screen (put it last in the screen). */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <div className={actionBar} data-action-bar="">
      {children}
    </div>
  );
}

/** Sends signed-out visitors to sign in (and back here after it); shows the account error when the account cannot load. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { status, refetchUser } = useAuth();
  const location = useLocation();
  if (status === "signedOut") return <Navigate to={signInFor(location.pathname + location.search + location.hash)} replace />;
  if (status === "error") return <AccountLoadError onRetry={refetchUser} />;
  return <>{children}</>;
}

export function BookingScreen({
  back,
  step,
  title,
  description,
  children,
}: {
  back: To;
  /** 1..5, or undefined for screens outside the steps. */
  step?: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <CustomerScreen back={back}>
      <SignedInOnly>
        <div className={css({ display: "flex", flexDirection: "column", gap: "5", flex: "1" })}>
          {step ? <StepIndicator step={step} /> : null}
          <div>
            <h1 className={css({ textStyle: "title" })}>{title}</h1>
            {description ? <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>{description}</p> : null}
          </div>
          {children}
        </div>
      </SignedInOnly>
    </CustomerScreen>
  );
}
