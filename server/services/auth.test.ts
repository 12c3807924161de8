// Customer account services on the real database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
// The HTTP behaviour (status codes, bodies, tokens) is in server/rest/auth.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { signInSchema, signUpRequestSchema } from "#domain";
import { AppError } from "../errors";
import { openDatabase } from "../db";
import { createTestServices } from "../testing/harness";
import { DUPLICATE_EMAIL, INVALID_CREDENTIALS, me, publicUser, signIn, signOut, signUp } from "./auth";
import type { Services } from "./context";
import { createSession, resolveViewer, sessionChecks, verifySessionToken } from "./sessions";
import { newAdmin } from "../testing/admin";
import { createVehicle } from "../testing/dealerships";
import { parseInput } from "./validation";
import type { CustomerViewer, Viewer } from "./viewer";

let services: Services & { close(): Promise<void> };
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

let address = 0;
/** A fresh client address per call, so the per-address sign-in limit never interferes. */
const anonymous = (): Viewer => ({ kind: "anonymous", clientAddress: `192.0.2.${++address % 250}-${address}` });
const signUpData = (fields: Record<string, unknown>) => parseInput(signUpRequestSchema, { name: "Thandi Nkosi", password: "secret1", ...fields });
const signInData = (email: string, password: string) => parseInput(signInSchema, { email, password });

async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

async function viewerOf(token: string): Promise<CustomerViewer> {
  const session = await verifySessionToken(services, token);
  if (!session || session.audience !== "customer") throw new Error("not a customer token");
  return { kind: "customer", userId: session.subjectId, sessionId: session.sessionId, clientAddress: "127.0.0.1" };
}

describe("signUp", () => {
  test("stores a normalised email, an argon2id hash (never the password) and opens a customer session", async () => {
    const { token, user } = await signUp(services, signUpData({ email: "  Sipho@Example.COM ", phone: " 082 123 4567 " }));
    expect(user.email).toBe("sipho@example.com");
    expect(user.phone).toBe("082 123 4567");
    expect(user.profileCompleted).toBe(false);
    const row = await services.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toStartWith("$argon2id$");
    expect(row.passwordHash).not.toContain("secret1");
    expect(await Bun.password.verify("secret1", row.passwordHash!)).toBe(true);
    const session = await verifySessionToken(services, token);
    expect(session).toMatchObject({ audience: "customer", subjectId: user.id });
  });

  test("a duplicate email in another case is a 409 and no second row", async () => {
    await signUp(services, signUpData({ email: "dup@example.com" }));
    const error = await caught(signUp(services, signUpData({ email: "DUP@Example.com" })));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(DUPLICATE_EMAIL);
    expect(await services.db.user.count({ where: { email: "dup@example.com" } })).toBe(1);
  });

  test("concurrent sign-ups with one email: exactly one account, the others 409", async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => signUp(services, signUpData({ email: "race@example.com" }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).message).toBe(DUPLICATE_EMAIL);
    expect(await services.db.user.count({ where: { email: "race@example.com" } })).toBe(1);
  });
});

