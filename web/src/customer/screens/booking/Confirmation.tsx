/**
 * Review & Confirm (/booking/confirmation, SPEC 2, 4, 5, 8). Shows the category, transmission and
 * car, pick-up and return ("MMM dd, yyyy, HH:mm", Cape Town time) with their locations, the
 * duration and the total — the server's quote, which is what the booking will cost — an amber
 * notice when the profile is incomplete and the Important Information list.
 *
 * "Confirm Booking" ("Processing..." while sending); "Complete Profile to Book" when the profile
 * is incomplete (toast, then /profile-completion). No vehicle: "Invalid booking data". Failure:
 * "Booking failed" with the server's message (a car taken meanwhile, a changed price, a place
 * outside the service area...) or "Please try again". Success: the bookings list is invalidated
 * (client.ts), the draft is cleared, and /booking/success.
 *
 * Missing category, pickup or return date: /booking/category (SPEC 2); a missing delivery or
 * return location sends the customer back to that step.
 */
import { useState, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { CANCELLATION_WINDOW_HOURS } from "#domain/time.ts";
import { TRANSMISSION_LABELS, categoryLabel } from "#domain/catalogue.ts";
import { isDraftReadyForConfirmation } from "#domain/draft.ts";
import { formatRand, formatRandPerDay } from "#domain/money.ts";
import { bookingQuote } from "#domain/pricing.ts";
import { formatConfirmationDateTime } from "#domain/time.ts";
import { Button, ButtonLink } from "../../../ui/Button.tsx";
import { Card } from "../../../ui/Card.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { ActionBar, BookingScreen } from "../../booking/BookingScreen.tsx";
import { CREATE_BOOKING, QUOTE_QUERY, VEHICLES_QUERY } from "../../booking/documents.ts";
import { useBookingDraft } from "../../booking/draft.ts";
import type { CreatedBooking } from "./Success.tsx";
import { ShieldIcon } from "../../booking/icons.tsx";
import { CalendarIcon, CarIcon, CheckIcon, MapPinIcon, TagIcon } from "../../components/icons.tsx";
import { useAuth } from "../../session/auth.tsx";
import { serverMessage } from "../../session/errors.ts";
import { notifyError } from "../../session/toast.tsx";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const IMPORTANT_INFORMATION = [
  "Fully insured",
  "No deposits",
  "A valid driver's licence is required",
  `Free cancellation up to ${CANCELLATION_WINDOW_HOURS} hours before pickup`,
] as const;

const sectionTitle = css({
  display: "flex",
  alignItems: "center",
  gap: "2",
  textStyle: "caption",
  color: "fg.muted",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
});

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className={css({ display: "flex", flexDirection: "column", gap: "1.5", py: "4", "&:first-child": { pt: "0" }, "&:last-child": { pb: "0" } })}>
      <h2 className={sectionTitle}>
        {icon}
        {title}
      </h2>
      <dl className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>{children}</dl>
    </section>
  );
}

function Row({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={css({ display: "flex", justifyContent: "space-between", gap: "4" })}>
      <dt className={css({ color: "fg.muted" })}>{label}</dt>
      <dd className={css({ fontWeight: strong ? "800" : "600", fontSize: strong ? "xl" : "md", textAlign: "right" })}>{value}</dd>
    </div>
  );
}

/** What the customer can do about each account limit (the server's message says what the limit is). */
const ACCOUNT_LIMIT_ADVICE: Record<string, { title: string; advice: string; action: "bookings" | "dates" | null }> = {
  active_bookings: {
    title: "You have the most bookings you can hold at once",
    // The server's message says when the customer can book again.
    advice: "",
    action: "bookings",
  },
  overlapping_booking: {
    title: "You already have a car for these dates",
    advice: "Choose dates that do not overlap your other booking, or cancel it first.",
    action: "bookings",
  },
  rental_too_long: {
    title: "This rental is longer than you can book here",
    advice: "Choose a shorter period, or contact us to arrange a longer rental.",
    action: "dates",
  },
  booking_rate: { title: "Too many booking attempts", advice: "Please wait a while before you try again.", action: null },
};

