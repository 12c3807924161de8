// The specification's /api/* calls: thin shims that parse input, call a service and shape the
// spec's response. Areas add their routes in their own files and are mounted here.
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import type { Services } from "../services/context";
import { quoteBooking } from "../services/bookings";
import { listAllVehicles, parseVehicleSearch } from "../services/vehicles";
import { adminRoutes } from "./admin";
import { authRoutes } from "./auth";
import { dealershipRoutes } from "./dealership";
import { driverRoutes } from "./driver";
import { forSaleRoutes } from "./for-sale";
import { bookingRoutes } from "./bookings";
import { geocodeRoutes } from "./geocode";
import { objectRoutes } from "./objects";
import { passwordRoutes } from "./password";
import { profileRoutes } from "./profile";
import { quoteJson } from "./shapes/bookings";
import { jsonResponse } from "./shapes/json";
import { vehicleJson } from "./shapes/vehicles";

export function restRouter(services: Services, access: AccessControl) {
  return (
    new Elysia({ prefix: "/api" })
      .use(access)
      // Plain objects and arrays are written by jsonResponse (its Dates up to twice as fast).
      .mapResponse(({ response }) =>
        response !== null && typeof response === "object" && !(response instanceof Response) ? jsonResponse(response) : undefined,
      )
      // The whole rentable fleet (capped at REST_VEHICLE_LIST_LIMIT); optional ?category=&transmission=&pickupDate=&returnDate=.
      .get("/vehicles", async ({ query }) => (await listAllVehicles(services, parseVehicleSearch(query))).map(vehicleJson), { public: true })
      // GraphQL `quote`: ?category=&pickupDate=&returnDate=, refused (400) where a booking of the period would be.
      .get("/quote", async ({ query, viewer }) => quoteJson(await quoteBooking(services, viewer, query)), { access: "anyone" })
      .use(authRoutes(services, access))
      .use(passwordRoutes(services, access))
      .use(objectRoutes(services, access))
      .use(profileRoutes(services, access))
      .use(adminRoutes(services, access))
      .use(dealershipRoutes(services, access))
      .use(driverRoutes(services, access))
      .use(forSaleRoutes(services, access))
      .use(bookingRoutes(services, access))
      .use(geocodeRoutes(services, access))
  );
}
