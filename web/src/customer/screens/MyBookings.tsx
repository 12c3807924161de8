/**
 * My Bookings (/bookings, SPEC 2, 4, 8): the customer's bookings, newest first, as cards; 3
 * loading skeletons; the empty state "No bookings yet" with "Book a Car". "Cancel Booking" on
 * each booking that is neither completed nor cancelled, asking first in a dialog; inside the
 * 24 hours before pickup the button is disabled with the server's reason beside it.
 */
import { Dialog } from "@ark-ui/react/dialog";
import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { isCancellableStatus } from "#domain/booking.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { BookingCard, BookingSkeletons } from "../booking/BookingCard.tsx";
import { SignedInOnly } from "../booking/BookingScreen.tsx";
import { CANCEL_BOOKING, MY_BOOKINGS_QUERY, type Booking } from "../booking/documents.ts";
import { dialogStyles } from "../components/dialog.ts";
import { CarIcon, WarningIcon } from "../components/icons.tsx";
import { serverMessage } from "../session/errors.ts";
import { notifyError, notifySuccess } from "../session/toast.tsx";
import { DialogShell } from "../../ui/DialogShell.tsx";
import { IconDisc } from "../../ui/IconDisc.tsx";

export const CANCEL_CONFIRM_TEXT = "Are you sure you want to cancel this booking? This action cannot be undone.";

function CancelControls({ booking, onCancel }: { booking: Booking; onCancel: () => void }) {
  if (!isCancellableStatus(booking.status)) return null;
  const reasonId = `cancel-reason-${booking.id}`;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <Button
        variant="outline"
        fullWidth
        disabled={!booking.canCancel}
        aria-describedby={booking.canCancel ? undefined : reasonId}
        onClick={onCancel}
        className={css({ color: "danger.fg", borderColor: "danger.border", _hover: { bg: "danger.bg" } })}
      >
        Cancel Booking
      </Button>
      {!booking.canCancel && booking.cancelBlockedReason ? (
        <p id={reasonId} className={css({ display: "flex", gap: "1.5", alignItems: "flex-start", textStyle: "small", color: "fg.muted" })}>
          <WarningIcon size={16} className={css({ flexShrink: 0, mt: "0.5", color: "warning.icon" })} />
          {booking.cancelBlockedReason}
        </p>
      ) : null}
    </div>
  );
}

function CancelDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const [state, cancelBooking] = useMutation(CANCEL_BOOKING);
  const confirm = async () => {
    if (!booking) return;
    const result = await cancelBooking({ id: booking.id });
    onClose();
    if (result.data?.cancelBooking) notifySuccess("Booking cancelled", "Your booking has been successfully cancelled.");
    else notifyError("Cancellation failed", serverMessage(result.error) ?? "Failed to cancel booking. Please try again.");
  };
  return (
    <DialogShell role="alertdialog" closeButton={false} open={booking !== null} onOpenChange={(open) => (open || state.fetching ? undefined : onClose())}>
      <Dialog.Title className={dialogStyles.title}>Cancel Booking #{booking?.bookingNumber}?</Dialog.Title>
      <Dialog.Description>{CANCEL_CONFIRM_TEXT}</Dialog.Description>
      <div className={dialogStyles.actions}>
        <Dialog.CloseTrigger asChild>
          <Button variant="outline" size="lg" disabled={state.fetching}>
            Keep Booking
          </Button>
        </Dialog.CloseTrigger>
        <Button variant="danger" size="lg" onClick={confirm} disabled={state.fetching} aria-busy={state.fetching || undefined}>
          {state.fetching ? <Spinner /> : null}
          {state.fetching ? "Cancelling..." : "Cancel Booking"}
        </Button>
      </div>
    </DialogShell>
  );
}

function EmptyBookings() {
  return (
    <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", mt: "2" })}>
      <IconDisc size="md">
        <CarIcon size={28} />
      </IconDisc>
      <div>
        <p className={css({ fontWeight: "650" })}>No bookings yet</p>
        <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>When you book a car, it shows up here.</p>
      </div>
      <ButtonLink to="/booking/category" fullWidth>
        Book a Car
      </ButtonLink>
    </Card>
  );
}

function BookingsList() {
  // Whether a booking may still be cancelled changes with time: refresh on every visit.
  const [result, reexecute] = useQuery({ query: MY_BOOKINGS_QUERY, requestPolicy: "cache-and-network" });
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const bookings = result.data?.myBookings;

  if (!bookings) {
    if (result.error) {
      return (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
          <Notice tone="danger" title="We couldn't load your bookings">
            Please check your connection and try again.
          </Notice>
          <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            Try again
          </Button>
        </div>
      );
    }
    return <BookingSkeletons />;
  }
  if (bookings.length === 0) return <EmptyBookings />;
  return (
    <>
      <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        {bookings.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} headingLevel={2}>
              <CancelControls booking={booking} onCancel={() => setCancelling(booking)} />
            </BookingCard>
          </li>
        ))}
      </ul>
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

export function MyBookingsScreen() {
  usePageTitle("My Bookings");
  return (
    <CustomerScreen back="/home" footer>
      <SignedInOnly>
        <h1 className={css({ textStyle: "title", mb: "4" })}>My Bookings</h1>
        <BookingsList />
      </SignedInOnly>
    </CustomerScreen>
  );
}

export const Component = MyBookingsScreen;
