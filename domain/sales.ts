/**
 * Cars for sale: the public listing's search and filters (as URL query text or typed values),
 * and the "Contact Seller" enquiry form. Shared by the web page (its URL and its form) and the
 * server (REST query strings, GraphQL arguments), with the messages a buyer sees.
 */
import { z } from "zod";
import { isPhoneNumber } from "./phone.ts";
import { CATEGORY_IDS, PRICE_BAND_IDS, TRANSMISSIONS } from "./catalogue.ts";
import {
  FOR_SALE_MAX_PAGE_SIZE,
  FOR_SALE_MESSAGES,
  FOR_SALE_PAGE_SIZE,
  FOR_SALE_SEARCH_MAX_LENGTH,
  FOR_SALE_SEARCH_MAX_WORDS,
  FOR_SALE_SORTS,
} from "./forsale.ts";

// The listing's constants, messages and labels live in ./forsale.ts (no zod), so the web
// page imports them without bringing zod into its first download; they are re-exported here.
export * from "./forsale.ts";

// Listing -------------------------------------------------------------------------------------

/** A missing filter: absent, null, or blank text (a cleared field in the URL). */
const blankToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

function searchText(message: string) {
  return optionalFilter(z.string({ error: message }).trim().max(FOR_SALE_SEARCH_MAX_LENGTH, message));
}

/** A whole number, given as a number or as URL text ("12"). */
function wholeNumber(message: string, min: number, max?: number) {
  return optionalFilter(
    z.preprocess(
      (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: message })
        .int(message)
        .min(min, message)
        .max(max ?? Number.MAX_SAFE_INTEGER, message),
    ),
  );
}

/**
 * The listing's query: free text `search` (every word must match the make, the model, the year
 * or the dealership's name, case-insensitively), `make` and `model` (contained in those fields),
 * exact `category` and `transmission`, a `priceBand` (PRICE_BANDS: min inclusive, max exclusive),
 * `sort` (newest first by default) and a page (`limit`, `offset`). Blank values mean "no filter".
 */
export const forSaleSearchSchema = z.object({
  search: searchText(FOR_SALE_MESSAGES.searchTooLong),
  make: searchText(FOR_SALE_MESSAGES.searchTooLong),
  model: searchText(FOR_SALE_MESSAGES.searchTooLong),
  category: optionalFilter(z.enum(CATEGORY_IDS, { error: FOR_SALE_MESSAGES.category })),
  transmission: optionalFilter(z.enum(TRANSMISSIONS, { error: FOR_SALE_MESSAGES.transmission })),
  priceBand: optionalFilter(z.enum(PRICE_BAND_IDS, { error: FOR_SALE_MESSAGES.priceBand })),
  sort: optionalFilter(z.enum(FOR_SALE_SORTS, { error: FOR_SALE_MESSAGES.sort })).transform((sort) => sort ?? "newest"),
  limit: wholeNumber(FOR_SALE_MESSAGES.limit, 1, FOR_SALE_MAX_PAGE_SIZE).transform((limit) => limit ?? FOR_SALE_PAGE_SIZE),
  offset: wholeNumber(FOR_SALE_MESSAGES.offset, 0).transform((offset) => offset ?? 0),
});
export type ForSaleSearchInput = z.input<typeof forSaleSearchSchema>;
export type ForSaleSearch = z.output<typeof forSaleSearchSchema>;

/**
 * The words of a search text: split on spaces, at most FOR_SALE_SEARCH_MAX_WORDS. `%`, `_` and
 * `\\` separate words too: they are SQL LIKE wildcards (SQLite's LIKE has no escape character by
 * default) and never part of a make, model or company name.
 */
export function searchWords(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\s%_\\]+/)
    .filter(Boolean)
    .slice(0, FOR_SALE_SEARCH_MAX_WORDS);
}

// Contact Seller ------------------------------------------------------------------------------

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

export const CONTACT_SELLER_MESSAGES = {
  name: "Please enter your name",
  nameTooLong: `Name is too long (at most ${CONTACT_NAME_MAX_LENGTH} characters)`,
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  contactRequired: "Please give an email address or a phone number so the seller can reply",
  message: "Please enter a message for the seller",
  messageTooLong: `Message is too long (at most ${CONTACT_MESSAGE_MAX_LENGTH} characters)`,
  sent: "Your message has been sent to the seller. They will contact you soon.",
} as const;

/** Trimmed optional text; blank or null becomes undefined. */
const optionalContact = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.preprocess(blankToUndefined, schema.optional()));

/**
 * The Contact Seller form: a name, an email or a phone number (at least one), and a message.
 * `website` is a honeypot: hidden from people, so only bots fill it in.
 */
export const contactSellerSchema = z
  .object({
    name: z
      .string({ error: CONTACT_SELLER_MESSAGES.name })
      .trim()
      .min(1, CONTACT_SELLER_MESSAGES.name)
      .max(CONTACT_NAME_MAX_LENGTH, CONTACT_SELLER_MESSAGES.nameTooLong),
    email: optionalContact(
      z
        .string({ error: CONTACT_SELLER_MESSAGES.email })
        .toLowerCase()
        .max(254, CONTACT_SELLER_MESSAGES.email)
        .pipe(z.email({ error: CONTACT_SELLER_MESSAGES.email })),
    ),
    phone: optionalContact(z.string({ error: CONTACT_SELLER_MESSAGES.phone }).refine(isPhoneNumber, CONTACT_SELLER_MESSAGES.phone)),
    message: z
      .string({ error: CONTACT_SELLER_MESSAGES.message })
      .trim()
      .min(1, CONTACT_SELLER_MESSAGES.message)
      .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SELLER_MESSAGES.messageTooLong),
    website: z
      .unknown()
      .optional()
      .transform((value) => (typeof value === "string" ? value.trim() : "")),
  })
  .superRefine((form, ctx) => {
    if (!form.email && !form.phone) ctx.addIssue({ code: "custom", message: CONTACT_SELLER_MESSAGES.contactRequired, path: ["email"] });
  });
export type ContactSellerInput = z.input<typeof contactSellerSchema>;
export type ContactSellerData = z.output<typeof contactSellerSchema>;
