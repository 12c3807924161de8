/**
 * One column of the condition report: a delivery or a collection as the driver recorded it with
 * the customer: time and place, driver, odometer, fuel, the six photos, damage with notes, the
 * customer's signature and, for a collection, the charges. Before the handover is done, a line
 * saying so ("Not collected yet") instead.
 *
 * Photos and the signature are private objects: shown from blob: URLs fetched with the customer's
 * token (lib/objectImage.ts).
 */
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { fuelLevelLabel, HANDOVER_KIND_LABELS, type HandoverKind } from "#domain/handover.ts";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { formatKm } from "../../lib/format.ts";
import { Badge } from "../../ui/Badge.tsx";
import { Card } from "../../ui/Card.tsx";
import { CameraIcon, CheckCircleIcon, EditIcon, ImageIcon, MapPinIcon, TagIcon, WarningIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { MapsLink } from "../booking/MapsLink.tsx";
import { useObjectImage } from "../lib/objectImage.ts";
import type { HandoverReport } from "./documents.ts";
import { chargeLines, columnState, damagePhotos, reportPlace, slotPhotos, type LabelledPhoto } from "./report.ts";

const label = css({ textStyle: "caption", color: "fg.muted", textTransform: "uppercase", letterSpacing: "0.05em" });

const subTitle = css({
  display: "flex",
  alignItems: "center",
  gap: "2",
  textStyle: "caption",
  color: "fg.muted",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  mb: "2",
  _print: { mb: "1.5" },
});

/** A part of the column that a printed page never splits (photos, signature, charges). */
const keepTogether = css({ breakInside: "avoid", pt: "4", borderTopWidth: "1px", borderColor: "border.default", _print: { pt: "2.5" } });

function when(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? formatBookingCardDateTime(date) : "—";
}

function Fact({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" }), wide && css({ gridColumn: "1 / -1" }))}>
      <dt className={label}>{title}</dt>
      <dd className={css({ fontWeight: "600", fontSize: "sm", overflowWrap: "anywhere" })}>{children}</dd>
    </div>
  );
}

/** A private image from its object path: a placeholder while it loads, a quiet note if it cannot. */
function PrivateImage({ path, alt, className }: { path: string; alt: string; className?: string }) {
  const { url, failed } = useObjectImage(path);
  if (url) return <img src={url} alt={alt} className={className} />;
  if (failed) {
    return (
      <span
        role="img"
        aria-label={`${alt}: not available`}
        className={cx(css({ display: "flex", alignItems: "center", justifyContent: "center", bg: "bg.muted", color: "fg.muted" }), className)}
      >
        <ImageIcon size={24} />
      </span>
    );
  }
  return <Skeleton className={className} />;
}

// Paper: a little flatter, so a delivery and a collection fit on one A4 page.
const photoBox = css({
  display: "block",
  width: "full",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: "lg",
  bg: "bg.muted",
  _print: { aspectRatio: "3 / 2" },
});

function PhotoTile({ photo }: { photo: LabelledPhoto }) {
  return (
    <li className={css({ breakInside: "avoid" })}>
      <figure className={css({ display: "flex", flexDirection: "column", gap: "1" })} data-photo-slot={photo.slot}>
        <PrivateImage path={photo.url} alt={`${photo.label} photo`} className={photoBox} />
        <figcaption className={css({ textStyle: "caption", color: "fg.muted" })}>{photo.label}</figcaption>
      </figure>
    </li>
  );
}

/** A damage photo beside its note: the note reads at full width, not squeezed under a thumbnail. */
function DamageItem({ photo }: { photo: LabelledPhoto }) {
  return (
    <li className={css({ breakInside: "avoid" })}>
      <figure
        className={css({
          display: "grid",
          gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)",
          gap: "3",
          alignItems: "start",
          _print: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)", gap: "2" },
        })}
        data-photo-slot="damage"
      >
        <PrivateImage path={photo.url} alt={`${photo.label} photo`} className={photoBox} />
        <figcaption className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" })}>
          <span className={css({ textStyle: "caption", fontWeight: "650", color: "fg.default" })}>{photo.label}</span>
          <span className={css({ textStyle: "small", overflowWrap: "anywhere" })}>{photo.note}</span>
        </figcaption>
      </figure>
    </li>
  );
}

