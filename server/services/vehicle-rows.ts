// The rows the vehicle services return, named once: the GraphQL variants (graphql/types/vehicle.ts)
// and the REST shapes (rest/shapes/vehicles.ts) read these, so a column added to the model is on
// every row without touching a mapper.
import type { Prisma } from "../db";

/** Photos in display order (position, then upload time for photos of one position). */
export const VEHICLE_PHOTOS = { images: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } } satisfies Prisma.VehicleInclude;
export type VehicleWithPhotos = Prisma.VehicleGetPayload<{ include: typeof VEHICLE_PHOTOS }>;

/**
 * A car listed for sale with its photos and its dealership. The rows carry every column; what
 * buyers see of them is the ForSaleVehicle / ForSaleSeller variants' and forSaleVehicleJson's
 * choice (never the registration number or the dealership's contact details).
 */
export const FOR_SALE_ROW = { ...VEHICLE_PHOTOS, dealership: true } satisfies Prisma.VehicleInclude;
export type ForSaleRow = Prisma.VehicleGetPayload<{ include: typeof FOR_SALE_ROW }>;

/** The admin "features" list, stored as a Json array of strings. */
export function featuresOf(vehicle: Pick<Prisma.VehicleGetPayload<object>, "features">): string[] {
  return Array.isArray(vehicle.features) ? vehicle.features.filter((f): f is string => typeof f === "string") : [];
}
