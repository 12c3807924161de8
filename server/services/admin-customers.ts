// Customers for admins (or a key with customers:read): the admin customer shape of SPEC 3,
// searched by name, email or phone on the server, paged; and the Customers screen's figures.
// Identity documents are paths only: their files are served to admins alone (uploads.ts).
import type { User } from "../../prisma/generated/sqlite/client";
import { z } from "zod";
import { type Prisma, sql } from "../db";
import { queryRows } from "../db/direct";
import { capeTownDateTimeToUtc, capeTownToday, listSearchSchema, pageSchema, phoneSearchDigits } from "#domain";
import { notFound } from "../errors";
import { publicUser, type PublicUser } from "./auth";
import type { Services } from "./context";
import { containsText } from "./text-search";
import { parseInput } from "./validation";
import { clampPage } from "./vehicles";
import { requireAdminOrKey, type Viewer } from "./viewer";

const customerListSchema = pageSchema.extend({
  search: listSearchSchema,
  profileCompleted: z
    .union([z.boolean(), z.enum(["true", "false"])], { error: "profileCompleted must be true or false" })
    .transform((v) => v === true || v === "true")
    .optional(),
});

/**
 * Customers whose name, email or phone holds `search` (the Customers screen's search, and the
 * Bookings screen's by customer). A phone number matches however either side was typed: its
 * digits against the stored numbers' digits (`phoneSearchDigits`).
 */
export async function customerMatching(services: Pick<Services, "provider" | "db">, search: string): Promise<Prisma.UserWhereInput> {
  const digits = phoneSearchDigits(search);
  const byPhone = digits ? await customersWithPhoneDigits(services, digits) : [];
  return {
    OR: [
      { name: containsText(services, search) },
      { email: containsText(services, search.toLowerCase()) },
      { phone: containsText(services, search) },
      ...(byPhone.length ? [{ id: { in: byPhone } }] : []),
    ],
  };
}

/** At most this many customers found by a phone number's digits (a number's 5 digits or more name a few). */
const PHONE_MATCHES_MAX = 500;

/** Customers whose phone, without its spaces, dashes, brackets, dots and +, holds `digits` (digits only, so nothing in it is a LIKE wildcard). */
async function customersWithPhoneDigits(services: Pick<Services, "db">, digits: string): Promise<string[]> {
  const bare = sql`replace(replace(replace(replace(replace(replace(u.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
  const rows = await queryRows<{ id: string }>(
    services.db,
    sql`SELECT u.id FROM users u WHERE u.phone IS NOT NULL AND ${bare} LIKE ${`%${digits}%`} LIMIT ${PHONE_MATCHES_MAX}`,
  );
  return rows.map((row) => row.id);
}

async function customerWhere(services: Services, q: z.output<typeof customerListSchema>): Promise<Prisma.UserWhereInput> {
  return {
    ...(q.profileCompleted !== undefined ? { profileCompleted: q.profileCompleted } : {}),
    ...(q.search ? await customerMatching(services, q.search) : {}),
  };
}

/** Customers, newest first, paged (at most 100); `search` matches name, email or phone. */
export async function listCustomers(services: Services, viewer: Viewer, query: unknown = {}): Promise<{ items: PublicUser[]; total: number }> {
  const { items, total } = await listCustomerRows(services, viewer, query);
  return { items: items.map(publicUser), total };
}

/** The same list as Prisma rows (GraphQL exposes them as User). */
export async function listCustomerRows(services: Services, viewer: Viewer, query: unknown = {}): Promise<{ items: User[]; total: number }> {
  requireAdminOrKey(viewer, "customers:read");
  const q = parseInput(customerListSchema, query);
  const where = await customerWhere(services, q);
  const [items, total] = await Promise.all([
    services.db.user.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...clampPage(q.limit, q.offset) }),
    services.db.user.count({ where }),
  ]);
  return { items, total };
}

export async function getCustomer(services: Services, viewer: Viewer, id: unknown): Promise<User> {
  requireAdminOrKey(viewer, "customers:read");
  const userId = typeof id === "string" ? id.trim() : "";
  const user = userId ? await services.db.user.findUnique({ where: { id: userId } }) : null;
  if (!user) throw notFound("Customer not found");
  return user;
}

export type CustomerStats = { total: number; completedProfiles: number; newThisMonth: number };

/** The first instant of the current month on Cape Town's calendar. */
export function startOfCapeTownMonth(now: Date = new Date()): Date {
  return capeTownDateTimeToUtc(`${capeTownToday(now).slice(0, 8)}01`, "00:00");
}

/** Total customers, completed profiles, and customers who signed up this month (Cape Town time). */
export async function customerStats(services: Services, viewer: Viewer, now: Date = new Date()): Promise<CustomerStats> {
  requireAdminOrKey(viewer, "customers:read");
  const [total, completedProfiles, newThisMonth] = await Promise.all([
    services.db.user.count(),
    services.db.user.count({ where: { profileCompleted: true } }),
    services.db.user.count({ where: { createdAt: { gte: startOfCapeTownMonth(now) } } }),
  ]);
  return { total, completedProfiles, newThisMonth };
}
