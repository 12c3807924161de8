/** Small pieces the job list, the job page and the checklist share: the state badge, kind label, time, maps link, charges. */
import { css } from "styled-system/css";
import {
  describeCharges,
  FAILURE_REASON_LABELS,
  formatRand,
  parseMoneyToCents,
  formatBookingCardTime,
  HANDOVER_KIND_LABELS,
  HANDOVER_STATE_LABELS,
  type FailureReason,
  type HandoverKind,
  type HandoverState,
} from "#domain";
import { Badge, type BadgeTone } from "../../ui/Badge.tsx";

const STATE_TONES: Record<HandoverState, BadgeTone> = { scheduled: "grey", en_route: "blue", done: "green", failed: "red" };

export function StateBadge({ state, failureReason }: { state: HandoverState; failureReason?: string | null }) {
  const reason = failureReason ? FAILURE_REASON_LABELS[failureReason as FailureReason] : null;
  return <Badge tone={STATE_TONES[state]}>{state === "failed" && reason ? `Failed: ${reason}` : HANDOVER_STATE_LABELS[state]}</Badge>;
}

export function KindLabel({ kind }: { kind: HandoverKind }) {
  return (
    <span
      className={css({
        fontSize: "xs",
        fontWeight: "700",
        letterSpacing: "0.06em",
        textTransform: "uppercase",
        color: kind === "delivery" ? "brand.text" : "accent.text",
      })}
    >
      {HANDOVER_KIND_LABELS[kind]}
    </span>
  );
}

export const jobTime = (iso: string) => formatBookingCardTime(new Date(iso));

/** Opens the point in the phone's maps app (Google Maps answers on every platform). */
export const mapsUrl = (coordinates: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(coordinates.replace(/\s/g, ""))}`;

type Charges = { lateDays: number; lateFee: string; fuelEighthsShort: number; fuelFee: string; total: string };

/** "1 day late: R650; ¼ tank short: R360 Total R1,010", or "No extra charges." */
export function ChargesText({ charges }: { charges: Charges }) {
  const described = describeCharges({
    lateDays: charges.lateDays,
    lateFeeCents: parseMoneyToCents(charges.lateFee),
    fuelEighthsShort: charges.fuelEighthsShort,
    fuelFeeCents: parseMoneyToCents(charges.fuelFee),
  });
  return (
    <>
      {described ?? "No extra charges."}
      {parseMoneyToCents(charges.total) > 0 ? <strong> Total {formatRand(charges.total)}</strong> : null}
    </>
  );
}
