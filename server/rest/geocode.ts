// GET /api/geocode/reverse?lat=&lon= -> one address (404 when none); GET /api/geocode/search?q= -> up to 5 places.
// 400 on bad input, 401 when not signed in, 502/503 when the geocoder fails (the web app falls back).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import type { Services } from "../services/context";
import { reverseGeocodeOrNotFound, searchAddresses } from "../services/geocode";

export function geocodeRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/geocode" })
    .use(access)
    .get("/reverse", async ({ query, viewer }) => reverseGeocodeOrNotFound(services, viewer, query), { access: "signedIn" })
    .get("/search", async ({ query, viewer }) => searchAddresses(services, viewer, query), { access: "signedIn" });
}
