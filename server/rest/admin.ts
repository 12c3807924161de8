// The admin calls of SPEC 7 under /api/admin (bearer token, JSON), plus the back office's own:
// customers, service areas, API keys, the audit log and the dashboard. Lists answer the array
// the spec's screens read, with the count over all pages in X-Total-Count; ?limit=&offset= page
// them (at most 100 a page).
import { Elysia } from "elysia";
import type { AccessControl } from "./access";
import { unauthenticated } from "../errors";
import { adminMe, adminSignIn, adminSignOut, adminSignUp, publicAdmin } from "../services/admin-auth";
import {
  ASSIGNABLE_VEHICLES_PERMISSIONS,
  assignableVehicles,
  assignBookingVehicle,
  listAdminBookings,
  setBookingLocation,
  updateBookingStatus,
} from "../services/admin-bookings";
import { customerStats, getCustomer, listCustomers } from "../services/admin-customers";
import { CUSTOMER_ACTIVITY_PERMISSIONS, cancelCustomerBookings, customerActivity, setCustomerLimits } from "../services/customer-limits";
import { adminDashboard } from "../services/admin-dashboard";
import { createServiceArea, deleteServiceArea, listServiceAreas, updateServiceArea } from "../services/admin-service-areas";
import { createAdminVehicle, deleteAdminVehicle, getAdminVehicle, listAdminVehicles, updateAdminVehicle } from "../services/admin-vehicles";
import { issueApiKey, listApiKeys, revokeApiKey } from "../services/api-keys";
import { publicUser } from "../services/auth";
import { listAuditLog } from "../services/audit";
import type { Services } from "../services/context";
import { jsonObject } from "../services/validation";
import { adminBookingJson } from "./shapes/bookings";
import { instantsWritten } from "./shapes/json";
import { customerActivityJson } from "./shapes/customers";
import { adminVehicleJson } from "./shapes/vehicles";
import { changePasswordHandler } from "./password";

type Set = { headers: Record<string, string | number>; status?: number | string };
function page<T>(set: Set, result: { items: T[]; total: number }): T[] {
  set.headers["x-total-count"] = String(result.total);
  return result.items;
}

