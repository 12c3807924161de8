/**
 * Cars for Sale filters in the URL (so a filtered list can be shared and survives a reload):
 *   /cars-for-sale?q=polo&category=small&transmission=manual&price=100k-200k&sort=price_asc
 * Unknown or blank values are ignored, never an error: a mistyped shared link still shows cars.
 */
// The ids alone (not #domain/catalogue.ts): the main bundle reads these (./early.ts).
import {
  CATEGORY_IDS,
  FOR_SALE_SEARCH_MAX_LENGTH,
  FOR_SALE_SORTS,
  PRICE_BAND_IDS,
  TRANSMISSIONS,
  type Category,
  type ForSaleSort,
  type PriceBandId,
  type Transmission,
} from "#domain/option-ids.ts";

export interface ForSaleFilters {
  q: string;
  category: Category | null;
  transmission: Transmission | null;
  price: PriceBandId | null;
  sort: ForSaleSort;
}

export const NO_FILTERS: ForSaleFilters = { q: "", category: null, transmission: null, price: null, sort: "newest" };

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function readFilters(params: URLSearchParams): ForSaleFilters {
  return {
    q: (params.get("q") ?? "").trim().slice(0, FOR_SALE_SEARCH_MAX_LENGTH),
    category: oneOf(CATEGORY_IDS, params.get("category")),
    transmission: oneOf(TRANSMISSIONS, params.get("transmission")),
    price: oneOf(PRICE_BAND_IDS, params.get("price")),
    sort: oneOf(FOR_SALE_SORTS, params.get("sort")) ?? "newest",
  };
}

/** The query string for some filters, in a fixed order, leaving out what is not set. */
export function filtersToParams(filters: ForSaleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.category) params.set("category", filters.category);
  if (filters.transmission) params.set("transmission", filters.transmission);
  if (filters.price) params.set("price", filters.price);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  return params;
}

/** How many of the panel's filters are set (the search box and the sort order are not filters). */
export function activeFilterCount(filters: ForSaleFilters): number {
  return [filters.category, filters.transmission, filters.price].filter(Boolean).length;
}

/** Cards per page ("Load more" fetches the next ones). */
export const PAGE_SIZE = 6;

/** The carsForSale query's variables for some filters and a page. */
export function queryVariables(filters: ForSaleFilters, offset: number, limit: number) {
  return {
    search: filters.q || null,
    category: filters.category,
    transmission: filters.transmission,
    priceBand: filters.price,
    sort: filters.sort,
    offset,
    limit,
  };
}

/** A stable key of the filters (changing filters starts the list again from its first page). */
export function filtersKey(filters: ForSaleFilters): string {
  return filtersToParams(filters).toString();
}
