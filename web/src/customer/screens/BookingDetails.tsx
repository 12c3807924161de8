/**
 * One booking (/bookings/{id}): the booking as its card shows it, then its delivery and collection:
 * where the car is ("Driver on the way", "Delivered 2:05 PM", "Collected ..."), the two addresses
 * with a maps link each, and the way to the condition report once a handover is done. Loading
 * skeletons, "Booking not found" (another customer's, or a wrong link) and a load error with
 * "Try again". The header's back link returns to My Bookings.
 */
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { isNotStartedStatus, statusChangeTitle } from "#domain/booking.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { CancelBooking } from "../booking/CancelBooking.tsx";
import { BookingCard, HandoverStatus } from "../booking/BookingCard.tsx";
import { SignedInOnly } from "../booking/BookingScreen.tsx";
import { BookingLoadError, BookingNotFound, isNotFound } from "../booking/BookingStates.tsx";
import { BOOKING_QUERY, type BookingDetails } from "../booking/documents.ts";
import { ClipboardIcon, ReceiptIcon } from "../booking/icons.tsx";
import { MapsLink } from "../booking/MapsLink.tsx";

const sectionTitle = css({ textStyle: "heading" });
const label = css({ textStyle: "caption", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.05em" });

function Stop({ title, when, address, coordinates }: { title: string; when: string; address: string; coordinates: string }) {
  const date = new Date(when);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "0.5" })}>
      <dt className={label}>{title}</dt>
      <dd className={css({ fontWeight: "600", fontSize: "sm" })}>{Number.isNaN(date.getTime()) ? "—" : formatBookingCardDateTime(date)}</dd>
      <dd className={css({ fontSize: "sm", overflowWrap: "anywhere" })}>{address}</dd>
      <dd>
        <MapsLink coordinates={coordinates} />
      </dd>
    </div>
  );
}

/** Before any driver set off: what happens next, by the booking's status. */
function handoverNote(status: string): string {
  switch (status) {
    case "cancelled":
      return "This booking was cancelled: nothing will be delivered.";
    case "completed":
      return "This rental is over.";
    case "pending":
      return "Once the booking is approved, a driver brings the car to you at pick-up time.";
    default:
      return "A driver brings the car to you at pick-up time and collects it at return time. You'll see here when they are on the way.";
  }
}

function Handovers({ booking }: { booking: BookingDetails }) {
  return (
    <Card as="section" padding="md" aria-labelledby="handovers-title" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <h2 id="handovers-title" className={sectionTitle}>
        Delivery &amp; collection
      </h2>
      {booking.handoverStatus ? (
        <HandoverStatus status={booking.handoverStatus} />
      ) : (
        <p className={css({ textStyle: "small", color: "fg.muted" })}>{handoverNote(booking.status)}</p>
      )}
      <dl className={css({ display: "grid", gap: "4" })}>
        <Stop title="Delivery" when={booking.pickupDate} address={booking.deliveryLocation} coordinates={booking.deliveryCoordinates} />
        <Stop title="Collection" when={booking.returnDate} address={booking.returnLocation} coordinates={booking.returnCoordinates} />
      </dl>
      {booking.hasConditionReport ? (
        <ButtonLink to={`/bookings/${booking.id}/report`} variant="outline" fullWidth>
          <ClipboardIcon size={18} />
          View condition report
        </ButtonLink>
      ) : isNotStartedStatus(booking.status) ? (
        <p className={css({ textStyle: "small", color: "fg.muted", pt: "3", borderTopWidth: "1px", borderColor: "border.default" })}>
          The condition report (photos, readings and your signature) appears here once the car is delivered.
        </p>
      ) : booking.status !== "cancelled" ? (
        // Delivered without the driver app's checklist (on paper): there is no report to come.
        <p className={css({ textStyle: "small", color: "fg.muted", pt: "3", borderTopWidth: "1px", borderColor: "border.default" })}>
          No condition report was recorded for this rental. Contact us if you need a copy of the handover papers.
        </p>
      ) : null}
    </Card>
  );
}

/** Change booking / Extend trip, or why the booking can no longer change. */
function ChangeActions({ booking }: { booking: BookingDetails }) {
  if (booking.canExtend) {
    return (
      <ButtonLink to={`/bookings/${booking.id}/extend`} fullWidth>
        Extend Trip
      </ButtonLink>
    );
  }
  if (booking.canChange) {
    return (
      <ButtonLink to={`/bookings/${booking.id}/change`} fullWidth>
        Change Booking
      </ButtonLink>
    );
  }
  if (isNotStartedStatus(booking.status)) {
    return <p className={css({ textStyle: "small", color: "fg.muted" })}>{booking.changeBlockedReason}</p>;
  }
  return null;
}

