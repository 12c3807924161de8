// Profile completion over real HTTP, REST and GraphQL (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): every SPEC 5 message, the date rules, the photos, nothing saved on bad input.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { addDays, capeTownToday } from "#domain";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { PROFILE_DATE_MESSAGES, profileDateProblems } from "./profile";
import { createSession } from "./sessions";
import { MESSAGES } from "./uploads";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
type Account = { id: string; auth: Record<string, string> };

async function newCustomer(): Promise<Account> {
  const user = await db().user.create({ data: { name: "Sipho Dlamini", email: `${crypto.randomUUID()}@example.com`, phone: "+27 82 555 0100" } });
  const { token } = await createSession(server.services, "customer", user.id);
  return { id: user.id, auth: { authorization: `Bearer ${token}` } };
}

const today = capeTownToday();
const yearsFromToday = (years: number) => `${Number(today.slice(0, 4)) + years}${today.slice(4)}`.replace(/-02-29$/, "-02-28");

const valid = () => ({
  dateOfBirth: "1990-05-14",
  address: "12 Long Street",
  city: "Cape Town",
  postalCode: "8001",
  nationality: "South African",
  idType: "south_african_id",
  idNumber: "9005145009087",
  driversLicenseNumber: "DL123456789",
  driversLicenseExpiryDate: yearsFromToday(4),
});

