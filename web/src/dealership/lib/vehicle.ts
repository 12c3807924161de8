/** The dealership vehicle as the portal reads it (SPEC 3, "Dealership vehicle"), and its labels. */
import { categoryLabel, TRANSMISSION_LABELS, vehicleStatusLabel, type Transmission } from "#domain/catalogue.ts";
import { formatRand, formatRandPerDay, parseMoneyToCents } from "#domain/money.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export const VEHICLE_FIELDS = graphql(`
  fragment DealershipVehicleFields on DealershipVehicle {
    id
    registrationNumber
    make
    model
    year
    category
    transmission
    status
    mileage
    dailyRate
    salesPrice
    images
    dealershipId
    soldAt
  }
`);

/** The dealership vehicle as the portal reads it, typed from the fragment. */
export type DealershipVehicle = ResultOf<typeof VEHICLE_FIELDS>;

/** SPEC 4: the dashboard shows available, booked (status rented), maintenance, out of service. */
/** "2021 Toyota Corolla": how the portal names a car in titles and notices. */
export const carName = (vehicle: Pick<DealershipVehicle, "year" | "make" | "model">) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

export function statusLabel(status: string): string {
  return vehicleStatusLabel(status, "dealership");
}

export { vehicleStatusTone as statusTone } from "../../ui/vehicleStatusTone.ts";

export const transmissionLabel = (t: string) => TRANSMISSION_LABELS[t as Transmission] ?? t;
export { categoryLabel };

/** "R450/day"; the text itself if the server ever sent something unreadable. */
export function dailyRateLabel(rate: string): string {
  try {
    return formatRandPerDay(rate);
  } catch {
    return rate;
  }
}

/** Whether the car is listed on Cars for Sale (a sales price above zero). */
export function isForSale(salesPrice: string | null | undefined): salesPrice is string {
  if (!salesPrice) return false;
  try {
    return parseMoneyToCents(salesPrice) > 0;
  } catch {
    return false;
  }
}

export function priceLabel(price: string): string {
  try {
    return formatRand(price);
  } catch {
    return price;
  }
}
