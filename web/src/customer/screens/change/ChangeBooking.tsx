/**
 * Change a booking (/bookings/{id}/change, issue 13). A layout route: it loads the booking, starts
 * the change's own draft from it, and serves the booking flow's steps (car, dates, delivery,
 * return) at /bookings/{id}/change/{step}, each returning here. This summary shows the booking as
 * it will be (with what it was), the server's quote for the change ("R650 more", the car kept or
 * another of the kind, or none free) and "Confirm Change", which sends the figures shown (a price
 * that changed meanwhile is refused, and the new figures shown). A booking that can no longer be
 * changed says why (within 24 hours of pickup: the same rule as cancelling).
 *
 * A poor connection: a price that does not arrive says so, with "Try again" (and is asked again
 * once the browser is back online), never as a refusal. A confirm that gets no answer (the
 * connection dropped, perhaps after the server made the change; or a server error) reads the
 * booking again: if it now has the details asked for, that is the success it was; otherwise the
 * customer is told it did not go through, with "Try again" (the server never makes a change twice:
 * asked for the details a booking already has, it answers the booking as it is).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Outlet, useNavigate, useOutletContext, useParams } from "react-router";
import { useClient, useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { TRANSMISSION_LABELS, categoryLabel } from "#domain/catalogue.ts";
import { formatRand } from "#domain/money.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { isTransientError, serverMessage } from "../../../lib/errors.ts";
import { useRetryWhenOnline } from "../../../lib/online.ts";
import { Button, ButtonLink } from "../../../ui/Button.tsx";
import { Card } from "../../../ui/Card.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { ActionBar, BookingScreen } from "../../booking/BookingScreen.tsx";
import { BookingLoadError, BookingNotFound, isNotFound, NoAnswerNotice, PriceUnavailable } from "../../booking/BookingStates.tsx";
import { BOOKING_CHANGE_QUOTE, BOOKING_QUERY, CHANGE_BOOKING, type BookingDetails } from "../../booking/documents.ts";
import { changeDraftStore, useDraftStore, type DraftStore, type WebBookingDraft } from "../../booking/draft.ts";
import { ChangeFlowProvider } from "../../booking/flow.tsx";
import { notifyError, notifySuccess } from "../../session/toast.tsx";

type Context = { booking: BookingDetails; store: DraftStore };

/** The draft a change starts from: the booking as it is (the server chooses the car). */
function draftOf(b: BookingDetails): Partial<WebBookingDraft> {
  return {
    category: b.category,
    transmission: b.transmission,
    pickupDate: b.pickupDate,
    returnDate: b.returnDate,
    deliveryLocation: b.deliveryLocation,
    deliveryCoordinates: b.deliveryCoordinates,
    returnLocation: b.returnLocation,
    returnCoordinates: b.returnCoordinates,
    vehicleId: "",
    vehicleName: "",
    deliveryNote: "",
    returnNote: "",
    duration: b.duration,
    totalAmount: Number(b.totalAmount),
  };
}

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** Only what the draft changes, as the server's BookingChangeInput. */
export function changeInput(b: BookingDetails, d: WebBookingDraft) {
  const input: Record<string, string> = {};
  if (d.category && d.category !== b.category) input.category = d.category;
  if (d.transmission !== b.transmission) input.transmission = d.transmission;
  if (d.pickupDate && !sameInstant(d.pickupDate, b.pickupDate)) input.pickupDate = d.pickupDate;
  if (d.returnDate && !sameInstant(d.returnDate, b.returnDate)) input.returnDate = d.returnDate;
  if (d.deliveryLocation && (d.deliveryLocation !== b.deliveryLocation || d.deliveryCoordinates !== b.deliveryCoordinates)) {
    input.deliveryLocation = d.deliveryLocation;
    input.deliveryCoordinates = d.deliveryCoordinates;
  }
  if (d.returnLocation && (d.returnLocation !== b.returnLocation || d.returnCoordinates !== b.returnCoordinates)) {
    input.returnLocation = d.returnLocation;
    input.returnCoordinates = d.returnCoordinates;
  }
  return input;
}

