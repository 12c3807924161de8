// GET /api/geocode/reverse?lat=&lon= -> one address (404 when none); GET /api/geocode/search?q= -> up to 5 places.
// 400 on bad input, 401 when not signed in, 502/503 when the geocoder fails (the web app falls back).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import type { Services } from "../services/context";
import { reverseGeocodeOrNotFound, searchAddresses } from "../services/geocode";

export function geocodeRoutes(services: Services, viewerOf: ViewerOf) {
  return new Elysia({ prefix: "/geocode" })
    .get("/reverse", async ({ request, query }) => reverseGeocodeOrNotFound(services, await viewerOf(request), query))
    .get("/search", async ({ request, query }) => searchAddresses(services, await viewerOf(request), query));
}
