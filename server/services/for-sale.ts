// The public Cars for Sale listing and its "Contact Seller" enquiries. Listed: vehicles that
// belong to an active dealership and carry a sales price above zero. Search, filters, sorting
// and paging are done here (one SQL query plus its count); the details never include the
// dealership's email, phone or password. An enquiry stores a lead for the vehicle's dealership
// and writes the dealership's email to the outbox in the same transaction.
import type { Prisma } from "../db";
import {
  CONTACT_SELLER_MESSAGES,
  contactSellerSchema,
  formatRand,
  forSaleSearchSchema,
  isSold,
  bandRange,
  searchWords,
  type ContactSellerData,
  type ForSaleSearch,
} from "#domain";
import { AppError, notFound } from "../errors";
import type { Services } from "./context";
import { containsText } from "./text-search";
import { dealershipEnquiryEmail } from "../emails/enquiry";
import { FOR_SALE_ROW, type ForSaleRow } from "./vehicle-rows";
import { enqueueEmail, nudgeMailer } from "./mail";
import { hit } from "./rate-limit";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

export const FOR_SALE_NOT_FOUND = "This vehicle is not for sale";
/** A sold car's details and enquiries: 410 Gone, so a buyer's old link can say what happened. */
export const FOR_SALE_SOLD = "This car has been sold";
export const ENQUIRY_CAR_SOLD = "This car has been sold, so the dealership is no longer taking enquiries about it. Have a look at the other cars for sale.";
export const ENQUIRY_RATE_LIMITED = "You have sent several enquiries in a short time. Please wait a while before sending another.";

/** Contact Seller limits: per client address, and per vehicle and buyer (email or phone). */
export const ENQUIRY_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 60 * 60 },
  perVehicleContact: { limit: 3, windowSeconds: 24 * 60 * 60 },
} as const;

/** Offered for sale at some point: an active dealership's vehicle with a sales price above zero. */
const OFFERED: Prisma.VehicleWhereInput = {
  dealershipId: { not: null },
  dealership: { is: { isActive: true } },
  salesPrice: { gt: 0 },
};

/** Listed for sale: offered and not sold yet. */
export const LISTED: Prisma.VehicleWhereInput = { ...OFFERED, status: { not: "sold" } };

/** The listing's WHERE for a parsed search. */
export function forSaleWhere(services: Services, search: ForSaleSearch): Prisma.VehicleWhereInput {
  const and: Prisma.VehicleWhereInput[] = [LISTED];
  for (const word of searchWords(search.search)) {
    and.push({
      OR: [
        { make: containsText(services, word) },
        { model: containsText(services, word) },
        { dealership: { is: { companyName: containsText(services, word) } } },
        ...(/^\d{4}$/.test(word) ? [{ year: Number(word) }] : []),
      ],
    });
  }
  for (const word of searchWords(search.make)) and.push({ make: containsText(services, word) });
  for (const word of searchWords(search.model)) and.push({ model: containsText(services, word) });
  if (search.category) and.push({ category: search.category });
  if (search.transmission) and.push({ transmission: search.transmission });
  const band = search.priceBand ? bandRange(search.priceBand) : null;
  if (band) and.push({ salesPrice: { gte: band.min, ...(band.max !== null ? { lt: band.max } : {}) } });
  return { AND: and };
}

const ORDER: Record<ForSaleSearch["sort"], Prisma.VehicleOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  price_asc: [{ salesPrice: "asc" }, { createdAt: "desc" }, { id: "desc" }],
  price_desc: [{ salesPrice: "desc" }, { createdAt: "desc" }, { id: "desc" }],
};

export type ForSalePage = { vehicles: ForSaleRow[]; total: number; limit: number; offset: number };

