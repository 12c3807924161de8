// Password reset over real HTTP and GraphQL, with the real mailer delivering to an SMTP server on
// loopback: the link in the delivered mail is followed like a user would.
import { EMAIL_COLOURS, offBrandColours } from "#domain/brand.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RESET_REQUESTED_MESSAGE, hashResetToken } from "../services/password-reset";
import { createSession, verifySessionToken } from "../services/sessions";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { closedPort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../testing/smtp";

const PUBLIC_URL = "https://capedrive.test";
const INVALID = "This password reset link is invalid or has expired";

let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(async () => {
  // Each test starts with fresh rate-limit windows (they are tested on their own below).
  await server.services.db.rateLimit.deleteMany();
});

const post = async (url: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};

let counter = 0;
async function signUp(password = "first-secret") {
  const email = `rider${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await post(server.url, "/api/auth/signup", { name: `Rider ${counter}`, email, phone: "0821234567", password });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.token as string, userId: res.body.user.id as string };
}

const signIn = (email: string, password: string) => post(server.url, "/api/auth/signin", { email, password });

const resetLinkOf = (mail: ReceivedMail) => {
  const match = /https:\/\/capedrive\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return { link: match[0], token: match[1]! };
};

/** Asks for a reset over HTTP and returns the delivered mail. */
async function forgot(email: string) {
  const res = await post(server.url, "/api/auth/forgot-password", { email });
  expect(res).toEqual({ status: 200, body: { message: RESET_REQUESTED_MESSAGE } });
  await server.mailer.flush();
  return smtp.waitFor((m) => m.envelopeTo.includes(email.trim().toLowerCase()) && m.subject === "Reset your CapeDrive password" && !seen.has(m));
}
const seen = new Set<ReceivedMail>();
const take = (mail: ReceivedMail) => (seen.add(mail), mail);

const userRow = (id: string) => server.services.db.user.findUniqueOrThrow({ where: { id } });

describe("forgot password -> mail -> reset", () => {
  test("the delivered link resets the password: the new one signs in, the old one no longer does", async () => {
    const rider = await signUp();
    const mail = take(await forgot(rider.email));
    expect(mail.headers.from).toContain("no-reply@capedrive.local");
    const { link, token } = resetLinkOf(mail);
    expect(link).toBe(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(Buffer.from(token, "base64url").length).toBe(32);
    expect(mail.text).toContain("expires in one hour");
    expect(mail.text).toMatch(/ignore this email/);
    expect(mail.html).toContain(`href="${link}"`);
    // In the brand's colours: the button is the site's navy, and no colour outside the palette.
    const button = (mail.html ?? "").match(/<a class="cd-button" href="[^"]*reset-password[^"]*" style="([^"]*)"[^>]*>.*?Reset your password/)?.[1] ?? "";
    expect(button).toContain(`background-color:${EMAIL_COLOURS.button}`);
    expect(button).toContain(`color:${EMAIL_COLOURS.buttonText}`);
    expect(offBrandColours(mail.html ?? "")).toEqual([]);

    const reset = await post(server.url, "/api/auth/reset-password", { token, password: "second-secret" });
    expect(reset).toEqual({ status: 200, body: { success: true } });

    const fresh = await signIn(rider.email, "second-secret");
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.email).toBe(rider.email);
    const old = await signIn(rider.email, "first-secret");
    expect(old.status).toBe(401);

    const row = await userRow(rider.userId);
    expect(row.passwordHash?.startsWith("$argon2id$")).toBe(true);
    expect(row.passwordResetToken).toBeNull();
    expect(row.passwordResetExpires).toBeNull();

    // The owner is told.
    const notice = await smtp.waitFor((m) => m.envelopeTo.includes(rider.email) && m.subject === "Your CapeDrive password was changed");
    expect(notice.text).toContain(`${PUBLIC_URL}/signin`);
  });

  test("the token is stored only as its SHA-256, expires in an hour, and is not left in the outbox once sent", async () => {
    const rider = await signUp();
    const before = Date.now();
    const mail = take(await forgot(rider.email));
    const { token } = resetLinkOf(mail);
    const row = await userRow(rider.userId);
    expect(row.passwordResetToken).toBe(hashResetToken(token));
    expect(row.passwordResetToken).not.toContain(token);
    expect(row.passwordResetExpires!.getTime()).toBeGreaterThanOrEqual(before + 3_600_000 - 1_000);
    expect(row.passwordResetExpires!.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1_000);
    // Nowhere in the database: users, sessions, outbox (the sent row's body is dropped).
    const everything = JSON.stringify([
      await server.services.db.user.findMany(),
      await server.services.db.session.findMany(),
      await server.services.db.emailOutbox.findMany(),
      await server.services.db.rateLimit.findMany(),
    ]);
    expect(everything).not.toContain(token);
    const outbox = await server.services.db.emailOutbox.findFirstOrThrow({ where: { to: rider.email } });
    expect(outbox.status).toBe("sent");
  });

  test("the link works once: reused -> 400 and the password stays the one it set", async () => {
    const rider = await signUp();
    const { token } = resetLinkOf(take(await forgot(rider.email)));
    expect((await post(server.url, "/api/auth/reset-password", { token, password: "second-secret" })).status).toBe(200);
    const hashAfterFirst = (await userRow(rider.userId)).passwordHash;
    const again = await post(server.url, "/api/auth/reset-password", { token, password: "third-secret" });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: INVALID, code: "BAD_USER_INPUT" });
    expect((await userRow(rider.userId)).passwordHash).toBe(hashAfterFirst);
    expect((await signIn(rider.email, "third-secret")).status).toBe(401);
  });

  test("two resets racing with the same link: exactly one wins", async () => {
    const rider = await signUp();
    const { token } = resetLinkOf(take(await forgot(rider.email)));
    const results = await Promise.all(
      ["racer-one-secret", "racer-two-secret"].map((password) => post(server.url, "/api/auth/reset-password", { token, password })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? "racer-one-secret" : "racer-two-secret";
    expect((await signIn(rider.email, winner)).status).toBe(200);
  });

  test("an expired link -> 400, nothing changed", async () => {
    const rider = await signUp();
    const { token } = resetLinkOf(take(await forgot(rider.email)));
    await server.services.db.user.update({ where: { id: rider.userId }, data: { passwordResetExpires: new Date(Date.now() - 1_000) } });
    const before = await userRow(rider.userId);
    const res = await post(server.url, "/api/auth/reset-password", { token, password: "second-secret" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
    expect(await userRow(rider.userId)).toEqual(before);
    expect((await signIn(rider.email, "first-secret")).status).toBe(200);
  });

  test("a made-up token -> 400", async () => {
    const res = await post(server.url, "/api/auth/reset-password", {
      token: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url"),
      password: "second-secret",
    });
    expect(res).toMatchObject({ status: 400, body: { message: INVALID, code: "BAD_USER_INPUT" } });
  });

  test("a second request replaces the first link", async () => {
    const rider = await signUp();
    const first = resetLinkOf(take(await forgot(rider.email))).token;
    const second = resetLinkOf(take(await forgot(rider.email))).token;
    expect(second).not.toBe(first);
    expect((await post(server.url, "/api/auth/reset-password", { token: first, password: "second-secret" })).status).toBe(400);
    expect((await post(server.url, "/api/auth/reset-password", { token: second, password: "second-secret" })).status).toBe(200);
  });

  test("a reset ends every session of the account (a thief's too), and only that account's", async () => {
    const rider = await signUp();
    const other = await signUp();
    const thief = await createSession(server.services, "customer", rider.userId);
    const me = (token: string) => fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await me(rider.token)).toBe(200);
    expect(await me(thief.token)).toBe(200);
    const { token } = resetLinkOf(take(await forgot(rider.email)));
    expect((await post(server.url, "/api/auth/reset-password", { token, password: "second-secret" })).status).toBe(200);
    expect(await me(rider.token)).toBe(401);
    expect(await me(thief.token)).toBe(401);
    expect(await verifySessionToken(server.services, thief.token)).toBeNull();
    expect(await server.services.db.session.count({ where: { subjectId: rider.userId } })).toBe(0);
    expect(await me(other.token)).toBe(200);
  });

  test("the email is matched case-insensitively and trimmed", async () => {
    const rider = await signUp();
    const mail = take(await forgot(`  ${rider.email.toUpperCase()} `));
    expect(mail.envelopeTo).toEqual([rider.email]);
  });

  test("a Google-only account (no password) can set one this way", async () => {
    const email = `google-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const user = await server.services.db.user.create({ data: { name: "Gugu Google", email, googleId: `g-${crypto.randomUUID()}` } });
    const { token } = resetLinkOf(take(await forgot(email)));
    expect((await post(server.url, "/api/auth/reset-password", { token, password: "now-a-password" })).status).toBe(200);
    expect((await signIn(email, "now-a-password")).status).toBe(200);
    expect((await userRow(user.id)).googleId).toBe(user.googleId);
  });
});

