import { describe, expect, test } from "bun:test";
import { fromDate, toCalendarDate } from "@internationalized/date";
import {
  addDays,
  CANCEL_BLOCKED_MESSAGES,
  canCustomerCancel,
  capeTownICalendarDateTime,
  customerCancelBlockedReason,
  capeTownDateTimeToUtc,
  capeTownToday,
  capeTownYear,
  compareIsoDates,
  DEFAULT_TIME,
  daysInMonth,
  formatBookingCardDate,
  formatBookingCardDateTime,
  formatBookingCardTime,
  formatConfirmationDateTime,
  formatDisplayDate,
  hoursUntil,
  isBeforeToday,
  isIsoDate,
  isValidTime,
  parseDisplayDate,
  sanitiseDateInput,
  toCapeTownDateTime,
  toIsoDate,
} from "./time.ts";

const utc = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("capeTownToday / capeTownYear", () => {
  test("the Cape Town day starts at 22:00 UTC the evening before", () => {
    expect(capeTownToday(utc("2025-03-05T21:59:59.999Z"))).toBe("2025-03-05");
    expect(capeTownToday(utc("2025-03-05T22:00:00.000Z"))).toBe("2025-03-06");
    expect(capeTownToday(utc("2025-03-05T00:00:00.000Z"))).toBe("2025-03-05");
  });

  test("the year turns over at Cape Town midnight, not UTC midnight", () => {
    expect(capeTownYear(utc("2025-12-31T21:59:59Z"))).toBe(2025);
    expect(capeTownYear(utc("2025-12-31T22:00:00Z"))).toBe(2026);
    expect(capeTownToday(utc("2025-12-31T22:00:00Z"))).toBe("2026-01-01");
  });

  test("leap day is a Cape Town date", () => {
    expect(capeTownToday(utc("2024-02-28T22:00:00Z"))).toBe("2024-02-29");
    expect(capeTownToday(utc("2024-02-29T22:00:00Z"))).toBe("2024-03-01");
  });

  test("defaults to the clock and rejects invalid dates", () => {
    expect(isIsoDate(capeTownToday())).toBe(true);
    expect(() => capeTownToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("capeTownDateTimeToUtc", () => {
  test("Cape Town is UTC+2", () => {
    expect(capeTownDateTimeToUtc("2025-03-05", "10:00").toISOString()).toBe("2025-03-05T08:00:00.000Z");
    expect(capeTownDateTimeToUtc("2025-07-15", "23:59").toISOString()).toBe("2025-07-15T21:59:00.000Z");
  });

  test("midnight in Cape Town is the previous UTC day", () => {
    expect(capeTownDateTimeToUtc("2025-01-01", "00:00").toISOString()).toBe("2024-12-31T22:00:00.000Z");
    expect(capeTownDateTimeToUtc("2024-03-01", "01:30").toISOString()).toBe("2024-02-29T23:30:00.000Z");
  });

  test("the offset comes from the time zone database (summer time in 1943 was UTC+3)", () => {
    expect(capeTownDateTimeToUtc("1943-01-15", "10:00").toISOString()).toBe("1943-01-15T07:00:00.000Z");
  });

  test("uses the default time 10:00", () => {
    expect(DEFAULT_TIME).toBe("10:00");
    expect(capeTownDateTimeToUtc("2025-03-05").toISOString()).toBe("2025-03-05T08:00:00.000Z");
  });

  test("round-trips through toCapeTownDateTime, including historical offsets", () => {
    for (const [date, time] of [
      ["2025-03-05", "10:00"],
      ["2024-02-29", "00:00"],
      ["1943-01-15", "10:00"], // South Africa kept summer time in 1942-1944
      ["2099-12-31", "23:59"],
    ] as const) {
      expect(toCapeTownDateTime(capeTownDateTimeToUtc(date, time))).toEqual({ date, time });
    }
  });

  test("rejects impossible dates and times", () => {
    expect(() => capeTownDateTimeToUtc("2025-02-29", "10:00")).toThrow(RangeError);
    expect(() => capeTownDateTimeToUtc("2025-04-31", "10:00")).toThrow(RangeError);
    expect(() => capeTownDateTimeToUtc("05/03/2025", "10:00")).toThrow(RangeError);
    expect(() => capeTownDateTimeToUtc("2025-03-05", "24:00")).toThrow(RangeError);
    expect(() => capeTownDateTimeToUtc("2025-03-05", "9:00")).toThrow(RangeError);
    expect(() => capeTownDateTimeToUtc("2025-03-05", "10:60")).toThrow(RangeError);
  });
});

describe("toCapeTownDateTime", () => {
  test("reads the Cape Town wall clock", () => {
    expect(toCapeTownDateTime(utc("2025-03-05T08:00:00Z"))).toEqual({ date: "2025-03-05", time: "10:00" });
    expect(toCapeTownDateTime(utc("2025-03-05T22:15:00Z"))).toEqual({ date: "2025-03-06", time: "00:15" });
  });

  // The offsets are kept per quarter hour (time.ts): the wall clock must stay the time zone
  // database's across the zone's transitions too (1892's end of local mean time, the summer time
  // of 1942-1944), at any minute, and for dates far from today.
  test("is the time zone database's wall clock at every transition and at random minutes", () => {
    const expected = (instant: Date) => {
      const z = fromDate(instant, "Africa/Johannesburg");
      return { date: toCalendarDate(z).toString(), time: `${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}` };
    };
    const instants: Date[] = [];
    for (const around of ["1892-02-07T22:00:00Z", "1942-09-20T00:00:00Z", "1943-03-21T00:00:00Z", "1943-09-19T00:00:00Z", "1944-03-19T00:00:00Z"]) {
      for (let minute = -180; minute <= 180; minute++) instants.push(new Date(Date.parse(around) + minute * 60_000));
    }
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2_000; i++) instants.push(new Date(Date.UTC(1880, 0, 1) + Math.floor(random() * 220 * 365.25 * 24 * 60) * 60_000));
    instants.push(utc("0001-01-01T00:00:00Z"), utc("9999-12-31T21:59:00Z"));
    for (const instant of instants) expect([instant.toISOString(), toCapeTownDateTime(instant)]).toEqual([instant.toISOString(), expected(instant)]);
    // Asked again (from the kept offsets), the same.
    for (const instant of instants.slice(0, 500)) expect(toCapeTownDateTime(instant)).toEqual(expected(instant));
  });
});

describe("parseDisplayDate", () => {
  test("accepts real dd/mm/yyyy dates", () => {
    expect(parseDisplayDate("05/03/2025")).toBe("2025-03-05");
    expect(parseDisplayDate("31/12/2025")).toBe("2025-12-31");
    expect(parseDisplayDate("30/04/2025")).toBe("2025-04-30");
    expect(parseDisplayDate("01/01/0001")).toBe("0001-01-01");
  });

  test("leap years: divisible by 4, except centuries not divisible by 400", () => {
    expect(parseDisplayDate("29/02/2024")).toBe("2024-02-29");
    expect(parseDisplayDate("29/02/2000")).toBe("2000-02-29");
    expect(parseDisplayDate("29/02/2025")).toBeNull();
    expect(parseDisplayDate("29/02/1900")).toBeNull();
    expect(parseDisplayDate("29/02/2100")).toBeNull();
  });

  test("rejects dates that do not exist", () => {
    for (const text of [
      "31/02/2025",
      "30/02/2024",
      "31/04/2025",
      "31/06/2025",
      "31/09/2025",
      "31/11/2025",
      "00/01/2025",
      "01/00/2025",
      "01/13/2025",
      "32/01/2025",
      "01/01/0000",
    ]) {
      expect(parseDisplayDate(text)).toBeNull();
    }
  });

  test("rejects text that would not round-trip exactly", () => {
    for (const text of [
      "1/2/2025",
      "01/2/2025",
      "1/02/2025",
      "01/02/25",
      "01/02/02025",
      " 01/02/2025",
      "01/02/2025 ",
      "01-02-2025",
      "2025-02-01",
      "01.02.2025",
      "",
      "aa/bb/cccc",
      "01/02/2025x",
    ]) {
      expect(parseDisplayDate(text)).toBeNull();
    }
  });

  test("formatDisplayDate inverts it", () => {
    for (const text of ["05/03/2025", "29/02/2024", "31/12/1999", "01/01/0999"]) {
      const iso = parseDisplayDate(text);
      expect(iso).not.toBeNull();
      expect(formatDisplayDate(iso ?? "")).toBe(text);
    }
  });
});

describe("formatDisplayDate", () => {
  test("formats a calendar date", () => {
    expect(formatDisplayDate("2025-03-05")).toBe("05/03/2025");
  });

  test("formats an instant by its Cape Town date", () => {
    expect(formatDisplayDate(utc("2025-03-04T21:59:00Z"))).toBe("04/03/2025");
    expect(formatDisplayDate(utc("2025-03-04T22:30:00Z"))).toBe("05/03/2025");
  });

  test("throws on a non-date", () => {
    expect(() => formatDisplayDate("2025-02-30")).toThrow(RangeError);
  });
});

describe("sanitiseDateInput (typing rule)", () => {
  test("keeps only digits and slashes", () => {
    expect(sanitiseDateInput("ab1c")).toBe("1");
    expect(sanitiseDateInput("0a5-")).toBe("05/");
    expect(sanitiseDateInput("05.03.2025")).toBe("05/03/2025");
  });

  test("inserts a slash after the day and after the month", () => {
    expect(sanitiseDateInput("0")).toBe("0");
    expect(sanitiseDateInput("05")).toBe("05/");
    expect(sanitiseDateInput("05/0")).toBe("05/0");
    expect(sanitiseDateInput("05/03")).toBe("05/03/");
    expect(sanitiseDateInput("05/03/2")).toBe("05/03/2");
  });

  test("typing character by character builds dd/mm/yyyy", () => {
    let value = "";
    for (const ch of "05032025") value = sanitiseDateInput(value + ch, value);
    expect(value).toBe("05/03/2025");
    expect(parseDisplayDate(value)).toBe("2025-03-05");
  });

  test("typing the slashes yourself after an auto-slash does not double them", () => {
    let value = "";
    for (const ch of "05/03/2025") value = sanitiseDateInput(value + ch, value);
    expect(value).toBe("05/03/2025");
  });

  test("pasting digits only is split into parts", () => {
    expect(sanitiseDateInput("05032025")).toBe("05/03/2025");
    expect(sanitiseDateInput("050")).toBe("05/0");
  });

  test("never exceeds 10 characters", () => {
    expect(sanitiseDateInput("05/03/20251")).toBe("05/03/2025");
    expect(sanitiseDateInput("0503202512345")).toBe("05/03/2025");
    for (const text of ["1/1/11111111", "////", "12345678901234567890", "1/2/3/4/5"]) {
      expect(sanitiseDateInput(text).length).toBeLessThanOrEqual(10);
    }
  });

  test("drops stray slashes", () => {
    expect(sanitiseDateInput("/")).toBe("");
    expect(sanitiseDateInput("05//03")).toBe("05/03/");
    expect(sanitiseDateInput("05/03/2025/")).toBe("05/03/2025");
    expect(sanitiseDateInput("1/2/3/4")).toBe("1/2/34");
  });

  test("a single-digit part closed with a slash stays (and is then rejected)", () => {
    expect(sanitiseDateInput("1/")).toBe("1/");
    expect(sanitiseDateInput("1/2/2025")).toBe("1/2/2025");
    expect(parseDisplayDate(sanitiseDateInput("1/2/2025"))).toBeNull();
  });

  test("backspace can delete an auto-inserted slash", () => {
    expect(sanitiseDateInput("05", "05/")).toBe("05");
    expect(sanitiseDateInput("05/03", "05/03/")).toBe("05/03");
    // ...and typing again continues normally.
    expect(sanitiseDateInput("050", "05")).toBe("05/0");
  });
});

describe("isBeforeToday", () => {
  const lateEvening = utc("2025-03-05T21:59:00Z"); // 23:59 on 5 March in Cape Town
  const justAfterMidnight = utc("2025-03-05T22:00:00Z"); // 00:00 on 6 March in Cape Town

  test("today is not before today; yesterday is", () => {
    expect(isBeforeToday("2025-03-05", lateEvening)).toBe(false);
    expect(isBeforeToday("2025-03-04", lateEvening)).toBe(true);
    expect(isBeforeToday("2025-03-06", lateEvening)).toBe(false);
  });

  test("after Cape Town midnight, the 5th is in the past even though UTC is still on the 5th", () => {
    expect(isBeforeToday("2025-03-05", justAfterMidnight)).toBe(true);
    expect(isBeforeToday("2025-03-06", justAfterMidnight)).toBe(false);
  });

  test("across years and months", () => {
    expect(isBeforeToday("2024-12-31", utc("2025-01-01T10:00:00Z"))).toBe(true);
    expect(isBeforeToday("2025-02-28", utc("2025-03-01T10:00:00Z"))).toBe(true);
  });
});

describe("calendar helpers", () => {
  test("daysInMonth", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2025, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  test("toIsoDate / isIsoDate", () => {
    expect(toIsoDate(2025, 3, 5)).toBe("2025-03-05");
    expect(toIsoDate(2025, 2, 29)).toBeNull();
    expect(isIsoDate("2025-03-05")).toBe(true);
    expect(isIsoDate("2025-3-5")).toBe(false);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate(20250305)).toBe(false);
  });

  test("compareIsoDates and addDays", () => {
    expect(compareIsoDates("2025-03-05", "2025-03-06")).toBe(-1);
    expect(compareIsoDates("2025-03-05", "2025-03-05")).toBe(0);
    expect(compareIsoDates("2026-01-01", "2025-12-31")).toBe(1);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
  });

  test("isValidTime", () => {
    expect(["00:00", "09:05", "10:00", "23:59"].every(isValidTime)).toBe(true);
    expect(["24:00", "9:00", "10:0", "10:60", "", "10:00:00"].some(isValidTime)).toBe(false);
  });
});

describe("display formats in Cape Town time", () => {
  test("confirmation: MMM dd, yyyy, HH:mm", () => {
    expect(formatConfirmationDateTime(utc("2025-03-05T08:00:00Z"))).toBe("Mar 05, 2025, 10:00");
    expect(formatConfirmationDateTime(utc("2025-12-31T22:30:00Z"))).toBe("Jan 01, 2026, 00:30");
    expect(formatConfirmationDateTime(utc("2025-09-10T13:45:00Z"))).toBe("Sep 10, 2025, 15:45");
  });

  test("booking card: US English short month, day, year and 12-hour time", () => {
    expect(formatBookingCardDateTime(utc("2025-03-05T08:00:00Z"))).toBe("Mar 5, 2025, 10:00 AM");
    expect(formatBookingCardDateTime(utc("2025-03-05T10:30:00Z"))).toBe("Mar 5, 2025, 12:30 PM");
    expect(formatBookingCardDateTime(utc("2025-03-05T22:05:00Z"))).toBe("Mar 6, 2025, 12:05 AM");
    expect(formatBookingCardDateTime(utc("2025-11-30T21:59:00Z"))).toBe("Nov 30, 2025, 11:59 PM");
    expect(formatBookingCardDate(utc("2025-12-31T22:00:00Z"))).toBe("Jan 1, 2026");
    expect(formatBookingCardTime(utc("2025-06-01T11:00:00Z"))).toBe("1:00 PM");
  });

  test("invalid dates throw instead of printing 'Invalid Date'", () => {
    expect(() => formatConfirmationDateTime(new Date("nope"))).toThrow(RangeError);
    expect(() => formatBookingCardDateTime(new Date("nope"))).toThrow(RangeError);
  });
});

describe("24-hour cancellation policy", () => {
  const now = utc("2025-03-05T08:00:00Z");
  const pickupIn = (ms: number) => new Date(now.getTime() + ms);

  test("hoursUntil", () => {
    expect(hoursUntil(pickupIn(24 * HOUR), now)).toBe(24);
    expect(hoursUntil(pickupIn(90 * 60_000), now)).toBe(1.5);
    expect(hoursUntil(pickupIn(-2 * HOUR), now)).toBe(-2);
  });

  test("exactly 24 hours before pickup is still allowed; a millisecond later is not", () => {
    expect(canCustomerCancel(pickupIn(24 * HOUR), "confirmed", now)).toBe(true);
    expect(canCustomerCancel(pickupIn(24 * HOUR - 1), "confirmed", now)).toBe(false);
    expect(canCustomerCancel(pickupIn(72 * HOUR), "confirmed", now)).toBe(true);
    expect(canCustomerCancel(pickupIn(-HOUR), "confirmed", now)).toBe(false);
  });

  test("completed and cancelled bookings can never be cancelled", () => {
    expect(canCustomerCancel(pickupIn(72 * HOUR), "completed", now)).toBe(false);
    expect(canCustomerCancel(pickupIn(72 * HOUR), "cancelled", now)).toBe(false);
  });

  test("pending, confirmed and in-progress bookings can be cancelled in time", () => {
    for (const status of ["pending", "confirmed", "in_progress"]) {
      expect(canCustomerCancel(pickupIn(48 * HOUR), status, now)).toBe(true);
    }
  });

  test("unknown status or invalid pickup never allows cancelling", () => {
    expect(canCustomerCancel(pickupIn(48 * HOUR), "whatever", now)).toBe(false);
    expect(canCustomerCancel(new Date("nope"), "confirmed", now)).toBe(false);
  });

  test("the reason shown beside a disabled Cancel button", () => {
    expect(customerCancelBlockedReason(pickupIn(24 * HOUR), "confirmed", now)).toBeNull();
    expect(customerCancelBlockedReason(pickupIn(24 * HOUR - 1), "confirmed", now)).toBe("Bookings can only be cancelled up to 24 hours before pickup");
    expect(customerCancelBlockedReason(pickupIn(-HOUR), "confirmed", now)).toBe(CANCEL_BLOCKED_MESSAGES.tooLate);
    // A trip on the road is told why in its own words, not the 24-hour rule.
    expect(customerCancelBlockedReason(pickupIn(-HOUR), "in_progress", now)).toBe(
      "Your trip has started, so it can't be cancelled. To end it early, contact us and we'll arrange the collection.",
    );
    expect(customerCancelBlockedReason(pickupIn(2 * HOUR), "in_progress", now)).toBe(CANCEL_BLOCKED_MESSAGES.started);
    expect(customerCancelBlockedReason(pickupIn(72 * HOUR), "cancelled", now)).toBe("This booking is already cancelled");
    expect(customerCancelBlockedReason(pickupIn(72 * HOUR), "completed", now)).toBe("Completed bookings cannot be cancelled");
    expect(customerCancelBlockedReason(pickupIn(72 * HOUR), "whatever", now)).toBe(CANCEL_BLOCKED_MESSAGES.unknown);
  });
});

describe("capeTownICalendarDateTime", () => {
  test("the Cape Town wall clock to the second, as the time zone database has it (1942-1944's summer time included)", () => {
    expect(capeTownICalendarDateTime(new Date("2026-03-05T08:00:00.000Z"))).toBe("20260305T100000");
    expect(capeTownICalendarDateTime(new Date("2028-02-28T22:00:59.999Z"))).toBe("20280229T000059");
    expect(capeTownICalendarDateTime(new Date("2026-12-31T22:30:05Z"))).toBe("20270101T003005");
    for (let i = 0; i < 500; i++) {
      const instant = new Date(Date.UTC(1940, 0, 1) + Math.floor(Math.random() * 100 * 365.25 * 86_400_000));
      const wall = fromDate(instant, "Africa/Johannesburg");
      const expected = `${String(wall.year).padStart(4, "0")}${String(wall.month).padStart(2, "0")}${String(wall.day).padStart(2, "0")}T${String(wall.hour).padStart(2, "0")}${String(wall.minute).padStart(2, "0")}${String(wall.second).padStart(2, "0")}`;
      expect([instant.toISOString(), capeTownICalendarDateTime(instant)]).toEqual([instant.toISOString(), expected]);
    }
  });
});
