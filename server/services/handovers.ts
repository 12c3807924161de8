// Delivery and collection: the dispatch board (admins), the driver's jobs and their moves
// (start, fail, the checklist), and the condition report (the booking's customer and admins).
//
// The state machine (domain/handover.ts) is the server's: no collection before the delivery, no
// second delivery, nothing from a driver the job is not assigned to, nothing outside the driver's
// window (the Cape Town day before the job to the day after). A checklist moves the booking and
// the car in the same transaction as the job; a repeated submission (same idempotency key)
// changes nothing and answers what the first one stored.
import type { Prisma } from "../db";
import {
  checklistProblem,
  checklistSchema,
  collectionCharges,
  failJobSchema,
  HANDOVER_KINDS,
  HANDOVER_MESSAGES,
  handoverTime,
  handoverDayField,
  REQUIRED_PHOTO_SLOTS,
  startProblem,
  type HandoverCharges,
  type HandoverKind,
  type HandoverState,
} from "#domain";
import { z } from "zod";
import { badInput, conflict, notFound } from "../errors";
import { recordAudit } from "./audit";
import { isUniqueViolation } from "./auth";
import type { Services } from "./context";
import { collectedEmail, deliveredEmail, onTheWayEmail } from "../emails/handover";
import { capeTownDaysRange, driverJobWindowWhere } from "./handover-window";
import { carFollowsBooking } from "./booking-car";
import { followUpBookingChange } from "./booking-follow-ups";
import { enqueueEmail, nudgeMailer } from "./mail";
import { resolveOwnedObject } from "./uploads";
import { parseInput } from "./validation";
import { requireAdminOrKey, requireCustomer, requireDriver, type Viewer } from "./viewer";

export const DISPATCH_MESSAGES = {
  bookingNotFound: "Booking not found",
  jobNotFound: "Job not found",
  cancelled: "This booking is cancelled: it has no deliveries or collections",
  doneJob: "This handover is already done; its driver cannot change",
} as const;

// Reading ---------------------------------------------------------------------------------------

const driverSelect = { select: { id: true, name: true, phone: true, isActive: true } } satisfies { select: Prisma.DriverSelect };
const photosInclude = { photos: { orderBy: [{ position: "asc" as const }, { createdAt: "asc" as const }] } };
const jobInclude = { driver: driverSelect, ...photosInclude } satisfies Prisma.HandoverJobInclude;
export type HandoverJobRow = Prisma.HandoverJobGetPayload<{ include: typeof jobInclude }>;

const dispatchBookingInclude = {
  user: { select: { id: true, name: true, phone: true, email: true } },
  vehicle: { select: { id: true, make: true, model: true, registrationNumber: true, mileage: true, status: true } },
  handovers: { include: jobInclude },
} satisfies Prisma.BookingInclude;
type DispatchBooking = Prisma.BookingGetPayload<{ include: typeof dispatchBookingInclude }>;

/** One delivery or collection on the board: the booking, and its job once a driver was assigned. */
export type DispatchEntry = { key: string; kind: HandoverKind; at: Date; booking: DispatchBooking; job: HandoverJobRow | null };
export type DispatchCounts = { deliveries: number; collections: number; unassigned: number; done: number };
export type DispatchDay = { date: string; entries: DispatchEntry[]; counts: DispatchCounts };

const dispatchQuerySchema = z.object({
  date: handoverDayField,
  driverId: z.string().trim().max(100).nullish(),
});

export const entryKey = (bookingId: string, kind: HandoverKind) => `${bookingId}:${kind}`;
const stateOf = (job: { state: HandoverState } | null): HandoverState => job?.state ?? "scheduled";

/**
 * One Cape Town day's deliveries (pickups) and collections (returns) of bookings that are not
 * cancelled, in time order, with the day's counts. `driverId` filters the entries (not the counts).
 */
