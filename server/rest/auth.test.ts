// Customer accounts over real HTTP (REST shims and GraphQL) against the real server and database:
// sign-up, sign-in, me, sign-out, every bad input (4xx, clear message, nothing stored), tokens of
// other audiences, expired and tampered tokens, and the sign-in rate limit.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT, decodeJwt } from "jose";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { type Answer, send } from "../testing/http";
import { limitSignIn } from "../services/rate-limit";
import { createSession } from "../services/sessions";

const SECRET = new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-signing");

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own client address (X-Forwarded-For), so the
  // per-address sign-in limit of one test never spills into another.
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await server?.close();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

async function call(
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; contentType?: string; token?: string; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": options.from ?? newAddress() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return send(`${server.url}${path}`, method, headers, options);
}

const post = (path: string, body?: unknown, options: { token?: string; from?: string } = {}) => call("POST", path, { body, ...options });
const getMe = (token?: string) => call("GET", "/api/auth/me", { token });

const db = () => server.services.db;
const userCount = () => db().user.count();

const USER_KEYS = [
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
].sort();
const GQL_USER =
  "id name email phone profileCompleted profilePicture dateOfBirth address city postalCode nationality idType idNumber driversLicenseNumber driversLicenseImage driversLicenseExpiryDate createdAt";

let emails = 0;
const newEmail = (prefix = "user") => `${prefix}-${++emails}@example.com`;

async function signUpRest(fields: Record<string, unknown> = {}) {
  const answer = await post("/api/auth/signup", { name: "Thandi Nkosi", email: newEmail(), phone: "0821234567", password: "secret1", ...fields });
  expect(answer.status).toBe(201);
  return answer.body as { token: string; user: Record<string, unknown> & { id: string; email: string } };
}

