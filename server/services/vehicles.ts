import type { Prisma } from "../db";
import type { Category } from "../domain";
import type { Services } from "./context";

export const MAX_PAGE_SIZE = 100;

export type VehicleFilter = { category?: Category; transmission?: "manual" | "automatic"; limit?: number; offset?: number };

export function clampPage(limit: number | undefined, offset: number | undefined) {
  return { take: Math.min(Math.max(limit ?? 50, 1), MAX_PAGE_SIZE), skip: Math.max(offset ?? 0, 0) };
}

/** The rentable fleet, filtered on exact category and transmission (SPEC 5, "Vehicle list"). */
export function vehicleWhere(filter: VehicleFilter): Prisma.VehicleWhereInput {
  return {
    status: "available",
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.transmission ? { transmission: filter.transmission } : {}),
  };
}

const withImages = { include: { images: { orderBy: { position: "asc" } } } } satisfies Shape;
type Shape = { include?: Prisma.VehicleInclude; select?: Prisma.VehicleSelect };

/** `shape` lets GraphQL select exactly the relations a query asks for (no N+1); REST gets images. */
export function listVehicles(services: Services, filter?: VehicleFilter): Promise<Prisma.VehicleGetPayload<typeof withImages>[]>;
export function listVehicles(services: Services, filter: VehicleFilter, shape: Shape): Promise<unknown[]>;
export function listVehicles({ db }: Services, filter: VehicleFilter = {}, shape: Shape = withImages): Promise<any[]> {
  return db.vehicle.findMany({
    ...shape,
    where: vehicleWhere(filter),
    orderBy: [{ category: "asc" }, { dailyRate: "asc" }, { make: "asc" }, { model: "asc" }, { id: "asc" }],
    ...clampPage(filter.limit, filter.offset),
  });
}
