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
 * (client.ts), the draft is cleared, and /booking/success takes the place of the flow's first
 * entry in the tab's history (booking/flowHistory.ts), so Back leaves the finished flow.
 *
 * Missing category, pickup or return date: /booking/category (SPEC 2); a missing delivery or
 * return location sends the customer back to that step.
 *
 * A lost answer (a poor connection): every create carries the draft's idempotency key (made when
 * the customer reaches this step; draft.ts), so sending it again can never book twice. When a
 * create gets no answer (a network error) or a 5xx, the screen says "Checking whether your booking
 * went through…" instead of "Booking failed" and sends the same create again: when the phone is
 * back online, after a short and growing wait, or at once on "Try again". The server answers the
 * booking the key made (the success screen) or, if the first never arrived, makes it. After a
 * reload with a create sent and unanswered, it asks the server for the key's booking first; the
 * car that booking holds is not "no longer available".
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
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
import { BOOKING_BY_IDEMPOTENCY_KEY, CREATE_BOOKING, QUOTE_QUERY, VEHICLES_QUERY } from "../../booking/documents.ts";
import { getBookingDraft, newIdempotencyKey, updateBookingDraft, useBookingDraft } from "../../booking/draft.ts";
import { finishBookingFlow } from "../../booking/flowHistory.ts";
import { ShieldIcon } from "../../booking/icons.tsx";
import { CalendarIcon, CarIcon, CheckIcon, MapPinIcon, TagIcon } from "../../components/icons.tsx";
import { useAuth } from "../../session/auth.tsx";
import { isTransientError, serverMessage } from "../../session/errors.ts";
import { notifyError } from "../../session/toast.tsx";
import { useRetryWhenOnline } from "../../../lib/online.ts";

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

