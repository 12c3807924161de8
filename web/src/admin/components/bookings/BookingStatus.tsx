// The booking's status: the dropdown of the five statuses and the approve / decline buttons.
import { useId, useState } from "react";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import { BOOKING_STATUSES, bookingNumber, isBookingStatus } from "#domain/booking.ts";
import { Button } from "../../../ui/Button.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../../ui/toast.tsx";
import { ProposedSelect } from "../ProposedSelect.tsx";
import { BOOKING_FIELDS, type AdminBooking } from "../../lib/api.ts";
import { bookingStatusLabel } from "../../lib/format.ts";
import { adminErrorMessage } from "../../lib/errors.ts";
import { graphql } from "../../../lib/graphql.ts";

export const UPDATE_STATUS = graphql(
  `
  mutation UpdateBookingStatus($id: ID!, $status: BookingStatus!) {
    updateBookingStatus(id: $id, status: $status) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

export const STATUS_OPTIONS = BOOKING_STATUSES.map((s) => ({ value: s, label: bookingStatusLabel(s) }));

export const STATUS_FILTER = [{ value: "", label: "All statuses" }, ...STATUS_OPTIONS];

/**
 * The booking's status: choosing one in the select only proposes it (arrow keys walk a closed
 * select's options, and each step would otherwise be saved, with its email to the customer); Save
 * makes the change, Cancel or Escape puts the select back.
 */
export function StatusControl({ booking }: { booking: AdminBooking }) {
  const id = useId();
  const [, updateStatus] = useMutation(UPDATE_STATUS);
  const number = bookingNumber(booking.id, "admin");
  const save = async (status: string) => {
    if (!isBookingStatus(status)) return false;
    const result = await updateStatus({ id: booking.id, status });
    if (result.error || !result.data) {
      notifyError("Error updating status", adminErrorMessage(result.error));
      return false;
    }
    notifySuccess("Status updated", `Booking #${number} is now ${bookingStatusLabel(status).toLowerCase()}.`);
    return true;
  };
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
      <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600", color: "fg.muted", whiteSpace: "nowrap" })}>
        Status
      </label>
      <ProposedSelect
        id={id}
        value={booking.status}
        options={STATUS_OPTIONS}
        onSave={save}
        saveLabel="Save status"
        savingLabel="Saving status…"
        selectClassName={css({
          minH: "9",
          px: "2.5",
          fontSize: "sm",
          fontWeight: "500",
          bg: "bg.surface",
          borderWidth: "1px",
          borderColor: "border.strong",
          borderRadius: "control",
          cursor: "pointer",
        })}
        aria-label={`Status of booking #${number}`}
      />
    </div>
  );
}

/** A pending booking: confirm it, or decline it (cancelled, with the usual email to the customer). */
export function ApprovalButtons({ booking }: { booking: AdminBooking }) {
  const [, update] = useMutation(UPDATE_STATUS);
  const [busy, setBusy] = useState<"confirmed" | "cancelled" | null>(null);
  const decide = async (status: "confirmed" | "cancelled", pressed: HTMLButtonElement) => {
    // Both buttons go once the booking is decided (and are disabled meanwhile): focus would fall to
    // <body>. It goes to the card's status select, which now says the decision.
    const card = pressed.closest("li");
    setBusy(status);
    const result = await update({ id: booking.id, status });
    setBusy(null);
    if (result.error || !result.data) {
      notifyError("Error updating status", adminErrorMessage(result.error));
      pressed.focus();
      return;
    }
    notifySuccess(
      status === "confirmed" ? "Booking approved" : "Booking declined",
      `Booking #${bookingNumber(booking.id, "admin")} is now ${bookingStatusLabel(status).toLowerCase()}.`,
    );
    // Filtered to pending, the card itself goes: then the list's heading.
    const target = card?.isConnected ? card.querySelector<HTMLElement>("select") : document.querySelector<HTMLElement>("main h1");
    if (target?.tagName === "H1") target.tabIndex = -1;
    target?.focus();
  };
  return (
    <>
      <Button
        size="sm"
        disabled={busy !== null}
        onClick={(event) => void decide("confirmed", event.currentTarget)}
        aria-busy={busy === "confirmed" || undefined}
      >
        {busy === "confirmed" ? <Spinner /> : null}
        Approve
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy !== null}
        onClick={(event) => void decide("cancelled", event.currentTarget)}
        aria-busy={busy === "cancelled" || undefined}
      >
        Decline
      </Button>
    </>
  );
}