describe("the same answer whether or not the account exists", () => {
  test("an unknown email: the same 200 body, no mail, no outbox row, similar time", async () => {
    const rider = await signUp();
    // The new account's welcome is sent first, so only the reset is counted below.
    await server.mailer.flush();
    const rowsBefore = await server.services.db.emailOutbox.count();
    const mailsBefore = smtp.messages.length;
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post(server.url, "/api/auth/forgot-password", { email });
      return { ...res, ms: performance.now() - started };
    };
    const unknown = await timed("nobody-here@example.com");
    const known = await timed(rider.email);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ message: "If an account with that email exists, we've sent a password reset link" });
    // Both take at least the floor, so the time does not tell them apart.
    expect(unknown.ms).toBeGreaterThanOrEqual(240);
    expect(known.ms).toBeGreaterThanOrEqual(240);
    await server.mailer.flush();
    take(await smtp.waitFor((m) => m.envelopeTo.includes(rider.email) && m.subject === "Reset your CapeDrive password" && !seen.has(m)));
    expect(await server.services.db.emailOutbox.count()).toBe(rowsBefore + 1);
    expect(smtp.messages.length).toBe(mailsBefore + 1);
    expect(smtp.messages.some((m) => m.envelopeTo.includes("nobody-here@example.com"))).toBe(false);
  });
});

