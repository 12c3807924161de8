// Admin accounts: sign-in, sign-up, the current admin and sign-out. Admin tokens carry the admin
// audience and name a session row (staff lifetime), like customers'.
//
// Sign-up is a public form in the product, which would let anyone on the internet become an
// admin, so the server accepts it only while no admin exists (the very first one) or with the
// operator's invitation code (ADMIN_SIGNUP_CODE), compared in constant time. The role a client
// sends is never trusted: every sign-up makes an "admin".
import { timingSafeEqual } from "node:crypto";
import type { AdminUser } from "../../prisma/generated/sqlite/client";
import { adminSignInSchema, adminSignUpRequestSchema } from "#domain";
import { conflict, forbidden, unauthenticated } from "../errors";
import { recordAudit } from "./audit";
import { isUniqueViolation } from "./auth";
import type { Services } from "./context";
import { hashPassword, verifyAccountPassword } from "./passwords";
import { clearSignInEmailLimit, hit, keyOf, limitSignIn } from "./rate-limit";
import { createSession, endSession } from "./sessions";
import { parseInput } from "./validation";
import { requireAdmin, signInRequired, type Viewer } from "./viewer";

export const ADMIN_MESSAGES = {
  invalidCredentials: "Invalid email or password",
  disabled: "This account is disabled",
  signUpClosed: "Admin sign-up is closed. Ask an administrator for an invitation code.",
  duplicateEmail: "An admin with this email already exists",
} as const;

/** Sign-up attempts per client address (each may be a guess at the invitation code). */
export const ADMIN_SIGNUP_LIMIT = { limit: 10, windowSeconds: 15 * 60 } as const;

/** `passwordChangeRequired`: an operator set the password (rentals-cli), so the back office asks for the admin's own first. */
export type PublicAdmin = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  passwordChangeRequired: boolean;
  createdAt: Date;
};
export type AdminAuthResult = { token: string; admin: PublicAdmin };

/** The signed-in admin as clients see it (SPEC 3): never the password hash. */
export function publicAdmin(admin: AdminUser): PublicAdmin {
  return {
    id: admin.id,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    role: admin.role,
    isActive: admin.isActive,
    passwordChangeRequired: admin.passwordChangeRequired,
    createdAt: admin.createdAt,
  };
}

/**
 * Signs an admin in. Rate limited per email and per client address like customer sign-in (its
 * own counters). Unknown email and wrong password get the same 401; a disabled account, once
 * its password is right, gets 403 "This account is disabled".
 */
export async function adminSignIn(services: Services, viewer: Viewer, input: unknown): Promise<AdminAuthResult> {
  const data = parseInput(adminSignInSchema, input);
  await limitSignIn(services, data.email, viewer.clientAddress, "admin-signin");
  const admin = await services.db.adminUser.findUnique({ where: { email: data.email } });
  const ok = await verifyAccountPassword(data.password, admin?.passwordHash);
  if (!admin || !ok) throw unauthenticated(ADMIN_MESSAGES.invalidCredentials);
  if (!admin.isActive) throw forbidden(ADMIN_MESSAGES.disabled);
  await clearSignInEmailLimit(services, data.email, "admin-signin");
  const session = await createSession(services, "admin", admin.id, { via: "password" });
  return { token: session.token, admin: publicAdmin(admin) };
}

/** Constant-time comparison of an offered invitation code with the configured one. */
export function signupCodeMatches(offered: string | undefined, configured: string | undefined): boolean {
  if (!offered || !configured) return false;
  const digest = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest();
  return timingSafeEqual(digest(offered), digest(configured));
}

/**
 * Creates an admin account and signs it in: only the first admin, or with the invitation code.
 * Two first sign-ups at once cannot both pass: the count and the insert run in one transaction
 * that holds a lock (a PostgreSQL advisory lock; on SQLite the database's write lock, which
 * every transaction takes as it begins).
 */
export async function adminSignUp(services: Services, viewer: Viewer, input: unknown): Promise<AdminAuthResult> {
  const data = parseInput(adminSignUpRequestSchema, input);
  await hit(services, keyOf("admin-signup:address", viewer.clientAddress), ADMIN_SIGNUP_LIMIT.limit, ADMIN_SIGNUP_LIMIT.windowSeconds);
  const coded = signupCodeMatches(data.signupCode, services.config.adminSignupCode);
  if (!coded && (await services.db.adminUser.count()) > 0) throw forbidden(ADMIN_MESSAGES.signUpClosed);
  const passwordHash = await hashPassword(data.password);
  let admin: AdminUser;
  try {
    admin = await services.db.$transaction(
      async (tx) => {
        if (services.provider === "postgresql") await tx.$queryRaw`SELECT pg_advisory_xact_lock(72707370)::text AS locked`;
        if (!coded && (await tx.adminUser.count()) > 0) throw forbidden(ADMIN_MESSAGES.signUpClosed);
        if (await tx.adminUser.findUnique({ where: { email: data.email }, select: { id: true } })) throw conflict(ADMIN_MESSAGES.duplicateEmail);
        // The role is the server's decision (the schema turns whatever the client sent into "admin").
        const created = await tx.adminUser.create({
          data: { email: data.email, passwordHash, firstName: data.firstName, lastName: data.lastName, role: data.role },
        });
        const { passwordHash: _secret, ...after } = created;
        await recordAudit(
          tx,
          { kind: "admin", adminId: created.id },
          { action: "admin.sign_up", entity: "admin_user", entityId: created.id, after: { ...after, via: coded ? "invitation code" : "first admin" } },
        );
        return created;
      },
      { maxWait: 10_000, timeout: 15_000 },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADMIN_MESSAGES.duplicateEmail);
    throw error;
  }
  const session = await createSession(services, "admin", admin.id, { via: "signup" });
  return { token: session.token, admin: publicAdmin(admin) };
}

/** The signed-in admin, or null for anyone else; a stale token or revoked key is a 401. */
export async function adminMe(services: Services, viewer: Viewer): Promise<AdminUser | null> {
  if (viewer.kind === "anonymous" && viewer.sessionExpired) throw signInRequired(viewer);
  if (viewer.kind !== "admin") return null;
  return services.db.adminUser.findUnique({ where: { id: viewer.adminId } });
}

/** Ends the admin's session: its token stops working at once. */
export async function adminSignOut(services: Services, viewer: Viewer): Promise<void> {
  const admin = requireAdmin(viewer);
  await endSession(services, admin.sessionId);
}
