/**
 * Select dates & times (/booking/datetime, SPEC 2, 5, 9). Pickup and return dates typed as
 * dd/mm/yyyy (or picked on the calendar: past days disabled, and for the return also the days
 * before pickup), times defaulting to 10:00, all in Cape Town time whatever the phone's zone.
 * A live summary shows the duration, the category and the total from the domain's own rule (the
 * server's quote decides at confirmation). Next (to the delivery location) only when both dates
 * are real, both times set and the duration above 0 — and the period is one the server accepts
 * (not already begun, not more than a year ahead, not longer than the customer may book online) and
 * the chosen car is free for it.
 * Without a category the flow starts at /booking/category.
 */
import { useEffect, useMemo, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { BOOKING_PERIOD_MESSAGES, bookingPeriodProblem } from "#domain/booking.ts";
import { categoryLabel } from "#domain/catalogue.ts";
import { dateTimeStepState } from "#domain/draft.ts";
import { formatRand, formatRandPerDay } from "#domain/money.ts";
import { dailyRateCents } from "#domain/pricing.ts";
import { DEFAULT_TIME, capeTownToday, formatDisplayDate, parseDisplayDate, toCapeTownDateTime } from "#domain/time.ts";
import { Button, ButtonLink } from "../../../ui/Button.tsx";
import { Card } from "../../../ui/Card.tsx";
import { Field } from "../../../ui/Field.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { ActionBar, BookingScreen } from "../../booking/BookingScreen.tsx";
import { DateField, dateAndTime } from "../../booking/DateField.tsx";
import { VEHICLES_QUERY } from "../../booking/documents.ts";
import { useBookingFlow } from "../../booking/flow.tsx";
import { tooLongForCustomer, useOwnBookingLimits } from "../../booking/limits.ts";
import { ClockIcon } from "../../booking/icons.tsx";

const INVALID_DATE = "Please enter a real date as dd/mm/yyyy";

function initialDateTime(instant: string): { date: string; time: string } {
  if (!instant) return { date: "", time: DEFAULT_TIME };
  const local = toCapeTownDateTime(new Date(instant));
  return { date: formatDisplayDate(local.date), time: local.time };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={css({ display: "flex", justifyContent: "space-between", gap: "4", py: "2" })}>
      <dt className={css({ color: "fg.muted" })}>{label}</dt>
      <dd className={css({ fontWeight: strong ? "800" : "600", fontSize: strong ? "lg" : "md", textAlign: "right" })}>{value}</dd>
    </div>
  );
}