/** The booking's changes, newest first: when, who, what (old → new) and the price difference. */
function ChangeHistory({ changes }: { changes: BookingDetails["changes"] }) {
  if (changes.length === 0) return null;
  return (
    <Card as="section" padding="md" aria-labelledby="changes-title" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <h2 id="changes-title" className={sectionTitle}>
        Changes
      </h2>
      <ol className={css({ display: "flex", flexDirection: "column", "& > li + li": { borderTopWidth: "1px", borderColor: "border.default" } })}>
        {[...changes].reverse().map((change) => (
          <li key={change.id} className={css({ py: "3", display: "flex", flexDirection: "column", gap: "1" })} data-testid="booking-change">
            <p className={css({ textStyle: "small", color: "fg.muted" })}>
              {formatBookingCardDateTime(new Date(change.createdAt))} · {change.madeBy === "customer" ? "by you" : "by CapeDrive"}
              {change.kind === "extension" ? " · trip extended" : change.kind === "shortening" ? " · trip shortened" : ""}
            </p>
            {change.kind === "status" && change.fromStatus && change.toStatus ? (
              <p className={css({ fontSize: "sm", fontWeight: "600" })}>Booking {statusChangeTitle(change.fromStatus, change.toStatus).toLowerCase()}</p>
            ) : (
              <ChangeDetails change={change} />
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** What a change of dates, places or car kind altered (old → new), and the price difference. */
function ChangeDetails({ change }: { change: BookingDetails["changes"][number] }) {
  return (
    <>
      <ul className={css({ display: "flex", flexDirection: "column", gap: "0.5" })}>
        {change.changes.map((c) => (
          <li key={c.field} className={css({ fontSize: "sm", overflowWrap: "anywhere" })}>
            <span className={css({ fontWeight: "600" })}>{c.label}:</span> {c.from} → {c.to}
          </li>
        ))}
      </ul>
      <p className={css({ fontSize: "sm", fontWeight: "600" })}>
        {change.differenceText}
        {change.carChanged ? " · another car of the kind" : ""}
      </p>
    </>
  );
}

function Loading() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
      <span role="status" className={css({ srOnly: true })}>
        Loading your booking…
      </span>
      <Skeleton className={css({ height: "8", width: "2/3" })} />
      <Skeleton className={css({ height: "56", width: "full", borderRadius: "card" })} />
      <Skeleton className={css({ height: "48", width: "full", borderRadius: "card" })} />
    </div>
  );
}

function Body({ id }: { id: string }) {
  // The handover status moves while the customer waits: refresh on every visit.
  const [result, reexecute] = useQuery({ query: BOOKING_QUERY, variables: { id }, requestPolicy: "cache-and-network" });
  const booking = result.data?.booking;
  usePageTitle(booking ? `Booking #${booking.bookingNumber}` : "Booking");

  let content: ReactNode;
  if (booking) {
    content = (
      <>
        <h1 className={css({ textStyle: "title" })}>Booking details</h1>
        <BookingCard booking={booking} headingLevel={2} details={false} />
        <ChangeActions booking={booking} />
        <CancelBooking booking={booking} />
        <Handovers booking={booking} />
        <ChangeHistory changes={booking.changes} />
        {booking.status !== "pending" ? (
          <ButtonLink to={`/bookings/${booking.id}/receipt`} variant="outline" fullWidth>
            <ReceiptIcon size={18} />
            Tax invoice
          </ButtonLink>
        ) : null}
        {booking.specialRequests ? (
          <Card as="section" padding="md" aria-labelledby="requests-title" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <h2 id="requests-title" className={sectionTitle}>
              Special requests
            </h2>
            <p className={css({ textStyle: "small", whiteSpace: "pre-line", overflowWrap: "anywhere" })}>{booking.specialRequests}</p>
          </Card>
        ) : null}
      </>
    );
  } else if (isNotFound(result.error) || (result.data && !result.data.booking)) {
    content = <BookingNotFound />;
  } else if (result.error) {
    content = <BookingLoadError what="this booking" onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  } else {
    content = <Loading />;
  }
  return <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>{content}</div>;
}

export function BookingDetailsScreen() {
  const { id = "" } = useParams();
  return (
    <CustomerScreen back="/bookings" backLabel="Back to My Bookings" footer>
      <SignedInOnly>
        <Body id={id} />
      </SignedInOnly>
    </CustomerScreen>
  );
}

export const Component = BookingDetailsScreen;
