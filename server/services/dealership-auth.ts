// Dealership accounts: sign-in with dealership code and password, the signed-in dealership, and
// sign-out. Codes compare case-insensitively ("atlantic01" signs in to ATLANTIC01). A wrong code
// and a wrong password get the same 401; an inactive dealership is told so (403) only once its
// password was right, so the answer never tells a stranger which codes exist.
import type { Dealership } from "../../prisma/generated/sqlite/client";
import { dealershipOnboardSchema, dealershipPasswordSchema, type DealershipLoginData } from "#domain";
import { conflict, forbidden, notFound, unauthenticated } from "../errors";
import { recordAudit, type Actor } from "./audit";
import { isUniqueViolation } from "./auth";
import type { Services } from "./context";
import { generatePassword, hashPassword, verifyAccountPassword } from "./passwords";
import { hit, resetLimit, SIGN_IN_LIMITS } from "./rate-limit";
import { createSession, endAllSessions, endSession } from "./sessions";
import { parseInput } from "./validation";
import { requireDealership, type Viewer } from "./viewer";

export type { Dealership };

export const INVALID_DEALERSHIP_CREDENTIALS = "Invalid dealership code or password";
export const DEALERSHIP_INACTIVE = "This dealership account is not active";

/** Same limits as customer sign-in: per dealership code and per client address. */
export const DEALERSHIP_SIGN_IN_LIMITS = SIGN_IN_LIMITS;

/** What the signed-in dealership sees of its own account (never the password hash). */
export function dealershipAccount(d: Dealership) {
  return {
    id: d.id,
    dealershipCode: d.dealershipCode,
    companyName: d.companyName,
    contactPerson: d.contactPerson,
    contactEmail: d.contactEmail,
    contactPhone: d.contactPhone,
    address: d.address,
    city: d.city,
    /** The password is still the one CapeDrive set: the portal asks for the dealership's own first. */
    passwordChangeRequired: d.passwordChangeRequired,
  };
}
export type DealershipAccount = ReturnType<typeof dealershipAccount>;
export type DealershipAuthResult = { token: string; dealership: Dealership };

const hashed = (value: string) => new Bun.CryptoHasher("sha256").update(value.trim().toLowerCase()).digest("hex");
export const dealershipCodeKey = (code: string) => `dealer-signin:code:${hashed(code)}`;
export const dealershipAddressKey = (clientAddress: string) => `dealer-signin:address:${hashed(clientAddress)}`;

/**
 * The dealership with this code, compared case-insensitively (trimmed by the schema). An exact
 * match wins; two codes that differ only in case (never made by our tools) match neither.
 */
