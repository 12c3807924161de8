// The public Cars for Sale calls (no sign-in): GET /api/for-sale?search=&make=&model=&category=
// &transmission=&priceBand=&sort=&limit=&offset= -> {vehicles, total, limit, offset};
// GET /api/for-sale/:id -> the details; POST /api/for-sale/:id/enquiries {name, email?, phone?,
// message} -> 201 {success, message} (Contact Seller).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import type { Services } from "../services/context";
import { contactSeller, getCarForSale, listCarsForSale } from "../services/for-sale";
import { forSaleVehicleJson } from "./shapes/vehicles";
import { jsonBody } from "./dealership";

export function forSaleRoutes(services: Services, viewerOf: ViewerOf) {
  return new Elysia()
    .get("/for-sale", async ({ query }) => {
      const page = await listCarsForSale(services, query);
      return { ...page, vehicles: page.vehicles.map(forSaleVehicleJson) };
    })
    .get("/for-sale/:id", async ({ params }) => forSaleVehicleJson(await getCarForSale(services, params.id)))
    .post("/for-sale/:id/enquiries", async ({ request, params, body, set }) => {
      const receipt = await contactSeller(services, await viewerOf(request), params.id, jsonBody(body));
      set.status = 201;
      return receipt;
    });
}
