/**
 * A booking as the customer sees it (SPEC 2, "My Bookings"; SPEC 9): the category, "Booking #"
 * with the last 6 characters of the id, the status badge (confirmed green, completed grey,
 * cancelled red, anything else blue), pick-up and return as US English short month, day, year
 * and 12-hour time in Cape Town time, the route "delivery → return" and the total (once charges were
 * added at the collection: the rental, each charge and the balance). Once a driver
 * is on the way, the handover status ("Driver on the way", "Delivered 2:05 PM", "Collected ...");
 * a link to the booking's page and, once a delivery or collection is done, to its condition report.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { css, cx } from "styled-system/css";
import { BOOKING_STATUS_LABELS, bookingNumber, isBookingStatus, isNotStartedStatus, statusBadgeTone } from "#domain/booking.ts";
import { TRANSMISSION_LABELS, categoryLabel } from "#domain/catalogue.ts";
import { placeSummary, UNVERIFIED_LOCATION_NOTE } from "#domain/geo.ts";
import { formatRand } from "#domain/money.ts";
import { formatBookingCardDate, formatBookingCardTime } from "#domain/time.ts";
import { AccountLines, hasAddedCharges } from "../../ui/AccountLines.tsx";
import { Badge } from "../../ui/Badge.tsx";
import { Card } from "../../ui/Card.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import type { Booking } from "./documents.ts";
import { ClipboardIcon, RouteIcon, TruckIcon } from "./icons.tsx";
import { ChevronRightIcon } from "../../ui/icons.tsx";

function statusLabel(status: string): string {
  return isBookingStatus(status) ? BOOKING_STATUS_LABELS[status] : status;
}

/** "Mar 5, 2025, 10:00 AM" (formatBookingCardDateTime), wrapping only after the date's comma. */
function CardDateTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return (
    <>
      {formatBookingCardDate(date)}, <span className={css({ whiteSpace: "nowrap" })}>{formatBookingCardTime(date)}</span>
    </>
  );
}

function safeRand(amount: string): string {
  try {
    return formatRand(amount);
  } catch {
    return amount;
  }
}

const label = css({ textStyle: "caption", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.05em" });

/** "Driver on the way", "Delivered 2:05 PM", "Collected 10:12 AM": where the car is in its handovers. */
export function HandoverStatus({ status, className }: { status: string; className?: string }) {
  return (
    <p
      className={cx(
        css({
          display: "flex",
          alignItems: "center",
          gap: "2",
          px: "3",
          py: "2",
          borderRadius: "md",
          bg: "brand.subtle",
          color: "brand.text",
          textStyle: "small",
          fontWeight: "600",
        }),
        className,
      )}
      data-testid="handover-status"
    >
      <TruckIcon size={18} className={css({ flexShrink: 0 })} />
      {status}
    </p>
  );
}

const cardLink = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  // 44px: a thumb's target on a phone.
  minH: "11",
  fontSize: "sm",
  fontWeight: "600",
  color: "brand.text",
  textDecoration: "none",
  borderRadius: "md",
  _hover: { textDecoration: "underline" },
});

/** The way to the booking's page and, once a handover is done, to its condition report. */
function CardLinks({ booking, number }: { booking: Booking; number: string }) {
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", columnGap: "3", mt: "-1" })}>
      <Link to={`/bookings/${booking.id}`} className={cardLink}>
        View booking<span className={css({ srOnly: true })}> #{number}</span>
        <ChevronRightIcon size={16} />
      </Link>
      {booking.canChange ? (
        <Link to={`/bookings/${booking.id}/change`} className={cardLink}>
          Change<span className={css({ srOnly: true })}> booking #{number}</span>
        </Link>
      ) : null}
      {booking.canExtend ? (
        <Link to={`/bookings/${booking.id}/extend`} className={cardLink}>
          Extend trip<span className={css({ srOnly: true })}> of booking #{number}</span>
        </Link>
      ) : null}
      {booking.hasConditionReport ? (
        <Link to={`/bookings/${booking.id}/report`} className={cardLink}>
          <ClipboardIcon size={16} />
          Condition report
        </Link>
      ) : null}
    </div>
  );
}

