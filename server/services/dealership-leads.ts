// The dealership's enquiries from Contact Seller: listed newest first with the vehicle they are
// about, and marked read when opened. Only its own: another dealership's lead is 404.
import type { Prisma } from "../db";
import { notFound } from "../errors";
import type { Services } from "./context";
import { currentDealership } from "./dealership-auth";
import { VEHICLE_PHOTOS } from "./vehicle-rows";
import { clampPage } from "./vehicles";
import type { Viewer } from "./viewer";

export const LEAD_NOT_FOUND = "Enquiry not found";
export const MAX_LEADS_PAGE = 200;

export const LEAD_WITH_VEHICLE = { vehicle: { include: VEHICLE_PHOTOS } } satisfies Prisma.LeadInclude;
export type DealershipLead = Prisma.LeadGetPayload<{ include: typeof LEAD_WITH_VEHICLE }>;

/** The dealership's leads, newest first (at most MAX_LEADS_PAGE a page), and how many are unread. */
export async function listOwnLeads(services: Services, viewer: Viewer, page: { limit?: number; offset?: number; unreadOnly?: boolean } = {}) {
  const dealership = await currentDealership(services, viewer);
  const where = { dealershipId: dealership.id, ...(page.unreadOnly ? { readAt: null } : {}) } satisfies Prisma.LeadWhereInput;
  const [leads, unread] = await services.db.$transaction([
    services.db.lead.findMany({
      where,
      include: LEAD_WITH_VEHICLE,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      // A limit below 1 or a negative offset is a 400, as on every list (it was quietly one row).
      ...clampPage(page.limit, page.offset, MAX_LEADS_PAGE, MAX_LEADS_PAGE),
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
  const lead = await services.db.lead.findFirst({ where: mine, include: LEAD_WITH_VEHICLE });
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return lead;
}
