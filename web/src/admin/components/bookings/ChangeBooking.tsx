// Changing a booking from the back office (issue 13): its dates and times (Cape Town), delivery and
// return places with their points, category and transmission; of a trip in progress only its
// return, to extend or shorten it. As the admin edits, the server's quote (new and old total, the
// difference, what changes, which car); confirm sends only what changed with the figures shown.
import { useMemo, useState, type ReactNode } from "react";
import { useMutation, useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { bookingNumber } from "#domain/booking.ts";
import { CATEGORIES, TRANSMISSIONS } from "#domain/catalogue.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { Button } from "../../../ui/Button.tsx";
import { useDiscardGuard } from "../../../ui/DialogShell.tsx";
import { Field, SelectField } from "../../../ui/Field.tsx";
import { CalendarIcon } from "../../../ui/icons.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { notifySuccess } from "../../../ui/toast.tsx";
import { AdminDialog, dialogActions, stickyActions } from "../Dialogs.tsx";
import { BOOKING_FIELDS, type AdminBooking } from "../../lib/api.ts";
import {
  changeFromForm,
  customerCannotChange,
  hasChanges,
  initialChangeValues,
  isTripInProgress,
  type ChangeFormField,
  type ChangeFormValues,
  type ChangeInput,
} from "../../lib/bookingChange.ts";
import { adminErrorMessage } from "../../lib/errors.ts";
import { serverFieldErrors } from "../../../lib/errors.ts";
import { useDebounced } from "../../lib/hooks.ts";
import { categoryLabel, plural, rand, transmissionLabel } from "../../lib/format.ts";
import { graphql, type ResultOf } from "../../../lib/graphql.ts";

import { FindPoint } from "./FindPoint.tsx";
import { termLabel } from "./styles.ts";

export const CHANGE_QUOTE = graphql(`
  query AdminBookingChangeQuote($id: ID!, $input: BookingChangeInput!) {
    adminBookingChangeQuote(id: $id, input: $input) {
      days
      dailyRate
      total
      oldTotal
      difference
      differenceText
      changes {
        field
        label
        from
        to
      }
      car
      freeUntil
    }
  }
`);

export const CHANGE_BOOKING = graphql(
  `
  mutation AdminChangeBooking($id: ID!, $input: BookingChangeInput!) {
    adminChangeBooking(id: $id, input: $input) {
      ...AdminBookingFields
    }
  }
`,
  [BOOKING_FIELDS],
);

type Quote = ResultOf<typeof CHANGE_QUOTE>["adminBookingChangeQuote"];

/** How long the form waits after the last keystroke before asking the server for a quote. */
const QUOTE_DELAY_MS = 400;

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.id, label: `${c.label} · R${c.rate}/day` }));
const TRANSMISSION_OPTIONS = TRANSMISSIONS.map((t) => ({ value: t, label: transmissionLabel(t) }));

