// Dealership accounts: sign-in with dealership code and password, the signed-in dealership, and
// sign-out. Codes compare case-insensitively ("atlantic01" signs in to ATLANTIC01). A wrong code
// and a wrong password get the same 401; an inactive dealership is told so (403) only once its
// password was right, so the answer never tells a stranger which codes exist.
import type { Dealership } from "../../prisma/generated/sqlite/client";
import type { DealershipLoginData } from "../domain";
import { forbidden, unauthenticated } from "../errors";
import type { Services } from "./context";
import { hashPassword, verifyPassword } from "./passwords";
import { hit, resetLimit, SIGN_IN_LIMITS } from "./rate-limit";
import { createSession, endSession } from "./sessions";
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
  };
}
export type DealershipAccount = ReturnType<typeof dealershipAccount>;
export type DealershipAuthResult = { token: string; dealership: Dealership };

const hashed = (value: string) => new Bun.CryptoHasher("sha256").update(value.trim().toLowerCase()).digest("hex");
export const dealershipCodeKey = (code: string) => `dealer-signin:code:${hashed(code)}`;
export const dealershipAddressKey = (clientAddress: string) => `dealer-signin:address:${hashed(clientAddress)}`;

// As for customers: an unknown code costs one argon2id verification too, so timing does not
// reveal which codes exist.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));
void dummyPasswordHash();

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
  const ok = dealership
    ? await verifyPassword(input.password, dealership.passwordHash)
    : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
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
