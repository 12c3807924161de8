/**
 * A checklist in progress, kept on the device (localStorage) until it is submitted, so a reload,
 * a crash or a dead battery loses nothing: the photos already uploaded (their object paths), the
 * readings, the tick, the signature, and the submission's idempotency key (made once per
 * checklist, so a retried submission is recognised by the server and applied once).
 */
import { FUEL_EIGHTHS_FULL, type HandoverKind, REQUIRED_PHOTO_SLOTS, type RequiredPhotoSlot } from "#domain";
import { groupDigits } from "../../lib/format.ts";

export type DamageDraft = { id: string; photo: string | null; note: string };

export interface ChecklistDraft {
  idempotencyKey: string;
  photos: Partial<Record<RequiredPhotoSlot, string>>;
  damage: DamageDraft[];
  /** Text as typed (whole km when valid). */
  odometer: string;
  fuelEighths: number | null;
  licenceChecked: boolean;
  signature: string | null;
}

const key = (jobId: string) => `capedrive.driver.checklist.${jobId}`;

export function newDraft(): ChecklistDraft {
  return { idempotencyKey: crypto.randomUUID(), photos: {}, damage: [], odometer: "", fuelEighths: null, licenceChecked: false, signature: null };
}

/** The saved draft of a job (a fresh one when none, or when what is stored is unreadable). */
export function loadDraft(jobId: string): ChecklistDraft {
  try {
    const raw = localStorage.getItem(key(jobId));
    if (!raw) return newDraft();
    const v = JSON.parse(raw) as Partial<ChecklistDraft>;
    if (typeof v.idempotencyKey !== "string") return newDraft();
    const photos: ChecklistDraft["photos"] = {};
    for (const slot of REQUIRED_PHOTO_SLOTS) if (typeof v.photos?.[slot] === "string") photos[slot] = v.photos[slot];
    return {
      idempotencyKey: v.idempotencyKey,
      photos,
      damage: Array.isArray(v.damage)
        ? v.damage
            .filter((d) => d && typeof d.id === "string")
            .map((d) => ({ id: d.id, photo: typeof d.photo === "string" ? d.photo : null, note: typeof d.note === "string" ? d.note : "" }))
        : [],
      odometer: typeof v.odometer === "string" ? v.odometer : "",
      fuelEighths: typeof v.fuelEighths === "number" && v.fuelEighths >= 0 && v.fuelEighths <= FUEL_EIGHTHS_FULL ? v.fuelEighths : null,
      licenceChecked: v.licenceChecked === true,
      signature: typeof v.signature === "string" ? v.signature : null,
    };
  } catch {
    return newDraft();
  }
}

export function saveDraft(jobId: string, draft: ChecklistDraft): void {
  try {
    localStorage.setItem(key(jobId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the checklist still works, it just won't survive a reload.
  }
}

export function clearDraft(jobId: string): void {
  try {
    localStorage.removeItem(key(jobId));
  } catch {}
}

/** Whole kilometres typed as digits (spaces and commas as thousands separators allowed), or null. */
export function parseOdometer(text: string): number | null {
  const digits = text.replace(/[\s,]/g, "");
  if (!/^\d{1,7}$/.test(digits)) return null;
  return Number(digits);
}

export type Problems = Partial<Record<string, string>>;
/** A required photo's key among the problems. */
export const photoProblem = (slot: string) => `photo.${slot}`;

/**
 * What the checklist still lacks, by field: each message is shown beside its field, and their
 * count in the summary above the button.
 */
export function checklistProblems(job: { kind: HandoverKind; minOdometerKm: number }, draft: ChecklistDraft): Problems {
  const p: Problems = {};
  // Keyed apart from the readings: the odometer and fuel-gauge photos share their names with them.
  for (const slot of REQUIRED_PHOTO_SLOTS) if (!draft.photos[slot]) p[photoProblem(slot)] = "Please take this photo";
  draft.damage.forEach((d, i) => {
    if (!d.photo) p[`damage.${i}.photo`] = "Please take a photo of the damage";
    if (!d.note.trim()) p[`damage.${i}.note`] = "Please describe the damage";
  });
  const km = parseOdometer(draft.odometer);
  if (km === null) p.odometer = "Enter the odometer reading in whole kilometres";
  else if (km < job.minOdometerKm) p.odometer = `The odometer reading cannot be below ${groupDigits(job.minOdometerKm)} km`;
  if (draft.fuelEighths === null) p.fuel = "Choose the fuel level";
  if (job.kind === "delivery" && !draft.licenceChecked) p.licence = "Please confirm that the licence matches the person receiving the car";
  if (!draft.signature) p.signature = "Please ask the customer to sign and accept the signature";
  return p;
}
