// Delivery and collection: the handover jobs' states and the moves between them, who may see a
// job (a driver, within a day of it), the checklist a driver submits at the door, and the
// charges a collection adds (late return, fuel shortfall).
import { z } from "zod";
import { parseCoordinates } from "./geo.ts";
import { emailField, staffPassword } from "./schemas/fields.ts";
import { formatRandCents, groupDigits } from "./money.ts";
import { dailyRateCents, rentalDays } from "./pricing.ts";
import { addDays, capeTownToday, formatBookingCardTime, isIsoDate, toCapeTownDateTime, type IsoDate } from "./time.ts";

export const HANDOVER_KINDS = ["delivery", "collection"] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];
export const HANDOVER_KIND_LABELS: Readonly<Record<HandoverKind, string>> = { delivery: "Delivery", collection: "Collection" };

export const HANDOVER_STATES = ["scheduled", "en_route", "done", "failed"] as const;
export type HandoverState = (typeof HANDOVER_STATES)[number];
export const HANDOVER_STATE_LABELS: Readonly<Record<HandoverState, string>> = {
  scheduled: "Scheduled",
  en_route: "On the way",
  done: "Done",
  failed: "Failed",
};

export const FAILURE_REASONS = ["customer_absent", "licence_mismatch", "other"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const FAILURE_REASON_LABELS: Readonly<Record<FailureReason, string>> = {
  customer_absent: "Customer absent",
  licence_mismatch: "Licence does not match",
  other: "Other",
};

/** The six photos every checklist takes, in the order the driver is asked for them. */
export const REQUIRED_PHOTO_SLOTS = ["front", "back", "left", "right", "odometer", "fuel"] as const;
export type RequiredPhotoSlot = (typeof REQUIRED_PHOTO_SLOTS)[number];
export const PHOTO_SLOT_LABELS: Readonly<Record<RequiredPhotoSlot | "damage", string>> = {
  front: "Front",
  back: "Back",
  left: "Left side",
  right: "Right side",
  odometer: "Odometer",
  fuel: "Fuel gauge",
  damage: "Damage",
};

export const MAX_DAMAGE_PHOTOS = 12;
export const FUEL_EIGHTHS_FULL = 8;
/** Default grace after the booked return before a late day is charged (LATE_RETURN_GRACE_MINUTES). */
export const DEFAULT_LATE_GRACE_MINUTES = 59;
/** Default charge per eighth of a tank below the delivery level (FUEL_CHARGE_PER_EIGHTH, rand). */
export const DEFAULT_FUEL_CHARGE_PER_EIGHTH_CENTS = 180_00;

export const HANDOVER_MESSAGES = {
  notAssigned: "This job is not assigned to you",
  bookingNotOpen: (status: string) => `This booking is ${status.replace("_", " ")}: there is nothing to hand over`,
  noVehicle: "No car is assigned to this booking yet. Ask the office to assign one.",
  alreadyDone: "This handover is already done",
  failedJob: "This job was marked as failed. Ask the office to reschedule it.",
  collectionBeforeDelivery: "The car has not been delivered yet: deliver it before collecting it",
  cannotStart: (state: string) => `A job that is ${HANDOVER_STATE_LABELS[state as HandoverState]?.toLowerCase() ?? state} cannot be started`,
  cannotFail: "Only a job that is scheduled or on the way can be marked as failed",
  odometerBelow: (km: number) => `The odometer reading cannot be below the car's last known ${groupDigits(km)} km`,
  licenceUnchecked: "Please confirm that the licence matches the person receiving the car",
  driverDisabled: "This driver is disabled and cannot be given jobs",
  duplicateSubmission: "This checklist was already submitted with other readings",
} as const;

/** The instant a job happens: the booking's pickup (delivery) or return (collection). */
export function handoverTime(kind: HandoverKind, booking: { pickupDate: Date; returnDate: Date }): Date {
  return kind === "delivery" ? booking.pickupDate : booking.returnDate;
}

/** Where a job happens: the booking's delivery or return location. */
export function handoverPlace(
  kind: HandoverKind,
  booking: { deliveryLocation: string; deliveryCoordinates: string; returnLocation: string; returnCoordinates: string },
): { address: string; coordinates: string } {
  return kind === "delivery"
    ? { address: booking.deliveryLocation, coordinates: booking.deliveryCoordinates }
    : { address: booking.returnLocation, coordinates: booking.returnCoordinates };
}

/** The Cape Town days a driver may see a job on: from the day before it to the day after. */
export function driverWindow(now: Date = new Date()): { from: IsoDate; to: IsoDate } {
  const today = capeTownToday(now);
  return { from: addDays(today, -1), to: addDays(today, 1) };
}

/** Whether a job at `at` is within a driver's window (Cape Town dates, the day before to the day after). */
export function isInDriverWindow(at: Date, now: Date = new Date()): boolean {
  const { from, to } = driverWindow(now);
  const day = toCapeTownDateTime(at).date;
  return day >= from && day <= to;
}

/** The next state when a driver starts a job, or the reason it cannot start. */
export function startProblem(state: HandoverState): string | null {
  if (state === "scheduled") return null;
  if (state === "failed") return HANDOVER_MESSAGES.failedJob;
  if (state === "done") return HANDOVER_MESSAGES.alreadyDone;
  return HANDOVER_MESSAGES.cannotStart(state);
}

/**
 * Why a checklist cannot be submitted for a job now, or null. A delivery needs a confirmed
 * booking with a car; a collection needs the car out, i.e. the booking in progress (its delivery
 * done, by checklist or, for bookings from before the checklists, by the office).
 */
export function checklistProblem(input: { kind: HandoverKind; state: HandoverState; bookingStatus: string; hasVehicle: boolean }): string | null {
  if (input.state === "done") return HANDOVER_MESSAGES.alreadyDone;
  if (input.state === "failed") return HANDOVER_MESSAGES.failedJob;
  if (input.kind === "delivery") {
    if (input.bookingStatus !== "confirmed") return HANDOVER_MESSAGES.bookingNotOpen(input.bookingStatus);
    if (!input.hasVehicle) return HANDOVER_MESSAGES.noVehicle;
    return null;
  }
  if (input.bookingStatus === "pending" || input.bookingStatus === "confirmed") return HANDOVER_MESSAGES.collectionBeforeDelivery;
  if (input.bookingStatus !== "in_progress") return HANDOVER_MESSAGES.bookingNotOpen(input.bookingStatus);
  if (!input.hasVehicle) return HANDOVER_MESSAGES.noVehicle;
  return null;
}

// Charges ---------------------------------------------------------------------------------------

export type ChargeSettings = { lateGraceMinutes: number; fuelChargePerEighthCents: number };

export type HandoverCharges = {
  /** Started rental days (from pickup) beyond the days booked (0 within the grace period). */
  lateDays: number;
  lateFeeCents: number;
  /** Eighths of a tank below the delivery's level (0 when returned as full or fuller). */
  fuelEighthsShort: number;
  fuelFeeCents: number;
  totalCents: number;
};

const MINUTE = 60_000;

/**
 * What a collection adds to the booking. Late return, once the car is later than the grace period:
 * each started rental day (24 hours from pickup, as the booking is priced) past the days already
 * booked, at the category's daily rate; the same as extending the trip to the collection would
 * have cost. A booking of whole days pays a day for 60 minutes late with a 59-minute grace and
 * two for 24 h 1 min; one booked 10:00 to 15:00 has paid until 10:00 the next day, so a car back
 * at 09:00 costs nothing more. Fuel: each eighth of a tank below the level at delivery.
 */
export function collectionCharges(
  input: {
    category: string;
    pickup: Date;
    bookedReturn: Date;
    collectedAt: Date;
    deliveryFuelEighths: number | null;
    collectionFuelEighths: number;
  },
  settings: ChargeSettings,
): HandoverCharges {
  const lateMs = input.collectedAt.getTime() - input.bookedReturn.getTime();
  const lateDays =
    lateMs > settings.lateGraceMinutes * MINUTE ? Math.max(0, rentalDays(input.pickup, input.collectedAt) - rentalDays(input.pickup, input.bookedReturn)) : 0;
  const lateFeeCents = lateDays * dailyRateCents(input.category);
  const fuelEighthsShort = input.deliveryFuelEighths === null ? 0 : Math.max(0, input.deliveryFuelEighths - input.collectionFuelEighths);
  const fuelFeeCents = fuelEighthsShort * settings.fuelChargePerEighthCents;
  return { lateDays, lateFeeCents, fuelEighthsShort, fuelFeeCents, totalCents: lateFeeCents + fuelFeeCents };
}

/** "1 day", "3 days". */
export const dayCount = (n: number): string => `${n} ${n === 1 ? "day" : "days"}`;

/** "2 days late: R900; ¼ tank short: R360" or null when nothing is charged. */
export function describeCharges(charges: Pick<HandoverCharges, "lateDays" | "lateFeeCents" | "fuelEighthsShort" | "fuelFeeCents">): string | null {
  const parts: string[] = [];
  if (charges.lateDays > 0) parts.push(`${dayCount(charges.lateDays)} late: ${formatRandCents(charges.lateFeeCents)}`);
  if (charges.fuelEighthsShort > 0) parts.push(`${fuelShortText(charges.fuelEighthsShort)}: ${formatRandCents(charges.fuelFeeCents)}`);
  return parts.length ? parts.join("; ") : null;
}

/** Eighths of a tank that people say as quarters. */
const TANK_QUARTERS: Readonly<Record<number, string>> = { 2: "¼", 4: "½", 6: "¾" };

/** How much fuel came back short, as people say it: "¼ tank short", "3/8 tank short", "a full tank short". */
export function fuelShortText(eighthsShort: number): string {
  if (eighthsShort >= FUEL_EIGHTHS_FULL) return "a full tank short";
  return `${TANK_QUARTERS[eighthsShort] ?? `${eighthsShort}/8`} tank short`;
}

/** "½ tank", "Full", "Empty", "3/8". */
export function fuelLevelLabel(eighths: number): string {
  if (eighths <= 0) return "Empty";
  if (eighths >= FUEL_EIGHTHS_FULL) return "Full";
  const quarter = TANK_QUARTERS[eighths];
  return quarter ? `${quarter} tank` : `${eighths}/8`;
}

/**
 * What the customer reads about a booking's handovers: "Driver on the way", "Delivered 14:05",
 * "Collected 10:12", or null before anything happened.
 */
export function customerHandoverStatus(jobs: { kind: HandoverKind; state: HandoverState; finishedAt: Date | null }[]): string | null {
  const delivery = jobs.find((j) => j.kind === "delivery");
  const collection = jobs.find((j) => j.kind === "collection");
  if (collection?.state === "done" && collection.finishedAt) return `Collected ${formatBookingCardTime(collection.finishedAt)}`;
  if (collection?.state === "en_route") return "Driver on the way to collect";
  if (delivery?.state === "done" && delivery.finishedAt) return `Delivered ${formatBookingCardTime(delivery.finishedAt)}`;
  if (delivery?.state === "en_route") return "Driver on the way";
  return null;
}

// Input -----------------------------------------------------------------------------------------

const PHOTO_MESSAGE = "Please take this photo";
const photoRef = z.string({ error: PHOTO_MESSAGE }).trim().min(1, PHOTO_MESSAGE).max(500, PHOTO_MESSAGE);

export const checklistSchema = z.object({
  /** Made by the device when the checklist starts; a repeated submission with it changes nothing. */
  idempotencyKey: z
    .string({ error: "A submission key is required" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "The submission key must be 8 to 100 letters, digits, - or _"),
  photos: z.object(Object.fromEntries(REQUIRED_PHOTO_SLOTS.map((slot) => [slot, photoRef])) as Record<RequiredPhotoSlot, typeof photoRef>, {
    error: "Please take the six photos: front, back, left, right, odometer and fuel gauge",
  }),
  damage: z
    .array(
      z.object({
        photo: photoRef,
        note: z.string({ error: "Please describe the damage" }).trim().min(1, "Please describe the damage").max(500, "Keep the note under 500 characters"),
      }),
    )
    .max(MAX_DAMAGE_PHOTOS, `At most ${MAX_DAMAGE_PHOTOS} damage photos`)
    .default([]),
  odometerKm: z
    .number({ error: "Enter the odometer reading in whole kilometres" })
    .int("Enter the odometer reading in whole kilometres")
    .min(0, "Enter the odometer reading in whole kilometres")
    .max(2_000_000, "That odometer reading is too high"),
  fuelEighths: z
    .number({ error: "Choose the fuel level" })
    .int("Choose the fuel level")
    .min(0, "Choose the fuel level")
    .max(FUEL_EIGHTHS_FULL, "Choose the fuel level"),
  licenceChecked: z.boolean({ error: HANDOVER_MESSAGES.licenceUnchecked }).default(false),
  signature: z.string({ error: "Please ask the customer to sign" }).trim().min(1, "Please ask the customer to sign").max(500),
  /** "lat,lng" from the phone's GPS, when granted. */
  position: z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return undefined;
      if (!parseCoordinates(value)) {
        ctx.issues.push({ code: "custom", message: "The position must be latitude,longitude", input: value });
        return z.NEVER;
      }
      return value;
    }),
});
export type ChecklistInput = z.input<typeof checklistSchema>;
export type ChecklistData = z.output<typeof checklistSchema>;

