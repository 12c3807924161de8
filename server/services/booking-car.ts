// A booking's car follows the booking's status (domain carStatusAfterBookingStatus): every code
// path that changes a booking's status (the admin's status change, the driver's handover, the
// customer's cancellation) calls `carFollowsBooking` in the same transaction, so a trip on the
// road shows its car as rented and a trip that ended gives the car back to the fleet.
import type { Prisma } from "../db";
import { bookingTripMove, carStatusAfterTripMove, type BookingStatus, type VehicleStatus } from "#domain";

/** The car's status before and after a booking's status change moved it. */
export type CarStatusMove = { from: VehicleStatus; to: VehicleStatus };

/**
 * Moves the booking's car as its status change from `from` to `to` asks, in the caller's
 * transaction; null when the car stays as it was (no car, no trip started or ended, a car in
 * maintenance or out of service, or one another trip in progress still holds). The write goes
 * through Prisma's vehicle model, so it counts as a catalogue change (server/db/changes.ts) like
 * every other vehicle write; it is guarded on the status read, so a concurrent change of the car
 * (an admin setting maintenance) is never overwritten.
 */
export async function carFollowsBooking(
  tx: Prisma.TransactionClient,
  booking: { id: string; vehicleId: string | null },
  from: BookingStatus,
  to: BookingStatus,
): Promise<CarStatusMove | null> {
  const move = bookingTripMove(from, to);
  return move ? carFollowsTrip(tx, booking, move) : null;
}

/**
 * Moves `booking.vehicleId` as a trip of the booking starting or ending on it asks (domain
 * carStatusAfterTripMove), in the caller's transaction: for a status change above, and for a trip
 * on the road that changes car (assignBookingVehicle). Null when the car stays as it was.
 */
export async function carFollowsTrip(
  tx: Prisma.TransactionClient,
  booking: { id: string; vehicleId: string | null },
  move: "start" | "end",
): Promise<CarStatusMove | null> {
  if (!booking.vehicleId) return null;
  const car = await tx.vehicle.findUnique({ where: { id: booking.vehicleId }, select: { id: true, status: true } });
  if (!car) return null;
  const heldByAnotherTrip = move === "end" && (await tx.booking.count({ where: { vehicleId: car.id, id: { not: booking.id }, status: "in_progress" } })) > 0;
  const next = carStatusAfterTripMove({ move, car: car.status, heldByAnotherTrip });
  if (!next) return null;
  const changed = await tx.vehicle.updateMany({ where: { id: car.id, status: car.status }, data: { status: next } });
  return changed.count === 1 ? { from: car.status, to: next } : null;
}
