// Admin accounts over real HTTP (REST and GraphQL): sign-up only for the first admin or with the
// invitation code (role from the client ignored), sign-in (argon2id, disabled accounts, the rate
// limit), me, sign-out, and every bad input refused with nothing changed.
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { decodeJwt } from "jose";
import { ConfigError, loadConfig } from "../config";
import { adminSignUp, signupCodeMatches } from "../services/admin-auth";
import { SIGN_IN_LIMITS } from "../services/rate-limit";
import { ADMIN_PASSWORD, caller, expectRefusedUnchanged, newAdmin, newCustomerWithToken, newDealershipWithToken } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

const CODE = "invite-7f3a9c2e-b1d4";

// argon2id hashing and many HTTP calls per test: generous under a loaded CI machine.
setDefaultTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", ADMIN_SIGNUP_CODE: CODE });
});
afterAll(async () => {
  await server?.close();
});

const call = caller(() => server.url);
const services = () => server.services;
const db = () => server.services.db;
const ADMIN_KEYS = ["createdAt", "email", "firstName", "id", "isActive", "lastName", "passwordChangeRequired", "role"];

let n = 0;
const signUpBody = (fields: Record<string, unknown> = {}) => ({
  email: `new-admin-${++n}@capedrive.example`,
  password: "longenough",
  firstName: "Nomsa",
  lastName: "Dlamini",
  ...fields,
});

