// Response shapes of the REST shims (money as text, as the spec's clients expect).
import type { Vehicle, VehicleImage } from "../../prisma/generated/sqlite/client";

export function vehicleJson(v: Vehicle & { images: VehicleImage[] }) {
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    category: v.category,
    transmission: v.transmission,
    status: v.status,
    mileage: v.mileage,
    dailyRate: v.dailyRate.toFixed(2),
    salesPrice: v.salesPrice?.toFixed(2) ?? null,
    dealershipId: v.dealershipId,
    images: v.images.map((image) => image.url),
  };
}
