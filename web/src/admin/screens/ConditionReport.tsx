/**
 * A booking's condition report (/admin/bookings/:id/report), read-only: the delivery and the
 * collection side by side, each with its time, driver, odometer, fuel, licence check, where the
 * checklist was submitted (a maps link), the six photos and any damage with its note, the
 * customer's signature, and for the collection the charges it added. Photos and the signature
 * are private objects, fetched with the admin token and shown from blob: URLs (PrivateImage).
 */
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useQuery } from "urql";
import { css } from "styled-system/css";
import { bookingNumber, statusBadgeTone } from "#domain/booking.ts";
import { parseCoordinates } from "#domain/geo.ts";
import { fuelLevelLabel, fuelShortText, PHOTO_SLOT_LABELS, REQUIRED_PHOTO_SLOTS, type HandoverKind } from "#domain/handover.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { Badge } from "../../ui/Badge.tsx";
import { ButtonLink } from "../../ui/Button.tsx";
import { CarIcon, MapPinIcon } from "../../ui/icons.tsx";
import { ChevronLeftIcon, ClipboardIcon } from "../components/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, LoadError, PageHeader, Panel, mono, pageStack } from "../components/Page.tsx";
import { PrivateImage } from "../components/PrivateImage.tsx";
import { mapsLink } from "../lib/maps.ts";
import { HANDOVER_SUMMARY_FIELDS } from "../lib/api.ts";
import { bookingStatusLabel, plural, rand } from "../lib/format.ts";
import { failureReasonLabel, handoverKindLabel, handoverStateLabel, handoverStateTone } from "../lib/handovers.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";

const REPORT_FIELDS = graphql(
  `
  fragment HandoverReportFields on HandoverReport {
    ...HandoverSummaryFields
    startedAt
    odometerKm
    fuelEighths
    licenceChecked
    position
    signatureUrl
    photos {
      id
      slot
      url
      note
    }
    charges {
      lateDays
      lateFee
      fuelEighthsShort
      fuelFee
      total
    }
  }
`,
  [HANDOVER_SUMMARY_FIELDS],
);

const CONDITION_REPORT = graphql(
  `
  query AdminConditionReport($bookingId: ID!) {
    conditionReport(bookingId: $bookingId) {
      bookingId
      status
      pickupDate
      returnDate
      deliveryLocation
      returnLocation
      vehicle {
        id
        make
        model
        registrationNumber
      }
      delivery {
        ...HandoverReportFields
      }
      collection {
        ...HandoverReportFields
      }
    }
  }
`,
  [REPORT_FIELDS],
);

type Report = ResultOf<typeof REPORT_FIELDS>;

const km = (value: number) => `${value.toLocaleString("en-US")} km`;

const detailRow = css({
  display: "grid",
  gridTemplateColumns: "minmax(7rem, 38%) 1fr",
  gap: "3",
  py: "2",
  borderTopWidth: "1px",
  borderColor: "border.default",
  fontSize: "sm",
  "&:first-child": { borderTopWidth: "0" },
  "& dt": { color: "fg.muted" },
  "& dd": { fontWeight: "550", overflowWrap: "anywhere" },
});

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const sectionTitle = css({ fontSize: "sm", fontWeight: "700", textTransform: "uppercase", letterSpacing: "0.04em", color: "brand.text" });

