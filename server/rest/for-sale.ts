// The public Cars for Sale calls (no sign-in): GET /api/for-sale?search=&make=&model=&category=
// &transmission=&priceBand=&sort=&limit=&offset= -> {vehicles, total, limit, offset};
// GET /api/for-sale/:id -> the details; POST /api/for-sale/:id/enquiries {name, email?, phone?,
// message} -> 201 {success, message} (Contact Seller).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import type { Services } from "../services/context";
import { contactSeller, getCarForSale, listCarsForSale } from "../services/for-sale";
import { forSaleVehicleJson } from "./shapes/vehicles";
import { jsonObject } from "../services/validation";

export function forSaleRoutes(services: Services, access: AccessControl) {
  return new Elysia()
    .use(access)
    .get(
      "/for-sale",
      async ({ query }) => {
        const page = await listCarsForSale(services, query);
        return { ...page, vehicles: page.vehicles.map(forSaleVehicleJson) };
      },
      { public: true },
    )
    .get("/for-sale/:id", async ({ params }) => forSaleVehicleJson(await getCarForSale(services, params.id)), { public: true })
    .post(
      "/for-sale/:id/enquiries",
      async ({ params, body, set, viewer }) => {
        const receipt = await contactSeller(services, viewer, params.id, jsonObject(body));
        set.status = 201;
        return receipt;
      },
      { access: "anyone" },
    );
}
