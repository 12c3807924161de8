// REST JSON of vehicles, one function per audience, from the same rows the GraphQL variants read
// (graphql/types/vehicle.ts). Money as two-decimal text and instants as ISO strings, as SPEC's
// clients expect; the field lists are the REST contract (server/contract.test.ts holds them).
import type { ForSaleRow, VehicleWithPhotos } from "../../services/vehicle-rows";
import { featuresOf } from "../../services/vehicle-rows";
import type { AvailableVehicleRow } from "../../services/vehicles";
import { chargedDailyRate } from "#domain";
import { money } from "./json";

const photoUrls = (v: { images: { url: string }[] }) => v.images.map((image) => image.url);

/** GET /api/vehicles and a customer booking's car. */
export function vehicleJson(v: AvailableVehicleRow) {
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    category: v.category,
    transmission: v.transmission,
    status: v.status,
    mileage: v.mileage,
    // What a booking of the car is charged, not the car's own configured price.
    dailyRate: chargedDailyRate(v),
    salesPrice: v.salesPrice ? money(v.salesPrice) : null,
    dealershipId: v.dealershipId,
    images: photoUrls(v),
  };
}

/** SPEC 3 "Admin vehicle": /api/admin/vehicles. */
export function adminVehicleJson(v: VehicleWithPhotos) {
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    category: v.category,
    transmission: v.transmission,
    pricePerDay: money(v.dailyRate),
    features: featuresOf(v),
    imageUrl: v.images[0]?.url ?? null,
    images: photoUrls(v),
    licensePlate: v.registrationNumber,
    status: v.status,
    mileage: v.mileage,
    lastKnownLocation: v.lastKnownLocation ?? null,
    dealershipId: v.dealershipId,
    soldAt: v.soldAt,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

/** SPEC 3 "Dealership vehicle": /api/dealership/vehicles. */
export function dealershipVehicleJson(v: VehicleWithPhotos) {
  return {
    id: v.id,
    registrationNumber: v.registrationNumber,
    make: v.make,
    model: v.model,
    year: v.year,
    category: v.category,
    transmission: v.transmission,
    status: v.status,
    mileage: v.mileage,
    dailyRate: money(v.dailyRate),
    salesPrice: v.salesPrice ? money(v.salesPrice) : null,
    images: photoUrls(v),
    dealershipId: v.dealershipId,
    soldAt: v.soldAt,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

/** A car for sale as buyers see it: /api/for-sale. */
export function forSaleVehicleJson(row: ForSaleRow) {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    category: row.category,
    transmission: row.transmission,
    mileage: row.mileage,
    salesPrice: money(row.salesPrice!),
    images: photoUrls(row),
    dealership: { companyName: row.dealership!.companyName, city: row.dealership!.city },
    createdAt: row.createdAt,
  };
}