function Loading() {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
      <span role="status" className={css({ srOnly: true })}>
        Loading your booking…
      </span>
      <Skeleton className={css({ height: "8", width: "2/3" })} />
      <Skeleton className={css({ height: "64", width: "full", borderRadius: "card" })} />
    </div>
  );
}

/** The layout route: the booking, the change's draft, and the steps inside the change flow. */
export function ChangeBookingLayout() {
  const { id = "" } = useParams();
  const [result, reexecute] = useQuery({ query: BOOKING_QUERY, variables: { id }, requestPolicy: "cache-and-network" });
  const booking = result.data?.booking;
  const store = changeDraftStore(id);
  const draft = useDraftStore(store);
  // A fresh change starts from the booking; a reload keeps what was chosen.
  useEffect(() => {
    if (booking && store.get().category === "") store.update(draftOf(booking));
  }, [booking, store]);

  const ready = Boolean(booking) && draft.category !== "";
  // The loading screen's heading takes the focus on arrival; the loaded screen replaces it, and
  // focus would fall to <body>: it goes on to the loaded screen's heading.
  const loadingHeadingFocused = useRef(false);
  useEffect(() => {
    if (!ready) {
      const note = () => {
        loadingHeadingFocused.current = document.activeElement?.matches("main h1") ?? false;
      };
      note();
      document.addEventListener("focusin", note);
      return () => document.removeEventListener("focusin", note);
    }
    if (!loadingHeadingFocused.current || (document.activeElement && document.activeElement !== document.body)) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [ready]);

  if (booking && draft.category !== "") {
    return (
      <ChangeFlowProvider store={store} bookingId={id}>
        <Outlet context={{ booking, store } satisfies Context} />
      </ChangeFlowProvider>
    );
  }
  let content: ReactNode = <Loading />;
  if (isNotFound(result.error) || (result.data && !result.data.booking)) content = <BookingNotFound />;
  else if (result.error) content = <BookingLoadError what="this booking" onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  return (
    <BookingScreen back={`/bookings/${id}`} title="Change booking">
      {content}
    </BookingScreen>
  );
}

const label = css({ textStyle: "caption", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.05em" });

/**
 * One part of the booking: as it will be, what it was (when changed), and the way to change it
 * (not while the change is being saved: the step would edit a draft the save is about to clear).
 */
function Part({ title, value, was, to, what, saving }: { title: string; value: string; was: string | null; to: string; what: string; saving: boolean }) {
  return (
    <div className={css({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "3", py: "3" })} data-part={title}>
      <div className={css({ minW: "0" })}>
        <p className={label}>{title}</p>
        <p className={css({ fontWeight: "600", fontSize: "sm", overflowWrap: "anywhere" })}>{value}</p>
        {was !== null ? (
          <p className={css({ textStyle: "small", color: "fg.muted", overflowWrap: "anywhere" })}>
            <span className={css({ fontWeight: "600", color: "brand.text" })}>Changed</span> · was {was}
          </p>
        ) : null}
      </div>
      {saving ? (
        <Button variant="outline" size="sm" aria-label={`Change ${what}`} className={css({ flexShrink: 0, minH: "11" })} disabled>
          Change
        </Button>
      ) : (
        <ButtonLink to={to} variant="outline" size="sm" aria-label={`Change ${what}`} className={css({ flexShrink: 0, minH: "11" })}>
          Change
        </ButtonLink>
      )}
    </div>
  );
}

const carText = (category: string, transmission: string) =>
  `${categoryLabel(category)} · ${TRANSMISSION_LABELS[transmission as keyof typeof TRANSMISSION_LABELS] ?? transmission}`;
const periodText = (pickup: string, ret: string) => `${formatBookingCardDateTime(new Date(pickup))} → ${formatBookingCardDateTime(new Date(ret))}`;

function QuoteRow({ label: name, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={css({ display: "flex", justifyContent: "space-between", gap: "4", py: "2" })}>
      <dt className={css({ color: "fg.muted" })}>{name}</dt>
      <dd className={css({ fontWeight: strong ? "800" : "600", fontSize: strong ? "lg" : "md", textAlign: "right" })}>{value}</dd>
    </div>
  );
}

/** /bookings/{id}/change: the summary of the change, its price and the confirm. */
export function ChangeSummary() {
  const { booking, store } = useOutletContext<Context>();
  const draft = useDraftStore(store);
  const navigate = useNavigate();
  const input = changeInput(booking, draft);
  const hasChanges = Object.keys(input).length > 0;
  const [quoteResult, refetchQuote] = useQuery({
    query: BOOKING_CHANGE_QUOTE,
    variables: { id: booking.id, input },
    pause: !hasChanges || !booking.canChange,
    requestPolicy: "network-only",
  });
  const [change, changeBooking] = useMutation(CHANGE_BOOKING);
  const client = useClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  // A confirm that got no answer, once the booking was read again: not made, or still unknown.
  const [noAnswer, setNoAnswer] = useState<"notMade" | "unknown" | null>(null);
  const [checking, setChecking] = useState(false);
  const busy = change.fetching || checking;
  const quote = hasChanges ? quoteResult.data?.bookingChangeQuote : undefined;
  // The server's refusal of the change ("This change isn't possible: ..."), or a price that did not
  // arrive (offline, a server error: "Try again").
  const quoteSettled = hasChanges && !quoteResult.fetching && quoteResult.error !== undefined;
  const quoteError = quoteSettled && !isTransientError(quoteResult.error) ? serverMessage(quoteResult.error) : undefined;
  const quoteFailed = quoteSettled && quoteError === undefined;
  const retryQuote = () => refetchQuote({ requestPolicy: "network-only" });
  useRetryWhenOnline(quoteFailed, retryQuote);

  const discard = () => {
    store.clear();
    navigate(`/bookings/${booking.id}`);
  };
  // `from`: the address the save was asked from. A customer who left it meanwhile (Back) is not
  // pulled back to the booking. Read from the address, not from this screen's life: the answer's
  // cache update can remount the screen while the customer stays on it.
  const changed = (totalAmount: string, from: string) => {
    store.clear();
    notifySuccess("Booking changed", `Booking #${booking.bookingNumber} now costs ${formatRand(totalAmount)}. We've emailed you the details.`);
    if (window.location.pathname === from) navigate(`/bookings/${booking.id}`, { replace: true });
  };
  const confirm = async () => {
    if (!quote) return;
    const from = window.location.pathname;
    setRefusal(null);
    setNoAnswer(null);
    const result = await changeBooking({ id: booking.id, input: { ...input, totalAmount: quote.total, duration: quote.days } });
    if (result.data?.changeBooking) {
      changed(result.data.changeBooking.totalAmount, from);
      return;
    }
    if (isTransientError(result.error)) {
      // No answer: the change may have been made all the same. The booking as it is now says.
      setChecking(true);
      const now = await client.query(BOOKING_QUERY, { id: booking.id }, { requestPolicy: "network-only" }).toPromise();
      setChecking(false);
      const fresh = now.data?.booking;
      if (fresh && Object.keys(changeInput(fresh, draft)).length === 0) {
        changed(fresh.totalAmount, from);
        return;
      }
      setNoAnswer(fresh ? "notMade" : "unknown");
      notifyError(fresh ? "Change not made" : "Change not confirmed", "Check your connection and try again.");
      return;
    }
    const message = serverMessage(result.error) ?? "We couldn't change your booking. Please try again.";
    setRefusal(message);
    notifyError("Change not made", message);
    // The price or the free cars may have changed: show the server's figures again.
    refetchQuote({ requestPolicy: "network-only" });
  };

  const flowPath = (step: string) => `/bookings/${booking.id}/change/${step}`;
  const carWas = carText(booking.category, booking.transmission);
  const carNow = carText(draft.category, draft.transmission);
  const periodWas = periodText(booking.pickupDate, booking.returnDate);
  const periodNow = periodText(draft.pickupDate, draft.returnDate);

  return (
    <BookingScreen
      back={`/bookings/${booking.id}`}
      title={`Change booking #${booking.bookingNumber}`}
      description="Change what you need, see the new price, then confirm. Times are Cape Town time."
    >
      {!booking.canChange ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <Notice tone="amber" title="This booking can't be changed">
            {booking.changeBlockedReason}
          </Notice>
          {booking.canExtend ? (
            <ButtonLink to={`/bookings/${booking.id}/extend`} fullWidth>
              Extend Trip
            </ButtonLink>
          ) : null}
          <ButtonLink to={`/bookings/${booking.id}`} variant="outline" fullWidth>
            Back to Booking
          </ButtonLink>
        </div>
      ) : (
        <>
          <Card padding="md" className={css({ "& > div + div": { borderTopWidth: "1px", borderColor: "border.default" } })}>
            <Part title="Car" value={carNow} was={carNow !== carWas ? carWas : null} to={flowPath("car")} what="the car" saving={busy} />
            <Part title="Dates" value={periodNow} was={periodNow !== periodWas ? periodWas : null} to={flowPath("dates")} what="the dates" saving={busy} />
            <Part
              title="Delivery"
              value={draft.deliveryLocation || booking.deliveryLocation}
              was={input.deliveryLocation !== undefined ? booking.deliveryLocation : null}
              to={flowPath("delivery")}
              what="the delivery location"
              saving={busy}
            />
            <Part
              title="Return"
              value={draft.returnLocation || booking.returnLocation}
              was={input.returnLocation !== undefined ? booking.returnLocation : null}
              to={flowPath("return")}
              what="the return location"
              saving={busy}
            />
          </Card>

          <Card variant="subtle" padding="lg" aria-labelledby="change-price" aria-live="polite">
            <h2 id="change-price" className={css({ textStyle: "heading", mb: "1" })}>
              New price
            </h2>
            {!hasChanges ? (
              <p className={css({ textStyle: "small", color: "fg.muted" })}>Change anything above: you'll see the new price before you confirm.</p>
            ) : quoteError ? (
              <Notice tone="danger" title="This change isn't possible">
                {quoteError}
              </Notice>
            ) : quoteFailed ? (
              <PriceUnavailable onRetry={retryQuote} />
            ) : !quote ? (
              <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} aria-busy="true">
                <span role="status" className={css({ srOnly: true })}>
                  Working out the new price…
                </span>
                <Skeleton className={css({ height: "6", width: "full" })} />
                <Skeleton className={css({ height: "6", width: "full" })} />
              </div>
            ) : (
              <>
                <dl className={css({ display: "flex", flexDirection: "column", "& > div + div": { borderTopWidth: "1px", borderColor: "border.default" } })}>
                  <QuoteRow label="Was" value={formatRand(quote.oldTotal)} />
                  <QuoteRow label={`New total (${quote.days} ${quote.days === 1 ? "day" : "days"})`} value={formatRand(quote.total)} strong />
                </dl>
                <p
                  className={css({ mt: "2", fontWeight: "700", color: Number(quote.difference) > 0 ? "warning.fg" : "success.fg" })}
                  data-testid="change-difference"
                >
                  {quote.differenceText}
                </p>
                <p className={css({ textStyle: "small", color: "fg.muted", mt: "2" })}>
                  {quote.car === "same"
                    ? "You keep the same car."
                    : quote.car === "other"
                      ? `Your car is taken for these dates: we'll bring another ${carNow.replace(" · ", " ").toLowerCase()} car.`
                      : null}
                </p>
                {quote.car === "none" ? (
                  <Notice tone="danger" title="No car free">
                    No {carNow.replace(" · ", " ").toLowerCase()} car is free for those dates. Try other dates or another car.
                  </Notice>
                ) : null}
              </>
            )}
          </Card>

          {refusal ? (
            <div role="alert">
              <Notice tone="danger" title="Your booking was not changed">
                {refusal}
              </Notice>
            </div>
          ) : noAnswer ? (
            <NoAnswerNotice outcome={noAnswer} what="change" onRetry={confirm} busy={busy || !quote} />
          ) : null}

          <ActionBar>
            <Button variant="outline" size="lg" onClick={discard} disabled={busy}>
              Discard
            </Button>
            <Button size="lg" onClick={confirm} disabled={!quote || quote.car === "none" || quoteResult.fetching || busy} aria-busy={busy || undefined}>
              {busy ? <Spinner /> : null}
              {busy ? "Changing…" : "Confirm Change"}
            </Button>
          </ActionBar>
        </>
      )}
    </BookingScreen>
  );
}

export const Component = ChangeBookingLayout;
