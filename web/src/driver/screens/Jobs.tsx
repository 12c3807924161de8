/**
 * The driver's jobs for one Cape Town day (today, or tomorrow), in time order: kind, time,
 * address, customer, car and state; each opens the job. Under them, the link to the account
 * (change password). Read cache-and-network: the office may have assigned something since.
 */
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { addDays, capeTownToday, formatBookingCardDate, capeTownDateTimeToUtc } from "#domain";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Card } from "../../ui/Card.tsx";
import { ChevronRightIcon, MapPinIcon, UserIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { DRIVER_JOBS } from "../lib/api.ts";
import { jobTime, KindLabel, StateBadge } from "../components/jobBits.tsx";
import { Button } from "../../ui/Button.tsx";

const tabs = css({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "1",
  p: "1",
  bg: "bg.surface",
  borderRadius: "xl",
  borderWidth: "1px",
  borderColor: "border.default",
});
const tab = css({
  minH: "11",
  borderRadius: "lg",
  fontWeight: "600",
  color: "fg.muted",
  cursor: "pointer",
  "&[aria-selected=true]": { bg: "brand.solid", color: "white" },
  _focusVisible: { outline: "2px solid", outlineColor: "brand.solid", outlineOffset: "2px" },
});

const DAYS = ["today", "tomorrow"] as const;
type Day = (typeof DAYS)[number];

export function Component() {
  usePageTitle("My jobs");
  const [params, setParams] = useSearchParams();
  const day = params.get("day") === "tomorrow" ? "tomorrow" : "today";
  const date = addDays(capeTownToday(), day === "tomorrow" ? 1 : 0);
  const [{ data, fetching, error }, refetch] = useQuery({ query: DRIVER_JOBS, variables: { date } });
  const showDay = (d: Day) => setParams(d === "today" ? {} : { day: d }, { replace: true });
  const jobs = data?.driverJobs ?? [];

  return (
    <div className={css({ width: "full", maxW: "xl", mx: "auto", display: "flex", flexDirection: "column", gap: "4" })}>
      <div className={css({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "3" })}>
        <h1 className={css({ textStyle: "title" })}>My jobs</h1>
        <span className={css({ color: "fg.muted", fontSize: "sm" })}>{formatBookingCardDate(capeTownDateTimeToUtc(date, "12:00"))}</span>
      </div>
      {/* Tabs as a screen reader announces them: one stop for Tab, the arrow keys move between the days. */}
      <div
        role="tablist"
        aria-label="Day"
        className={tabs}
        onKeyDown={(event) => {
          if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
          event.preventDefault();
          const next = event.key === "Home" ? "today" : event.key === "End" ? "tomorrow" : day === "today" ? "tomorrow" : "today";
          showDay(next);
          event.currentTarget.querySelector<HTMLElement>(`[data-day=${next}]`)?.focus();
        }}
      >
        {DAYS.map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            data-day={d}
            id={`day-tab-${d}`}
            aria-selected={day === d}
            aria-controls="day-jobs"
            tabIndex={day === d ? 0 : -1}
            className={tab}
            onClick={() => showDay(d)}
          >
            {d === "today" ? "Today" : "Tomorrow"}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="day-jobs"
        aria-label={day === "today" ? "Today's jobs" : "Tomorrow's jobs"}
        className={css({ display: "flex", flexDirection: "column", gap: "3" })}
      >
        {error && !data ? (
          <Notice tone="danger" title="Could not load your jobs">
            <p>Check your connection and try again.</p>
            <Button variant="outline" onClick={() => refetch({ requestPolicy: "network-only" })}>
              Try again
            </Button>
          </Notice>
        ) : fetching && !data ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className={css({ height: "28", borderRadius: "xl" })} />)
        ) : jobs.length === 0 ? (
          <Card padding="lg" className={css({ textAlign: "center", color: "fg.muted" })}>
            No jobs {day === "today" ? "today" : "tomorrow"}. The office assigns deliveries and collections; they show here.
          </Card>
        ) : (
          <ol aria-label="Jobs" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            {jobs.map((job) => (
              <li key={job.id}>
                <Link
                  to={`/driver/jobs/${job.id}`}
                  className={css({
                    display: "flex",
                    alignItems: "center",
                    gap: "3",
                    p: "4",
                    bg: "bg.surface",
                    borderRadius: "xl",
                    borderWidth: "1px",
                    borderColor: "border.default",
                    boxShadow: "card",
                    _hover: { borderColor: "brand.solid" },
                    _focusVisible: { outline: "2px solid", outlineColor: "brand.solid", outlineOffset: "2px" },
                  })}
                >
                  <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", minW: "16" })}>
                    <span className={css({ fontSize: "lg", fontWeight: "700", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })}>
                      {jobTime(job.at)}
                    </span>
                    <KindLabel kind={job.kind} />
                  </div>
                  <div className={css({ flex: "1", minW: "0", display: "flex", flexDirection: "column", gap: "1" })}>
                    <span className={css({ fontWeight: "600" })}>{job.customer.name}</span>
                    <span className={css({ display: "flex", gap: "1", alignItems: "flex-start", color: "fg.muted", fontSize: "sm" })}>
                      <MapPinIcon size={16} className={css({ flexShrink: "0", mt: "0.5" })} />
                      <span className={css({ overflowWrap: "anywhere" })}>{job.address}</span>
                    </span>
                    <span className={css({ fontSize: "sm" })}>
                      {job.vehicle ? `${job.vehicle.make} ${job.vehicle.model} · ${job.vehicle.registrationNumber}` : "No car assigned yet"}
                    </span>
                    <span>
                      <StateBadge state={job.state} failureReason={job.failureReason} />
                    </span>
                  </div>
                  <ChevronRightIcon size={20} className={css({ color: "fg.muted", flexShrink: "0" })} />
                </Link>
              </li>
            ))}
          </ol>
        )}
      </div>
      {/* Under the day's jobs, not in the header: a phone's header has room for Jobs and Sign Out only. */}
      <Link
        to="/driver/account"
        className={css({
          alignSelf: "center",
          display: "inline-flex",
          alignItems: "center",
          gap: "2",
          minH: "11",
          px: "3",
          color: "fg.link",
          fontWeight: "600",
        })}
      >
        <UserIcon size={18} />
        Account and password
      </Link>
    </div>
  );
}