export async function dispatchDay(services: Services, viewer: Viewer, query: unknown): Promise<DispatchDay> {
  requireAdminOrKey(viewer, "bookings:read");
  const q = parseInput(dispatchQuerySchema, query);
  const range = capeTownDaysRange(q.date, q.date);
  const bookings = await services.db.booking.findMany({
    where: { status: { not: "cancelled" }, OR: [{ pickupDate: range }, { returnDate: range }] },
    include: dispatchBookingInclude,
    take: 2000,
  });
  const inDay = (at: Date) => at >= range.gte && at < range.lt;
  const entries: DispatchEntry[] = [];
  for (const booking of bookings) {
    for (const kind of HANDOVER_KINDS) {
      const at = handoverTime(kind, booking);
      if (!inDay(at)) continue;
      entries.push({ key: entryKey(booking.id, kind), kind, at, booking, job: booking.handovers.find((j) => j.kind === kind) ?? null });
    }
  }
  entries.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? a.booking.id.localeCompare(b.booking.id) : a.kind === "collection" ? -1 : 1));
  const counts: DispatchCounts = {
    deliveries: entries.filter((e) => e.kind === "delivery").length,
    collections: entries.filter((e) => e.kind === "collection").length,
    unassigned: entries.filter((e) => !e.job?.driverId && stateOf(e.job) !== "done").length,
    done: entries.filter((e) => stateOf(e.job) === "done").length,
  };
  const shown = q.driverId ? entries.filter((e) => (q.driverId === "unassigned" ? !e.job?.driverId : e.job?.driverId === q.driverId)) : entries;
  return { date: q.date, entries: shown, counts };
}

async function dispatchEntry(db: Prisma.TransactionClient, bookingId: string, kind: HandoverKind): Promise<DispatchEntry> {
  const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: dispatchBookingInclude });
  return { key: entryKey(booking.id, kind), kind, at: handoverTime(kind, booking), booking, job: booking.handovers.find((j) => j.kind === kind) ?? null };
}

// Assigning drivers -----------------------------------------------------------------------------

const assignDriverSchema = z.object({
  bookingId: z.string({ error: DISPATCH_MESSAGES.bookingNotFound }).trim().min(1, DISPATCH_MESSAGES.bookingNotFound).max(100),
  kind: z.enum(HANDOVER_KINDS, { error: "Choose delivery or collection" }),
  /** null or "" leaves the job without a driver. */
  driverId: z.string().trim().max(100).nullish(),
});

const jobAuditView = (job: { driverId: string | null; state: string } | null) => ({ driverId: job?.driverId ?? null, state: job?.state ?? "scheduled" });

/**
 * Gives a delivery or collection to a driver (or takes it away). A disabled driver cannot be
 * chosen, a done job keeps its driver, and a failed job given to a driver is scheduled again.
 * Audited. Admins, or a key with bookings:write.
 */
