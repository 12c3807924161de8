// "Choose your own password": every path where someone else sets a staff account's password (an
// operator's rentals-cli, an admin in the back office) marks it, the sign-in answers and the
// areas' "me" (REST and GraphQL) say so, and the owner's own change clears it. Real HTTP on
// loopback; the operator paths are the services rentals-cli calls, run on the server host.
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { OperatorActor } from "../services/audit";
import { adminSignUp } from "../services/admin-auth";
import { onboardDealership, resetDealershipPassword } from "../services/dealership-auth";
import { createDriver, resetDriverPassword } from "../services/drivers";
import { createAdmin } from "../services/operators";
import { caller, newAdmin } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

// argon2id hashing on a loaded machine.
setDefaultTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", ADMIN_SIGNUP_CODE: "invite-code-1" });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.services.db.rateLimit.deleteMany();
});

const call = caller(() => server.url);
const services = () => server.services;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const operator: OperatorActor = { kind: "operator", name: "ops@host" };
let n = 0;
const unique = () => `${++n}${crypto.randomUUID().slice(0, 6)}`;

/** One area: how it signs in and asks who it is over REST and GraphQL, and how its own change is made. */
type Area = {
  name: "admin" | "dealership" | "driver";
  prefix: string;
  /** The sign-in mutation's name and input type, and the "me" query's name. */
  gql: { signIn: string; input: string; payloadField: string; me: string };
};
const AREAS: Record<Area["name"], Area> = {
  admin: { name: "admin", prefix: "/api/admin", gql: { signIn: "adminSignIn", input: "AdminSignInInput", payloadField: "admin", me: "adminMe" } },
  dealership: {
    name: "dealership",
    prefix: "/api/dealership",
    gql: { signIn: "dealershipSignIn", input: "DealershipSignInInput", payloadField: "dealership", me: "dealershipMe" },
  },
  driver: { name: "driver", prefix: "/api/driver", gql: { signIn: "driverSignIn", input: "DriverSignInInput", payloadField: "driver", me: "driverMe" } },
};

type Login = { area: Area; body: Record<string, string>; password: string };

/** What each of the four answers says: REST sign-in, GraphQL sign-in, REST me, GraphQL me. */
async function flagsSeenBy(login: Login): Promise<{ token: string; flags: boolean[] }> {
  const { area, body } = login;
  const rest = await call("POST", `${area.prefix}/signin`, { body });
  expect(rest.status).toBe(200);
  const gql = await graphql(
    server.url,
    `mutation ($input: ${area.gql.input}!) { ${area.gql.signIn}(input: $input) { token ${area.gql.payloadField} { passwordChangeRequired } } }`,
    { input: body },
  );
  expect(gql.body.errors).toBeUndefined();
  const token = rest.body.token as string;
  const me = await call("GET", `${area.prefix}/me`, { auth: bearer(token) });
  expect(me.status).toBe(200);
  const gqlMe = await graphql(server.url, `{ ${area.gql.me} { passwordChangeRequired } }`, undefined, bearer(token));
  return {
    token,
    flags: [
      rest.body[area.gql.payloadField].passwordChangeRequired,
      gql.body.data[area.gql.signIn][area.gql.payloadField].passwordChangeRequired,
      me.body.passwordChangeRequired,
      gqlMe.body.data[area.gql.me].passwordChangeRequired,
    ],
  };
}

/** The owner changes the password over REST; afterwards every answer says false, and a new sign-in too. */
async function expectClearedByOwnChange(login: Login) {
  const { token, flags } = await flagsSeenBy(login);
  expect(flags).toEqual([true, true, true, true]);
  const fresh = `own-choice-${unique()}`;
  // A refused change (wrong current password) leaves it set.
  const wrong = await call("POST", `${login.area.prefix}/change-password`, {
    body: { currentPassword: "not-it-at-all", newPassword: fresh },
    auth: bearer(token),
  });
  expect(wrong.status).toBe(400);
  expect((await call("GET", `${login.area.prefix}/me`, { auth: bearer(token) })).body.passwordChangeRequired).toBe(true);
  const changed = await call("POST", `${login.area.prefix}/change-password`, {
    body: { currentPassword: login.password, newPassword: fresh },
    auth: bearer(token),
  });
  expect(changed).toMatchObject({ status: 200, body: { success: true } });
  // The session that changed it stays and no longer sees the flag.
  expect((await call("GET", `${login.area.prefix}/me`, { auth: bearer(token) })).body.passwordChangeRequired).toBe(false);
  const after = await flagsSeenBy({ ...login, body: { ...login.body, password: fresh }, password: fresh });
  expect(after.flags).toEqual([false, false, false, false]);
  return fresh;
}

