/**
 * Bookings (/admin/bookings, SPEC 2, 3, 4, 8): detailed cards (booking # = last 8 characters,
 * status badge, the customer's name, email and phone, category and transmission, pickup and
 * return in Cape Town time, the route, total, the assigned vehicle), a status dropdown (any of
 * the five: "Status updated" / "Error updating status") and vehicle assignment from the
 * vehicles the server says could take the booking (available, its category and transmission,
 * free for its period: "Vehicle assigned" / "Error assigning vehicle" with the server's message).
 * Filter by status; paged.
 */
import { useId, useState } from "react";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { BOOKING_STATUSES, bookingNumber, isBookingStatus, statusBadgeTone } from "#domain/booking.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field, SelectField } from "../../ui/Field.tsx";
import { parseCoordinates, UNVERIFIED_LOCATION_NOTE } from "#domain/geo.ts";
import { CarIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { AdminDialog, dialogActions } from "../components/Dialogs.tsx";
import { FilterSelect, ResultCount } from "../components/Filters.tsx";
import { ClipboardIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Pager, mono, pageStack } from "../components/Page.tsx";
import { BOOKING_FIELDS, VEHICLE_FIELDS, type AdminBooking } from "../lib/api.ts";
import { bookingStatusLabel, categoryLabel, plural, rand, transmissionLabel } from "../lib/format.ts";
import { adminErrorMessage } from "../lib/errors.ts";
import { graphql } from "../../lib/graphql.ts";

export const BOOKINGS_PAGE_SIZE = 20;

const BOOKINGS = graphql(
  `
  query AdminBookings($status: BookingStatus, $limit: Int, $offset: Int) {
    adminBookings(status: $status, limit: $limit, offset: $offset) {
      total
      items {
        ...AdminBookingFields
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

const UPDATE_STATUS = graphql(
  `
  mutation UpdateBookingStatus($id: ID!, $status: BookingStatus!) {
    updateBookingStatus(id: $id, status: $status) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

const ASSIGNABLE = graphql(
  `
  query AssignableVehicles($bookingId: ID!) {
    assignableVehicles(bookingId: $bookingId) {
      ...AdminVehicleFields
    }
  }
`,
  [VEHICLE_FIELDS],
);

const ASSIGN = graphql(
  `
  mutation AssignBookingVehicle($id: ID!, $vehicleId: ID!) {
    assignBookingVehicle(id: $id, vehicleId: $vehicleId) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

const STATUS_OPTIONS = BOOKING_STATUSES.map((s) => ({ value: s, label: bookingStatusLabel(s) }));
const STATUS_FILTER = [{ value: "", label: "All statuses" }, ...STATUS_OPTIONS];

const cardStyle = css({
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
  overflow: "hidden",
});

const detailGrid = css({
  display: "grid",
  gap: { base: "4", md: "5" },
  gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", xl: "repeat(4, minmax(0, 1fr))" },
  p: { base: "4", md: "5" },
});

const termLabel = css({ fontSize: "xs", fontWeight: "650", textTransform: "uppercase", letterSpacing: "0.04em", color: "fg.muted", mb: "1" });
const line = css({
  display: "flex",
  alignItems: "center",
  gap: "1.5",
  fontSize: "sm",
  minW: "0",
  overflowWrap: "anywhere",
  "& svg": { color: "fg.muted", flexShrink: 0 },
});

const SET_LOCATION = graphql(
  `
  mutation SetBookingLocation($id: ID!, $point: BookingLocationPoint!, $coordinates: String!, $location: String) {
    setBookingLocation(id: $id, point: $point, coordinates: $coordinates, location: $location) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

type LocationPoint = "delivery" | "return";

/** A link that opens a point in the user's maps app (no external tiles in the page itself). */
function mapsLink(coordinates: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(coordinates)}`;
}

/** The real point of an unverified location, after calling the customer: coordinates and, optionally, a corrected address. */
function LocationDialog({ booking, point, onClose }: { booking: AdminBooking; point: LocationPoint | null; onClose: () => void }) {
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
          hint="From the customer's shared location or a maps app; it must lie in an active service area."
        />
        <Field
          label="Corrected address (optional)"
          placeholder={typed}
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          maxLength={300}
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
function RoutePoint({ booking, point, onSet }: { booking: AdminBooking; point: LocationPoint; onSet: (point: LocationPoint) => void }) {
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
                className={css({ color: "fg.link", whiteSpace: "nowrap", textDecoration: "underline", textUnderlineOffset: "2px" })}
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

function AssignDialog({ booking, open, onOpenChange }: { booking: AdminBooking; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Assign a vehicle to booking #${bookingNumber(booking.id, "admin")}`}
      description={`${categoryLabel(booking.category)} · ${transmissionLabel(booking.transmission)} · ${formatBookingCardDateTime(new Date(booking.pickupDate))} to ${formatBookingCardDateTime(new Date(booking.returnDate))}`}
      size="md"
    >
      <AssignForm booking={booking} onDone={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

function AssignForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
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

function StatusControl({ booking }: { booking: AdminBooking }) {
  const id = useId();
  const [, updateStatus] = useMutation(UPDATE_STATUS);
  const [pending, setPending] = useState<string | null>(null);
  const change = async (status: string) => {
    if (!isBookingStatus(status) || status === booking.status) return;
    setPending(status);
    const result = await updateStatus({ id: booking.id, status });
    setPending(null);
    if (result.error || !result.data) {
      notifyError("Error updating status", adminErrorMessage(result.error));
      return;
    }
    notifySuccess("Status updated", `Booking #${bookingNumber(booking.id, "admin")} is now ${bookingStatusLabel(status).toLowerCase()}.`);
  };
  return (
    <div className={css({ display: "flex", alignItems: "center", gap: "2" })}>
      <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600", color: "fg.muted", whiteSpace: "nowrap" })}>
        Status
      </label>
      <select
        id={id}
        value={pending ?? booking.status}
        disabled={pending !== null}
        onChange={(event) => void change(event.target.value)}
        className={css({
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
        aria-label={`Status of booking #${bookingNumber(booking.id, "admin")}`}
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {pending !== null ? <Spinner label="Saving status…" /> : null}
    </div>
  );
}

/** A pending booking: confirm it, or decline it (cancelled, with the usual email to the customer). */
function ApprovalButtons({ booking }: { booking: AdminBooking }) {
  const [, update] = useMutation(UPDATE_STATUS);
  const [busy, setBusy] = useState<"confirmed" | "cancelled" | null>(null);
  const decide = async (status: "confirmed" | "cancelled") => {
    setBusy(status);
    const result = await update({ id: booking.id, status });
    setBusy(null);
    if (result.error || !result.data) notifyError("Error updating status", adminErrorMessage(result.error));
    else
      notifySuccess(
        status === "confirmed" ? "Booking approved" : "Booking declined",
        `Booking #${bookingNumber(booking.id, "admin")} is now ${bookingStatusLabel(status).toLowerCase()}.`,
      );
  };
  return (
    <>
      <Button size="sm" disabled={busy !== null} onClick={() => void decide("confirmed")} aria-busy={busy === "confirmed" || undefined}>
        {busy === "confirmed" ? <Spinner /> : null}
        Approve
      </Button>
      <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void decide("cancelled")} aria-busy={busy === "cancelled" || undefined}>
        Decline
      </Button>
    </>
  );
}

function BookingCard({ booking }: { booking: AdminBooking }) {
  const [assigning, setAssigning] = useState(false);
  const [locating, setLocating] = useState<LocationPoint | null>(null);
  const number = bookingNumber(booking.id, "admin");
  const open = booking.status !== "completed" && booking.status !== "cancelled";
  return (
    <li className={cardStyle} aria-label={`Booking #${number}`} data-booking-id={booking.id}>
      <div
        className={css({
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          justifyContent: "space-between",
          gap: "3",
          px: { base: "4", md: "5" },
          py: "3",
          bg: "slate.25",
          borderBottomWidth: "1px",
          borderColor: "border.default",
        })}
      >
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2.5" })}>
          <h2 className={css({ fontWeight: "700" })}>
            Booking <span className={mono}>#{number}</span>
          </h2>
          <Badge tone={statusBadgeTone(booking.status)}>{bookingStatusLabel(booking.status)}</Badge>
          <span className={css({ fontSize: "sm", color: "fg.muted" })}>
            {categoryLabel(booking.category)} · {transmissionLabel(booking.transmission)} · {plural(booking.duration, "day")}
          </span>
        </div>
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
          {booking.status === "pending" ? <ApprovalButtons booking={booking} /> : null}
          <StatusControl booking={booking} />
        </div>
      </div>
      <div className={detailGrid}>
        <div>
          <p className={termLabel}>Customer</p>
          <p className={css({ fontWeight: "600" })}>{booking.user.name}</p>
          <p className={line}>
            <MailIcon size={14} />
            <a href={`mailto:${booking.user.email}`} className={css({ color: "fg.link" })}>
              {booking.user.email}
            </a>
          </p>
          <p className={line}>
            <PhoneIcon size={14} />
            {booking.user.phone ? (
              <a href={`tel:${booking.user.phone.replace(/\s+/g, "")}`}>{booking.user.phone}</a>
            ) : (
              <span className={css({ color: "fg.muted" })}>No phone</span>
            )}
          </p>
        </div>
        <div>
          <p className={termLabel} title="Cape Town time (SAST)">
            When (SAST)
          </p>
          <dl
            className={css({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "2", rowGap: "0.5", fontSize: "sm", "& dt": { color: "fg.muted" } })}
          >
            <dt>Pickup</dt>
            <dd>{formatBookingCardDateTime(new Date(booking.pickupDate))}</dd>
            <dt>Return</dt>
            <dd>{formatBookingCardDateTime(new Date(booking.returnDate))}</dd>
          </dl>
        </div>
        <div>
          <p className={termLabel}>Route</p>
          <RoutePoint booking={booking} point="delivery" onSet={setLocating} />
          <p className={css({ fontSize: "sm", color: "fg.muted", pl: "5" })} aria-hidden="true">
            ↓
          </p>
          <RoutePoint booking={booking} point="return" onSet={setLocating} />
        </div>
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <div>
            <p className={termLabel}>Total</p>
            <p className={css({ fontSize: "lg", fontWeight: "700" })}>{rand(booking.totalAmount)}</p>
          </div>
          <div>
            <p className={termLabel}>Assigned vehicle</p>
            {booking.vehicle ? (
              <p className={line} data-assigned-vehicle>
                <CarIcon size={14} />
                <span>
                  {booking.vehicle.make} {booking.vehicle.model} · <span className={mono}>{booking.vehicle.registrationNumber}</span>
                </span>
              </p>
            ) : (
              <p className={css({ fontSize: "sm", color: "warning.fg", fontWeight: "500" })} data-assigned-vehicle>
                Not assigned yet
              </p>
            )}
            {open ? (
              <Button variant="outline" size="sm" className={css({ mt: "2" })} onClick={() => setAssigning(true)}>
                <CarIcon size={16} />
                {booking.vehicle ? "Change Vehicle" : "Assign Vehicle"}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {booking.specialRequests ? (
        <p className={css({ px: { base: "4", md: "5" }, pb: "4", fontSize: "sm" })}>
          <span className={css({ fontWeight: "600" })}>Special requests: </span>
          {booking.specialRequests}
        </p>
      ) : null}
      <AssignDialog booking={booking} open={assigning} onOpenChange={setAssigning} />
      <LocationDialog booking={booking} point={locating} onClose={() => setLocating(null)} />
    </li>
  );
}

export function Component() {
  const [status, setStatus] = useState("");
  const [offset, setOffset] = useState(0);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: BOOKINGS,
    variables: { status: isBookingStatus(status) ? status : null, limit: BOOKINGS_PAGE_SIZE, offset },
  });
  const page = data?.adminBookings;
  // Bookings that wait for an admin (a new account's first booking when approval is on).
  const [awaiting] = useQuery({ query: BOOKINGS, variables: { status: "pending", limit: 1, offset: 0 } });
  const waiting = awaiting.data?.adminBookings.total ?? 0;

  return (
    <div className={pageStack}>
      <PageHeader
        title="Bookings"
        description="Every booking, newest first: change its status or assign a car from the fleet."
        actions={<FilterSelect label="Show" options={STATUS_FILTER} value={status} onChange={(event) => (setStatus(event.target.value), setOffset(0))} />}
      />
      {waiting > 0 && status !== "pending" ? (
        <Notice tone="info" title={`${plural(waiting, "booking")} ${waiting === 1 ? "awaits" : "await"} approval`}>
          <span className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" })}>
            Pending bookings hold their car until you confirm or cancel them.
            <Button variant="outline" size="sm" onClick={() => (setStatus("pending"), setOffset(0))}>
              Show pending bookings
            </Button>
          </span>
        </Notice>
      ) : null}
      {error && !page ? (
        <LoadError title="Error loading bookings" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !page ? (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true" aria-label="Loading bookings">
          {[0, 1, 2].map((i) => (
            <li key={i} className={cardStyle}>
              <Skeleton className={css({ height: "12", borderRadius: "0" })} />
              <div className={detailGrid}>
                {[0, 1, 2, 3].map((j) => (
                  <Skeleton key={j} className={css({ height: "16" })} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : page.items.length === 0 ? (
        <EmptyState icon={<ClipboardIcon size={22} />} title={status ? `No ${bookingStatusLabel(status).toLowerCase()} bookings` : "No bookings yet"}>
          {status ? "Choose another status to see more." : "Bookings show here as soon as customers make them."}
        </EmptyState>
      ) : (
        <>
          <ResultCount>
            {plural(page.total, "booking")}
            {fetching ? " · updating…" : ""}
          </ResultCount>
          <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-label="Bookings">
            {page.items.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
          <Pager offset={offset} limit={BOOKINGS_PAGE_SIZE} total={page.total} onChange={setOffset} label="bookings" />
        </>
      )}
    </div>
  );
}
