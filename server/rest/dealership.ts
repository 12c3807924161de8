// The dealership portal's REST calls (SPEC 7 "Dealership", plus the update the spec left out and
// the leads): POST /api/dealership/signin, GET /me, POST /signout, GET/POST /vehicles,
// GET/PUT/DELETE /vehicles/:id, GET /stats, GET /leads, PUT /leads/:id/read. Every call but
// sign-in needs a dealership token (401 without one, 403 with another area's).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import { dealershipLoginSchema } from "../domain";
import { badInput } from "../errors";
import type { Services } from "../services/context";
import { currentDealership, dealershipAccount, signInDealership, signOutDealership } from "../services/dealership-auth";
import { listOwnLeads, markOwnLeadRead } from "../services/dealership-leads";
import { createOwnVehicle, deleteOwnVehicle, getOwnVehicle, listOwnVehicles, ownVehicleStats, updateOwnVehicle } from "../services/dealership-vehicles";
import { parseInput } from "../services/validation";
import { leadJson } from "./shapes/leads";
import { dealershipVehicleJson } from "./shapes/vehicles";

/** The body must be a JSON object (Elysia already answers 400 to malformed JSON). */
export function jsonBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === "") return {};
  if (typeof body !== "object" || Array.isArray(body)) throw badInput("The request body must be a JSON object");
  return body as Record<string, unknown>;
}

export function dealershipRoutes(services: Services, viewerOf: ViewerOf) {
  return new Elysia({ prefix: "/dealership" })
    .post("/signin", async ({ body, request }) => {
      const input = parseInput(dealershipLoginSchema, jsonBody(body));
      const { token, dealership } = await signInDealership(services, await viewerOf(request), input);
      return { token, dealership: dealershipAccount(dealership) };
    })
    .get("/me", async ({ request }) => dealershipAccount(await currentDealership(services, await viewerOf(request))))
    .post("/signout", async ({ request }) => {
      await signOutDealership(services, await viewerOf(request));
      return { success: true };
    })
    .get("/stats", async ({ request }) => ownVehicleStats(services, await viewerOf(request)))
    .get("/vehicles", async ({ request }) => (await listOwnVehicles(services, await viewerOf(request))).map(dealershipVehicleJson))
    .post("/vehicles", async ({ request, body, set }) => {
      const vehicle = await createOwnVehicle(services, await viewerOf(request), jsonBody(body));
      set.status = 201;
      return dealershipVehicleJson(vehicle);
    })
    .get("/vehicles/:id", async ({ request, params }) => dealershipVehicleJson(await getOwnVehicle(services, await viewerOf(request), params.id)))
    .put("/vehicles/:id", async ({ request, params, body }) =>
      dealershipVehicleJson(await updateOwnVehicle(services, await viewerOf(request), params.id, jsonBody(body))),
    )
    .delete("/vehicles/:id", async ({ request, params }) => {
      await deleteOwnVehicle(services, await viewerOf(request), params.id);
      return { success: true };
    })
    .get("/leads", async ({ request }) => {
      const { leads, unread } = await listOwnLeads(services, await viewerOf(request));
      return { leads: leads.map(leadJson), unread };
    })
    .put("/leads/:id/read", async ({ request, params }) => leadJson(await markOwnLeadRead(services, await viewerOf(request), params.id)));
}
