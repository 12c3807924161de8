// The reference the customers' list of available cars is compared with: the Prisma query it was
// first written as (the rentable fleet: cars that take bookings; exact filters, no blocking booking overlapping the period,
// in list order, photos in display order).
import type { Prisma } from "../db";
import type { Services } from "../services/context";
import { VEHICLE_PHOTOS } from "../services/vehicle-rows";
import { blockingBookingsWhere, TAKES_BOOKINGS, type VehicleFilter } from "../services/vehicles";

export function listVehiclesWithPrisma(services: Pick<Services, "db">, filter: VehicleFilter, options: { max?: number } = {}) {
  const where: Prisma.VehicleWhereInput = {
    dealershipId: null,
    ...TAKES_BOOKINGS,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.transmission ? { transmission: filter.transmission } : {}),
    ...(filter.period ? { bookings: { none: blockingBookingsWhere(filter.period) } } : {}),
  };
  return services.db.vehicle.findMany({
    include: VEHICLE_PHOTOS,
    where,
    orderBy: [{ category: "asc" }, { dailyRate: "asc" }, { make: "asc" }, { model: "asc" }, { id: "asc" }],
    take: Math.min(filter.limit ?? options.max ?? 50, options.max ?? 100),
    skip: filter.offset ?? 0,
  });
}
