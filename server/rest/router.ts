// The specification's /api/* calls: thin shims that parse input, call a service and shape the
// spec's response. Areas add their routes in their own files and are mounted here.
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import type { Services } from "../services/context";
import { listAllVehicles, parseVehicleSearch } from "../services/vehicles";
import { adminRoutes } from "./admin";
import { authRoutes } from "./auth";
import { dealershipRoutes } from "./dealership";
import { forSaleRoutes } from "./for-sale";
import { bookingRoutes } from "./bookings";
import { geocodeRoutes } from "./geocode";
import { objectRoutes } from "./objects";
import { passwordRoutes } from "./password";
import { profileRoutes } from "./profile";
import { vehicleJson } from "./shapes/vehicles";

export function restRouter(services: Services, viewerOf: ViewerOf) {
  return (
    new Elysia({ prefix: "/api" })
      // The whole rentable fleet (capped at REST_VEHICLE_LIST_LIMIT); optional ?category=&transmission=&pickupDate=&returnDate=.
      .get("/vehicles", async ({ query }) => (await listAllVehicles(services, parseVehicleSearch(query))).map(vehicleJson))
      .use(authRoutes(services, viewerOf))
      .use(passwordRoutes(services, viewerOf))
      .use(objectRoutes(services, viewerOf))
      .use(profileRoutes(services, viewerOf))
      .use(adminRoutes(services, viewerOf))
      .use(dealershipRoutes(services, viewerOf))
      .use(forSaleRoutes(services, viewerOf))
      .use(bookingRoutes(services, viewerOf))
      .use(geocodeRoutes(services, viewerOf))
  );
}
