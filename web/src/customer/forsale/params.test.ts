import { describe, expect, test } from "bun:test";
import { activeFilterCount, filtersKey, filtersToParams, NO_FILTERS, queryVariables, readFilters } from "./params.ts";

describe("Cars for Sale filters in the URL", () => {
  test("reads every filter", () => {
    const filters = readFilters(new URLSearchParams("q=+Polo+Vivo+&category=small&transmission=manual&price=100k-200k&sort=price_asc"));
    expect(filters).toEqual({ q: "Polo Vivo", category: "small", transmission: "manual", price: "100k-200k", sort: "price_asc" });
    expect(activeFilterCount(filters)).toBe(3);
  });

  test("unknown or blank values are ignored", () => {
    expect(readFilters(new URLSearchParams("category=huge&transmission=&price=cheap&sort=random"))).toEqual(NO_FILTERS);
    expect(readFilters(new URLSearchParams(""))).toEqual(NO_FILTERS);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  test("round trip, leaving out what is not set, in a fixed order", () => {
    const filters = { ...NO_FILTERS, price: "over-300k" as const, q: "toyota" };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe("q=toyota&price=over-300k");
    expect(readFilters(params)).toEqual(filters);
    expect(filtersKey(NO_FILTERS)).toBe("");
  });

  test("long search text is cut to the server's limit", () => {
    expect(readFilters(new URLSearchParams(`q=${"a".repeat(150)}`)).q).toHaveLength(100);
  });

  test("query variables", () => {
    expect(queryVariables({ ...NO_FILTERS, category: "large" }, 6, 6)).toEqual({
      search: null,
      category: "large",
      transmission: null,
      priceBand: null,
      sort: "newest",
      offset: 6,
      limit: 6,
    });
  });
});
