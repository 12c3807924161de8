// Admin accounts managed by an operator on the server host (rentals-cli), without a session:
// create one (any time, unlike the public sign-up form, which only the first admin or an invited
// one may use), list them, disable and enable them. Every change writes its audit row in the
// same transaction, with the operator as the actor.
import type { AdminUser } from "../../prisma/generated/sqlite/client";
import { adminSignUpSchema, type AuditedRecord } from "#domain";
import { conflict, notFound } from "../errors";
import { ADMIN_MESSAGES, publicAdmin, type PublicAdmin } from "./admin-auth";
import { recordAudit, type Actor } from "./audit";
import { isUniqueViolation } from "./auth";
import type { Services } from "./context";
import { hashPassword } from "./passwords";
import { endAllSessions } from "./sessions";
import { parseInput } from "./validation";
import { z } from "zod";

export const OPERATOR_MESSAGES = { adminNotFound: "No admin has this email" } as const;

/** What the audit log keeps of an admin (never the password hash). */
const adminAuditView = (admin: AdminUser) => {
  const { passwordHash: _secret, createdAt: _c, updatedAt: _u, ...rest } = admin;
  return rest;
};

/**
 * Creates an admin account with the admin sign-up form's rules (valid email, password of at
 * least 8 characters, first and last name; role "admin" unless the operator names another).
 * A taken email is a 409.
 */
export async function createAdmin(services: Services, actor: Actor, input: unknown): Promise<PublicAdmin> {
  const data = parseInput(adminSignUpSchema, input);
  const passwordHash = await hashPassword(data.password);
  try {
    const created = await services.db.$transaction(async (tx) => {
      if (await tx.adminUser.findUnique({ where: { email: data.email }, select: { id: true } })) throw conflict(ADMIN_MESSAGES.duplicateEmail);
      // The operator typed it, maybe for a colleague: the admin is asked for their own at the next sign-in.
      const row = await tx.adminUser.create({
        data: { email: data.email, passwordHash, firstName: data.firstName, lastName: data.lastName, role: data.role, passwordChangeRequired: true },
      });
      await recordAudit(tx, actor, { action: "admin.create", entity: "admin_user", entityId: row.id, after: adminAuditView(row) });
      return row;
    });
    return publicAdmin(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADMIN_MESSAGES.duplicateEmail);
    throw error;
  }
}

/** Admins by email: the first `take`, or every one. */
export async function listAdmins(services: Services, take?: number): Promise<PublicAdmin[]> {
  const rows = await services.db.adminUser.findMany({ orderBy: [{ email: "asc" }], take });
  return rows.map(publicAdmin);
}

const emailSchema = z.object({ email: adminSignUpSchema.shape.email });

/**
 * Disables or enables an admin by email. A disabled admin cannot sign in (403) and every
 * session of theirs ends at once. No change: `changed` is false and nothing is written.
 */
export async function setAdminActive(services: Services, actor: Actor, email: string, isActive: boolean): Promise<{ admin: PublicAdmin; changed: boolean }> {
  const { email: address } = parseInput(emailSchema, { email });
  const current = await services.db.adminUser.findUnique({ where: { email: address } });
  if (!current) throw notFound(OPERATOR_MESSAGES.adminNotFound);
  if (current.isActive === isActive) return { admin: publicAdmin(current), changed: false };
  const updated = await services.db.$transaction(async (tx) => {
    const row = await tx.adminUser.update({ where: { id: current.id }, data: { isActive } });
    await recordAudit(tx, actor, {
      action: isActive ? "admin.enable" : "admin.disable",
      entity: "admin_user",
      entityId: row.id,
      before: adminAuditView(current),
      after: adminAuditView(row),
    });
    return row;
  });
  if (!isActive) await endAllSessions(services, updated.id);
  return { admin: publicAdmin(updated), changed: true };
}

/**
 * An audit row for an operator's change that is not one entity's (migrations applied, demo data
 * seeded). Never give it secrets.
 */
export async function recordOperatorEvent(
  services: Services,
  actor: Actor,
  entry: { action: string; entity: AuditedRecord; entityId?: string; after?: unknown },
): Promise<void> {
  await services.db.$transaction((tx) => recordAudit(tx, actor, entry));
}