/** One page of the listing and the total number of matches ("{n} vehicle(s) available for sale"). */
export async function listCarsForSale(services: Services, input: unknown): Promise<ForSalePage> {
  const search = parseInput(forSaleSearchSchema, input);
  const where = forSaleWhere(services, search);
  const [total, rows] = await services.db.$transaction([
    services.db.vehicle.count({ where }),
    services.db.vehicle.findMany({ where, include: FOR_SALE_ROW, orderBy: ORDER[search.sort], take: search.limit, skip: search.offset }),
  ]);
  return { vehicles: rows, total, limit: search.limit, offset: search.offset };
}

/**
 * The details of a listed vehicle; a sold one is 410 (FOR_SALE_SOLD), anything never listed (no
 * price, inactive dealership, rental fleet) is 404.
 */
export async function getCarForSale(services: Services, id: string): Promise<ForSaleRow> {
  const row = await services.db.vehicle.findFirst({ where: { AND: [OFFERED, { id: String(id) }] }, include: FOR_SALE_ROW });
  if (!row) throw notFound(FOR_SALE_NOT_FOUND);
  if (isSold(row)) throw new AppError("GONE", FOR_SALE_SOLD);
  return row;
}

const hashed = (value: string) => new Bun.CryptoHasher("sha256").update(value.trim().toLowerCase()).digest("hex");
export const enquiryAddressKey = (clientAddress: string) => `enquiry:address:${hashed(clientAddress)}`;
export const enquiryContactKey = (vehicleId: string, contact: string) => `enquiry:contact:${hashed(`${vehicleId}|${contact}`)}`;

async function limited(services: Services, key: string, limit: { limit: number; windowSeconds: number }) {
  try {
    await hit(services, key, limit.limit, limit.windowSeconds);
  } catch (error) {
    if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS")
      throw new AppError("TOO_MANY_REQUESTS", ENQUIRY_RATE_LIMITED, undefined, undefined, error.retryAfterSeconds);
    throw error;
  }
}

export type EnquiryReceipt = { success: true; message: string };

/**
 * Contact Seller: stores a lead for a listed vehicle's dealership and emails the dealership (both
 * in one transaction). Rate limited per client address and per vehicle and buyer (429). A filled
 * honeypot (`website`) gets the same answer but stores and sends nothing.
 */
export async function contactSeller(services: Services, viewer: Viewer, vehicleId: string, input: unknown): Promise<EnquiryReceipt> {
  const form = parseInput(contactSellerSchema, input);
  const vehicle = await services.db.vehicle.findFirst({
    where: { AND: [OFFERED, { id: String(vehicleId) }] },
    select: {
      id: true,
      status: true,
      make: true,
      model: true,
      year: true,
      registrationNumber: true,
      salesPrice: true,
      dealership: { select: { id: true, companyName: true, contactPerson: true, contactEmail: true } },
    },
  });
  if (!vehicle?.dealership) throw notFound(FOR_SALE_NOT_FOUND);
  if (isSold(vehicle)) throw new AppError("GONE", ENQUIRY_CAR_SOLD);
  const receipt: EnquiryReceipt = { success: true, message: CONTACT_SELLER_MESSAGES.sent };

  await limited(services, enquiryAddressKey(viewer.clientAddress), ENQUIRY_LIMITS.perAddress);
  if (form.website) {
    services.log.info(`for sale: enquiry about ${vehicle.id} dropped (honeypot filled)`);
    return receipt;
  }
  await limited(services, enquiryContactKey(vehicle.id, form.email ?? form.phone!.replace(/\D/g, "")), ENQUIRY_LIMITS.perVehicleContact);

  const dealership = vehicle.dealership;
  await services.db.$transaction(async (tx) => {
    await tx.lead.create({
      data: {
        vehicleId: vehicle.id,
        dealershipId: dealership.id,
        name: form.name,
        email: form.email ?? null,
        phone: form.phone ?? null,
        message: form.message,
      },
    });
    await enqueueEmail(tx, dealershipEnquiryEmail(dealership, vehicle, form, services.config.publicUrl));
  });
  nudgeMailer(services);
  return receipt;
}
