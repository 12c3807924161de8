/**
 * Booking Confirmed (/booking/success, SPEC 2): the three lines of the spec, "View My Bookings"
 * and "Back to Home".
 */
import { css } from "styled-system/css";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { ButtonLink } from "../../../ui/Button.tsx";
import { CustomerScreen } from "../../CustomerScreen.tsx";
import { SignedInOnly } from "../../booking/BookingScreen.tsx";
import { CheckIcon } from "../../components/icons.tsx";

export function SuccessScreen() {
  usePageTitle("Booking Confirmed");
  return (
    <CustomerScreen footer>
      <SignedInOnly>
        <div className={css({ flex: "1", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", textAlign: "center", gap: "5", py: "8" })}>
          <span
            className={css({
              width: "20",
              height: "20",
              borderRadius: "full",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              bg: "success.bg",
              color: "success.solid",
              boxShadow: "0 0 0 10px token(colors.success.bg/45)",
            })}
          >
            <CheckIcon size={40} />
          </span>
          <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <h1 className={css({ textStyle: "title" })}>Booking Confirmed!</h1>
            <p>Your car has been successfully booked.</p>
            <p className={css({ color: "fg.muted" })}>Check your email for confirmation details.</p>
          </div>
          <div className={css({ display: "flex", flexDirection: "column", gap: "3", width: "full", mt: "2" })}>
            <ButtonLink to="/bookings" size="lg" fullWidth>
              View My Bookings
            </ButtonLink>
            <ButtonLink to="/home" size="lg" variant="outline" fullWidth>
              Back to Home
            </ButtonLink>
          </div>
        </div>
      </SignedInOnly>
    </CustomerScreen>
  );
}

export const Component = SuccessScreen;
