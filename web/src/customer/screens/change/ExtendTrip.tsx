/**
 * Extend trip (/bookings/{id}/extend, issue 13): for a trip in progress, a new return date and
 * time (Cape Town), the server's quote ("R450 more", the new total) and until when the car is
 * free; confirm sends the figures shown. A return past the car's next booking is refused before
 * the confirm ("Your car is booked again from ..."), and by the server if it changed meanwhile.
 *
 * A poor connection, as when changing a booking (ChangeBooking.tsx): a price that does not arrive
 * offers "Try again" (and is asked again once back online); an extension that gets no answer reads
 * the booking again, and if its return is now the one asked for, that is the success it was.
 */
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useClient, useMutation, useQuery } from "urql";
import { css } from "styled-system/css";
import { formatRand } from "#domain/money.ts";
import { addDays, capeTownDateTimeToUtc, formatBookingCardDateTime, formatDisplayDate, parseDisplayDate, toCapeTownDateTime } from "#domain/time.ts";
import { isTransientError, serverMessage } from "../../../lib/errors.ts";
import { useRetryWhenOnline } from "../../../lib/online.ts";
import { Button, ButtonLink } from "../../../ui/Button.tsx";
import { Card } from "../../../ui/Card.tsx";
import { Field } from "../../../ui/Field.tsx";
import { Notice } from "../../../ui/Notice.tsx";
import { Skeleton } from "../../../ui/Skeleton.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { ActionBar, BookingScreen } from "../../booking/BookingScreen.tsx";
import { BookingLoadError, BookingNotFound, isNotFound, NoAnswerNotice, PriceUnavailable } from "../../booking/BookingStates.tsx";
import { DateField, dateAndTime } from "../../booking/DateField.tsx";
import { BOOKING_QUERY, EXTEND_TRIP, TRIP_EXTENSION_QUOTE, type BookingDetails } from "../../booking/documents.ts";
import { notifyError, notifySuccess } from "../../session/toast.tsx";