export function adminRoutes(services: Services, access: AccessControl) {
  return (
    new Elysia({ prefix: "/admin" })
      .use(access)
      // Auth ------------------------------------------------------------------------------------
      .post("/signin", async ({ body, viewer }) => adminSignIn(services, viewer, jsonObject(body)), { access: "anyone" })
      .post(
        "/signup",
        async ({ body, set, viewer }) => {
          const result = await adminSignUp(services, viewer, jsonObject(body));
          set.status = 201;
          return result;
        },
        { access: "anyone" },
      )
      .get(
        "/me",
        async ({ viewer }) => {
          const admin = await adminMe(services, viewer);
          if (!admin) throw unauthenticated(); // no token, or another area's token
          return publicAdmin(admin);
        },
        { access: "anyone" },
      )
      .post(
        "/signout",
        async ({ viewer }) => {
          await adminSignOut(services, viewer);
          return { success: true };
        },
        { access: "admin" },
      )
      .post("/change-password", changePasswordHandler(services), { access: "admin" })
      // Dashboard --------------------------------------------------------------------------------
      .get(
        "/dashboard",
        async ({ viewer }) => {
          const dashboard = await adminDashboard(services, viewer);
          return { ...dashboard, recentBookings: dashboard.recentBookings.map(adminBookingJson) };
        },
        { access: "admin" },
      )
      // Vehicles ---------------------------------------------------------------------------------
      .get(
        "/vehicles",
        async ({ query, set, viewer }) => {
          const { items, total } = await listAdminVehicles(services, viewer, query);
          return page(set, { items: items.map(adminVehicleJson), total });
        },
        { access: { key: "vehicles:read" } },
      )
      .post(
        "/vehicles",
        async ({ body, set, viewer }) => {
          const vehicle = await createAdminVehicle(services, viewer, jsonObject(body));
          set.status = 201;
          return adminVehicleJson(vehicle);
        },
        { access: "admin" },
      )
      .get("/vehicles/:id", async ({ params, viewer }) => adminVehicleJson(await getAdminVehicle(services, viewer, params.id)), {
        access: { key: "vehicles:read" },
      })
      .put("/vehicles/:id", async ({ params, body, viewer }) => adminVehicleJson(await updateAdminVehicle(services, viewer, params.id, jsonObject(body))), {
        access: "admin",
      })
      .delete(
        "/vehicles/:id",
        async ({ params, viewer }) => {
          await deleteAdminVehicle(services, viewer, params.id);
          return { success: true };
        },
        { access: "admin" },
      )
      // Bookings ---------------------------------------------------------------------------------
      .get(
        "/bookings",
        async ({ query, set, viewer }) => {
          const { items, total } = await listAdminBookings(services, viewer, query);
          return page(set, { items: instantsWritten(items.map(adminBookingJson)), total });
        },
        { access: { key: "bookings:read" } },
      )
      .put(
        "/bookings/:id/status",
        async ({ params, body, viewer }) => adminBookingJson(await updateBookingStatus(services, viewer, params.id, jsonObject(body))),
        { access: { key: "bookings:write" } },
      )
      .put(
        "/bookings/:id/location",
        async ({ params, body, viewer }) => adminBookingJson(await setBookingLocation(services, viewer, params.id, jsonObject(body))),
        { access: { key: "bookings:write" } },
      )
      .put(
        "/bookings/:id/assign-vehicle",
        async ({ params, body, viewer }) => adminBookingJson(await assignBookingVehicle(services, viewer, params.id, jsonObject(body))),
        { access: { key: "bookings:write" } },
      )
      .get("/bookings/:id/assignable-vehicles", async ({ params, viewer }) => (await assignableVehicles(services, viewer, params.id)).map(adminVehicleJson), {
        access: { key: ASSIGNABLE_VEHICLES_PERMISSIONS },
      })
      // Customers --------------------------------------------------------------------------------
      .get("/customers", async ({ query, set, viewer }) => page(set, await listCustomers(services, viewer, query)), { access: { key: "customers:read" } })
      .get("/customers/stats", async ({ viewer }) => customerStats(services, viewer), { access: { key: "customers:read" } })
      .get("/customers/:id/activity", async ({ params, viewer }) => customerActivityJson(await customerActivity(services, viewer, params.id)), {
        access: { key: CUSTOMER_ACTIVITY_PERMISSIONS },
      })
      .put(
        "/customers/:id/limits",
        async ({ params, body, viewer }) => customerActivityJson(await setCustomerLimits(services, viewer, params.id, jsonObject(body))),
        { access: "admin" },
      )
      .post(
        "/customers/:id/cancel-bookings",
        async ({ params, viewer }) => {
          const { cancelled, activity } = await cancelCustomerBookings(services, viewer, params.id);
          return { cancelled, activity: customerActivityJson(activity) };
        },
        { access: "admin" },
      )
      .get("/customers/:id", async ({ params, viewer }) => publicUser(await getCustomer(services, viewer, params.id)), { access: { key: "customers:read" } })
      // Service areas ----------------------------------------------------------------------------
      .get("/service-areas", async ({ viewer }) => listServiceAreas(services, viewer), { access: { key: "service-areas:read" } })
      .post(
        "/service-areas",
        async ({ body, set, viewer }) => {
          const area = await createServiceArea(services, viewer, jsonObject(body));
          set.status = 201;
          return area;
        },
        { access: "admin" },
      )
      .put("/service-areas/:id", async ({ params, body, viewer }) => updateServiceArea(services, viewer, params.id, jsonObject(body)), { access: "admin" })
      .delete(
        "/service-areas/:id",
        async ({ params, viewer }) => {
          await deleteServiceArea(services, viewer, params.id);
          return { success: true };
        },
        { access: "admin" },
      )
      // API keys ---------------------------------------------------------------------------------
      .get("/api-keys", async ({ viewer }) => listApiKeys(services, viewer), { access: "admin" })
      .post(
        "/api-keys",
        async ({ body, set, viewer }) => {
          const issued = await issueApiKey(services, viewer, jsonObject(body));
          set.status = 201;
          set.headers["cache-control"] = "no-store";
          return issued;
        },
        { access: "admin" },
      )
      .delete("/api-keys/:id", async ({ params, viewer }) => revokeApiKey(services, viewer, params.id), { access: "admin" })
      .post("/api-keys/:id/revoke", async ({ params, viewer }) => revokeApiKey(services, viewer, params.id), { access: "admin" })
      // Audit log --------------------------------------------------------------------------------
      .get("/audit-log", async ({ query, set, viewer }) => page(set, await listAuditLog(services, viewer, query)), { access: "admin" })
  );
}
