/**
 * One job (/driver/jobs/:id): when and where, the customer (Call) and the car, Navigate to the
 * point, "On my way" (a delivery emails the customer), "Couldn't hand over" with a reason, and the
 * checklist; once done, what was recorded. Another driver's job, or one outside the window, is
 * "not found" (the server decides).
 */
import { Link, useParams } from "react-router";
import { useClient, useQuery } from "urql";
import { css } from "styled-system/css";
import { formatBookingCardDateTime, fuelLevelLabel, HANDOVER_KIND_LABELS, PHOTO_SLOT_LABELS, type FailureReason } from "#domain";
import { useEffect, useRef, useState } from "react";
import { serverMessage } from "../../lib/errors.ts";
import { groupDigits } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { button } from "styled-system/recipes";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { ChevronLeftIcon, MapPinIcon, PhoneIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { notifyError, notifySuccess } from "../../ui/toast.tsx";
import { Checklist } from "../components/Checklist.tsx";
import { FailDialog } from "../components/FailDialog.tsx";
import { ChargesText, jobTime, KindLabel, mapsUrl, StateBadge } from "../components/jobBits.tsx";
import { StoredPhoto } from "../components/PhotoSlot.tsx";
import { DRIVER_JOB, FAIL_HANDOVER, START_HANDOVER } from "../lib/api.ts";

const row = css({ display: "flex", gap: "2", alignItems: "flex-start" });

export function Component() {
  const { id = "" } = useParams();
  const client = useClient();
  const [{ data, fetching, error }, refetch] = useQuery({ query: DRIVER_JOB, variables: { id } });
  const [starting, setStarting] = useState(false);
  const [failOpen, setFailOpen] = useState(false);
  const job = data?.driverJob;
  usePageTitle(job ? `${HANDOVER_KIND_LABELS[job.kind]} ${jobTime(job.at)}` : "Job");
  // Marked as failed, the job's actions go, the open dialog with them: focus would fall to <body>.
  // It goes to the job's heading, where the failed notice follows.
  const lastState = useRef(job?.state);
  useEffect(() => {
    const was = lastState.current;
    lastState.current = job?.state;
    if (!was || was === "failed" || job?.state !== "failed") return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [job?.state]);

  const back = (
    <Link to="/driver" className={css({ display: "inline-flex", alignItems: "center", gap: "1", color: "brand.text", fontWeight: "600", minH: "11" })}>
      <ChevronLeftIcon size={18} /> My jobs
    </Link>
  );

  if (!job) {
    const notFound = error?.graphQLErrors.some((e) => e.extensions?.code === "NOT_FOUND");
    return (
      <div className={css({ width: "full", maxW: "xl", mx: "auto", display: "flex", flexDirection: "column", gap: "4" })}>
        {back}
        {fetching ? (
          <>
            <Skeleton className={css({ height: "10", width: "2/3" })} />
            <Skeleton className={css({ height: "48", borderRadius: "xl" })} />
          </>
        ) : notFound ? (
          <Notice tone="amber" title="Job not found">
            <p>It may have been given to another driver, or it is more than a day away.</p>
          </Notice>
        ) : (
          <Notice tone="danger" title="Could not load this job">
            <p>Check your connection and try again.</p>
            <Button variant="outline" onClick={() => refetch({ requestPolicy: "network-only" })}>
              Try again
            </Button>
          </Notice>
        )}
      </div>
    );
  }

  async function start() {
    setStarting(true);
    const result = await client.mutation(START_HANDOVER, { id }).toPromise();
    setStarting(false);
    // "On my way" goes once the job has started: focus moves on to the next control, not to <body>.
    if (result.data) {
      notifySuccess("On your way", job?.kind === "delivery" ? "The customer has been told the car is on the way." : "Drive safely.");
      document.querySelector<HTMLElement>("[data-fail-handover]")?.focus();
    } else {
      notifyError("Could not start", serverMessage(result.error) ?? "Please try again.");
      document.querySelector<HTMLElement>("[data-start-handover]")?.focus();
    }
  }

  async function fail(reason: FailureReason, note: string): Promise<boolean> {
    const result = await client.mutation(FAIL_HANDOVER, { id, reason, note: note.trim() || null }).toPromise();
    if (result.data) {
      notifySuccess("Marked as failed", "The office will reschedule it.");
      return true;
    }
    notifyError("Could not mark it as failed", serverMessage(result.error) ?? "Please try again.");
    return false;
  }

  const open = job.state === "scheduled" || job.state === "en_route";
  const charges = job.charges;
  return (
    <div className={css({ width: "full", maxW: "xl", mx: "auto", display: "flex", flexDirection: "column", gap: "5", pb: "10" })}>
      {back}
      <header className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
        <KindLabel kind={job.kind} />
        <h1 className={css({ textStyle: "title" })}>
          {HANDOVER_KIND_LABELS[job.kind]} at {jobTime(job.at)}
        </h1>
        <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap", color: "fg.muted", fontSize: "sm" })}>
          <StateBadge state={job.state} failureReason={job.failureReason} />
          <span>{formatBookingCardDateTime(new Date(job.at))}</span>
          <span>Booking #{job.bookingNumber}</span>
        </div>
      </header>

      <Card padding="md" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
        <div className={row}>
          <MapPinIcon size={18} className={css({ flexShrink: "0", mt: "0.5", color: "fg.muted" })} />
          <span className={css({ overflowWrap: "anywhere" })}>{job.address}</span>
        </div>
        <div className={css({ display: "flex", flexDirection: "column" })}>
          <span className={css({ fontWeight: "600" })}>{job.customer.name}</span>
          <span className={css({ color: "fg.muted" })}>{job.customer.phone ?? "No phone number on file"}</span>
        </div>
        <div>
          {job.vehicle ? (
            <>
              <span className={css({ fontWeight: "600" })}>
                {job.vehicle.make} {job.vehicle.model}
              </span>{" "}
              <span className={css({ fontFamily: "mono", bg: "bg.subtle", px: "1.5", borderRadius: "sm" })}>{job.vehicle.registrationNumber}</span>
            </>
          ) : (
            <span className={css({ color: "warning.fg", fontWeight: "600" })}>No car assigned yet: call the office</span>
          )}
        </div>
        {job.specialRequests ? <p className={css({ fontSize: "sm", bg: "bg.subtle", p: "2", borderRadius: "md" })}>“{job.specialRequests}”</p> : null}
        <div className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "2" })}>
          {job.customer.phone ? (
            <a href={`tel:${job.customer.phone.replace(/[^\d+]/g, "")}`} className={button({ variant: "outline" })}>
              <PhoneIcon size={18} /> Call
            </a>
          ) : (
            <span />
          )}
          <a href={mapsUrl(job.coordinates)} target="_blank" rel="noopener noreferrer" className={button({ variant: "outline" })}>
            <MapPinIcon size={18} /> Navigate
          </a>
        </div>
      </Card>

      {job.state === "failed" ? (
        <Notice tone="danger" title="This handover failed">
          <p>The office has been told and will reschedule it.</p>
        </Notice>
      ) : null}

      {open ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          {job.state === "scheduled" ? (
            <Button size="lg" fullWidth data-start-handover onClick={() => void start()} disabled={starting} aria-busy={starting || undefined}>
              {starting ? <Spinner /> : null}
              On my way
            </Button>
          ) : null}
          <Button variant="ghost" fullWidth data-fail-handover onClick={() => setFailOpen(true)}>
            Couldn't hand over
          </Button>
          <FailDialog open={failOpen} onOpenChange={setFailOpen} onConfirm={fail} />
        </div>
      ) : null}

      {open && job.vehicle ? (
        <Checklist
          job={job}
          licenceImage={
            job.customer.licenceImageUrl ? (
              <div className={css({ maxW: "sm" })}>
                <StoredPhoto path={job.customer.licenceImageUrl} alt={`${job.customer.name}'s driver's licence`} />
              </div>
            ) : null
          }
        />
      ) : null}

      {job.state === "done" ? (
        <Card padding="md" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <h2 className={css({ textStyle: "heading", fontSize: "lg" })}>
            {job.kind === "delivery" ? "Delivered" : "Collected"} {job.finishedAt ? formatBookingCardDateTime(new Date(job.finishedAt)) : ""}
          </h2>
          <p>
            Odometer {job.odometerKm != null ? `${groupDigits(job.odometerKm)} km` : "-"} · Fuel{" "}
            {job.fuelEighths != null ? fuelLevelLabel(job.fuelEighths) : "-"}
          </p>
          {charges ? (
            <p>
              <ChargesText charges={charges} />
            </p>
          ) : null}
          <ul className={css({ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: "2" })} aria-label="Photos">
            {job.photos.map((p) => (
              <li key={p.id}>
                <StoredPhoto path={p.url} alt={p.slot === "damage" ? `Damage: ${p.note ?? ""}` : PHOTO_SLOT_LABELS[p.slot as keyof typeof PHOTO_SLOT_LABELS]} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
