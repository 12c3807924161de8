// Password reset by email. The link carries a random 32-byte token; the database keeps only its
// SHA-256, valid one hour and single use. The request's answer and timing are the same whether
// or not the email has an account. A reset ends every session of the account, so whoever held
// a stolen session is signed out, and tells the owner by email.
import { type ForgotPasswordData, forgotPasswordSchema, type ResetPasswordData, resetPasswordSchema } from "#domain/schemas.ts";
import { passwordChangedEmail, passwordResetEmail } from "../emails/account";
import { badInput } from "../errors";
import type { Db } from "../db";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer } from "./mail";
import { hashPassword } from "./passwords";
import { limitPasswordResetRequest } from "./rate-limit";
import { endAllSessions } from "./sessions";
import { parseInput } from "./validation";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const INVALID_RESET_LINK = "This password reset link is invalid or has expired";
export const RESET_REQUESTED_MESSAGE = "If an account with that email exists, we've sent a password reset link";
/** Every request takes at least this long, so the answer's timing does not tell whether the account exists. */
const MINIMUM_REQUEST_MS = 250;

export const hashResetToken = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/**
 * Forgot password. Rate limited per email and per client address (429). For an account with this
 * email (password or Google-only), stores a new token's hash and enqueues the link in one
 * transaction; a new request replaces the previous link. Resolves the same way either way.
 */
export async function requestPasswordReset(services: Services, input: ForgotPasswordData, clientAddress: string): Promise<void> {
  const started = performance.now();
  const { email } = parseInput(forgotPasswordSchema, input);
  await limitPasswordResetRequest(services, email, clientAddress);
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const tokenHash = hashResetToken(token);
  const user = await services.db.user.findUnique({ where: { email }, select: { id: true, name: true, email: true } });
  if (user) {
    const link = `${services.config.publicUrl}/reset-password?token=${token}`;
    await services.db.$transaction(async (tx) => {
      await tx.user.update({
        where: { id: user.id },
        data: { passwordResetToken: tokenHash, passwordResetExpires: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
      });
      await enqueueEmail(tx, passwordResetEmail(user, link));
    });
    nudgeMailer(services);
  }
  const elapsed = performance.now() - started;
  if (elapsed < MINIMUM_REQUEST_MS) await Bun.sleep(MINIMUM_REQUEST_MS - elapsed);
}

/**
 * Sets a new password with a reset link's token: single use (the token is cleared in the same
 * conditional update that sets the password, so two uses racing: one wins), ends every session
 * of the account and enqueues a "password changed" notice. A bad, used or expired token: 400.
 */
export async function resetPassword(services: Services, input: ResetPasswordData): Promise<void> {
  const { token, password } = parseInput(resetPasswordSchema, input);
  const tokenHash = hashResetToken(token);
  const valid = () => ({ passwordResetToken: tokenHash, passwordResetExpires: { gt: new Date() } });
  const user = await services.db.user.findFirst({ where: valid(), select: { id: true, name: true, email: true } });
  if (!user) throw badInput(INVALID_RESET_LINK);
  const passwordHash = await hashPassword(password);
  const changed = await services.db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, ...valid() },
      data: { passwordHash, passwordResetToken: null, passwordResetExpires: null },
    });
    if (count !== 1) return false;
    await endAllSessions({ ...services, db: tx as Db }, user.id);
    await enqueueEmail(tx, passwordChangedEmail(user, `${services.config.publicUrl}/signin`));
    return true;
  });
  if (!changed) throw badInput(INVALID_RESET_LINK);
  nudgeMailer(services);
}
