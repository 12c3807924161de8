/**
 * The client-held booking draft and the rules of the booking flow's steps that need no I/O:
 * the date/time step's validity, duration and total, and whether the draft can be confirmed.
 */
import { DEFAULT_TRANSMISSION, isCategory, type Category, type Transmission } from "./catalogue.ts";
import { bookingQuote } from "./pricing.ts";
import { capeTownDateTimeToUtc, isBeforeToday, isValidTime, parseDisplayDate } from "./time.ts";

export interface BookingDraft {
  /** "" until a category is chosen. */
  category: Category | "";
  transmission: Transmission;
  vehicleId: string;
  /** ISO 8601 instant ("2025-03-05T08:00:00.000Z"), "" until chosen. */
  pickupDate: string;
  /** ISO 8601 instant, "" until chosen. */
  returnDate: string;
  deliveryLocation: string;
  /** "lat,lon" text, see geo.ts. */
  deliveryCoordinates: string;
  returnLocation: string;
  returnCoordinates: string;
  /** Rand, as shown; the server recomputes it. */
  totalAmount: number;
  /** Whole days. */
  duration: number;
}

/** A fresh draft: every field at its default (the draft can be cleared back to this). */
export function emptyBookingDraft(): BookingDraft {
  return {
    category: "",
    transmission: DEFAULT_TRANSMISSION,
    vehicleId: "",
    pickupDate: "",
    returnDate: "",
    deliveryLocation: "",
    deliveryCoordinates: "",
    returnLocation: "",
    returnCoordinates: "",
    totalAmount: 0,
    duration: 0,
  };
}

/**
 * Whether the confirmation screen can show the draft: category, pickup and return date are
 * present (otherwise it redirects to /booking/category).
 */
export function isDraftReadyForConfirmation(draft: Pick<BookingDraft, "category" | "pickupDate" | "returnDate">): boolean {
  return isCategory(draft.category) && draft.pickupDate !== "" && draft.returnDate !== "";
}

export interface DateTimeStepInput {
  category: string;
  /** As typed, "dd/mm/yyyy". */
  pickupDate: string;
  /** "HH:mm". */
  pickupTime: string;
  returnDate: string;
  returnTime: string;
}

export interface DateTimeStepState {
  /** Pickup instant, or null while the date or time is not valid. */
  pickup: Date | null;
  returnAt: Date | null;
  /** Whole days; 0 unless return is after pickup. */
  days: number;
  /** Total as a decimal string, "0.00" when anything is missing. */
  total: string;
  totalCents: number;
  /** The calendar would have refused the date: pickup before today, or return before the pickup date. */
  pickupBeforeToday: boolean;
  returnBeforePickupDate: boolean;
  /** Next is enabled: both dates valid, both times set, neither date refused, duration above 0. */
  canProceed: boolean;
}

function instant(dateText: string, time: string): Date | null {
  const date = parseDisplayDate(dateText);
  if (date === null || !isValidTime(time)) return null;
  return capeTownDateTimeToUtc(date, time);
}

/** The state of the "Select dates & times" step, in Cape Town time. */
export function dateTimeStepState(input: DateTimeStepInput, now: Date = new Date()): DateTimeStepState {
  const pickup = instant(input.pickupDate, input.pickupTime);
  const returnAt = instant(input.returnDate, input.returnTime);
  const pickupDay = parseDisplayDate(input.pickupDate);
  const returnDay = parseDisplayDate(input.returnDate);
  const pickupBeforeToday = pickupDay !== null && isBeforeToday(pickupDay, now);
  const returnBeforePickupDate = pickupDay !== null && returnDay !== null && returnDay < pickupDay;
  const quote = bookingQuote(input.category, pickup, returnAt);
  return {
    pickup,
    returnAt,
    days: quote.days,
    total: quote.total,
    totalCents: quote.totalCents,
    pickupBeforeToday,
    returnBeforePickupDate,
    canProceed: pickup !== null && returnAt !== null && !pickupBeforeToday && !returnBeforePickupDate && quote.days > 0,
  };
}
