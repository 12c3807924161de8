// What one customer holds, for admins (issue 18): their active bookings and stored uploads, the
// booking limits in force for them (the operator's defaults, or an admin's overrides), and the
// one action that stops a hoarder: cancel every active booking that has not started yet.
import { z } from "zod";
import {
  type ApiKeyPermission,
  BLOCKING_BOOKING_STATUSES,
  customerBookingLimits,
  NOT_STARTED_BOOKING_STATUSES,
  type BookingLimits,
  type UploadQuota,
} from "#domain";
import { notFound } from "../errors";
import { ADMIN_BOOKING_ENTRY_INCLUDE, type AdminBookingRow } from "./admin-bookings";
import { recordAudit } from "./audit";
import { bookingCancellationEmail } from "../emails/booking";
import { followUpBookingChange } from "./booking-follow-ups";
import { recordStatusChange } from "./booking-history";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer } from "./mail";
import { usedStorage } from "./uploads";
import { parseInput } from "./validation";
import { heldBookings } from "./bookings";
import { requireAdmin, requireAdminOrKey, requireCustomer, type Viewer } from "./viewer";

export type CustomerActivity = {
  activeBookings: AdminBookingRow[];
  uploads: UploadQuota;
  uploadQuota: UploadQuota;
  /** The admin's overrides (null: the default). */
  overrides: { maxActiveBookings: number | null; maxRentalDays: number | null; allowOverlappingBookings: boolean };
  /** The limits in force. */
  limits: BookingLimits;
};

const idOf = (id: unknown) => (typeof id === "string" ? id.trim() : "");

async function findCustomer(services: Services, id: unknown) {
  const userId = idOf(id);
  const user = userId
    ? await services.db.user.findUnique({
        where: { id: userId },
        select: { id: true, name: true, email: true, maxActiveBookings: true, maxRentalDays: true, allowOverlappingBookings: true },
      })
    : null;
  if (!user) throw notFound("Customer not found");
  return user;
}

const activeWhere = (userId: string, now: Date) => ({ userId, status: { in: [...BLOCKING_BOOKING_STATUSES] }, returnDate: { gt: now } });

/**
 * What an API key needs for customerActivity: the customer (customers:read) and their active
 * bookings in full, with dates, places and totals (bookings:read). customers:read alone must not
 * read bookings.
 */
export const CUSTOMER_ACTIVITY_PERMISSIONS = ["customers:read", "bookings:read"] as const satisfies readonly ApiKeyPermission[];

/** A customer's active bookings (soonest first), uploads and limits. Admins, or a key with CUSTOMER_ACTIVITY_PERMISSIONS. */
export async function customerActivity(services: Services, viewer: Viewer, id: unknown, now = new Date()): Promise<CustomerActivity> {
  requireAdminOrKey(viewer, CUSTOMER_ACTIVITY_PERMISSIONS);
  const user = await findCustomer(services, id);
  const [rows, uploads] = await Promise.all([
    services.db.booking.findMany({
      where: activeWhere(user.id, now),
      ...ADMIN_BOOKING_ENTRY_INCLUDE,
      orderBy: [{ pickupDate: "asc" }, { id: "asc" }],
      take: 100,
    }),
    usedStorage(services, { ownerType: "customer", ownerId: user.id }),
  ]);
  const overrides = { maxActiveBookings: user.maxActiveBookings, maxRentalDays: user.maxRentalDays, allowOverlappingBookings: user.allowOverlappingBookings };
  return {
    activeBookings: rows,
    uploads,
    uploadQuota: { files: services.config.uploads.quotaFiles, bytes: services.config.uploads.quotaBytes },
    overrides,
    limits: customerBookingLimits(services.config.bookingLimits, overrides),
  };
}

/** The limits in force for the signed-in customer, and how many active bookings they hold (counted up to `maxActive`). */
export type OwnBookingLimits = BookingLimits & { active: number };

/**
 * What the booking flow tells a customer before they choose (a trip too long, no room for another
 * booking), counted as a new booking counts it (`heldBookings`). The booking itself is still
 * decided under its locks: this is what the customer is shown, not what lets them book.
 */