const photoGrid = css({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "3",
  sm: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  _print: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "2" },
});

function Charges({ charges }: { charges: HandoverReport["charges"] }) {
  const summary = chargeLines(charges);
  return (
    <section className={keepTogether} aria-label="Charges">
      <h3 className={subTitle}>
        <TagIcon size={14} />
        Charges
      </h3>
      {summary ? (
        <dl className={css({ display: "flex", flexDirection: "column", gap: "1.5", fontSize: "sm" })} data-testid="charges">
          {summary.lines.map((line) => (
            <div key={line.label} className={css({ display: "flex", justifyContent: "space-between", gap: "4" })}>
              <dt className={css({ color: "fg.muted" })}>{line.label}</dt>
              <dd className={css({ fontWeight: "600", fontVariantNumeric: "tabular-nums" })}>{line.amount}</dd>
            </div>
          ))}
          <div className={css({ display: "flex", justifyContent: "space-between", gap: "4", pt: "2", borderTopWidth: "1px", borderColor: "border.default" })}>
            <dt className={css({ fontWeight: "650" })}>Total extra charges</dt>
            <dd className={css({ fontWeight: "800", fontSize: "md", fontVariantNumeric: "tabular-nums" })}>{summary.total}</dd>
          </div>
        </dl>
      ) : (
        <p
          className={css({ display: "flex", alignItems: "center", gap: "2", textStyle: "small", fontWeight: "600", color: "success.fg" })}
          data-testid="charges"
        >
          <CheckCircleIcon size={18} className={css({ flexShrink: 0 })} />
          No extra charges
        </p>
      )}
    </section>
  );
}

export function HandoverColumn({
  kind,
  job,
  address,
  bookedCoordinates,
  bookedAt,
  deliveryOdometerKm,
  bookingStatus,
}: {
  kind: HandoverKind;
  job: HandoverReport | null | undefined;
  /** The booking's status: a car out or back without a record says so. */
  bookingStatus: string;
  address: string;
  bookedCoordinates: string | null | undefined;
  /** The booking's pick-up (delivery) or return (collection). */
  bookedAt: string;
  /** For a collection: the delivery's reading, for the distance driven. */
  deliveryOdometerKm?: number | null;
}) {
  const state = columnState(kind, job, bookingStatus);
  const title = HANDOVER_KIND_LABELS[kind];
  const titleId = `report-${kind}`;
  const place = reportPlace(address, job?.position, bookedCoordinates);

  return (
    <Card
      as="section"
      padding="md"
      aria-labelledby={titleId}
      data-handover={kind}
      className={css({ display: "flex", flexDirection: "column", gap: "4", minW: "0", _print: { p: "3", gap: "2.5" } })}
    >
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", columnGap: "3", rowGap: "1" })}>
        <h2 id={titleId} className={css({ textStyle: "heading" })}>
          {title}
        </h2>
        <Badge tone={state.badge.tone} data-state={job?.state ?? "none"}>
          {state.badge.label}
        </Badge>
      </div>

      {!state.done || !job ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <p className={css({ textStyle: "small", color: "fg.muted" })}>{state.message}</p>
          <dl className={css({ display: "grid", gap: "3" })}>
            <Fact title={kind === "delivery" ? "Booked pick-up" : "Booked return"} wide>
              {when(bookedAt)}
            </Fact>
            <Fact title="Place" wide>
              <span className={css({ display: "block", fontWeight: "400" })}>{address}</span>
            </Fact>
          </dl>
        </div>
      ) : (
        <DoneRecord kind={kind} job={job} place={place} deliveryOdometerKm={deliveryOdometerKm} />
      )}
    </Card>
  );
}