export async function assignDriver(services: Services, viewer: Viewer, input: unknown): Promise<DispatchEntry> {
  const actor = requireAdminOrKey(viewer, "bookings:write");
  const data = parseInput(assignDriverSchema, input);
  const driverId = data.driverId || null;
  if (driverId) {
    const driver = await services.db.driver.findUnique({ where: { id: driverId }, select: { isActive: true } });
    if (!driver) throw badInput("Driver not found", { driverId: "Driver not found" });
    if (!driver.isActive) throw badInput(HANDOVER_MESSAGES.driverDisabled, { driverId: HANDOVER_MESSAGES.driverDisabled });
  }
  const attempt = () =>
    services.db.$transaction(async (tx) => {
      const booking = await tx.booking.findUnique({ where: { id: data.bookingId }, select: { id: true, status: true } });
      if (!booking) throw notFound(DISPATCH_MESSAGES.bookingNotFound);
      if (booking.status === "cancelled") throw conflict(DISPATCH_MESSAGES.cancelled);
      const before = await tx.handoverJob.findUnique({ where: { bookingId_kind: { bookingId: booking.id, kind: data.kind } } });
      if (before?.state === "done") throw conflict(DISPATCH_MESSAGES.doneJob);
      if ((before?.driverId ?? null) === driverId && before?.state !== "failed") return dispatchEntry(tx, booking.id, data.kind);
      const reschedule =
        before?.state === "failed" && driverId ? { state: "scheduled" as const, failureReason: null, failureNote: null, finishedAt: null } : {};
      const after = before
        ? await tx.handoverJob.update({ where: { id: before.id }, data: { driverId, ...reschedule } })
        : await tx.handoverJob.create({ data: { bookingId: booking.id, kind: data.kind, driverId } });
      await recordAudit(tx, actor, {
        action: "handover.assign_driver",
        entity: "booking",
        entityId: booking.id,
        before: { kind: data.kind, ...jobAuditView(before) },
        after: { kind: data.kind, ...jobAuditView(after) },
      });
      return dispatchEntry(tx, booking.id, data.kind);
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first assignments at once: the second finds the job the first made.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

// The driver's jobs -----------------------------------------------------------------------------

/** What a driver sees of a job's booking: the handover's essentials, nothing else of the profile. */
const driverBookingSelect = {
  id: true,
  status: true,
  category: true,
  transmission: true,
  pickupDate: true,
  returnDate: true,
  deliveryLocation: true,
  deliveryCoordinates: true,
  returnLocation: true,
  returnCoordinates: true,
  specialRequests: true,
  user: { select: { name: true, phone: true, driversLicenseNumber: true, driversLicenseImage: true } },
  vehicle: { select: { id: true, make: true, model: true, registrationNumber: true, mileage: true } },
  handovers: { select: { kind: true, state: true, odometerKm: true, fuelEighths: true, finishedAt: true, ...photosInclude } },
} satisfies Prisma.BookingSelect;
const driverJobInclude = { ...jobInclude, booking: { select: driverBookingSelect } } satisfies Prisma.HandoverJobInclude;
export type DriverJobRow = Prisma.HandoverJobGetPayload<{ include: typeof driverJobInclude }>;

const byTime = (a: DriverJobRow, b: DriverJobRow) => handoverTime(a.kind, a.booking).getTime() - handoverTime(b.kind, b.booking).getTime();

/** The signed-in driver's jobs in their window (the day before to the day after), in time order; `date` narrows to one day. */
export async function listDriverJobs(services: Services, viewer: Viewer, query: unknown = {}): Promise<DriverJobRow[]> {
  const driver = requireDriver(viewer);
  const { date } = parseInput(z.object({ date: handoverDayField.nullish() }), query ?? {});
  const day = date ? capeTownDaysRange(date, date) : null;
  const rows = await services.db.handoverJob.findMany({
    where: {
      driverId: driver.driverId,
      booking: { status: { not: "cancelled" } },
      AND: [
        driverJobWindowWhere(),
        ...(day
          ? [
              {
                OR: [
                  { kind: "delivery" as const, booking: { pickupDate: day } },
                  { kind: "collection" as const, booking: { returnDate: day } },
                ],
              },
            ]
          : []),
      ],
    },
    include: driverJobInclude,
    take: 500,
  });
  return rows.sort(byTime);
}

/** One of the driver's jobs; another driver's, or one outside the window, is "not found". */
export async function getDriverJob(services: Services, viewer: Viewer, id: unknown): Promise<DriverJobRow> {
  const driver = requireDriver(viewer);
  const jobId = typeof id === "string" ? id.trim() : "";
  const row = jobId
    ? await services.db.handoverJob.findFirst({ where: { id: jobId, driverId: driver.driverId, ...driverJobWindowWhere() }, include: driverJobInclude })
    : null;
  if (!row) throw notFound(DISPATCH_MESSAGES.jobNotFound);
  return row;
}

/** The driver is on the way: scheduled -> en_route; a delivery tells the customer. */
export async function startJob(services: Services, viewer: Viewer, id: unknown): Promise<DriverJobRow> {
  const job = await getDriverJob(services, viewer, id);
  // The job's own state is startProblem's to judge; the booking's is the checklist's rule.
  const problem = startProblem(job.state) ?? checklistProblemOf(job, "en_route");
  if (problem) throw conflict(problem);
  await services.db.$transaction(async (tx) => {
    const changed = await tx.handoverJob.updateMany({ where: { id: job.id, state: "scheduled" }, data: { state: "en_route", startedAt: new Date() } });
    if (changed.count !== 1) throw conflict(HANDOVER_MESSAGES.cannotStart("en_route"));
    if (job.kind === "delivery") {
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: job.bookingId }, include: { user: true, vehicle: true } });
      await enqueueEmail(tx, onTheWayEmail(booking.user, booking, job.driver ?? { name: "Your driver", phone: "" }));
    }
  });
  nudgeMailer(services);
  return getDriverJob(services, viewer, job.id);
}

/** Why the job's checklist cannot be submitted now (domain/handover.ts checklistProblem), judged as in `state`. */
function checklistProblemOf(job: DriverJobRow, state: DriverJobRow["state"] = job.state): string | null {
  return checklistProblem({ kind: job.kind, state, bookingStatus: job.booking.status, hasVehicle: job.booking.vehicle !== null });
}

/** A collection's delivery record (null for a delivery, or when the car went out without one). */
export const deliveryRecordOf = (job: DriverJobRow) => (job.kind === "collection" ? (job.booking.handovers.find((h) => h.kind === "delivery") ?? null) : null);

/** The lowest odometer reading a job's checklist accepts: the car's last reading and, for a collection, the delivery's. */
export const minOdometerKm = (job: DriverJobRow) => Math.max(job.booking.vehicle?.mileage ?? 0, deliveryRecordOf(job)?.odometerKm ?? 0);

