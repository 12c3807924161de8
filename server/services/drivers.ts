// Driver accounts: sign-in (the driver audience), the signed-in driver, and the accounts admins
// and operators manage (list, create, disable or enable, reset the password). A disabled driver
// cannot sign in, every session of theirs ends at once, and no job can be given to them.
//
// Unknown email and wrong password get the same 401; a disabled account is told so (403) only
// once its password was right.
import type { Driver } from "../../prisma/generated/sqlite/client";
import { adminSignInSchema, driverCreateSchema } from "#domain";
import { z } from "zod";
import { fieldConflict, forbidden, notFound, unauthenticated } from "../errors";
import { recordAudit, type Actor } from "./audit";
import { isUniqueViolation } from "./auth";
import type { Services } from "./context";
import { generatePassword, hashPassword, verifyAccountPassword } from "./passwords";
import { clearSignInEmailLimit, limitSignIn } from "./rate-limit";
import { createSession, endAllSessions, endSession } from "./sessions";
import { parseInput } from "./validation";
import { requireAdmin, requireDriver, signInRequired, type Viewer } from "./viewer";

export const DRIVER_MESSAGES = {
  invalidCredentials: "Invalid email or password",
  disabled: "This driver account is disabled. Please speak to the office.",
  duplicateEmail: "A driver with this email already exists",
  notFound: "Driver not found",
} as const;

/**
 * A driver as the office and the driver see it (never the password hash). `passwordChangeRequired`:
 * the password is still the one the office set, so the driver app asks for their own first.
 */
export type PublicDriver = { id: string; name: string; email: string; phone: string; isActive: boolean; passwordChangeRequired: boolean; createdAt: Date };

export function publicDriver(d: Driver): PublicDriver {
  return {
    id: d.id,
    name: d.name,
    email: d.email,
    phone: d.phone,
    isActive: d.isActive,
    passwordChangeRequired: d.passwordChangeRequired,
    createdAt: d.createdAt,
  };
}

const auditView = (d: Driver) => {
  const { passwordHash: _secret, createdAt: _c, updatedAt: _u, ...rest } = d;
  return rest;
};

/** Signs a driver in (rate limited per email and per address, like the other areas). */
export async function driverSignIn(services: Services, viewer: Viewer, input: unknown): Promise<{ token: string; driver: PublicDriver }> {
  const data = parseInput(adminSignInSchema, input);
  await limitSignIn(services, data.email, viewer.clientAddress, "driver-signin");
  const driver = await services.db.driver.findUnique({ where: { email: data.email } });
  const ok = await verifyAccountPassword(data.password, driver?.passwordHash);
  if (!driver || !ok) throw unauthenticated(DRIVER_MESSAGES.invalidCredentials);
  if (!driver.isActive) throw forbidden(DRIVER_MESSAGES.disabled);
  await clearSignInEmailLimit(services, data.email, "driver-signin");
  const session = await createSession(services, "driver", driver.id, { via: "password" });
  return { token: session.token, driver: publicDriver(driver) };
}

/** The signed-in driver, or null for anyone else; a stale token is a 401. */
export async function driverMe(services: Services, viewer: Viewer): Promise<PublicDriver | null> {
  if (viewer.kind === "anonymous" && viewer.sessionExpired) throw signInRequired(viewer);
  if (viewer.kind !== "driver") return null;
  const row = await services.db.driver.findUnique({ where: { id: viewer.driverId } });
  return row ? publicDriver(row) : null;
}

export async function driverSignOut(services: Services, viewer: Viewer): Promise<void> {
  const driver = requireDriver(viewer);
  await endSession(services, driver.sessionId);
}

// Managed by admins (back office) and operators (rentals-cli) -----------------------------------

/** Every driver, active first, then by name (at most 1000). */
export async function listDrivers(services: Services, viewer: Viewer): Promise<PublicDriver[]> {
  requireAdmin(viewer);
  return listAllDrivers(services, 1000);
}