async function restComplete(account: Account | null, body: unknown) {
  const response = await fetch(`${server.url}/api/profile/complete`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(account?.auth ?? {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const COMPLETE = `mutation($input: CompleteProfileInput!) { completeProfile(input: $input) {
  id name email profileCompleted profilePicture dateOfBirth address city postalCode nationality idType idNumber
  driversLicenseNumber driversLicenseImage driversLicenseExpiryDate createdAt } }`;

async function graphqlComplete(account: Account | null, input: Record<string, unknown>) {
  return graphql<{ completeProfile: Record<string, unknown> }>(server.url, COMPLETE, { input }, account?.auth ?? {});
}

/** A stored upload of `purpose` belonging to `account`: its upload URL and object path. */
async function uploadPhoto(account: Account, purpose: "profile_picture" | "drivers_license" = "profile_picture", store = true) {
  const started = await fetch(`${server.url}/api/objects/upload`, {
    method: "POST",
    headers: { ...account.auth, "content-type": "application/json" },
    body: JSON.stringify({ purpose }),
  });
  const ticket = (await started.json()) as { uploadURL: string; objectPath: string };
  if (store) {
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const response = await fetch(new URL(ticket.uploadURL, server.url), { method: "PUT", body: bytes });
    expect(response.status).toBe(200);
  }
  return ticket;
}

const snapshot = (id: string) => db().user.findUniqueOrThrow({ where: { id } });

// [field, bad value (undefined = left out), the message]
const BAD_FIELDS: [string, unknown, string][] = [
  ["dateOfBirth", undefined, "Date of birth is required"],
  ["dateOfBirth", "", "Date of birth is required"],
  ["dateOfBirth", "   ", "Date of birth is required"],
  ["dateOfBirth", "31/02/1990", "Please enter a valid date"],
  ["dateOfBirth", "1990-13-01", "Please enter a valid date"],
  ["dateOfBirth", "yesterday", "Please enter a valid date"],
  ["dateOfBirth", addDays(today, 1), PROFILE_DATE_MESSAGES.dateOfBirthFuture],
  ["dateOfBirth", today, PROFILE_DATE_MESSAGES.dateOfBirthFuture],
  ["dateOfBirth", addDays(yearsFromToday(-18), 1), PROFILE_DATE_MESSAGES.tooYoung],
  ["dateOfBirth", "1850-01-01", PROFILE_DATE_MESSAGES.dateOfBirthTooOld],
  ["address", undefined, "Address must be at least 5 characters"],
  ["address", "", "Address must be at least 5 characters"],
  ["address", "12 L", "Address must be at least 5 characters"],
  ["address", "  12 L   ", "Address must be at least 5 characters"],
  ["city", undefined, "City is required"],
  ["city", "C", "City is required"],
  ["postalCode", undefined, "Postal code is required"],
  ["postalCode", "800", "Postal code is required"],
  ["nationality", undefined, "Nationality is required"],
  ["nationality", "Z", "Nationality is required"],
  ["idType", undefined, "Please select ID type"],
  ["idType", "drivers_licence", "Please select ID type"],
  ["idType", "", "Please select ID type"],
  ["idNumber", undefined, "ID/Passport number is required"],
  ["idNumber", "9005", "ID/Passport number is required"],
  ["driversLicenseNumber", undefined, "Driver's license number is required"],
  ["driversLicenseNumber", "DL12", "Driver's license number is required"],
  ["driversLicenseExpiryDate", undefined, "License expiry date is required"],
  ["driversLicenseExpiryDate", "", "License expiry date is required"],
  ["driversLicenseExpiryDate", "2030-02-30", "Please enter a valid date"],
  ["driversLicenseExpiryDate", addDays(today, -1), PROFILE_DATE_MESSAGES.licenceExpired],
];

// Wrong JSON types: REST only (GraphQL's own type system refuses these before the resolver).
const WRONG_TYPES: [string, unknown, string][] = [
  ["dateOfBirth", 19900514, "Date of birth is required"],
  ["address", 12345, "Address must be at least 5 characters"],
  ["city", ["Cape Town"], "City is required"],
  ["postalCode", 8001, "Postal code is required"],
  ["nationality", { name: "South African" }, "Nationality is required"],
  ["idType", 1, "Please select ID type"],
  ["idNumber", 9005145009087, "ID/Passport number is required"],
  ["driversLicenseNumber", true, "Driver's license number is required"],
  ["driversLicenseExpiryDate", null, "License expiry date is required"],
];

const withField = (field: string, value: unknown) => {
  const input: Record<string, unknown> = valid();
  if (value === undefined) delete input[field];
  else input[field] = value;
  return input;
};

describe("POST /api/profile/complete", () => {
  test("saves the 9 fields, sets profileCompleted and answers {success, user} without secrets", async () => {
    const customer = await newCustomer();
    expect((await snapshot(customer.id)).profileCompleted).toBe(false);
    const { status, body } = await restComplete(customer, { ...valid(), profilePicture: "", driversLicenseImage: "" });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({
      ...valid(),
      id: customer.id,
      name: "Sipho Dlamini",
      profileCompleted: true,
      profilePicture: null,
      driversLicenseImage: null,
    });
    for (const secret of ["passwordHash", "passwordResetToken", "passwordResetExpires", "googleId"]) expect(body.user).not.toHaveProperty(secret);
    const row = await snapshot(customer.id);
    expect(row).toMatchObject({ ...valid(), profileCompleted: true });
  });

  test("text is trimmed and dd/mm/yyyy dates are stored as yyyy-mm-dd", async () => {
    const customer = await newCustomer();
    const expiry = yearsFromToday(2);
    const display = `${expiry.slice(8, 10)}/${expiry.slice(5, 7)}/${expiry.slice(0, 4)}`;
    const { status } = await restComplete(customer, { ...valid(), address: "  4 Bree Street  ", dateOfBirth: "14/05/1990", driversLicenseExpiryDate: display });
    expect(status).toBe(200);
    expect(await snapshot(customer.id)).toMatchObject({ address: "4 Bree Street", dateOfBirth: "1990-05-14", driversLicenseExpiryDate: expiry });
  });

  test("edge dates: 18 today, a licence expiring today, a passport holder", async () => {
    const customer = await newCustomer();
    const { status, body } = await restComplete(customer, {
      ...valid(),
      dateOfBirth: yearsFromToday(-18),
      driversLicenseExpiryDate: today,
      idType: "passport",
      idNumber: "A1234567",
    });
    expect([status, body.message]).toEqual([200, undefined]);
    expect(body.user.idType).toBe("passport");
  });

  test.each([...BAD_FIELDS, ...WRONG_TYPES])("%s = %j: 400 %s, nothing saved", async (field, value, message) => {
    const customer = await newCustomer();
    const before = await snapshot(customer.id);
    const { status, body } = await restComplete(customer, withField(field, value));
    expect(status).toBe(400);
    expect(body.code).toBe("BAD_USER_INPUT");
    expect(body.message).toBe(message);
    expect(body.fieldErrors[field]).toBe(message);
    expect(await snapshot(customer.id)).toEqual(before);
  });

  test("an empty body, a non-object body or broken JSON: 400 with the first message, nothing saved", async () => {
    const customer = await newCustomer();
    const before = await snapshot(customer.id);
    const empty = await restComplete(customer, {});
    expect([empty.status, empty.body.message]).toEqual([400, "Date of birth is required"]);
    expect(Object.keys(empty.body.fieldErrors).sort()).toEqual([
      "address",
      "city",
      "dateOfBirth",
      "driversLicenseExpiryDate",
      "driversLicenseNumber",
      "idNumber",
      "idType",
      "nationality",
      "postalCode",
    ]);
    for (const raw of ["{broken", "[]", '"text"', "null"]) {
      const response = await fetch(`${server.url}/api/profile/complete`, {
        method: "POST",
        headers: { ...customer.auth, "content-type": "application/json" },
        body: raw,
      });
      expect([raw, response.status]).toEqual([raw, 400]);
    }
    const noBody = await fetch(`${server.url}/api/profile/complete`, { method: "POST", headers: customer.auth });
    expect(noBody.status).toBe(400);
    expect(await snapshot(customer.id)).toEqual(before);
  });

  test("signed out: 401; an admin or dealership token: 403", async () => {
    expect((await restComplete(null, valid())).status).toBe(401);
    const admin = await db().adminUser.create({ data: { email: `${crypto.randomUUID()}@capedrive.test`, passwordHash: "x", firstName: "A", lastName: "K" } });
    const { token } = await createSession(server.services, "admin", admin.id);
    expect((await restComplete({ id: admin.id, auth: { authorization: `Bearer ${token}` } }, valid())).status).toBe(403);
  });

  test("photos: an upload URL or object path of the customer's own uploads is stored as /objects/uploads/<uuid>", async () => {
    const customer = await newCustomer();
    const picture = await uploadPhoto(customer, "profile_picture");
    const licence = await uploadPhoto(customer, "drivers_license");
    const { status, body } = await restComplete(customer, { ...valid(), profilePicture: picture.uploadURL, driversLicenseImage: licence.objectPath });
    expect(status).toBe(200);
    expect(body.user.profilePicture).toBe(picture.objectPath);
    expect(body.user.driversLicenseImage).toBe(licence.objectPath);
    expect(await snapshot(customer.id)).toMatchObject({ profilePicture: picture.objectPath, driversLicenseImage: licence.objectPath });
    // The licence is readable by its owner only.
    expect((await fetch(`${server.url}${body.user.driversLicenseImage}`, { headers: customer.auth })).status).toBe(200);
    expect((await fetch(`${server.url}${body.user.driversLicenseImage}`)).status).toBe(404);
    expect((await fetch(`${server.url}${body.user.profilePicture}`)).status).toBe(200);

    // Submitting the saved values again keeps them; blank values remove the photos.
    const again = await restComplete(customer, { ...valid(), profilePicture: picture.objectPath, driversLicenseImage: licence.objectPath });
    expect(again.status).toBe(200);
    expect(again.body.user.driversLicenseImage).toBe(licence.objectPath);
    const cleared = await restComplete(customer, { ...valid(), profilePicture: "", driversLicenseImage: null });
    expect(cleared.body.user).toMatchObject({ profilePicture: null, driversLicenseImage: null });
  });

  test("photos that are not the customer's own stored upload of the right kind: 400, nothing saved", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const othersPicture = await uploadPhoto(other, "profile_picture");
    const othersLicence = await uploadPhoto(other, "drivers_license");
    const pending = await uploadPhoto(customer, "profile_picture", false);
    const ownPicture = await uploadPhoto(customer, "profile_picture");
    const ownLicence = await uploadPhoto(customer, "drivers_license");
    const cases: [string, string, string][] = [
      ["another customer's picture (object path)", "profilePicture", othersPicture.objectPath],
      ["another customer's picture (upload URL)", "profilePicture", othersPicture.uploadURL],
      ["another customer's licence", "driversLicenseImage", othersLicence.objectPath],
      ["an upload never sent", "profilePicture", pending.objectPath],
      ["a profile picture as the licence", "driversLicenseImage", ownPicture.objectPath],
      ["a licence as the profile picture", "profilePicture", ownLicence.objectPath],
      ["an outside URL", "profilePicture", "https://example.com/me.jpg"],
      ["an unknown object", "profilePicture", `/objects/uploads/${crypto.randomUUID()}`],
      ["a traversal", "driversLicenseImage", "/objects/uploads/../../capedrive.db"],
      ["not a path at all", "profilePicture", "my photo"],
    ];
    const before = await snapshot(customer.id);
    for (const [name, field, value] of cases) {
      const { status, body } = await restComplete(customer, { ...valid(), [field]: value });
      expect([name, status, body.message, body.fieldErrors?.[field]]).toEqual([name, 400, MESSAGES.uploadAgain, MESSAGES.uploadAgain]);
    }
    expect(await snapshot(customer.id)).toEqual(before);
  });
});

describe("GraphQL completeProfile", () => {
  test("saves the profile and returns the User", async () => {
    const customer = await newCustomer();
    const licence = await uploadPhoto(customer, "drivers_license");
    const { status, body } = await graphqlComplete(customer, { ...valid(), driversLicenseImage: licence.uploadURL });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.completeProfile).toMatchObject({
      ...valid(),
      id: customer.id,
      profileCompleted: true,
      profilePicture: null,
      driversLicenseImage: licence.objectPath,
    });
    expect(await snapshot(customer.id)).toMatchObject({ ...valid(), profileCompleted: true });
  });

  test.each(BAD_FIELDS)("%s = %j: BAD_USER_INPUT %s, nothing saved", async (field, value, message) => {
    const customer = await newCustomer();
    const before = await snapshot(customer.id);
    const input = withField(field, value);
    // An unknown enum value cannot even reach the resolver over GraphQL: refused with the values it takes.
    const enumValue = field === "idType" && typeof value === "string" && value !== "";
    const { body } = await graphqlComplete(customer, enumValue ? input : { ...input, ...(field === "idType" && value === "" ? { idType: null } : {}) });
    expect(body.data?.completeProfile ?? null).toBeNull();
    if (enumValue) {
      expect(body.errors?.[0]).toMatchObject({
        message: "ID type must be one of: passport, south_african_id",
        extensions: { code: "BAD_USER_INPUT", fieldErrors: { idType: "ID type must be one of: passport, south_african_id" } },
      });
    } else {
      const error = body.errors?.[0] as { message: string; extensions: { code: string; fieldErrors: Record<string, string> } };
      expect(error.message).toBe(message);
      expect(error.extensions.code).toBe("BAD_USER_INPUT");
      expect(error.extensions.fieldErrors[field]).toBe(message);
    }
    expect(await snapshot(customer.id)).toEqual(before);
  });

  test("another customer's licence image: BAD_USER_INPUT, nothing saved; signed out: UNAUTHENTICATED", async () => {
    const customer = await newCustomer();
    const theirs = await uploadPhoto(await newCustomer(), "drivers_license");
    const before = await snapshot(customer.id);
    const { body } = await graphqlComplete(customer, { ...valid(), driversLicenseImage: theirs.objectPath });
    expect(body.errors?.[0]?.message).toBe(MESSAGES.uploadAgain);
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await snapshot(customer.id)).toEqual(before);
    const anonymous = await graphqlComplete(null, valid());
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("profileDateProblems (Cape Town's calendar)", () => {
  const at = (iso: string) => new Date(iso);
  const ok = { dateOfBirth: "1990-01-01", driversLicenseExpiryDate: "2030-01-01" };

  test("18 on the day of the 18th birthday, not the day before", () => {
    const now = at("2025-06-15T10:00:00Z");
    expect(profileDateProblems({ ...ok, dateOfBirth: "2007-06-15" }, now)).toEqual({});
    expect(profileDateProblems({ ...ok, dateOfBirth: "2007-06-16" }, now)).toEqual({ dateOfBirth: PROFILE_DATE_MESSAGES.tooYoung });
  });

  test("born on 29 February: 18 on 1 March of a common year", () => {
    expect(profileDateProblems({ ...ok, dateOfBirth: "2008-02-29" }, at("2026-02-28T12:00:00Z"))).toEqual({ dateOfBirth: PROFILE_DATE_MESSAGES.tooYoung });
    expect(profileDateProblems({ ...ok, dateOfBirth: "2008-02-29" }, at("2026-03-01T12:00:00Z"))).toEqual({});
  });

  test("the day turns at midnight in Cape Town, not UTC", () => {
    // 22:30 UTC on 30 June is 00:30 on 1 July in Cape Town.
    const now = at("2025-06-30T22:30:00Z");
    expect(profileDateProblems({ ...ok, driversLicenseExpiryDate: "2025-06-30" }, now)).toEqual({
      driversLicenseExpiryDate: PROFILE_DATE_MESSAGES.licenceExpired,
    });
    expect(profileDateProblems({ ...ok, driversLicenseExpiryDate: "2025-07-01" }, now)).toEqual({});
    expect(profileDateProblems({ ...ok, dateOfBirth: "2007-07-01" }, now)).toEqual({});
  });

  test("both problems at once are both reported", () => {
    const problems = profileDateProblems({ dateOfBirth: "2099-01-01", driversLicenseExpiryDate: "2000-01-01" }, at("2025-01-01T12:00:00Z"));
    expect(problems).toEqual({ dateOfBirth: PROFILE_DATE_MESSAGES.dateOfBirthFuture, driversLicenseExpiryDate: PROFILE_DATE_MESSAGES.licenceExpired });
  });
});
