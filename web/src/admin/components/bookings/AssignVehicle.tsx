// Assigning a vehicle to a booking: the vehicles the server says could take it, and the choice.
import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { bookingNumber } from "#domain/booking.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/Field.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../../ui/toast.tsx";
import { AdminDialog, dialogActions } from "../Dialogs.tsx";
import { mono } from "../Page.tsx";
import { BOOKING_FIELDS, VEHICLE_FIELDS, type AdminBooking } from "../../lib/api.ts";
import { categoryLabel, plural, transmissionLabel } from "../../lib/format.ts";
import { adminErrorMessage } from "../../lib/errors.ts";
import { graphql } from "../../../lib/graphql.ts";

export const ASSIGNABLE = graphql(
  `
  query AssignableVehicles($bookingId: ID!) {
    assignableVehicles(bookingId: $bookingId) {
      ...AdminVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

export const ASSIGN = graphql(
  `
  mutation AssignBookingVehicle($id: ID!, $vehicleId: ID!) {
    assignBookingVehicle(id: $id, vehicleId: $vehicleId) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

/** What assigning needs of a booking: the booking card's entry, or a dispatch board entry's few fields. */
export type AssignableBooking = Pick<AdminBooking, "id" | "category" | "transmission"> & {
  vehicleId: string | null;
  vehicle: { make: string; model: string; registrationNumber: string } | null;
};

/** "Mar 5, 2026, 10:00 AM to Mar 8, 2026, 10:00 AM": a booking's period, for the dialog's description. */
export function bookingPeriod(booking: { pickupDate: string; returnDate: string }): string {
  return `${formatBookingCardDateTime(new Date(booking.pickupDate))} to ${formatBookingCardDateTime(new Date(booking.returnDate))}`;
}

export function AssignDialog({
  booking,
  when,
  open,
  onOpenChange,
}: {
  booking: AssignableBooking;
  /** When the car is needed (the booking's period, or a delivery's time). */
  when: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Assign a vehicle to booking #${bookingNumber(booking.id, "admin")}`}
      description={`${categoryLabel(booking.category)} · ${transmissionLabel(booking.transmission)} · ${when}`}
      size="md"
    >
      <AssignForm booking={booking} onDone={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

export function AssignForm({ booking, onDone }: { booking: AssignableBooking; onDone: () => void }) {
  const [{ data, fetching, error }] = useQuery({
    query: ASSIGNABLE,
    variables: { bookingId: booking.id },
    requestPolicy: "network-only",
  });
  const [, assign] = useMutation(ASSIGN);
  const [vehicleId, setVehicleId] = useState("");
  const [busy, setBusy] = useState(false);
  // The booking's own vehicle is free for its period too; choosing it again would change nothing.
  const vehicles = data?.assignableVehicles.filter((v) => v.id !== booking.vehicleId);

  const submit = async () => {
    if (!vehicleId) return;
    setBusy(true);
    const result = await assign({ id: booking.id, vehicleId });
    setBusy(false);
    if (result.error || !result.data) {
      notifyError("Error assigning vehicle", adminErrorMessage(result.error));
      return;
    }
    const chosen = vehicles?.find((v) => v.id === vehicleId);
    notifySuccess(
      "Vehicle assigned",
      chosen ? `${chosen.make} ${chosen.model} (${chosen.licensePlate}) to booking #${bookingNumber(booking.id, "admin")}` : undefined,
    );
    onDone();
  };

  if (!vehicles && fetching) {
    return (
      <div className={css({ display: "flex", justifyContent: "center", py: "6", color: "brand.text" })}>
        <Spinner size="md" label="Finding free vehicles…" />
      </div>
    );
  }
  if (error && !vehicles) {
    return (
      <Notice tone="danger" title="Could not load the vehicles">
        {adminErrorMessage(error, "Please try again.")}
      </Notice>
    );
  }
  const options = [
    { value: "", label: vehicles && vehicles.length > 0 ? "Choose a vehicle…" : "No vehicle is free" },
    ...(vehicles ?? []).map((v) => ({ value: v.id, label: `${v.make} ${v.model} ${v.year} · ${v.licensePlate}` })),
  ];
  return (
    <form
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {booking.vehicle ? (
        <p className={css({ fontSize: "sm" })}>
          Now assigned:{" "}
          <strong>
            {booking.vehicle.make} {booking.vehicle.model}
          </strong>{" "}
          <span className={mono}>{booking.vehicle.registrationNumber}</span>
        </p>
      ) : null}
      {vehicles && vehicles.length === 0 ? (
        <Notice tone="info" title="No vehicle is free for this booking">
          No {booking.vehicle ? "other " : ""}available {categoryLabel(booking.category).toLowerCase()} {transmissionLabel(booking.transmission).toLowerCase()}{" "}
          vehicle is free for the whole period. Free one up, or add a vehicle to the fleet.
        </Notice>
      ) : null}
      <SelectField
        label="Vehicle"
        options={options}
        value={vehicleId}
        onChange={(event) => setVehicleId(event.target.value)}
        disabled={!vehicles || vehicles.length === 0}
        hint={
          vehicles && vehicles.length > 0
            ? `${plural(vehicles.length, "vehicle")} of this kind ${vehicles.length === 1 ? "is" : "are"} available and free for the whole period.`
            : undefined
        }
      />
      <div className={dialogActions}>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={!vehicleId || busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? "Assigning..." : "Assign Vehicle"}
        </Button>
      </div>
    </form>
  );
}