describe("signIn", () => {
  test("the right password signs in, whatever the email's case; each sign-in is its own session", async () => {
    const { user } = await signUp(services, signUpData({ email: "lerato@example.com" }));
    const first = await signIn(services, anonymous(), signInData("LERATO@example.com ", "secret1"));
    const second = await signIn(services, anonymous(), signInData("lerato@example.com", "secret1"));
    expect(first.user.id).toBe(user.id);
    expect(first.token).not.toBe(second.token);
    expect(await services.db.session.count({ where: { subjectId: user.id } })).toBe(3);
  });

  test("wrong password, unknown email and a Google-only account all get the same 401", async () => {
    await signUp(services, signUpData({ email: "wrongpw@example.com" }));
    await services.db.user.create({ data: { name: "Google Only", email: "google-only@example.com", googleId: "google-sub-1" } });
    for (const [email, password] of [
      ["wrongpw@example.com", "secret2"],
      ["nobody@example.com", "secret1"],
      ["google-only@example.com", "anything"],
    ] as const) {
      const error = await caught(signIn(services, anonymous(), signInData(email, password)));
      expect(error.code).toBe("UNAUTHENTICATED");
      expect(error.message).toBe(INVALID_CREDENTIALS);
    }
  });

  test("an unknown email costs a password verification too (no fast path revealing accounts)", async () => {
    await signUp(services, signUpData({ email: "timing@example.com" }));
    const time = async (email: string) => {
      const started = performance.now();
      await caught(signIn(services, anonymous(), signInData(email, "not-the-password")));
      return performance.now() - started;
    };
    await time("warmup@example.com");
    const known = Math.min(await time("timing@example.com"), await time("timing@example.com"));
    const unknown = Math.min(await time("unknown-1@example.com"), await time("unknown-2@example.com"));
    // Both run one argon2id verification; without it an unknown email would take ~1 ms.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  test("the 11th attempt for one email is refused even with the right password; a correct one before that resets it", async () => {
    await signUp(services, signUpData({ email: "limited@example.com" }));
    for (let i = 0; i < 9; i++) await caught(signIn(services, anonymous(), signInData("limited@example.com", "wrong-password")));
    // The 10th attempt is right: signed in, and the account's counter starts again.
    await signIn(services, anonymous(), signInData("limited@example.com", "secret1"));
    for (let i = 0; i < 10; i++)
      expect((await caught(signIn(services, anonymous(), signInData("limited@example.com", "wrong-password")))).code).toBe("UNAUTHENTICATED");
    const limited = await caught(signIn(services, anonymous(), signInData("limited@example.com", "secret1")));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toBe("Too many attempts. Please wait a few minutes and try again.");
  }, 30_000);
});

describe("me, signOut and publicUser", () => {
  test("me is the customer's account, null for anyone else", async () => {
    const { token, user } = await signUp(services, signUpData({ email: "me@example.com" }));
    expect((await me(services, await viewerOf(token)))?.id).toBe(user.id);
    expect(await me(services, { kind: "anonymous", clientAddress: "x" })).toBeNull();
    expect(await me(services, { kind: "admin", adminId: user.id, sessionId: "s", clientAddress: "x" })).toBeNull();
    expect(await me(services, { kind: "dealership", dealershipId: user.id, sessionId: "s", clientAddress: "x" })).toBeNull();
  });

  test("signOut deletes only this session", async () => {
    const { token } = await signUp(services, signUpData({ email: "bye@example.com" }));
    const other = await signIn(services, anonymous(), signInData("bye@example.com", "secret1"));
    await signOut(services, await viewerOf(token));
    expect(await verifySessionToken(services, token)).toBeNull();
    expect(await verifySessionToken(services, other.token)).not.toBeNull();
  });

  test("publicUser has the GraphQL User fields and nothing secret", async () => {
    const { user } = await signUp(services, signUpData({ email: "shape@example.com" }));
    await services.db.user.update({ where: { id: user.id }, data: { googleId: "g-shape", passwordResetToken: "hash", passwordResetExpires: new Date() } });
    const shaped = publicUser(await services.db.user.findUniqueOrThrow({ where: { id: user.id } }));
    expect(Object.keys(shaped).sort()).toEqual(
      [
        "id",
        "name",
        "email",
        "phone",
        "profileCompleted",
        "profilePicture",
        "dateOfBirth",
        "address",
        "city",
        "postalCode",
        "nationality",
        "idType",
        "idNumber",
        "driversLicenseNumber",
        "driversLicenseImage",
        "driversLicenseExpiryDate",
        "createdAt",
      ].sort(),
    );
    expect(shaped.createdAt).toEqual(user.createdAt);
    expect(JSON.stringify(shaped)).not.toMatch(/argon2|g-shape|"hash"/);
  });
});

