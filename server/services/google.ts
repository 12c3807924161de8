// Google sign-in: the browser gets an ID token (a JWT signed by Google) from Google's script and
// sends it here. It is trusted only after jose checks its RS256 signature against the keys at the
// configured JWKS URL, its issuer, its audience (our client id) and its expiry. Then the account
// is found by Google's subject id, or linked by a verified email, or created.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { welcomeEmail } from "../emails/account";
import { AppError, badInput, conflict } from "../errors";
import { isUniqueViolation, type User } from "./auth";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer } from "./mail";
import { createSession } from "./sessions";

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured";
export const GOOGLE_FAILED = "Google sign-in failed. Please try again.";
export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

export const googleSignInSchema = z.object({
  credential: z.string({ error: "Google credential is required" }).trim().min(1, "Google credential is required"),
});
export type GoogleSignInData = z.output<typeof googleSignInSchema>;

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name?: string };
export type GoogleAuthResult = { token: string; user: User; isNewUser: boolean };

// One key set per URL for the life of the process: jose caches the keys (10 minutes) and
// refetches when a token names a key it has not seen (at most every 30 s).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetFor(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, keySet);
  }
  return keySet;
}

const failed = () => new AppError("UNAUTHENTICATED", GOOGLE_FAILED);

/** Verifies a Google ID token; 400 when Google sign-in is not configured, 401 for any bad token. */
export async function verifyGoogleIdToken(services: Services, credential: string): Promise<GoogleIdentity> {
  const { clientId, jwksUrl } = services.config.google;
  if (!clientId) throw badInput(GOOGLE_NOT_CONFIGURED);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, keySetFor(jwksUrl), {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "sub"],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (!(error instanceof joseErrors.JOSEError)) {
      // Not the token's fault (e.g. Google's key server unreachable): log it, answer the same.
      services.log.warn(`google sign-in: could not verify the token: ${(error as Error)?.message ?? String(error)}`);
    }
    throw failed();
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  if (typeof payload.sub !== "string" || payload.sub === "" || !email.includes("@")) throw failed();
  return {
    sub: payload.sub,
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    name: typeof payload.name === "string" && payload.name.trim() ? payload.name.trim() : undefined,
  };
}

/**
 * Signs in with a Google ID token: the account with this Google id; else the account with this
 * email when Google says the email is verified (linking it); else a new account without a
 * password (profile not yet completed), welcomed by email.
 */
export async function signInWithGoogle(services: Services, input: GoogleSignInData): Promise<GoogleAuthResult> {
  const identity = await verifyGoogleIdToken(services, input.credential);
  const { user, isNewUser } = await findOrCreateGoogleUser(services, identity);
  const session = await createSession(services, "customer", user.id, { via: "google" });
  return { token: session.token, user, isNewUser };
}

async function findOrCreateGoogleUser(services: Services, identity: GoogleIdentity, retried = false): Promise<{ user: User; isNewUser: boolean }> {
  const { db } = services;
  const linked = await db.user.findUnique({ where: { googleId: identity.sub } });
  if (linked) return { user: linked, isNewUser: false };

  const byEmail = await db.user.findUnique({ where: { email: identity.email } });
  if (byEmail) {
    // An unverified email proves nothing about who owns the account: never link on it.
    if (!identity.emailVerified) throw conflict("An account with this email already exists. Please sign in with your email and password.");
    if (byEmail.googleId && byEmail.googleId !== identity.sub) throw conflict("This email is already linked to a different Google account.");
    const updated = await db.user.updateMany({ where: { id: byEmail.id, googleId: null }, data: { googleId: identity.sub } }).catch((error) => {
      if (isUniqueViolation(error)) return { count: 0 };
      throw error;
    });
    if (updated.count === 0) {
      // Linked by someone else meanwhile: this Google account (found on the retry), or another.
      if (retried) throw conflict("This email is already linked to a different Google account.");
      return findOrCreateGoogleUser(services, identity, true);
    }
    return { user: await db.user.findUniqueOrThrow({ where: { id: byEmail.id } }), isNewUser: false };
  }

  try {
    // A new account is welcomed like an email sign-up, in the account's own transaction (a linked one was welcomed when made).
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          name: identity.name ?? identity.email.split("@")[0]!,
          email: identity.email,
          googleId: identity.sub,
          passwordHash: null,
          profileCompleted: false,
        },
      });
      await enqueueEmail(tx, welcomeEmail(created, services.config.publicUrl));
      return created;
    });
    nudgeMailer(services);
    return { user, isNewUser: true };
  } catch (error) {
    // The same Google account signing in twice at once (or the email taken meanwhile): look again.
    if (isUniqueViolation(error) && !retried) return findOrCreateGoogleUser(services, identity, true);
    throw error;
  }
}