/**
 * The days the dispatch board and a driver's list may be asked for: bookings are made at most a
 * year ahead, so no handover falls outside these years, and "9999-12-31" (a real date, whose next
 * day is not) was a 500 where the day's end was computed.
 */
export const HANDOVER_DAYS = { first: "2000-01-01", last: "2099-12-31" } as const;
export const HANDOVER_DAY_MESSAGES = {
  badDate: "Choose a date as yyyy-mm-dd",
  outOfRange: `Choose a date from ${HANDOVER_DAYS.first} to ${HANDOVER_DAYS.last}`,
} as const;
/** A day of handovers, "yyyy-mm-dd", within HANDOVER_DAYS. */
export const handoverDayField = z
  .string({ error: HANDOVER_DAY_MESSAGES.badDate })
  .refine(isIsoDate, { message: HANDOVER_DAY_MESSAGES.badDate, abort: true })
  .refine((day) => day >= HANDOVER_DAYS.first && day <= HANDOVER_DAYS.last, HANDOVER_DAY_MESSAGES.outOfRange);

export const failJobSchema = z.object({
  reason: z.enum(FAILURE_REASONS, { error: "Choose why the handover failed" }),
  note: z.string().trim().max(500, "Keep the note under 500 characters").nullish(),
});

export const driverCreateSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").min(2, "Please enter the full name").max(100, "Name is too long"),
  email: emailField("Please enter a valid email address", "Email is required"),
  phone: z
    .string({ error: "Phone is required" })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{8,18}$/, "Please enter a valid phone number"),
  /** Left out: the server makes one and shows it once. */
  password: staffPassword.max(200, "Password is too long").optional(),
});
export type DriverCreateData = z.output<typeof driverCreateSchema>;

/** "14:05" in Cape Town (re-exported for the driver app's job list). */
export const handoverClock = formatBookingCardTime;
