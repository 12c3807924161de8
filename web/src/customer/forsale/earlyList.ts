/**
 * Cars for Sale's first page, asked for by the route's loader (main bundle) while the screen's code
 * loads, so a first visit (a shared link) waits for the two side by side instead of one after the
 * other. See lib/earlyAnswer.ts; the screen's `useQuery` (./Results.tsx) takes the answer.
 */
import { askEarly, queryBody } from "../../lib/earlyAnswer.ts";
import { customerToken } from "../../lib/session.ts";
import { PAGE_SIZE, queryVariables, readFilters } from "./params.ts";

/**
 * CARS_FOR_SALE (./queries.ts) as the client prints it, graphcache's `__typename`s added: the
 * parser stays out of the main bundle. earlyList.test.ts fails when the two differ (the early
 * answer would then simply go unused).
 */
export const CARS_FOR_SALE_TEXT = `query CarsForSale($search: String, $category: VehicleCategory, $transmission: Transmission, $priceBand: String, $sort: ForSaleSort, $offset: Int, $limit: Int) {
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
    __typename
  }
  __typename
}`;

/** The request for the first page of cars the filters in `search` (a URL's query string) pick. */
export function firstPageBody(search: URLSearchParams): string {
  return queryBody("CarsForSale", CARS_FOR_SALE_TEXT, queryVariables(readFilters(search), 0, PAGE_SIZE));
}

/** The /cars-for-sale route's loader: the first page, asked for at once. */
export function askForCarsEarly({ request }: { request: Request }): null {
  askEarly(firstPageBody(new URL(request.url).searchParams), customerToken());
  return null;
}