describe("POST /api/admin/signup", () => {
  beforeEach(async () => {
    await db().auditLog.deleteMany();
    await db().session.deleteMany({ where: { audience: "admin" } });
    await db().adminUser.deleteMany();
  });

  test("the first admin may sign up without a code; the client's role is ignored; argon2id; audited", async () => {
    const answer = await call("POST", "/api/admin/signup", { body: signUpBody({ email: "  First.Admin@Example.COM ", role: "superuser" }) });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(["admin", "token"]);
    expect(Object.keys(answer.body.admin).sort()).toEqual(ADMIN_KEYS);
    expect(answer.body.admin).toMatchObject({ email: "first.admin@example.com", firstName: "Nomsa", lastName: "Dlamini", role: "admin", isActive: true });
    expect(decodeJwt(answer.body.token).aud).toBe("capedrive:admin");
    const row = await db().adminUser.findUniqueOrThrow({ where: { email: "first.admin@example.com" } });
    expect(row.passwordHash).toStartWith("$argon2id$");
    expect(row.role).toBe("admin");
    const me = await call("GET", "/api/admin/me", { auth: { authorization: `Bearer ${answer.body.token}` } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(row.id);
    const audit = await db().auditLog.findMany({ where: { entity: "admin_user" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "admin", actorId: row.id, action: "admin.sign_up", entityId: row.id, before: null });
    expect(JSON.stringify(audit[0]!.after)).not.toContain("argon2");
    expect((audit[0]!.after as Record<string, unknown>).email).toBe("first.admin@example.com");
  });

  test("once an admin exists: refused without the code, and with a wrong one (403, nothing stored)", async () => {
    await newAdmin(services());
    const closed = "Admin sign-up is closed. Ask an administrator for an invitation code.";
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { body: signUpBody() }), 403, closed);
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: "" }) }), 403, closed);
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: `${CODE}x` }) }), 403, closed);
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: CODE.slice(0, -1) }) }), 403, closed);
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: CODE.toUpperCase() }) }), 403, closed);
    expect(await db().adminUser.count()).toBe(1);
  });

  test("once an admin exists: accepted with the code, and the role is still admin whatever was sent", async () => {
    await newAdmin(services());
    for (const role of ["superuser", "owner", "admin", "", undefined]) {
      const answer = await call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: ` ${CODE} `, role }) });
      expect(answer.status).toBe(201);
      expect(answer.body.admin.role).toBe("admin");
      expect((await db().adminUser.findUniqueOrThrow({ where: { id: answer.body.admin.id } })).role).toBe("admin");
    }
    const audits = await db().auditLog.findMany({ where: { action: "admin.sign_up" } });
    expect(audits).toHaveLength(5);
    expect(audits.every((a) => (a.after as Record<string, unknown>).via === "invitation code")).toBe(true);
  });

  test("without ADMIN_SIGNUP_CODE configured, no code opens sign-up once an admin exists", async () => {
    await newAdmin(services());
    const noCode = { ...services(), config: { ...services().config, adminSignupCode: undefined } };
    const viewer = { kind: "anonymous" as const, clientAddress: "198.51.100.77" };
    await expect(adminSignUp(noCode, viewer, signUpBody({ signupCode: CODE }))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(adminSignUp(noCode, viewer, signUpBody({ signupCode: "" }))).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(signupCodeMatches(undefined, undefined)).toBe(false);
    expect(signupCodeMatches("", "")).toBe(false);
    expect(signupCodeMatches("abc", "abc")).toBe(true);
    expect(await db().adminUser.count()).toBe(1);
  });

  test("ADMIN_SIGNUP_CODE: at least 12 characters, and never echoed in the error", () => {
    const env = { DATA_DIR: server.services.config.dataDir, TOKEN_SECRET: "x".repeat(40) };
    expect(loadConfig({ ...env, ADMIN_SIGNUP_CODE: CODE }).adminSignupCode).toBe(CODE);
    expect(loadConfig(env).adminSignupCode).toBeUndefined();
    expect(() => loadConfig({ ...env, ADMIN_SIGNUP_CODE: "short-code" })).toThrow(ConfigError);
    try {
      loadConfig({ ...env, ADMIN_SIGNUP_CODE: "short-code" });
    } catch (error) {
      expect(String(error)).toContain("ADMIN_SIGNUP_CODE");
      expect(String(error)).not.toContain("short-code");
    }
  });

  test("bad input: 400 with the spec's messages, nothing stored", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "not-an-email" }, "email", "Invalid email address"],
      [{ email: undefined }, "email", "Invalid email address"],
      [{ password: "short12" }, "password", "Password must be at least 8 characters"],
      [{ password: undefined }, "password", "Password must be at least 8 characters"],
      [{ firstName: "  " }, "firstName", "First name is required"],
      [{ firstName: undefined }, "firstName", "First name is required"],
      [{ lastName: "" }, "lastName", "Last name is required"],
      [{ lastName: 42 }, "lastName", "Last name is required"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { body: signUpBody(fields) }), 400, message);
      expect(answer.body.fieldErrors[field]).toBe(message);
    }
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { raw: "[1,2]" }), 400, "The request body must be a JSON object");
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signup", { raw: "{bad json" }), 400);
    expect(await db().adminUser.count()).toBe(0);
  });

  test("a duplicate email (with the code) is 409 and stores nothing", async () => {
    const existing = await newAdmin(services());
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/signup", { body: signUpBody({ email: existing.email.toUpperCase(), signupCode: CODE }) }),
      409,
      "An admin with this email already exists",
    );
  });

  test("first sign-ups racing: exactly one becomes the admin", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call("POST", "/api/admin/signup", { body: signUpBody() })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    expect(await db().adminUser.count()).toBe(1);
  });

  test("sign-up attempts are rate limited per address (code guessing)", async () => {
    await newAdmin(services());
    const from = "192.0.2.200";
    for (let i = 0; i < 10; i++) expect((await call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: `guess-${i}` }), from })).status).toBe(403);
    const limited = await call("POST", "/api/admin/signup", { body: signUpBody({ signupCode: CODE }), from });
    expect(limited.status).toBe(429);
    expect(await db().adminUser.count()).toBe(1);
  });

  test("GraphQL adminSignUp: first admin, then closed, then the code", async () => {
    const mutation = `mutation($input: AdminSignUpInput!) { adminSignUp(input: $input) { token admin { id email role firstName lastName isActive createdAt } } }`;
    const first = await graphql(server.url, mutation, { input: signUpBody({ role: "root" }) });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.adminSignUp.admin.role).toBe("admin");
    const closed = await graphql(server.url, mutation, { input: signUpBody() });
    expect(closed.body.errors?.[0]).toMatchObject({
      message: "Admin sign-up is closed. Ask an administrator for an invitation code.",
      extensions: { code: "FORBIDDEN" },
    });
    const coded = await graphql(server.url, mutation, { input: signUpBody({ signupCode: CODE }) });
    expect(coded.body.errors).toBeUndefined();
    const bad = await graphql(server.url, mutation, { input: signUpBody({ password: "short", signupCode: CODE }) });
    expect(bad.body.errors?.[0]).toMatchObject({ message: "Password must be at least 8 characters", extensions: { code: "BAD_USER_INPUT" } });
    expect(await db().adminUser.count()).toBe(2);
  });
});

