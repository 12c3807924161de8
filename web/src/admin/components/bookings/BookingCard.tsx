// One booking in the admin list: number, status, customer, car, times, route, total (with the
// charges added at the collection and the balance, once there are some), the delivery
// and collection jobs, the change history, and actions (change the booking or extend its trip).
import { useState } from "react";
import { css } from "styled-system/css";
import { bookingNumber, isNotStartedStatus, statusBadgeTone } from "#domain/booking.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { AccountLines, hasAddedCharges } from "../../../ui/AccountLines.tsx";
import { Badge } from "../../../ui/Badge.tsx";
import { Button } from "../../../ui/Button.tsx";
import { CalendarIcon, CarIcon, MailIcon, PhoneIcon } from "../../../ui/icons.tsx";
import { mono } from "../Page.tsx";
import { type AdminBooking } from "../../lib/api.ts";
import { bookingStatusLabel, categoryLabel, plural, rand, transmissionLabel } from "../../lib/format.ts";

import { cardStyle, detailGrid, termLabel, line } from "./styles.ts";
import { type LocationPoint, LocationDialog, RoutePoint } from "./BookingLocation.tsx";
import { AssignDialog, bookingPeriod } from "./AssignVehicle.tsx";
import { StatusControl, ApprovalButtons } from "./BookingStatus.tsx";
import { BookingHandovers } from "./BookingHandovers.tsx";
import { BookingHistory } from "./BookingHistory.tsx";
import { ChangeBookingDialog } from "./ChangeBooking.tsx";

export function BookingCard({ booking }: { booking: AdminBooking }) {
  const [assigning, setAssigning] = useState(false);
  const [changing, setChanging] = useState(false);
  const [locating, setLocating] = useState<LocationPoint | null>(null);
  const number = bookingNumber(booking.id, "admin");
  const open = booking.status !== "completed" && booking.status !== "cancelled";
  // A trip not yet started whose car was since sent to the workshop or taken off the road needs another car.
  const carStatus = booking.vehicle?.status;
  const carUnfit = isNotStartedStatus(booking.status) && (carStatus === "maintenance" || carStatus === "out_of_service") ? carStatus : null;
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
            <dd data-return-date>{formatBookingCardDateTime(new Date(booking.returnDate))}</dd>
          </dl>
          {open ? (
            <Button variant="outline" size="sm" className={css({ mt: "2" })} onClick={() => setChanging(true)}>
              <CalendarIcon size={16} />
              {booking.status === "in_progress" ? "Extend or Shorten Trip" : "Change Booking"}
            </Button>
          ) : null}
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
          {hasAddedCharges(booking.account) ? (
            <div>
              <p className={termLabel}>Charges</p>
              <AccountLines account={booking.account} />
            </div>
          ) : (
            <div>
              <p className={termLabel}>Total</p>
              <p className={css({ fontSize: "lg", fontWeight: "700" })}>{rand(booking.totalAmount)}</p>
            </div>
          )}
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
            {carUnfit ? (
              <p className={css({ fontSize: "sm", color: "warning.fg", fontWeight: "500", mt: "1" })} data-car-unfit>
                This car is {carUnfit === "maintenance" ? "in maintenance" : "out of service"}: assign another before the pickup.
              </p>
            ) : null}
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
      <BookingHandovers booking={booking} />
      <BookingHistory booking={booking} />
      <AssignDialog booking={booking} when={bookingPeriod(booking)} open={assigning} onOpenChange={setAssigning} />
      <LocationDialog booking={booking} point={locating} onClose={() => setLocating(null)} />
      {open ? <ChangeBookingDialog booking={booking} open={changing} onOpenChange={setChanging} /> : null}
    </li>
  );
}
