// The dealership portal's REST calls (SPEC 7 "Dealership", plus the update the spec left out and
// the leads): POST /api/dealership/signin, GET /me, POST /signout, GET/POST /vehicles,
// GET/PUT/DELETE /vehicles/:id, PUT/DELETE /vehicles/:id/sold (Mark as sold and its undo), GET /stats, GET /leads, PUT /leads/:id/read,
// POST /change-password. Every call but sign-in needs a dealership token (401 without one, 403 with another area's).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { dealershipLoginSchema } from "#domain";
import type { Services } from "../services/context";
import { currentDealership, dealershipAccount, signInDealership, signOutDealership } from "../services/dealership-auth";
import { listOwnLeads, markOwnLeadRead } from "../services/dealership-leads";
import {
  createOrReplayOwnVehicle,
  deleteOwnVehicle,
  getOwnVehicle,
  listOwnVehicles,
  markOwnVehicleAvailable,
  markOwnVehicleSold,
  ownVehicleStats,
  updateOwnVehicle,
} from "../services/dealership-vehicles";
import { jsonObject, parseInput } from "../services/validation";
import { leadJson } from "./shapes/leads";
import { dealershipVehicleJson } from "./shapes/vehicles";
import { changePasswordHandler } from "./password";

export function dealershipRoutes(services: Services, access: AccessControl) {
  return new Elysia({ prefix: "/dealership" })
    .use(access)
    .post(
      "/signin",
      async ({ body, viewer }) => {
        const input = parseInput(dealershipLoginSchema, jsonObject(body));
        const { token, dealership } = await signInDealership(services, viewer, input);
        return { token, dealership: dealershipAccount(dealership) };
      },
      { access: "anyone" },
    )
    .get("/me", async ({ viewer }) => dealershipAccount(await currentDealership(services, viewer)), { access: "dealership" })
    .post(
      "/signout",
      async ({ viewer }) => {
        await signOutDealership(services, viewer);
        return { success: true };
      },
      { access: "dealership" },
    )
    .post("/change-password", changePasswordHandler(services), { access: "dealership" })
    .get("/stats", async ({ viewer }) => ownVehicleStats(services, viewer), { access: "dealership" })
    .get("/vehicles", async ({ viewer }) => (await listOwnVehicles(services, viewer)).map(dealershipVehicleJson), { access: "dealership" })
    .post(
      "/vehicles",
      async ({ body, request, set, viewer }) => {
        // An optional Idempotency-Key: a repeat answers the car it made, 200 with Idempotent-Replayed.
        const idempotencyKey = request.headers.get("idempotency-key");
        const { vehicle, replayed } = await createOrReplayOwnVehicle(services, viewer, jsonObject(body), { idempotencyKey });
        set.status = replayed ? 200 : 201;
        if (replayed) set.headers["idempotent-replayed"] = "true";
        return dealershipVehicleJson(vehicle);
      },
      { access: "dealership" },
    )
    .get("/vehicles/:id", async ({ params, viewer }) => dealershipVehicleJson(await getOwnVehicle(services, viewer, params.id)), { access: "dealership" })
    .put("/vehicles/:id", async ({ params, body, viewer }) => dealershipVehicleJson(await updateOwnVehicle(services, viewer, params.id, jsonObject(body))), {
      access: "dealership",
    })
    .delete(
      "/vehicles/:id",
      async ({ params, viewer }) => {
        await deleteOwnVehicle(services, viewer, params.id);
        return { success: true };
      },
      { access: "dealership" },
    )
    .put("/vehicles/:id/sold", async ({ params, viewer }) => dealershipVehicleJson(await markOwnVehicleSold(services, viewer, params.id)), {
      access: "dealership",
    })
    .delete("/vehicles/:id/sold", async ({ params, viewer }) => dealershipVehicleJson(await markOwnVehicleAvailable(services, viewer, params.id)), {
      access: "dealership",
    })
    .get(
      "/leads",
      async ({ viewer }) => {
        const { leads, unread } = await listOwnLeads(services, viewer);
        return { leads: leads.map(leadJson), unread };
      },
      { access: "dealership" },
    )
    .put("/leads/:id/read", async ({ params, viewer }) => leadJson(await markOwnLeadRead(services, viewer, params.id)), { access: "dealership" });
}
