/**
 * Cars for Sale's first page, and a car's details, asked for by the routes' loaders (main bundle)
 * while the screen's code loads, so a first visit (a shared link) waits for the two side by side
 * instead of one after the other. See lib/earlyAnswer.ts; the screens' `useQuery` (./Results.tsx,
 * ./CarDetails.tsx) take the answers.
 */
import { askEarly, queryBody } from "../../lib/earlyAnswer.ts";
import { customerToken } from "../../lib/session.ts";
import { PAGE_SIZE, queryVariables, readFilters } from "./params.ts";

// The queries of ./queries.ts as the client prints them, graphcache's `__typename`s added: the
// parser stays out of the main bundle. early.test.ts fails when they differ from what the screens
// send (an early answer would then simply go unused).
const CAR_FIELDS_TEXT = `fragment ForSaleCarFields on ForSaleVehicle {
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
    __typename
  }
  __typename
}`;

const CARS_FOR_SALE_TEXT = `query CarsForSale($search: String, $category: VehicleCategory, $transmission: Transmission, $priceBand: String, $sort: ForSaleSort, $offset: Int, $limit: Int) {
  carsForSale(
    search: $search
    category: $category
    transmission: $transmission
    priceBand: $priceBand
    sort: $sort
    offset: $offset
    limit: $limit
  ) {
    total
    offset
    limit
    vehicles {
      ...ForSaleCarFields
      __typename
    }
    __typename
  }
}
${CAR_FIELDS_TEXT}`;

const CAR_FOR_SALE_TEXT = `query CarForSale($id: ID!) {
  carForSale(id: $id) {
    ...ForSaleCarFields
    __typename
  }
}
${CAR_FIELDS_TEXT}`;

/** The request for the first page of cars the filters in `search` (a URL's query string) pick. */
export function firstPageBody(search: URLSearchParams): string {
  return queryBody("CarsForSale", CARS_FOR_SALE_TEXT, queryVariables(readFilters(search), 0, PAGE_SIZE));
}

/** The request for one car's details. */
export function carBody(id: string): string {
  return queryBody("CarForSale", CAR_FOR_SALE_TEXT, { id });
}

/** The /cars-for-sale route's loader: the first page, asked for at once. */
export function askForCarsEarly({ request }: { request: Request }): null {
  askEarly(firstPageBody(new URL(request.url).searchParams), customerToken());
  return null;
}

/** The /cars-for-sale/:id route's loader: the car, asked for at once. */
export function askForCarEarly({ params }: { params: { id?: string } }): null {
  if (params.id) askEarly(carBody(params.id), customerToken());
  return null;
}