describe("resolveViewer: the one session lookup", () => {
  const request = (token: string) => new Request("http://localhost/graphql", { headers: { authorization: `Bearer ${token}` } });

  test("an admin or driver account made inactive without ending its sessions is refused at once; active ones pass", async () => {
    const admin = await newAdmin(services);
    expect(await resolveViewer(services, request(admin.token), "127.0.0.1")).toMatchObject({ kind: "admin", adminId: admin.id });
    await services.db.adminUser.update({ where: { id: admin.id }, data: { isActive: false } });
    expect(await resolveViewer(services, request(admin.token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });

    const driver = await services.db.driver.create({
      data: { name: "Dawie", email: `dawie-${Date.now()}@capedrive.example`, phone: "0821234567", passwordHash: "x" },
    });
    const { token } = await createSession(services, "driver", driver.id);
    expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "driver", driverId: driver.id });
    await services.db.driver.update({ where: { id: driver.id }, data: { isActive: false } });
    expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });
  });

  test("a deleted staff account, an expired row and a token naming another audience's session are refused", async () => {
    const admin = await newAdmin(services);
    await services.db.adminUser.delete({ where: { id: admin.id } });
    expect(await resolveViewer(services, request(admin.token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });

    const { token, user } = await signUp(services, signUpData({ email: "expiring@example.com" }));
    expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "customer", userId: user.id });
    await services.db.session.updateMany({ where: { subjectId: user.id }, data: { expire: new Date(Date.now() - 1000) } });
    expect(await verifySessionToken(services, token)).toBeNull();
    expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });

    // A session row of one audience is not accepted under a token claiming another.
    const other = await createSession(services, "customer", admin.id);
    await services.db.session.update({ where: { sid: other.sessionId }, data: { audience: "admin" } });
    expect(await verifySessionToken(services, other.token)).toBeNull();
  });

  test("a token checked once is checked again for its expiry, and only under the secret that signed it", async () => {
    const { user } = await signUp(services, signUpData({ email: "short-lived@example.com" }));
    const session = await createSession(services, "customer", user.id);
    // The same session named by a token that expires within a second (the row lives on).
    const soon = Math.floor(Date.now() / 1000) + 1;
    const token = await new SignJWT({ sid: session.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("capedrive")
      .setAudience("capedrive:customer")
      .setSubject(user.id)
      .setExpirationTime(soon)
      .sign(services.config.tokenSecret);
    expect(await verifySessionToken(services, token)).toMatchObject({ subjectId: user.id });
    expect(await verifySessionToken(services, token)).toMatchObject({ subjectId: user.id });
    // Another server in this process with another secret: this server's check of the token counts for nothing there.
    const other = { ...services, config: { ...services.config, tokenSecret: new TextEncoder().encode("another-secret-".repeat(4)) } };
    expect(await verifySessionToken(other, token)).toBeNull();
    expect(await verifySessionToken(other, session.token)).toBeNull();
    await Bun.sleep(Math.max(0, soon * 1000 - Date.now()) + 50);
    expect(await verifySessionToken(services, token)).toBeNull();
    expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });
    // The session's own token, with its own expiry, still works.
    expect(await verifySessionToken(services, session.token)).toMatchObject({ subjectId: user.id });
  });
});

