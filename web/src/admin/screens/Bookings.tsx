/**
 * Bookings (/admin/bookings, SPEC 2, 3, 4, 8): detailed cards (booking # = last 8 characters,
 * status badge, the customer's name, email and phone, category and transmission, pickup and
 * return in Cape Town time, the route, total, the assigned vehicle), a status dropdown (any of
 * the five: "Status updated" / "Error updating status") and vehicle assignment from the
 * vehicles the server says could take the booking (available, its category and transmission,
 * free for its period: "Vehicle assigned" / "Error assigning vehicle" with the server's message).
 * An open booking's dates, places, category and transmission change through the server's quote
 * (a trip in progress: only its return), and each card keeps its change history (issue 13).
 * Filter by status, search by booking number, customer (name, email, phone) or plate; paged.
 */
import { useSearchParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { isBookingStatus } from "#domain/booking.ts";
import { Button } from "../../ui/Button.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { FilterSelect, filterBar, ResultCount, SearchBox } from "../components/Filters.tsx";
import { ClipboardIcon } from "../components/icons.tsx";
import { EmptyState, LoadError, PageHeader, Pager, pageStack } from "../components/Page.tsx";
import { BOOKING_FIELDS } from "../lib/api.ts";
import { bookingStatusLabel, matchCount, plural } from "../lib/format.ts";
import { useSearchText } from "../lib/hooks.ts";
import { graphql } from "../../lib/graphql.ts";

import { cardStyle, detailGrid } from "../components/bookings/styles.ts";
import { STATUS_FILTER } from "../components/bookings/BookingStatus.tsx";
import { BookingCard } from "../components/bookings/BookingCard.tsx";

export const BOOKINGS_PAGE_SIZE = 20;

const BOOKINGS = graphql(
  `
  query AdminBookings($status: BookingStatus, $search: String, $limit: Int, $offset: Int) {
    adminBookings(status: $status, search: $search, limit: $limit, offset: $offset) {
      total
      items {
        ...AdminBookingFields
      }
    }
  }
`,
  [BOOKING_FIELDS],
);

/** The status, the search and the page, kept in the address (?status=pending&q=naidoo&page=2): a reload, a link or Back keeps them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const given = params.get("status") ?? "";
  const status = isBookingStatus(given) ? given : "";
  const search = (params.get("q") ?? "").trim();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const show = (next: { status?: string; search?: string; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextSearch = next.search ?? search;
    const nextPage = next.page ?? 1;
    const query = new URLSearchParams();
    if (nextStatus) query.set("status", nextStatus);
    if (nextSearch) query.set("q", nextSearch);
    if (nextPage > 1) query.set("page", String(nextPage));
    // Each settled search replaces the last in the history: Back leaves the screen, not a letter.
    setParams(query, { replace: next.search !== undefined });
  };
  return {
    status,
    search,
    offset: (page - 1) * BOOKINGS_PAGE_SIZE,
    setStatus: (value: string) => show({ status: value }),
    setSearch: (value: string) => show({ search: value }),
    setOffset: (offset: number) => show({ page: Math.floor(offset / BOOKINGS_PAGE_SIZE) + 1 }),
  };
}

export function Component() {
  const { status, search, offset, setStatus, setSearch, setOffset } = useListParams();
  const [typed, setTyped] = useSearchText(search, setSearch);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: BOOKINGS,
    variables: { status: isBookingStatus(status) ? status : null, search: search || null, limit: BOOKINGS_PAGE_SIZE, offset },
  });
  const page = data?.adminBookings;
  // Bookings that wait for an admin (a new account's first booking when approval is on).
  const [awaiting] = useQuery({ query: BOOKINGS, variables: { status: "pending", limit: 1, offset: 0 } });
  const waiting = awaiting.data?.adminBookings.total ?? 0;
  const clearFilters = () => {
    setTyped("");
    setStatus("");
  };

  return (
    <div className={pageStack}>
      <PageHeader title="Bookings" description="Every booking, newest first: change its status, dates, places or car, or assign a car from the fleet." />
      <div className={filterBar} role="search" aria-label="Find bookings">
        <SearchBox
          label="Search"
          placeholder="Booking #, customer, phone or plate"
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.target.value)}
        />
        <FilterSelect label="Show" options={STATUS_FILTER} value={status} onChange={(event) => setStatus(event.target.value)} />
      </div>
      {waiting > 0 && status !== "pending" ? (
        <Notice tone="info" title={`${plural(waiting, "booking")} ${waiting === 1 ? "awaits" : "await"} approval`}>
          <span className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" })}>
            Pending bookings hold their car until you confirm or cancel them.
            <Button variant="outline" size="sm" onClick={() => setStatus("pending")}>
              Show pending bookings
            </Button>
          </span>
        </Notice>
      ) : null}
      {error && !page ? (
        <LoadError title="Error loading bookings" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !page ? (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true" aria-label="Loading bookings">
          {[0, 1, 2].map((i) => (
            <li key={i} className={cardStyle}>
              <Skeleton className={css({ height: "12", borderRadius: "0" })} />
              <div className={detailGrid}>
                {[0, 1, 2, 3].map((j) => (
                  <Skeleton key={j} className={css({ height: "16" })} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : page.items.length === 0 ? (
        search ? (
          <EmptyState
            icon={<ClipboardIcon size={22} />}
            title={`No ${status ? `${bookingStatusLabel(status).toLowerCase()} ` : ""}bookings match “${search}”`}
            action={
              <Button variant="outline" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          >
            Search looks at booking numbers, customers' names, email addresses and phone numbers, and number plates.
          </EmptyState>
        ) : (
          <EmptyState icon={<ClipboardIcon size={22} />} title={status ? `No ${bookingStatusLabel(status).toLowerCase()} bookings` : "No bookings yet"}>
            {status ? "Choose another status to see more." : "Bookings show here as soon as customers make them."}
          </EmptyState>
        )
      ) : (
        <>
          <ResultCount>
            {search ? `${matchCount(page.total, "booking")} “${search}”` : plural(page.total, "booking")}
            {fetching ? " · updating…" : ""}
          </ResultCount>
          <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-label="Bookings">
            {page.items.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
          <Pager offset={offset} limit={BOOKINGS_PAGE_SIZE} total={page.total} onChange={setOffset} label="bookings" />
        </>
      )}
    </div>
  );
}
