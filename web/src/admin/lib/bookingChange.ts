/**
 * The back office's "Change booking" form (issue 13): the booking's current values as the form
 * holds them (Cape Town date and time, addresses with their "lat,lon" points, category and
 * transmission), and what the form sends: only what differs from the booking, checked first so
 * the server is asked only about a change that can be read. The server re-quotes and decides
 * everything else (the period rules, the service areas, which car).
 */
import { isCategory, isTransmission } from "#domain/catalogue.ts";
import { formatCoordinates, parseCoordinates } from "#domain/geo.ts";
import { CANCELLATION_WINDOW_HOURS, capeTownDateTimeToUtc, hoursUntil, isIsoDate, isValidTime, toCapeTownDateTime } from "#domain/time.ts";

/** The parts of a booking the form starts from. */
export type ChangeableAdminBooking = {
  status: string;
  category: string;
  transmission: string;
  pickupDate: string;
  returnDate: string;
  deliveryLocation: string;
  deliveryCoordinates: string;
  returnLocation: string;
  returnCoordinates: string;
};

/** What the form holds: dates as "yyyy-mm-dd" and times as "HH:mm", in Cape Town. */
export type ChangeFormValues = {
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  deliveryLocation: string;
  deliveryCoordinates: string;
  returnLocation: string;
  returnCoordinates: string;
  category: string;
  transmission: string;
};

export type ChangeFormField = keyof ChangeFormValues;

/** BookingChangeInput without the figures: only what changes. */
export type ChangeInput = {
  category?: "small" | "medium" | "large";
  transmission?: "automatic" | "manual";
  pickupDate?: string;
  returnDate?: string;
  deliveryLocation?: string;
  deliveryCoordinates?: string;
  returnLocation?: string;
  returnCoordinates?: string;
};

export type ChangeForm = { input: ChangeInput; problems: Partial<Record<ChangeFormField, string>> };

/** A trip on the road: only its return (time and place) can change, to extend or shorten it. */
export function isTripInProgress(booking: { status: string }): boolean {
  return booking.status === "in_progress";
}

/** Whether the admin may change the booking at all (completed and cancelled ones are closed). */
export function isChangeable(booking: { status: string }): boolean {
  return booking.status !== "completed" && booking.status !== "cancelled";
}

/**
 * Whether the customer can no longer change the booking themselves (a trip in progress, or pickup
 * within 24 hours): the dialog warns the admin that the change is theirs to make.
 */
export function customerCannotChange(booking: { status: string; pickupDate: string }, now: Date = new Date()): boolean {
  if (isTripInProgress(booking)) return true;
  return hoursUntil(new Date(booking.pickupDate), now) < CANCELLATION_WINDOW_HOURS;
}

export function initialChangeValues(booking: ChangeableAdminBooking): ChangeFormValues {
  const pickup = toCapeTownDateTime(new Date(booking.pickupDate));
  const returnAt = toCapeTownDateTime(new Date(booking.returnDate));
  return {
    pickupDate: pickup.date,
    pickupTime: pickup.time,
    returnDate: returnAt.date,
    returnTime: returnAt.time,
    deliveryLocation: booking.deliveryLocation,
    deliveryCoordinates: booking.deliveryCoordinates,
    returnLocation: booking.returnLocation,
    returnCoordinates: booking.returnCoordinates,
    category: booking.category,
    transmission: booking.transmission,
  };
}

/** The instant of a Cape Town date and time, or a message naming what is wrong. */
function instantOf(date: string, time: string, which: "pickup" | "return"): Date | { dateProblem?: string; timeProblem?: string } {
  const dateProblem = isIsoDate(date) ? undefined : `Enter the ${which} date`;
  const timeProblem = isValidTime(time) ? undefined : `Enter the ${which} time (HH:mm)`;
  if (dateProblem || timeProblem) return { ...(dateProblem ? { dateProblem } : {}), ...(timeProblem ? { timeProblem } : {}) };
  return capeTownDateTimeToUtc(date, time);
}

/** The same point written the same way ("-33.9249, 18.4241" is "-33.9249,18.4241"). */
function samePoint(typed: string, current: string): boolean {
  const a = parseCoordinates(typed);
  const b = parseCoordinates(current);
  return a !== null && b !== null && a.lat === b.lat && a.lon === b.lon;
}

/**
 * The change the form describes: only the fields that differ from the booking (a place with its
 * point, both or neither), or the problems to fix first. An in-progress trip sends only its return.
 */
export function changeFromForm(booking: ChangeableAdminBooking, values: ChangeFormValues): ChangeForm {
  const problems: ChangeForm["problems"] = {};
  const input: ChangeInput = {};
  const started = isTripInProgress(booking);

  const returnAt = instantOf(values.returnDate, values.returnTime, "return");
  if (returnAt instanceof Date) {
    if (returnAt.getTime() !== new Date(booking.returnDate).getTime()) input.returnDate = returnAt.toISOString();
  } else {
    if (returnAt.dateProblem) problems.returnDate = returnAt.dateProblem;
    if (returnAt.timeProblem) problems.returnTime = returnAt.timeProblem;
  }

  if (!started) {
    const pickup = instantOf(values.pickupDate, values.pickupTime, "pickup");
    if (pickup instanceof Date) {
      if (pickup.getTime() !== new Date(booking.pickupDate).getTime()) input.pickupDate = pickup.toISOString();
      if (returnAt instanceof Date && returnAt.getTime() <= pickup.getTime()) problems.returnDate = "Return must be after pickup";
    } else {
      if (pickup.dateProblem) problems.pickupDate = pickup.dateProblem;
      if (pickup.timeProblem) problems.pickupTime = pickup.timeProblem;
    }
    if (values.category !== booking.category && isCategory(values.category)) input.category = values.category;
    if (values.transmission !== booking.transmission && isTransmission(values.transmission)) input.transmission = values.transmission;
  }

  const places = started ? (["return"] as const) : (["delivery", "return"] as const);
  for (const place of places) {
    const locationField = `${place}Location` as const;
    const coordinatesField = `${place}Coordinates` as const;
    const location = values[locationField].trim();
    const coordinates = values[coordinatesField].trim();
    const label = place === "delivery" ? "delivery" : "return";
    if (location === "") problems[locationField] = `Enter the ${label} address`;
    const point = parseCoordinates(coordinates);
    if (!point) problems[coordinatesField] = 'Enter the point as "latitude,longitude", e.g. -33.9249,18.4241';
    if (location === "" || !point) continue;
    const moved = !samePoint(coordinates, booking[coordinatesField]);
    if (location !== booking[locationField] || moved) {
      input[locationField] = location;
      // The booking's own text when the point did not move, so the server sees it unchanged.
      input[coordinatesField] = moved ? formatCoordinates(point) : booking[coordinatesField];
    }
  }
  return { input, problems };
}

/** Whether the change holds anything to send. */
export function hasChanges(input: ChangeInput): boolean {
  return Object.keys(input).length > 0;
}
