// "Change password" for whoever is signed in: a customer, an admin, a dealership or a driver.
// The current password is checked with the same argon2id code as sign-in, attempts are rate
// limited like sign-in (per account and per client address), and, as a password reset does,
// the change ends the account's other sessions (a thief's stolen token stops working); the
// session that made the change stays signed in. The account's address is told of the change.
import { PASSWORD_CHANGE_MESSAGES, type PasswordOwner, passwordChangeRequestSchema } from "#domain";
import type { Db } from "../db";
import { passwordChangedEmail } from "../emails/account";
import { badInput, forbidden } from "../errors";
import type { Services } from "./context";
import { enqueueEmail, nudgeMailer } from "./mail";
import { hashPassword, verifyAccountPassword } from "./passwords";
import { hit, keyOf, resetLimit, SIGN_IN_LIMITS } from "./rate-limit";
import { endOtherSessions } from "./sessions";
import { parseInput } from "./validation";
import { signInRequired, type Viewer } from "./viewer";

/** The signed-in account whose password may change, and its session (which stays). */
function ownerOf(viewer: Viewer): { owner: PasswordOwner; accountId: string; sessionId: string } {
  switch (viewer.kind) {
    case "customer":
      return { owner: "customer", accountId: viewer.userId, sessionId: viewer.sessionId };
    case "admin":
      return { owner: "admin", accountId: viewer.adminId, sessionId: viewer.sessionId };
    case "dealership":
      return { owner: "dealership", accountId: viewer.dealershipId, sessionId: viewer.sessionId };
    case "driver":
      return { owner: "driver", accountId: viewer.driverId, sessionId: viewer.sessionId };
    case "apiKey":
      throw forbidden("An API key has no password to change");
    default:
      throw signInRequired(viewer);
  }
}

/** Each area's account table: set a new hash only while the old one is unchanged. */
function accounts(db: Db, owner: PasswordOwner) {
  const table = { customer: db.user, admin: db.adminUser, dealership: db.dealership, driver: db.driver }[owner] as unknown as {
    updateMany(args: {
      where: { id: string; passwordHash: string };
      data: { passwordHash: string; passwordChangeRequired?: false };
    }): Promise<{ count: number }>;
  };
  return table;
}

/**
 * What the change writes: the new hash and, for the staff areas (whose passwords operators and
 * admins set), that the password is now the owner's own, so they are not asked again.
 */
const newPasswordData = (owner: PasswordOwner, passwordHash: string) =>
  owner === "customer" ? { passwordHash } : { passwordHash, passwordChangeRequired: false as const };

type Account = { passwordHash: string | null; name: string; email: string; signInPath: string };

/** The account's password hash, who the change notice goes to, and where that area signs in; null: gone. */
async function readAccount(db: Db, owner: PasswordOwner, id: string): Promise<Account | null> {
  switch (owner) {
    case "customer": {
      const u = await db.user.findUnique({ where: { id }, select: { passwordHash: true, name: true, email: true } });
      return u && { ...u, signInPath: "/signin" };
    }
    case "admin": {
      const a = await db.adminUser.findUnique({ where: { id }, select: { passwordHash: true, firstName: true, email: true } });
      return a && { passwordHash: a.passwordHash, name: a.firstName, email: a.email, signInPath: "/admin/signin" };
    }
    case "dealership": {
      const d = await db.dealership.findUnique({ where: { id }, select: { passwordHash: true, contactPerson: true, contactEmail: true } });
      return d && { passwordHash: d.passwordHash, name: d.contactPerson, email: d.contactEmail, signInPath: "/dealership/signin" };
    }
    case "driver": {
      const d = await db.driver.findUnique({ where: { id }, select: { passwordHash: true, name: true, email: true } });
      return d && { ...d, signInPath: "/driver/signin" };
    }
  }
}

const accountKey = (owner: PasswordOwner, accountId: string) => `password-change:account:${owner}:${accountId}`;
const addressKey = (clientAddress: string) => keyOf("password-change:address", clientAddress);

/** Counts a change attempt per account and per client address, with sign-in's limits; 429 past either. */
async function limitPasswordChange(services: Services, owner: PasswordOwner, accountId: string, clientAddress: string) {
  const { perAddress, perEmail: perAccount } = SIGN_IN_LIMITS;
  await hit(services, addressKey(clientAddress), perAddress.limit, perAddress.windowSeconds);
  await hit(services, accountKey(owner, accountId), perAccount.limit, perAccount.windowSeconds);
}

/**
 * Changes the signed-in account's password. 401 without a session. 400 with a field error for a
 * too short or unchanged new password, a wrong current password (on `currentPassword`: never
 * 401, which would sign the user out of the app) and a Google-only customer (no password: they
 * set one through the emailed reset link, which proves they own the mailbox; a stolen session
 * alone must not be able to put a password on the account). 429 past the rate limit. On success
 * every other session of the account ends.
 */
export async function changeOwnPassword(services: Services, viewer: Viewer, input: unknown): Promise<void> {
  const { owner, accountId, sessionId } = ownerOf(viewer);
  const data = parseInput(passwordChangeRequestSchema(owner), input);
  await limitPasswordChange(services, owner, accountId, viewer.clientAddress);
  const account = await readAccount(services.db, owner, accountId);
  if (!account) throw signInRequired({ kind: "anonymous", clientAddress: viewer.clientAddress, sessionExpired: true });
  if (!account.passwordHash) {
    await verifyAccountPassword(data.currentPassword, null); // as long as a wrong password
    throw badInput(PASSWORD_CHANGE_MESSAGES.googleOnly, { currentPassword: PASSWORD_CHANGE_MESSAGES.googleOnly });
  }
  const ok = await verifyAccountPassword(data.currentPassword, account.passwordHash);
  if (!ok) throw badInput(PASSWORD_CHANGE_MESSAGES.currentWrong, { currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong });
  const passwordHash = await hashPassword(data.newPassword);
  const changed = await services.db.$transaction(async (tx) => {
    // Only over the hash just verified: of two changes racing, the second's current password is stale.
    const { count } = await accounts(tx as Db, owner).updateMany({
      where: { id: accountId, passwordHash: account.passwordHash! },
      data: newPasswordData(owner, passwordHash),
    });
    if (count !== 1) return false;
    await endOtherSessions({ ...services, db: tx as Db }, accountId, sessionId);
    // The owner hears of it at the account's address: if the session was a thief's, they learn it here.
    const signInUrl = `${services.config.publicUrl}${account.signInPath}`;
    const notice = passwordChangedEmail(account, signInUrl, { keptSession: true, selfReset: owner === "customer" });
    await enqueueEmail(tx, notice);
    return true;
  });
  if (!changed) throw badInput(PASSWORD_CHANGE_MESSAGES.currentWrong, { currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong });
  nudgeMailer(services);
  await resetLimit(services, accountKey(owner, accountId));
}