function ExtendForm({ booking }: { booking: BookingDetails }) {
  const navigate = useNavigate();
  const current = toCapeTownDateTime(new Date(booking.returnDate));
  // A day longer, same time, to start with.
  const [date, setDate] = useState(() => formatDisplayDate(addDays(current.date, 1)));
  const [time, setTime] = useState(current.time);
  const isoDate = parseDisplayDate(date);
  const newReturn = isoDate && time ? capeTownDateTimeToUtc(isoDate, time) : null;
  const later = newReturn !== null && newReturn.getTime() > new Date(booking.returnDate).getTime();
  const returnIso = newReturn?.toISOString() ?? "";
  const [quoteResult, refetchQuote] = useQuery({
    query: TRIP_EXTENSION_QUOTE,
    variables: { id: booking.id, returnDate: returnIso },
    pause: !later,
    requestPolicy: "network-only",
  });
  const [extension, extendTrip] = useMutation(EXTEND_TRIP);
  const client = useClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [noAnswer, setNoAnswer] = useState<"notMade" | "unknown" | null>(null);
  const [checking, setChecking] = useState(false);
  const busy = extension.fetching || checking;
  const quote = later ? quoteResult.data?.tripExtensionQuote : undefined;
  const quoteSettled = later && !quoteResult.fetching && quoteResult.error !== undefined;
  const quoteError = quoteSettled && !isTransientError(quoteResult.error) ? serverMessage(quoteResult.error) : undefined;
  const quoteFailed = quoteSettled && quoteError === undefined;
  const retryQuote = () => refetchQuote({ requestPolicy: "network-only" });
  useRetryWhenOnline(quoteFailed, retryQuote);
  const freeUntil = quote?.freeUntil ? new Date(quote.freeUntil) : null;
  const pastFree = freeUntil !== null && newReturn !== null && newReturn.getTime() > freeUntil.getTime();

  const extended = (to: Date) => {
    notifySuccess("Trip extended", `Return now ${formatBookingCardDateTime(to)}. We've emailed you the details.`);
    navigate(`/bookings/${booking.id}`, { replace: true });
  };
  const confirm = async () => {
    if (!quote || !newReturn) return;
    setRefusal(null);
    setNoAnswer(null);
    const result = await extendTrip({ id: booking.id, input: { returnDate: returnIso, totalAmount: quote.total, duration: quote.days } });
    if (result.data?.extendTrip) {
      extended(newReturn);
      return;
    }
    if (isTransientError(result.error)) {
      // No answer: the trip may have been extended all the same. The booking as it is now says.
      setChecking(true);
      const now = await client.query(BOOKING_QUERY, { id: booking.id }, { requestPolicy: "network-only" }).toPromise();
      setChecking(false);
      const fresh = now.data?.booking;
      if (fresh && new Date(fresh.returnDate).getTime() === newReturn.getTime()) {
        extended(newReturn);
        return;
      }
      setNoAnswer(fresh ? "notMade" : "unknown");
      notifyError(fresh ? "Trip not extended" : "Extension not confirmed", "Check your connection and try again.");
      return;
    }
    const message = serverMessage(result.error) ?? "We couldn't extend your trip. Please try again.";
    setRefusal(message);
    notifyError("Trip not extended", message);
    refetchQuote({ requestPolicy: "network-only" });
  };

  if (!booking.canExtend) {
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <Notice tone="amber" title="This trip can't be extended">
          {booking.canChange ? "Your trip hasn't started yet: change the booking instead." : "Only a trip in progress can be extended."}
        </Notice>
        {booking.canChange ? (
          <ButtonLink to={`/bookings/${booking.id}/change`} fullWidth>
            Change Booking
          </ButtonLink>
        ) : null}
        <ButtonLink to={`/bookings/${booking.id}`} variant="outline" fullWidth>
          Back to Booking
        </ButtonLink>
      </div>
    );
  }

  const dateError =
    date.length === 10 && !isoDate
      ? "Please enter a real date as dd/mm/yyyy"
      : newReturn && !later
        ? "The new return must be later than the current one"
        : undefined;

  return (
    <>
      <Card padding="md" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <p className={css({ textStyle: "small", color: "fg.muted" })}>
          Return now: <strong className={css({ color: "fg.default" })}>{formatBookingCardDateTime(new Date(booking.returnDate))}</strong>
        </p>
        <h2 className={css({ textStyle: "heading" })}>New return</h2>
        <div className={dateAndTime}>
          <DateField label="Return date" value={date} onChange={setDate} min={current.date} error={dateError} />
          <Field label="Return time" type="time" required value={time} onChange={(event) => setTime(event.target.value)} />
        </div>
      </Card>

      <Card variant="subtle" padding="lg" aria-labelledby="extend-price" aria-live="polite">
        <h2 id="extend-price" className={css({ textStyle: "heading", mb: "1" })}>
          New price
        </h2>
        {!later ? (
          <p className={css({ textStyle: "small", color: "fg.muted" })}>Choose a return later than the current one.</p>
        ) : quoteError ? (
          <Notice tone="danger" title="This extension isn't possible">
            {quoteError}
          </Notice>
        ) : quoteFailed ? (
          <PriceUnavailable onRetry={retryQuote} />
        ) : !quote ? (
          <div aria-busy="true" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <span role="status" className={css({ srOnly: true })}>
              Working out the new price…
            </span>
            <Skeleton className={css({ height: "6", width: "full" })} />
          </div>
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <p className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
              <span className={css({ color: "fg.muted" })}>
                New total ({quote.days} {quote.days === 1 ? "day" : "days"})
              </span>
              <strong className={css({ fontSize: "lg" })}>{formatRand(quote.total)}</strong>
            </p>
            <p className={css({ fontWeight: "700", color: "warning.fg" })} data-testid="extend-difference">
              {quote.differenceText}
            </p>
            {pastFree && freeUntil ? (
              <Notice tone="danger" title="Your car is booked after your trip">
                It is free until {formatBookingCardDateTime(freeUntil)}. Choose a return before then.
              </Notice>
            ) : freeUntil ? (
              <p className={css({ textStyle: "small", color: "fg.muted" })}>Your car is free until {formatBookingCardDateTime(freeUntil)}.</p>
            ) : (
              <p className={css({ textStyle: "small", color: "fg.muted" })}>Your car is free for the extra time.</p>
            )}
          </div>
        )}
      </Card>

      {refusal ? (
        <div role="alert">
          <Notice tone="danger" title="Your trip was not extended">
            {refusal}
          </Notice>
        </div>
      ) : noAnswer ? (
        <NoAnswerNotice outcome={noAnswer} what="extension" onRetry={confirm} busy={busy || !quote || pastFree} />
      ) : null}

      <ActionBar>
        <ButtonLink to={`/bookings/${booking.id}`} variant="outline" size="lg">
          Back
        </ButtonLink>
        <Button size="lg" onClick={confirm} disabled={!quote || pastFree || quoteResult.fetching || busy} aria-busy={busy || undefined}>
          {busy ? <Spinner /> : null}
          {busy ? "Extending…" : "Extend Trip"}
        </Button>
      </ActionBar>
    </>
  );
}

export function ExtendTripScreen() {
  const { id = "" } = useParams();
  const [result, reexecute] = useQuery({ query: BOOKING_QUERY, variables: { id }, requestPolicy: "cache-and-network" });
  const booking = result.data?.booking;
  let content = (
    <div aria-busy="true">
      <span role="status" className={css({ srOnly: true })}>
        Loading your booking…
      </span>
      <Skeleton className={css({ height: "48", width: "full", borderRadius: "card" })} />
    </div>
  );
  if (booking) content = <ExtendForm booking={booking} />;
  else if (isNotFound(result.error) || (result.data && !result.data.booking)) content = <BookingNotFound />;
  else if (result.error) content = <BookingLoadError what="this booking" onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  return (
    <BookingScreen back={`/bookings/${id}`} title="Extend trip" description="Keep the car longer. All times are Cape Town time.">
      {content}
    </BookingScreen>
  );
}

export const Component = ExtendTripScreen;