export async function ownBookingLimits(services: Services, viewer: Viewer, now = new Date()): Promise<OwnBookingLimits> {
  const customer = requireCustomer(viewer);
  const user = await services.db.user.findUnique({
    where: { id: customer.userId },
    select: { maxActiveBookings: true, maxRentalDays: true, allowOverlappingBookings: true },
  });
  if (!user) throw notFound("Customer not found");
  const limits = customerBookingLimits(services.config.bookingLimits, user);
  // No period yet: an empty one overlaps nothing, so only the count is read.
  const { active } = await heldBookings(services.db, customer.userId, { pickupDate: now, returnDate: now }, { now, countUpTo: limits.maxActive });
  return { ...limits, active };
}

export const customerLimitsSchema = z.object({
  maxActiveBookings: z
    .number({ error: "Active bookings must be a whole number from 1 to 100" })
    .int("Active bookings must be a whole number from 1 to 100")
    .min(1, "Active bookings must be a whole number from 1 to 100")
    .max(100, "Active bookings must be a whole number from 1 to 100")
    .nullable(),
  maxRentalDays: z
    .number({ error: "Rental days must be a whole number from 1 to 365" })
    .int("Rental days must be a whole number from 1 to 365")
    .min(1, "Rental days must be a whole number from 1 to 365")
    .max(365, "Rental days must be a whole number from 1 to 365")
    .nullable(),
  allowOverlappingBookings: z.boolean({ error: "Overlapping bookings must be true or false" }),
});

/** Sets a customer's limit overrides (null restores the default). Admins only; audited. */
export async function setCustomerLimits(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<CustomerActivity> {
  const admin = requireAdmin(viewer);
  const data = parseInput(customerLimitsSchema, input);
  const user = await findCustomer(services, id);
  await services.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data });
    await recordAudit(tx, admin, {
      action: "customer.set_limits",
      entity: "user",
      entityId: user.id,
      before: { maxActiveBookings: user.maxActiveBookings, maxRentalDays: user.maxRentalDays, allowOverlappingBookings: user.allowOverlappingBookings },
      after: data,
    });
  });
  return customerActivity(services, viewer, user.id);
}

/**
 * Cancels every active booking of a customer that has not started (pending or confirmed): the
 * one action against a hoarder. Trips in progress are left (the car is out). Each cancellation is
 * audited and the customer gets the usual cancellation email. Admins only.
 */
export async function cancelCustomerBookings(
  services: Services,
  viewer: Viewer,
  id: unknown,
  now = new Date(),
): Promise<{ cancelled: number; activity: CustomerActivity }> {
  const admin = requireAdmin(viewer);
  const user = await findCustomer(services, id);
  const cancelled = await services.db.$transaction(
    async (tx) => {
      const open = await tx.booking.findMany({
        where: { ...activeWhere(user.id, now), status: { in: [...NOT_STARTED_BOOKING_STATUSES] } },
        include: { vehicle: { include: { images: true } } },
      });
      for (const booking of open) {
        const changed = await tx.booking.updateMany({
          where: { id: booking.id, status: booking.status },
          data: { status: "cancelled", calendarSequence: { increment: 1 } },
        });
        if (changed.count !== 1) continue;
        await recordAudit(tx, admin, {
          action: "booking.cancel_for_customer",
          entity: "booking",
          entityId: booking.id,
          before: { status: booking.status },
          after: { status: "cancelled" },
        });
        await recordStatusChange(tx, booking, "cancelled", admin);
        await followUpBookingChange(tx, services.config, booking.id, "cancelled");
        await enqueueEmail(
          tx,
          bookingCancellationEmail(user, { ...booking, status: "cancelled", calendarSequence: booking.calendarSequence + 1 }, services.config, {
            by: "staff",
            wasPending: booking.status === "pending",
          }),
        );
      }
      return open.length;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
  nudgeMailer(services);
  return { cancelled, activity: await customerActivity(services, viewer, user.id, now) };
}
