// The welcome email a new customer gets, over real HTTP (REST and GraphQL) and Google sign-in
// (a JWKS server on loopback with the test's own key), delivered by the real mailer to an SMTP
// server on loopback: exactly one per new account, none for a sign-up refused as a duplicate, a
// Google sign-in of an existing account, or an email account that Google sign-in links.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";

const PUBLIC_URL = "https://capedrive.test";
const CLIENT_ID = "capedrive-welcome-test.apps.googleusercontent.com";
const KID = "welcome-key";
const SUBJECT = "Welcome to CapeDrive";

let server: TestServer;
let smtp: TestSmtpServer;
let jwks: ReturnType<typeof Bun.serve>;
let googleKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  googleKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  jwks = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ keys: [jwk] }) });
  smtp = await startSmtpServer();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    SUPPORT_PHONE: "021 555 0123",
    MAIL_REPLY_TO: "CapeDrive help <help@capedrive.test>",
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${jwks.port}/certs`,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  jwks?.stop(true);
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};

let count = 0;
const uniqueEmail = (who: string) => `${who}-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`;

async function googleToken(sub: string, email: string, name = "Naledi Dlamini"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email, email_verified: true, name })
    .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
    .setIssuer("https://accounts.google.com")
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 3600)
    .sign(googleKey);
}

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { token user { id } } }`;
const GOOGLE = `mutation ($input: GoogleSignInInput!) { signInWithGoogle(input: $input) { isNewUser user { id } } }`;

/** Every welcome the outbox holds for `email`, and every one the SMTP server received, once the mailer has sent what is due. */
async function welcomesTo(email: string) {
  await server.mailer.flush();
  const rows = await server.services.db.emailOutbox.findMany({ where: { to: email, subject: SUBJECT } });
  const received = smtp.messages.filter((m) => m.envelopeTo.includes(email) && m.subject === SUBJECT);
  return { rows: rows.length, sent: rows.filter((r) => r.status === "sent").length, received };
}

describe("a new customer is welcomed by email, once", () => {
  test("email sign-up over REST: one welcome, by name, with the absolute profile-completion link and the support contact", async () => {
    const email = uniqueEmail("thandi");
    const res = await post("/api/auth/signup", { name: "Thandi Nkosi", email, phone: "0821234567", password: "secret123" });
    expect(res.status).toBe(201);
    const { rows, sent, received } = await welcomesTo(email);
    expect({ rows, sent, received: received.length }).toEqual({ rows: 1, sent: 1, received: 1 });
    const mail = received[0]!;
    expect(mail.text).toStartWith("Hi Thandi Nkosi,");
    expect(mail.text).toContain(`Complete your profile: ${PUBLIC_URL}/profile-completion`);
    expect(mail.text).toContain("driver's licence");
    expect(mail.text).toEndWith("Questions? Call 021 555 0123 or email help@capedrive.test.");
    expect(mail.html).toContain(`href="${PUBLIC_URL}/profile-completion"`);
    expect(mail.html).toContain('href="tel:+27215550123"');
    expect(mail.html).toContain('href="mailto:help@capedrive.test"');
    expect(mail.headers["reply-to"]).toContain("help@capedrive.test");
  });

  test("email sign-up over GraphQL: one welcome", async () => {
    const email = uniqueEmail("sipho");
    const res = await graphql(server.url, SIGN_UP, { input: { name: "Sipho Mokoena", email, password: "secret123" } });
    expect(res.body.errors).toBeUndefined();
    const { rows, received } = await welcomesTo(email);
    expect({ rows, received: received.length }).toEqual({ rows: 1, received: 1 });
    expect(received[0]!.text).toStartWith("Hi Sipho Mokoena,");
  });

  test("a duplicate sign-up (REST, GraphQL, in any case) is refused and sends no second welcome", async () => {
    const email = uniqueEmail("ayesha");
    expect((await post("/api/auth/signup", { name: "Ayesha Patel", email, password: "secret123" })).status).toBe(201);
    expect((await post("/api/auth/signup", { name: "Ayesha Again", email: email.toUpperCase(), password: "secret123" })).status).toBe(409);
    const again = await graphql(server.url, SIGN_UP, { input: { name: "Ayesha Again", email, password: "secret123" } });
    expect(again.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    const { rows, received } = await welcomesTo(email);
    expect({ rows, received: received.length }).toEqual({ rows: 1, received: 1 });
  });

  test("two sign-ups with one email at once: one account, one welcome", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([1, 2, 3].map((n) => post("/api/auth/signup", { name: `Racer ${n}`, email, password: "secret123" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const { rows, received } = await welcomesTo(email);
    expect({ rows, received: received.length }).toEqual({ rows: 1, received: 1 });
  });

  test("Google sign-up (REST and GraphQL): one welcome for the new account, none when the same Google account signs in again", async () => {
    const restEmail = uniqueEmail("naledi");
    const first = await post("/api/auth/google", { credential: await googleToken("welcome-sub-1", restEmail) });
    expect(first).toMatchObject({ status: 200, body: { isNewUser: true } });
    const second = await post("/api/auth/google", { credential: await googleToken("welcome-sub-1", restEmail) });
    expect(second).toMatchObject({ status: 200, body: { isNewUser: false } });
    const rest = await welcomesTo(restEmail);
    expect({ rows: rest.rows, received: rest.received.length }).toEqual({ rows: 1, received: 1 });
    expect(rest.received[0]!.text).toStartWith("Hi Naledi Dlamini,");
    expect(rest.received[0]!.text).toContain(`${PUBLIC_URL}/profile-completion`);

    const gqlEmail = uniqueEmail("lwazi");
    const made = await graphql(server.url, GOOGLE, { input: { credential: await googleToken("welcome-sub-2", gqlEmail, "Lwazi Khumalo") } });
    expect(made.body.data?.signInWithGoogle.isNewUser).toBe(true);
    const again = await graphql(server.url, GOOGLE, { input: { credential: await googleToken("welcome-sub-2", gqlEmail, "Lwazi Khumalo") } });
    expect(again.body.data?.signInWithGoogle.isNewUser).toBe(false);
    const gql = await welcomesTo(gqlEmail);
    expect({ rows: gql.rows, received: gql.received.length }).toEqual({ rows: 1, received: 1 });
    expect(gql.received[0]!.text).toStartWith("Hi Lwazi Khumalo,");
  });

  test("Google sign-in that links an existing email account: no second welcome", async () => {
    const email = uniqueEmail("linked");
    expect((await post("/api/auth/signup", { name: "Zanele Mthembu", email, password: "secret123" })).status).toBe(201);
    const linked = await post("/api/auth/google", { credential: await googleToken("welcome-sub-3", email) });
    expect(linked).toMatchObject({ status: 200, body: { isNewUser: false } });
    const { rows, received } = await welcomesTo(email);
    expect({ rows, received: received.length }).toEqual({ rows: 1, received: 1 });
    expect(received[0]!.text).toStartWith("Hi Zanele Mthembu,");
  });
});
