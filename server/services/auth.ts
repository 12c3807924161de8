// Customer accounts: sign-up, password sign-in, the current user and sign-out. Inputs arrive
// parsed by the domain schemas (emails trimmed and lower-cased); every answer that could tell an
// attacker whether an email has an account is the same either way, except sign-up's 409, which
// the product asks for.
import type { User } from "../../prisma/generated/sqlite/client";
import type { SignInData, SignUpRequest } from "#domain";
import { welcomeEmail } from "../emails/account";
import { fieldConflict, unauthenticated } from "../errors";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer } from "./mail";
import { hashPassword, verifyAccountPassword } from "./passwords";
import { clearSignInEmailLimit, limitSignIn } from "./rate-limit";
import { createSession, endSession } from "./sessions";
import { signInRequired, type CustomerViewer, type Viewer } from "./viewer";

export type { User };
export type AuthResult = { token: string; user: User };

export const DUPLICATE_EMAIL = "An account with this email already exists";
export const INVALID_CREDENTIALS = "Invalid email or password";

/** True for Prisma's unique-constraint failure (P2002), on either database. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/**
 * Creates a customer account with an argon2id password hash, welcomes it by email (the outbox row
 * in the account's own transaction: no account without its welcome, no welcome without an account)
 * and signs it in.
 */
export async function signUp(services: Services, input: SignUpRequest): Promise<AuthResult> {
  const { db } = services;
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw fieldConflict("email", DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash } });
      await enqueueEmail(tx, welcomeEmail(created, services.config.publicUrl));
      return created;
    });
    nudgeMailer(services);
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw fieldConflict("email", DUPLICATE_EMAIL);
    throw error;
  }
  const session = await createSession(services, "customer", user.id, { via: "signup" });
  return { token: session.token, user };
}

/**
 * Signs a customer in with email and password. Rate limited per email and per client address
 * (429 past the limit, even with the right password). Unknown email, wrong password and a
 * Google-only account (no password) all get the same 401.
 */
export async function signIn(services: Services, viewer: Viewer, input: SignInData): Promise<AuthResult> {
  await limitSignIn(services, input.email, viewer.clientAddress);
  const user = await services.db.user.findUnique({ where: { email: input.email } });
  const ok = await verifyAccountPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw unauthenticated(INVALID_CREDENTIALS);
  await clearSignInEmailLimit(services, input.email);
  const session = await createSession(services, "customer", user.id, { via: "password" });
  return { token: session.token, user };
}

/**
 * The signed-in customer's account, or null for anyone else (or an account since deleted). A
 * stale token (expired, signed out) is a 401 so the client knows to drop it.
 */
export async function me(services: Services, viewer: Viewer): Promise<User | null> {
  if (viewer.kind === "anonymous" && viewer.sessionExpired) throw signInRequired(viewer);
  if (viewer.kind !== "customer") return null;
  return services.db.user.findUnique({ where: { id: viewer.userId } });
}

/** Ends the viewer's session: its token stops working at once. */
export async function signOut(services: Services, viewer: CustomerViewer): Promise<void> {
  await endSession(services, viewer.sessionId);
}

/** A user as REST answers it: the GraphQL User fields, never the password, reset token or googleId. */
export function publicUser(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    profileCompleted: user.profileCompleted,
    profilePicture: user.profilePicture,
    dateOfBirth: user.dateOfBirth,
    address: user.address,
    city: user.city,
    postalCode: user.postalCode,
    nationality: user.nationality,
    idType: user.idType,
    idNumber: user.idNumber,
    driversLicenseNumber: user.driversLicenseNumber,
    driversLicenseImage: user.driversLicenseImage,
    driversLicenseExpiryDate: user.driversLicenseExpiryDate,
    createdAt: user.createdAt,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;
