// POST /api/bookings -> 201 booking; GET /api/bookings -> own bookings, newest first;
// GET /api/bookings/:id -> one own booking; PUT /api/bookings/:id/cancel -> {success, booking} (SPEC 7).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import { cancelBooking, createBooking, getMyBooking, listAllMyBookings } from "../services/bookings";
import type { Services } from "../services/context";
import { bookingJson } from "./shapes/bookings";
import { jsonObject } from "./body";

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