/** The handover could not happen: scheduled or en_route -> failed, with the reason. */
export async function failJob(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<DriverJobRow> {
  const job = await getDriverJob(services, viewer, id);
  const data = parseInput(failJobSchema, input);
  const changed = await services.db.handoverJob.updateMany({
    where: { id: job.id, state: { in: ["scheduled", "en_route"] } },
    data: { state: "failed", failureReason: data.reason, failureNote: data.note || null, finishedAt: new Date() },
  });
  if (changed.count !== 1) throw conflict(HANDOVER_MESSAGES.cannotFail);
  return getDriverJob(services, viewer, job.id);
}

// The checklist ---------------------------------------------------------------------------------

export type ChecklistResult = { job: DriverJobRow; charges: HandoverCharges | null; replayed: boolean };

/** Charges a collection would add if submitted now with `fuelEighths` (shown to the driver first). */
export async function previewCharges(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<HandoverCharges> {
  const job = await getDriverJob(services, viewer, id);
  const { fuelEighths } = parseInput(z.object({ fuelEighths: checklistSchema.shape.fuelEighths }), input);
  return chargesFor(services, job, new Date(), fuelEighths);
}

function chargesFor(
  services: Services,
  job: DriverJobRow,
  at: Date,
  fuelEighths: number,
  booking: Pick<DriverJobRow["booking"], "category" | "pickupDate" | "returnDate"> = job.booking,
): HandoverCharges {
  if (job.kind !== "collection") return { lateDays: 0, lateFeeCents: 0, fuelEighthsShort: 0, fuelFeeCents: 0, totalCents: 0 };
  return collectionCharges(
    {
      category: booking.category,
      pickup: booking.pickupDate,
      bookedReturn: booking.returnDate,
      collectedAt: at,
      deliveryFuelEighths: deliveryRecordOf(job)?.fuelEighths ?? null,
      collectionFuelEighths: fuelEighths,
    },
    services.config.charges,
  );
}

export const storedCharges = (job: { lateDays: number | null; lateFeeCents: number | null; fuelEighthsShort: number | null; fuelFeeCents: number | null }) =>
  job.lateDays === null
    ? null
    : {
        lateDays: job.lateDays,
        lateFeeCents: job.lateFeeCents ?? 0,
        fuelEighthsShort: job.fuelEighthsShort ?? 0,
        fuelFeeCents: job.fuelFeeCents ?? 0,
        totalCents: (job.lateFeeCents ?? 0) + (job.fuelFeeCents ?? 0),
      };

/**
 * Submits a delivery or collection checklist. Delivery: booking -> in_progress, car -> rented,
 * its mileage -> the odometer. Collection: charges computed and stored, booking -> completed, car
 * -> available (maintenance when new damage is noted). The car moves by the rule an admin's status
 * change uses (booking-car.ts: a car in maintenance or out of service keeps that status, one
 * another trip still holds stays rented). One transaction; emails through the outbox.
 */
export async function submitChecklist(services: Services, viewer: Viewer, id: unknown, input: unknown): Promise<ChecklistResult> {
  const driver = requireDriver(viewer);
  const data = parseInput(checklistSchema, input);
  const job = await getDriverJob(services, viewer, id);
  if (job.submissionKey === data.idempotencyKey) return { job, charges: storedCharges(job), replayed: true };
  const problem = checklistProblemOf(job);
  if (problem) throw conflict(problem);
  if (job.kind === "delivery" && !data.licenceChecked)
    throw badInput(HANDOVER_MESSAGES.licenceUnchecked, { licenceChecked: HANDOVER_MESSAGES.licenceUnchecked });
  const vehicle = job.booking.vehicle!;
  const floor = minOdometerKm(job);
  if (data.odometerKm < floor) throw badInput(HANDOVER_MESSAGES.odometerBelow(floor), { odometerKm: HANDOVER_MESSAGES.odometerBelow(floor) });

  // Every photo must be this driver's own upload, for a handover, used once.
  const photos: { slot: string; path: string; note: string | null; position: number }[] = [];
  for (const slot of REQUIRED_PHOTO_SLOTS) {
    photos.push({
      slot,
      path: await resolveOwnedObject(services, viewer, data.photos[slot], ["handover_photo"], `photos.${slot}`),
      note: null,
      position: photos.length,
    });
  }
  for (const [i, damage] of data.damage.entries()) {
    photos.push({
      slot: "damage",
      path: await resolveOwnedObject(services, viewer, damage.photo, ["handover_photo"], `damage.${i}.photo`),
      note: damage.note,
      position: photos.length,
    });
  }
  const signaturePath = await resolveOwnedObject(services, viewer, data.signature, ["signature"], "signature");
  if (new Set(photos.map((p) => p.path)).size !== photos.length)
    throw badInput("Each photo must be a different picture", { photos: "Each photo must be a different picture" });

  const now = new Date();
  let charges: HandoverCharges | null = null;
  try {
    await services.db.$transaction(async (tx) => {
      const claimed = await tx.handoverJob.updateMany({
        where: { id: job.id, driverId: driver.driverId, state: { in: ["scheduled", "en_route"] } },
        data: {
          state: "done",
          finishedAt: now,
          startedAt: job.startedAt ?? now,
          odometerKm: data.odometerKm,
          fuelEighths: data.fuelEighths,
          licenceChecked: data.licenceChecked,
          position: data.position ?? null,
          signaturePath,
          submissionKey: data.idempotencyKey,
        },
      });
      if (claimed.count !== 1) throw conflict(HANDOVER_MESSAGES.alreadyDone);
      await tx.handoverPhoto.createMany({ data: photos.map((p) => ({ ...p, jobId: job.id })) });
      const from = job.kind === "delivery" ? "confirmed" : "in_progress";
      const to = job.kind === "delivery" ? "in_progress" : "completed";
      const moved = await tx.booking.updateMany({ where: { id: job.bookingId, status: from }, data: { status: to } });
      if (moved.count !== 1) throw conflict("This booking changed meanwhile. Please ask the office.");
      if (job.kind === "collection") {
        // Charged on the booking as it is now, under its row lock: a trip extended since the job was
        // read returns later, and its customer, who paid for the extension, owes no late day for it.
        const booked = await tx.booking.findUniqueOrThrow({ where: { id: job.bookingId }, select: { category: true, pickupDate: true, returnDate: true } });
        charges = chargesFor(services, job, now, data.fuelEighths, booked);
        await tx.handoverJob.update({
          where: { id: job.id },
          data: {
            lateDays: charges.lateDays,
            lateFeeCents: charges.lateFeeCents,
            fuelEighthsShort: charges.fuelEighthsShort,
            fuelFeeCents: charges.fuelFeeCents,
          },
        });
      }
      await followUpBookingChange(tx, services.config, job.bookingId, job.kind === "collection" ? "collection_charges" : "confirmed");
      // The car follows the booking by the admin's own rule (booking-car.ts); new damage noted at a collection sends it to maintenance.
      await carFollowsBooking(tx, { id: job.bookingId, vehicleId: vehicle.id }, from, to);
      const damaged = job.kind === "collection" && data.damage.length > 0;
      await tx.vehicle.update({ where: { id: vehicle.id }, data: { mileage: data.odometerKm, ...(damaged ? { status: "maintenance" as const } : {}) } });
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: job.bookingId }, include: { user: true, vehicle: true } });
      await enqueueEmail(
        tx,
        job.kind === "delivery"
          ? deliveredEmail(booking.user, booking, now, services.config.publicUrl)
          : collectedEmail(booking.user, booking, now, charges!, services.config.publicUrl),
      );
    });
  } catch (error) {
    // The same submission twice at once: the second finds the first's result.
    const current = await getDriverJob(services, viewer, job.id).catch(() => null);
    if (current?.submissionKey === data.idempotencyKey) return { job: current, charges: storedCharges(current), replayed: true };
    if (isUniqueViolation(error)) throw conflict(HANDOVER_MESSAGES.duplicateSubmission);
    throw error;
  }
  nudgeMailer(services);
  return { job: await getDriverJob(services, viewer, job.id), charges, replayed: false };
}

// The condition report ----------------------------------------------------------------------------

const reportInclude = {
  vehicle: { select: { id: true, make: true, model: true, registrationNumber: true } },
  handovers: { include: { driver: { select: { name: true } }, ...photosInclude } },
} satisfies Prisma.BookingInclude;
export type ConditionReport = Prisma.BookingGetPayload<{ include: typeof reportInclude }>;

/** A booking's handovers for its customer or an admin (photos, readings, signature, charges). */
export async function conditionReport(services: Services, viewer: Viewer, bookingId: unknown): Promise<ConditionReport> {
  const id = typeof bookingId === "string" ? bookingId.trim() : "";
  const where: Prisma.BookingWhereInput = { id };
  if (viewer.kind !== "admin" && viewer.kind !== "apiKey") where.userId = requireCustomer(viewer).userId;
  else requireAdminOrKey(viewer, "bookings:read");
  const row = id ? await services.db.booking.findFirst({ where, include: reportInclude }) : null;
  if (!row) throw notFound(DISPATCH_MESSAGES.bookingNotFound);
  return row;
}
