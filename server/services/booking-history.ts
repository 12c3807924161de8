// A booking's history (the BookingChange rows its page and the admin's card list): who made a
// change, and the row a person's status change leaves (a cancellation, a confirmation), beside
// the date, place and car changes of booking-changes.ts.
import type { Prisma } from "../db";
import { decimalToCents, type BookingStatus } from "#domain";
import type { CarStatusMove } from "./booking-car";
import type { AdminViewer, ApiKeyViewer, CustomerViewer } from "./viewer";

/** Who made a change: the customer, an admin or an integration's API key. */
export type ChangeActor = CustomerViewer | AdminViewer | ApiKeyViewer;

/** The history row's actorType and actorId for whoever made the change. */
export function actorColumns(actor: ChangeActor): { actorType: "customer" | "admin" | "apiKey"; actorId: string } {
  switch (actor.kind) {
    case "customer":
      return { actorType: "customer", actorId: actor.userId };
    case "admin":
      return { actorType: "admin", actorId: actor.adminId };
    case "apiKey":
      return { actorType: "apiKey", actorId: actor.apiKeyId };
  }
}

/** What a status change's row copies of the booking: the trip as it stands, on both sides. */
type BookingAsItStands = {
  id: string;
  status: BookingStatus;
  pickupDate: Date;
  returnDate: Date;
  deliveryLocation: string;
  returnLocation: string;
  category: Prisma.BookingGetPayload<object>["category"];
  transmission: Prisma.BookingGetPayload<object>["transmission"];
  vehicleId: string | null;
  totalAmount: { toFixed(digits: number): string };
};

/**
 * Records a status set by a person (the customer's cancellation, an admin's confirmation or
 * cancellation), in the transaction that sets it, with what it did to the booking's car (`car`:
 * booking-car.ts carFollowsBooking). Drivers' handovers, which move a trip on and off the road,
 * have their own record (the handover jobs).
 */
export function recordStatusChange(
  tx: Prisma.TransactionClient,
  booking: BookingAsItStands,
  toStatus: BookingStatus,
  actor: ChangeActor,
  car: CarStatusMove | null = null,
) {
  const cents = decimalToCents(booking.totalAmount);
  return tx.bookingChange.create({
    data: {
      bookingId: booking.id,
      kind: "status",
      ...actorColumns(actor),
      fromStatus: booking.status,
      toStatus,
      fromPickupDate: booking.pickupDate,
      toPickupDate: booking.pickupDate,
      fromReturnDate: booking.returnDate,
      toReturnDate: booking.returnDate,
      fromDeliveryLocation: booking.deliveryLocation,
      toDeliveryLocation: booking.deliveryLocation,
      fromReturnLocation: booking.returnLocation,
      toReturnLocation: booking.returnLocation,
      fromCategory: booking.category,
      toCategory: booking.category,
      fromTransmission: booking.transmission,
      toTransmission: booking.transmission,
      fromVehicleId: booking.vehicleId,
      toVehicleId: booking.vehicleId,
      fromTotalCents: cents,
      toTotalCents: cents,
      fromVehicleStatus: car?.from ?? null,
      toVehicleStatus: car?.to ?? null,
    },
  });
}
