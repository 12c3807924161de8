// "Change password" for every signed-in area over real HTTP (REST and GraphQL): the current
// password checked (a wrong one is a field error, 400, nothing changed), each area's minimum
// length, the account's other sessions ended while this one stays, and the sign-in rate limit.
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { PASSWORD_CHANGE_MESSAGES } from "#domain";
import { hashPassword } from "../services/passwords";
import { SIGN_IN_LIMITS } from "../services/rate-limit";
import { caller } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";

// argon2id hashing and many HTTP calls per test: generous under a loaded CI machine.
setDefaultTimeout(180_000);

let server: TestServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await server.services.db.rateLimit.deleteMany();
});

const call = caller(() => server.url);
const db = () => server.services.db;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const OLD = "old-secret-1";
/** Every account starts with OLD: one argon2id hash, made once (it is slow on purpose). */
let oldHash: Promise<string> | undefined;
const hashOfOld = () => (oldHash ??= hashPassword(OLD));
let n = 0;
const unique = () => `${++n}-${crypto.randomUUID().slice(0, 8)}`;

/** One area's accounts: how one is made, signed in to, asked who it is, and its stored hash. */
type Area = {
  name: "customer" | "admin" | "dealership" | "driver";
  prefix: string;
  minimum: number;
  /** Makes an account with password OLD and returns how to sign in to it, and its address. */
  create(): Promise<{ id: string; email: string; signInBody: (password: string) => Record<string, string> }>;
  /** The web app's sign-in page of the area, which the change notice links to. */
  webSignIn: string;
  signInPath: string;
  mePath: string;
  hashOf(id: string): Promise<string | null>;
};

const AREAS: Area[] = [
  {
    name: "customer",
    prefix: "/api/auth",
    minimum: 6,
    signInPath: "/api/auth/signin",
    mePath: "/api/auth/me",
    async create() {
      const email = `rider-${unique()}@example.com`;
      const row = await db().user.create({ data: { name: "Rider", email, passwordHash: await hashOfOld() } });
      return { id: row.id, email, signInBody: (password) => ({ email, password }) };
    },
    webSignIn: "/signin",
    hashOf: async (id) => (await db().user.findUniqueOrThrow({ where: { id } })).passwordHash,
  },
  {
    name: "admin",
    prefix: "/api/admin",
    minimum: 8,
    signInPath: "/api/admin/signin",
    mePath: "/api/admin/me",
    async create() {
      const email = `admin-${unique()}@capedrive.example`;
      const row = await db().adminUser.create({ data: { email, firstName: "Ada", lastName: "Admin", passwordHash: await hashOfOld() } });
      return { id: row.id, email, signInBody: (password) => ({ email, password }) };
    },
    webSignIn: "/admin/signin",
    hashOf: async (id) => (await db().adminUser.findUniqueOrThrow({ where: { id } })).passwordHash,
  },
  {
    name: "dealership",
    prefix: "/api/dealership",
    minimum: 8,
    signInPath: "/api/dealership/signin",
    mePath: "/api/dealership/me",
    async create() {
      const code = `DL${unique().replaceAll("-", "")}`.slice(0, 30);
      const row = await db().dealership.create({
        data: {
          dealershipCode: code,
          companyName: `Motors ${code}`,
          contactEmail: `${code.toLowerCase()}@motors.example`,
          contactPerson: "Sam",
          passwordHash: await hashOfOld(),
        },
      });
      return { id: row.id, email: row.contactEmail, signInBody: (password) => ({ dealershipCode: code, password }) };
    },
    webSignIn: "/dealership/signin",
    hashOf: async (id) => (await db().dealership.findUniqueOrThrow({ where: { id } })).passwordHash,
  },
  {
    name: "driver",
    prefix: "/api/driver",
    minimum: 8,
    signInPath: "/api/driver/signin",
    mePath: "/api/driver/jobs",
    async create() {
      const email = `driver-${unique()}@capedrive.example`;
      const row = await db().driver.create({ data: { name: "Dumi Driver", email, phone: "082 555 0101", passwordHash: await hashOfOld() } });
      return { id: row.id, email, signInBody: (password) => ({ email, password }) };
    },
    webSignIn: "/driver/signin",
    hashOf: async (id) => (await db().driver.findUniqueOrThrow({ where: { id } })).passwordHash,
  },
];

