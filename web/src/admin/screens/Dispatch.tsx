/**
 * Dispatch (/admin/dispatch): one Cape Town day at a time (today unless the address says
 * ?date=yyyy-mm-dd; previous / next day, a date box and Today), every delivery (a booking's
 * pickup) and collection (its return) in time order, numbered as on the map beside them. Each
 * stop shows the time, kind, state, address (a maps link, or that it is not confirmed), the
 * customer (a tel: link), the car (or "No car assigned" and the vehicle dialog of the bookings
 * screen) and its driver, chosen from the active drivers. The day's counts (deliveries,
 * collections, unassigned, done) and a filter by driver (?driver=<id> or "unassigned").
 */
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { addDays, capeTownToday, isIsoDate } from "#domain/time.ts";
import { Button } from "../../ui/Button.tsx";
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { FilterSelect, ResultCount, filterBar } from "../components/Filters.tsx";
import { EmptyState, LoadError, PageHeader, Panel, StatCard, pageStack, statGrid } from "../components/Page.tsx";
import { DispatchEntryCard } from "../components/dispatch/DispatchEntryCard.tsx";
import { DispatchMap, type MapStop } from "../components/dispatch/DispatchMap.tsx";
import { ADMIN_DRIVERS, DISPATCH_ENTRY_FIELDS } from "../lib/api.ts";
import { dayLabel, nearDayLabel, plural } from "../lib/format.ts";
import { graphql } from "../../lib/graphql.ts";

const DISPATCH_DAY = graphql(
  `
  query DispatchDay($date: String!, $driverId: ID) {
    dispatchDay(date: $date, driverId: $driverId) {
      date
      counts {
        deliveries
        collections
        unassigned
        done
      }
      entries {
        ...DispatchEntryFields
      }
    }
  }
`,
  [DISPATCH_ENTRY_FIELDS],
);

const UNASSIGNED = "unassigned";

const dayControl = css({
  minH: "10",
  px: "3",
  bg: "bg.surface",
  color: "fg.default",
  fontSize: "sm",
  borderWidth: "1px",
  borderColor: "border.strong",
  borderRadius: "control",
  _hover: { borderColor: "slate.400" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "0", borderColor: "brand.solid" },
});

const squareButton = css({ minH: "10", minW: "10", px: "0" });

/** The day and driver from the address (?date=yyyy-mm-dd&driver=<id>|unassigned); today and everyone by default. */
function useDispatchParams() {
  const [params, setParams] = useSearchParams();
  const today = capeTownToday();
  const asked = params.get("date");
  const date = isIsoDate(asked) ? asked : today;
  const driver = params.get("driver") ?? "";
  const go = (next: { date?: string; driver?: string }) => {
    const nextDate = next.date ?? date;
    const nextDriver = next.driver ?? driver;
    const search = new URLSearchParams();
    if (nextDate !== today) search.set("date", nextDate);
    if (nextDriver) search.set("driver", nextDriver);
    setParams(search);
  };
  return { date, driver, today, go };
}

function LoadingBoard() {
  return (
    <div className={boardGrid}>
      <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true" aria-label="Loading the day's stops">
        {[0, 1, 2].map((i) => (
          <li key={i} className={css({ bg: "bg.surface", borderWidth: "1px", borderColor: "border.default", borderRadius: "xl", overflow: "hidden" })}>
            <Skeleton className={css({ height: "12", borderRadius: "0" })} />
            <div className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }, p: "5" })}>
              {[0, 1, 2, 3].map((j) => (
                <Skeleton key={j} className={css({ height: "14" })} />
              ))}
            </div>
          </li>
        ))}
      </ul>
      <Skeleton className={css({ aspectRatio: "1 / 1", width: "full", borderRadius: "xl" })} />
    </div>
  );
}

const boardGrid = css({
  display: "grid",
  gap: { base: "5", md: "6" },
  gridTemplateColumns: { base: "1fr", lg: "minmax(0, 1fr) minmax(18rem, 24rem)" },
  alignItems: "start",
});

