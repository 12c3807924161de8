// A booking's delivery and return points on the card: the address, a maps link, and the dialog
// that sets the real point of an address the geocoder could not place.
import { useState } from "react";
import { useMutation } from "urql";
import { css } from "styled-system/css";
import { bookingNumber } from "#domain/booking.ts";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/Field.tsx";
import { parseCoordinates, UNVERIFIED_LOCATION_NOTE } from "#domain/geo.ts";
import { MapPinIcon } from "../../../ui/icons.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { notifySuccess } from "../../../ui/toast.tsx";
import { AdminDialog, dialogActions } from "../Dialogs.tsx";
import { BOOKING_FIELDS, type AdminBooking } from "../../lib/api.ts";
import { adminErrorMessage } from "../../lib/errors.ts";
import { mapsLink } from "../../lib/maps.ts";
import { graphql } from "../../../lib/graphql.ts";

import { FindPoint } from "./FindPoint.tsx";
import { line } from "./styles.ts";

export const SET_LOCATION = graphql(
  `
  mutation SetBookingLocation($id: ID!, $point: BookingLocationPoint!, $coordinates: String!, $location: String) {
    setBookingLocation(id: $id, point: $point, coordinates: $coordinates, location: $location) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

export type LocationPoint = "delivery" | "return";

/** The real point of an unverified location, after calling the customer: coordinates and, optionally, a corrected address. */
export function LocationDialog({ booking, point, onClose }: { booking: AdminBooking; point: LocationPoint | null; onClose: () => void }) {
  const [, save] = useMutation(SET_LOCATION);
  const [coordinates, setCoordinates] = useState("");
  const [location, setLocation] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const typed = point === "return" ? booking.returnLocation : booking.deliveryLocation;

  const submit = async () => {
    if (!point) return;
    if (!parseCoordinates(coordinates)) {
      setProblem('Enter the point as "latitude,longitude", e.g. -33.9249,18.4241');
      return;
    }
    setBusy(true);
    const result = await save({ id: booking.id, point, coordinates: coordinates.trim(), location: location.trim() || null });
    setBusy(false);
    if (result.error || !result.data) {
      setProblem(adminErrorMessage(result.error));
      return;
    }
    notifySuccess("Location set", `The ${point} point of booking #${bookingNumber(booking.id, "admin")} is confirmed.`);
    setCoordinates("");
    setLocation("");
    setProblem(undefined);
    onClose();
  };

  return (
    <AdminDialog
      open={point !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Set the ${point ?? "delivery"} point of booking #${bookingNumber(booking.id, "admin")}`}
      description={`The customer typed "${typed}". Call ${booking.user.name}${booking.user.phone ? ` on ${booking.user.phone}` : ""} and enter the real point.`}
      size="md"
    >
      <form
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field
          label="Coordinates (latitude,longitude)"
          placeholder="-33.9249,18.4241"
          inputMode="decimal"
          value={coordinates}
          onChange={(event) => setCoordinates(event.target.value)}
          error={problem}
          hint="From the customer's shared location, a maps app, or Find on map below; it must lie in an active service area."
        />
        <Field
          label="Corrected address (optional)"
          placeholder={typed}
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          maxLength={300}
        />
        <FindPoint
          address={location.trim() || typed}
          place={point ?? "delivery"}
          onPick={(found) => {
            setCoordinates(found.coordinates);
            setProblem(undefined);
          }}
        />
        <div className={dialogActions}>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || coordinates.trim() === ""} aria-busy={busy || undefined}>
            {busy ? <Spinner /> : null}
            {busy ? "Saving..." : "Set Location"}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** One end of the route: the address, a maps link, and for an unverified point the warning and "Set location". */
export function RoutePoint({ booking, point, onSet }: { booking: AdminBooking; point: LocationPoint; onSet: (point: LocationPoint) => void }) {
  const location = point === "delivery" ? booking.deliveryLocation : booking.returnLocation;
  const coordinates = point === "delivery" ? booking.deliveryCoordinates : booking.returnCoordinates;
  const verified = point === "delivery" ? booking.deliveryVerified : booking.returnVerified;
  return (
    <div>
      <p className={line}>
        <MapPinIcon size={14} />
        <span>
          {point === "return" ? <span className={css({ srOnly: true })}>to </span> : null}
          {location}
          {verified ? (
            <>
              {" "}
              <a
                href={mapsLink(coordinates)}
                target="_blank"
                rel="noreferrer"
                // The padding of an inline link adds to what can be clicked (24 px high) and moves nothing.
                className={css({ color: "fg.link", whiteSpace: "nowrap", textDecoration: "underline", textUnderlineOffset: "2px", py: "1" })}
              >
                Map<span className={css({ srOnly: true })}> of the {point} point</span>
              </a>
            </>
          ) : null}
        </span>
      </p>
      {verified ? null : (
        <div className={css({ pl: "5", mt: "1", display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "1.5" })} data-unverified={point}>
          <p className={css({ fontSize: "sm", color: "warning.fg", fontWeight: "500" })}>{UNVERIFIED_LOCATION_NOTE}.</p>
          <Button variant="outline" size="sm" onClick={() => onSet(point)}>
            <MapPinIcon size={16} />
            Set {point} point
          </Button>
        </div>
      )}
    </div>
  );
}
