/** Option lists and their display labels: categories, transmissions, nationalities, ID types,
 * vehicle statuses, for-sale price bands, and the vehicle card's features preview. */
import { parseMoneyToCents } from "./money.ts";
import { CATEGORY_IDS, PRICE_BAND_IDS, TRANSMISSIONS, type Category, type PriceBandId, type Transmission } from "./option-ids.ts";
import { CATEGORY_RATES } from "./pricing.ts";

// Categories ----------------------------------------------------------------------------------

export { CATEGORY_IDS, PRICE_BAND_IDS, TRANSMISSIONS, type Category, type PriceBandId, type Transmission };

export interface CategoryInfo {
  id: Category;
  label: string;
  description: string;
  /** Daily rate in whole rand ("from R{rate}/day"). */
  rate: number;
}

export const CATEGORIES: readonly CategoryInfo[] = [
  { id: "small", label: "Small", description: "Perfect for city drives", rate: CATEGORY_RATES.small },
  { id: "medium", label: "Medium", description: "Comfort meets efficiency", rate: CATEGORY_RATES.medium },
  { id: "large", label: "Large", description: "Spacious family trips", rate: CATEGORY_RATES.large },
];

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORY_IDS as readonly string[]).includes(value);
}

/** "Small" for "small"; an unknown value is returned unchanged. */
export function categoryLabel(category: string): string {
  return CATEGORIES.find((c) => c.id === category)?.label ?? category;
}

// Transmissions -------------------------------------------------------------------------------

export const DEFAULT_TRANSMISSION: Transmission = "manual";
export const TRANSMISSION_LABELS: Readonly<Record<Transmission, string>> = {
  manual: "Manual",
  automatic: "Automatic",
};

export function isTransmission(value: unknown): value is Transmission {
  return typeof value === "string" && (TRANSMISSIONS as readonly string[]).includes(value);
}

// Nationalities and identification ------------------------------------------------------------

export const NATIONALITIES = ["South African", "American", "British", "Canadian", "Australian", "German", "French", "Other"] as const;
export type Nationality = (typeof NATIONALITIES)[number];
export const DEFAULT_NATIONALITY: Nationality = "South African";

