/**
 * Admin dashboard (/admin/dashboard, SPEC 2, 8, 9): four figures (Total Vehicles with the
 * available count, Active Bookings = confirmed or in progress, Total Bookings, Fleet
 * Utilization = active / total vehicles as a rounded percent: the server's numbers), quick links,
 * the 5 most recent bookings (each opens on the Bookings screen) with View All, and Sign Out (in the header).
 * A failed load says "Error loading dashboard".
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { bookingNumber, statusBadgeTone } from "#domain/booking.ts";
import { formatBookingCardDate } from "#domain/time.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { CalendarIcon, CarIcon, ChevronRightIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { ActivityIcon, ClipboardIcon, GaugeIcon, KeyIcon, ListIcon, MapIcon, UsersIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Panel, StatCard, dataTable, mono, pageStack, statGrid } from "../components/Page.tsx";
import { BOOKING_FIELDS, type AdminBooking } from "../lib/api.ts";
import { bookingStatusLabel, categoryLabel, plural, rand } from "../lib/format.ts";
import { useAdminInfo } from "../session/store.ts";
import { graphql } from "../../lib/graphql.ts";

const DASHBOARD = graphql(
  `
  query AdminDashboard {
    adminDashboard {
      totalVehicles
      availableVehicles
      activeBookings
      totalBookings
      fleetUtilization
      recentBookings {
        ...AdminBookingFields
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

// How many bookings wait for an admin's approval (a new account's first booking when approval is on).
const AWAITING_APPROVAL = graphql(`
  query AdminDashboardAwaiting {
    adminBookings(status: pending, limit: 1, offset: 0) {
      total
    }
  }
`);

const QUICK_LINKS: { to: string; label: string; text: string; icon: ReactNode }[] = [
  { to: "/admin/vehicles", label: "Manage Vehicles", text: "Add, edit and retire fleet cars", icon: <CarIcon size={20} /> },
  { to: "/admin/bookings", label: "View Bookings", text: "Statuses and vehicle assignment", icon: <CalendarIcon size={20} /> },
  { to: "/admin/service-areas", label: "Service Areas", text: "Where cars are delivered", icon: <MapIcon size={20} /> },
  { to: "/admin/customers", label: "Customers", text: "Profiles and documents", icon: <UsersIcon size={20} /> },
  { to: "/admin/api-keys", label: "API Keys", text: "Access for partner systems", icon: <KeyIcon size={20} /> },
  { to: "/admin/audit-log", label: "Audit Log", text: "Every admin change", icon: <ListIcon size={20} /> },
];

const quickLink = css({
  display: "flex",
  alignItems: "center",
  gap: "3",
  p: { base: "3", sm: "4" },
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "xl",
  textDecoration: "none",
  color: "fg.default",
  transition: "border-color 150ms, box-shadow 150ms",
  _hover: { borderColor: "brand.solid", boxShadow: "card" },
  "& [data-icon]": { display: "flex", p: "2", borderRadius: "lg", bg: "brand.subtle", color: "brand.text", flexShrink: 0 },
});

/** The booking on the Bookings screen: its search (?q=) by the admin's booking number finds just that one. */
export function bookingLink(id: string): string {
  return `/admin/bookings?${new URLSearchParams({ q: bookingNumber(id, "admin") })}`;
}

// The whole row opens the booking: its number's link covers the row (one link per row for the keyboard and screen readers).
const clickableRow = css({ position: "relative", cursor: "pointer" });
const rowLink = css({
  color: "fg.link",
  fontWeight: "600",
  py: "1",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  _after: { content: '""', position: "absolute", inset: "0" },
});

