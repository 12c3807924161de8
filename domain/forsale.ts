/**
 * Cars for sale: the listing's sort orders, page sizes, limits, messages and count label. No zod
 * here (the schemas are in ./sales.ts, which re-exports all of this), so the public web page can
 * import these without zod in its first download (`bun run bench`, page weight of /cars-for-sale).
 */
import { FOR_SALE_SEARCH_MAX_LENGTH, FOR_SALE_SORTS, PRICE_BAND_IDS, type ForSaleSort } from "./option-ids.ts";

export { FOR_SALE_SEARCH_MAX_LENGTH, FOR_SALE_SORTS, type ForSaleSort };

/** Cards per page unless asked otherwise, and the most one request may ask for. */
export const FOR_SALE_PAGE_SIZE = 12;
export const FOR_SALE_MAX_PAGE_SIZE = 48;
/** Free-text search uses at most this many words (each must match make, model, year or dealership). */
export const FOR_SALE_SEARCH_MAX_WORDS = 6;

export const FOR_SALE_MESSAGES = {
  searchTooLong: `Search text is too long (at most ${FOR_SALE_SEARCH_MAX_LENGTH} characters)`,
  category: "Unknown category: choose small, medium or large",
  transmission: "Unknown transmission: choose manual or automatic",
  priceBand: `Unknown price range: choose one of ${PRICE_BAND_IDS.join(", ")}`,
  sort: `Unknown sort order: choose one of ${FOR_SALE_SORTS.join(", ")}`,
  limit: `Page size must be a whole number from 1 to ${FOR_SALE_MAX_PAGE_SIZE}`,
  offset: "Offset must be a whole number, 0 or more",
} as const;

/** "1 vehicle available for sale" / "3 vehicles available for sale". */
export function forSaleCountLabel(count: number): string {
  return `${count} ${count === 1 ? "vehicle" : "vehicles"} available for sale`;
}
