// The dealership portal over real HTTP (REST shims and GraphQL) against the real server and
// database: sign-in (codes in any case, inactive accounts, rate limits), who may call the portal
// (customers, admins, signed-out tokens: never), the add/edit form's rules, unique registration
// numbers, photos, and ownership: dealership A can neither read, edit nor delete B's vehicles or
// leads (404, nothing changed).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { maxVehicleYear } from "#domain";
import { DEALERSHIP_INACTIVE, dealershipAddressKey, dealershipCodeKey, INVALID_DEALERSHIP_CREDENTIALS } from "../services/dealership-auth";
import { DEALERSHIP_VEHICLE_MESSAGES, MAX_VEHICLE_IMAGES } from "../services/dealership-vehicles";
import { createSession } from "../services/sessions";
import { TOO_MANY_ATTEMPTS } from "../services/rate-limit";
import { DEALERSHIPS_ONLY } from "../services/viewer";
import { createDealership, createVehicle, httpClient, type TestDealership } from "../testing/dealerships";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: each call speaks from its own address (X-Forwarded-For), so per-address limits
  // of one test never spill into another.
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await db().rateLimit.deleteMany();
});

const db = () => server.services.db;
const { call, newAddress } = httpClient(() => server.url);
const get = (path: string, token?: string) => call("GET", path, { token });
const post = (path: string, body?: unknown, token?: string, from?: string) => call("POST", path, { body, token, from });
const put = (path: string, body?: unknown, token?: string) => call("PUT", path, { body, token });
const del = (path: string, token?: string) => call("DELETE", path, { token });

type Signed = TestDealership & { token: string; auth: Record<string, string> };

async function signedIn(fields: Parameters<typeof createDealership>[1] = {}): Promise<Signed> {
  const dealership = await createDealership(db(), fields);
  const res = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: dealership.password });
  expect(res.status).toBe(200);
  return { ...dealership, token: res.body.token, auth: { authorization: `Bearer ${res.body.token}` } };
}