async function signIn(area: Area, body: Record<string, string>) {
  return call("POST", area.signInPath, { body });
}

/** An account of the area with two sessions (say a phone and a laptop). */
async function accountWithTwoSessions(area: Area) {
  const account = await area.create();
  const first = await signIn(area, account.signInBody(OLD));
  const second = await signIn(area, account.signInBody(OLD));
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  return { ...account, token: first.body.token as string, otherToken: second.body.token as string };
}

const NOTICE = "Your CapeDrive password was changed";
/** The password-changed notices queued for an address (none for a refused change). */
const queuedNotices = (to: string) => db().emailOutbox.count({ where: { to, subject: NOTICE } });

const change = (area: Area, token: string, body: unknown, from?: string) => call("POST", `${area.prefix}/change-password`, { body, auth: bearer(token), from });

for (const area of AREAS) {
  describe(`${area.name}: POST ${area.prefix}/change-password`, () => {
    test("a wrong current password: 400 on the current-password field; nothing changed, every session lives on", async () => {
      const account = await accountWithTwoSessions(area);
      const before = await area.hashOf(account.id);
      const answer = await change(area, account.token, { currentPassword: "not-my-password", newPassword: "brand-new-secret" });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(PASSWORD_CHANGE_MESSAGES.currentWrong);
      expect(answer.body.fieldErrors).toEqual({ currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong });
      expect(await area.hashOf(account.id)).toBe(before);
      expect((await call("GET", area.mePath, { auth: bearer(account.token) })).status).toBe(200);
      expect((await call("GET", area.mePath, { auth: bearer(account.otherToken) })).status).toBe(200);
      expect((await signIn(area, account.signInBody(OLD))).status).toBe(200);
      expect(await queuedNotices(account.email)).toBe(0);
    });

    test(`a new password shorter than ${area.minimum} characters, the same as the current one, or missing fields: 400 naming the field, nothing changed`, async () => {
      const account = await accountWithTwoSessions(area);
      const before = await area.hashOf(account.id);
      const short = await change(area, account.token, { currentPassword: OLD, newPassword: "x".repeat(area.minimum - 1) });
      expect(short.status).toBe(400);
      expect(short.body.fieldErrors.newPassword).toBe(`Password must be at least ${area.minimum} characters`);
      const spaces = await change(area, account.token, { currentPassword: OLD, newPassword: " ".repeat(area.minimum + 2) });
      expect(spaces.status).toBe(400);
      const same = await change(area, account.token, { currentPassword: OLD, newPassword: OLD });
      expect(same.status).toBe(400);
      expect(same.body.fieldErrors.newPassword).toBe(PASSWORD_CHANGE_MESSAGES.unchanged);
      const empty = await change(area, account.token, {});
      expect(empty.status).toBe(400);
      expect(empty.body.fieldErrors.currentPassword).toBe(PASSWORD_CHANGE_MESSAGES.currentRequired);
      expect(await area.hashOf(account.id)).toBe(before);
      expect((await call("GET", area.mePath, { auth: bearer(account.otherToken) })).status).toBe(200);
    });

    test("success: this session stays signed in, the other one ends; the old password fails and the new one works", async () => {
      const account = await accountWithTwoSessions(area);
      const fresh = `new-${area.name}-pass`;
      const answer = await change(area, account.token, { currentPassword: OLD, newPassword: fresh });
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
      expect((await call("GET", area.mePath, { auth: bearer(account.token) })).status).toBe(200);
      const other = await call("GET", area.mePath, { auth: bearer(account.otherToken) });
      expect(other.status).toBe(401);
      expect((await signIn(area, account.signInBody(OLD))).status).toBe(401);
      expect((await signIn(area, account.signInBody(fresh))).status).toBe(200);
      expect(await area.hashOf(account.id)).toStartWith("$argon2id$");
      // The account's address is told, with the area's sign-in page and what to do if it was not them.
      const notice = await smtp.waitFor((m) => m.envelopeTo.includes(account.email.toLowerCase()) && m.subject === NOTICE);
      expect(await queuedNotices(account.email)).toBe(1);
      expect(notice.text).toContain("The device it was changed on stays signed in; every other device signed in to it was signed out.");
      expect(notice.text).toContain(`${server.services.config.publicUrl}${area.webSignIn}`);
      expect(notice.text).toContain(area.name === "customer" ? "(Forgot Password)" : "contact us at once: we will reset your password");
    });
  });
}