/** Waits before sending a create again after a lost answer: short at first, then every 30 s. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

function CheckingNotice({ onRetry, sending }: { onRetry: () => void; sending: boolean }) {
  return (
    <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })} data-testid="booking-checking">
      <Notice tone="info" title="Checking whether your booking went through…">
        The connection dropped before we heard back. We're asking again, and you won't be booked twice.
      </Notice>
      <Button variant="outline" fullWidth disabled={sending} onClick={onRetry}>
        Try again
      </Button>
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
  // The success screen's code, fetched now: after the booking it shows without a wait for it.
  useEffect(() => {
    void import("./Success.tsx");
  }, []);

  // The draft's idempotency key: made when the customer reaches this step (a new one after any change of the request).
  useEffect(() => {
    if (ready && draft.idempotencyKey === "") updateBookingDraft({ idempotencyKey: newIdempotencyKey() });
  }, [ready, draft.idempotencyKey]);

  // Opened with a create sent and never answered (a reload while waiting): did it go through?
  const [sentBefore] = useState(() => getBookingDraft().idempotencyKeySent && getBookingDraft().idempotencyKey !== "");
  const [keyResult] = useQuery({
    query: BOOKING_BY_IDEMPOTENCY_KEY,
    variables: { key: draft.idempotencyKey },
    pause: !ready || !sentBefore || draft.idempotencyKey === "",
    requestPolicy: "network-only",
  });
  const keyedBooking = sentBefore ? (keyResult.data?.myBookingByIdempotencyKey ?? null) : null;
  // Until the server has said the key made no booking, a car that looks taken may be the customer's own.
  const keyChecked = !sentBefore || (keyResult.data !== undefined && !keyResult.fetching);
  // Confirm waits for that answer (a create sent meanwhile would be answered the same booking anyway).
  const keyChecking = sentBefore && keyResult.fetching;
  useEffect(() => {
    if (keyedBooking) finishBookingFlow(navigate, { id: keyedBooking.id, status: keyedBooking.status });
  }, [keyedBooking, navigate]);

  // A lost answer: the same create is sent again until one comes (see the file comment).
  const [checking, setChecking] = useState(false);
  const inFlight = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);
  const sendRef = useRef<() => Promise<void>>(async () => {});
  useRetryWhenOnline(checking, () => void sendRef.current());
  useEffect(() => () => clearTimeout(retryTimer.current), []);

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
  // Not while the customer's own booking may hold the car: a lost answer, or a sent key not yet checked.
  const vehicleGone =
    draft.vehicleId !== "" &&
    vehiclesResult.data !== undefined &&
    !vehiclesResult.fetching &&
    vehicle === undefined &&
    !checking &&
    keyChecked &&
    !keyedBooking;
  const profileIncomplete = user !== null && !user.profileCompleted;
  const sending = create.fetching;

  /** Sends the draft's create with its key; a lost answer is sent again (see the file comment). */
  const send = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    clearTimeout(retryTimer.current);
    const current = getBookingDraft();
    const idempotencyKey = current.idempotencyKey || newIdempotencyKey();
    updateBookingDraft({ idempotencyKey, idempotencyKeySent: true });
    const result = await createBooking({
      input: {
        category: current.category || null,
        transmission: current.transmission,
        vehicleId: current.vehicleId,
        pickupDate: current.pickupDate,
        returnDate: current.returnDate,
        deliveryLocation: current.deliveryLocation,
        deliveryCoordinates: current.deliveryCoordinates,
        returnLocation: current.returnLocation,
        returnCoordinates: current.returnCoordinates,
        // What the customer was shown; the server refuses it if its own figure differs.
        totalAmount: total,
        duration: days,
        idempotencyKey,
      },
    });
    inFlight.current = false;
    if (result.data?.createBooking) {
      // The draft (and its key) is cleared by the success screen once it shows: clearing it here
      // would render this screen once more with empty dates before the navigation lands.
      // Back from the success screen then leaves the flow instead of walking its emptied steps.
      finishBookingFlow(navigate, { id: result.data.createBooking.id, status: result.data.createBooking.status });
      return;
    }
    // No answer (or no error and no data, which is no answer either): ask again with the same key.
    if (!result.error || isTransientError(result.error)) {
      setChecking(true);
      const delay = RETRY_DELAYS_MS[Math.min(retries.current, RETRY_DELAYS_MS.length - 1)]!;
      retries.current++;
      retryTimer.current = setTimeout(() => void sendRef.current(), delay);
      return;
    }
    // An answer, and a refusal: nothing was booked with the key.
    setChecking(false);
    retries.current = 0;
    updateBookingDraft({ idempotencyKeySent: false });
    const extensions = result.error?.graphQLErrors[0]?.extensions;
    // One of the account's limits (issue 18): say which, and what to do, instead of "car taken".
    if (extensions?.reason === "account_limit") {
      setAccountLimit({ limit: String(extensions.limit ?? ""), message: serverMessage(result.error) ?? "" });
      notifyError("Booking not possible", serverMessage(result.error) ?? "Please try again");
      return;
    }
    // The key made another booking (a draft changed without a new key): this request gets a key of its own.
    if (extensions?.code === "UNPROCESSABLE_CONTENT") updateBookingDraft({ idempotencyKey: newIdempotencyKey(), idempotencyKeySent: false });
    notifyError("Booking failed", serverMessage(result.error) ?? "Please try again");
    if (extensions?.code === "CONFLICT") setConflict(true);
    // The price or the free cars may have changed: show the server's figures again.
    refetchQuote({ requestPolicy: "network-only" });
    refetchVehicles({ requestPolicy: "network-only" });
  };
  sendRef.current = send;

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
    await send();
  };

  return (
    <BookingScreen back="/booking/return-location" step={5} title="Review & Confirm" description="Check your booking before you confirm it.">
      {profileIncomplete ? (
        <Notice tone="amber" title="Complete your profile to book">
          Add your personal details, ID and driver's licence before confirming. Your booking details are kept.
        </Notice>
      ) : null}

      {accountLimit ? <AccountLimitNotice {...accountLimit} /> : null}

      {checking ? <CheckingNotice sending={sending} onRetry={() => void send()} /> : null}

      {!checking && (conflict || vehicleGone) ? (
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
        <Button
          size="lg"
          fullWidth
          disabled={sending || checking || keyChecking || user === null || conflict || vehicleGone}
          aria-busy={sending || undefined}
          onClick={confirm}
        >
          {sending ? <Spinner /> : null}
          {sending ? "Processing..." : profileIncomplete ? "Complete Profile to Book" : "Confirm Booking"}
        </Button>
      </ActionBar>
    </BookingScreen>
  );
}

export const Component = ConfirmationScreen;
