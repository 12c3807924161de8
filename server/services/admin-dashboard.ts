// The admin dashboard's figures (SPEC 2): Total Vehicles with the available count, Active
// Bookings (confirmed or in progress), Total Bookings, Fleet Utilization (the domain's rounded
// percent of active bookings over total vehicles) and the 5 most recent bookings. Vehicles are
// the rental fleet: dealerships' cars for sale are not part of it.
import { ADMIN_RECENT_BOOKINGS_LIMIT, fleetUtilisation } from "#domain";
import { recentBookings, type AdminBookingRow } from "./admin-bookings";
import type { Services } from "./context";
import { cachedCount } from "./counts";
import { RENTAL_FLEET } from "./vehicles";
import { requireAdmin, type Viewer } from "./viewer";

export type AdminDashboard = {
  totalVehicles: number;
  availableVehicles: number;
  activeBookings: number;
  totalBookings: number;
  /** Rounded percent, e.g. 42 for 42 %. */
  fleetUtilization: number;
  recentBookings: AdminBookingRow[];
};

export async function adminDashboard(services: Services, viewer: Viewer): Promise<AdminDashboard> {
  requireAdmin(viewer);
  const { db } = services;
  const fleet = RENTAL_FLEET;
  const [totalVehicles, availableVehicles, activeBookings, totalBookings, recent] = await Promise.all([
    db.vehicle.count({ where: fleet }),
    db.vehicle.count({ where: { ...fleet, status: "available" } }),
    cachedCount(db, ["bookings"], "bookings:active", () => db.booking.count({ where: { status: { in: ["confirmed", "in_progress"] } } })),
    cachedCount(db, ["bookings"], "bookings:status=*", () => db.booking.count()),
    recentBookings(services, ADMIN_RECENT_BOOKINGS_LIMIT),
  ]);
  return {
    totalVehicles,
    availableVehicles,
    activeBookings,
    totalBookings,
    fleetUtilization: fleetUtilisation(activeBookings, totalVehicles),
    recentBookings: recent,
  };
}