export async function findDealershipByCode(services: Services, code: string): Promise<Dealership | null> {
  const { db } = services;
  const exact = await db.dealership.findUnique({ where: { dealershipCode: code } });
  if (exact) return exact;
  // SQL lower() on both databases (SQLite's is ASCII-only; dealership codes are ASCII).
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "dealerships" WHERE lower("dealershipCode") = lower(${code}) LIMIT 2`;
  if (rows.length !== 1) return null;
  return db.dealership.findUnique({ where: { id: rows[0]!.id } });
}

/** Counts a sign-in attempt per client address and per code (any case); 429 past either limit. */
async function limitDealershipSignIn(services: Services, code: string, clientAddress: string) {
  const { perAddress, perEmail: perCode } = DEALERSHIP_SIGN_IN_LIMITS;
  await hit(services, dealershipAddressKey(clientAddress), perAddress.limit, perAddress.windowSeconds);
  await hit(services, dealershipCodeKey(code), perCode.limit, perCode.windowSeconds);
}

/**
 * Signs a dealership in. Rate limited per code and per client address (429, even with the right
 * password). Unknown code or wrong password: 401. Right password of an inactive dealership: 403.
 */
export async function signInDealership(services: Services, viewer: Viewer, input: DealershipLoginData): Promise<DealershipAuthResult> {
  await limitDealershipSignIn(services, input.dealershipCode, viewer.clientAddress);
  const dealership = await findDealershipByCode(services, input.dealershipCode);
  // An unknown code costs one argon2id verification too, so timing does not reveal which codes exist.
  const ok = await verifyAccountPassword(input.password, dealership?.passwordHash);
  if (!dealership || !ok) throw unauthenticated(INVALID_DEALERSHIP_CREDENTIALS);
  if (!dealership.isActive) throw forbidden(DEALERSHIP_INACTIVE);
  await resetLimit(services, dealershipCodeKey(input.dealershipCode));
  const session = await createSession(services, "dealership", dealership.id, { via: "password" });
  return { token: session.token, dealership };
}

/**
 * The signed-in dealership's row, checked on every portal call: 401 without a dealership token
 * (403 for other areas' tokens), 401 when the account is gone, 403 when it was deactivated.
 */
export async function currentDealership(services: Services, viewer: Viewer): Promise<Dealership> {
  const { dealershipId } = requireDealership(viewer);
  const dealership = await services.db.dealership.findUnique({ where: { id: dealershipId } });
  if (!dealership) throw unauthenticated("Your session has expired. Please sign in again.");
  if (!dealership.isActive) throw forbidden(DEALERSHIP_INACTIVE);
  return dealership;
}

/** Ends the dealership's session: its token stops working at once. */
export async function signOutDealership(services: Services, viewer: Viewer): Promise<void> {
  const { sessionId } = requireDealership(viewer);
  await endSession(services, sessionId);
}

// Operator tooling (rentals-cli): onboarding, listing, password resets and (de)activation. These
// run on the server host without a session; the caller names the actor for the audit log.

export const DEALERSHIP_OPERATOR_MESSAGES = {
  duplicateCode: "A dealership with this code already exists",
  duplicateEmail: "A dealership with this contact email already exists",
  notFound: "No dealership has this code",
} as const;

/** A dealership as operators see it (never the password hash). */
export function operatorDealership(d: Dealership) {
  return { ...dealershipAccount(d), isActive: d.isActive, createdAt: d.createdAt, updatedAt: d.updatedAt };
}
export type OperatorDealership = ReturnType<typeof operatorDealership>;

/** What the audit log keeps of a dealership (no password hash). */
const dealershipAuditView = (d: Dealership) => {
  const { passwordHash: _secret, createdAt: _c, updatedAt: _u, ...rest } = d;
  return rest;
};

/** A password given by the operator (checked), or a generated one. */
function chosenPassword(password: string | undefined): { password: string; generated: boolean } {
  if (password === undefined) return { password: generatePassword(), generated: true };
  return { password: parseInput(dealershipPasswordSchema, password), generated: false };
}

/**
 * Onboards a dealership: a unique code (in any case) and contact email, and a password (the
 * operator's, or a generated one returned here, the only time it is seen). Two onboardings at
 * once cannot both take one code: the checks and the insert hold the dealership write lock.
 */
export async function onboardDealership(
  services: Services,
  actor: Actor,
  input: unknown,
  password?: string,
): Promise<{ dealership: OperatorDealership; password: string; generated: boolean }> {
  const data = parseInput(dealershipOnboardSchema, input);
  const chosen = chosenPassword(password);
  const passwordHash = await hashPassword(chosen.password);
  let created: Dealership;
  try {
    created = await services.db.$transaction(
      async (tx) => {
        // PostgreSQL: an advisory lock for the check-then-insert; SQLite: the database write
        // lock, taken by the transaction's first write.
        if (services.provider === "postgresql") await tx.$queryRaw`SELECT pg_advisory_xact_lock(72707371)::text AS locked`;
        else await tx.$executeRaw`DELETE FROM dealerships WHERE 0`;
        const sameCode = await tx.$queryRaw<
          { id: string }[]
        >`SELECT "id" FROM "dealerships" WHERE lower("dealershipCode") = lower(${data.dealershipCode}) LIMIT 1`;
        if (sameCode.length > 0) throw conflict(DEALERSHIP_OPERATOR_MESSAGES.duplicateCode);
        if (await tx.dealership.findUnique({ where: { contactEmail: data.contactEmail }, select: { id: true } }))
          throw conflict(DEALERSHIP_OPERATOR_MESSAGES.duplicateEmail);
        // The operator's password (printed or piped): the dealership is asked for its own at the next sign-in.
        const row = await tx.dealership.create({ data: { ...data, passwordHash, passwordChangeRequired: true } });
        await recordAudit(tx, actor, { action: "dealership.onboard", entity: "dealership", entityId: row.id, after: dealershipAuditView(row) });
        return row;
      },
      { maxWait: 10_000, timeout: 15_000 },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DEALERSHIP_OPERATOR_MESSAGES.duplicateCode);
    throw error;
  }
  return { dealership: operatorDealership(created), ...chosen };
}

/** Dealerships by code: the first `take`, or every one. */
export async function listDealershipsForOperator(services: Services, take?: number): Promise<OperatorDealership[]> {
  const rows = await services.db.dealership.findMany({ orderBy: [{ dealershipCode: "asc" }, { id: "asc" }], take });
  return rows.map(operatorDealership);
}

async function requireDealershipByCode(services: Services, code: string): Promise<Dealership> {
  const dealership = code.trim() ? await findDealershipByCode(services, code.trim()) : null;
  if (!dealership) throw notFound(DEALERSHIP_OPERATOR_MESSAGES.notFound);
  return dealership;
}

/**
 * Sets a new password (the operator's or a generated one, returned here once), ends every
 * session of the dealership and clears its sign-in lockout. The dealership is asked for its own
 * password at the next sign-in.
 */
export async function resetDealershipPassword(
  services: Services,
  actor: Actor,
  code: string,
  password?: string,
): Promise<{ dealership: OperatorDealership; password: string; generated: boolean }> {
  const current = await requireDealershipByCode(services, code);
  const chosen = chosenPassword(password);
  const passwordHash = await hashPassword(chosen.password);
  const updated = await services.db.$transaction(async (tx) => {
    const updated = await tx.dealership.update({ where: { id: current.id }, data: { passwordHash, passwordChangeRequired: true } });
    await recordAudit(tx, actor, { action: "dealership.reset_password", entity: "dealership", entityId: current.id });
    return updated;
  });
  await endAllSessions(services, current.id);
  await resetLimit(services, dealershipCodeKey(updated.dealershipCode));
  return { dealership: operatorDealership(updated), ...chosen };
}

/**
 * Activates or deactivates a dealership. Deactivation ends its sessions (its portal calls
 * already answer 403, and its cars leave the for-sale listing). No change: `changed` is false.
 */
export async function setDealershipActive(
  services: Services,
  actor: Actor,
  code: string,
  isActive: boolean,
): Promise<{ dealership: OperatorDealership; changed: boolean }> {
  const current = await requireDealershipByCode(services, code);
  if (current.isActive === isActive) return { dealership: operatorDealership(current), changed: false };
  const updated = await services.db.$transaction(async (tx) => {
    const updated = await tx.dealership.update({ where: { id: current.id }, data: { isActive } });
    await recordAudit(tx, actor, {
      action: isActive ? "dealership.activate" : "dealership.deactivate",
      entity: "dealership",
      entityId: current.id,
      before: dealershipAuditView(current),
      after: dealershipAuditView(updated),
    });
    return updated;
  });
  if (!isActive) await endAllSessions(services, current.id);
  return { dealership: operatorDealership(updated), changed: true };
}
