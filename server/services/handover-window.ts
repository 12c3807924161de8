// The handover jobs a driver may see now: those whose time (the booking's pickup for a delivery,
// its return for a collection) falls from the Cape Town day before today to the day after.
import type { Prisma } from "../db";
import { addDays, capeTownDateTimeToUtc, driverWindow } from "#domain";

/** [start, end) instants of the Cape Town days from `from` to `to`, inclusive. */
export function capeTownDaysRange(from: string, to: string): { gte: Date; lt: Date } {
  return { gte: capeTownDateTimeToUtc(from, "00:00"), lt: capeTownDateTimeToUtc(addDays(to, 1), "00:00") };
}

/** A where clause for handover jobs in the driver window at `now`. */
export function driverJobWindowWhere(now: Date = new Date()): Prisma.HandoverJobWhereInput {
  const { from, to } = driverWindow(now);
  const range = capeTownDaysRange(from, to);
  return {
    OR: [
      { kind: "delivery", booking: { pickupDate: range } },
      { kind: "collection", booking: { returnDate: range } },
    ],
  };
}