describe("a session read is used again only while nothing has been committed since", () => {
  const request = (token: string) => new Request("http://localhost/graphql", { headers: { authorization: `Bearer ${token}` } });
  const checks = () => ({ ...sessionChecks(services.db) });
  const sqlite = () => services.provider === "sqlite";

  test("unchanged database: the row read before answers the next checks", async () => {
    const { token, user } = await signUp(services, signUpData({ email: "unchanged@example.com" }));
    expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "customer", userId: user.id });
    const before = checks();
    for (let i = 0; i < 3; i++) expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "customer", userId: user.id });
    const after = checks();
    // SQLite stamps the database's contents; PostgreSQL has no stamp, so every check reads the row.
    expect([after.unchanged - before.unchanged, after.database - before.database]).toEqual(sqlite() ? [3, 0] : [0, 3]);
  });

  test("another process's sign-out, disabled admin or unrelated write is seen by the very next check", async () => {
    // A second client of the same database, as another server process (or instance) opens it.
    const other = openDatabase(services.config.database);
    try {
      const { token, user } = await signUp(services, signUpData({ email: "elsewhere@example.com" }));
      expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "customer", userId: user.id });
      expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "customer", userId: user.id });

      // Something unrelated written elsewhere: the row is read again (and still valid).
      const before = checks();
      await createVehicle(other.db, { make: "Kia" });
      expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "customer", userId: user.id });
      expect(checks().database - before.database).toBe(1);

      // Signed out through the other process: refused at once.
      await other.db.session.deleteMany({ where: { subjectId: user.id } });
      expect(await resolveViewer(services, request(token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });

      // An admin disabled through the other process: refused at once.
      const admin = await newAdmin(services);
      expect(await resolveViewer(services, request(admin.token), "127.0.0.1")).toMatchObject({ kind: "admin", adminId: admin.id });
      expect(await resolveViewer(services, request(admin.token), "127.0.0.1")).toMatchObject({ kind: "admin", adminId: admin.id });
      await other.db.adminUser.update({ where: { id: admin.id }, data: { isActive: false } });
      expect(await resolveViewer(services, request(admin.token), "127.0.0.1")).toMatchObject({ kind: "anonymous", sessionExpired: true });
    } finally {
      await other.close();
    }
  });

  test("a session whose row expires while kept is refused at its expiry, with nothing written", async () => {
    const { user } = await signUp(services, signUpData({ email: "kept-expiry@example.com" }));
    const session = await createSession(services, "customer", user.id);
    // The row says it ends in a second; the token would live on.
    await services.db.session.update({ where: { sid: session.sessionId }, data: { expire: new Date(Date.now() + 1_000) } });
    expect(await verifySessionToken(services, session.token)).toMatchObject({ subjectId: user.id });
    await Bun.sleep(1_100);
    const before = checks();
    expect(await verifySessionToken(services, session.token)).toBeNull();
    if (sqlite()) expect(checks().unchanged - before.unchanged).toBe(1);
  });
});

describe("PostgreSQL: session checks that arrive together share one statement", () => {
  const request = (token: string) => new Request("http://localhost/graphql", { headers: { authorization: `Bearer ${token}` } });
  const checks = () => ({ ...sessionChecks(services.db) });

  test("a dozen requests at once: each gets its own answer, from one statement on PostgreSQL (SQLite reads each)", async () => {
    const customers = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(services, signUpData({ email: `together-${i}@example.com` }))));
    const admin = await newAdmin(services);
    // Their signatures checked once (as a signed-in client's are by its first request: jose's check
    // is asynchronous, so first checks arrive at the session read apart).
    for (const token of [...customers.map((c) => c.token), admin.token]) expect(await verifySessionToken(services, token)).not.toBeNull();
    // One signed out and one admin disabled: refused in the same batch as the others.
    await signOut(services, await viewerOf(customers[3]!.token));
    await services.db.adminUser.update({ where: { id: admin.id }, data: { isActive: false } });
    const before = checks();
    const viewers = await Promise.all([
      ...customers.map((c) => resolveViewer(services, request(c.token), "127.0.0.1")),
      resolveViewer(services, request(admin.token), "127.0.0.1"),
    ]);
    const after = checks();
    for (const [i, customer] of customers.entries()) {
      expect(viewers[i]).toMatchObject(i === 3 ? { kind: "anonymous", sessionExpired: true } : { kind: "customer", userId: customer.user.id });
    }
    expect(viewers[12]).toMatchObject({ kind: "anonymous", sessionExpired: true });
    expect(after.database - before.database).toBe(13);
    // SQLite reads in the process (no round trip to share): a statement each.
    expect(after.statements - before.statements).toBe(services.provider === "postgresql" ? 1 : 13);
  });

  test("a check that arrives after a sign-out is refused, though an earlier check's statement may still be on its way", async () => {
    const { token } = await signUp(services, signUpData({ email: "after-the-batch@example.com" }));
    for (let round = 0; round < 5; round++) {
      const session = await createSession(services, "customer", (await verifySessionToken(services, token))!.subjectId);
      const earlier = verifySessionToken(services, session.token);
      await services.db.session.delete({ where: { sid: session.sessionId } });
      expect(await verifySessionToken(services, session.token)).toBeNull();
      await earlier;
    }
  });
});