/** Drivers, active first, then by name: the first `take`, or every one (rentals-cli on the server host). */
export async function listAllDrivers(services: Services, take?: number): Promise<PublicDriver[]> {
  const rows = await services.db.driver.findMany({ orderBy: [{ isActive: "desc" }, { name: "asc" }, { email: "asc" }], take });
  return rows.map(publicDriver);
}

/** A password chosen by the admin (checked by the schema), or a generated one shown once. */
function chosenPassword(password: string | undefined) {
  return password === undefined ? { password: generatePassword(), generated: true } : { password, generated: false };
}

export type DriverWithPassword = { driver: PublicDriver; password: string | null };

/** Creates a driver. A taken email is a 409. The password is returned only when it was generated. */
export async function createDriver(services: Services, actor: Actor, input: unknown): Promise<DriverWithPassword> {
  const data = parseInput(driverCreateSchema, input);
  const chosen = chosenPassword(data.password);
  const passwordHash = await hashPassword(chosen.password);
  try {
    const row = await services.db.$transaction(async (tx) => {
      if (await tx.driver.findUnique({ where: { email: data.email }, select: { id: true } })) throw fieldConflict("email", DRIVER_MESSAGES.duplicateEmail);
      // Someone else chose or generated it: the driver is asked for their own at the next sign-in.
      const created = await tx.driver.create({ data: { name: data.name, email: data.email, phone: data.phone, passwordHash, passwordChangeRequired: true } });
      await recordAudit(tx, actor, { action: "driver.create", entity: "driver", entityId: created.id, after: auditView(created) });
      return created;
    });
    return { driver: publicDriver(row), password: chosen.generated ? chosen.password : null };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict("email", DRIVER_MESSAGES.duplicateEmail);
    throw error;
  }
}

const driverRef = z.object({ id: z.string().trim().min(1).max(200) });

/** A driver by id or by email. */
async function findDriver(services: Services, idOrEmail: string): Promise<Driver> {
  const { id } = parseInput(driverRef, { id: idOrEmail });
  const row = id.includes("@")
    ? await services.db.driver.findUnique({ where: { email: id.toLowerCase() } })
    : await services.db.driver.findUnique({ where: { id } });
  if (!row) throw notFound(DRIVER_MESSAGES.notFound);
  return row;
}

/**
 * Disables or enables a driver (by id or email). Disabling ends every session at once; their
 * upcoming jobs keep the driver until the office reassigns them (the dispatch board flags them).
 */
export async function setDriverActive(
  services: Services,
  actor: Actor,
  idOrEmail: string,
  isActive: boolean,
): Promise<{ driver: PublicDriver; changed: boolean }> {
  const current = await findDriver(services, idOrEmail);
  if (current.isActive === isActive) return { driver: publicDriver(current), changed: false };
  const row = await services.db.$transaction(async (tx) => {
    const updated = await tx.driver.update({ where: { id: current.id }, data: { isActive } });
    await recordAudit(tx, actor, {
      action: isActive ? "driver.enable" : "driver.disable",
      entity: "driver",
      entityId: current.id,
      before: auditView(current),
      after: auditView(updated),
    });
    return updated;
  });
  if (!isActive) await endAllSessions(services, row.id);
  return { driver: publicDriver(row), changed: true };
}

/** Sets a new password (generated, shown once) and ends every session of the driver, who is asked for their own at the next sign-in. */
export async function resetDriverPassword(services: Services, actor: Actor, idOrEmail: string, chosen?: string): Promise<DriverWithPassword> {
  // The operator's own (rentals-cli --password-stdin), checked as a new driver's is; else a generated one.
  const given = chosen === undefined ? undefined : parseInput(driverCreateSchema.shape.password.unwrap(), chosen);
  const current = await findDriver(services, idOrEmail);
  const password = given ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const row = await services.db.$transaction(async (tx) => {
    const updated = await tx.driver.update({ where: { id: current.id }, data: { passwordHash, passwordChangeRequired: true } });
    await recordAudit(tx, actor, { action: "driver.reset_password", entity: "driver", entityId: current.id });
    return updated;
  });
  await endAllSessions(services, row.id);
  return { driver: publicDriver(row), password: given === undefined ? password : null };
}
