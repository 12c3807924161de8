// REST JSON of bookings: the customer's own (SPEC 7 /api/bookings) and the admin list entry
// (SPEC 3, /api/admin/bookings and the dashboard), from the rows the GraphQL Booking and
// AdminBooking variants read. Money as text, instants as ISO strings (written here, so that
// jsonResponse copies nothing of a page of them).
import { bookingNumber, type BookingQuote, centsToDecimal, customerCancelBlockedReason, splitName } from "#domain";
import type { AdminBookingRow } from "../../services/admin-bookings";
import type { BookingWithPhotoUrls } from "../../services/bookings";
import { vehicleJson } from "./vehicles";
import { money } from "./json";

/** A booking as REST answers it: the GraphQL Booking fields (money as text, ISO instants). */
export function bookingJson(b: BookingWithPhotoUrls, now: Date = new Date()) {
  const cancelBlockedReason = customerCancelBlockedReason(b.pickupDate, b.status, now);
  return {
    id: b.id,
    bookingNumber: bookingNumber(b.id, "customer"),
    vehicleId: b.vehicleId,
    category: b.category,
    transmission: b.transmission,
    pickupDate: b.pickupDate.toISOString(),
    returnDate: b.returnDate.toISOString(),
    deliveryLocation: b.deliveryLocation,
    deliveryCoordinates: b.deliveryCoordinates,
    returnLocation: b.returnLocation,
    returnCoordinates: b.returnCoordinates,
    deliveryVerified: b.deliveryVerified,
    returnVerified: b.returnVerified,
    totalAmount: money(b.totalAmount),
    duration: b.duration,
    status: b.status,
    specialRequests: b.specialRequests,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    canCancel: cancelBlockedReason === null,
    cancelBlockedReason,
    vehicle: b.vehicle ? vehicleJson(b.vehicle) : null,
  };
}

const writtenParts = new WeakMap<object, object>();

/**
 * A part of an entry written from a row the list keeps and shares between pages (a frozen customer
 * or car, services/admin-bookings.ts): written once per row, then shared too (frozen, since every
 * page's JSON holds it). Any other row is written anew.
 */
function writtenOnce<Row extends object, Json extends object>(row: Row, write: (row: Row) => Json): Json {
  if (!Object.isFrozen(row)) return write(row);
  let json = writtenParts.get(row) as Json | undefined;
  if (!json) {
    json = Object.freeze(write(row));
    writtenParts.set(row, json);
  }
  return json;
}

const entryCustomerJson = (user: AdminBookingRow["user"]) => ({ id: user.id, name: user.name, ...splitName(user.name), email: user.email, phone: user.phone });
const entryCarJson = (vehicle: NonNullable<AdminBookingRow["vehicle"]>) => ({
  id: vehicle.id,
  make: vehicle.make,
  model: vehicle.model,
  year: vehicle.year,
  registrationNumber: vehicle.registrationNumber,
  dailyRate: money(vehicle.dailyRate),
});

/** The admin booking list entry (SPEC 3), with the dashboard's aliases carCategory, deliveryDateTime and totalPrice. */
export function adminBookingJson(b: AdminBookingRow) {
  const totalAmount = money(b.totalAmount);
  const pickupDate = b.pickupDate.toISOString();
  return {
    id: b.id,
    bookingNumber: bookingNumber(b.id, "admin"),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    status: b.status,
    category: b.category,
    transmission: b.transmission,
    pickupDate,
    returnDate: b.returnDate.toISOString(),
    duration: b.duration,
    totalAmount,
    deliveryLocation: b.deliveryLocation,
    deliveryCoordinates: b.deliveryCoordinates,
    deliveryVerified: b.deliveryVerified,
    returnLocation: b.returnLocation,
    returnCoordinates: b.returnCoordinates,
    returnVerified: b.returnVerified,
    specialRequests: b.specialRequests,
    userId: b.userId,
    vehicleId: b.vehicleId,
    carCategory: b.category,
    deliveryDateTime: pickupDate,
    totalPrice: totalAmount,
    user: writtenOnce(b.user, entryCustomerJson),
    vehicle: b.vehicle ? writtenOnce(b.vehicle, entryCarJson) : null,
  };
}

/** A quote as REST answers it: GraphQL's Quote (days; dailyRate and total in rand, as text). */
export function quoteJson(quote: BookingQuote) {
  return { days: quote.days, dailyRate: centsToDecimal(quote.dailyRate * 100), total: quote.total };
}