let emails = 0;
async function customerToken() {
  const res = await post("/api/auth/signup", {
    name: "Cara Customer",
    email: `cara${++emails}-${crypto.randomUUID().slice(0, 6)}@example.com`,
    phone: "0821234567",
    password: "customer-secret",
  });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

async function adminToken() {
  const admin = await db().adminUser.create({
    data: { email: `admin-${crypto.randomUUID()}@capedrive.test`, passwordHash: "x", firstName: "Ada", lastName: "Admin" },
  });
  return (await createSession(server.services, "admin", admin.id)).token;
}

let registrations = 0;
const newRegistration = () => `CA ${100000 + ++registrations}-${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
const validVehicle = (overrides: Record<string, unknown> = {}) => ({
  registrationNumber: newRegistration(),
  make: "Volkswagen",
  model: "Polo",
  year: 2021,
  category: "small",
  transmission: "manual",
  dailyRate: "450",
  ...overrides,
});

async function addVehicle(dealer: Signed, overrides: Record<string, unknown> = {}) {
  const res = await post("/api/dealership/vehicles", validVehicle(overrides), dealer.token);
  expect(res.status).toBe(201);
  return res.body;
}

/** A stored vehicle_photo upload of `dealer` (or a customer's photo of another purpose). */
async function uploadPhoto(token: string, purpose = "vehicle_photo", store = true) {
  const started = await post("/api/objects/upload", { purpose }, token);
  expect(started.status).toBe(200);
  const ticket = started.body as { uploadURL: string; objectPath: string };
  if (store) {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    const response = await fetch(new URL(ticket.uploadURL, server.url), { method: "PUT", body: bytes });
    expect(response.status).toBe(200);
  }
  return ticket;
}

const vehicleRow = (id: string) => db().vehicle.findUnique({ where: { id }, include: { images: { orderBy: { position: "asc" } } } });
const DEALERSHIP_VEHICLE_KEYS = [
  "id",
  "registrationNumber",
  "make",
  "model",
  "year",
  "category",
  "transmission",
  "status",
  "mileage",
  "dailyRate",
  "salesPrice",
  "soldAt",
  "images",
  "dealershipId",
  "createdAt",
  "updatedAt",
].sort();

// Sign-in ---------------------------------------------------------------------------------------

describe("dealership sign-in", () => {
  test("code and password -> a dealership token naming a session row, and the dealership (never its password)", async () => {
    const dealership = await createDealership(db(), { companyName: "Atlantic Motors", contactPerson: "Thandiwe Mokoena" });
    const res = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: dealership.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["dealership", "token"]);
    expect(res.body.dealership).toMatchObject({
      id: dealership.id,
      companyName: "Atlantic Motors",
      contactPerson: "Thandiwe Mokoena",
      dealershipCode: dealership.dealershipCode,
    });
    expect(JSON.stringify(res.body)).not.toContain("argon2");
    expect(JSON.stringify(res.body)).not.toContain("passwordHash");
    const sessions = await db().session.findMany({ where: { subjectId: dealership.id } });
    expect(sessions.map((s) => s.audience)).toEqual(["dealership"]);

    const me = await get("/api/dealership/me", res.body.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: dealership.id,
      companyName: "Atlantic Motors",
      contactPerson: "Thandiwe Mokoena",
      dealershipCode: dealership.dealershipCode,
    });
  });

  test("the code is compared trimmed and in any case", async () => {
    const dealership = await createDealership(db(), { dealershipCode: `ATLANTIC${crypto.randomUUID().slice(0, 4).toUpperCase()}` });
    for (const code of [dealership.dealershipCode.toLowerCase(), `  ${dealership.dealershipCode}  `, dealership.dealershipCode.replace(/^A/, "a")]) {
      const res = await post("/api/dealership/signin", { dealershipCode: code, password: dealership.password });
      expect({ code, status: res.status, id: res.body.dealership?.id }).toEqual({ code, status: 200, id: dealership.id });
    }
  });

  test("a wrong password and an unknown code get the same 401", async () => {
    const dealership = await createDealership(db());
    const wrong = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: "not-the-password" });
    const unknown = await post("/api/dealership/signin", { dealershipCode: "NO-SUCH-CODE", password: dealership.password });
    for (const res of [wrong, unknown]) expect(res).toMatchObject({ status: 401, body: { message: INVALID_DEALERSHIP_CREDENTIALS, code: "UNAUTHENTICATED" } });
    expect(await db().session.count({ where: { subjectId: dealership.id } })).toBe(0);
  });

  test("an inactive dealership cannot sign in (403 once the password is right; 401 otherwise)", async () => {
    const dealership = await createDealership(db(), { isActive: false });
    const right = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: dealership.password });
    expect(right).toMatchObject({ status: 403, body: { message: DEALERSHIP_INACTIVE, code: "FORBIDDEN" } });
    const wrong = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: "not-the-password" });
    expect(wrong).toMatchObject({ status: 401, body: { message: INVALID_DEALERSHIP_CREDENTIALS } });
    expect(await db().session.count({ where: { subjectId: dealership.id } })).toBe(0);
    const gql = await graphql(server.url, `mutation($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token } }`, {
      input: { dealershipCode: dealership.dealershipCode, password: dealership.password },
    });
    expect(gql.body.errors?.[0]).toMatchObject({ message: DEALERSHIP_INACTIVE, extensions: { code: "FORBIDDEN" } });
  });

  test("a dealership deactivated after signing in is refused on every portal call (403)", async () => {
    const dealer = await signedIn();
    const vehicle = await addVehicle(dealer);
    await db().dealership.update({ where: { id: dealer.id }, data: { isActive: false } });
    for (const [method, path] of [
      ["GET", "/api/dealership/me"],
      ["GET", "/api/dealership/vehicles"],
      ["PUT", `/api/dealership/vehicles/${vehicle.id}`],
      ["DELETE", `/api/dealership/vehicles/${vehicle.id}`],
    ] as const) {
      const res = await call(method, path, { token: dealer.token, body: method === "PUT" ? { mileage: 5 } : undefined });
      expect({ path, method, status: res.status, message: res.body.message }).toEqual({ path, method, status: 403, message: DEALERSHIP_INACTIVE });
    }
    expect((await vehicleRow(vehicle.id))?.mileage).toBe(0);
  });

  const BAD_SIGN_IN: [unknown, number, string][] = [
    [{ password: "secret-123" }, 400, "Dealership code is required"],
    [{ dealershipCode: "   ", password: "secret-123" }, 400, "Dealership code is required"],
    [{ dealershipCode: 12345, password: "secret-123" }, 400, "Dealership code is required"],
    [{ dealershipCode: "ATLANTIC01" }, 400, "Password must be at least 6 characters"],
    [{ dealershipCode: "ATLANTIC01", password: "12345" }, 400, "Password must be at least 6 characters"],
    [[1, 2], 400, "The request body must be a JSON object"],
  ];
  test.each(BAD_SIGN_IN)("bad input %j -> %d %s, no session", async (body, status, message) => {
    const before = await db().session.count();
    const res = await post("/api/dealership/signin", body);
    expect(res).toMatchObject({ status, body: { message } });
    expect(await db().session.count()).toBe(before);
  });

  test("malformed JSON is a 400, not a 500", async () => {
    const res = await call("POST", "/api/dealership/signin", { raw: "{nope" });
    expect(res.status).toBe(400);
  });

  test("rate limited per code (any case): the 11th attempt in 15 minutes is 429 even with the right password", async () => {
    const dealership = await createDealership(db());
    for (let i = 0; i < 10; i++) {
      const code = i % 2 ? dealership.dealershipCode.toLowerCase() : dealership.dealershipCode;
      expect((await post("/api/dealership/signin", { dealershipCode: code, password: "wrong-password" })).status).toBe(401);
    }
    const res = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: dealership.password });
    expect(res).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS, code: "TOO_MANY_REQUESTS" } });
    // Another dealership is not affected.
    const other = await createDealership(db());
    expect((await post("/api/dealership/signin", { dealershipCode: other.dealershipCode, password: other.password })).status).toBe(200);
  }, 30_000);

  test("rate limited per client address: past 50 attempts in 15 minutes from one address, 429", async () => {
    const from = newAddress();
    expect((await post("/api/dealership/signin", { dealershipCode: "GUESS1", password: "wrong-password" }, undefined, from)).status).toBe(401);
    // 49 more attempts from that address (counted straight in its window: 50 argon2 checks are slow).
    await db().rateLimit.update({ where: { key: dealershipAddressKey(from) }, data: { count: 50 } });
    const dealership = await createDealership(db());
    const res = await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: dealership.password }, undefined, from);
    expect(res).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS } });
    expect((await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: dealership.password })).status).toBe(200);
  });

  test("a right password clears the code's counter (not the address's)", async () => {
    const dealership = await createDealership(db());
    const from = newAddress();
    await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode, password: "wrong-password" }, undefined, from);
    await db().rateLimit.update({ where: { key: dealershipCodeKey(dealership.dealershipCode) }, data: { count: 9 } });
    expect(
      (await post("/api/dealership/signin", { dealershipCode: dealership.dealershipCode.toLowerCase(), password: dealership.password }, undefined, from))
        .status,
    ).toBe(200);
    expect(await db().rateLimit.findUnique({ where: { key: dealershipCodeKey(dealership.dealershipCode) } })).toBeNull();
    expect((await db().rateLimit.findUniqueOrThrow({ where: { key: dealershipAddressKey(from) } })).count).toBe(2);
  });

  test("sign-out ends the session: the token stops working at once", async () => {
    const dealer = await signedIn();
    expect(await post("/api/dealership/signout", undefined, dealer.token)).toMatchObject({ status: 200, body: { success: true } });
    const after = await get("/api/dealership/vehicles", dealer.token);
    expect(after).toMatchObject({ status: 401, body: { message: "Your session has expired. Please sign in again." } });
    expect(await db().session.count({ where: { subjectId: dealer.id } })).toBe(0);
  });

  test("GraphQL: dealershipSignIn, dealershipMe, dealershipSignOut", async () => {
    const dealership = await createDealership(db(), { companyName: "Winelands Auto" });
    const signIn = await graphql(
      server.url,
      `mutation($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token dealership { id companyName contactPerson dealershipCode } } }`,
      {
        input: { dealershipCode: dealership.dealershipCode.toLowerCase(), password: dealership.password },
      },
    );
    expect(signIn.body.errors).toBeUndefined();
    const { token, dealership: account } = signIn.body.data.dealershipSignIn;
    expect(account).toEqual({
      id: dealership.id,
      companyName: "Winelands Auto",
      contactPerson: dealership.contactPerson,
      dealershipCode: dealership.dealershipCode,
    });
    const auth = { authorization: `Bearer ${token}` };
    const me = await graphql(server.url, `{ dealershipMe { id companyName } }`, {}, auth);
    expect(me.body.data.dealershipMe).toEqual({ id: dealership.id, companyName: "Winelands Auto" });
    const out = await graphql(server.url, `mutation { dealershipSignOut }`, {}, auth);
    expect(out.body.data.dealershipSignOut).toBe(true);
    const again = await graphql(server.url, `{ dealershipMe { id } }`, {}, auth);
    expect(again.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const wrong = await graphql(server.url, `mutation($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token } }`, {
      input: { dealershipCode: dealership.dealershipCode, password: "wrong-password" },
    });
    expect(wrong.body.errors?.[0]).toMatchObject({ message: INVALID_DEALERSHIP_CREDENTIALS, extensions: { code: "UNAUTHENTICATED" } });
    const short = await graphql(server.url, `mutation($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token } }`, {
      input: { dealershipCode: "", password: "123" },
    });
    expect(short.body.errors?.[0]).toMatchObject({ message: "Dealership code is required", extensions: { code: "BAD_USER_INPUT" } });
  });
});

// Who may use the portal -----------------------------------------------------------------------

describe("only a dealership token opens the portal", () => {
  const ENDPOINTS: [string, string, unknown?][] = [
    ["GET", "/api/dealership/me"],
    ["POST", "/api/dealership/signout"],
    ["GET", "/api/dealership/stats"],
    ["GET", "/api/dealership/vehicles"],
    ["POST", "/api/dealership/vehicles", validVehicle()],
    ["GET", "/api/dealership/vehicles/VEHICLE"],
    ["PUT", "/api/dealership/vehicles/VEHICLE", { mileage: 99 }],
    ["DELETE", "/api/dealership/vehicles/VEHICLE"],
    ["GET", "/api/dealership/leads"],
    ["PUT", "/api/dealership/leads/LEAD/read"],
  ];

  let vehicleId: string;
  let leadId: string;
  let tokens: { who: string; token?: string; status: number; message: string }[];
  beforeAll(async () => {
    const owner = await signedIn();
    vehicleId = (await addVehicle(owner, { salesPrice: "150000" })).id;
    leadId = (await db().lead.create({ data: { vehicleId, dealershipId: owner.id, name: "Bob Buyer", email: "bob@example.com", message: "Still available?" } }))
      .id;
    const signedOut = await signedIn();
    await post("/api/dealership/signout", undefined, signedOut.token);
    tokens = [
      { who: "no token", token: undefined, status: 401, message: "Please sign in" },
      { who: "a tampered token", token: `${owner.token.slice(0, -3)}abc`, status: 401, message: "Your session has expired. Please sign in again." },
      { who: "a signed-out dealership token", token: signedOut.token, status: 401, message: "Your session has expired. Please sign in again." },
      { who: "a customer token", token: await customerToken(), status: 403, message: DEALERSHIPS_ONLY },
      { who: "an admin token", token: await adminToken(), status: 403, message: DEALERSHIPS_ONLY },
    ];
  });

  test("every portal endpoint answers 401 or 403 to anyone but a dealership, and nothing changes", async () => {
    const before = JSON.stringify(await db().vehicle.findMany({ orderBy: { id: "asc" }, include: { images: true } }));
    const leadsBefore = JSON.stringify(await db().lead.findMany({ orderBy: { id: "asc" } }));
    const vehiclesBefore = await db().vehicle.count();
    for (const { who, token, status, message } of tokens) {
      for (const [method, template, body] of ENDPOINTS) {
        const path = template.replace("VEHICLE", vehicleId).replace("LEAD", leadId);
        const res = await call(method, path, { token, body });
        expect({ who, method, path: template, status: res.status, message: res.body?.message }).toEqual({ who, method, path: template, status, message });
      }
    }
    expect(await db().vehicle.count()).toBe(vehiclesBefore);
    expect(JSON.stringify(await db().vehicle.findMany({ orderBy: { id: "asc" }, include: { images: true } }))).toBe(before);
    expect(JSON.stringify(await db().lead.findMany({ orderBy: { id: "asc" } }))).toBe(leadsBefore);
  });

  const OPERATIONS = [
    `{ dealershipMe { id } }`,
    `{ dealershipVehicles { id } }`,
    `{ dealershipVehicle(id: "VEHICLE") { id } }`,
    `{ dealershipVehicleStats { total } }`,
    `{ dealershipLeads { unread } }`,
    `mutation { dealershipSignOut }`,
    `mutation { createDealershipVehicle(input: { make: "VW" }) { id } }`,
    `mutation { updateDealershipVehicle(id: "VEHICLE", input: { mileage: 5 }) { id } }`,
    `mutation { deleteDealershipVehicle(id: "VEHICLE") }`,
    `mutation { markDealershipLeadRead(id: "LEAD") { id } }`,
    `mutation { createDealershipPhotoUpload { uploadURL } }`,
  ];

  test("GraphQL: every portal field is UNAUTHENTICATED or FORBIDDEN for anyone but a dealership", async () => {
    const before = JSON.stringify(await db().vehicle.findMany({ orderBy: { id: "asc" } }));
    for (const { who, token, status } of tokens) {
      for (const template of OPERATIONS) {
        const query = template.replace("VEHICLE", vehicleId).replace("LEAD", leadId);
        const res = await graphql(server.url, query, {}, token ? { authorization: `Bearer ${token}` } : {});
        const code = status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN";
        expect({ who, query: template, data: res.body.data ?? null, code: res.body.errors?.[0]?.extensions?.code }).toEqual({
          who,
          query: template,
          data: null,
          code,
        });
      }
    }
    expect(JSON.stringify(await db().vehicle.findMany({ orderBy: { id: "asc" } }))).toBe(before);
    expect((await db().lead.findUniqueOrThrow({ where: { id: leadId } })).readAt).toBeNull();
  });

  test("a dealership token does not open the customer or upload-for-customers calls as a customer", async () => {
    const dealer = await signedIn();
    expect((await get("/api/auth/me", dealer.token)).status).toBe(401);
    const upload = await post("/api/objects/upload", { purpose: "profile_picture" }, dealer.token);
    expect(upload.status).toBe(400);
  });
});

// The add form's rules -------------------------------------------------------------------------

describe("adding a vehicle", () => {
  let dealer: Signed;
  beforeAll(async () => {
    dealer = await signedIn();
  });

  test("the required fields alone -> 201 with the form's defaults, in the spec's Dealership vehicle shape", async () => {
    const registrationNumber = newRegistration().toLowerCase();
    const res = await post(
      "/api/dealership/vehicles",
      {
        registrationNumber: `  ${registrationNumber} `,
        make: " Volkswagen ",
        model: "Polo",
        year: 2021,
        category: "small",
        transmission: "automatic",
        dailyRate: 450,
      },
      dealer.token,
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(DEALERSHIP_VEHICLE_KEYS);
    expect(res.body).toMatchObject({
      registrationNumber: registrationNumber.toUpperCase(),
      make: "Volkswagen",
      model: "Polo",
      year: 2021,
      category: "small",
      transmission: "automatic",
      status: "available",
      mileage: 0,
      dailyRate: "450.00",
      salesPrice: null,
      images: [],
      dealershipId: dealer.id,
    });
    const row = await vehicleRow(res.body.id);
    expect(row).toMatchObject({ dealershipId: dealer.id, status: "available", mileage: 0, salesPrice: null, features: [] });
    expect(row!.dailyRate.toFixed(2)).toBe("450.00");
  });

  test("every field given: statuses available, maintenance and out_of_service; money as decimal text", async () => {
    for (const status of ["available", "maintenance", "out_of_service"]) {
      const res = await post(
        "/api/dealership/vehicles",
        validVehicle({ status, mileage: 45210, dailyRate: "650.5", salesPrice: "185000", year: 2018, category: "large" }),
        dealer.token,
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status, mileage: 45210, dailyRate: "650.50", salesPrice: "185000.00", year: 2018, category: "large" });
    }
  });

  test("year bounds: 2000 and next year are accepted", async () => {
    for (const year of [2000, maxVehicleYear()]) {
      expect((await post("/api/dealership/vehicles", validVehicle({ year }), dealer.token)).status).toBe(201);
    }
  });

  const max = maxVehicleYear();
  // [field, bad value (undefined = left out), message]
  const RULES: [string, unknown, string][] = [
    ["registrationNumber", undefined, "Registration number is required"],
    ["registrationNumber", "   ", "Registration number is required"],
    ["make", undefined, "Make is required"],
    ["make", "", "Make is required"],
    ["model", undefined, "Model is required"],
    ["model", " ", "Model is required"],
    ["year", undefined, "Year is required"],
    ["year", "2020", "Year is required"],
    ["year", 1999, "Year must be 2000 or later"],
    ["year", max + 1, `Year must be ${max} or earlier`],
    ["year", 2010.5, "Year must be a whole number"],
    ["category", undefined, "Please select a category"],
    ["category", "huge", "Please select a category"],
    ["transmission", undefined, "Please select a transmission"],
    ["transmission", "cvt", "Please select a transmission"],
    ["status", "rented", "Please select a status"],
    ["status", "booked", "Please select a status"],
    ["mileage", -1, "Mileage cannot be negative"],
    ["mileage", 1.5, "Mileage must be a whole number"],
    ["mileage", "lots", "Mileage is required"],
    ["dailyRate", undefined, "Daily rate is required"],
    ["dailyRate", "", "Daily rate is required"],
    ["dailyRate", "0", "Daily rate must be greater than 0"],
    ["dailyRate", "abc", "Please enter a valid amount in rand"],
    ["dailyRate", "-5", "Amount cannot be negative"],
    ["dailyRate", "100000000", "Amount is too large"],
    ["salesPrice", "abc", "Please enter a valid amount in rand"],
    ["salesPrice", -1, "Amount cannot be negative"],
    ["images", "photo.jpg", DEALERSHIP_VEHICLE_MESSAGES.imagesList],
    ["images", [1, 2], DEALERSHIP_VEHICLE_MESSAGES.imagesList],
    ["images", ["https://example.com/car.jpg"], "Please upload the photo again"],
    ["images", ["/objects/uploads/00000000-0000-4000-8000-000000000000"], "Please upload the photo again"],
  ];

  test.each(RULES)("%s = %j -> 400 %s, nothing stored", async (field, value, message) => {
    const body: Record<string, unknown> = validVehicle();
    if (value === undefined) delete body[field];
    else body[field] = value;
    const before = await db().vehicle.count();
    const res = await post("/api/dealership/vehicles", body, dealer.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("BAD_USER_INPUT");
    const fieldMessage = res.body.fieldErrors?.[field] ?? res.body.fieldErrors?.[`${field}.0`];
    expect({ field, message: fieldMessage }).toEqual({ field, message });
    expect(await db().vehicle.count()).toBe(before);
  });

  test("several problems at once: one 400 with a message per field", async () => {
    const res = await post("/api/dealership/vehicles", { year: 1990, mileage: -3 }, dealer.token);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      registrationNumber: "Registration number is required",
      make: "Make is required",
      model: "Model is required",
      year: "Year must be 2000 or later",
      category: "Please select a category",
      transmission: "Please select a transmission",
      mileage: "Mileage cannot be negative",
      dailyRate: "Daily rate is required",
    });
  });

  test("a body that is not a JSON object -> 400", async () => {
    for (const raw of ["[1,2]", '"car"', "{bad json"]) {
      const res = await call("POST", "/api/dealership/vehicles", { raw, token: dealer.token });
      expect({ raw, status: res.status }).toEqual({ raw, status: 400 });
    }
  });

  test("registration numbers are unique across all vehicles, in any case: 409 and nothing stored", async () => {
    const first = await addVehicle(dealer);
    const other = await signedIn();
    const fleet = await createVehicle(db(), { registrationNumber: newRegistration() });
    for (const [token, registrationNumber] of [
      [dealer.token, first.registrationNumber],
      [other.token, first.registrationNumber.toLowerCase()],
      [dealer.token, fleet.registrationNumber],
    ] as const) {
      const before = await db().vehicle.count();
      const res = await post("/api/dealership/vehicles", validVehicle({ registrationNumber }), token);
      expect(res).toMatchObject({ status: 409, body: { message: "A vehicle with this registration number already exists", code: "CONFLICT" } });
      expect(await db().vehicle.count()).toBe(before);
    }
  });

  test("two adds of one registration number at once: one 201, one 409", async () => {
    const body = validVehicle();
    const results = await Promise.all([post("/api/dealership/vehicles", body, dealer.token), post("/api/dealership/vehicles", body, dealer.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db().vehicle.count({ where: { registrationNumber: body.registrationNumber } })).toBe(1);
  });

  test("photos: the dealership's own vehicle_photo uploads, by upload URL or object path, kept in order", async () => {
    const a = await uploadPhoto(dealer.token);
    const b = await uploadPhoto(dealer.token);
    const res = await post("/api/dealership/vehicles", validVehicle({ images: [b.uploadURL, a.objectPath, b.objectPath] }), dealer.token);
    expect(res.status).toBe(201);
    expect(res.body.images).toEqual([b.objectPath, a.objectPath]);
    const row = await vehicleRow(res.body.id);
    expect(row!.images.map((i) => [i.url, i.position])).toEqual([
      [b.objectPath, 0],
      [a.objectPath, 1],
    ]);
    // The photos are served.
    const photo = await fetch(`${server.url}${b.objectPath}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
  });

  test("photos that are not the dealership's own stored vehicle photos are refused, nothing stored", async () => {
    const other = await signedIn();
    const customer = await customerToken();
    const cases = [
      (await uploadPhoto(other.token)).objectPath,
      (await uploadPhoto(customer, "profile_picture")).objectPath,
      (await uploadPhoto(dealer.token, "vehicle_photo", false)).objectPath,
    ];
    for (const image of cases) {
      const before = await db().vehicle.count();
      const res = await post("/api/dealership/vehicles", validVehicle({ images: [image] }), dealer.token);
      expect(res).toMatchObject({
        status: 400,
        body: { message: "Please upload the photo again", fieldErrors: { "images.0": "Please upload the photo again" } },
      });
      expect(await db().vehicle.count()).toBe(before);
    }
  });

  test(`at most ${MAX_VEHICLE_IMAGES} photos`, async () => {
    const photos = [];
    for (let i = 0; i < MAX_VEHICLE_IMAGES + 1; i++) photos.push((await uploadPhoto(dealer.token)).objectPath);
    const before = await db().vehicle.count();
    const tooMany = await post("/api/dealership/vehicles", validVehicle({ images: photos }), dealer.token);
    expect(tooMany).toMatchObject({ status: 400, body: { message: DEALERSHIP_VEHICLE_MESSAGES.tooManyImages } });
    expect(await db().vehicle.count()).toBe(before);
    const ok = await post("/api/dealership/vehicles", validVehicle({ images: photos.slice(0, MAX_VEHICLE_IMAGES) }), dealer.token);
    expect(ok.status).toBe(201);
    expect(ok.body.images).toEqual(photos.slice(0, MAX_VEHICLE_IMAGES));
  });

  test("a dealershipId in the body is ignored: the vehicle is the signed-in dealership's", async () => {
    const other = await signedIn();
    const res = await post("/api/dealership/vehicles", validVehicle({ dealershipId: other.id }), dealer.token);
    expect(res.status).toBe(201);
    expect(res.body.dealershipId).toBe(dealer.id);
  });

  test("GraphQL createDealershipVehicle: the same rules and messages, a photo upload link for dealerships", async () => {
    const upload = await graphql(server.url, `mutation { createDealershipPhotoUpload { uploadURL objectPath } }`, {}, dealer.auth);
    expect(upload.body.errors).toBeUndefined();
    const ticket = upload.body.data.createDealershipPhotoUpload;
    const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#a33" } })
      .png()
      .toBuffer();
    expect((await fetch(new URL(ticket.uploadURL, server.url), { method: "PUT", body: bytes })).status).toBe(200);
    const CREATE = `mutation($input: DealershipVehicleInput!) { createDealershipVehicle(input: $input) { id registrationNumber status mileage dailyRate salesPrice images dealershipId } }`;
    const ok = await graphql(server.url, CREATE, { input: validVehicle({ images: [ticket.objectPath], salesPrice: "99999.99" }) }, dealer.auth);
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.createDealershipVehicle).toMatchObject({
      status: "available",
      mileage: 0,
      dailyRate: "450.00",
      salesPrice: "99999.99",
      images: [ticket.objectPath],
      dealershipId: dealer.id,
    });
    const bad = await graphql(server.url, CREATE, { input: { make: "VW", year: 1999 } }, dealer.auth);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: { registrationNumber: "Registration number is required", year: "Year must be 2000 or later" },
    });
    const dup = await graphql(
      server.url,
      CREATE,
      { input: validVehicle({ registrationNumber: ok.body.data.createDealershipVehicle.registrationNumber }) },
      dealer.auth,
    );
    expect(dup.body.errors?.[0]).toMatchObject({ message: "A vehicle with this registration number already exists", extensions: { code: "CONFLICT" } });
  });
});

