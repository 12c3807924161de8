/**
 * Home (/home, and "/" when signed in; SPEC 2): greets the customer by name; an amber notice
 * with the way to profile completion (and to availability and prices) while the profile is
 * incomplete, else "Book a car to rent"; the current and next bookings or an empty state; Cars for Sale;
 * a profile icon. Unauthenticated visitors are sent to /.
 */
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { categoryLabel } from "#domain/catalogue.ts";
import { isDraftReadyForConfirmation } from "#domain/draft.ts";
import { formatConfirmationDateTime } from "#domain/time.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { HomeSkeletonBody } from "../HomeSkeleton.tsx";
import { BookingCard, BookingSkeletons } from "../booking/BookingCard.tsx";
import { MY_BOOKINGS_QUERY } from "../booking/documents.ts";
import { useBookingDraft } from "../booking/draft.ts";
import { Avatar } from "../components/Avatar.tsx";
import { AccountLoadError } from "../components/SessionStates.tsx";
import { CarIcon, ChevronRightIcon, TagIcon } from "../components/icons.tsx";
import { useAuth } from "../session/auth.tsx";
import type { User } from "../session/user.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";

/** SPEC 9: Home shows 2 bookings: the first two of the server's order, i.e. the current trip and the next (issue 15). */
export const HOME_BOOKINGS_SHOWN = 2;

const sectionTitle = css({ textStyle: "heading", color: "fg.default" });

function ProfileLink({ user }: { user: User | null }) {
  return (
    <Link to="/profile" className={css({ display: "inline-flex", borderRadius: "full", p: "1", m: "-1", _hover: { bg: "bg.muted" } })}>
      {/* Named by its text, not an aria-label that would differ from the initials on show (axe: label-content-name-mismatch). */}
      <span className={css({ srOnly: true })}>Profile</span>
      {user ? (
        <Avatar name={user.name} picture={user.profilePicture} complete={user.profileCompleted} size="sm" />
      ) : (
        <Skeleton className={css({ width: "10", height: "10", borderRadius: "full" })} />
      )}
    </Link>
  );
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The bookings block: the first two of the customer's bookings (the current trip and the next) with a "View all"
 * link to /bookings, skeletons while they load, or the empty state with "Book Your First Car".
 */
export function RecentBookings<T extends { id: string }>({
  bookings,
  renderBooking,
  loading = false,
}: {
  bookings: readonly T[];
  renderBooking?: (booking: T) => ReactNode;
  loading?: boolean;
}) {
  const shown = bookings.slice(0, HOME_BOOKINGS_SHOWN);
  return (
    <section aria-labelledby="home-bookings" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between" })}>
        <h2 id="home-bookings" className={sectionTitle}>
          My Bookings
        </h2>
        {shown.length > 0 ? (
          // 44px tall and a little wider than its words: a thumb's target, its text where it was.
          <Link
            to="/bookings"
            className={css({ display: "inline-flex", alignItems: "center", minH: "11", px: "2", mr: "-2", fontSize: "sm", fontWeight: "600" })}
          >
            View all
          </Link>
        ) : null}
      </div>
      {loading && shown.length === 0 ? (
        <BookingSkeletons count={HOME_BOOKINGS_SHOWN} />
      ) : shown.length > 0 && renderBooking ? (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          {shown.map((booking) => (
            <li key={booking.id}>{renderBooking(booking)}</li>
          ))}
        </ul>
      ) : (
        <Card padding="lg" className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3" })}>
          <IconDisc size="md">
            <CarIcon size={28} />
          </IconDisc>
          <div>
            <p className={css({ fontWeight: "650" })}>No bookings yet</p>
            <p className={css({ textStyle: "small", color: "fg.muted", mt: "1" })}>Your trips will show up here once you book.</p>
          </div>
          <ButtonLink to="/booking/category" variant="outline" fullWidth>
            Book Your First Car
          </ButtonLink>
        </Card>
      )}
    </section>
  );
}

function HomeBookings() {
  const [result] = useQuery({ query: MY_BOOKINGS_QUERY, requestPolicy: "cache-and-network" });
  return (
    <RecentBookings
      bookings={result.data?.myBookings ?? []}
      loading={result.data === undefined && !result.error}
      renderBooking={(booking) => <BookingCard booking={booking} />}
    />
  );
}

function CarsForSaleCard() {
  return (
    <Link
      to="/cars-for-sale"
      className={css({
        display: "flex",
        alignItems: "center",
        gap: "4",
        p: "4",
        borderRadius: "card",
        borderWidth: "1px",
        borderColor: "sunset.200",
        bg: "accent.subtle",
        color: "fg.default",
        textDecoration: "none",
        transition: "box-shadow 150ms",
        _hover: { boxShadow: "card" },
      })}
    >
      <span
        className={css({
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          flexShrink: 0,
          width: "12",
          height: "12",
          borderRadius: "xl",
          bg: "white",
          color: "accent.solid",
        })}
      >
        <TagIcon size={24} />
      </span>
      <span className={css({ display: "flex", flexDirection: "column", flex: "1", minW: "0" })}>
        <span className={css({ fontWeight: "650" })}>Cars for Sale</span>
        <span className={css({ textStyle: "small", color: "fg.muted" })}>Browse used cars from Cape Town dealerships.</span>
      </span>
      <ChevronRightIcon className={css({ color: "fg.muted", flexShrink: 0 })} />
    </Link>
  );
}

/**
 * A booking the customer set up before the profile was complete ("Your booking details are
 * kept", says the confirmation step): once the profile is done, Home leads back to it instead of
 * leaving the customer to go through the steps again.
 */
function WaitingBooking() {
  const draft = useBookingDraft();
  if (!isDraftReadyForConfirmation(draft) || !draft.vehicleId || !draft.deliveryLocation || !draft.returnLocation) return null;
  return (
    <Notice tone="info" title="Your booking is waiting">
      <span className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <span>
          {categoryLabel(draft.category)} car{draft.vehicleName ? ` (${draft.vehicleName})` : ""}, {formatConfirmationDateTime(new Date(draft.pickupDate))} to{" "}
          {formatConfirmationDateTime(new Date(draft.returnDate))}. Check it and confirm it.
        </span>
        <ButtonLink to="/booking/confirmation" fullWidth>
          Review & Confirm
        </ButtonLink>
      </span>
    </Notice>
  );
}

function BookCta() {
  return (
    <div
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "4",
        p: "5",
        borderRadius: "card",
        color: "white",
        bgImage: "linear-gradient(135deg, token(colors.ocean.800), token(colors.ocean.600))",
      })}
    >
      <div>
        <p className={css({ fontWeight: "700", fontSize: "lg" })}>Ready for the road?</p>
        <p className={css({ textStyle: "small", color: "ocean.100", mt: "1" })}>Pick a car and we'll deliver it where you are. Fully insured, no deposits.</p>
      </div>
      <ButtonLink
        to="/booking/category"
        size="lg"
        fullWidth
        className={css({ bg: "white", color: "brand.text", _hover: { bg: "ocean.50" }, _focusVisible: { outlineColor: "white" } })}
      >
        <CarIcon />
        Book a car to rent
      </ButtonLink>
    </div>
  );
}

