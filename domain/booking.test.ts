import { describe, expect, test } from "bun:test";
import {
  ADMIN_RECENT_BOOKINGS_LIMIT,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  bookingNumber,
  bookingTripMove,
  carStatusAfterBookingStatus,
  carStatusAfterTripMove,
  BLOCKING_BOOKING_STATUSES,
  BOOKING_PERIOD_MESSAGES,
  bookingPeriodProblem,
  compareForCustomer,
  customerTimeline,
  isBlockingBookingStatus,
  DEFAULT_BOOKING_STATUS,
  fleetUtilisation,
  HOME_BOOKINGS_LIMIT,
  isActiveBooking,
  isBookingStatus,
  isCancellableStatus,
  isFinalBookingStatus,
  periodsOverlap,
  statusBadgeTone,
  statusChangeTitle,
} from "./booking.ts";

const d = (iso: string) => new Date(iso);

describe("statuses", () => {
  test("the five statuses, confirmed by default", () => {
    expect(BOOKING_STATUSES).toEqual(["pending", "confirmed", "in_progress", "completed", "cancelled"]);
    expect(DEFAULT_BOOKING_STATUS).toBe("confirmed");
    expect(BOOKING_STATUS_LABELS.in_progress).toBe("In Progress");
    expect(isBookingStatus("in_progress")).toBe(true);
    expect(isBookingStatus("active")).toBe(false);
  });

  test("final and cancellable", () => {
    expect(BOOKING_STATUSES.filter(isFinalBookingStatus)).toEqual(["completed", "cancelled"]);
    expect(BOOKING_STATUSES.filter(isCancellableStatus)).toEqual(["pending", "confirmed", "in_progress"]);
    expect(isCancellableStatus("unknown")).toBe(false);
  });

  test("active = confirmed or in progress", () => {
    expect(BOOKING_STATUSES.filter(isActiveBooking)).toEqual(["confirmed", "in_progress"]);
  });

  test("badge tones", () => {
    expect(statusBadgeTone("confirmed")).toBe("green");
    expect(statusBadgeTone("completed")).toBe("grey");
    expect(statusBadgeTone("cancelled")).toBe("red");
    expect(statusBadgeTone("pending")).toBe("blue");
    expect(statusBadgeTone("in_progress")).toBe("blue");
    expect(statusBadgeTone("something else")).toBe("blue");
  });

  test("list limits", () => {
    expect(HOME_BOOKINGS_LIMIT).toBe(2);
    expect(ADMIN_RECENT_BOOKINGS_LIMIT).toBe(5);
  });
});

describe("statusChangeTitle (a booking's history)", () => {
  test("a cancellation, a confirmation, a reopening and any other status by name", () => {
    expect(statusChangeTitle("confirmed", "cancelled")).toBe("Cancelled");
    expect(statusChangeTitle("pending", "cancelled")).toBe("Cancelled");
    expect(statusChangeTitle("pending", "confirmed")).toBe("Confirmed");
    expect(statusChangeTitle("cancelled", "confirmed")).toBe("Reopened as Confirmed");
    expect(statusChangeTitle("completed", "in_progress")).toBe("Reopened as In Progress");
    expect(statusChangeTitle("confirmed", "in_progress")).toBe("Marked In Progress");
    expect(statusChangeTitle("in_progress", "completed")).toBe("Marked Completed");
  });
});

describe("bookingNumber", () => {
  const id = "123e4567-e89b-12d3-a456-426614174abc";

  test("last 6 characters for customers, last 8 for admins", () => {
    expect(bookingNumber(id, "customer")).toBe("174abc");
    expect(bookingNumber(id, "admin")).toBe("14174abc");
  });

  test("keeps the id's case", () => {
    expect(bookingNumber("XYZabcDEF123", "customer")).toBe("DEF123");
  });

  test("short ids are shown whole", () => {
    expect(bookingNumber("abc", "customer")).toBe("abc");
    expect(bookingNumber("", "admin")).toBe("");
  });
});

describe("fleetUtilisation", () => {
  test("rounded percent", () => {
    expect(fleetUtilisation(3, 8)).toBe(38);
    expect(fleetUtilisation(1, 3)).toBe(33);
    expect(fleetUtilisation(2, 3)).toBe(67);
    expect(fleetUtilisation(5, 5)).toBe(100);
    expect(fleetUtilisation(1, 200)).toBe(1);
    expect(fleetUtilisation(1, 201)).toBe(0);
  });

  test("0 without vehicles or bookings", () => {
    expect(fleetUtilisation(0, 5)).toBe(0);
    expect(fleetUtilisation(5, 0)).toBe(0);
    expect(fleetUtilisation(0, 0)).toBe(0);
    expect(fleetUtilisation(3, -1)).toBe(0);
  });

  test("not capped at 100", () => {
    expect(fleetUtilisation(6, 4)).toBe(150);
  });
});