export function Component() {
  const { date, driver, today, go } = useDispatchParams();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: DISPATCH_DAY,
    variables: { date, driverId: driver || null },
  });
  const [drivers] = useQuery({ query: ADMIN_DRIVERS });
  const driverList = drivers.data?.adminDrivers;
  // The answer for another day (while the new one loads) is not shown as this day's.
  const day = data?.dispatchDay.date === date ? data.dispatchDay : undefined;
  const entries = day?.entries;
  const counts = day?.counts;
  const total = counts ? counts.deliveries + counts.collections : 0;
  const near = nearDayLabel(date);
  const chosenDriver = driverList?.find((d) => d.id === driver);
  const driverName = driver === UNASSIGNED ? "Unassigned" : (chosenDriver?.name ?? "this driver");

  const driverOptions = useMemo(
    () => [
      { value: "", label: "All drivers" },
      { value: UNASSIGNED, label: "Unassigned" },
      ...(driverList ?? []).map((d) => ({ value: d.id, label: d.isActive ? d.name : `${d.name} (disabled)` })),
      // A driver in the address that the list does not (yet) hold keeps its place in the select.
      ...(driver && driver !== UNASSIGNED && !driverList?.some((d) => d.id === driver) ? [{ value: driver, label: "Chosen driver" }] : []),
    ],
    [driverList, driver],
  );

  const stops: MapStop[] = useMemo(
    () =>
      (entries ?? []).map((entry, index) => ({
        number: index + 1,
        kind: entry.kind,
        coordinates: entry.coordinates,
        verified: entry.verified,
        at: entry.at,
        address: entry.address,
      })),
    [entries],
  );

  return (
    <div className={pageStack}>
      <PageHeader
        title="Dispatch"
        description="Every delivery and collection of a day in Cape Town, in time order: give each one a driver and a car."
        actions={
          <Button variant="outline" onClick={() => refetch({ requestPolicy: "network-only" })} disabled={fetching} aria-busy={fetching || undefined}>
            <RefreshIcon size={16} />
            Refresh
          </Button>
        }
      />
      <div className={filterBar} role="group" aria-label="Day and driver">
        <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0", flex: { base: "1 1 100%", md: "0 0 auto" } })}>
          <label htmlFor="dispatch-date" className={css({ fontSize: "xs", fontWeight: "600", color: "fg.muted" })}>
            Day
          </label>
          <div className={css({ display: "flex", alignItems: "center", gap: "2" })}>
            <Button variant="outline" size="sm" className={squareButton} onClick={() => go({ date: addDays(date, -1) })} aria-label="Previous day">
              <ChevronLeftIcon size={18} />
            </Button>
            <input
              id="dispatch-date"
              type="date"
              className={cx(dayControl, css({ flex: { base: "1 1 auto", md: "0 0 auto" }, minW: "0" }))}
              value={date}
              onChange={(event) => isIsoDate(event.target.value) && go({ date: event.target.value })}
            />
            <Button variant="outline" size="sm" className={squareButton} onClick={() => go({ date: addDays(date, 1) })} aria-label="Next day">
              <ChevronRightIcon size={18} />
            </Button>
            {date !== today ? (
              <Button variant="ghost" size="sm" className={css({ minH: "10", px: { base: "2", md: "3" } })} onClick={() => go({ date: today })}>
                Today
              </Button>
            ) : null}
          </div>
        </div>
        <FilterSelect label="Driver" options={driverOptions} value={driver} onChange={(event) => go({ driver: event.target.value })} />
      </div>

      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: "2.5" })}>
        <h2 className={css({ textStyle: "heading", fontSize: { base: "lg", md: "xl" } })} aria-live="polite">
          {dayLabel(date)}
        </h2>
        {near ? (
          <span className={css({ display: "inline-flex", alignItems: "center", gap: "1", fontSize: "sm", fontWeight: "600", color: "brand.text" })}>
            <CalendarIcon size={15} />
            {near}
          </span>
        ) : null}
      </div>

      <div className={statGrid}>
        <StatCard label="Deliveries" value={counts?.deliveries ?? 0} loading={!counts} detail="cars to take out" />
        <StatCard label="Collections" value={counts?.collections ?? 0} loading={!counts} detail="cars to bring back" />
        <StatCard
          label="Unassigned"
          value={counts?.unassigned ?? 0}
          loading={!counts}
          detail={counts && counts.unassigned === 0 && total > 0 ? "every job has a driver" : "jobs without a driver"}
        />
        <StatCard label="Done" value={counts?.done ?? 0} loading={!counts} detail={counts ? `of ${plural(total, "job")}` : undefined} />
      </div>

      {error && !day ? (
        <LoadError title="Error loading the dispatch board" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !entries ? (
        <LoadingBoard />
      ) : entries.length === 0 ? (
        total === 0 ? (
          <EmptyState icon={<CalendarIcon size={22} />} title="No deliveries or collections on this day">
            Nothing is picked up or returned on {dayLabel(date)}. Choose another day with the arrows or the date.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<CalendarIcon size={22} />}
            title={driver === UNASSIGNED ? "Every job on this day has a driver" : `No jobs for ${driverName} on this day`}
            action={
              <Button size="sm" variant="outline" onClick={() => go({ driver: "" })}>
                Show all drivers
              </Button>
            }
          >
            {driver === UNASSIGNED ? "Each job on this day has a driver." : "This day's jobs belong to other drivers or to nobody yet."}
          </EmptyState>
        )
      ) : (
        <div className={boardGrid}>
          <section aria-label="Stops" className={css({ display: "flex", flexDirection: "column", gap: "3", minW: "0" })}>
            <ResultCount>
              {plural(entries.length, "stop")}
              {driver ? ` for ${driverName}` : ""} in time order{fetching ? " · updating…" : ""}
            </ResultCount>
            <ol className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-label="Deliveries and collections">
              {entries.map((entry, index) => (
                <DispatchEntryCard key={entry.id} entry={entry} number={index + 1} drivers={driverList} />
              ))}
            </ol>
          </section>
          <Panel title="Map" className={css({ lg: { position: "sticky", top: "32" } })}>
            <DispatchMap stops={stops} />
          </Panel>
        </div>
      )}
    </div>
  );
}