// One service counts for every area (its own counter per account): asked of the dealership, whose first password is an operator's.
describe("the rate limit", () => {
  const area = AREAS[2]!;
  test("rate limited like sign-in: past the limit a 429, even with the right password, and nothing changed", async () => {
    const account = await accountWithTwoSessions(area);
    const before = await area.hashOf(account.id);
    const from = `198.51.100.${AREAS.indexOf(area) + 10}`;
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.limit; i++) {
      expect((await change(area, account.token, { currentPassword: `guess-${i}`, newPassword: "brand-new-secret" }, from)).status).toBe(400);
    }
    // Another address: the account's own counter still refuses.
    const refused = await change(area, account.token, { currentPassword: OLD, newPassword: "brand-new-secret" }, "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(await area.hashOf(account.id)).toBe(before);
    expect((await call("GET", area.mePath, { auth: bearer(account.otherToken) })).status).toBe(200);
  });
});

describe("who may change a password", () => {
  test("without a token: 401; another area's token on a REST path: 403; nothing changed", async () => {
    const [customer, dealership] = [AREAS[0]!, AREAS[2]!];
    expect((await call("POST", "/api/auth/change-password", { body: { currentPassword: OLD, newPassword: "brand-new-secret" } })).status).toBe(401);
    const dealer = await accountWithTwoSessions(dealership);
    const before = await dealership.hashOf(dealer.id);
    expect((await change(customer, dealer.token, { currentPassword: OLD, newPassword: "brand-new-secret" })).status).toBe(403);
    expect(await dealership.hashOf(dealer.id)).toBe(before);
  });

  test("a Google-only customer (no password) is told they sign in with Google; no password is set", async () => {
    const email = `google-${unique()}@example.com`;
    const user = await db().user.create({ data: { name: "Gugu", email, googleId: `g-${unique()}` } });
    const { createSession } = await import("../services/sessions");
    const { token } = await createSession(server.services, "customer", user.id);
    const answer = await change(AREAS[0]!, token, { currentPassword: "anything", newPassword: "brand-new-secret" });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ currentPassword: PASSWORD_CHANGE_MESSAGES.googleOnly });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBeNull();
    const me = await graphql(server.url, "{ me { hasPassword } }", {}, bearer(token));
    expect(me.body.data).toEqual({ me: { hasPassword: false } });
  });
});

describe("GraphQL changePassword", () => {
  const MUTATION = "mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }";

  test("each area's token changes its own account's password, with that area's rules", async () => {
    for (const area of AREAS) {
      const account = await accountWithTwoSessions(area);
      const seven = await graphql(server.url, MUTATION, { input: { currentPassword: OLD, newPassword: "seven77" } }, bearer(account.token));
      if (area.minimum > 7)
        expect(seven.body.errors?.[0]?.extensions).toMatchObject({
          code: "BAD_USER_INPUT",
          fieldErrors: { newPassword: "Password must be at least 8 characters" },
        });
      else expect(seven.body.data).toEqual({ changePassword: true });
      const current = area.minimum > 7 ? OLD : "seven77";
      const wrong = await graphql(server.url, MUTATION, { input: { currentPassword: "nope-nope", newPassword: "graphql-secret" } }, bearer(account.token));
      expect(wrong.body.errors?.[0]?.extensions).toMatchObject({
        code: "BAD_USER_INPUT",
        fieldErrors: { currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong },
      });
      const ok = await graphql(server.url, MUTATION, { input: { currentPassword: current, newPassword: "graphql-secret" } }, bearer(account.token));
      expect(ok.body).toEqual({ data: { changePassword: true } });
      expect((await signIn(area, account.signInBody("graphql-secret"))).status).toBe(200);
    }
  });

  test("without a token: 401 (UNAUTHENTICATED)", async () => {
    const answer = await graphql(server.url, MUTATION, { input: { currentPassword: OLD, newPassword: "graphql-secret" } });
    expect(answer.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