function AccountLimitNotice({ limit, message }: { limit: string; message: string }) {
  const known = ACCOUNT_LIMIT_ADVICE[limit] ?? { title: "This booking is over your account's limits", advice: "", action: "bookings" as const };
  return (
    <div role="alert" className={css({ display: "flex", flexDirection: "column", gap: "3" })} data-account-limit={limit}>
      <Notice tone="danger" title={known.title}>
        {message} {known.advice}
      </Notice>
      {known.action === "bookings" ? (
        <ButtonLink to="/bookings" variant="outline" fullWidth>
          View My Bookings
        </ButtonLink>
      ) : known.action === "dates" ? (
        <ButtonLink to="/booking/datetime" variant="outline" fullWidth>
          Change the dates
        </ButtonLink>
      ) : null}
    </div>
  );
}

export function ConfirmationScreen() {
  const draft = useBookingDraft();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [conflict, setConflict] = useState(false);
  const [accountLimit, setAccountLimit] = useState<{ limit: string; message: string } | null>(null);
  const ready = isDraftReadyForConfirmation(draft);
  const period = { pickupDate: draft.pickupDate, returnDate: draft.returnDate };

  const [quoteResult, refetchQuote] = useQuery({
    query: QUOTE_QUERY,
    // Paused until the draft is ready, so the stand-in category is never sent.
    variables: { category: draft.category || "small", ...period },
    pause: !ready,
    requestPolicy: "network-only",
  });
  const [vehiclesResult, refetchVehicles] = useQuery({
    query: VEHICLES_QUERY,
    variables: { category: draft.category || null, transmission: draft.transmission, ...period },
    pause: !ready || draft.vehicleId === "",
    requestPolicy: "cache-and-network",
  });
  const [create, createBooking] = useMutation(CREATE_BOOKING);

  if (!ready) return <Navigate to="/booking/category" replace />;
  if (draft.deliveryLocation === "") return <Navigate to="/booking/delivery-location" replace />;
  if (draft.returnLocation === "") return <Navigate to="/booking/return-location" replace />;

  const pickup = new Date(draft.pickupDate);
  const returnAt = new Date(draft.returnDate);
  const local = bookingQuote(draft.category, pickup, returnAt);
  const quote = quoteResult.data?.quote;
  const days = quote?.days ?? local.days;
  const total = quote?.total ?? local.total;
  const vehicle = vehiclesResult.data?.vehicles.find((v) => v.id === draft.vehicleId);
  const vehicleGone = draft.vehicleId !== "" && vehiclesResult.data !== undefined && !vehiclesResult.fetching && vehicle === undefined;
  const profileIncomplete = user !== null && !user.profileCompleted;
  const sending = create.fetching;

  const confirm = async () => {
    if (!user?.profileCompleted) {
      notifyError("Profile incomplete", "Please complete your profile to make bookings");
      navigate("/profile-completion");
      return;
    }
    if (!draft.vehicleId || !draft.pickupDate || !draft.returnDate) {
      notifyError("Invalid booking data", "Please complete all booking steps and select a vehicle");
      return;
    }
    const result = await createBooking({
      input: {
        category: draft.category || null,
        transmission: draft.transmission,
        vehicleId: draft.vehicleId,
        pickupDate: draft.pickupDate,
        returnDate: draft.returnDate,
        deliveryLocation: draft.deliveryLocation,
        deliveryCoordinates: draft.deliveryCoordinates,
        returnLocation: draft.returnLocation,
        returnCoordinates: draft.returnCoordinates,
        // What the customer was shown; the server refuses it if its own figure differs.
        totalAmount: total,
        duration: days,
      },
    });
    if (!result.data?.createBooking) {
      const extensions = result.error?.graphQLErrors[0]?.extensions;
      // One of the account's limits (issue 18): say which, and what to do, instead of "car taken".
      if (extensions?.reason === "account_limit") {
        setAccountLimit({ limit: String(extensions.limit ?? ""), message: serverMessage(result.error) ?? "" });
        notifyError("Booking not possible", serverMessage(result.error) ?? "Please try again");
        return;
      }
      notifyError("Booking failed", serverMessage(result.error) ?? "Please try again");
      if (extensions?.code === "CONFLICT") setConflict(true);
      // The price or the free cars may have changed: show the server's figures again.
      refetchQuote({ requestPolicy: "network-only" });
      refetchVehicles({ requestPolicy: "network-only" });
      return;
    }
    // The draft is cleared by the success screen once it shows: clearing it here would render
    // this screen once more with empty dates before the navigation lands.
    const created: CreatedBooking = { id: result.data.createBooking.id, status: result.data.createBooking.status };
    navigate("/booking/success", { replace: true, state: { booking: created } });
  };

  return (
    <BookingScreen back="/booking/return-location" step={5} title="Review & Confirm" description="Check your booking before you confirm it.">
      {profileIncomplete ? (
        <Notice tone="amber" title="Complete your profile to book">
          Add your personal details, ID and driver's licence before confirming. Your booking details are kept.
        </Notice>
      ) : null}

      {accountLimit ? <AccountLimitNotice {...accountLimit} /> : null}

      {conflict || vehicleGone ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <Notice tone="danger" title="This car is no longer available for your dates">
            Choose another car, or change the dates.
          </Notice>
          <ButtonLink to="/booking/category?view=vehicles" variant="outline" fullWidth>
            Choose another car
          </ButtonLink>
        </div>
      ) : null}

      <Card padding="lg">
        <div className={css({ display: "flex", flexDirection: "column", "& > section + section": { borderTopWidth: "1px", borderColor: "border.default" } })}>
          <Section icon={<CarIcon size={16} />} title="Your car">
            <Row label="Category" value={categoryLabel(draft.category)} />
            <Row label="Transmission" value={TRANSMISSION_LABELS[draft.transmission]} />
            {draft.vehicleId ? (
              <Row
                label="Car"
                value={
                  vehicle ? (
                    `${vehicle.make} ${vehicle.model}`
                  ) : draft.vehicleName ? (
                    draft.vehicleName
                  ) : vehiclesResult.fetching ? (
                    <Skeleton className={css({ height: "5", width: "32" })} />
                  ) : (
                    "—"
                  )
                }
              />
            ) : null}
          </Section>
          <Section icon={<CalendarIcon size={16} />} title="Pick-up">
            <dt className={css({ srOnly: true })}>Pick-up date and time</dt>
            <dd className={css({ fontWeight: "650" })} data-testid="pickup-datetime">
              {formatConfirmationDateTime(pickup)}
            </dd>
            <dt className={css({ srOnly: true })}>Delivery location</dt>
            <dd className={css({ display: "flex", gap: "1.5", color: "fg.muted", textStyle: "small", overflowWrap: "anywhere" })}>
              <MapPinIcon size={16} className={css({ flexShrink: 0, mt: "0.5" })} />
              {draft.deliveryLocation}
            </dd>
          </Section>
          <Section icon={<CalendarIcon size={16} />} title="Return">
            <dt className={css({ srOnly: true })}>Return date and time</dt>
            <dd className={css({ fontWeight: "650" })} data-testid="return-datetime">
              {formatConfirmationDateTime(returnAt)}
            </dd>
            <dt className={css({ srOnly: true })}>Return location</dt>
            <dd className={css({ display: "flex", gap: "1.5", color: "fg.muted", textStyle: "small", overflowWrap: "anywhere" })}>
              <MapPinIcon size={16} className={css({ flexShrink: 0, mt: "0.5" })} />
              {draft.returnLocation}
            </dd>
          </Section>
          <Section icon={<TagIcon size={16} />} title="Price">
            <Row label="Duration" value={plural(days, "day")} />
            <Row label="Daily rate" value={formatRandPerDay(quote?.dailyRate ?? local.dailyRate)} />
            <Row label="Total" value={<span data-testid="confirmation-total">{formatRand(total)}</span>} strong />
          </Section>
        </div>
      </Card>

      <Card variant="subtle" padding="lg">
        <h2 className={css({ textStyle: "heading", display: "flex", alignItems: "center", gap: "2", mb: "3" })}>
          <ShieldIcon size={20} />
          Important Information
        </h2>
        <ul className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          {IMPORTANT_INFORMATION.map((item) => (
            <li key={item} className={css({ display: "flex", gap: "2", alignItems: "flex-start" })}>
              <CheckIcon size={18} className={css({ color: "success.solid", flexShrink: 0, mt: "0.5" })} />
              {item}
            </li>
          ))}
        </ul>
      </Card>

      <ActionBar>
        <Button size="lg" fullWidth disabled={sending || user === null || conflict || vehicleGone} aria-busy={sending || undefined} onClick={confirm}>
          {sending ? <Spinner /> : null}
          {sending ? "Processing..." : profileIncomplete ? "Complete Profile to Book" : "Confirm Booking"}
        </Button>
      </ActionBar>
    </BookingScreen>
  );
}

export const Component = ConfirmationScreen;
