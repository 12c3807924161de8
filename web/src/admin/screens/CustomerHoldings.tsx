/**
 * What one customer holds (issue 18), in the customer dialog: active bookings, stored uploads
 * against the quota, the booking limits in force with the admin's overrides, and "Cancel active
 * bookings" for a hoarder (pending and confirmed ones; trips in progress stay). Every change is
 * audited on the server.
 */
import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { bookingNumber, isNotStartedStatus, statusBadgeTone } from "#domain/booking.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/Field.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { ConfirmDialog } from "../components/Dialogs.tsx";
import { BOOKING_FIELDS } from "../lib/api.ts";
import { adminErrorMessage } from "../lib/errors.ts";
import { bookingStatusLabel, categoryLabel, plural } from "../lib/format.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";

const ACTIVITY_FIELDS = graphql(
  `
  fragment CustomerActivityFields on CustomerActivity {
    activeBookings {
      ...AdminBookingFields
    }
    uploads {
      files
      bytes
    }
    uploadQuota {
      files
      bytes
    }
    overrides {
      maxActiveBookings
      maxRentalDays
      allowOverlappingBookings
    }
    limits {
      maxActive
      maxDays
      allowOverlap
    }
  }
`,
  [BOOKING_FIELDS],
);

const ACTIVITY = graphql(
  `
  query CustomerActivity($id: ID!) {
    adminCustomerActivity(id: $id) {
      ...CustomerActivityFields
    }
  }
`,
  [ACTIVITY_FIELDS],
);

const SET_LIMITS = graphql(
  `
  mutation SetCustomerLimits($id: ID!, $input: CustomerLimitsInput!) {
    setCustomerLimits(id: $id, input: $input) {
      ...CustomerActivityFields
    }
  }
`,
  [ACTIVITY_FIELDS],
);

const CANCEL_ALL = graphql(
  `
  mutation CancelCustomerBookings($id: ID!) {
    cancelCustomerBookings(id: $id) {
      cancelled
      activity {
        ...CustomerActivityFields
      }
    }
  }
`,
  [ACTIVITY_FIELDS],
);

