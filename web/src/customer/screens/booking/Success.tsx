/**
 * Booking Confirmed (/booking/success, SPEC 2): the three lines of the spec, "View My Bookings"
 * and "Back to Home". A first booking that awaits an admin's approval (status pending) is
 * "Booking Received" instead. The confirmation screen hands over the created booking through the
 * navigation state; the draft is cleared here, once this screen shows. Opened without that state,
 * nothing was just booked: it goes to My Bookings.
 */
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { css } from "styled-system/css";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { ButtonLink } from "../../../ui/Button.tsx";
import { CustomerScreen } from "../../CustomerScreen.tsx";
import { SignedInOnly } from "../../booking/BookingScreen.tsx";
import { clearBookingDraft } from "../../booking/draft.ts";
import { CheckIcon } from "../../components/icons.tsx";

/** What the confirmation screen passes on: enough to say whether the booking is confirmed yet. */
export interface CreatedBooking {
  id: string;
  status: string;
}

function createdBooking(state: unknown): CreatedBooking | null {
  const booking = (state as { booking?: Partial<CreatedBooking> } | null)?.booking;
  return typeof booking?.id === "string" && typeof booking.status === "string" ? { id: booking.id, status: booking.status } : null;
}

export function SuccessScreen() {
  const created = createdBooking(useLocation().state);
  const awaitingApproval = created?.status === "pending";
  usePageTitle(awaitingApproval ? "Booking Received" : "Booking Confirmed");
  const booked = created !== null;
  useEffect(() => {
    if (booked) clearBookingDraft();
  }, [booked]);
  // Opened without having just booked (typed, a bookmark): nothing was booked, so nothing is confirmed.
  if (!booked) return <Navigate to="/bookings" replace />;
  return (
    <CustomerScreen footer>
      <SignedInOnly>
        <div
          className={css({
            flex: "1",
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            justifyContent: "center",
            textAlign: "center",
            gap: "5",
            py: "8",
          })}
        >
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
            {awaitingApproval ? (
              <>
                <h1 className={css({ textStyle: "title" })}>Booking Received</h1>
                <p>We confirm a new customer's first booking by hand.</p>
                <p className={css({ color: "fg.muted" })}>We will email you as soon as it is confirmed. It shows as Pending in My Bookings until then.</p>
              </>
            ) : (
              <>
                <h1 className={css({ textStyle: "title" })}>Booking Confirmed!</h1>
                <p>Your car has been successfully booked.</p>
                <p className={css({ color: "fg.muted" })}>Check your email for confirmation details.</p>
              </>
            )}
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