export function DateTimeScreen() {
  const flow = useBookingFlow();
  const { draft, update: updateDraft } = flow;
  const navigate = useNavigate();
  // The fields start from the draft (a reload keeps what was chosen) and are kept as typed.
  const [initial] = useState(() => ({ pickup: initialDateTime(draft.pickupDate), ret: initialDateTime(draft.returnDate) }));
  const [pickupDate, setPickupDate] = useState(initial.pickup.date);
  const [pickupTime, setPickupTime] = useState(initial.pickup.time);
  const [returnDate, setReturnDate] = useState(initial.ret.date);
  const [returnTime, setReturnTime] = useState(initial.ret.time);
  const [touched, setTouched] = useState({ pickup: initial.pickup.date !== "", ret: initial.ret.date !== "" });
  const [now] = useState(() => new Date());

  const state = useMemo(
    () => dateTimeStepState({ category: draft.category, pickupDate, pickupTime, returnDate, returnTime }, now),
    [draft.category, pickupDate, pickupTime, returnDate, returnTime, now],
  );
  const problem = state.pickup && state.returnAt && state.days > 0 ? bookingPeriodProblem(state.pickup, state.returnAt, new Date()) : null;
  // The customer's own longest rental (30 days unless an admin gave them more), said here rather than at the last step.
  const limits = useOwnBookingLimits();
  const tooLong =
    state.pickup && state.returnAt && problem === null ? tooLongForCustomer(limits, { pickupDate: state.pickup, returnDate: state.returnAt }) : null;

  // Keep the draft in step with the fields: instants only when they are valid.
  const pickupIso = state.pickup?.toISOString() ?? "";
  const returnIso = state.returnAt?.toISOString() ?? "";
  useEffect(() => {
    updateDraft({ pickupDate: pickupIso, returnDate: returnIso, duration: state.days, totalAmount: state.totalCents / 100 });
  }, [updateDraft, pickupIso, returnIso, state.days, state.totalCents]);

  // Is the chosen car still free for these dates? (The server checks again when booking.)
  const periodReady = state.canProceed && problem === null && tooLong === null && draft.category !== "";
  const [availability] = useQuery({
    query: VEHICLES_QUERY,
    variables: { category: draft.category || null, transmission: draft.transmission, pickupDate: pickupIso, returnDate: returnIso },
    pause: !periodReady || draft.vehicleId === "",
    requestPolicy: "cache-and-network",
  });
  const carTaken =
    periodReady && draft.vehicleId !== "" && availability.data !== undefined && !availability.data.vehicles.some((v) => v.id === draft.vehicleId);

  if (draft.category === "") return <Navigate to={flow.path("car")} replace />;

  const today = capeTownToday();
  const pickupIsoDate = parseDisplayDate(pickupDate);
  const returnMin = pickupIsoDate && pickupIsoDate > today ? pickupIsoDate : today;

  const pickupError =
    touched.pickup && pickupDate !== "" && !pickupIsoDate ? INVALID_DATE : state.pickupBeforeToday ? "Pickup can't be before today" : undefined;
  const returnError =
    touched.ret && returnDate !== "" && !parseDisplayDate(returnDate)
      ? INVALID_DATE
      : state.returnBeforePickupDate
        ? "Return can't be before the pickup date"
        : state.pickup && state.returnAt && state.days === 0 && !state.pickupBeforeToday
          ? BOOKING_PERIOD_MESSAGES.return_not_after_pickup
          : undefined;
  const periodMessage = problem ? BOOKING_PERIOD_MESSAGES[problem] : (tooLong ?? undefined);
  // Figures only for a period that can be booked: never a duration and a total next to an error.
  const periodValid = state.days > 0 && !pickupError && !returnError && problem === null && tooLong === null;
  const rate = dailyRateCents(draft.category) / 100;

  return (
    <BookingScreen
      back={flow.back("dates")}
      step={flow.mode === "new" ? 2 : undefined}
      title={flow.mode === "new" ? "Select dates & times" : "Change dates & times"}
      description="All times are Cape Town time."
    >
      <Card padding="md" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <h2 className={css({ textStyle: "heading" })}>Pick-up</h2>
        <div className={dateAndTime}>
          <DateField
            label="Pickup date"
            value={pickupDate}
            onChange={(text) => {
              setPickupDate(text);
              if (text.length === 10) setTouched((t) => ({ ...t, pickup: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, pickup: true }))}
            min={today}
            error={pickupError}
          />
          <Field label="Pickup time" type="time" required value={pickupTime} onChange={(event) => setPickupTime(event.target.value)} />
        </div>
      </Card>

      <Card padding="md" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <h2 className={css({ textStyle: "heading" })}>Return</h2>
        <div className={dateAndTime}>
          <DateField
            label="Return date"
            value={returnDate}
            onChange={(text) => {
              setReturnDate(text);
              if (text.length === 10) setTouched((t) => ({ ...t, ret: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, ret: true }))}
            min={returnMin}
            error={returnError}
          />
          <Field label="Return time" type="time" required value={returnTime} onChange={(event) => setReturnTime(event.target.value)} />
        </div>
      </Card>

      {/* An alert, so it is announced as it appears: Next stays disabled until the dates change, and a screen reader would not hear why. */}
      {periodMessage ? (
        <div role="alert">
          <Notice tone="danger" title="Please change the dates">
            {periodMessage}
          </Notice>
        </div>
      ) : null}
      {carTaken ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
          <Notice tone="amber" title="Your car is booked for these dates">
            Pick other dates, or choose another car that is free for them.
          </Notice>
          <ButtonLink to="/booking/category?view=vehicles" variant="outline" fullWidth>
            Choose another car
          </ButtonLink>
        </div>
      ) : null}

      <Card variant="subtle" padding="lg" aria-labelledby="rental-summary">
        <h2 id="rental-summary" className={css({ textStyle: "heading", display: "flex", alignItems: "center", gap: "2", mb: "1" })}>
          <ClockIcon size={18} />
          Rental summary
        </h2>
        <dl className={css({ display: "flex", flexDirection: "column", "& > div + div": { borderTopWidth: "1px", borderColor: "border.default" } })}>
          <SummaryRow label="Duration" value={periodValid ? plural(state.days, "day") : "—"} />
          <SummaryRow label="Category" value={categoryLabel(draft.category)} />
          <SummaryRow label="Daily rate" value={formatRandPerDay(rate)} />
          <SummaryRow label="Total" value={periodValid ? formatRand(state.total) : "—"} strong />
        </dl>
        <p className={css({ textStyle: "caption", color: "fg.muted", mt: "2" })}>Any part of a day counts as a full day.</p>
      </Card>

      <ActionBar>
        <ButtonLink to={flow.back("dates")} variant="outline" size="lg">
          Back
        </ButtonLink>
        <Button size="lg" disabled={!periodReady || carTaken} onClick={() => navigate(flow.next("dates"))}>
          {flow.mode === "new" ? "Next" : "Done"}
        </Button>
      </ActionBar>
    </BookingScreen>
  );
}

export const Component = DateTimeScreen;
