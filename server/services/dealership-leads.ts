// The dealership's enquiries from Contact Seller: listed newest first with the vehicle they are
// about, and marked read when opened. Only its own: another dealership's lead is 404.
import type { Prisma } from "../db";
import { notFound } from "../errors";
import type { Services } from "./context";
import { currentDealership } from "./dealership-auth";
import type { Viewer } from "./viewer";

export const LEAD_NOT_FOUND = "Enquiry not found";
export const MAX_LEADS_PAGE = 200;

const leadInclude = {
  vehicle: {
    select: {
      id: true,
      make: true,
      model: true,
      year: true,
      registrationNumber: true,
      salesPrice: true,
      images: { select: { url: true }, orderBy: { position: "asc" }, take: 1 },
    },
  },
} satisfies Prisma.LeadInclude;
export type DealershipLead = Prisma.LeadGetPayload<{ include: typeof leadInclude }>;

/** The dealership's leads, newest first (at most MAX_LEADS_PAGE a page), and how many are unread. */
export async function listOwnLeads(services: Services, viewer: Viewer, page: { limit?: number; offset?: number; unreadOnly?: boolean } = {}) {
  const dealership = await currentDealership(services, viewer);
  const where = { dealershipId: dealership.id, ...(page.unreadOnly ? { readAt: null } : {}) } satisfies Prisma.LeadWhereInput;
  const [leads, unread] = await services.db.$transaction([
    services.db.lead.findMany({
      where,
      include: leadInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: Math.min(Math.max(page.limit ?? MAX_LEADS_PAGE, 1), MAX_LEADS_PAGE),
      skip: Math.max(page.offset ?? 0, 0),
    }),
    services.db.lead.count({ where: { dealershipId: dealership.id, readAt: null } }),
  ]);
  return { leads, unread };
}

/** Marks one of the dealership's leads read (the first time only; again is a no-op). */
export async function markOwnLeadRead(services: Services, viewer: Viewer, id: string): Promise<DealershipLead> {
  const dealership = await currentDealership(services, viewer);
  const mine = { id: String(id), dealershipId: dealership.id };
  await services.db.lead.updateMany({ where: { ...mine, readAt: null }, data: { readAt: new Date() } });
  const lead = await services.db.lead.findFirst({ where: mine, include: leadInclude });
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return lead;
}

/** A lead as REST answers it (and GraphQL's DealershipLead). */
export function leadJson(lead: DealershipLead) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    readAt: lead.readAt?.toISOString() ?? null,
    createdAt: lead.createdAt.toISOString(),
    vehicle: {
      id: lead.vehicle.id,
      make: lead.vehicle.make,
      model: lead.vehicle.model,
      year: lead.vehicle.year,
      registrationNumber: lead.vehicle.registrationNumber,
      salesPrice: lead.vehicle.salesPrice?.toFixed(2) ?? null,
      image: lead.vehicle.images[0]?.url ?? null,
    },
  };
}
export type DealershipLeadJson = ReturnType<typeof leadJson>;
