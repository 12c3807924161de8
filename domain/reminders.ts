/** When the booking reminders go, and the day they name (server/services/reminders.ts sends them). */
import { capeTownToday } from "./time.ts";

/** Booking reminders go this long before the delivery and before the return. */
export const DELIVERY_REMINDER_HOURS = 24;
export const RETURN_REMINDER_HOURS = 3;

/** When a reminder is sent for a moment `hours` ahead. */
export function reminderMoment(at: Date, hours: number): Date {
  return new Date(at.getTime() - hours * 3_600_000);
}

/**
 * The day a reminder names, from where the reader stands when it arrives (Cape Town's calendar):
 * the return reminder, 3 hours ahead, says "today" unless the return is in the small hours, when
 * it arrives the evening before and says "tomorrow".
 */
export function reminderDayWord(at: Date, hours: number): "today" | "tomorrow" {
  return capeTownToday(reminderMoment(at, hours)) === capeTownToday(at) ? "today" : "tomorrow";
}