describe("bad input: 4xx with the spec's message, nothing changed", () => {
  test("a password shorter than 6 characters", async () => {
    const rider = await signUp();
    const { token } = resetLinkOf(take(await forgot(rider.email)));
    const before = await userRow(rider.userId);
    const res = await post(server.url, "/api/auth/reset-password", { token, password: "12345" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: "Password must be at least 6 characters",
      code: "BAD_USER_INPUT",
      fieldErrors: { password: "Password must be at least 6 characters" },
    });
    expect(await userRow(rider.userId)).toEqual(before);
    // The link still works afterwards.
    expect((await post(server.url, "/api/auth/reset-password", { token, password: "123456" })).status).toBe(200);
  });

  test("a missing token, and a missing body", async () => {
    const noToken = await post(server.url, "/api/auth/reset-password", { password: "second-secret" });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toMatchObject({ message: "Reset token is required", fieldErrors: { token: "Reset token is required" } });
    const blank = await post(server.url, "/api/auth/reset-password", { token: "   ", password: "second-secret" });
    expect(blank.body.message).toBe("Reset token is required");
    const empty = await post(server.url, "/api/auth/reset-password", {});
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ token: "Reset token is required", password: "Password must be at least 6 characters" });
  });

  test("wrong types and non-object bodies", async () => {
    expect((await post(server.url, "/api/auth/reset-password", { token: 42, password: ["x"] })).status).toBe(400);
    expect((await post(server.url, "/api/auth/reset-password", "[1,2]")).status).toBe(400);
    expect((await post(server.url, "/api/auth/forgot-password", '"someone@example.com"')).status).toBe(400);
    const broken = await post(server.url, "/api/auth/forgot-password", "{not json");
    expect(broken.status).toBe(400);
  });

  test("forgot password with an invalid or missing email", async () => {
    const rowsBefore = await server.services.db.emailOutbox.count();
    for (const body of [{ email: "not-an-email" }, { email: "" }, {}, { email: 7 }]) {
      const res = await post(server.url, "/api/auth/forgot-password", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: "Please enter a valid email address", code: "BAD_USER_INPUT" });
    }
    expect(await server.services.db.emailOutbox.count()).toBe(rowsBefore);
  });
});

describe("rate limit", () => {
  test("past 5 requests an hour for one email: 429 with a clear message, and no more mail", async () => {
    const rider = await signUp();
    for (let i = 0; i < 5; i++) expect((await post(server.url, "/api/auth/forgot-password", { email: rider.email })).status).toBe(200);
    const rowsBefore = await server.services.db.emailOutbox.count({ where: { to: rider.email } });
    const limited = await post(server.url, "/api/auth/forgot-password", { email: rider.email });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "TOO_MANY_REQUESTS", message: "Too many attempts. Please wait a few minutes and try again." });
    expect(await server.services.db.emailOutbox.count({ where: { to: rider.email } })).toBe(rowsBefore);
    // An unknown email is limited the same way (the 429 does not tell them apart either).
    for (let i = 0; i < 5; i++) await post(server.url, "/api/auth/forgot-password", { email: "ghost@example.com" });
    expect((await post(server.url, "/api/auth/forgot-password", { email: "ghost@example.com" })).status).toBe(429);
    await server.mailer.flush();
  });
});

