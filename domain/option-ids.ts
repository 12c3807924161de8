/**
 * The values of the option lists the Cars for Sale filters read from a URL, alone: no labels,
 * rates or messages. The web app's main bundle checks a shared link's filters with these
 * (web/src/customer/forsale/params.ts, for the list it asks for early) without the rest of
 * ./catalogue.ts and ./forsale.ts, which re-export them: they are defined here only.
 */
export const CATEGORY_IDS = ["small", "medium", "large"] as const;
export type Category = (typeof CATEGORY_IDS)[number];

export const TRANSMISSIONS = ["manual", "automatic"] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const PRICE_BAND_IDS = ["under-100k", "100k-200k", "200k-300k", "over-300k"] as const;
export type PriceBandId = (typeof PRICE_BAND_IDS)[number];

export const FOR_SALE_SORTS = ["newest", "price_asc", "price_desc"] as const;
export type ForSaleSort = (typeof FOR_SALE_SORTS)[number];

/** Longest search text (a buyer types a few words). */
export const FOR_SALE_SEARCH_MAX_LENGTH = 100;
