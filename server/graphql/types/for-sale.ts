// The public Cars for Sale listing, its details and Contact Seller (no sign-in needed).
import { FOR_SALE_SORTS } from "../../domain";
import { contactSeller, getCarForSale, listCarsForSale, type EnquiryReceipt, type ForSalePage, type ForSaleVehicle } from "../../services/for-sale";
import { builder } from "../builder";
import { CategoryEnum, TransmissionEnum } from "./enums";

const ForSaleSortEnum = builder.enumType("ForSaleSort", { values: FOR_SALE_SORTS });

const ForSaleSellerRef = builder.objectRef<ForSaleVehicle["dealership"]>("ForSaleSeller").implement({
  description: "The selling dealership as buyers see it (never its email, phone or password).",
  fields: (t) => ({
    companyName: t.exposeString("companyName"),
    city: t.exposeString("city", { nullable: true }),
  }),
});

const ForSaleVehicleRef = builder.objectRef<ForSaleVehicle>("ForSaleVehicle").implement({
  description: "A dealership's car listed for sale.",
  fields: (t) => ({
    id: t.exposeID("id"),
    make: t.exposeString("make"),
    model: t.exposeString("model"),
    year: t.exposeInt("year"),
    category: t.field({ type: CategoryEnum, resolve: (v) => v.category as "small" | "medium" | "large" }),
    transmission: t.field({ type: TransmissionEnum, resolve: (v) => v.transmission as "manual" | "automatic" }),
    mileage: t.exposeInt("mileage"),
    /** Rand as a decimal string, e.g. "185000.00" (shown without decimals). */
    salesPrice: t.exposeString("salesPrice"),
    /** "/objects/uploads/<uuid>" paths, in display order. */
    images: t.exposeStringList("images"),
    dealership: t.field({ type: ForSaleSellerRef, resolve: (v) => v.dealership }),
    /** ISO instant the car was added. */
    createdAt: t.exposeString("createdAt"),
  }),
});

const ForSalePageRef = builder.objectRef<ForSalePage>("ForSalePage").implement({
  fields: (t) => ({
    vehicles: t.field({ type: [ForSaleVehicleRef], resolve: (page) => page.vehicles }),
    /** All matches, for "{n} vehicle(s) available for sale". */
    total: t.exposeInt("total"),
    limit: t.exposeInt("limit"),
    offset: t.exposeInt("offset"),
  }),
});

builder.queryField("carsForSale", (t) =>
  t.field({
    type: ForSalePageRef,
    description:
      "Cars for sale: active dealerships' vehicles with a sales price. `search` matches every word against make, model, year or dealership " +
      "name (case-insensitive); `priceBand` is one of under-100k, 100k-200k, 200k-300k, over-300k (min inclusive, max exclusive). " +
      "Newest first unless `sort` says otherwise; `limit` 1..48 (default 12).",
    args: {
      search: t.arg.string({ required: false }),
      make: t.arg.string({ required: false }),
      model: t.arg.string({ required: false }),
      category: t.arg({ type: CategoryEnum, required: false }),
      transmission: t.arg({ type: TransmissionEnum, required: false }),
      priceBand: t.arg.string({ required: false }),
      sort: t.arg({ type: ForSaleSortEnum, required: false }),
      limit: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => listCarsForSale(ctx.services, args),
  }),
);

builder.queryField("carForSale", (t) =>
  t.field({
    type: ForSaleVehicleRef,
    description: "The details of a car for sale; NOT_FOUND when it is not listed.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getCarForSale(ctx.services, String(args.id)),
  }),
);

const ContactSellerInput = builder.inputType("ContactSellerInput", {
  fields: (t) => ({
    name: t.string({ required: false }),
    /** An email or a phone number (or both) is required. */
    email: t.string({ required: false }),
    phone: t.string({ required: false }),
    message: t.string({ required: false }),
    /** Leave empty: a field hidden from people, so only bots fill it in. */
    website: t.string({ required: false }),
  }),
});

const ContactSellerResultRef = builder.objectRef<EnquiryReceipt>("ContactSellerResult").implement({
  fields: (t) => ({
    success: t.exposeBoolean("success"),
    message: t.exposeString("message"),
  }),
});

builder.mutationField("contactSeller", (t) =>
  t.field({
    type: ContactSellerResultRef,
    description: "Sends a buyer's enquiry to the car's dealership (stored as a lead and emailed). TOO_MANY_REQUESTS when sent too often.",
    args: { vehicleId: t.arg.id({ required: true }), input: t.arg({ type: ContactSellerInput, required: true }) },
    resolve: (_root, { vehicleId, input }, ctx) => contactSeller(ctx.services, ctx.viewer, String(vehicleId), input),
  }),
);
