// The audit log: who changed what, when, with the before and after states. Every admin change
// writes its row through `recordAudit` inside the change's own transaction, so a change and its
// audit row are stored together or not at all. Snapshots never hold secrets (password hashes,
// API keys or their hashes).
import type { AuditLog } from "../../prisma/generated/sqlite/client";
import type { Prisma } from "../db";
import { type AuditedRecord, pageSchema } from "#domain";
import type { Services } from "./context";
import { parseInput } from "./validation";
import { clampPage } from "./vehicles";
import { requireAdmin, type AdminViewer, type ApiKeyViewer, type Viewer } from "./viewer";
import { z } from "zod";

/** Someone at the server host running rentals-cli: `name` is their OS account (user@host). */
export type OperatorActor = { kind: "operator"; name: string };
export type Actor = AdminViewer | ApiKeyViewer | { kind: "admin"; adminId: string } | OperatorActor;
export type AuditEntry = { action: string; entity: AuditedRecord; entityId?: string | null; before?: unknown; after?: unknown };

/** JSON-safe copy (Dates become ISO text, Decimals text); undefined stays undefined (no value). */
function snapshot(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

export async function recordAudit(tx: Prisma.TransactionClient, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorType: actor.kind,
      actorId: actor.kind === "apiKey" ? actor.apiKeyId : actor.kind === "operator" ? actor.name : actor.adminId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      before: snapshot(entry.before),
      after: snapshot(entry.after),
    },
  });
}

export type PublicAuditEntry = {
  id: string;
  actorType: string;
  actorId: string | null;
  /** The admin's name and email, or the API key's name and prefix, when they still exist; the operator's account. */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

const auditQuerySchema = pageSchema.extend({
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
});

/** Audit entries, newest first, paged (at most 100), optionally for one entity type or one entity. */
export async function listAuditLog(services: Services, viewer: Viewer, query: unknown = {}): Promise<{ items: PublicAuditEntry[]; total: number }> {
  requireAdmin(viewer);
  const q = parseInput(auditQuerySchema, query);
  const where: Prisma.AuditLogWhereInput = { ...(q.entity ? { entity: q.entity } : {}), ...(q.entityId ? { entityId: q.entityId } : {}) };
  const [rows, total] = await Promise.all([
    services.db.auditLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...clampPage(q.limit, q.offset) }),
    services.db.auditLog.count({ where }),
  ]);
  return { items: await withActorNames(services, rows), total };
}

async function withActorNames(services: Services, rows: AuditLog[]): Promise<PublicAuditEntry[]> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.actorType === type && r.actorId).map((r) => r.actorId!))];
  const [admins, keys] = await Promise.all([
    services.db.adminUser.findMany({ where: { id: { in: ids("admin") } }, select: { id: true, firstName: true, lastName: true, email: true } }),
    services.db.apiKey.findMany({ where: { id: { in: ids("apiKey") } }, select: { id: true, name: true, prefix: true } }),
  ]);
  const names = new Map<string, string>([
    ...admins.map((a) => [`admin:${a.id}`, `${a.firstName} ${a.lastName} (${a.email})`] as const),
    ...keys.map((k) => [`apiKey:${k.id}`, `API key ${k.name} (${k.prefix}…)`] as const),
    ...ids("operator").map((name) => [`operator:${name}`, `Operator ${name} (rentals-cli)`] as const),
  ]);
  return rows.map((r) => ({
    id: r.id,
    actorType: r.actorType,
    actorId: r.actorId,
    actorName: names.get(`${r.actorType}:${r.actorId}`) ?? null,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt,
  }));
}