describe("periodsOverlap (half-open)", () => {
  const a = [d("2025-03-05T08:00:00Z"), d("2025-03-08T08:00:00Z")] as const;

  test("back-to-back periods do not overlap", () => {
    expect(periodsOverlap(...a, d("2025-03-08T08:00:00Z"), d("2025-03-10T08:00:00Z"))).toBe(false);
    expect(periodsOverlap(...a, d("2025-03-01T08:00:00Z"), d("2025-03-05T08:00:00Z"))).toBe(false);
  });

  test("one millisecond of shared time overlaps", () => {
    expect(periodsOverlap(...a, d("2025-03-08T07:59:59.999Z"), d("2025-03-10T08:00:00Z"))).toBe(true);
  });

  test("containment, identity, partial overlap", () => {
    expect(periodsOverlap(...a, d("2025-03-06T00:00:00Z"), d("2025-03-07T00:00:00Z"))).toBe(true);
    expect(periodsOverlap(...a, ...a)).toBe(true);
    expect(periodsOverlap(d("2025-03-01T00:00:00Z"), d("2025-03-31T00:00:00Z"), ...a)).toBe(true);
    expect(periodsOverlap(...a, d("2025-03-07T00:00:00Z"), d("2025-03-09T00:00:00Z"))).toBe(true);
  });

  test("disjoint, empty and invalid periods never overlap", () => {
    expect(periodsOverlap(...a, d("2025-04-01T00:00:00Z"), d("2025-04-02T00:00:00Z"))).toBe(false);
    expect(periodsOverlap(...a, d("2025-03-06T00:00:00Z"), d("2025-03-06T00:00:00Z"))).toBe(false);
    expect(periodsOverlap(...a, d("2025-03-07T00:00:00Z"), d("2025-03-06T00:00:00Z"))).toBe(false);
    expect(periodsOverlap(...a, new Date("nope"), d("2025-03-06T00:00:00Z"))).toBe(false);
  });
});

describe("bookingPeriodProblem", () => {
  const now = d("2025-03-05T08:00:00Z");

  test("acceptable period", () => {
    expect(bookingPeriodProblem(d("2025-03-05T08:00:00Z"), d("2025-03-06T08:00:00Z"), now)).toBeNull();
  });

  test("pickup in the past", () => {
    expect(bookingPeriodProblem(d("2025-03-05T07:59:59Z"), d("2025-03-06T08:00:00Z"), now)).toBe("pickup_in_past");
  });

  test("return not after pickup", () => {
    expect(bookingPeriodProblem(d("2025-03-06T08:00:00Z"), d("2025-03-06T08:00:00Z"), now)).toBe("return_not_after_pickup");
    expect(bookingPeriodProblem(d("2025-03-07T08:00:00Z"), d("2025-03-06T08:00:00Z"), now)).toBe("return_not_after_pickup");
  });

  test("invalid dates", () => {
    expect(bookingPeriodProblem(new Date("x"), d("2025-03-06T08:00:00Z"), now)).toBe("invalid_dates");
  });

  test("pickup at most 365 days ahead, rentals at most 365 days long", () => {
    // 2025 is not a leap year: 365 days after 2025-03-05 is 2026-03-05.
    expect(bookingPeriodProblem(d("2026-03-05T08:00:00Z"), d("2026-03-06T08:00:00Z"), now)).toBeNull();
    expect(bookingPeriodProblem(d("2026-03-05T08:00:01Z"), d("2026-03-06T08:00:00Z"), now)).toBe("too_far_ahead");
    expect(bookingPeriodProblem(d("2025-03-06T08:00:00Z"), d("2026-03-06T08:00:00Z"), now)).toBeNull();
    expect(bookingPeriodProblem(d("2025-03-06T08:00:00Z"), d("2026-03-06T08:00:01Z"), now)).toBe("too_long");
    expect(BOOKING_PERIOD_MESSAGES.too_long).toBe("A booking can be at most 365 days long");
  });
});

describe("blocking statuses", () => {
  test("pending, confirmed and in progress hold the vehicle; completed and cancelled do not", () => {
    expect([...BLOCKING_BOOKING_STATUSES]).toEqual(["pending", "confirmed", "in_progress"]);
    expect(BOOKING_STATUSES.filter(isBlockingBookingStatus)).toEqual(["pending", "confirmed", "in_progress"]);
    expect(isBlockingBookingStatus("completed")).toBe(false);
    expect(isBlockingBookingStatus("cancelled")).toBe(false);
    expect(isBlockingBookingStatus("unknown")).toBe(false);
  });
});

