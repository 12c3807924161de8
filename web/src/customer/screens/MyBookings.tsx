/**
 * My Bookings (/bookings, SPEC 2, 4, 8): the customer's bookings, newest first, as cards; 3
 * loading skeletons; the empty state "No bookings yet" with "Book a Car". "Cancel Booking" on
 * each booking that is neither completed nor cancelled, asking first in a dialog; inside the
 * 24 hours before pickup the button is disabled with the server's reason beside it.
 */
import { useState } from "react";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { BookingCard, BookingSkeletons } from "../booking/BookingCard.tsx";
import { SignedInOnly } from "../booking/BookingScreen.tsx";
import { CancelControls, CancelDialog } from "../booking/CancelBooking.tsx";
import { MY_BOOKINGS_QUERY, type Booking } from "../booking/documents.ts";
import { CarIcon } from "../components/icons.tsx";
import { IconDisc } from "../../ui/IconDisc.tsx";

function EmptyBookings() {
  return (
    <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", mt: "2" })}>
      <IconDisc size="md">
        <CarIcon size={28} />
      </IconDisc>
      <div>
        <p className={css({ fontWeight: "650" })}>No bookings yet</p>
        <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>When you book a car, it shows up here.</p>
      </div>
      <ButtonLink to="/booking/category" fullWidth>
        Book a Car
      </ButtonLink>
    </Card>
  );
}

function BookingsList() {
  // Whether a booking may still be cancelled changes with time: refresh on every visit.
  const [result, reexecute] = useQuery({ query: MY_BOOKINGS_QUERY, requestPolicy: "cache-and-network" });
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const bookings = result.data?.myBookings;

  if (!bookings) {
    if (result.error) {
      return (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
          <Notice tone="danger" title="We couldn't load your bookings">
            Please check your connection and try again.
          </Notice>
          <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            Try again
          </Button>
        </div>
      );
    }
    return <BookingSkeletons />;
  }
  if (bookings.length === 0) return <EmptyBookings />;
  return (
    <>
      <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        {bookings.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} headingLevel={2}>
              <CancelControls booking={booking} onCancel={() => setCancelling(booking)} />
            </BookingCard>
          </li>
        ))}
      </ul>
      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

export function MyBookingsScreen() {
  usePageTitle("My Bookings");
  return (
    <CustomerScreen back="/home" footer>
      <SignedInOnly>
        <h1 className={css({ textStyle: "title", mb: "4" })}>My Bookings</h1>
        <BookingsList />
      </SignedInOnly>
    </CustomerScreen>
  );
}

export const Component = MyBookingsScreen;