describe("POST /api/auth/signup", () => {
  test("a name sent with line breaks is stored on one line (the driver's job card, the emails and the CLI's tables show it)", async () => {
    const { user } = await signUpRest({ name: "Thandi\r\nNkosi" });
    expect(user.name).toBe("Thandi Nkosi");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Thandi Nkosi");
  });

  test("201 with a token and the user; email normalised; password stored as argon2id", async () => {
    const before = Date.now();
    const answer = await post("/api/auth/signup", {
      name: "  Thandi Nkosi ",
      email: "  Thandi.Nkosi@Example.COM ",
      phone: "082 123 4567",
      password: "secret1",
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const { token, user } = answer.body;
    expect(typeof token).toBe("string");
    expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(user).toMatchObject({
      name: "Thandi Nkosi",
      email: "thandi.nkosi@example.com",
      phone: "082 123 4567",
      profileCompleted: false,
      profilePicture: null,
      idType: null,
    });
    expect(new Date(user.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await db().user.findUniqueOrThrow({ where: { email: "thandi.nkosi@example.com" } });
    expect(row.passwordHash).toStartWith("$argon2id$");
    expect(row.googleId).toBeNull();
    // The token is a customer token for this user, naming a session row.
    const claims = decodeJwt(token);
    expect(claims.aud).toBe("capedrive:customer");
    expect(claims.sub).toBe(row.id);
    expect(await db().session.count({ where: { sid: String(claims.sid), subjectId: row.id, audience: "customer" } })).toBe(1);
    expect(typeof claims.exp).toBe("number");
    // The token works at once.
    const me = await getMe(token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(user);
  });

  test("phone is optional", async () => {
    const { user } = await signUpRest({ phone: undefined });
    expect(user.phone).toBeNull();
  });

  test("a duplicate email in another case: 409 with the clear message and no second row", async () => {
    const { user } = await signUpRest({ email: "Dup.Case@example.com" });
    const before = await userCount();
    const answer = await post("/api/auth/signup", { name: "Someone Else", email: "  DUP.case@EXAMPLE.com", password: "another1" });
    expect(answer.status).toBe(409);
    // Named on the email field, so the sign-up form marks the field and not only a passing toast.
    expect(answer.body).toEqual({
      message: "An account with this email already exists",
      code: "CONFLICT",
      fieldErrors: { email: "An account with this email already exists" },
    });
    expect(await userCount()).toBe(before);
    expect((await db().user.findUniqueOrThrow({ where: { email: "dup.case@example.com" } })).id).toBe(user.id);
  });

  test("a password shorter than 6 characters: 400 with the spec's message, nothing stored", async () => {
    const before = await userCount();
    const answer = await post("/api/auth/signup", { name: "Short", email: "short-pw@example.com", password: "12345" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Password must be at least 6 characters");
    expect(answer.body.code).toBe("BAD_USER_INPUT");
    expect(answer.body.fieldErrors).toEqual({ password: "Password must be at least 6 characters" });
    expect(await userCount()).toBe(before);
    expect(await db().user.findUnique({ where: { email: "short-pw@example.com" } })).toBeNull();
  });

  test.each([
    ["missing name", { email: "a@example.com", password: "secret1" }, "name", "Name is required"],
    ["blank name", { name: "   ", email: "a@example.com", password: "secret1" }, "name", "Name is required"],
    ["missing email", { name: "A", password: "secret1" }, "email", "Email is required"],
    ["malformed email", { name: "A", email: "not-an-email", password: "secret1" }, "email", "Please enter a valid email address"],
    ["missing password", { name: "A", email: "a@example.com" }, "password", "Password must be at least 6 characters"],
    ["a number for the email", { name: "A", email: 12345, password: "secret1" }, "email", "Email is required"],
    ["an object for the name", { name: { first: "A" }, email: "a@example.com", password: "secret1" }, "name", "Name is required"],
    ["a number for the password", { name: "A", email: "a@example.com", password: 12345678 }, "password", "Password must be at least 6 characters"],
    ["a number for the phone", { name: "A", email: "a@example.com", phone: 821234567, password: "secret1" }, "phone", undefined],
    // A mobile number a driver can call: not words, not a fragment.
    ["words for the phone", { name: "A", email: "a@example.com", phone: "call me maybe", password: "secret1" }, "phone", "Please enter a valid mobile number"],
    ["too few digits", { name: "A", email: "a@example.com", phone: "12345", password: "secret1" }, "phone", "Please enter a valid mobile number"],
  ])("%s: 400 naming the field, nothing stored", async (_label, body, field, message) => {
    const before = await userCount();
    const answer = await post("/api/auth/signup", body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("BAD_USER_INPUT");
    expect(typeof answer.body.fieldErrors[field]).toBe("string");
    if (message) expect(answer.body.fieldErrors[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  test.each([
    ["malformed JSON", '{"name": "A",', "application/json", 400, "BAD_USER_INPUT"],
    // Not JSON at all: 415, saying what to send (app.ts).
    ["plain text", "name=A&email=a@example.com", "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["a JSON array", "[1, 2, 3]", "application/json", 400, "BAD_USER_INPUT"],
    ["a JSON string", '"hello"', "application/json", 400, "BAD_USER_INPUT"],
    ["an empty body", "", "application/json", 400, "BAD_USER_INPUT"],
  ] as const)("%s as the body: %d (never 500), nothing stored", async (_label, raw, contentType, status, code) => {
    const before = await userCount();
    const answer = await call("POST", "/api/auth/signup", { raw, contentType });
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(typeof answer.body.message).toBe("string");
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat \S+:\d+:\d+/); // no stack trace
    expect(await userCount()).toBe(before);
  });
});

describe("POST /api/auth/signin", () => {
  test("the right password: 200 with a new token and the user, whatever the email's case", async () => {
    const { user, token: signUpToken } = await signUpRest({ email: "Sign.In@example.com" });
    const answer = await post("/api/auth/signin", { email: " SIGN.IN@Example.com ", password: "secret1" });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual(user);
    expect(answer.body.token).not.toBe(signUpToken);
    expect((await getMe(answer.body.token)).body.id).toBe(user.id);
  });

  test("wrong password, unknown email, Google-only account: the same 401", async () => {
    const { user } = await signUpRest({ email: "wrong-pw@example.com" });
    await db().user.create({ data: { name: "Google Person", email: "only-google@example.com", googleId: "sub-only-google" } });
    for (const body of [
      { email: user.email, password: "secret2" },
      { email: "no-such-account@example.com", password: "secret1" },
      { email: "only-google@example.com", password: "secret1" },
    ]) {
      const answer = await post("/api/auth/signin", body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid email or password", code: "UNAUTHENTICATED" });
    }
  });

  test.each([
    ["missing email", { password: "secret1" }, "Email is required"],
    ["missing password", { email: "a@example.com" }, "Password is required"],
    ["empty password", { email: "a@example.com", password: "" }, "Password is required"],
    ["a number for the email", { email: 5, password: "secret1" }, "Email is required"],
    ["an array for the password", { email: "a@example.com", password: ["secret1"] }, "Password is required"],
  ])("%s: 400 with the message", async (_label, body, message) => {
    const sessions = await db().session.count();
    const answer = await post("/api/auth/signin", body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await db().session.count()).toBe(sessions);
  });

  test("malformed JSON: 400", async () => {
    const answer = await call("POST", "/api/auth/signin", { raw: "{oops" });
    expect(answer.status).toBe(400);
  });

  test("the 11th wrong sign-in for one email in the window is 429, and then the right password is refused too", async () => {
    const { user } = await signUpRest({ email: "guessed@example.com" });
    // From several addresses, as a distributed guesser would: the per-email limit still holds.
    for (let i = 0; i < 10; i++) {
      const answer = await post("/api/auth/signin", { email: user.email, password: `guess-${i}` });
      expect(answer.status).toBe(401);
    }
    const eleventh = await post("/api/auth/signin", { email: user.email, password: "guess-10" });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ message: "Too many attempts. Please wait a few minutes and try again.", code: "TOO_MANY_REQUESTS" });
    // It says when to try again: the seconds left of the 15-minute window.
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(15 * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // GraphQL's sign-in says the same, in the same header.
    const viaGraphql = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newAddress() },
      body: JSON.stringify({
        query: `mutation($i: SignInInput!) { signIn(input: $i) { token } }`,
        variables: { i: { email: user.email, password: "guess-11" } },
      }),
    });
    const graphqlBody = (await viaGraphql.json()) as { errors?: { extensions?: { code?: string; http?: unknown } }[] };
    expect(graphqlBody.errors?.[0]?.extensions?.code).toBe("TOO_MANY_REQUESTS");
    expect(graphqlBody.errors?.[0]?.extensions?.http).toBeUndefined();
    expect(Number(viaGraphql.headers.get("retry-after"))).toBeGreaterThan(15 * 60 - 60);
    const right = await post("/api/auth/signin", { email: "GUESSED@example.com", password: "secret1" });
    expect(right.status).toBe(429);
    // Other accounts are not affected.
    const other = await signUpRest();
    expect((await post("/api/auth/signin", { email: other.user.email, password: "secret1" })).status).toBe(200);
    // Once the window has passed, the owner gets in.
    await db().rateLimit.updateMany({ data: { windowEnd: new Date(Date.now() - 1000) } });
    expect((await post("/api/auth/signin", { email: user.email, password: "secret1" })).status).toBe(200);
  });

  test("one address is limited to 50 attempts per window across all emails; a correct sign-in does not reset it", async () => {
    const from = newAddress();
    const { user } = await signUpRest({ email: "from-one-address@example.com" });
    // 47 attempts counted straight through the service (each HTTP one costs an argon2id check),
    // then two more over HTTP: the counter is the one the HTTP route keeps for this address.
    for (let i = 0; i < 47; i++) await limitSignIn(server.services, `spray-${i}@example.com`, from);
    for (let i = 47; i < 49; i++) expect((await post("/api/auth/signin", { email: `spray-${i}@example.com`, password: "secret1" }, { from })).status).toBe(401);
    expect((await post("/api/auth/signin", { email: user.email, password: "secret1" }, { from })).status).toBe(200);
    const limited = await post("/api/auth/signin", { email: user.email, password: "secret1" }, { from });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many attempts. Please wait a few minutes and try again.");
    // From another address the same account is fine.
    expect((await post("/api/auth/signin", { email: user.email, password: "secret1" })).status).toBe(200);
  }, 30_000);
});

describe("GET /api/auth/me and POST /api/auth/signout", () => {
  test("no token: 401", async () => {
    const answer = await getMe();
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("UNAUTHENTICATED");
  });

  test("sign-out answers {success:true}; the same token is 401 at once (REST and GraphQL); other sessions live on", async () => {
    const { token, user } = await signUpRest();
    const other = (await post("/api/auth/signin", { email: user.email, password: "secret1" })).body.token as string;
    const answer = await post("/api/auth/signout", undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(await db().session.count({ where: { sid: String(decodeJwt(token).sid) } })).toBe(0);
    const me = await getMe(token);
    expect(me.status).toBe(401);
    expect(me.body.code).toBe("UNAUTHENTICATED");
    const gqlMe = await graphql(server.url, "{ me { id } }", {}, { authorization: `Bearer ${token}` });
    expect(gqlMe.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(gqlMe.body.errors?.[0]?.message).toBe("Your session has expired. Please sign in again.");
    expect((await post("/api/auth/signout", undefined, { token })).status).toBe(401);
    expect((await getMe(other)).status).toBe(200);
  });

  test("sign-out without a token: 401", async () => {
    const answer = await post("/api/auth/signout");
    expect(answer.status).toBe(401);
  });

  test("tokens of the admin and dealership areas: 401 on /api/auth/me, null for GraphQL me", async () => {
    const admin = await db().adminUser.create({ data: { email: newEmail("admin"), passwordHash: "x", firstName: "Ada", lastName: "Admin" } });
    const dealership = await db().dealership.create({
      data: { dealershipCode: `D-${emails}`, companyName: "Cape Motors", contactEmail: newEmail("dealer"), contactPerson: "Dee", passwordHash: "x" },
    });
    for (const session of [await createSession(server.services, "admin", admin.id), await createSession(server.services, "dealership", dealership.id)]) {
      const answer = await getMe(session.token);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe("UNAUTHENTICATED");
      const gql = await graphql(server.url, "{ me { id } }", {}, { authorization: `Bearer ${session.token}` });
      expect(gql.body).toEqual({ data: { me: null } });
      expect((await post("/api/auth/signout", undefined, { token: session.token })).status).toBe(403);
    }
  });

  test("a token re-signed to another audience, or naming a customer session from an admin one: 401", async () => {
    const { token } = await signUpRest();
    const claims = decodeJwt(token);
    const asAdmin = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("capedrive")
      .setAudience("capedrive:admin")
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(SECRET);
    expect((await getMe(asAdmin)).status).toBe(401);
  });

  test("an expired token: 401 (JWT past its exp, or the session row past its expiry)", async () => {
    const { token } = await signUpRest();
    const claims = decodeJwt(token);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("capedrive")
      .setAudience("capedrive:customer")
      .setSubject(String(claims.sub))
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(SECRET);
    const answer = await getMe(expired);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe("Your session has expired. Please sign in again.");
    expect((await getMe(token)).status).toBe(200);
    await db().session.update({ where: { sid: String(claims.sid) }, data: { expire: new Date(Date.now() - 1000) } });
    expect((await getMe(token)).status).toBe(401);
  });

  test("a tampered token: 401 (signature flipped, payload changed, other secret, alg none)", async () => {
    const { token } = await signUpRest();
    const victim = await signUpRest();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const claims = decodeJwt(token);
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: victim.user.id })).toString("base64url");
    const otherSecret = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("capedrive")
      .setAudience("capedrive:customer")
      .setSubject(String(claims.sub))
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-that-is-long-enough-for-hs256"));
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    for (const bad of [
      `${header}.${payload}.${flip(signature, 5)}`,
      `${header}.${flip(payload, 10)}.${signature}`,
      `${header}.${otherPayload}.${signature}`,
      otherSecret,
      none,
      "not-a-jwt",
    ]) {
      const answer = await getMe(bad);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe("UNAUTHENTICATED");
    }
    expect((await getMe(token)).status).toBe(200);
  });
});

describe("GraphQL", () => {
  const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { token user { ${GQL_USER} } } }`;
  const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { token user { id email } } }`;
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, "x-forwarded-for": newAddress() });

  test("signUp refuses a phone that is no number in REST's words; nothing stored", async () => {
    const before = await userCount();
    const up = await graphql(server.url, SIGN_UP, { input: { name: "Gugu", email: newEmail("Phone"), phone: "call me maybe", password: "secret1" } });
    const error = up.body.errors?.[0] as { message: string; extensions: Record<string, unknown> } | undefined;
    expect([error?.message, error?.extensions]).toEqual([
      "Please enter a valid mobile number",
      { code: "BAD_USER_INPUT", fieldErrors: { phone: "Please enter a valid mobile number" } },
    ]);
    expect(await userCount()).toBe(before);
  });

  test("signUp -> me -> signOut -> the token is dead; signIn again", async () => {
    const email = newEmail("Gql");
    const up = await graphql(server.url, SIGN_UP, { input: { name: "Gugu", email: email.toUpperCase(), phone: null, password: "secret1" } });
    expect(up.body.errors).toBeUndefined();
    const { token, user } = up.body.data.signUp;
    expect(user).toMatchObject({ name: "Gugu", email: email.toLowerCase(), phone: null, profileCompleted: false, idType: null });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toStartWith("$argon2id$");

    const me = await graphql(server.url, `{ me { ${GQL_USER} } }`, {}, auth(token));
    expect(me.body).toEqual({ data: { me: user } });
    // The REST user and the GraphQL user are the same object.
    expect((await getMe(token)).body).toEqual(user);

    const out = await graphql(server.url, "mutation { signOut }", {}, auth(token));
    expect(out.body).toEqual({ data: { signOut: true } });
    expect((await graphql(server.url, "{ me { id } }", {}, auth(token))).body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    // Signing in again works even while the browser still sends the dead token.
    const signIn = await graphql(server.url, SIGN_IN, { input: { email, password: "secret1" } }, { ...auth(token), "x-forwarded-for": newAddress() });
    expect(signIn.body.data.signIn.user.id).toBe(user.id);
    expect((await graphql(server.url, "{ me { id } }", {}, auth(signIn.body.data.signIn.token))).body.data.me.id).toBe(user.id);
  });

  test("me without a token is null; signOut without one is UNAUTHENTICATED", async () => {
    expect((await graphql(server.url, "{ me { id } }")).body).toEqual({ data: { me: null } });
    const out = await graphql(server.url, "mutation { signOut }");
    expect(out.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  test("publicConfig without Google configured: googleClientId null", async () => {
    expect((await graphql(server.url, "{ publicConfig { googleClientId } }")).body).toEqual({ data: { publicConfig: { googleClientId: null } } });
  });

  test("duplicate email: CONFLICT with the message, no second row", async () => {
    const { user } = await signUpRest();
    const before = await userCount();
    const answer = await graphql(server.url, SIGN_UP, { input: { name: "Again", email: ` ${user.email.toUpperCase()} `, password: "secret1" } });
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors?.[0]).toMatchObject({
      message: "An account with this email already exists",
      extensions: { code: "CONFLICT", fieldErrors: { email: "An account with this email already exists" } },
    });
    expect(await userCount()).toBe(before);
  });

  test("short password and blank name: BAD_USER_INPUT with field errors, nothing stored", async () => {
    const before = await userCount();
    const short = await graphql(server.url, SIGN_UP, { input: { name: "Short", email: newEmail(), password: "12345" } });
    expect(short.body.errors?.[0]).toMatchObject({
      message: "Password must be at least 6 characters",
      extensions: { code: "BAD_USER_INPUT", fieldErrors: { password: "Password must be at least 6 characters" } },
    });
    const blank = await graphql(server.url, SIGN_UP, { input: { name: " ", email: newEmail(), password: "secret1" } });
    expect(blank.body.errors?.[0]).toMatchObject({ message: "Name is required", extensions: { code: "BAD_USER_INPUT" } });
    expect(await userCount()).toBe(before);
  });

  test("wrong types and missing fields are refused before any resolver runs, nothing stored", async () => {
    const before = await userCount();
    for (const input of [
      { name: "A", email: 12345, password: "secret1" },
      { name: "A", password: "secret1" },
      { name: "A", email: "a@example.com", password: null },
    ]) {
      const answer = await graphql(server.url, SIGN_UP, { input });
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.data ?? null).toBeNull();
      expect(answer.body.errors?.length).toBeGreaterThan(0);
    }
    expect(await userCount()).toBe(before);
  });

  test("signIn with a wrong password: UNAUTHENTICATED with the message", async () => {
    const { user } = await signUpRest();
    const answer = await graphql(server.url, SIGN_IN, { input: { email: user.email, password: "wrong-one" } }, { "x-forwarded-for": newAddress() });
    expect(answer.body.errors?.[0]).toMatchObject({ message: "Invalid email or password", extensions: { code: "UNAUTHENTICATED" } });
  });

  test("signIn is rate limited like REST (shared counters)", async () => {
    const { user } = await signUpRest();
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/signin", { email: user.email, password: `x-${i}-wrong` })).status).toBe(401);
    for (let i = 0; i < 5; i++) {
      const answer = await graphql(server.url, SIGN_IN, { input: { email: user.email, password: `y-${i}-wrong` } }, { "x-forwarded-for": newAddress() });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
    const limited = await graphql(server.url, SIGN_IN, { input: { email: user.email, password: "secret1" } }, { "x-forwarded-for": newAddress() });
    expect(limited.body.errors?.[0]).toMatchObject({
      message: "Too many attempts. Please wait a few minutes and try again.",
      extensions: { code: "TOO_MANY_REQUESTS" },
    });
  });

  test("the User type never exposes secrets", async () => {
    for (const field of ["passwordHash", "googleId", "passwordResetToken", "passwordResetExpires"]) {
      const answer = await graphql(server.url, `{ me { ${field} } }`);
      expect(answer.body.errors?.[0]?.message).toContain(field);
    }
  });
});