describe("POST /api/admin/signin", () => {
  test("200 with a token for the admin area and the admin (never the hash); the session row exists", async () => {
    const admin = await newAdmin(services());
    const answer = await call("POST", "/api/admin/signin", { body: { email: ` ${admin.email.toUpperCase()} `, password: ADMIN_PASSWORD } });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.admin).sort()).toEqual(ADMIN_KEYS);
    expect(JSON.stringify(answer.body)).not.toContain("argon2");
    const claims = decodeJwt(answer.body.token);
    expect(claims.aud).toBe("capedrive:admin");
    const session = await db().session.findUniqueOrThrow({ where: { sid: String(claims.sid) } });
    expect(session).toMatchObject({ audience: "admin", subjectId: admin.id });
    // The staff lifetime (12 h by default), not the customer one.
    expect(session.expire.getTime() - Date.now()).toBeLessThanOrEqual(12 * 3_600_000 + 5_000);
    expect((await call("GET", "/api/admin/me", { auth: { authorization: `Bearer ${answer.body.token}` } })).body.email).toBe(admin.email);
  });

  test("wrong password and unknown email: the same 401", async () => {
    const admin = await newAdmin(services());
    const wrong = await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/signin", { body: { email: admin.email, password: "wrong password" } }),
      401,
      "Invalid email or password",
    );
    const unknown = await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/signin", { body: { email: "nobody@capedrive.example", password: ADMIN_PASSWORD } }),
      401,
      "Invalid email or password",
    );
    expect(wrong.body).toEqual(unknown.body);
  });

  test("a disabled admin cannot sign in (403), but a wrong password still says only 401", async () => {
    const admin = await newAdmin(services(), { isActive: false });
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/signin", { body: { email: admin.email, password: ADMIN_PASSWORD } }),
      403,
      "This account is disabled",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/signin", { body: { email: admin.email, password: "not it at all" } }),
      401,
      "Invalid email or password",
    );
  });

  test("a disabled admin's existing token stops working at once", async () => {
    const admin = await newAdmin(services());
    expect((await call("GET", "/api/admin/me", { auth: admin.auth })).status).toBe(200);
    await db().adminUser.update({ where: { id: admin.id }, data: { isActive: false } });
    const me = await call("GET", "/api/admin/me", { auth: admin.auth });
    expect(me.status).toBe(401);
    expect((await call("GET", "/api/admin/dashboard", { auth: admin.auth })).status).toBe(401);
  });

  test("customer and dealership accounts cannot sign in here", async () => {
    const customer = await newCustomerWithToken(services());
    const row = await db().user.findUniqueOrThrow({ where: { id: customer.id } });
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/signin", { body: { email: row.email, password: ADMIN_PASSWORD } }),
      401,
      "Invalid email or password",
    );
  });

  test("bad input: 400 with the spec's messages", async () => {
    for (const [body, message] of [
      [{ email: "nope", password: "x" }, "Invalid email address"],
      [{ password: "x" }, "Invalid email address"],
      [{ email: "a@b.co", password: "" }, "Password is required"],
      [{ email: "a@b.co" }, "Password is required"],
    ] as const) {
      await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/signin", { body }), 400, message);
    }
  });

  test("rate limited per email: past the limit even the right password is 429", async () => {
    const admin = await newAdmin(services());
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.limit; i++) {
      expect((await call("POST", "/api/admin/signin", { body: { email: admin.email, password: `guess-${i}` } })).status).toBe(401);
    }
    const limited = await call("POST", "/api/admin/signin", { body: { email: admin.email, password: ADMIN_PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many attempts. Please wait a few minutes and try again.");
  });

  test("a correct sign-in clears the email's counter", async () => {
    const admin = await newAdmin(services());
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.limit - 1; i++) await call("POST", "/api/admin/signin", { body: { email: admin.email, password: "bad" } });
    expect((await call("POST", "/api/admin/signin", { body: { email: admin.email, password: ADMIN_PASSWORD } })).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.limit - 1; i++) await call("POST", "/api/admin/signin", { body: { email: admin.email, password: "bad" } });
    expect((await call("POST", "/api/admin/signin", { body: { email: admin.email, password: ADMIN_PASSWORD } })).status).toBe(200);
  });

  test("GraphQL adminSignIn and adminMe", async () => {
    const admin = await newAdmin(services());
    const signIn = await graphql(server.url, `mutation($input: AdminSignInInput!) { adminSignIn(input: $input) { token admin { email role } } }`, {
      input: { email: admin.email, password: ADMIN_PASSWORD },
    });
    expect(signIn.body.data.adminSignIn.admin).toEqual({ email: admin.email, role: "admin" });
    const me = await graphql(server.url, `{ adminMe { id email } }`, {}, { authorization: `Bearer ${signIn.body.data.adminSignIn.token}` });
    expect(me.body.data.adminMe).toEqual({ id: admin.id, email: admin.email });
    const wrong = await graphql(server.url, `mutation($input: AdminSignInInput!) { adminSignIn(input: $input) { token } }`, {
      input: { email: admin.email, password: "nope nope" },
    });
    expect(wrong.body.errors?.[0]).toMatchObject({ message: "Invalid email or password", extensions: { code: "UNAUTHENTICATED" } });
    const customer = await newCustomerWithToken(services());
    expect((await graphql(server.url, `{ adminMe { id } }`, {}, customer.auth)).body.data.adminMe).toBeNull();
  });
});