function Position({ position }: { position: string | null }) {
  const point = parseCoordinates(position);
  if (!position || !point) return <span className={css({ color: "fg.muted", fontWeight: "400" })}>The phone gave no position</span>;
  return (
    <span className={css({ display: "inline-flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
      <span className={mono}>
        {point.lat.toFixed(5)}, {point.lon.toFixed(5)}
      </span>
      <a
        href={mapsLink(position)}
        target="_blank"
        rel="noreferrer"
        className={css({ color: "fg.link", fontWeight: "600", textDecoration: "underline", textUnderlineOffset: "2px" })}
      >
        Open in maps
      </a>
    </span>
  );
}

function Charges({ charges }: { charges: NonNullable<Report["charges"]> }) {
  const none = charges.lateDays === 0 && charges.fuelEighthsShort === 0;
  return (
    <section className={css({ display: "flex", flexDirection: "column", gap: "2" })} aria-label="Charges">
      <h3 className={sectionTitle}>Charges</h3>
      {none ? (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>Nothing to charge: back on time with enough fuel.</p>
      ) : (
        <dl>
          {charges.lateDays > 0 ? <Detail label={`Late: ${plural(charges.lateDays, "day")}`}>{rand(charges.lateFee)}</Detail> : null}
          {charges.fuelEighthsShort > 0 ? <Detail label={`Fuel: ${fuelShortText(charges.fuelEighthsShort)}`}>{rand(charges.fuelFee)}</Detail> : null}
          <Detail label="Total">
            <span className={css({ fontSize: "md", fontWeight: "700" })} data-charges-total>
              {rand(charges.total)}
            </span>
          </Detail>
        </dl>
      )}
    </section>
  );
}

function Photos({ report, kind }: { report: Report; kind: HandoverKind }) {
  const required = REQUIRED_PHOTO_SLOTS.map((slot) => ({ slot, photo: report.photos.find((p) => p.slot === slot) ?? null }));
  const damage = report.photos.filter((p) => p.slot === "damage");
  const grid = css({ display: "grid", gap: "3", gridTemplateColumns: "repeat(2, minmax(0, 1fr))" });
  const label = handoverKindLabel(kind).toLowerCase();
  return (
    <>
      <section className={css({ display: "flex", flexDirection: "column", gap: "2" })} aria-label={`Photos at ${label}`}>
        <h3 className={sectionTitle}>Photos</h3>
        <div className={grid}>
          {required.map(({ slot, photo }) => (
            <PrivateImage key={slot} title={`${PHOTO_SLOT_LABELS[slot]} at ${label}`} caption={PHOTO_SLOT_LABELS[slot]} path={photo?.url} missing="Not taken" />
          ))}
        </div>
      </section>
      <section className={css({ display: "flex", flexDirection: "column", gap: "2" })} aria-label={`Damage at ${label}`}>
        <h3 className={sectionTitle}>Damage</h3>
        {damage.length === 0 ? (
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>No damage noted.</p>
        ) : (
          <div className={grid}>
            {damage.map((photo, i) => (
              <PrivateImage
                key={photo.id}
                title={`Damage ${i + 1} at ${label}: ${photo.note ?? ""}`}
                caption={
                  <>
                    Damage {i + 1}
                    {photo.note ? <span className={css({ display: "block", fontWeight: "400", color: "fg.default" })}>{photo.note}</span> : null}
                  </>
                }
                path={photo.url}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

function HandoverSide({
  kind,
  report,
  plannedAt,
  address,
  delivery,
}: {
  kind: HandoverKind;
  report: Report | null;
  plannedAt: string;
  address: string;
  /** The delivery's record, beside the collection's (distance driven, fuel). */
  delivery?: Report | null;
}) {
  const state = report?.state ?? "scheduled";
  const title = handoverKindLabel(kind);
  return (
    <Panel
      title={title}
      actions={
        <Badge tone={handoverStateTone(state)} data-report-state={state}>
          {handoverStateLabel(state)}
        </Badge>
      }
      bodyClassName={css({ display: "flex", flexDirection: "column", gap: "5", p: { base: "4", md: "5" } })}
    >
      <p className={css({ display: "flex", alignItems: "flex-start", gap: "1.5", fontSize: "sm", color: "fg.muted" })}>
        <MapPinIcon size={15} className={css({ flexShrink: 0, mt: "0.5" })} />
        <span>
          Booked for {formatBookingCardDateTime(new Date(plannedAt))} at {address}
        </span>
      </p>
      {!report || report.state !== "done" ? (
        state === "failed" ? (
          <div
            className={css({
              p: "4",
              borderRadius: "lg",
              bg: "danger.bg",
              color: "danger.fg",
              borderWidth: "1px",
              borderColor: "danger.border",
              fontSize: "sm",
            })}
          >
            <p className={css({ fontWeight: "650" })}>
              Failed{report?.finishedAt ? ` ${formatBookingCardDateTime(new Date(report.finishedAt))}` : ""}: {failureReasonLabel(report?.failureReason)}
            </p>
            {report?.failureNote ? <p>“{report.failureNote}”</p> : null}
            {report?.driverName ? <p>Driver: {report.driverName}</p> : null}
          </div>
        ) : (
          <p className={css({ fontSize: "sm", py: "6", textAlign: "center", color: "fg.muted", bg: "bg.subtle", borderRadius: "lg" })}>
            {kind === "delivery" ? "Not delivered yet" : "Not collected yet"}
            {report?.driverName ? ` · ${report.driverName} ${state === "en_route" ? "is on the way" : "has the job"}` : " · no driver yet"}.
          </p>
        )
      ) : (
        <>
          <dl>
            <Detail label={kind === "delivery" ? "Delivered" : "Collected"}>
              {report.finishedAt ? formatBookingCardDateTime(new Date(report.finishedAt)) : "—"}
            </Detail>
            <Detail label="Driver">{report.driverName ?? "—"}</Detail>
            <Detail label="Odometer">
              {report.odometerKm !== null ? km(report.odometerKm) : "—"}
              {kind === "collection" && delivery?.odometerKm != null && report.odometerKm !== null ? (
                <span className={css({ display: "block", fontWeight: "400", color: "fg.muted" })}>
                  {km(Math.max(0, report.odometerKm - delivery.odometerKm))} driven since delivery
                </span>
              ) : null}
            </Detail>
            <Detail label="Fuel">
              {report.fuelEighths !== null ? `${fuelLevelLabel(report.fuelEighths)} (${report.fuelEighths}/8)` : "—"}
              {kind === "collection" && delivery?.fuelEighths != null ? (
                <span className={css({ display: "block", fontWeight: "400", color: "fg.muted" })}>At delivery: {fuelLevelLabel(delivery.fuelEighths)}</span>
              ) : null}
            </Detail>
            {kind === "delivery" ? <Detail label="Licence checked">{report.licenceChecked ? "Yes, matches the customer" : "No"}</Detail> : null}
            <Detail label="Where">
              <Position position={report.position} />
            </Detail>
          </dl>
          <Photos report={report} kind={kind} />
          <section className={css({ display: "flex", flexDirection: "column", gap: "2" })} aria-label={`Signature at ${title.toLowerCase()}`}>
            <h3 className={sectionTitle}>Customer's signature</h3>
            <PrivateImage
              title={`Customer's signature at ${title.toLowerCase()}`}
              caption={<span className={css({ srOnly: true })}>Signature</span>}
              path={report.signatureUrl}
              missing="No signature"
              shape="wide"
              background="white"
            />
          </section>
          {kind === "collection" && report.charges ? <Charges charges={report.charges} /> : null}
        </>
      )}
    </Panel>
  );
}

export function Component() {
  const { id = "" } = useParams();
  const number = bookingNumber(id, "admin");
  const [{ data, error }, refetch] = useQuery({ query: CONDITION_REPORT, variables: { bookingId: id } });
  const report = data?.conditionReport;
  const notFound = error?.graphQLErrors.some((e) => e.extensions?.code === "NOT_FOUND");

  return (
    <div className={pageStack}>
      <div>
        <ButtonLink to="/admin/bookings" variant="ghost" size="sm" className={css({ ml: "-3" })}>
          <ChevronLeftIcon size={16} />
          Bookings
        </ButtonLink>
      </div>
      <PageHeader
        title="Condition report"
        pageTitle={`Condition report #${number} · Admin`}
        description={
          report ? (
            <span className={css({ display: "inline-flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
              <span>
                Booking <span className={mono}>#{number}</span>
              </span>
              <Badge tone={statusBadgeTone(report.status)}>{bookingStatusLabel(report.status)}</Badge>
              {report.vehicle ? (
                <span className={css({ display: "inline-flex", alignItems: "center", gap: "1.5" })}>
                  <CarIcon size={15} />
                  {report.vehicle.make} {report.vehicle.model} · <span className={mono}>{report.vehicle.registrationNumber}</span>
                </span>
              ) : null}
            </span>
          ) : (
            <>
              Booking <span className={mono}>#{number}</span>
            </>
          )
        }
      />
      {notFound && !report ? (
        <EmptyState icon={<ClipboardIcon size={22} />} title="Booking not found">
          There is no booking #{number}. It may have been removed with its customer's account.
        </EmptyState>
      ) : error && !report ? (
        <LoadError title="Error loading the condition report" error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : !report ? (
        <div className={css({ display: "grid", gap: "5", gridTemplateColumns: { base: "1fr", lg: "repeat(2, minmax(0, 1fr))" } })} aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className={css({ height: "96", borderRadius: "xl" })} />
          ))}
        </div>
      ) : (
        <div
          className={css({
            display: "grid",
            gap: { base: "5", md: "6" },
            gridTemplateColumns: { base: "1fr", lg: "repeat(2, minmax(0, 1fr))" },
            alignItems: "start",
          })}
          data-condition-report
        >
          <HandoverSide kind="delivery" report={report.delivery ?? null} plannedAt={report.pickupDate} address={report.deliveryLocation} />
          <HandoverSide
            kind="collection"
            report={report.collection ?? null}
            plannedAt={report.returnDate}
            address={report.returnLocation}
            delivery={report.delivery ?? null}
          />
        </div>
      )}
    </div>
  );
}
