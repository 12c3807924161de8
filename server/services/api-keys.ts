// API keys for other systems: issued and revoked by admins, shown exactly once, stored only as a
// SHA-256 hash plus a short display prefix. A request carrying a key (`Authorization: Bearer
// rk_...` or `X-API-Key: rk_...`) acts as that key and may do only what its permissions name
// (server/services/viewer.ts requireAdminOrKey). lastUsed is written at most once a minute per key.
import type { ApiKey } from "../../prisma/generated/sqlite/client";
import { API_KEY_PREFIX, apiKeyIssueSchema, isApiKeyPermission, type ApiKeyPermission } from "#domain";
import { notFound } from "../errors";
import { recordAudit, type Actor } from "./audit";
import type { Services } from "./context";
import { parseInput } from "./validation";
import { requireAdmin, type Viewer } from "./viewer";

/** Characters of the key kept for display ("rk_" + 8), enough to tell keys apart, far too few to use. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** lastUsed is refreshed when older than this. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const KEY_PATTERN = /^rk_[A-Za-z0-9_-]{43}$/;

export type PublicApiKey = {
  id: string;
  name: string;
  prefix: string;
  permissions: ApiKeyPermission[];
  isActive: boolean;
  lastUsed: Date | null;
  createdAt: Date;
};

export const hashApiKey = (key: string) => new Bun.CryptoHasher("sha256").update(key).digest("hex");

/** A new key: "rk_" + 32 random bytes in base64url (43 characters). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function permissionsOf(row: Pick<ApiKey, "permissions">): ApiKeyPermission[] {
  return Array.isArray(row.permissions) ? row.permissions.filter(isApiKeyPermission) : [];
}

/** An API key as admins see it: never the key or its hash. */
export function publicApiKey(row: ApiKey): PublicApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: permissionsOf(row),
    isActive: row.isActive,
    lastUsed: row.lastUsed,
    createdAt: row.createdAt,
  };
}

/** What the audit log keeps of a key (no secret). */
const auditView = (row: ApiKey) => ({ name: row.name, prefix: row.prefix, permissions: permissionsOf(row), isActive: row.isActive });

/** Issues a key; the answer is the only time the key itself is ever seen. */
export async function issueApiKey(services: Services, viewer: Viewer, input: unknown): Promise<{ key: string; apiKey: PublicApiKey }> {
  return issueApiKeyAs(services, requireAdmin(viewer), input);
}

/** issueApiKey for an actor already allowed to (an admin, or an operator through rentals-cli). */
export async function issueApiKeyAs(services: Services, admin: Actor, input: unknown): Promise<{ key: string; apiKey: PublicApiKey }> {
  const data = parseInput(apiKeyIssueSchema, input);
  const key = generateApiKey();
  const row = await services.db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: { name: data.name, keyHash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), permissions: data.permissions },
    });
    await recordAudit(tx, admin, { action: "api_key.issue", entity: "api_key", entityId: created.id, after: auditView(created) });
    return created;
  });
  return { key, apiKey: publicApiKey(row) };
}

/** Every key, newest first (active and revoked). */
export async function listApiKeys(services: Services, viewer: Viewer): Promise<PublicApiKey[]> {
  requireAdmin(viewer);
  return listAllApiKeys(services, API_KEY_LIST_LIMIT);
}

/** How many keys the back office's listing holds at most (the newest): revoked keys stay, so a long-lived installation can have more. */
export const API_KEY_LIST_LIMIT = 500;

/** Keys newest first without a viewer (rentals-cli on the server host): the first `take`, or every one. */
export async function listAllApiKeys(services: Services, take?: number): Promise<PublicApiKey[]> {
  const rows = await services.db.apiKey.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take });
  return rows.map(publicApiKey);
}

/** Revokes a key: it stops working at once. Revoking a revoked key changes nothing. */
export async function revokeApiKey(services: Services, viewer: Viewer, id: unknown): Promise<PublicApiKey> {
  return (await revokeApiKeyAs(services, requireAdmin(viewer), id)).apiKey;
}

/** revokeApiKey for an actor already allowed to (an admin, or an operator through rentals-cli); `changed` is false for a key already revoked. */
export async function revokeApiKeyAs(services: Services, admin: Actor, id: unknown): Promise<{ apiKey: PublicApiKey; changed: boolean }> {
  const keyId = typeof id === "string" ? id.trim() : "";
  const { row, changed } = await services.db.$transaction(async (tx) => {
    const current = keyId ? await tx.apiKey.findUnique({ where: { id: keyId } }) : null;
    if (!current) throw notFound("API key not found");
    if (!current.isActive) return { row: current, changed: false };
    const updated = await tx.apiKey.update({ where: { id: keyId }, data: { isActive: false } });
    await recordAudit(tx, admin, { action: "api_key.revoke", entity: "api_key", entityId: keyId, before: auditView(current), after: auditView(updated) });
    return { row: updated, changed: true };
  });
  return { apiKey: publicApiKey(row), changed };
}

/** The API key a request carries (`Authorization: Bearer rk_...` first, then `X-API-Key`), or null. */
export function apiKeyOfRequest(request: Request): string | null {
  const authorization = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (authorization) return authorization.startsWith(API_KEY_PREFIX) ? authorization : null;
  const header = request.headers.get("x-api-key")?.trim();
  return header ? header : null;
}

/**
 * The active key a request names, or null (unknown, malformed or revoked). Refreshes lastUsed
 * when it is older than a minute, with a conditional update so concurrent requests write once.
 */
export async function resolveApiKey(services: Services, key: string, now = new Date()): Promise<{ apiKeyId: string; permissions: ApiKeyPermission[] } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await services.db.apiKey.findUnique({ where: { keyHash: hashApiKey(key) } });
  if (!row || !row.isActive) return null;
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsed || row.lastUsed <= stale) {
    await services.db.apiKey.updateMany({ where: { id: row.id, OR: [{ lastUsed: null }, { lastUsed: { lte: stale } }] }, data: { lastUsed: now } });
  }
  return { apiKeyId: row.id, permissions: permissionsOf(row) };
}
