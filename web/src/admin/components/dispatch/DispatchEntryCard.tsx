// One stop on the dispatch board: its number (as on the map), time, kind and state, the address
// (with a maps link, or the warning that it is not confirmed), the customer, the car (or "No car
// assigned" and the booking screen's vehicle dialog), and the driver, chosen from the active ones.
import { useId, useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { css, cx } from "styled-system/css";
import { bookingNumber } from "#domain/booking.ts";
import { formatBookingCardDateTime, formatBookingCardTime } from "#domain/time.ts";
import { Badge } from "../../../ui/Badge.tsx";
import { Button } from "../../../ui/Button.tsx";
import { CarIcon, MapPinIcon, PhoneIcon, WarningIcon } from "../../../ui/icons.tsx";
import { notifyError, notifySuccess } from "../../../ui/toast.tsx";
import { mono } from "../Page.tsx";
import { ProposedSelect } from "../ProposedSelect.tsx";
import { AssignDialog } from "../bookings/AssignVehicle.tsx";
import { mapsLink } from "../../lib/maps.ts";
import { line, termLabel } from "../bookings/styles.ts";
import { DISPATCH_ENTRY_FIELDS, type DispatchEntry, type Driver } from "../../lib/api.ts";
import { adminErrorMessage } from "../../lib/errors.ts";
import { bookingStatusLabel, categoryLabel, transmissionLabel } from "../../lib/format.ts";
import { failureReasonLabel, handoverKindLabel, handoverStateLabel, handoverStateTone } from "../../lib/handovers.ts";
import { graphql } from "../../../lib/graphql.ts";
import { stopNumber } from "./styles.ts";

export const ASSIGN_DRIVER = graphql(
  `
  mutation AssignHandoverDriver($bookingId: ID!, $kind: HandoverKind!, $driverId: ID) {
    assignHandoverDriver(bookingId: $bookingId, kind: $kind, driverId: $driverId) {
      ...DispatchEntryFields
    }
  }
`,
  [DISPATCH_ENTRY_FIELDS],
);

const entryCard = css({
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
  overflow: "hidden",
});

const selectStyle = css({
  // The whole row, or beside Save and Cancel while a driver is proposed.
  flex: "1 1 12rem",
  minW: "0",
  minH: "10",
  px: "2.5",
  fontSize: "sm",
  fontWeight: "500",
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.strong",
  borderRadius: "control",
  cursor: "pointer",
  _disabled: { bg: "bg.subtle", color: "fg.muted", cursor: "not-allowed" },
});

/** What a stop's label says: "3. Delivery at 9:00 AM, booking #1A2B3C4D". */
export function stopLabel(entry: Pick<DispatchEntry, "kind" | "at" | "bookingId">, number: number): string {
  return `${number}. ${handoverKindLabel(entry.kind)} at ${formatBookingCardTime(new Date(entry.at))}, booking #${bookingNumber(entry.bookingId, "admin")}`;
}

function DriverControl({ entry, drivers, number }: { entry: DispatchEntry; drivers: readonly Driver[] | undefined; number: number }) {
  const id = useId();
  const [, assign] = useMutation(ASSIGN_DRIVER);
  const current = entry.driver;
  const done = entry.state === "done";
  const active = (drivers ?? []).filter((d) => d.isActive);
  const options = [
    { value: "", label: "Unassigned" },
    ...active.map((d) => ({ value: d.id, label: d.name })),
    // The current driver, once disabled (or unknown here), stays shown but cannot be chosen again.
    ...(current && !active.some((d) => d.id === current.id) ? [{ value: current.id, label: `${current.name} (disabled)`, disabled: true }] : []),
  ];
  // Choosing a driver only proposes them (see ProposedSelect): Save assigns, with its toast.
  const save = async (driverId: string) => {
    const result = await assign({ bookingId: entry.bookingId, kind: entry.kind, driverId: driverId || null });
    const kind = handoverKindLabel(entry.kind).toLowerCase();
    if (result.error || !result.data) {
      notifyError("Error assigning driver", adminErrorMessage(result.error));
      return false;
    }
    const chosen = result.data.assignHandoverDriver.driver;
    notifySuccess(
      chosen ? "Driver assigned" : "Driver unassigned",
      chosen
        ? `${chosen.name} does the ${kind} of booking #${bookingNumber(entry.bookingId, "admin")} at ${formatBookingCardTime(new Date(entry.at))}.`
        : `The ${kind} of booking #${bookingNumber(entry.bookingId, "admin")} has no driver.`,
    );
    return true;
  };
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <label htmlFor={id} className={termLabel}>
        Driver<span className={css({ srOnly: true })}> for stop {stopLabel(entry, number)}</span>
      </label>
      <ProposedSelect
        id={id}
        value={current?.id ?? ""}
        options={options}
        onSave={save}
        saveLabel="Save driver"
        savingLabel="Saving driver…"
        disabled={done || !drivers}
        selectClassName={selectStyle}
      />
      {current && !current.isActive && !done ? (
        <p
          className={css({ display: "flex", alignItems: "flex-start", gap: "1.5", fontSize: "sm", color: "danger.fg", fontWeight: "500" })}
          data-disabled-driver
        >
          <WarningIcon size={15} className={css({ flexShrink: 0, mt: "0.5" })} />
          {current.name} is disabled: give this job to another driver.
        </p>
      ) : done ? (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>Done: the driver can no longer change.</p>
      ) : !current ? (
        <p className={css({ fontSize: "sm", color: "warning.fg", fontWeight: "500" })}>Needs a driver.</p>
      ) : null}
    </div>
  );
}