describe("GraphQL", () => {
  test("requestPasswordReset is true either way; resetPassword with the mailed token is true; a bad token is BAD_USER_INPUT", async () => {
    const rider = await signUp();
    const request = `mutation($input: ForgotPasswordInput!) { requestPasswordReset(input: $input) }`;
    const reset = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) }`;
    expect((await graphql(server.url, request, { input: { email: "unknown-person@example.com" } })).body).toEqual({ data: { requestPasswordReset: true } });
    expect((await graphql(server.url, request, { input: { email: rider.email } })).body).toEqual({ data: { requestPasswordReset: true } });
    await server.mailer.flush();
    const { token } = resetLinkOf(
      take(await smtp.waitFor((m) => m.envelopeTo.includes(rider.email) && m.subject === "Reset your CapeDrive password" && !seen.has(m))),
    );

    const short = await graphql(server.url, reset, { input: { token, password: "short" } });
    expect(short.body.errors?.[0]).toMatchObject({ message: "Password must be at least 6 characters", extensions: { code: "BAD_USER_INPUT" } });
    expect((await graphql(server.url, reset, { input: { token, password: "graphql-secret" } })).body).toEqual({ data: { resetPassword: true } });
    expect((await signIn(rider.email, "graphql-secret")).status).toBe(200);

    const reused = await graphql(server.url, reset, { input: { token, password: "graphql-secret-2" } });
    expect(reused.body.errors?.[0]).toMatchObject({ message: INVALID, extensions: { code: "BAD_USER_INPUT" } });
    const badEmail = await graphql(server.url, request, { input: { email: "nope" } });
    expect(badEmail.body.errors?.[0]).toMatchObject({ message: "Please enter a valid email address", extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("delivery problems", () => {
  test("SMTP down: the reset mail waits in the outbox with the error, and is delivered when SMTP comes back", async () => {
    const port = await closedPort();
    const down = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL });
    let revived: TestSmtpServer | undefined;
    try {
      const email = "stuck@example.com";
      expect((await post(down.url, "/api/auth/signup", { name: "Stuck Rider", email, phone: "", password: "first-secret" })).status).toBe(201);
      expect((await post(down.url, "/api/auth/forgot-password", { email })).status).toBe(200);
      await down.mailer.flush();
      const pending = await down.services.db.emailOutbox.findFirstOrThrow({ where: { to: email, subject: "Reset your CapeDrive password" } });
      expect(pending).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(pending.lastError).toBeTruthy();
      expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      revived = await startSmtpServer(port);
      // Time passes until the retry is due.
      await down.services.db.emailOutbox.update({ where: { id: pending.id }, data: { nextAttemptAt: new Date() } });
      await down.mailer.flush();
      const mail = await revived.waitFor((m) => m.envelopeTo.includes(email) && m.subject === "Reset your CapeDrive password");
      const { token } = resetLinkOf(mail);
      expect((await post(down.url, "/api/auth/reset-password", { token, password: "second-secret" })).status).toBe(200);
      expect(await down.services.db.emailOutbox.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
        status: "sent",
        attempts: 2,
        lastError: null,
      });
    } finally {
      await down.close();
      await revived?.close();
    }
  });

  test("no SMTP configured: the mail is written under DATA_DIR/mail with a link that works", async () => {
    const local = await startTestServer({ PUBLIC_URL });
    try {
      const email = "developer@example.com";
      expect((await post(local.url, "/api/auth/signup", { name: "Dev Eloper", email, phone: "", password: "first-secret" })).status).toBe(201);
      expect((await post(local.url, "/api/auth/forgot-password", { email })).status).toBe(200);
      await local.mailer.flush();
      const folder = join(local.database.dataDir, "mail");
      expect(existsSync(folder)).toBe(true);
      // The account's welcome, then the reset.
      const contents = readdirSync(folder)
        .filter((f) => f.endsWith(".txt"))
        .map((f) => readFileSync(join(folder, f), "utf8"));
      expect(contents.length).toBe(2);
      for (const content of contents) expect(content).toContain(`To: ${email}`);
      const content = contents.find((c) => c.includes("Subject: Reset your CapeDrive password"))!;
      expect(contents.filter((c) => c.includes("Subject: Welcome to CapeDrive")).length).toBe(1);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(content)?.[1];
      expect(token).toBeTruthy();
      expect((await post(local.url, "/api/auth/reset-password", { token, password: "second-secret" })).status).toBe(200);
      expect((await post(local.url, "/api/auth/signin", { email, password: "second-secret" })).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