export function HomeScreen() {
  usePageTitle("Home");
  const { status, user, refetchUser } = useAuth();

  if (status === "signedOut") return <Navigate to="/" replace />;

  return (
    <CustomerScreen right={<ProfileLink user={user} />} footer>
      {status === "error" ? (
        <AccountLoadError onRetry={refetchUser} />
      ) : !user ? (
        <HomeSkeletonBody />
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
          <div>
            <p className={css({ textStyle: "small", color: "fg.muted" })}>Welcome to CapeDrive</p>
            <h1 className={css({ textStyle: "title", mt: "0.5", overflowWrap: "anywhere" })}>Hi, {firstName(user.name)}</h1>
          </div>

          {user.profileCompleted ? (
            <>
              <WaitingBooking />
              <BookCta />
            </>
          ) : (
            <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
              <Notice tone="amber" title="Complete your profile to book">
                Add your personal details, ID and driver's licence to unlock booking. You can already check availability and prices.
              </Notice>
              <ButtonLink to="/profile-completion" size="lg" fullWidth>
                Complete Profile
              </ButtonLink>
              <ButtonLink to="/booking/category" size="lg" variant="outline" fullWidth>
                Check availability and prices
              </ButtonLink>
            </div>
          )}

          <HomeBookings />

          <section aria-labelledby="home-more" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <h2 id="home-more" className={sectionTitle}>
              More from CapeDrive
            </h2>
            <CarsForSaleCard />
          </section>
        </div>
      )}
    </CustomerScreen>
  );
}

export const Component = HomeScreen;