export function BookingCard({
  booking,
  children,
  headingLevel = 3,
  details = true,
}: {
  booking: Booking;
  children?: ReactNode;
  headingLevel?: 2 | 3;
  /** The handover status and the links to the booking's page and report: not on the booking's own page, which shows them itself. */
  details?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const number = booking.bookingNumber || bookingNumber(booking.id, "customer");
  const vehicle = booking.vehicle ? `${booking.vehicle.make} ${booking.vehicle.model}` : null;
  return (
    <Card
      as="article"
      padding="md"
      className={css({ display: "flex", flexDirection: "column", gap: "3" })}
      aria-label={`Booking #${number}`}
      data-booking-id={booking.id}
    >
      <div className={css({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "3" })}>
        <div className={css({ minW: "0" })}>
          <Heading className={css({ fontWeight: "700", fontSize: "lg" })}>{categoryLabel(booking.category)}</Heading>
          <p className={css({ textStyle: "small", color: "fg.muted", fontVariantNumeric: "tabular-nums" })}>Booking #{number}</p>
          <p className={css({ textStyle: "small", color: "fg.muted" })}>
            {vehicle ? `${vehicle} · ` : ""}
            {TRANSMISSION_LABELS[booking.transmission] ?? booking.transmission}
          </p>
        </div>
        <Badge tone={statusBadgeTone(booking.status)} data-status={booking.status}>
          {statusLabel(booking.status)}
        </Badge>
      </div>
      {details && booking.handoverStatus ? <HandoverStatus status={booking.handoverStatus} /> : null}
      <dl className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "3" })}>
        <div>
          <dt className={label}>Pick-up</dt>
          <dd className={css({ fontWeight: "600", fontSize: "sm" })}>
            <CardDateTime iso={booking.pickupDate} />
          </dd>
        </div>
        <div>
          <dt className={label}>Return</dt>
          <dd className={css({ fontWeight: "600", fontSize: "sm" })}>
            <CardDateTime iso={booking.returnDate} />
          </dd>
        </div>
        <div className={css({ gridColumn: "1 / -1" })}>
          <dt className={label}>Route</dt>
          <dd className={css({ display: "flex", gap: "1.5", fontSize: "sm", overflowWrap: "anywhere" })}>
            <RouteIcon size={16} className={css({ flexShrink: 0, mt: "0.5", color: "fg.muted" })} />
            <span>
              <span data-testid="route-delivery">{placeSummary(booking.deliveryLocation)}</span>
              {" → "}
              <span data-testid="route-return">
                {placeSummary(booking.returnLocation) === placeSummary(booking.deliveryLocation) ? "same place" : placeSummary(booking.returnLocation)}
              </span>
            </span>
          </dd>
        </div>
      </dl>
      {/* Only while we may still need to call: not for a trip cancelled or already under way or over. */}
      {isNotStartedStatus(booking.status) && (booking.deliveryVerified === false || booking.returnVerified === false) ? (
        <p
          className={css({ textStyle: "small", color: "warning.fg", bg: "warning.bg", borderRadius: "md", px: "3", py: "2" })}
          data-testid="unverified-location"
        >
          {UNVERIFIED_LOCATION_NOTE}.
        </p>
      ) : null}
      {hasAddedCharges(booking.account) ? (
        // Charges added after booking (at the collection): what was charged, line by line, and what that comes to.
        <AccountLines account={booking.account} className={css({ pt: "3", borderTopWidth: "1px", borderColor: "border.default" })} />
      ) : (
        <div
          className={css({
            display: "flex",
            alignItems: "baseline",
            justifyContent: "space-between",
            pt: "3",
            borderTopWidth: "1px",
            borderColor: "border.default",
          })}
        >
          {/* A cancelled booking is credited in full (its receipt shows the credit note): its total is what was cancelled, not what is owed. */}
          <span className={css({ color: "fg.muted", fontSize: "sm" })}>{booking.status === "cancelled" ? "Total (cancelled)" : "Total"}</span>
          <span
            className={cx(
              css({ fontWeight: "800", fontSize: "lg" }),
              booking.status === "cancelled" && css({ textDecoration: "line-through", color: "fg.muted" }),
            )}
            data-testid="booking-total"
          >
            {safeRand(booking.totalAmount)}
          </span>
        </div>
      )}
      {details ? <CardLinks booking={booking} number={number} /> : null}
      {children}
    </Card>
  );
}

/** Placeholders while the bookings load (SPEC 2: 3 on My Bookings). */
export function BookingSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} aria-busy="true" data-testid="booking-skeletons">
      <span className={css({ srOnly: true })} role="status">
        Loading your bookings…
      </span>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={css({ height: "48", width: "full", borderRadius: "card" })} />
      ))}
    </div>
  );
}
