// POST /api/bookings -> 201 booking; GET /api/bookings -> own bookings, newest first;
// GET /api/bookings/:id -> one own booking; PUT /api/bookings/:id/cancel -> {success, booking} (SPEC 7).
// POST takes an optional `Idempotency-Key` header (the body stays as SPEC 7 has it): a repeat with
// the key answers the booking it made, 200 with `Idempotent-Replayed: true` (422 for a repeat that
// asks for something else, 400 for a malformed key).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { cancelBooking, createOrReplayBooking, getMyBookingForRest, listAllMyBookings } from "../services/bookings";
import type { Services } from "../services/context";
import { bookingJson } from "./shapes/bookings";
import { instantsWritten } from "./shapes/json";
import { jsonObject } from "../services/validation";

export function bookingRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/bookings" })
    .use(access)
    .post(
      "/",
      async ({ body, request, set, viewer }) => {
        const idempotencyKey = request.headers.get("idempotency-key");
        const { booking, replayed } = await createOrReplayBooking(services, viewer, jsonObject(body), { idempotencyKey });
        set.status = replayed ? 200 : 201;
        if (replayed) set.headers["idempotent-replayed"] = "true";
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
