// POST /api/bookings -> 201 booking; GET /api/bookings -> own bookings, newest first;
// GET /api/bookings/:id -> one own booking; PUT /api/bookings/:id/cancel -> {success, booking} (SPEC 7).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import { bookingNumber, customerCancelBlockedReason } from "../domain";
import { cancelBooking, createBooking, getMyBooking, listAllMyBookings, type BookingWithVehicle } from "../services/bookings";
import type { Services } from "../services/context";
import { vehicleJson } from "./shapes";
import { jsonObject } from "./body";

/** A booking as REST answers it: the GraphQL Booking fields (money as text, ISO instants). */
export function bookingJson(b: BookingWithVehicle, now: Date = new Date()) {
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
    totalAmount: b.totalAmount.toFixed(2),
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

export function bookingRoutes(services: Services, viewerOf: ViewerOf) {
  return new Elysia({ prefix: "/bookings" })
    .post("/", async ({ request, body, set }) => {
      const booking = await createBooking(services, await viewerOf(request), jsonObject(body));
      set.status = 201;
      return bookingJson(booking);
    })
    .get("/", async ({ request }) => (await listAllMyBookings(services, await viewerOf(request))).map((b) => bookingJson(b)))
    .get("/:id", async ({ request, params }) => bookingJson(await getMyBooking(services, await viewerOf(request), params.id)))
    .put("/:id/cancel", async ({ request, params }) => {
      const booking = await cancelBooking(services, await viewerOf(request), params.id);
      return { success: true, booking: bookingJson(booking) };
    });
}