function RecentBookings({ bookings, loading }: { bookings: AdminBooking[] | undefined; loading: boolean }) {
  if (!bookings && loading) {
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={css({ height: "8", width: "full" })} />
        ))}
        <span className={css({ srOnly: true })}>Loading recent bookings…</span>
      </div>
    );
  }
  if (!bookings || bookings.length === 0) {
    return (
      <div className={css({ p: "4" })}>
        <EmptyState icon={<ClipboardIcon size={22} />} title="No bookings yet">
          New bookings show here as soon as customers make them.
        </EmptyState>
      </div>
    );
  }
  return (
    <table className={dataTable} aria-label="Recent bookings">
      <thead>
        <tr>
          <th scope="col">Booking #</th>
          <th scope="col">Customer</th>
          <th scope="col">Category</th>
          <th scope="col">Pickup date</th>
          <th scope="col" data-numeric>
            Total
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((booking) => (
          <tr key={booking.id} data-booking-id={booking.id} className={clickableRow}>
            <td data-primary>
              <Link to={bookingLink(booking.id)} className={rowLink}>
                <span className={css({ srOnly: true })}>Booking </span>
                <span className={mono}>#{bookingNumber(booking.id, "admin")}</span>
              </Link>
            </td>
            <td data-label="Customer">{booking.user.name}</td>
            <td data-label="Category">{categoryLabel(booking.category)}</td>
            <td data-label="Pickup date">{formatBookingCardDate(new Date(booking.pickupDate))}</td>
            <td data-label="Total" data-numeric>
              {rand(booking.totalAmount)}
            </td>
            <td data-label="Status">
              <Badge tone={statusBadgeTone(booking.status)}>{bookingStatusLabel(booking.status)}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Component() {
  const admin = useAdminInfo();
  const [{ data, fetching, error }, refetch] = useQuery({ query: DASHBOARD });
  const d = data?.adminDashboard;
  const loading = !d && fetching;
  // The dashboard is where an admin starts: a booking waiting for approval must not wait unseen.
  const [awaiting] = useQuery({ query: AWAITING_APPROVAL });
  const waiting = awaiting.data?.adminBookings.total ?? 0;

  return (
    <div className={pageStack}>
      <PageHeader title="Dashboard" description={admin ? `Welcome back, ${admin.firstName}. Here is the fleet today.` : "The fleet today."} />
      {waiting > 0 ? (
        <Notice tone="info" title={`${plural(waiting, "booking")} ${waiting === 1 ? "awaits" : "await"} approval`}>
          Pending bookings hold their car until you confirm or cancel them.{" "}
          <Link to="/admin/bookings?status=pending" className={css({ color: "fg.link", fontWeight: "600", textDecoration: "underline" })}>
            Review pending bookings
          </Link>
        </Notice>
      ) : null}
      {error && !d ? (
        <LoadError title="Error loading dashboard" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : (
        <>
          <div className={statGrid}>
            <StatCard
              label="Total Vehicles"
              value={d?.totalVehicles ?? 0}
              detail={d ? `${d.availableVehicles} available` : " "}
              icon={<CarIcon size={18} />}
              loading={loading}
            />
            <StatCard
              label="Active Bookings"
              value={d?.activeBookings ?? 0}
              detail="Confirmed or in progress"
              icon={<ActivityIcon size={18} />}
              loading={loading}
            />
            <StatCard label="Total Bookings" value={d?.totalBookings ?? 0} detail="All time" icon={<CalendarIcon size={18} />} loading={loading} />
            <StatCard
              label="Fleet Utilization"
              value={`${d?.fleetUtilization ?? 0}%`}
              detail="Active bookings per vehicle"
              icon={<GaugeIcon size={18} />}
              loading={loading}
            />
          </div>

          <section aria-labelledby="quick-links" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <h2 id="quick-links" className={css({ textStyle: "heading", fontSize: "md" })}>
              Quick links
            </h2>
            <div className={css({ display: "grid", gap: "3", gridTemplateColumns: { base: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" } })}>
              {QUICK_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={quickLink}>
                  <span data-icon>{link.icon}</span>
                  <span className={css({ display: "flex", flexDirection: "column", minW: "0", flex: "1" })}>
                    <span className={css({ fontWeight: "650" })}>{link.label}</span>
                    <span className={css({ fontSize: "sm", color: "fg.muted", display: { base: "none", sm: "block" } })}>{link.text}</span>
                  </span>
                  <ChevronRightIcon size={18} className={css({ color: "fg.muted", flexShrink: 0, display: { base: "none", sm: "block" } })} />
                </Link>
              ))}
            </div>
          </section>

          <Panel
            title="Recent bookings"
            actions={
              <Link
                to="/admin/bookings"
                // 40 px high to click; the negative margins keep the heading row its height.
                className={css({
                  display: "inline-flex",
                  alignItems: "center",
                  minH: "10",
                  my: "-2",
                  fontSize: "sm",
                  fontWeight: "600",
                  color: "fg.link",
                  whiteSpace: "nowrap",
                })}
              >
                View All
              </Link>
            }
          >
            <RecentBookings bookings={d?.recentBookings} loading={loading} />
          </Panel>
        </>
      )}
    </div>
  );
}