// Listing, stats, editing, deleting ------------------------------------------------------------

describe("the dealership's inventory", () => {
  test("lists only its own vehicles, newest first, with photos; stats count Total, Available, Booked (rented), Maintenance", async () => {
    const dealer = await signedIn();
    const other = await signedIn();
    await addVehicle(other);
    await createVehicle(db(), {}); // the rental fleet
    const photo = await uploadPhoto(dealer.token);
    const first = await addVehicle(dealer, { status: "maintenance" });
    const second = await addVehicle(dealer, { images: [photo.objectPath] });
    const third = await addVehicle(dealer, { status: "out_of_service" });
    await db().vehicle.create({
      data: {
        dealershipId: dealer.id,
        registrationNumber: newRegistration(),
        make: "Ford",
        model: "Ranger",
        year: 2020,
        category: "large",
        dailyRate: "850",
        status: "rented",
        features: [],
        createdAt: new Date(Date.now() - 86_400_000),
      },
    });

    const list = await get("/api/dealership/vehicles", dealer.token);
    expect(list.status).toBe(200);
    expect(list.body.map((v: { id: string }) => v.id).slice(0, 3)).toEqual([third.id, second.id, first.id]);
    expect(list.body).toHaveLength(4);
    expect(list.body.every((v: { dealershipId: string }) => v.dealershipId === dealer.id)).toBe(true);
    expect(list.body[1].images).toEqual([photo.objectPath]);
    for (const v of list.body) expect(Object.keys(v).sort()).toEqual(DEALERSHIP_VEHICLE_KEYS);

    const stats = await get("/api/dealership/stats", dealer.token);
    expect(stats).toMatchObject({ status: 200, body: { total: 4, available: 1, booked: 1, maintenance: 1, outOfService: 1 } });
    const gql = await graphql(
      server.url,
      `{ dealershipVehicleStats { total available booked maintenance outOfService } dealershipVehicles { id status } }`,
      {},
      dealer.auth,
    );
    expect(gql.body.data.dealershipVehicleStats).toEqual({ total: 4, available: 1, booked: 1, maintenance: 1, outOfService: 1 });
    expect(gql.body.data.dealershipVehicles.map((v: { id: string }) => v.id)).toEqual(list.body.map((v: { id: string }) => v.id));

    const one = await get(`/api/dealership/vehicles/${second.id}`, dealer.token);
    expect(one).toMatchObject({ status: 200, body: { id: second.id, images: [photo.objectPath] } });
  });

  test("the GraphQL lists refuse a limit below 1 or a negative offset with the reason (it was quietly one row), like every other list", async () => {
    const dealer = await signedIn();
    for (const query of [`{ dealershipVehicles(limit: -1) { id } }`, `{ dealershipLeads(limit: 0) { unread } }`]) {
      const answer = await graphql(server.url, query, {}, dealer.auth);
      expect([query, answer.body.errors?.[0]?.message, answer.body.errors?.[0]?.extensions?.code]).toEqual([
        query,
        expect.stringMatching(/^limit must be a whole number from 1 to \d+$/),
        "BAD_USER_INPUT",
      ]);
    }
    for (const query of [`{ dealershipVehicles(offset: -1) { id } }`, `{ dealershipLeads(offset: -5) { unread } }`]) {
      const answer = await graphql(server.url, query, {}, dealer.auth);
      expect([query, answer.body.errors?.[0]?.message]).toEqual([query, "offset must be a whole number of 0 or more"]);
    }
    expect(
      (await graphql(server.url, `{ dealershipVehicles(limit: 5, offset: 0) { id } dealershipLeads(limit: 5) { unread } }`, {}, dealer.auth)).body.errors,
    ).toBeUndefined();
  });

  test("a new dealership has an empty inventory and zero stats", async () => {
    const dealer = await signedIn();
    expect(await get("/api/dealership/vehicles", dealer.token)).toMatchObject({ status: 200, body: [] });
    expect((await get("/api/dealership/stats", dealer.token)).body).toEqual({ total: 0, available: 0, booked: 0, maintenance: 0, outOfService: 0, sold: 0 });
  });

  test("PUT edits: left-out fields keep their values; images replace the photos; a null salesPrice removes the price", async () => {
    const dealer = await signedIn();
    const a = await uploadPhoto(dealer.token);
    const b = await uploadPhoto(dealer.token);
    const vehicle = await addVehicle(dealer, { salesPrice: "185000", images: [a.objectPath], mileage: 1000 });

    const mileage = await put(`/api/dealership/vehicles/${vehicle.id}`, { mileage: 12000 }, dealer.token);
    expect(mileage.status).toBe(200);
    expect(mileage.body).toMatchObject({ ...vehicle, mileage: 12000, updatedAt: mileage.body.updatedAt });

    const photos = await put(
      `/api/dealership/vehicles/${vehicle.id}`,
      { images: [b.objectPath, a.uploadURL], status: "maintenance", dailyRate: "499.90", make: "VW" },
      dealer.token,
    );
    expect(photos.body).toMatchObject({
      images: [b.objectPath, a.objectPath],
      status: "maintenance",
      dailyRate: "499.90",
      make: "VW",
      salesPrice: "185000.00",
      mileage: 12000,
    });
    expect((await vehicleRow(vehicle.id))!.images.map((i) => [i.url, i.position])).toEqual([
      [b.objectPath, 0],
      [a.objectPath, 1],
    ]);

    const unpriced = await put(`/api/dealership/vehicles/${vehicle.id}`, { salesPrice: null, images: [] }, dealer.token);
    expect(unpriced.body).toMatchObject({ salesPrice: null, images: [], make: "VW" });
    expect(await db().vehicleImage.count({ where: { vehicleId: vehicle.id } })).toBe(0);

    const renamed = await put(`/api/dealership/vehicles/${vehicle.id}`, { registrationNumber: " ca new-1 " + vehicle.id.slice(0, 4) }, dealer.token);
    expect(renamed.body.registrationNumber).toBe(("CA NEW-1 " + vehicle.id.slice(0, 4)).toUpperCase());
  });

  test("a booked (rented) car keeps its status through an edit that does not set one", async () => {
    const dealer = await signedIn();
    const vehicle = await addVehicle(dealer);
    await db().vehicle.update({ where: { id: vehicle.id }, data: { status: "rented" } });
    const res = await put(`/api/dealership/vehicles/${vehicle.id}`, { mileage: 777 }, dealer.token);
    expect(res.body).toMatchObject({ status: "rented", mileage: 777 });
    const set = await put(`/api/dealership/vehicles/${vehicle.id}`, { status: "maintenance" }, dealer.token);
    expect(set.body.status).toBe("maintenance");
  });

  test("PUT applies the add form's rules: 400 with the field's message, nothing changed", async () => {
    const dealer = await signedIn();
    const vehicle = await addVehicle(dealer, { salesPrice: "120000" });
    const taken = await addVehicle(dealer);
    const before = await vehicleRow(vehicle.id);
    const BAD: [Record<string, unknown>, number, string][] = [
      [{ year: 1999 }, 400, "Year must be 2000 or later"],
      [{ year: maxVehicleYear() + 1 }, 400, `Year must be ${maxVehicleYear()} or earlier`],
      [{ mileage: -1 }, 400, "Mileage cannot be negative"],
      [{ make: "" }, 400, "Make is required"],
      [{ make: null }, 400, "Make is required"],
      [{ model: "   " }, 400, "Model is required"],
      [{ registrationNumber: "" }, 400, "Registration number is required"],
      [{ dailyRate: "0" }, 400, "Daily rate must be greater than 0"],
      [{ salesPrice: "lots" }, 400, "Please enter a valid amount in rand"],
      [{ status: "rented" }, 400, "Please select a status"],
      [{ category: "tiny" }, 400, "Please select a category"],
      [{ images: "x" }, 400, DEALERSHIP_VEHICLE_MESSAGES.imagesList],
      [{ images: ["/objects/uploads/00000000-0000-4000-8000-000000000000"] }, 400, "Please upload the photo again"],
      [{ registrationNumber: taken.registrationNumber.toLowerCase() }, 409, "A vehicle with this registration number already exists"],
    ];
    for (const [body, status, message] of BAD) {
      const res = await put(`/api/dealership/vehicles/${vehicle.id}`, body, dealer.token);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
    expect(await vehicleRow(vehicle.id)).toEqual(before);
  });

  test("a dealershipId in an edit is ignored: a vehicle never moves to another dealership", async () => {
    const dealer = await signedIn();
    const other = await signedIn();
    const vehicle = await addVehicle(dealer);
    const res = await put(`/api/dealership/vehicles/${vehicle.id}`, { dealershipId: other.id, mileage: 5 }, dealer.token);
    expect(res.body).toMatchObject({ dealershipId: dealer.id, mileage: 5 });
  });

  test("DELETE removes the vehicle and its photo rows", async () => {
    const dealer = await signedIn();
    const photo = await uploadPhoto(dealer.token);
    const vehicle = await addVehicle(dealer, { images: [photo.objectPath] });
    expect(await del(`/api/dealership/vehicles/${vehicle.id}`, dealer.token)).toMatchObject({ status: 200, body: { success: true } });
    expect(await vehicleRow(vehicle.id)).toBeNull();
    expect(await db().vehicleImage.count({ where: { vehicleId: vehicle.id } })).toBe(0);
    expect(await del(`/api/dealership/vehicles/${vehicle.id}`, dealer.token)).toMatchObject({ status: 404, body: { message: "Vehicle not found" } });
  });

  test("a vehicle with an upcoming booking cannot be deleted (409); past and cancelled bookings do not block", async () => {
    const dealer = await signedIn();
    const vehicle = await addVehicle(dealer);
    const user = await db().user.create({ data: { name: "Rita Renter", email: `rita-${crypto.randomUUID()}@example.com` } });
    const day = 86_400_000;
    const booking = (status: "confirmed" | "cancelled" | "completed" | "pending" | "in_progress", from: number, to: number) =>
      db().booking.create({
        data: {
          userId: user.id,
          vehicleId: vehicle.id,
          category: "small",
          pickupDate: new Date(Date.now() + from * day),
          returnDate: new Date(Date.now() + to * day),
          deliveryLocation: "Sea Point",
          deliveryCoordinates: "-33.9,18.4",
          returnLocation: "Sea Point",
          returnCoordinates: "-33.9,18.4",
          totalAmount: "900.00",
          duration: 2,
          status,
        },
      });
    await booking("completed", -10, -8);
    await booking("cancelled", 3, 5);
    await booking("confirmed", -5, -3); // already returned
    const upcoming = await booking("confirmed", 2, 4);

    const refused = await del(`/api/dealership/vehicles/${vehicle.id}`, dealer.token);
    expect(refused).toMatchObject({ status: 409, body: { message: DEALERSHIP_VEHICLE_MESSAGES.hasUpcomingBookings, code: "CONFLICT" } });
    expect(await vehicleRow(vehicle.id)).not.toBeNull();

    for (const status of ["pending", "in_progress"] as const) {
      await db().booking.update({ where: { id: upcoming.id }, data: { status } });
      expect((await del(`/api/dealership/vehicles/${vehicle.id}`, dealer.token)).status).toBe(409);
    }
    await db().booking.update({ where: { id: upcoming.id }, data: { status: "cancelled" } });
    expect((await del(`/api/dealership/vehicles/${vehicle.id}`, dealer.token)).status).toBe(200);
    expect(await vehicleRow(vehicle.id)).toBeNull();
    // The bookings stay (their vehicle is cleared).
    expect(await db().booking.count({ where: { userId: user.id, vehicleId: null } })).toBe(4);
  });

  test("GraphQL: update and delete", async () => {
    const dealer = await signedIn();
    const vehicle = await addVehicle(dealer, { salesPrice: "210000" });
    const updated = await graphql(
      server.url,
      `mutation($id: ID!, $input: DealershipVehicleInput!) { updateDealershipVehicle(id: $id, input: $input) { id mileage status salesPrice } }`,
      { id: vehicle.id, input: { mileage: 5000, status: "maintenance", salesPrice: null } },
      dealer.auth,
    );
    expect(updated.body.data.updateDealershipVehicle).toEqual({ id: vehicle.id, mileage: 5000, status: "maintenance", salesPrice: null });
    const bad = await graphql(
      server.url,
      `mutation($id: ID!) { updateDealershipVehicle(id: $id, input: { year: 1980 }) { id } }`,
      { id: vehicle.id },
      dealer.auth,
    );
    expect(bad.body.errors?.[0]).toMatchObject({ message: "Year must be 2000 or later", extensions: { code: "BAD_USER_INPUT" } });
    const deleted = await graphql(server.url, `mutation($id: ID!) { deleteDealershipVehicle(id: $id) }`, { id: vehicle.id }, dealer.auth);
    expect(deleted.body.data.deleteDealershipVehicle).toBe(true);
    expect(await vehicleRow(vehicle.id)).toBeNull();
  });
});

// Ownership --------------------------------------------------------------------------------------

describe("a dealership sees and changes only its own vehicles and leads", () => {
  let a: Signed;
  let b: Signed;
  let bVehicle: any;
  let fleetVehicleId: string;
  let bLeadId: string;
  beforeAll(async () => {
    a = await signedIn();
    b = await signedIn();
    const photo = await uploadPhoto(b.token);
    bVehicle = await addVehicle(b, { salesPrice: "250000", images: [photo.objectPath] });
    fleetVehicleId = (await createVehicle(db())).id;
    bLeadId = (
      await db().lead.create({
        data: { vehicleId: bVehicle.id, dealershipId: b.id, name: "Bob Buyer", phone: "0821112222", message: "Is it still available?" },
      })
    ).id;
  });

  test("REST: another dealership's vehicle (or the rental fleet's) is 404 for GET, PUT and DELETE, and nothing changes", async () => {
    const before = JSON.stringify(await db().vehicle.findMany({ orderBy: { id: "asc" }, include: { images: { orderBy: { position: "asc" } } } }));
    for (const id of [bVehicle.id, fleetVehicleId, "no-such-id", "00000000-0000-4000-8000-000000000000"]) {
      for (const [method, body] of [["GET"], ["PUT", { mileage: 1, make: "Hacked" }], ["PUT", { status: "out_of_service" }], ["DELETE"]] as const) {
        const res = await call(method, `/api/dealership/vehicles/${id}`, { token: a.token, body });
        expect({ id, method, status: res.status, message: res.body.message }).toEqual({ id, method, status: 404, message: "Vehicle not found" });
      }
    }
    expect((await get("/api/dealership/vehicles", a.token)).body).toEqual([]);
    expect(JSON.stringify(await db().vehicle.findMany({ orderBy: { id: "asc" }, include: { images: { orderBy: { position: "asc" } } } }))).toBe(before);
  });

  test("A cannot attach B's photos to its own vehicle", async () => {
    const res = await post("/api/dealership/vehicles", validVehicle({ images: bVehicle.images }), a.token);
    expect(res).toMatchObject({ status: 400, body: { message: "Please upload the photo again" } });
  });

  test("GraphQL: another dealership's vehicle is NOT_FOUND and unchanged", async () => {
    const before = JSON.stringify(await vehicleRow(bVehicle.id));
    const read = await graphql(server.url, `query($id: ID!) { dealershipVehicle(id: $id) { id } }`, { id: bVehicle.id }, a.auth);
    const update = await graphql(
      server.url,
      `mutation($id: ID!) { updateDealershipVehicle(id: $id, input: { mileage: 1 }) { id } }`,
      { id: bVehicle.id },
      a.auth,
    );
    const remove = await graphql(server.url, `mutation($id: ID!) { deleteDealershipVehicle(id: $id) }`, { id: bVehicle.id }, a.auth);
    for (const res of [read, update, remove]) expect(res.body.errors?.[0]).toMatchObject({ message: "Vehicle not found", extensions: { code: "NOT_FOUND" } });
    expect(JSON.stringify(await vehicleRow(bVehicle.id))).toBe(before);
  });

  test("leads: A sees none of B's, and cannot mark B's read (404); B sees and marks its own", async () => {
    expect(await get("/api/dealership/leads", a.token)).toMatchObject({ status: 200, body: { leads: [], unread: 0 } });
    const refused = await put(`/api/dealership/leads/${bLeadId}/read`, undefined, a.token);
    expect(refused).toMatchObject({ status: 404, body: { message: "Enquiry not found" } });
    const gqlRefused = await graphql(server.url, `mutation($id: ID!) { markDealershipLeadRead(id: $id) { id } }`, { id: bLeadId }, a.auth);
    expect(gqlRefused.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await db().lead.findUniqueOrThrow({ where: { id: bLeadId } })).readAt).toBeNull();

    const own = await get("/api/dealership/leads", b.token);
    expect(own.status).toBe(200);
    expect(own.body.unread).toBe(1);
    expect(own.body.leads).toEqual([
      {
        id: bLeadId,
        name: "Bob Buyer",
        email: null,
        phone: "0821112222",
        message: "Is it still available?",
        readAt: null,
        createdAt: expect.any(String),
        vehicle: {
          id: bVehicle.id,
          make: bVehicle.make,
          model: bVehicle.model,
          year: bVehicle.year,
          registrationNumber: bVehicle.registrationNumber,
          salesPrice: "250000.00",
          image: bVehicle.images[0],
        },
      },
    ]);
    const read = await put(`/api/dealership/leads/${bLeadId}/read`, undefined, b.token);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    const again = await put(`/api/dealership/leads/${bLeadId}/read`, undefined, b.token);
    expect(again.body.readAt).toBe(read.body.readAt);
    const gql = await graphql(server.url, `{ dealershipLeads { unread leads { id readAt vehicle { id } } } }`, {}, b.auth);
    expect(gql.body.data.dealershipLeads).toEqual({ unread: 0, leads: [{ id: bLeadId, readAt: read.body.readAt, vehicle: { id: bVehicle.id } }] });
  });

  test("leads are listed newest first; unreadOnly filters", async () => {
    const dealer = await signedIn();
    const vehicle = await addVehicle(dealer, { salesPrice: "99000" });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (
          await db().lead.create({
            data: {
              vehicleId: vehicle.id,
              dealershipId: dealer.id,
              name: `Buyer ${i}`,
              email: `b${i}@example.com`,
              message: "Hi",
              createdAt: new Date(Date.now() - (3 - i) * 60_000),
            },
          })
        ).id,
      );
    }
    const list = await get("/api/dealership/leads", dealer.token);
    expect(list.body.leads.map((l: { id: string }) => l.id)).toEqual([...ids].reverse());
    await put(`/api/dealership/leads/${ids[2]}/read`, undefined, dealer.token);
    const unread = await graphql(server.url, `{ dealershipLeads(unreadOnly: true) { unread leads { id } } }`, {}, dealer.auth);
    expect(unread.body.data.dealershipLeads).toEqual({ unread: 2, leads: [{ id: ids[1] }, { id: ids[0] }] });
  });
});
