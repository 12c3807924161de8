import { categoryLabel, TRANSMISSION_LABELS, type Transmission } from "#domain/catalogue.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";

export const CAR_FIELDS = graphql(`
  fragment ForSaleCarFields on ForSaleVehicle {
    id
    make
    model
    year
    category
    transmission
    mileage
    salesPrice
    images
    dealership {
      companyName
      city
    }
  }
`);

export const CARS_FOR_SALE = graphql(
  `
  query CarsForSale($search: String, $category: VehicleCategory, $transmission: Transmission, $priceBand: String, $sort: ForSaleSort, $offset: Int, $limit: Int) {
    carsForSale(search: $search, category: $category, transmission: $transmission, priceBand: $priceBand, sort: $sort, offset: $offset, limit: $limit) {
      total
      offset
      limit
      vehicles {
        ...ForSaleCarFields
      }
    }
  }
`,
  [CAR_FIELDS],
);

export const CAR_FOR_SALE = graphql(
  `
  query CarForSale($id: ID!) {
    carForSale(id: $id) {
      ...ForSaleCarFields
    }
  }
`,
  [CAR_FIELDS],
);

export const CONTACT_SELLER = graphql(`
  mutation ContactSeller($vehicleId: ID!, $input: ContactSellerInput!) {
    contactSeller(vehicleId: $vehicleId, input: $input) {
      success
      message
    }
  }
`);

export type CarForSale = ResultOf<typeof CAR_FIELDS>;

export type CarsForSalePage = ResultOf<typeof CARS_FOR_SALE>["carsForSale"];

export const carName = (car: Pick<CarForSale, "year" | "make" | "model">) => `${car.year} ${car.make} ${car.model}`;
export const transmissionLabel = (t: string) => TRANSMISSION_LABELS[t as Transmission] ?? t;
export { categoryLabel };
