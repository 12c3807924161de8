/**
 * Cancelling a booking (SPEC 2, 4): "Cancel Booking" on a booking that is neither completed nor
 * cancelled, asking first in a dialog; inside the 24 hours before pickup the button is disabled with
 * the server's reason beside it. On each card of My Bookings and on the booking's own page.
 *
 * Whatever goes wrong, the booking is read again so its card shows what is true. A cancel that got
 * no answer (the connection dropped, perhaps after the server cancelled; or a server error) is the
 * success it was when the booking now reads cancelled; and cancelling again a booking the customer
 * cancelled is answered as a success by the server, so a second tap is never "already cancelled".
 */
import { Dialog } from "@ark-ui/react/dialog";
import { useRef, useState } from "react";
import { useClient, useMutation } from "urql";
import { css } from "styled-system/css";
import { isCancellableStatus } from "#domain/booking.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogShell } from "../../ui/DialogShell.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { dialogStyles } from "../components/dialog.ts";
import { WarningIcon } from "../components/icons.tsx";
import { isTransientError, serverMessage } from "../session/errors.ts";
import { notifyError, notifySuccess } from "../session/toast.tsx";
import { BOOKING_QUERY, CANCEL_BOOKING } from "./documents.ts";

/** What the controls need of a booking (a list's card or the booking's own page). */
type Cancellable = { id: string; bookingNumber: string; status: string; canCancel: boolean; cancelBlockedReason?: string | null };

export const CANCEL_CONFIRM_TEXT = "Are you sure you want to cancel this booking? This action cannot be undone.";

export function CancelControls({ booking, onCancel }: { booking: Cancellable; onCancel: () => void }) {
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

/**
 * Where the focus goes when the dialog closes: back to the button that opened it, or, once the
 * booking is cancelled and that button gone, to the booking's card (else it would fall to <body>
 * and a keyboard user would start again at the top of the page).
 */
function focusAfterClosing(opener: HTMLElement | null, bookingId: string | null): HTMLElement | null {
  if (opener?.isConnected && !opener.hasAttribute("disabled")) return opener;
  const card = bookingId ? document.querySelector<HTMLElement>(`[data-booking-id="${bookingId}"]`) : null;
  if (card) card.tabIndex = -1;
  return card;
}

export function CancelDialog({ booking, onClose }: { booking: Cancellable | null; onClose: () => void }) {
  const [state, cancelBooking] = useMutation(CANCEL_BOOKING);
  const client = useClient();
  // Reading the booking again after a failed cancel: the dialog stays "Cancelling..." meanwhile.
  const [checking, setChecking] = useState(false);
  const busy = state.fetching || checking;
  // The booking the dialog was last opened for, and what opened it: both gone by the time the focus moves.
  const shownFor = useRef<{ id: string; opener: HTMLElement | null } | null>(null);
  if (booking && shownFor.current?.id !== booking.id) {
    shownFor.current = { id: booking.id, opener: document.activeElement instanceof HTMLElement ? document.activeElement : null };
  }
  const confirm = async () => {
    if (!booking) return;
    const result = await cancelBooking({ id: booking.id });
    if (result.data?.cancelBooking) {
      onClose();
      notifySuccess("Booking cancelled", "Your booking has been successfully cancelled.");
      return;
    }
    // The card may be out of date (cancelled meanwhile, or by this very request whose answer was lost): read it again.
    setChecking(true);
    const now = await client.query(BOOKING_QUERY, { id: booking.id }, { requestPolicy: "network-only" }).toPromise();
    setChecking(false);
    onClose();
    const noAnswer = isTransientError(result.error);
    if (noAnswer && now.data?.booking?.status === "cancelled") notifySuccess("Booking cancelled", "Your booking has been successfully cancelled.");
    else notifyError("Cancellation failed", (noAnswer ? undefined : serverMessage(result.error)) ?? "Failed to cancel booking. Please try again.");
  };
  return (
    <DialogShell
      role="alertdialog"
      closeButton={false}
      open={booking !== null}
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      finalFocusEl={() => {
        const last = shownFor.current;
        shownFor.current = null;
        return focusAfterClosing(last?.opener ?? null, last?.id ?? null);
      }}
    >
      <Dialog.Title className={dialogStyles.title}>Cancel Booking #{booking?.bookingNumber}?</Dialog.Title>
      <Dialog.Description>{CANCEL_CONFIRM_TEXT}</Dialog.Description>
      <div className={dialogStyles.actions}>
        <Dialog.CloseTrigger asChild>
          <Button variant="outline" size="lg" disabled={busy}>
            Keep Booking
          </Button>
        </Dialog.CloseTrigger>
        <Button variant="danger" size="lg" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? "Cancelling..." : "Cancel Booking"}
        </Button>
      </div>
    </DialogShell>
  );
}

/** The controls and their dialog together, for one booking's own page. */
export function CancelBooking({ booking }: { booking: Cancellable }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <CancelControls booking={booking} onCancel={() => setOpen(true)} />
      <CancelDialog booking={open ? booking : null} onClose={() => setOpen(false)} />
    </>
  );
}
