// REST JSON of a customer's activity (GET /api/admin/customers/:id/activity, PUT .../limits,
// POST .../cancel-bookings): the service's figures with the active bookings as admin entries.
import type { CustomerActivity } from "../../services/customer-limits";
import { adminBookingJson } from "./bookings";

export function customerActivityJson(activity: CustomerActivity) {
  return { ...activity, activeBookings: activity.activeBookings.map(adminBookingJson) };
}
