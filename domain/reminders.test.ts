import { expect, test } from "bun:test";
import { RETURN_REMINDER_HOURS, reminderDayWord, reminderMoment } from "./reminders.ts";
import { capeTownDateTimeToUtc } from "./time.ts";

test("a return reminder names the day as the customer reads it, in Cape Town", () => {
  const at = (time: string) => capeTownDateTimeToUtc("2026-12-16", time);
  expect(reminderDayWord(at("10:00"), RETURN_REMINDER_HOURS)).toBe("today");
  expect(reminderDayWord(at("03:00"), RETURN_REMINDER_HOURS)).toBe("today");
  // Sent at 22:30 the evening before.
  expect(reminderMoment(at("01:30"), RETURN_REMINDER_HOURS)).toEqual(capeTownDateTimeToUtc("2026-12-15", "22:30"));
  expect(reminderDayWord(at("01:30"), RETURN_REMINDER_HOURS)).toBe("tomorrow");
  expect(reminderDayWord(at("02:59"), RETURN_REMINDER_HOURS)).toBe("tomorrow");
});