describe("GET /api/admin/me and POST /api/admin/signout", () => {
  test("me: 401 without a token and with another area's token", async () => {
    expect((await call("GET", "/api/admin/me")).status).toBe(401);
    const customer = await newCustomerWithToken(services());
    expect((await call("GET", "/api/admin/me", { auth: customer.auth })).status).toBe(401);
    const dealership = await newDealershipWithToken(services());
    expect((await call("GET", "/api/admin/me", { auth: dealership.auth })).status).toBe(401);
    const stale = await call("GET", "/api/admin/me", { auth: { authorization: "Bearer not.a.token" } });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe("Your session has expired. Please sign in again.");
  });

  test("sign-out ends the session: the token stops working at once", async () => {
    const admin = await newAdmin(services());
    const out = await call("POST", "/api/admin/signout", { auth: admin.auth });
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect((await call("GET", "/api/admin/me", { auth: admin.auth })).status).toBe(401);
    expect((await call("GET", "/api/admin/vehicles", { auth: admin.auth })).status).toBe(401);
  });

  test("sign-out needs an admin token; a customer's session is left alone", async () => {
    expect((await call("POST", "/api/admin/signout")).status).toBe(401);
    const customer = await newCustomerWithToken(services());
    const sessions = await db().session.count();
    expect((await call("POST", "/api/admin/signout", { auth: customer.auth })).status).toBe(403);
    expect(await db().session.count()).toBe(sessions);
    expect((await call("GET", "/api/auth/me", { auth: customer.auth })).status).toBe(200);
  });

  test("GraphQL adminSignOut", async () => {
    const admin = await newAdmin(services());
    const out = await graphql(server.url, `mutation { adminSignOut }`, {}, admin.auth);
    expect(out.body.data.adminSignOut).toBe(true);
    const again = await graphql(server.url, `mutation { adminSignOut }`, {}, admin.auth);
    expect(again.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
