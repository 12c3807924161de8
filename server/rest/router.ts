// The specification's /api/* calls: thin shims that parse input, call a service and shape the
// spec's response. Areas add their routes in their own files and are mounted here.
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import type { Services } from "../services/context";
import { listVehicles } from "../services/vehicles";
import { authRoutes } from "./auth";
import { objectRoutes } from "./objects";
import { passwordRoutes } from "./password";
import { profileRoutes } from "./profile";
import { vehicleJson } from "./shapes";

export function restRouter(services: Services, viewerOf: ViewerOf) {
  return new Elysia({ prefix: "/api" })
    .get("/vehicles", async () => (await listVehicles(services)).map(vehicleJson))
    .use(authRoutes(services, viewerOf))
    .use(passwordRoutes(services, viewerOf))
    .use(objectRoutes(services, viewerOf))
    .use(profileRoutes(services, viewerOf));
}