export function DispatchEntryCard({ entry, number, drivers }: { entry: DispatchEntry; number: number; drivers: readonly Driver[] | undefined }) {
  const [assigningCar, setAssigningCar] = useState(false);
  const at = new Date(entry.at);
  const bookingOpen = entry.bookingStatus !== "completed" && entry.bookingStatus !== "cancelled";
  const kindLabel = handoverKindLabel(entry.kind);
  const failed = entry.state === "failed";
  const phone = entry.customerPhone;
  return (
    <li id={`stop-${number}`} className={entryCard} aria-label={stopLabel(entry, number)} data-dispatch-entry={entry.id} data-kind={entry.kind}>
      <div
        className={css({
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          justifyContent: "space-between",
          gap: "2",
          px: { base: "4", md: "5" },
          py: "3",
          bg: "slate.25",
          borderBottomWidth: "1px",
          borderColor: "border.default",
        })}
      >
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2.5", minW: "0" })}>
          <span className={stopNumber[entry.kind]} aria-hidden="true">
            {number}
          </span>
          <h3 className={css({ fontWeight: "700", fontSize: "lg", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })}>
            <time dateTime={entry.at} title={`${formatBookingCardDateTime(at)} (Cape Town)`}>
              {formatBookingCardTime(at)}
            </time>
          </h3>
          <Badge tone={entry.kind === "delivery" ? "blue" : "amber"}>{kindLabel}</Badge>
          <Badge tone={handoverStateTone(entry.state)} data-job-state={entry.state}>
            {handoverStateLabel(entry.state)}
          </Badge>
          {entry.bookingStatus === "pending" ? <Badge tone="grey">Booking {bookingStatusLabel(entry.bookingStatus).toLowerCase()}</Badge> : null}
        </div>
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3", fontSize: "sm" })}>
          <span className={css({ color: "fg.muted" })}>
            Booking <span className={mono}>#{entry.bookingNumber}</span>
          </span>
          {entry.state === "done" ? (
            <Link
              to={`/admin/bookings/${entry.bookingId}/report`}
              className={css({ color: "fg.link", fontWeight: "600", textDecoration: "underline", textUnderlineOffset: "2px" })}
            >
              Condition report
            </Link>
          ) : null}
        </div>
      </div>
      {failed ? (
        <p
          className={css({
            px: { base: "4", md: "5" },
            py: "2.5",
            fontSize: "sm",
            bg: "danger.bg",
            color: "danger.fg",
            borderBottomWidth: "1px",
            borderColor: "danger.border",
          })}
          data-failure
        >
          <strong>Failed: {failureReasonLabel(entry.job?.failureReason)}.</strong>
          {entry.job?.failureNote ? ` “${entry.job.failureNote}”` : null} Give it to a driver again to reschedule it.
        </p>
      ) : null}
      <div
        className={css({
          display: "grid",
          gap: { base: "4", md: "5" },
          gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
          p: { base: "4", md: "5" },
        })}
      >
        <div>
          <p className={termLabel}>{entry.kind === "delivery" ? "Deliver to" : "Collect from"}</p>
          <p className={line}>
            <MapPinIcon size={14} />
            <span>{entry.address}</span>
          </p>
          {entry.verified ? (
            <a
              href={mapsLink(entry.coordinates)}
              target="_blank"
              rel="noreferrer"
              className={css({
                display: "inline-flex",
                alignItems: "center",
                minH: "6",
                mt: "1",
                pl: "5",
                fontSize: "sm",
                color: "fg.link",
                textDecoration: "underline",
                textUnderlineOffset: "2px",
              })}
            >
              Open in maps<span className={css({ srOnly: true })}> (stop {number})</span>
            </a>
          ) : (
            <p className={css({ mt: "1", pl: "5", fontSize: "sm", color: "warning.fg", fontWeight: "500" })} data-unverified-address>
              Address not confirmed: call the customer for the exact place.
            </p>
          )}
        </div>
        <div>
          <p className={termLabel}>Customer</p>
          <p className={css({ fontWeight: "600", fontSize: "sm" })}>{entry.customerName}</p>
          <p className={line}>
            <PhoneIcon size={14} />
            {phone ? (
              <a href={`tel:${phone.replace(/[\s()-]+/g, "")}`} className={css({ color: "fg.link" })}>
                {phone}
              </a>
            ) : (
              <span className={css({ color: "fg.muted" })}>No phone</span>
            )}
          </p>
        </div>
        <div>
          <p className={termLabel}>Car</p>
          {entry.vehicle ? (
            <p className={line} data-dispatch-car>
              <CarIcon size={14} />
              <span>
                {entry.vehicle.make} {entry.vehicle.model} · <span className={mono}>{entry.vehicle.registrationNumber}</span>
              </span>
            </p>
          ) : (
            <p className={css({ display: "flex", alignItems: "center", gap: "1.5", fontSize: "sm", color: "warning.fg", fontWeight: "600" })} data-dispatch-car>
              <WarningIcon size={15} />
              No car assigned
            </p>
          )}
          <p className={css({ fontSize: "sm", color: "fg.muted", mt: "0.5" })}>
            {categoryLabel(entry.category)} · {transmissionLabel(entry.transmission)}
          </p>
          {bookingOpen && entry.state !== "done" ? (
            <Button
              variant={entry.vehicle ? "ghost" : "outline"}
              size="sm"
              className={cx(css({ mt: "2" }), entry.vehicle ? css({ ml: "-3" }) : undefined)}
              onClick={() => setAssigningCar(true)}
              aria-label={`${entry.vehicle ? "Change car" : "Assign car"} for booking #${entry.bookingNumber}`}
            >
              <CarIcon size={16} />
              {entry.vehicle ? "Change car" : "Assign car"}
            </Button>
          ) : null}
        </div>
        <DriverControl entry={entry} drivers={drivers} number={number} />
      </div>
      <AssignDialog
        booking={{
          id: entry.bookingId,
          category: entry.category,
          transmission: entry.transmission,
          vehicleId: entry.vehicle?.id ?? null,
          vehicle: entry.vehicle,
        }}
        when={`${kindLabel} ${formatBookingCardDateTime(at)}`}
        open={assigningCar}
        onOpenChange={setAssigningCar}
      />
    </li>
  );
}
