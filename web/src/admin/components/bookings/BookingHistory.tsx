// The booking card's change history (issue 13): each change, newest first, with when, who (the
// customer or staff), what changed from what to what, and the price difference; a status set by
// a person (a cancellation, a confirmation) with its old and new status, and its car's when it
// moved the car on or off the road. Folded away behind
// "History (n changes)"; a booking never changed shows nothing.
import { useId, useState } from "react";
import { css } from "styled-system/css";
import { BOOKING_STATUS_LABELS, statusChangeTitle } from "#domain/booking.ts";
import { VEHICLE_STATUS_LABELS } from "#domain/catalogue.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { Badge } from "../../../ui/Badge.tsx";
import { ChevronDownIcon } from "../icons.tsx";
import { type AdminBooking, type BookingChangeEntry } from "../../lib/api.ts";
import { plural, rand } from "../../lib/format.ts";

import { ChangeList } from "./ChangeBooking.tsx";

const KIND_LABELS: Record<string, string> = { change: "Changed", extension: "Extended", shortening: "Shortened" };

export function BookingHistory({ booking }: { booking: AdminBooking }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const changes = booking.changes;
  if (changes.length === 0) return null;
  return (
    <div className={css({ mx: { base: "4", md: "5" }, py: "3", borderTopWidth: "1px", borderColor: "border.default" })} data-booking-history>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        className={css({
          display: "inline-flex",
          alignItems: "center",
          gap: "1.5",
          minH: "9",
          fontSize: "sm",
          fontWeight: "600",
          color: "fg.link",
          cursor: "pointer",
          borderRadius: "control",
          _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
          "& svg": { transition: "transform 150ms", transform: open ? "rotate(180deg)" : "none" },
        })}
      >
        <ChevronDownIcon size={16} />
        History ({plural(changes.length, "change")})
      </button>
      {open ? (
        <ol id={listId} className={css({ display: "flex", flexDirection: "column", gap: "3", mt: "2" })} aria-label="Change history">
          {[...changes].reverse().map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function HistoryEntry({ entry }: { entry: BookingChangeEntry }) {
  const { fromStatus, toStatus } = entry;
  const statusChange = entry.kind === "status" && fromStatus && toStatus ? { from: fromStatus, to: toStatus } : null;
  return (
    <li
      className={css({ pl: "3", borderLeftWidth: "3px", borderColor: "border.strong", display: "flex", flexDirection: "column", gap: "1" })}
      data-change-id={entry.id}
    >
      <p className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2", fontSize: "sm" })}>
        <span className={css({ fontWeight: "650" })}>
          {statusChange ? statusChangeTitle(statusChange.from, statusChange.to) : (KIND_LABELS[entry.kind] ?? entry.kind)}
        </span>
        <Badge tone={entry.madeBy === "customer" ? "blue" : "grey"}>{entry.madeBy === "customer" ? "Customer" : "Staff"}</Badge>
        <time dateTime={entry.createdAt} className={css({ color: "fg.muted" })}>
          {formatBookingCardDateTime(new Date(entry.createdAt))} (SAST)
        </time>
      </p>
      {statusChange ? (
        <p className={css({ fontSize: "sm" })}>
          <span className={css({ fontWeight: "600" })}>Status:</span> {BOOKING_STATUS_LABELS[statusChange.from]} → {BOOKING_STATUS_LABELS[statusChange.to]}
          {entry.fromVehicleStatus && entry.toVehicleStatus
            ? ` · car ${VEHICLE_STATUS_LABELS[entry.fromVehicleStatus]} → ${VEHICLE_STATUS_LABELS[entry.toVehicleStatus]}`
            : ""}
        </p>
      ) : (
        <>
          <ChangeList changes={entry.changes} />
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>
            <span className={css({ fontWeight: "600", color: "fg.default" })}>{entry.differenceText}</span> · total {rand(entry.oldTotal)} →{" "}
            {rand(entry.newTotal)}
            {entry.carChanged ? " · moved to another car" : ""}
          </p>
        </>
      )}
    </li>
  );
}