describe("the customer's order (My Bookings, Home)", () => {
  const now = d("2026-03-10T12:00:00Z");
  const booking = (id: string, status: string, pickup: string, ret: string) => ({ id, status, pickupDate: d(pickup), returnDate: d(ret) });

  test("now: in progress, or open with its pickup come and return ahead; upcoming: open and ahead; past: the rest", () => {
    expect(customerTimeline(booking("a", "in_progress", "2026-03-11T08:00:00Z", "2026-03-12T08:00:00Z"), now)).toBe("now");
    expect(customerTimeline(booking("b", "confirmed", "2026-03-10T08:00:00Z", "2026-03-12T08:00:00Z"), now)).toBe("now");
    expect(customerTimeline(booking("c", "pending", "2026-03-11T08:00:00Z", "2026-03-12T08:00:00Z"), now)).toBe("upcoming");
    expect(customerTimeline(booking("d", "confirmed", "2026-03-08T08:00:00Z", "2026-03-10T12:00:00Z"), now)).toBe("past"); // returned at this very moment
    expect(customerTimeline(booking("e", "cancelled", "2026-03-20T08:00:00Z", "2026-03-21T08:00:00Z"), now)).toBe("past");
    expect(customerTimeline(booking("f", "completed", "2026-03-01T08:00:00Z", "2026-03-02T08:00:00Z"), now)).toBe("past");
  });

  test("current first, then upcoming soonest first, then past most recent first; ties by id", () => {
    const list = [
      booking("past-old", "completed", "2026-01-01T08:00:00Z", "2026-01-02T08:00:00Z"),
      booking("next-2", "confirmed", "2026-04-01T08:00:00Z", "2026-04-02T08:00:00Z"),
      booking("past-new", "cancelled", "2026-03-20T08:00:00Z", "2026-03-21T08:00:00Z"),
      booking("current", "in_progress", "2026-03-09T08:00:00Z", "2026-03-11T08:00:00Z"),
      booking("next-1b", "pending", "2026-03-15T08:00:00Z", "2026-03-16T08:00:00Z"),
      booking("next-1a", "confirmed", "2026-03-15T08:00:00Z", "2026-03-17T08:00:00Z"),
    ];
    expect(list.sort((a, b) => compareForCustomer(a, b, now)).map((b) => b.id)).toEqual(["current", "next-1a", "next-1b", "next-2", "past-new", "past-old"]);
  });
});

describe("a booking's car follows its status", () => {
  const after = (from: any, to: any, car: any, heldByAnotherTrip = false) => carStatusAfterBookingStatus({ from, to, car, heldByAnotherTrip });

  test("a trip goes on the road only by going in progress, and comes off it by leaving in progress", () => {
    expect(bookingTripMove("confirmed", "in_progress")).toBe("start");
    expect(bookingTripMove("pending", "in_progress")).toBe("start");
    expect(bookingTripMove("completed", "in_progress")).toBe("start");
    for (const to of ["completed", "cancelled", "confirmed", "pending"] as const) expect(bookingTripMove("in_progress", to)).toBe("end");
    expect(bookingTripMove("in_progress", "in_progress")).toBeNull();
    expect(bookingTripMove("confirmed", "cancelled")).toBeNull();
    expect(bookingTripMove("pending", "confirmed")).toBeNull();
  });

  test("in progress: an available car becomes rented; one in maintenance or out of service keeps its status", () => {
    expect(after("confirmed", "in_progress", "available")).toBe("rented");
    expect(after("confirmed", "in_progress", "rented")).toBeNull();
    expect(after("confirmed", "in_progress", "maintenance")).toBeNull();
    expect(after("confirmed", "in_progress", "out_of_service")).toBeNull();
  });

  test("leaving in progress: a rented car is available again, unless another trip in progress holds it; maintenance and out of service stay", () => {
    for (const to of ["completed", "cancelled", "confirmed"] as const) expect(after("in_progress", to, "rented")).toBe("available");
    expect(after("in_progress", "completed", "rented", true)).toBeNull();
    expect(after("in_progress", "completed", "maintenance")).toBeNull();
    expect(after("in_progress", "cancelled", "out_of_service")).toBeNull();
    expect(after("in_progress", "completed", "available")).toBeNull();
  });

  test("changes that neither start nor end a trip leave the car as it is", () => {
    expect(after("confirmed", "cancelled", "rented")).toBeNull();
    expect(after("pending", "confirmed", "available")).toBeNull();
    expect(after("completed", "confirmed", "rented")).toBeNull();
  });
});

test("a trip that changes car: the new car starts it (available -> rented), the old one ends it (rented -> available, unless another trip holds it)", () => {
  expect(carStatusAfterTripMove({ move: "start", car: "available", heldByAnotherTrip: false })).toBe("rented");
  expect(carStatusAfterTripMove({ move: "start", car: "maintenance", heldByAnotherTrip: false })).toBeNull();
  expect(carStatusAfterTripMove({ move: "end", car: "rented", heldByAnotherTrip: false })).toBe("available");
  expect(carStatusAfterTripMove({ move: "end", car: "rented", heldByAnotherTrip: true })).toBeNull();
  expect(carStatusAfterTripMove({ move: "end", car: "out_of_service", heldByAnotherTrip: false })).toBeNull();
});