type Activity = ResultOf<typeof ACTIVITY_FIELDS>;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 10 * 1_048_576 ? 1 : 0)} MB`;
const heading = css({ fontSize: "sm", fontWeight: "700", textTransform: "uppercase", letterSpacing: "0.04em", color: "brand.text" });

/** A whole number from the field, null when empty (the default), or undefined when not a number. */
function wholeOrNull(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isInteger(n) ? n : undefined;
}

function LimitsForm({ customerId, activity }: { customerId: string; activity: Activity }) {
  const [, save] = useMutation(SET_LIMITS);
  const [active, setActive] = useState(activity.overrides.maxActiveBookings?.toString() ?? "");
  const [days, setDays] = useState(activity.overrides.maxRentalDays?.toString() ?? "");
  const [overlap, setOverlap] = useState(activity.overrides.allowOverlappingBookings);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const maxActiveBookings = wholeOrNull(active);
    const maxRentalDays = wholeOrNull(days);
    if (maxActiveBookings === undefined || maxRentalDays === undefined) {
      setProblem("Enter whole numbers, or leave a field empty for the default");
      return;
    }
    setBusy(true);
    const result = await save({ id: customerId, input: { maxActiveBookings, maxRentalDays, allowOverlappingBookings: overlap } });
    setBusy(false);
    if (result.error) {
      setProblem(adminErrorMessage(result.error));
      return;
    }
    setProblem(undefined);
    notifySuccess("Limits saved");
  };
  return (
    <form
      noValidate
      aria-label="Booking limits"
      className={css({ display: "grid", gap: "3", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, alignItems: "end" })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        label="Active bookings at once"
        inputMode="numeric"
        placeholder={`Default`}
        value={active}
        onChange={(e) => setActive(e.target.value)}
        hint={`In force: ${activity.limits.maxActive}`}
      />
      <Field
        label="Longest rental (days)"
        inputMode="numeric"
        placeholder={`Default`}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        hint={`In force: ${activity.limits.maxDays}`}
      />
      <label className={css({ display: "flex", alignItems: "center", gap: "2", minH: "10", fontSize: "sm", gridColumn: "1 / -1", cursor: "pointer" })}>
        <input type="checkbox" checked={overlap} onChange={(e) => setOverlap(e.target.checked)} className={css({ width: "4", height: "4" })} />
        May hold more than one car at the same time
      </label>
      {problem ? (
        <p role="alert" className={css({ gridColumn: "1 / -1", color: "danger.fg", fontSize: "sm" })}>
          {problem}
        </p>
      ) : null}
      <div className={css({ gridColumn: "1 / -1" })}>
        <Button type="submit" variant="outline" size="sm" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          Save limits
        </Button>
      </div>
    </form>
  );
}

export function CustomerHoldings({ customerId, customerName }: { customerId: string; customerName: string }) {
  const [{ data, fetching, error }] = useQuery({
    query: ACTIVITY,
    variables: { id: customerId },
    requestPolicy: "cache-and-network",
  });
  const [, cancelAll] = useMutation(CANCEL_ALL);
  const [confirming, setConfirming] = useState(false);
  const activity = data?.adminCustomerActivity;

  if (!activity && fetching) return <Skeleton className={css({ height: "24", width: "full" })} />;
  if (!activity) {
    return (
      <Notice tone="danger" title="Could not load the customer's bookings">
        {adminErrorMessage(error, "Please try again.")}
      </Notice>
    );
  }
  const cancellable = activity.activeBookings.filter((b) => isNotStartedStatus(b.status));
  return (
    <section
      aria-label="Bookings and uploads"
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "4",
        p: "4",
        borderWidth: "1px",
        borderColor: "border.default",
        borderRadius: "card",
        bg: "slate.25",
      })}
    >
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3", justifyContent: "space-between", alignItems: "center" })}>
        <h3 className={heading}>Bookings and uploads</h3>
        <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="upload-usage">
          Uploads: {activity.uploads.files} of {activity.uploadQuota.files} photos, {megabytes(activity.uploads.bytes)} of{" "}
          {megabytes(activity.uploadQuota.bytes)}
        </p>
      </div>
      {activity.activeBookings.length === 0 ? (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>No active bookings.</p>
      ) : (
        <ul aria-label="Active bookings" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          {activity.activeBookings.map((b) => (
            <li key={b.id} className={css({ display: "flex", flexWrap: "wrap", gap: "2", alignItems: "center", fontSize: "sm" })}>
              <Badge tone={statusBadgeTone(b.status)}>{bookingStatusLabel(b.status)}</Badge>
              <span className={css({ fontWeight: "600" })}>#{bookingNumber(b.id, "admin")}</span>
              <span>
                {categoryLabel(b.category)} · {formatBookingCardDateTime(new Date(b.pickupDate))} to {formatBookingCardDateTime(new Date(b.returnDate))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" })}>
        <Button variant="danger" size="sm" disabled={cancellable.length === 0} onClick={() => setConfirming(true)}>
          Cancel active bookings{cancellable.length > 0 ? ` (${cancellable.length})` : ""}
        </Button>
        <span className={css({ fontSize: "xs", color: "fg.muted" })}>Pending and confirmed ones; trips in progress stay.</span>
      </div>
      <LimitsForm key={JSON.stringify(activity.overrides)} customerId={customerId} activity={activity} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel ${plural(cancellable.length, "booking")} of ${customerName}?`}
        message="Each booking is cancelled, its car freed, and the customer is emailed as for any cancellation. This is recorded in the audit log."
        confirmLabel="Cancel bookings"
        busyLabel="Cancelling..."
        onConfirm={async () => {
          const result = await cancelAll({ id: customerId });
          if (result.error || !result.data) notifyError("Could not cancel the bookings", adminErrorMessage(result.error));
          else notifySuccess("Bookings cancelled", `${plural(result.data.cancelCustomerBookings.cancelled, "booking")} cancelled for ${customerName}.`);
        }}
      />
    </section>
  );
}
