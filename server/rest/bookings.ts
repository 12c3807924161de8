// POST /api/bookings -> 201 booking; GET /api/bookings -> own bookings, newest first;
// GET /api/bookings/:id -> one own booking; PUT /api/bookings/:id/cancel -> {success, booking} (SPEC 7).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { cancelBooking, createBooking, getMyBookingForRest, listAllMyBookings } from "../services/bookings";
import type { Services } from "../services/context";
import { bookingJson } from "./shapes/bookings";
import { instantsWritten } from "./shapes/json";
import { jsonObject } from "./body";

export function bookingRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/bookings" })
    .use(access)
    .post(
      "/",
      async ({ body, set, viewer }) => {
        const booking = await createBooking(services, viewer, jsonObject(body));
        set.status = 201;
        return bookingJson(booking);
      },
      { access: "customer" },
    )
    .get("/", async ({ viewer }) => instantsWritten((await listAllMyBookings(services, viewer)).map((b) => bookingJson(b))), { access: "customer" })
    .get("/:id", async ({ params, viewer }) => bookingJson(await getMyBookingForRest(services, viewer, params.id)), { access: "customer" })
    .put(
      "/:id/cancel",
      async ({ params, viewer }) => {
        const booking = await cancelBooking(services, viewer, params.id);
        return { success: true, booking: bookingJson(booking) };
      },
      { access: "customer" },
    );
}
