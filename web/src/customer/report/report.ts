/**
 * What the condition report says about one handover, as plain data (no React): the state line of
 * a column, where it happened (and a maps link), the six photos in the driver's order, the damage
 * photos, and the charges a collection added.
 */
import { FAILURE_REASON_LABELS, fuelShortText, PHOTO_SLOT_LABELS, REQUIRED_PHOTO_SLOTS, type FailureReason, type HandoverKind } from "#domain/handover.ts";
import { mapsSearchUrl, parseCoordinates } from "#domain/geo.ts";
import { formatRand, parseMoneyToCents } from "#domain/money.ts";
import type { BadgeTone } from "../../ui/Badge.tsx";

export type ReportJob = {
  state: string;
  failureReason?: string | null;
  position?: string | null;
  photos: readonly { slot: string; url: string; note?: string | null }[];
};

export type ColumnState = {
  /** The badge beside the column's title. */
  badge: { tone: BadgeTone; label: string };
  /** Whether the record (readings, photos, signature) is there to show. */
  done: boolean;
  /** For a handover not done: what the customer reads instead of the record. */
  message: string | null;
};

const NOT_YET: Record<HandoverKind, string> = { delivery: "Not delivered yet", collection: "Not collected yet" };
const DONE: Record<HandoverKind, string> = { delivery: "Delivered", collection: "Collected" };

/**
 * The column's badge and, before the handover is done, the sentence shown in its place. A car
 * already out (booking in progress) or back (completed) without a record was handed over by the
 * office before the checklists: "No record", not "Not delivered yet".
 */
export function columnState(kind: HandoverKind, job: ReportJob | null | undefined, bookingStatus?: string): ColumnState {
  const noun = kind === "delivery" ? "delivery" : "collection";
  const handedOver = kind === "delivery" ? bookingStatus === "in_progress" || bookingStatus === "completed" : bookingStatus === "completed";
  if (job?.state !== "done" && handedOver) {
    return {
      badge: { tone: "grey", label: "No record" },
      done: false,
      message: `This car was ${kind === "delivery" ? "handed over" : "returned"} without a ${noun} checklist, so there is no record to show.`,
    };
  }
  switch (job?.state) {
    case "done":
      return { badge: { tone: "green", label: DONE[kind] }, done: true, message: null };
    case "en_route":
      return {
        badge: { tone: "blue", label: "On the way" },
        done: false,
        message: kind === "delivery" ? "Your driver is on the way with the car." : "Your driver is on the way to collect the car.",
      };
    case "failed": {
      const reason = FAILURE_REASON_LABELS[job.failureReason as FailureReason];
      return {
        badge: { tone: "red", label: "Not completed" },
        done: false,
        message: `The ${noun} could not be completed${reason ? ` (${reason.toLowerCase()})` : ""}. We will call you to arrange a new time.`,
      };
    }
    default:
      return {
        badge: { tone: "grey", label: NOT_YET[kind] },
        done: false,
        message:
          kind === "delivery"
            ? "The driver records the car's condition with you when they deliver it."
            : "The driver records the car's condition with you when they collect it.",
      };
  }
}

export type ReportPlace = {
  address: string;
  /** For "Open in maps" ("lat,lon"): where the driver was when the checklist was signed, else the booked point. */
  coordinates: string | null;
  /** The point as text ("-33.92490, 18.42410"), for the printed page where links are no use. */
  pointText: string | null;
};

/** Where a handover happened: the booked address, with the driver's GPS point when the phone gave it. */
export function reportPlace(address: string, position: string | null | undefined, bookedCoordinates: string | null | undefined): ReportPlace {
  const coordinates = mapsSearchUrl(position) ? position : mapsSearchUrl(bookedCoordinates) ? bookedCoordinates : null;
  const point = parseCoordinates(coordinates);
  return {
    address,
    coordinates: coordinates?.trim() ?? null,
    pointText: point ? `${point.lat.toFixed(5)}, ${point.lon.toFixed(5)}` : null,
  };
}

export type LabelledPhoto = { slot: string; label: string; url: string; note: string | null };

/** The six required photos in the order the driver takes them (front, back, left, right, odometer, fuel gauge). */
export function slotPhotos(photos: ReportJob["photos"]): LabelledPhoto[] {
  const out: LabelledPhoto[] = [];
  for (const slot of REQUIRED_PHOTO_SLOTS) {
    const photo = photos.find((p) => p.slot === slot);
    if (photo) out.push({ slot, label: PHOTO_SLOT_LABELS[slot], url: photo.url, note: photo.note ?? null });
  }
  return out;
}

/** The damage photos with their notes, in the order they were taken. */
export function damagePhotos(photos: ReportJob["photos"]): LabelledPhoto[] {
  return photos
    .filter((p) => p.slot === "damage")
    .map((p, index) => ({ slot: "damage", label: `${PHOTO_SLOT_LABELS.damage} ${index + 1}`, url: p.url, note: p.note ?? null }));
}

export type ChargeLine = { label: string; amount: string };

function rand(value: string): string {
  try {
    return formatRand(value);
  } catch {
    return value;
  }
}

function isZero(value: string): boolean {
  try {
    return parseMoneyToCents(value) === 0;
  } catch {
    return false;
  }
}

/**
 * A collection's charges as lines ("1 day late", "¼ tank short") and the total; null when
 * nothing was charged ("No extra charges").
 */
export function chargeLines(
  charges: { lateDays: number; lateFee: string; fuelEighthsShort: number; fuelFee: string; total: string } | null | undefined,
): { lines: ChargeLine[]; total: string } | null {
  if (!charges || isZero(charges.total)) return null;
  const lines: ChargeLine[] = [];
  if (charges.lateDays > 0) lines.push({ label: `Late return: ${charges.lateDays} ${charges.lateDays === 1 ? "day" : "days"}`, amount: rand(charges.lateFee) });
  if (charges.fuelEighthsShort > 0) lines.push({ label: `Fuel: ${fuelShortText(charges.fuelEighthsShort)}`, amount: rand(charges.fuelFee) });
  return { lines, total: rand(charges.total) };
}
