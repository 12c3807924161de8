/**
 * A checklist in progress, kept on the device (localStorage) until it is submitted, so a reload,
 * a crash or a dead battery loses nothing: the photos already uploaded (their object paths), the
 * readings, the tick, the signature, and the submission's idempotency key (made once per
 * checklist, so a retried submission is recognised by the server and applied once).
 */
import { FUEL_EIGHTHS_FULL, REQUIRED_PHOTO_SLOTS, type RequiredPhotoSlot } from "#domain";

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
