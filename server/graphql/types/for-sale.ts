// The public Cars for Sale listing, its details and Contact Seller (no sign-in needed).
import { FOR_SALE_SORTS } from "#domain";
import { contactSeller, getCarForSale, listCarsForSale, type EnquiryReceipt, type ForSalePage } from "../../services/for-sale";
import { anyone } from "../access";
import { builder } from "../builder";
import { CategoryEnum, TransmissionEnum } from "./enums";
import { ForSaleVehicleRef } from "./vehicle";

const ForSaleSortEnum = builder.enumType("ForSaleSort", { values: FOR_SALE_SORTS });

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
    ...anyone,
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
    ...anyone,
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
    ...anyone,
    type: ContactSellerResultRef,
    description: "Sends a buyer's enquiry to the car's dealership (stored as a lead and emailed). TOO_MANY_REQUESTS when sent too often.",
    args: { vehicleId: t.arg.id({ required: true }), input: t.arg({ type: ContactSellerInput, required: true }) },
    resolve: (_root, { vehicleId, input }, ctx) => contactSeller(ctx.services, ctx.viewer, String(vehicleId), input),
  }),
);
