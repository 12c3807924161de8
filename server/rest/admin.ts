// The admin calls of SPEC 7 under /api/admin (bearer token, JSON), plus the back office's own:
// customers, service areas, API keys, the audit log and the dashboard. Lists answer the array
// the spec's screens read, with the count over all pages in X-Total-Count; ?limit=&offset= page
// them (at most 100 a page).
import { Elysia } from "elysia";
import type { ViewerOf } from "../app";
import { unauthenticated } from "../errors";
import { adminMe, adminSignIn, adminSignOut, adminSignUp, publicAdmin } from "../services/admin-auth";
import { assignableVehicles, assignBookingVehicle, listAdminBookings, setBookingLocation, updateBookingStatus } from "../services/admin-bookings";
import { customerStats, getCustomer, listCustomers } from "../services/admin-customers";
import { cancelCustomerBookings, customerActivity, setCustomerLimits } from "../services/customer-limits";
import { adminDashboard } from "../services/admin-dashboard";
import { createServiceArea, deleteServiceArea, listServiceAreas, updateServiceArea } from "../services/admin-service-areas";
import { createAdminVehicle, deleteAdminVehicle, getAdminVehicle, listAdminVehicles, updateAdminVehicle } from "../services/admin-vehicles";
import { issueApiKey, listApiKeys, revokeApiKey } from "../services/api-keys";
import { publicUser } from "../services/auth";
import { listAuditLog } from "../services/audit";
import type { Services } from "../services/context";
import { jsonObject } from "./body";
import { adminBookingJson } from "./shapes/bookings";
import { customerActivityJson } from "./shapes/customers";
import { adminVehicleJson } from "./shapes/vehicles";

type Set = { headers: Record<string, string | number>; status?: number | string };
function page<T>(set: Set, result: { items: T[]; total: number }): T[] {
  set.headers["x-total-count"] = String(result.total);
  return result.items;
}

export function adminRoutes(services: Services, viewerOf: ViewerOf) {
  return (
    new Elysia({ prefix: "/admin" })
      // Auth ------------------------------------------------------------------------------------
      .post("/signin", async ({ body, request }) => adminSignIn(services, await viewerOf(request), jsonObject(body)))
      .post("/signup", async ({ body, request, set }) => {
        const result = await adminSignUp(services, await viewerOf(request), jsonObject(body));
        set.status = 201;
        return result;
      })
      .get("/me", async ({ request }) => {
        const admin = await adminMe(services, await viewerOf(request));
        if (!admin) throw unauthenticated(); // no token, or another area's token
        return publicAdmin(admin);
      })
      .post("/signout", async ({ request }) => {
        await adminSignOut(services, await viewerOf(request));
        return { success: true };
      })
      // Dashboard --------------------------------------------------------------------------------
      .get("/dashboard", async ({ request }) => {
        const dashboard = await adminDashboard(services, await viewerOf(request));
        return { ...dashboard, recentBookings: dashboard.recentBookings.map(adminBookingJson) };
      })
      // Vehicles ---------------------------------------------------------------------------------
      .get("/vehicles", async ({ request, query, set }) => {
        const { items, total } = await listAdminVehicles(services, await viewerOf(request), query);
        return page(set, { items: items.map(adminVehicleJson), total });
      })
      .post("/vehicles", async ({ request, body, set }) => {
        const vehicle = await createAdminVehicle(services, await viewerOf(request), jsonObject(body));
        set.status = 201;
        return adminVehicleJson(vehicle);
      })
      .get("/vehicles/:id", async ({ request, params }) => adminVehicleJson(await getAdminVehicle(services, await viewerOf(request), params.id)))
      .put("/vehicles/:id", async ({ request, params, body }) =>
        adminVehicleJson(await updateAdminVehicle(services, await viewerOf(request), params.id, jsonObject(body))),
      )
      .delete("/vehicles/:id", async ({ request, params }) => {
        await deleteAdminVehicle(services, await viewerOf(request), params.id);
        return { success: true };
      })
      // Bookings ---------------------------------------------------------------------------------
      .get("/bookings", async ({ request, query, set }) => {
        const { items, total } = await listAdminBookings(services, await viewerOf(request), query);
        return page(set, { items: items.map(adminBookingJson), total });
      })
      .put("/bookings/:id/status", async ({ request, params, body }) =>
        adminBookingJson(await updateBookingStatus(services, await viewerOf(request), params.id, jsonObject(body))),
      )
      .put("/bookings/:id/location", async ({ request, params, body }) =>
        adminBookingJson(await setBookingLocation(services, await viewerOf(request), params.id, jsonObject(body))),
      )
      .put("/bookings/:id/assign-vehicle", async ({ request, params, body }) =>
        adminBookingJson(await assignBookingVehicle(services, await viewerOf(request), params.id, jsonObject(body))),
      )
      .get("/bookings/:id/assignable-vehicles", async ({ request, params }) =>
        (await assignableVehicles(services, await viewerOf(request), params.id)).map(adminVehicleJson),
      )
      // Customers --------------------------------------------------------------------------------
      .get("/customers", async ({ request, query, set }) => page(set, await listCustomers(services, await viewerOf(request), query)))
      .get("/customers/stats", async ({ request }) => customerStats(services, await viewerOf(request)))
      .get("/customers/:id/activity", async ({ request, params }) => customerActivityJson(await customerActivity(services, await viewerOf(request), params.id)))
      .put("/customers/:id/limits", async ({ request, params, body }) =>
        customerActivityJson(await setCustomerLimits(services, await viewerOf(request), params.id, jsonObject(body))),
      )
      .post("/customers/:id/cancel-bookings", async ({ request, params }) => {
        const { cancelled, activity } = await cancelCustomerBookings(services, await viewerOf(request), params.id);
        return { cancelled, activity: customerActivityJson(activity) };
      })
      .get("/customers/:id", async ({ request, params }) => publicUser(await getCustomer(services, await viewerOf(request), params.id)))
      // Service areas ----------------------------------------------------------------------------
      .get("/service-areas", async ({ request }) => listServiceAreas(services, await viewerOf(request)))
      .post("/service-areas", async ({ request, body, set }) => {
        const area = await createServiceArea(services, await viewerOf(request), jsonObject(body));
        set.status = 201;
        return area;
      })
      .put("/service-areas/:id", async ({ request, params, body }) => updateServiceArea(services, await viewerOf(request), params.id, jsonObject(body)))
      .delete("/service-areas/:id", async ({ request, params }) => {
        await deleteServiceArea(services, await viewerOf(request), params.id);
        return { success: true };
      })
      // API keys ---------------------------------------------------------------------------------
      .get("/api-keys", async ({ request }) => listApiKeys(services, await viewerOf(request)))
      .post("/api-keys", async ({ request, body, set }) => {
        const issued = await issueApiKey(services, await viewerOf(request), jsonObject(body));
        set.status = 201;
        set.headers["cache-control"] = "no-store";
        return issued;
      })
      .delete("/api-keys/:id", async ({ request, params }) => revokeApiKey(services, await viewerOf(request), params.id))
      .post("/api-keys/:id/revoke", async ({ request, params }) => revokeApiKey(services, await viewerOf(request), params.id))
      // Audit log --------------------------------------------------------------------------------
      .get("/audit-log", async ({ request, query, set }) => page(set, await listAuditLog(services, await viewerOf(request), query)))
  );
}