const fieldset = css({ display: "flex", flexDirection: "column", gap: "3", minW: "0", border: "none", p: "0", m: "0" });
const pair = css({ display: "grid", gap: "3", gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" } });
// One column on phones (when, car, the price, the places); on wide screens the price sits beside the fields.
const layout = css({
  display: "grid",
  gap: "5",
  gridTemplateColumns: { base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" },
  gridTemplateAreas: { base: '"when" "car" "quote" "places"', lg: '"when quote" "car quote" "places quote"' },
  alignItems: "start",
});
// A trip in progress has no car to choose: no empty row for it.
const tripLayout = css({ gridTemplateAreas: { base: '"when" "quote" "places"', lg: '"when quote" "places quote"' } });

export function ChangeBookingDialog({ booking, open, onOpenChange }: { booking: AdminBooking; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const started = isTripInProgress(booking);
  const number = bookingNumber(booking.id, "admin");
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={started ? `Extend or shorten trip #${number}` : `Change booking #${number}`}
      description={
        started
          ? `${booking.user.name} has the car: only the return time and place can change. Times are Cape Town time (SAST).`
          : `${booking.user.name} · ${categoryLabel(booking.category)} · ${transmissionLabel(booking.transmission)}. Times are Cape Town time (SAST); only what you change is sent.`
      }
      size="xl"
      closeOnInteractOutside={false}
    >
      <ChangeBookingForm booking={booking} onBusyChange={setBusy} onDone={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

function ChangeBookingForm({ booking, onBusyChange, onDone }: { booking: AdminBooking; onBusyChange: (busy: boolean) => void; onDone: () => void }) {
  const started = isTripInProgress(booking);
  const [initial] = useState<ChangeFormValues>(() => initialChangeValues(booking));
  const [values, setValues] = useState<ChangeFormValues>(initial);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The fields the confirm's refusal names (the server's fieldErrors), shown under those fields.
  const [refusedFields, setRefusedFields] = useState<Partial<Record<ChangeFormField, string>>>({});
  const [, change] = useMutation(CHANGE_BOOKING);
  // An overdue pickup (the booking not started, its pickup passed): the server refuses new dates
  // until pickup moves to a later time (the period rules), while the places and the car may change.
  const [pickupPassed] = useState(() => !started && new Date(booking.pickupDate).getTime() < Date.now());
  // Anything typed or chosen: Cancel, Escape and the close button ask before dropping it.
  const cancel = useDiscardGuard(JSON.stringify(values) !== JSON.stringify(initial), onDone);

  const form = useMemo(() => changeFromForm(booking, values), [booking, values]);
  const valid = Object.keys(form.problems).length === 0;
  // The change as text: the quote is asked for once it has stopped changing.
  const wanted = valid && hasChanges(form.input) ? JSON.stringify(form.input) : null;
  const asked = useDebounced(wanted, QUOTE_DELAY_MS);
  const askedInput = useMemo<ChangeInput>(() => (asked ? (JSON.parse(asked) as ChangeInput) : {}), [asked]);
  const [quoted, requote] = useQuery({
    query: CHANGE_QUOTE,
    variables: { id: booking.id, input: askedInput },
    pause: asked === null,
    requestPolicy: "network-only",
  });
  // The answer is about what the form holds now (not an earlier edit, not one still on its way).
  const answered = wanted !== null && asked === wanted && !quoted.fetching && JSON.stringify(quoted.operation?.variables.input) === wanted;
  const quote = answered ? (quoted.data?.adminBookingChangeQuote ?? null) : null;
  const quoteError = answered && !quote ? adminErrorMessage(quoted.error) : null;
  // A field the server's refusal names is marked (the quote's, about what the form holds now, or
  // the confirm's); the form's own checks come first.
  const serverProblems = { ...refusedFields, ...(quoteError ? formFields(serverFieldErrors(quoted.error)) : {}) };
  const problem = (field: ChangeFormField) => form.problems[field] ?? serverProblems[field];

  const set = (field: keyof ChangeFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setRefusal(null);
    setRefusedFields({});
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = async () => {
    if (!quote || quote.car === "none" || busy) return;
    setBusy(true);
    onBusyChange(true);
    setRefusal(null);
    setRefusedFields({});
    const result = await change({ id: booking.id, input: { ...askedInput, totalAmount: quote.total, duration: quote.days } });
    setBusy(false);
    onBusyChange(false);
    if (result.error || !result.data) {
      // Everything typed stays; the quote is asked again, so its figures are the server's latest.
      setRefusal(adminErrorMessage(result.error));
      setRefusedFields(formFields(serverFieldErrors(result.error)));
      requote({ requestPolicy: "network-only" });
      return;
    }
    const number = bookingNumber(booking.id, "admin");
    const later = askedInput.returnDate !== undefined && new Date(askedInput.returnDate).getTime() > new Date(booking.returnDate).getTime();
    const title = started ? (later ? "Trip extended" : "Trip shortened") : "Booking changed";
    notifySuccess(title, `Booking #${number}: ${quote.differenceText}. ${booking.user.name} is emailed the change.`);
    onDone();
  };

  const status = (() => {
    if (wanted === null) {
      return <p className={css({ fontSize: "sm", color: "fg.muted" })}>{valid ? nothingYet(started) : "Fix the marked fields to see the new price."}</p>;
    }
    if (!answered) return <Spinner label="Working out the new price…" />;
    if (quoteError) {
      return (
        <Notice tone="danger" title="This change is not possible">
          {quoteError}
        </Notice>
      );
    }
    return quote ? <QuoteSummary quote={quote} booking={booking} values={values} /> : null;
  })();

  return (
    <form
      className={css({ display: "flex", flexDirection: "column", gap: "5" })}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {customerCannotChange(booking) ? (
        <Notice tone="amber" title={started ? "This trip is in progress" : pickupPassed ? "The pickup time has passed" : "Pickup is within 24 hours"}>
          The customer can no longer change this booking themselves; they will be emailed the change.
        </Notice>
      ) : null}

      <div className={cx(layout, started && tripLayout)}>
        <fieldset className={cx(fieldset, css({ gridArea: "when" }))}>
          <legend className={termLabel}>When (Cape Town time, SAST)</legend>
          {started ? (
            <p className={css({ display: "flex", alignItems: "center", gap: "1.5", fontSize: "sm" })}>
              <CalendarIcon size={16} />
              Picked up {formatBookingCardDateTime(new Date(booking.pickupDate))}
            </p>
          ) : (
            <div className={pair}>
              <Field
                label="Pickup date"
                type="date"
                value={values.pickupDate}
                onChange={set("pickupDate")}
                error={problem("pickupDate")}
                hint={
                  pickupPassed
                    ? `Pickup was ${formatBookingCardDateTime(new Date(booking.pickupDate))} (past). New dates need a later pickup; places and car can change as they are.`
                    : undefined
                }
                required
              />
              <Field label="Pickup time" type="time" value={values.pickupTime} onChange={set("pickupTime")} error={problem("pickupTime")} required />
            </div>
          )}
          <div className={pair}>
            <Field label="Return date" type="date" value={values.returnDate} onChange={set("returnDate")} error={problem("returnDate")} required />
            <Field label="Return time" type="time" value={values.returnTime} onChange={set("returnTime")} error={problem("returnTime")} required />
          </div>
        </fieldset>

        {started ? null : (
          <fieldset className={cx(fieldset, css({ gridArea: "car" }))}>
            <legend className={termLabel}>Car</legend>
            <div className={pair}>
              <SelectField label="Category" options={CATEGORY_OPTIONS} value={values.category} onChange={set("category")} />
              <SelectField label="Transmission" options={TRANSMISSION_OPTIONS} value={values.transmission} onChange={set("transmission")} />
            </div>
          </fieldset>
        )}

        <div className={css({ gridArea: "quote", display: "flex", flexDirection: "column", gap: "3", position: { lg: "sticky" }, top: { lg: "0" } })}>
          <section
            aria-label="New price"
            aria-live="polite"
            className={css({
              display: "flex",
              flexDirection: "column",
              gap: "3",
              p: "4",
              bg: "slate.25",
              borderWidth: "1px",
              borderColor: "border.default",
              borderRadius: "lg",
            })}
            data-change-quote
          >
            <p className={termLabel}>New price</p>
            {status}
          </section>

          {refusal ? (
            <Notice tone="danger" title="The booking was not changed">
              {refusal}
            </Notice>
          ) : null}
        </div>
        <div className={css({ gridArea: "places", display: "flex", flexDirection: "column", gap: "4", minW: "0" })}>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>
            Addresses as the driver reads them; points as latitude,longitude: find an address on the map, or take the point from the customer's shared location
            or a maps app. A moved point must lie in an active service area.
          </p>
          {started ? null : (
            <PlaceFields
              legend="Delivery"
              address={values.deliveryLocation}
              point={values.deliveryCoordinates}
              onAddress={set("deliveryLocation")}
              onPoint={set("deliveryCoordinates")}
              addressError={problem("deliveryLocation")}
              pointError={problem("deliveryCoordinates")}
            />
          )}
          <PlaceFields
            legend="Return"
            address={values.returnLocation}
            point={values.returnCoordinates}
            onAddress={set("returnLocation")}
            onPoint={set("returnCoordinates")}
            addressError={problem("returnLocation")}
            pointError={problem("returnCoordinates")}
          />
        </div>
      </div>
      <div className={cx(dialogActions, stickyActions)}>
        <Button variant="outline" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !quote || quote.car === "none"} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? "Saving..." : started ? "Confirm New Return" : "Confirm Change"}
        </Button>
      </div>
    </form>
  );
}

const FORM_FIELDS: readonly ChangeFormField[] = [
  "pickupDate",
  "pickupTime",
  "returnDate",
  "returnTime",
  "deliveryLocation",
  "deliveryCoordinates",
  "returnLocation",
  "returnCoordinates",
  "category",
  "transmission",
];

/** The server's field errors for the form's fields (its pickupDate is the instant: the date field shows it). */
function formFields(errors: Record<string, string>): Partial<Record<ChangeFormField, string>> {
  const out: Partial<Record<ChangeFormField, string>> = {};
  for (const field of FORM_FIELDS) if (errors[field]) out[field] = errors[field];
  return out;
}

function nothingYet(started: boolean): string {
  return started ? "Choose a new return time or place to see the new price." : "Change a date, place or car to see the new price.";
}

function PlaceFields({
  legend,
  address,
  point,
  onAddress,
  onPoint,
  addressError,
  pointError,
}: {
  legend: "Delivery" | "Return";
  address: string;
  point: string;
  onAddress: (event: { target: { value: string } }) => void;
  onPoint: (event: { target: { value: string } }) => void;
  addressError: string | undefined;
  pointError: string | undefined;
}) {
  return (
    <fieldset className={fieldset}>
      <legend className={termLabel}>{legend} place</legend>
      <div className={pair}>
        <Field label={`${legend} address`} value={address} onChange={onAddress} error={addressError} maxLength={300} autoComplete="off" required />
        <Field
          label={`${legend} point (latitude,longitude)`}
          value={point}
          onChange={onPoint}
          error={pointError}
          inputMode="decimal"
          placeholder="-33.9249,18.4241"
          required
        />
      </div>
      <FindPoint
        address={address}
        place={legend === "Delivery" ? "delivery" : "return"}
        onPick={(found) => onPoint({ target: { value: found.coordinates } })}
      />
    </fieldset>
  );
}

/** The server's answer: new and old total, the difference, what changes, and which car. */
function QuoteSummary({ quote, booking, values }: { quote: Quote; booking: AdminBooking; values: ChangeFormValues }) {
  const kind = `${categoryLabel(values.category).toLowerCase()} ${transmissionLabel(values.transmission).toLowerCase()}`;
  const difference = Number(quote.difference);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <dl className={css({ display: "flex", flexWrap: "wrap", columnGap: "8", rowGap: "2", "& dt": { fontSize: "xs", color: "fg.muted" } })}>
        <div>
          <dt>New total</dt>
          <dd className={css({ fontSize: "lg", fontWeight: "700" })} data-quote-total>
            {rand(quote.total)}
          </dd>
          <dd className={css({ fontSize: "xs", color: "fg.muted" })}>
            {plural(quote.days, "day")} × {rand(quote.dailyRate)}
          </dd>
        </div>
        <div>
          <dt>Now</dt>
          <dd className={css({ fontSize: "lg", fontWeight: "500", color: "fg.muted" })}>{rand(quote.oldTotal)}</dd>
        </div>
        <div>
          <dt>Difference</dt>
          <dd
            className={css({ fontSize: "lg", fontWeight: "700", color: difference > 0 ? "warning.fg" : difference < 0 ? "success.fg" : "fg.default" })}
            data-quote-difference
          >
            {quote.differenceText}
          </dd>
        </div>
      </dl>
      {quote.changes.length > 0 ? (
        <div>
          <p className={css({ fontSize: "sm", fontWeight: "600", mb: "1" })}>What changes</p>
          <ChangeList changes={quote.changes} />
        </div>
      ) : null}
      <CarLine quote={quote} booking={booking} kind={kind} />
    </div>
  );
}

function CarLine({ quote, booking, kind }: { quote: Quote; booking: AdminBooking; kind: string }) {
  const vehicle = booking.vehicle ? `${booking.vehicle.make} ${booking.vehicle.model} (${booking.vehicle.registrationNumber})` : null;
  if (quote.car === "none") {
    return (
      <Notice tone="danger" title="No car is free for this change">
        {isTripInProgress(booking)
          ? quote.freeUntil
            ? `The car is booked again from ${formatBookingCardDateTime(new Date(quote.freeUntil))}: the trip can be extended until then.`
            : "The car is not available for a longer trip."
          : `No ${kind} car is free for those dates. Choose other dates or another kind of car.`}
      </Notice>
    );
  }
  const text: ReactNode =
    quote.car === "same"
      ? `Same car: ${vehicle ?? "the booking's own"} is free for the new period.`
      : vehicle
        ? `Another car: ${vehicle} is not free for this, so another free ${kind} car will be assigned.`
        : `A free ${kind} car will be assigned.`;
  return (
    <p className={css({ fontSize: "sm" })} data-quote-car={quote.car}>
      {text}
    </p>
  );
}

/** "Return: Mar 08, 2026, 10:00 → Mar 09, 2026, 10:00", one line per changed field. */
export function ChangeList({ changes }: { changes: readonly { field: string; label: string; from: string; to: string }[] }) {
  return (
    <ul className={css({ display: "flex", flexDirection: "column", gap: "1", fontSize: "sm" })}>
      {changes.map((c) => (
        <li key={c.field} className={css({ overflowWrap: "anywhere" })}>
          <span className={css({ fontWeight: "600" })}>{c.label}:</span> <span className={css({ color: "fg.muted" })}>{c.from}</span>{" "}
          <span aria-hidden="true">→</span>
          <span className={css({ srOnly: true })}>to</span> {c.to}
        </li>
      ))}
    </ul>
  );
}