function DoneRecord({
  kind,
  job,
  place,
  deliveryOdometerKm,
}: {
  kind: HandoverKind;
  job: HandoverReport;
  place: ReturnType<typeof reportPlace>;
  deliveryOdometerKm?: number | null;
}) {
  const photos = slotPhotos(job.photos);
  const damage = damagePhotos(job.photos);
  const driven = kind === "collection" && job.odometerKm != null && deliveryOdometerKm != null ? job.odometerKm - deliveryOdometerKm : null;
  return (
    <>
      <dl className={css({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "3", _print: { gap: "2" } })}>
        <Fact title={kind === "delivery" ? "Delivered" : "Collected"} wide>
          <span data-testid={`${kind}-time`}>{when(job.finishedAt)}</span>
        </Fact>
        <Fact title="Place" wide>
          <span className={css({ display: "flex", gap: "1.5", fontWeight: "400" })}>
            <MapPinIcon size={16} className={css({ flexShrink: 0, mt: "0.5", color: "fg.muted" })} />
            <span className={css({ display: "flex", flexDirection: "column", alignItems: "flex-start" })}>
              <span>{place.address}</span>
              {place.pointText ? (
                <span className={css({ display: "none", _print: { display: "block" }, textStyle: "caption" })}>GPS {place.pointText}</span>
              ) : null}
              <MapsLink coordinates={place.coordinates} />
            </span>
          </span>
        </Fact>
        <Fact title="Driver">{job.driverName ?? "—"}</Fact>
        {kind === "delivery" ? (
          <Fact title="Licence checked">{job.licenceChecked ? "Yes" : "No"}</Fact>
        ) : (
          <Fact title="Distance driven">{driven != null && driven >= 0 ? formatKm(driven) : "—"}</Fact>
        )}
        <Fact title="Odometer">
          <span data-testid={`${kind}-odometer`}>{job.odometerKm != null ? formatKm(job.odometerKm) : "—"}</span>
        </Fact>
        <Fact title="Fuel">
          <span data-testid={`${kind}-fuel`}>{job.fuelEighths != null ? fuelLevelLabel(job.fuelEighths) : "—"}</span>
        </Fact>
      </dl>

      <section className={keepTogether} aria-label={`${HANDOVER_KIND_LABELS[kind]} photos`}>
        <h3 className={subTitle}>
          <CameraIcon size={14} />
          Photos
        </h3>
        <ul className={photoGrid}>
          {photos.map((photo) => (
            <PhotoTile key={photo.slot} photo={photo} />
          ))}
        </ul>
      </section>

      <section className={keepTogether} aria-label={`${HANDOVER_KIND_LABELS[kind]} damage`}>
        <h3 className={subTitle}>
          <WarningIcon size={14} />
          Damage
        </h3>
        {damage.length > 0 ? (
          <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            {damage.map((photo) => (
              <DamageItem key={photo.url} photo={photo} />
            ))}
          </ul>
        ) : (
          <p className={css({ textStyle: "small", color: "fg.muted" })}>No damage noted</p>
        )}
      </section>

      <section className={keepTogether} aria-label={`${HANDOVER_KIND_LABELS[kind]} signature`}>
        <h3 className={subTitle}>
          <EditIcon size={14} />
          Customer's signature
        </h3>
        {job.signatureUrl ? (
          <PrivateImage
            path={job.signatureUrl}
            alt={`Signature at ${kind}`}
            className={css({
              display: "block",
              width: "full",
              maxW: "72",
              height: "28",
              _print: { height: "20" },
              objectFit: "contain",
              bg: "white",
              // Images have no border style of their own (preflight): give it one.
              borderStyle: "solid",
              borderWidth: "1px",
              borderColor: "border.default",
              borderRadius: "lg",
              p: "2",
            })}
          />
        ) : (
          <p className={css({ textStyle: "small", color: "fg.muted" })}>Not signed</p>
        )}
      </section>

      {kind === "collection" ? <Charges charges={job.charges} /> : null}
    </>
  );
}