export const ID_TYPES = ["south_african_id", "passport"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const DEFAULT_ID_TYPE: IdType = "south_african_id";
export const ID_TYPE_LABELS: Readonly<Record<IdType, string>> = {
  south_african_id: "South African ID",
  passport: "International Passport",
};

/** Label of the ID number field, which follows the chosen ID type. */
export function idNumberLabel(idType: string): "ID Number" | "Passport Number" {
  return idType === "passport" ? "Passport Number" : "ID Number";
}

// Vehicle statuses ----------------------------------------------------------------------------

/** `sold`: a dealership's car that found a buyer (Mark as sold); off Cars for Sale, its leads kept. */
export const VEHICLE_STATUSES = ["available", "rented", "maintenance", "out_of_service", "sold"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const DEFAULT_VEHICLE_STATUS: VehicleStatus = "available";

/** Statuses offered by the dealership's add-vehicle form. */
export const DEALERSHIP_FORM_STATUSES = ["available", "maintenance", "out_of_service"] as const;
export type DealershipFormStatus = (typeof DEALERSHIP_FORM_STATUSES)[number];

/** Labels on the admin screens. */
export const VEHICLE_STATUS_LABELS: Readonly<Record<VehicleStatus, string>> = {
  available: "Available",
  rented: "Rented",
  maintenance: "Maintenance",
  out_of_service: "Out of Service",
  sold: "Sold",
};

/** Labels on the dealership screens, which call a rented vehicle "Booked". */
export const DEALERSHIP_VEHICLE_STATUS_LABELS: Readonly<Record<VehicleStatus, string>> = {
  ...VEHICLE_STATUS_LABELS,
  rented: "Booked",
};

/** A sold car is off Cars for Sale and takes no enquiries; its leads and history stay. */
export function isSold(vehicle: { status: string }): boolean {
  return vehicle.status === "sold";
}

/** When a car with `status` was sold: kept while it stays sold, `now` when it becomes sold, else null. */
export function soldAtFor(status: string, previous: Date | null, now: Date): Date | null {
  return isSold({ status }) ? (previous ?? now) : null;
}

export function isVehicleStatus(value: unknown): value is VehicleStatus {
  return typeof value === "string" && (VEHICLE_STATUSES as readonly string[]).includes(value);
}

/** Display label of a vehicle status for the admin or the dealership screens. */
/**
 * What is rented is the fleet; a dealership's stock is for sale, never for rent, whatever daily
 * rate its form carries. Every path that offers, books or assigns a car checks this (issue 15).
 */
export function isRentalFleetVehicle(vehicle: { dealershipId: string | null }): boolean {
  return vehicle.dealershipId === null;
}

/**
 * Whether a car of the rental fleet takes new bookings, for the periods its bookings leave free: an
 * available car, or a rented one out on a trip of ours. That trip's booking holds the car until its
 * planned return, so the car is free after it, as a car booked ahead is. A car marked rented with
 * no trip in progress is out for a time nobody recorded; maintenance and out of service are not
 * rented out at all.
 */
export function takesBookings(car: { status: string; onTrip: boolean }): boolean {
  return car.status === "available" || (car.status === "rented" && car.onTrip);
}

export function vehicleStatusLabel(status: string, area: "admin" | "dealership" = "admin"): string {
  if (!isVehicleStatus(status)) return status;
  return (area === "dealership" ? DEALERSHIP_VEHICLE_STATUS_LABELS : VEHICLE_STATUS_LABELS)[status];
}

// For-sale price bands ------------------------------------------------------------------------

export interface PriceBand {
  id: PriceBandId;
  label: string;
  /** Lowest price in the band, whole rand, inclusive. */
  min: number;
  /** Price where the band ends, whole rand, exclusive; null for no upper end. */
  max: number | null;
}

/**
 * For-sale price filters (rand, no decimals). Bands are half-open [min, max), so every price
 * is in exactly one band: R100,000 exactly is in "100k-200k", R300,000 exactly in "over-300k".
 */
export const PRICE_BANDS: readonly PriceBand[] = [
  { id: "under-100k", label: "Under R100,000", min: 0, max: 100_000 },
  { id: "100k-200k", label: "R100,000–R200,000", min: 100_000, max: 200_000 },
  { id: "200k-300k", label: "R200,000–R300,000", min: 200_000, max: 300_000 },
  { id: "over-300k", label: "Over R300,000", min: 300_000, max: null },
];

export function isPriceBandId(value: unknown): value is PriceBandId {
  return typeof value === "string" && (PRICE_BAND_IDS as readonly string[]).includes(value);
}

/** The min/max (whole rand; max exclusive, null = no limit) of a band id, or null if unknown. */
export function bandRange(id: string): { min: number; max: number | null } | null {
  const band = PRICE_BANDS.find((b) => b.id === id);
  return band ? { min: band.min, max: band.max } : null;
}

function safeCents(price: number | string | null | undefined): number | null {
  if (price === null || price === undefined) return null;
  try {
    return parseMoneyToCents(price);
  } catch {
    return null;
  }
}

/** The band a price (rand, number or decimal string) falls in; null for a missing, invalid or negative price. */
export function priceBandOf(price: number | string | null | undefined): PriceBandId | null {
  const cents = safeCents(price);
  if (cents === null || cents < 0) return null;
  const band = PRICE_BANDS.find((b) => cents >= b.min * 100 && (b.max === null || cents < b.max * 100));
  return band?.id ?? null;
}

/** Whether a price falls in the band with the given id (false for unknown ids). */
export function isPriceInBand(price: number | string | null | undefined, id: string): boolean {
  return isPriceBandId(id) && priceBandOf(price) === id;
}

// Features ------------------------------------------------------------------------------------

/** Vehicle cards list this many features, then "+n more". */
export const FEATURES_PREVIEW_COUNT = 3;

export interface FeaturesPreview {
  shown: string[];
  hiddenCount: number;
  /** "+2 more", or null when nothing is hidden. */
  moreLabel: string | null;
}

/** The first 3 features, plus "+n more" when there are more. */
export function featuresPreview(features: readonly string[] | null | undefined): FeaturesPreview {
  const list = features ?? [];
  const shown = list.slice(0, FEATURES_PREVIEW_COUNT);
  const hiddenCount = list.length - shown.length;
  return { shown, hiddenCount, moreLabel: hiddenCount > 0 ? `+${hiddenCount} more` : null };
}

/** Splits a comma- or newline-separated feature text into trimmed, non-empty, distinct items. */
export function splitFeatures(text: string): string[] {
  const seen = new Set<string>();
  for (const item of text.split(/[,\n]/)) {
    const trimmed = item.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}
