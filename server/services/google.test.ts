// Google sign-in over real HTTP against a JWKS server on loopback with the test's own RSA keys:
// a valid token creates (then finds) the account, a verified email links an existing one, and a
// token with the wrong audience, issuer, expiry or signature is a 401 that creates nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

const CLIENT_ID = "capedrive-test.apps.googleusercontent.com";
const KID = "test-key-1";
const FAILED = { message: "Google sign-in failed. Please try again.", code: "UNAUTHENTICATED" };

let jwks: ReturnType<typeof Bun.serve>;
let jwksRequests = 0;
let server: TestServer;
let googleKey: CryptoKey;
let impostorKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  googleKey = pair.privateKey;
  impostorKey = (await generateKeyPair("RS256", { extractable: true })).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  jwks = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      if (new URL(request.url).pathname !== "/oauth2/v3/certs") return new Response("not found", { status: 404 });
      jwksRequests++;
      return Response.json({ keys: [jwk] });
    },
  });
  server = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${jwks.port}/oauth2/v3/certs` });
});
afterAll(async () => {
  await server?.close();
  jwks?.stop(true);
});

let subjects = 0;
type TokenOptions = {
  sub?: string;
  email?: string | null;
  emailVerified?: boolean | string;
  name?: string | null;
  iss?: string;
  aud?: string;
  expiresIn?: number;
  key?: CryptoKey;
  kid?: string;
};

/** An ID token as Google issues it (RS256, kid), with any part overridden. */
async function googleToken(options: TokenOptions = {}): Promise<string> {
  const sub = options.sub ?? `1000${++subjects}`;
  const claims: Record<string, unknown> = { azp: CLIENT_ID, email_verified: options.emailVerified ?? true };
  if (options.email !== null) claims.email = options.email ?? `google-${sub}@gmail.com`;
  if (options.name !== null) claims.name = options.name ?? "Naledi Dlamini";
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? KID, typ: "JWT" })
    .setIssuer(options.iss ?? "https://accounts.google.com")
    .setAudience(options.aud ?? CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(options.key ?? googleKey);
}

async function postGoogle(base: string, body: unknown) {
  const response = await fetch(`${base}/api/auth/google`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}
const google = (body: unknown) => postGoogle(server.url, body);
const users = () => server.services.db.user.count();

describe("POST /api/auth/google", () => {
  test("a valid token creates the account (isNewUser true); the next sign-in finds it (isNewUser false)", async () => {
    const before = await users();
    const first = await google({ token: await googleToken({ sub: "sub-new", email: "Naledi@Gmail.com" }) });
    expect(first.status).toBe(200);
    expect(first.body.isNewUser).toBe(true);
    expect(first.body.user).toMatchObject({ name: "Naledi Dlamini", email: "naledi@gmail.com", profileCompleted: false, phone: null });
    expect(first.body.user.googleId).toBeUndefined();
    const row = await server.services.db.user.findUniqueOrThrow({ where: { id: first.body.user.id } });
    expect(row.googleId).toBe("sub-new");
    expect(row.passwordHash).toBeNull();

    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${first.body.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(row.id);

    const second = await google({ token: await googleToken({ sub: "sub-new", email: "naledi@gmail.com", name: "Another Name" }) });
    expect(second.status).toBe(200);
    expect(second.body.isNewUser).toBe(false);
    expect(second.body.user.id).toBe(row.id);
    expect(second.body.user.name).toBe("Naledi Dlamini");
    expect(second.body.token).not.toBe(first.body.token);
    expect(await users()).toBe(before + 1);
    // The key set was fetched once and then served from jose's cache.
    expect(jwksRequests).toBe(1);
  });

  test("without a name in the token the account is named after the email; `credential` is accepted as well as `token`", async () => {
    const answer = await google({ credential: await googleToken({ email: "sipho.m@gmail.com", name: null }) });
    expect(answer.status).toBe(200);
    expect(answer.body.user.name).toBe("sipho.m");
  });

  test("the issuer may be written without https://", async () => {
    const answer = await google({ token: await googleToken({ iss: "accounts.google.com" }) });
    expect(answer.status).toBe(200);
  });

  test("a verified email of an existing password account links it: same user, googleId set, password still works", async () => {
    const signUp = await fetch(`${server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ayesha Patel", email: "ayesha@example.com", password: "secret1" }),
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    const before = await users();
    const answer = await google({ token: await googleToken({ sub: "sub-ayesha", email: "AYESHA@example.com", name: "Ayesha P" }) });
    expect(answer.status).toBe(200);
    expect(answer.body.isNewUser).toBe(false);
    expect(answer.body.user.id).toBe(user.id);
    expect(answer.body.user.name).toBe("Ayesha Patel");
    expect(await users()).toBe(before);
    const row = await server.services.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.googleId).toBe("sub-ayesha");
    expect(row.passwordHash).toStartWith("$argon2id$");
    const signIn = await fetch(`${server.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ayesha@example.com", password: "secret1" }),
    });
    expect(signIn.status).toBe(200);
    // And the next Google sign-in finds it by googleId.
    expect((await google({ token: await googleToken({ sub: "sub-ayesha", email: "ayesha@example.com" }) })).body.user.id).toBe(user.id);
  });

  test("an unverified email never links to an existing account: 409, nothing changed", async () => {
    const existing = await server.services.db.user.create({ data: { name: "Pieter", email: "pieter@example.com", passwordHash: "$argon2id$x" } });
    const before = await users();
    const answer = await google({ token: await googleToken({ sub: "sub-pieter", email: "pieter@example.com", emailVerified: false }) });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("CONFLICT");
    expect(answer.body.message).toBe("An account with this email already exists. Please sign in with your email and password.");
    expect((await server.services.db.user.findUniqueOrThrow({ where: { id: existing.id } })).googleId).toBeNull();
    expect(await users()).toBe(before);
  });

  test("an email already linked to another Google account: 409, nothing changed", async () => {
    await google({ token: await googleToken({ sub: "sub-owner", email: "shared@gmail.com" }) });
    const before = await users();
    const answer = await google({ token: await googleToken({ sub: "sub-other", email: "shared@gmail.com" }) });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("This email is already linked to a different Google account.");
    expect(await users()).toBe(before);
    expect((await server.services.db.user.findUniqueOrThrow({ where: { email: "shared@gmail.com" } })).googleId).toBe("sub-owner");
  });

  test("the same new Google account signing in twice at once: one account", async () => {
    const token = await googleToken({ sub: "sub-twice", email: "twice@gmail.com" });
    const answers = await Promise.all([google({ token }), google({ token }), google({ token })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.user.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.isNewUser)).toHaveLength(1);
    expect(await server.services.db.user.count({ where: { googleId: "sub-twice" } })).toBe(1);
  });

  const bad: [string, () => Promise<string>][] = [
    ["another audience", () => googleToken({ email: "aud@gmail.com", aud: "someone-else.apps.googleusercontent.com" })],
    ["an expired token", () => googleToken({ email: "expired@gmail.com", expiresIn: -3600 })],
    ["a bad signature (another key with the same kid)", () => googleToken({ email: "forged@gmail.com", key: impostorKey })],
    ["another issuer", () => googleToken({ email: "iss@gmail.com", iss: "https://evil.example.com" })],
    ["an unknown key id", () => googleToken({ email: "kid@gmail.com", kid: "no-such-key" })],
    ["no email in the token", () => googleToken({ email: null })],
    [
      "an HS256 token",
      () =>
        new SignJWT({ email: "hs@gmail.com", email_verified: true })
          .setProtectedHeader({ alg: "HS256", kid: KID })
          .setIssuer("https://accounts.google.com")
          .setAudience(CLIENT_ID)
          .setSubject("hs")
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode(CLIENT_ID.padEnd(32, "x"))),
    ],
    ["not a JWT", async () => "definitely-not-a-jwt"],
  ];
  test.each(bad)("%s: 401 with the clear message, no account created", async (_label, make) => {
    const before = await users();
    const answer = await google({ token: await make() });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(FAILED);
    expect(await users()).toBe(before);
  });

  test.each([
    ["no token", {}],
    ["an empty token", { token: "" }],
    ["a number as the token", { token: 12345 }],
  ])("%s: 400 Google credential is required", async (_label, body) => {
    const answer = await google(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Google credential is required");
  });
});

describe("GraphQL signInWithGoogle and publicConfig", () => {
  const MUTATION = "mutation ($input: GoogleSignInInput!) { signInWithGoogle(input: $input) { token isNewUser user { id email name profileCompleted } } }";

  test("publicConfig gives the client id the web app needs", async () => {
    expect((await graphql(server.url, "{ publicConfig { googleClientId } }")).body).toEqual({ data: { publicConfig: { googleClientId: CLIENT_ID } } });
  });

  test("creates, then finds; the token opens me", async () => {
    const credential = await googleToken({ sub: "sub-gql", email: "gql@gmail.com", name: "Zanele" });
    const first = await graphql(server.url, MUTATION, { input: { credential } });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.signInWithGoogle).toMatchObject({ isNewUser: true, user: { email: "gql@gmail.com", name: "Zanele", profileCompleted: false } });
    const me = await graphql(server.url, "{ me { id } }", {}, { authorization: `Bearer ${first.body.data.signInWithGoogle.token}` });
    expect(me.body.data.me.id).toBe(first.body.data.signInWithGoogle.user.id);
    const second = await graphql(server.url, MUTATION, { input: { credential: await googleToken({ sub: "sub-gql", email: "gql@gmail.com" }) } });
    expect(second.body.data.signInWithGoogle.isNewUser).toBe(false);
  });

  test("a bad token: UNAUTHENTICATED with the message, nothing created", async () => {
    const before = await users();
    const answer = await graphql(server.url, MUTATION, { input: { credential: await googleToken({ aud: "other" }) } });
    expect(answer.body.errors?.[0]).toMatchObject({ message: FAILED.message, extensions: { code: "UNAUTHENTICATED" } });
    expect(await users()).toBe(before);
  });
});

describe("without GOOGLE_CLIENT_ID, or with the key server down", () => {
  test("not configured: 400 'Google sign-in is not configured' (REST and GraphQL); publicConfig null", async () => {
    const plain = await startTestServer();
    try {
      const answer = await postGoogle(plain.url, { token: await googleToken() });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: "Google sign-in is not configured", code: "BAD_USER_INPUT" });
      const gql = await graphql(plain.url, 'mutation { signInWithGoogle(input: { credential: "x" }) { token } }');
      expect(gql.body.errors?.[0]).toMatchObject({ message: "Google sign-in is not configured", extensions: { code: "BAD_USER_INPUT" } });
      expect((await graphql(plain.url, "{ publicConfig { googleClientId } }")).body.data.publicConfig.googleClientId).toBeNull();
      expect(await plain.services.db.user.count()).toBe(0);
    } finally {
      await plain.close();
    }
  });

  test("the key server unreachable: 401 with the same message, never 500", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const url = `http://127.0.0.1:${closed.port}/certs`;
    closed.stop(true);
    const offline = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: url });
    try {
      const answer = await postGoogle(offline.url, { token: await googleToken() });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(FAILED);
      expect(await offline.services.db.user.count()).toBe(0);
    } finally {
      await offline.close();
    }
  });
});
