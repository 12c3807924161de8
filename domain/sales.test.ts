import { describe, expect, test } from "bun:test";
import type { z } from "zod";
import { bandRange, priceBandOf } from "./catalogue.ts";
import {
  CONTACT_SELLER_MESSAGES,
  contactSellerSchema,
  FOR_SALE_MAX_PAGE_SIZE,
  FOR_SALE_MESSAGES,
  FOR_SALE_PAGE_SIZE,
  forSaleCountLabel,
  forSaleSearchSchema,
  searchWords,
} from "./sales.ts";

/** The first message of each field ({} when valid). */
function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("forSaleSearchSchema", () => {
  test("defaults: newest first, the first page of 12", () => {
    expect(forSaleSearchSchema.parse({})).toEqual({ sort: "newest", limit: FOR_SALE_PAGE_SIZE, offset: 0 });
  });

  test("reads URL text: trims, numbers from digits, blank means no filter", () => {
    expect(
      forSaleSearchSchema.parse({
        search: "  toyota  ",
        make: "",
        model: null,
        category: "medium",
        transmission: " ",
        priceBand: "100k-200k",
        sort: "price_desc",
        limit: "24",
        offset: " 12 ",
      }),
    ).toEqual({
      search: "toyota",
      category: "medium",
      priceBand: "100k-200k",
      sort: "price_desc",
      limit: 24,
      offset: 12,
    });
  });

  test("refuses unknown values with clear messages", () => {
    expect(errors(forSaleSearchSchema, { category: "huge", transmission: "cvt", priceBand: "cheap", sort: "best", limit: "0", offset: "-1" })).toEqual({
      category: FOR_SALE_MESSAGES.category,
      transmission: FOR_SALE_MESSAGES.transmission,
      priceBand: FOR_SALE_MESSAGES.priceBand,
      sort: FOR_SALE_MESSAGES.sort,
      limit: FOR_SALE_MESSAGES.limit,
      offset: FOR_SALE_MESSAGES.offset,
    });
    expect(errors(forSaleSearchSchema, { limit: FOR_SALE_MAX_PAGE_SIZE + 1 })).toEqual({ limit: FOR_SALE_MESSAGES.limit });
    expect(errors(forSaleSearchSchema, { limit: FOR_SALE_MAX_PAGE_SIZE })).toEqual({});
    expect(errors(forSaleSearchSchema, { limit: "1e3" })).toEqual({ limit: FOR_SALE_MESSAGES.limit });
    expect(errors(forSaleSearchSchema, { search: "x".repeat(101) })).toEqual({ search: FOR_SALE_MESSAGES.searchTooLong });
    expect(errors(forSaleSearchSchema, { category: ["small", "large"] })).toEqual({ category: FOR_SALE_MESSAGES.category });
  });

  test("price band edges follow the catalogue: min inclusive, max exclusive", () => {
    expect([99_999, 100_000, 199_999, 200_000, 299_999, 300_000].map(priceBandOf)).toEqual([
      "under-100k",
      "100k-200k",
      "100k-200k",
      "200k-300k",
      "200k-300k",
      "over-300k",
    ]);
    expect(bandRange("100k-200k")).toEqual({ min: 100_000, max: 200_000 });
    expect(bandRange("over-300k")).toEqual({ min: 300_000, max: null });
  });
});

describe("searchWords", () => {
  test("words split on spaces and on LIKE wildcards, at most 6", () => {
    expect(searchWords("  Toyota   corolla ")).toEqual(["Toyota", "corolla"]);
    expect(searchWords("100%_off\\now")).toEqual(["100", "off", "now"]);
    expect(searchWords("%")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords("a b c d e f g h")).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});

test("forSaleCountLabel", () => {
  expect(forSaleCountLabel(0)).toBe("0 vehicles available for sale");
  expect(forSaleCountLabel(1)).toBe("1 vehicle available for sale");
  expect(forSaleCountLabel(12)).toBe("12 vehicles available for sale");
});

describe("contactSellerSchema", () => {
  const valid = { name: "Ann", email: "ann@example.com", message: "Is it available?" };

  test("trims; lower-cases the email; blank contact fields are left out; the honeypot is read as text", () => {
    expect(contactSellerSchema.parse({ name: "  Ann Smith ", email: " ANN@Example.COM ", phone: "  ", message: " Hi \n" })).toEqual({
      name: "Ann Smith",
      email: "ann@example.com",
      message: "Hi",
      website: "",
    });
    expect(contactSellerSchema.parse({ ...valid, website: " http://spam " }).website).toBe("http://spam");
    expect(contactSellerSchema.parse({ ...valid, website: 5 }).website).toBe("");
  });

  test("an email or a phone number, at least one", () => {
    expect(errors(contactSellerSchema, { name: "Ann", message: "Hi" })).toEqual({ email: CONTACT_SELLER_MESSAGES.contactRequired });
    expect(errors(contactSellerSchema, { name: "Ann", phone: "+27 (82) 555-1234", message: "Hi" })).toEqual({});
    expect(errors(contactSellerSchema, { name: "Ann", email: "ann@example.com", phone: "082 555 1234", message: "Hi" })).toEqual({});
  });

  const BAD: [Record<string, unknown>, string, string][] = [
    [{ name: undefined }, "name", CONTACT_SELLER_MESSAGES.name],
    [{ name: "  " }, "name", CONTACT_SELLER_MESSAGES.name],
    [{ name: "x".repeat(101) }, "name", CONTACT_SELLER_MESSAGES.nameTooLong],
    [{ email: "ann" }, "email", CONTACT_SELLER_MESSAGES.email],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", CONTACT_SELLER_MESSAGES.email],
    [{ phone: "123456" }, "phone", CONTACT_SELLER_MESSAGES.phone],
    [{ phone: "1".repeat(16) }, "phone", CONTACT_SELLER_MESSAGES.phone],
    [{ phone: "082 555 1234 ext" }, "phone", CONTACT_SELLER_MESSAGES.phone],
    [{ message: "" }, "message", CONTACT_SELLER_MESSAGES.message],
    [{ message: "x".repeat(2001) }, "message", CONTACT_SELLER_MESSAGES.messageTooLong],
  ];
  test.each(BAD)("%j -> %s: %s", (patch, field, message) => {
    expect(errors(contactSellerSchema, { ...valid, ...patch })[field]).toBe(message);
  });

  test("the longest message allowed", () => {
    expect(errors(contactSellerSchema, { ...valid, message: "x".repeat(2000) })).toEqual({});
  });
});
