// The booking card's delivery and collection: each job's state and driver (or that it has none
// yet), why a failed one failed, and the condition report once one of them is done.
import { Link } from "react-router";
import { css } from "styled-system/css";
import { HANDOVER_KINDS } from "#domain/handover.ts";
import { formatBookingCardDateTime, toCapeTownDateTime } from "#domain/time.ts";
import { Badge } from "../../../ui/Badge.tsx";
import { type AdminBooking } from "../../lib/api.ts";
import { failureReasonLabel, handoverKindLabel, handoverStateLabel, handoverStateTone } from "../../lib/handovers.ts";

const kindLabel = css({ fontSize: "xs", fontWeight: "650", textTransform: "uppercase", letterSpacing: "0.04em", color: "fg.muted" });
// At least 24 px high (WCAG 2.5.8's floor), as high as the badges beside them.
const linkStyle = css({
  display: "inline-flex",
  alignItems: "center",
  minH: "6",
  color: "fg.link",
  fontWeight: "600",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  whiteSpace: "nowrap",
});

export function BookingHandovers({ booking }: { booking: AdminBooking }) {
  const jobs = booking.handovers;
  if (booking.status === "cancelled" && jobs.length === 0) return null;
  const reported = jobs.some((job) => job.state === "done");
  return (
    <div
      className={css({
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        justifyContent: "space-between",
        columnGap: "6",
        rowGap: "2",
        mx: { base: "4", md: "5" },
        py: "3",
        borderTopWidth: "1px",
        borderColor: "border.default",
      })}
      data-booking-handovers
    >
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: "6", rowGap: "2", minW: "0" })}>
        {HANDOVER_KINDS.map((kind) => {
          const job = jobs.find((j) => j.kind === kind);
          const at = kind === "delivery" ? booking.pickupDate : booking.returnDate;
          // A trip past this handover with no job for it was handed over outside the app (demo data, paper): not something still to do.
          if (!job && (booking.status === "completed" || (kind === "delivery" && booking.status === "in_progress")))
            return (
              <div key={kind} className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm" })} data-handover={kind}>
                <span className={kindLabel}>{handoverKindLabel(kind)}</span>
                <span className={css({ color: "fg.muted" })}>Not recorded in the app</span>
              </div>
            );
          const state = job?.state ?? "scheduled";
          return (
            <div key={kind} className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2", fontSize: "sm" })} data-handover={kind}>
              <span className={kindLabel}>{handoverKindLabel(kind)}</span>
              <Badge tone={handoverStateTone(state)}>{handoverStateLabel(state)}</Badge>
              <span className={job?.driverName ? undefined : css({ color: "fg.muted" })}>{job?.driverName ?? "No driver yet"}</span>
              {state === "done" && job?.finishedAt ? (
                <span className={css({ color: "fg.muted" })}>· {formatBookingCardDateTime(new Date(job.finishedAt))}</span>
              ) : null}
              {state === "failed" ? <span className={css({ color: "danger.fg", fontWeight: "500" })}>· {failureReasonLabel(job?.failureReason)}</span> : null}
              {state !== "done" && booking.status !== "cancelled" && booking.status !== "completed" ? (
                <Link to={`/admin/dispatch?date=${toCapeTownDateTime(new Date(at)).date}`} className={linkStyle}>
                  Dispatch<span className={css({ srOnly: true })}> board for the {kind}</span>
                </Link>
              ) : null}
            </div>
          );
        })}
      </div>
      {reported ? (
        <Link to={`/admin/bookings/${booking.id}/report`} className={linkStyle}>
          Condition report<span className={css({ srOnly: true })}> of booking #{booking.bookingNumber}</span>
        </Link>
      ) : null}
    </div>
  );
}