describe("dealerships (rentals-cli dealership onboard / reset-password)", () => {
  test("onboarded with a generated password: asked; its own change clears it; an operator's reset sets it again", async () => {
    const code = `PW${unique()}`.toUpperCase();
    const onboarded = await onboardDealership(services(), operator, {
      dealershipCode: code,
      companyName: "Flag Motors",
      contactPerson: "Sam",
      contactEmail: `${code.toLowerCase()}@motors.example`,
    });
    expect(onboarded.dealership.passwordChangeRequired).toBe(true);
    await expectClearedByOwnChange({ area: AREAS.dealership, body: { dealershipCode: code, password: onboarded.password }, password: onboarded.password });

    const reset = await resetDealershipPassword(services(), operator, code, "operator-chosen-1");
    expect(reset.dealership.passwordChangeRequired).toBe(true);
    await expectClearedByOwnChange({ area: AREAS.dealership, body: { dealershipCode: code, password: "operator-chosen-1" }, password: "operator-chosen-1" });
  });

  test("onboarded with the operator's password from stdin: asked too", async () => {
    const code = `PS${unique()}`.toUpperCase();
    await onboardDealership(
      services(),
      operator,
      { dealershipCode: code, companyName: "Piped Motors", contactPerson: "Lee", contactEmail: `${code.toLowerCase()}@m.example` },
      "piped-password-1",
    );
    const { flags } = await flagsSeenBy({ area: AREAS.dealership, body: { dealershipCode: code, password: "piped-password-1" }, password: "piped-password-1" });
    expect(flags).toEqual([true, true, true, true]);
  });
});

describe("drivers", () => {
  test("rentals-cli driver create and reset-password: asked; the driver's own change clears it", async () => {
    const email = `cli-driver-${unique()}@capedrive.example`;
    const created = await createDriver(services(), operator, { name: "Sipho", email, phone: "082 555 0142" });
    expect(created.password).not.toBeNull();
    expect(created.driver.passwordChangeRequired).toBe(true);
    await expectClearedByOwnChange({ area: AREAS.driver, body: { email, password: created.password! }, password: created.password! });

    const reset = await resetDriverPassword(services(), operator, email, "operator-chosen-2");
    expect(reset.driver.passwordChangeRequired).toBe(true);
    await expectClearedByOwnChange({ area: AREAS.driver, body: { email, password: "operator-chosen-2" }, password: "operator-chosen-2" });
  });

  test("an admin in the back office (adminCreateDriver with a chosen password, adminResetDriverPassword): asked; the list shows it", async () => {
    const admin = await newAdmin(services());
    const email = `office-driver-${unique()}@capedrive.example`;
    const created = await graphql(
      server.url,
      `mutation ($input: CreateDriverInput!) { adminCreateDriver(input: $input) { password driver { id passwordChangeRequired } } }`,
      { input: { name: "Lerato", email, phone: "082 555 0143", password: "admin-chosen-1" } },
      admin.auth,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.adminCreateDriver).toMatchObject({ password: null, driver: { passwordChangeRequired: true } });
    await expectClearedByOwnChange({ area: AREAS.driver, body: { email, password: "admin-chosen-1" }, password: "admin-chosen-1" });

    const listed = await graphql(server.url, `{ adminDrivers { email passwordChangeRequired } }`, undefined, admin.auth);
    expect(listed.body.data.adminDrivers.find((d: { email: string }) => d.email === email)).toEqual({ email, passwordChangeRequired: false });

    const reset = await graphql(
      server.url,
      `mutation ($id: ID!) { adminResetDriverPassword(id: $id) { password driver { passwordChangeRequired } } }`,
      { id: created.body.data.adminCreateDriver.driver.id },
      admin.auth,
    );
    expect(reset.body.errors).toBeUndefined();
    const generated = reset.body.data.adminResetDriverPassword.password as string;
    expect(reset.body.data.adminResetDriverPassword.driver.passwordChangeRequired).toBe(true);
    await expectClearedByOwnChange({ area: AREAS.driver, body: { email, password: generated }, password: generated });
  });

  test("GET /api/driver/me: 401 without a token or with another area's", async () => {
    expect((await call("GET", "/api/driver/me")).status).toBe(401);
    const admin = await newAdmin(services());
    expect((await call("GET", "/api/driver/me", { auth: admin.auth })).status).toBe(401);
  });
});

describe("admins", () => {
  test("rentals-cli admin create: asked; the admin's own change clears it", async () => {
    const email = `cli-admin-${unique()}@capedrive.example`;
    const created = await createAdmin(services(), operator, { email, password: "typed-by-ops-1", firstName: "Ops", lastName: "Made" });
    expect(created.passwordChangeRequired).toBe(true);
    await expectClearedByOwnChange({ area: AREAS.admin, body: { email, password: "typed-by-ops-1" }, password: "typed-by-ops-1" });
  });

  test("an admin who signed up with their own password is not asked", async () => {
    const email = `own-admin-${unique()}@capedrive.example`;
    const viewer = { kind: "anonymous", clientAddress: "198.51.100.7" } as const;
    const signedUp = await adminSignUp(services(), viewer, {
      email,
      password: "chosen-by-me-1",
      firstName: "Own",
      lastName: "Choice",
      signupCode: "invite-code-1",
    });
    expect(signedUp.admin.passwordChangeRequired).toBe(false);
    const { flags } = await flagsSeenBy({ area: AREAS.admin, body: { email, password: "chosen-by-me-1" }, password: "chosen-by-me-1" });
    expect(flags).toEqual([false, false, false, false]);
  });
});
