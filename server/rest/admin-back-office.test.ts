// The rest of the back office over real HTTP: customers (shape, server-side search, stats in
// Cape Town time, documents for admins only), service areas (polygon rules), API keys (shown
// once, stored hashed, revocation, lastUsed), the audit log and the dashboard figures.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { fleetUtilisation } from "#domain";
import { customerStats, startOfCapeTownMonth } from "../services/admin-customers";
import { hashApiKey, LAST_USED_RESOLUTION_MS, resolveApiKey } from "../services/api-keys";
import {
  caller,
  expectRefusedUnchanged,
  newAdmin,
  newBooking,
  newCustomerWithToken,
  newDealershipWithToken,
  newFleetVehicle,
  uploadPhoto,
  type TestActor,
} from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

// argon2id hashing and many HTTP calls per test: generous under a loaded CI machine.
setDefaultTimeout(60_000);

let server: TestServer;
let admin: TestActor & { email: string };
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  admin = await newAdmin(server.services);
});
afterAll(async () => {
  await server?.close();
});

const call = caller(() => server.url);
const services = () => server.services;
const db = () => server.services.db;
const as = () => admin.auth;
const adminViewer = () => ({ kind: "admin" as const, adminId: admin.id, sessionId: "s", clientAddress: "t" });

const CUSTOMER_KEYS = [
  "address",
  "city",
  "createdAt",
  "dateOfBirth",
  "driversLicenseExpiryDate",
  "driversLicenseImage",
  "driversLicenseNumber",
  "email",
  "id",
  "idNumber",
  "idType",
  "name",
  "nationality",
  "phone",
  "postalCode",
  "profileCompleted",
  "profilePicture",
].sort();

const SQUARE = {
  type: "Polygon",
  coordinates: [
    [
      [18.3, -33.8],
      [18.9, -33.8],
      [18.9, -34.1],
      [18.3, -34.1],
      [18.3, -33.8],
    ],
  ],
};

// Customers -------------------------------------------------------------------------------------

describe("GET /api/admin/customers", () => {
  test("the admin customer shape (no secrets); newest first; search by name, email or phone on the server", async () => {
    const lindiwe = await newCustomerWithToken(services(), { name: "Lindiwe Zulu", email: "lindiwe.zulu@example.com", phone: "082 111 2233" });
    await db().user.update({
      where: { id: lindiwe.id },
      data: { passwordHash: "$argon2id$secret", googleId: "google-123", passwordResetToken: "reset-hash", city: "Durbanville" },
    });
    const pieter = await newCustomerWithToken(services(), { name: "Pieter van Wyk", email: "pieter@example.org", phone: "0219998877" });

    const all = await call("GET", "/api/admin/customers", { auth: as() });
    expect(all.status).toBe(200);
    expect(all.body[0].id).toBe(pieter.id);
    const entry = all.body.find((c: any) => c.id === lindiwe.id);
    expect(Object.keys(entry).sort()).toEqual(CUSTOMER_KEYS);
    expect(entry).toMatchObject({
      name: "Lindiwe Zulu",
      email: "lindiwe.zulu@example.com",
      phone: "082 111 2233",
      city: "Durbanville",
      profileCompleted: false,
    });
    const text = JSON.stringify(all.body);
    for (const secret of ["$argon2id$secret", "google-123", "reset-hash"]) expect(text).not.toContain(secret);
    expect(all.headers.get("x-total-count")).toBe(String(await db().user.count()));

    const ids = async (search: string) =>
      (await call("GET", `/api/admin/customers?search=${encodeURIComponent(search)}`, { auth: as() })).body.map((c: any) => c.id);
    expect(await ids("lindiwe")).toEqual([lindiwe.id]);
    expect(await ids("ZULU")).toEqual([lindiwe.id]);
    expect(await ids("van wyk")).toEqual([pieter.id]);
    expect(await ids("example.org")).toEqual([pieter.id]);
    expect(await ids("LINDIWE.ZULU@")).toEqual([lindiwe.id]);
    expect(await ids("111 22")).toEqual([lindiwe.id]);
    expect(await ids("021999")).toEqual([pieter.id]);
    // A phone number typed another way than it was stored: without spaces, with them, or as +27.
    expect(await ids("0821112233")).toEqual([lindiwe.id]);
    expect(await ids("+27 82 111 2233")).toEqual([lindiwe.id]);
    expect(await ids("021 999 8877")).toEqual([pieter.id]);
    expect(await ids("+27219998877")).toEqual([pieter.id]);
    expect(await ids("nobody-like-this")).toEqual([]);
    const found = await call("GET", "/api/admin/customers?search=lindiwe", { auth: as() });
    expect(found.headers.get("x-total-count")).toBe("1");
    for (const query of ["limit=0", "limit=101", `search=${"x".repeat(101)}`, "profileCompleted=maybe"])
      expect((await call("GET", `/api/admin/customers?${query}`, { auth: as() })).status).toBe(400);
  });

  test("GET /api/admin/customers/:id and GraphQL adminCustomers / adminCustomer", async () => {
    const customer = await newCustomerWithToken(services(), { name: "Sipho Ndlovu", email: "sipho@example.com" });
    const one = await call("GET", `/api/admin/customers/${customer.id}`, { auth: as() });
    expect(one.body).toMatchObject({ id: customer.id, name: "Sipho Ndlovu" });
    expect((await call("GET", `/api/admin/customers/${crypto.randomUUID()}`, { auth: as() })).status).toBe(404);
    const gql = await graphql(server.url, `{ adminCustomers(search: "sipho") { total items { id name email driversLicenseImage } } }`, {}, as());
    expect(gql.body.data.adminCustomers).toEqual({
      total: 1,
      items: [{ id: customer.id, name: "Sipho Ndlovu", email: "sipho@example.com", driversLicenseImage: null }],
    });
    const single = await graphql(server.url, `query($id: ID!) { adminCustomer(id: $id) { email } }`, { id: customer.id }, as());
    expect(single.body.data.adminCustomer.email).toBe("sipho@example.com");
  });

  test("stats: total, completed profiles, new this month on Cape Town's calendar", async () => {
    // 1 March 2025 00:00 in Cape Town is 28 February 22:00 UTC.
    const now = new Date("2025-03-15T10:00:00Z");
    expect(startOfCapeTownMonth(now).toISOString()).toBe("2025-02-28T22:00:00.000Z");
    expect(startOfCapeTownMonth(new Date("2025-02-28T22:30:00Z")).toISOString()).toBe("2025-02-28T22:00:00.000Z");
    const base = await customerStats(services(), adminViewer(), now);
    await newCustomerWithToken(services(), { createdAt: new Date("2025-02-28T22:00:00Z"), profileCompleted: true });
    await newCustomerWithToken(services(), { createdAt: new Date("2025-03-10T12:00:00Z") });
    await newCustomerWithToken(services(), { createdAt: new Date("2025-02-28T21:59:59Z"), profileCompleted: true });
    const after = await customerStats(services(), adminViewer(), now);
    expect(after).toEqual({ total: base.total + 3, completedProfiles: base.completedProfiles + 2, newThisMonth: base.newThisMonth + 2 });
    const rest = await call("GET", "/api/admin/customers/stats", { auth: as() });
    expect(rest.body).toEqual({
      total: await db().user.count(),
      completedProfiles: await db().user.count({ where: { profileCompleted: true } }),
      newThisMonth: await db().user.count({ where: { createdAt: { gte: startOfCapeTownMonth() } } }),
    });
    const gql = await graphql(server.url, `{ customerStats { total completedProfiles newThisMonth } }`, {}, as());
    expect(gql.body.data.customerStats).toEqual(rest.body);
  });

  test("documents: a customer's licence image is readable by admins, never by API keys or other customers", async () => {
    const customer = await newCustomerWithToken(services());
    const licence = await uploadPhoto(server.url, customer.auth, "drivers_license");
    await db().user.update({ where: { id: customer.id }, data: { driversLicenseImage: licence.objectPath } });
    const listed = (await call("GET", `/api/admin/customers/${customer.id}`, { auth: as() })).body;
    expect(listed.driversLicenseImage).toBe(licence.objectPath);
    expect((await fetch(`${server.url}${licence.objectPath}`, { headers: as() })).status).toBe(200);
    const { key } = await (await import("../services/api-keys")).issueApiKey(services(), adminViewer(), { name: "crm", permissions: ["customers:read"] });
    expect((await fetch(`${server.url}${licence.objectPath}`, { headers: { "x-api-key": key } })).status).toBe(404);
    expect((await fetch(`${server.url}${licence.objectPath}`, { headers: (await newCustomerWithToken(services())).auth })).status).toBe(404);
    expect((await fetch(`${server.url}${licence.objectPath}`)).status).toBe(404);
  });
});

// Service areas -----------------------------------------------------------------------------------

describe("service areas", () => {
  test("create from a Polygon, a Feature or GeoJSON text: stored as a bare Polygon; listed by name; audited", async () => {
    const polygon = await call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "  Cape Town metro ", polygon: SQUARE } });
    expect(polygon.status).toBe(201);
    expect(polygon.body).toMatchObject({ name: "Cape Town metro", isActive: true, polygon: SQUARE });
    const feature = await call("POST", "/api/admin/service-areas", {
      auth: as(),
      body: {
        name: "Airport",
        isActive: false,
        polygon: { type: "Feature", properties: { a: 1 }, geometry: { ...SQUARE, coordinates: [SQUARE.coordinates[0]!.map(([x, y]) => [x!, y!, 12])] } },
      },
    });
    expect(feature.status).toBe(201);
    expect(feature.body).toMatchObject({ isActive: false, polygon: SQUARE });
    const text = await call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "Bellville", polygon: JSON.stringify(SQUARE) } });
    expect(text.body.polygon).toEqual(SQUARE);
    const list = await call("GET", "/api/admin/service-areas", { auth: as() });
    const names = list.body.map((a: any) => a.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["Airport", "Bellville", "Cape Town metro"]));
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: polygon.body.id } });
    expect(audit).toMatchObject({ action: "service_area.create", actorId: admin.id });
    expect(audit.after).toEqual({ name: "Cape Town metro", isActive: true, polygon: SQUARE });
  });

  test("a name another area has, in any case, is refused (409 naming the field), on create and on edit; nothing stored", async () => {
    const first = await call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "Muizenberg", polygon: SQUARE } });
    expect(first.status).toBe(201);
    const before = await db().serviceArea.count();
    const again = await call("POST", "/api/admin/service-areas", { auth: as(), body: { name: " MUIZENBERG ", polygon: SQUARE } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: "A service area with this name already exists",
      fieldErrors: { name: "A service area with this name already exists" },
    });
    expect(await db().serviceArea.count()).toBe(before);
    const other = await call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "Kalk Bay", polygon: SQUARE } });
    expect((await call("PUT", `/api/admin/service-areas/${other.body.id}`, { auth: as(), body: { name: "muizenberg" } })).status).toBe(409);
    // An area keeps its own name through an edit.
    expect((await call("PUT", `/api/admin/service-areas/${first.body.id}`, { auth: as(), body: { name: "Muizenberg", isActive: false } })).status).toBe(200);
  });

  test("bad polygons and names: 400 with the reason, nothing stored", async () => {
    const ring = SQUARE.coordinates[0]!;
    const cases: [unknown, RegExp][] = [
      [{ type: "Polygon", coordinates: [ring.slice(0, -1)] }, /must be closed/],
      [
        {
          type: "Polygon",
          coordinates: [
            [
              [18.3, -33.8],
              [18.9, -33.8],
              [18.3, -33.8],
            ],
          ],
        },
        /at least 3 distinct points/,
      ],
      [
        {
          type: "Polygon",
          coordinates: [
            [
              [18.3, -33.8],
              [18.9, -33.8],
              [18.9, -33.8],
              [18.3, -33.8],
            ],
          ],
        },
        /at least 3 distinct points/,
      ],
      [
        {
          type: "Polygon",
          coordinates: [
            [
              [18.3, 95],
              [18.9, -33.8],
              [18.9, -34.1],
              [18.3, 95],
            ],
          ],
        },
        /Latitude must be between -90 and 90/,
      ],
      [
        {
          type: "Polygon",
          coordinates: [
            [
              [190, -33],
              [18.9, -33.8],
              [18.9, -34.1],
              [190, -33],
            ],
          ],
        },
        /Longitude must be between -180 and 180/,
      ],
      [
        {
          type: "Polygon",
          coordinates: [
            [
              ["18", "-33"],
              [18.9, -33.8],
              [18.9, -34.1],
              ["18", "-33"],
            ],
          ],
        },
        /\[longitude, latitude\] numbers/,
      ],
      [{ type: "Polygon", coordinates: [] }, /non-empty list of rings/],
      [{ type: "Point", coordinates: [18.4, -33.9] }, /GeoJSON Polygon/],
      [{ type: "Feature", geometry: { type: "LineString", coordinates: ring } }, /geometry must be a Polygon/],
      [ring, /GeoJSON Polygon/],
      ["not json at all", /valid GeoJSON text/],
      [42, /GeoJSON Polygon/],
      [null, /GeoJSON Polygon/],
      [undefined, /GeoJSON Polygon/],
    ];
    for (const [polygon, message] of cases) {
      const answer = await expectRefusedUnchanged(
        services(),
        () => call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "Bad", polygon } }),
        400,
        message,
      );
      expect(answer.body.fieldErrors.polygon).toBe(answer.body.message);
    }
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/service-areas", { auth: as(), body: { name: " ", polygon: SQUARE } }),
      400,
      "Name is required",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "X", isActive: "yes", polygon: SQUARE } }),
      400,
    );
  });

  test("update: deactivate, rename, new polygon; a bad polygon changes nothing; delete; 404s; audited", async () => {
    const created = (await call("POST", "/api/admin/service-areas", { auth: as(), body: { name: "Winelands", polygon: SQUARE } })).body;
    const off = await call("PUT", `/api/admin/service-areas/${created.id}`, { auth: as(), body: { isActive: false } });
    expect(off.body).toMatchObject({ name: "Winelands", isActive: false, polygon: SQUARE });
    const moved = {
      type: "Polygon",
      coordinates: [
        [
          [18.8, -33.9],
          [19.0, -33.9],
          [19.0, -34.0],
          [18.8, -33.9],
        ],
      ],
    };
    const changed = await call("PUT", `/api/admin/service-areas/${created.id}`, { auth: as(), body: { name: "Stellenbosch", polygon: moved, isActive: true } });
    expect(changed.body).toMatchObject({ name: "Stellenbosch", isActive: true, polygon: moved });
    await expectRefusedUnchanged(
      services(),
      () =>
        call("PUT", `/api/admin/service-areas/${created.id}`, {
          auth: as(),
          body: {
            polygon: {
              type: "Polygon",
              coordinates: [
                [
                  [1, 2],
                  [3, 4],
                ],
              ],
            },
          },
        }),
      400,
    );
    await expectRefusedUnchanged(services(), () => call("PUT", `/api/admin/service-areas/${created.id}`, { auth: as(), body: { polygon: null } }), 400);
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/service-areas/${crypto.randomUUID()}`, { auth: as(), body: { isActive: false } }),
      404,
      "Service area not found",
    );
    const audits = await db().auditLog.findMany({ where: { entityId: created.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["service_area.create", "service_area.update", "service_area.update"]);
    expect(audits[1]!.before).toMatchObject({ isActive: true });
    expect(audits[1]!.after).toMatchObject({ isActive: false });
    expect((await call("DELETE", `/api/admin/service-areas/${created.id}`, { auth: as() })).body).toEqual({ success: true });
    expect(await db().serviceArea.findUnique({ where: { id: created.id } })).toBeNull();
    expect((await db().auditLog.findFirstOrThrow({ where: { entityId: created.id, action: "service_area.delete" } })).before).toMatchObject({
      name: "Stellenbosch",
    });
    await expectRefusedUnchanged(services(), () => call("DELETE", `/api/admin/service-areas/${created.id}`, { auth: as() }), 404, "Service area not found");
  });

  test("GraphQL: create with a JSON polygon, update, list, delete; errors name the problem", async () => {
    const create = await graphql(
      server.url,
      `mutation($p: JSON) { createServiceArea(input: { name: "Gql", polygon: $p }) { id name isActive polygon } }`,
      { p: SQUARE },
      as(),
    );
    expect(create.body.data.createServiceArea).toMatchObject({ name: "Gql", isActive: true, polygon: SQUARE });
    const inline = await graphql(
      server.url,
      `mutation { createServiceArea(input: { name: "Inline", polygon: { type: "Polygon", coordinates: [[[18.3, -33.8], [18.9, -33.8], [18.9, -34.1], [18.3, -33.8]]] } }) { polygon } }`,
      {},
      as(),
    );
    expect(inline.body.errors).toBeUndefined();
    const bad = await graphql(
      server.url,
      `mutation($p: JSON) { createServiceArea(input: { name: "Bad", polygon: $p }) { id } }`,
      {
        p: {
          type: "Polygon",
          coordinates: [
            [
              [18, 95],
              [19, -33],
              [19, -34],
              [18, 95],
            ],
          ],
        },
      },
      as(),
    );
    expect(bad.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    expect(bad.body.errors?.[0]?.message).toMatch(/Latitude/);
    const id = create.body.data.createServiceArea.id;
    const update = await graphql(server.url, `mutation($id: ID!) { updateServiceArea(id: $id, input: { isActive: false }) { isActive } }`, { id }, as());
    expect(update.body.data.updateServiceArea.isActive).toBe(false);
    const list = await graphql(server.url, `{ serviceAreas { id } }`, {}, as());
    expect(list.body.data.serviceAreas.map((a: any) => a.id)).toContain(id);
    expect((await graphql(server.url, `mutation($id: ID!) { deleteServiceArea(id: $id) }`, { id }, as())).body.data.deleteServiceArea).toBe(true);
  });
});

// API keys ----------------------------------------------------------------------------------------

describe("API keys", () => {
  test("issued once: rk_ + 32 random bytes; only a SHA-256 hash and a display prefix are stored; never listed", async () => {
    const answer = await call("POST", "/api/admin/api-keys", {
      auth: as(),
      body: { name: " Fleet sync ", permissions: ["bookings:read", "vehicles:read", "vehicles:read"] },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const { key, apiKey } = answer.body;
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(3), "base64url")).toHaveLength(32);
    expect(apiKey).toMatchObject({
      name: "Fleet sync",
      prefix: key.slice(0, 11),
      permissions: ["vehicles:read", "bookings:read"],
      isActive: true,
      lastUsed: null,
    });
    expect(Object.keys(apiKey).sort()).toEqual(["createdAt", "id", "isActive", "lastUsed", "name", "permissions", "prefix"]);

    const row = await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.keyHash).toBe(new Bun.CryptoHasher("sha256").update(key).digest("hex"));
    expect(row.keyHash).toBe(hashApiKey(key));
    // The key itself is nowhere in the database: not in the key row, not in the audit log.
    const everything = JSON.stringify([await db().apiKey.findMany(), await db().auditLog.findMany(), await db().session.findMany()]);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(11));
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: apiKey.id } });
    expect(audit).toMatchObject({ action: "api_key.issue", actorId: admin.id, before: null });
    expect(JSON.stringify(audit.after)).not.toContain(row.keyHash);

    const list = await call("GET", "/api/admin/api-keys", { auth: as() });
    expect(list.body[0]).toEqual(apiKey);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(JSON.stringify(list.body)).not.toContain(row.keyHash);
    const gql = await graphql(server.url, `{ apiKeys { id prefix permissions } apiKeyPermissions }`, {}, as());
    expect(gql.body.data.apiKeyPermissions).toEqual(["vehicles:read", "bookings:read", "bookings:write", "customers:read", "service-areas:read"]);
    expect(JSON.stringify(gql.body)).not.toContain(key);
  });

  test("bad input: 400 with the reason, nothing stored", async () => {
    const cases: [unknown, string][] = [
      [{ permissions: ["vehicles:read"] }, "Name is required"],
      [{ name: "  ", permissions: ["vehicles:read"] }, "Name is required"],
      [{ name: "x".repeat(101), permissions: ["vehicles:read"] }, "Name must be at most 100 characters"],
      [{ name: "K" }, "Choose at least one permission"],
      [{ name: "K", permissions: [] }, "Choose at least one permission"],
      [{ name: "K", permissions: ["admin:all"] }, "Unknown permission"],
      [{ name: "K", permissions: ["vehicles:write"] }, "Unknown permission"],
      [{ name: "K", permissions: "vehicles:read" }, "Choose at least one permission"],
    ];
    for (const [body, message] of cases)
      await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/api-keys", { auth: as(), body }), 400, message);
  });

  test("revoke: the key stops working at once; revoking again changes nothing; unknown 404", async () => {
    const { key, apiKey } = (await call("POST", "/api/admin/api-keys", { auth: as(), body: { name: "Temp", permissions: ["vehicles:read"] } })).body;
    expect((await call("GET", "/api/admin/vehicles", { auth: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const revoked = await call("DELETE", `/api/admin/api-keys/${apiKey.id}`, { auth: as() });
    expect(revoked.body).toMatchObject({ id: apiKey.id, isActive: false });
    for (const auth of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }] as Record<string, string>[]) {
      const refused = await call("GET", "/api/admin/vehicles", { auth });
      expect(refused).toMatchObject({ status: 401, body: { message: "This API key is not valid or has been revoked" } });
    }
    expect((await call("POST", `/api/admin/api-keys/${apiKey.id}/revoke`, { auth: as() })).body.isActive).toBe(false);
    expect(await db().auditLog.count({ where: { entityId: apiKey.id, action: "api_key.revoke" } })).toBe(1);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: apiKey.id, action: "api_key.revoke" } });
    expect(audit.before).toMatchObject({ isActive: true });
    expect(audit.after).toMatchObject({ isActive: false });
    await expectRefusedUnchanged(services(), () => call("DELETE", `/api/admin/api-keys/${crypto.randomUUID()}`, { auth: as() }), 404, "API key not found");
    const gql = await graphql(server.url, `mutation($id: ID!) { revokeApiKey(id: $id) { isActive } }`, { id: apiKey.id }, as());
    expect(gql.body.data.revokeApiKey.isActive).toBe(false);
  });

  test("lastUsed: set on first use, then written at most once a minute", async () => {
    const { key, apiKey } = (await call("POST", "/api/admin/api-keys", { auth: as(), body: { name: "Usage", permissions: ["service-areas:read"] } })).body;
    const before = Date.now();
    expect((await call("GET", "/api/admin/service-areas", { auth: { "x-api-key": key } })).status).toBe(200);
    const first = (await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsed!;
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await call("GET", "/api/admin/api-keys", { auth: as() })).body.find((k: any) => k.id === apiKey.id).lastUsed).toBe(first.toISOString());
    // Within the minute: not written again.
    await call("GET", "/api/admin/service-areas", { auth: { "x-api-key": key } });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsed!.getTime()).toBe(first.getTime());
    // Older than a minute: refreshed.
    const old = new Date(Date.now() - LAST_USED_RESOLUTION_MS - 5_000);
    await db().apiKey.update({ where: { id: apiKey.id }, data: { lastUsed: old } });
    await call("GET", "/api/admin/service-areas", { auth: { authorization: `Bearer ${key}` } });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsed!.getTime()).toBeGreaterThan(old.getTime() + LAST_USED_RESOLUTION_MS);
    // Many requests at once write it once.
    await db().apiKey.update({ where: { id: apiKey.id }, data: { lastUsed: old } });
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 8 }, () => resolveApiKey(services(), key, now)));
    expect(results.every((r) => r?.apiKeyId === apiKey.id)).toBe(true);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsed!.getTime()).toBe(now.getTime());
    // A refused key is not marked used.
    await db().apiKey.update({ where: { id: apiKey.id }, data: { isActive: false, lastUsed: old } });
    await call("GET", "/api/admin/service-areas", { auth: { "x-api-key": key } });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsed!.getTime()).toBe(old.getTime());
  });

  test("a session token in Authorization wins over an X-API-Key header; malformed keys are refused", async () => {
    const { key, apiKey } = (await call("POST", "/api/admin/api-keys", { auth: as(), body: { name: "Both", permissions: ["vehicles:read"] } })).body;
    await call("DELETE", `/api/admin/api-keys/${apiKey.id}`, { auth: as() });
    expect((await call("GET", "/api/admin/dashboard", { auth: { ...as(), "x-api-key": key } })).status).toBe(200);
    for (const bad of ["rk_", "rk_short", `rk_${"a".repeat(44)}`, `${key} `, key.toUpperCase(), "rk_" + "!".repeat(43)]) {
      expect((await call("GET", "/api/admin/vehicles", { auth: { "x-api-key": bad } })).status).toBe(401);
    }
  });

  test("customers and dealerships cannot issue keys", async () => {
    const customer = await newCustomerWithToken(services());
    const dealership = await newDealershipWithToken(services());
    for (const auth of [customer.auth, dealership.auth])
      await expectRefusedUnchanged(
        services(),
        () => call("POST", "/api/admin/api-keys", { auth, body: { name: "Mine", permissions: ["customers:read"] } }),
        403,
      );
  });
});

// Audit log and dashboard ---------------------------------------------------------------------------

describe("GET /api/admin/audit-log", () => {
  test("newest first, paged, filterable; actors named; no secrets anywhere", async () => {
    const vehicle = (
      await call("POST", "/api/admin/vehicles", {
        auth: as(),
        body: { make: "Audi", model: "A3", year: 2022, category: "medium", transmission: "automatic", pricePerDay: 700, licensePlate: "AUD 001" },
      })
    ).body;
    await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { pricePerDay: 720 } });
    await call("DELETE", `/api/admin/vehicles/${vehicle.id}`, { auth: as() });

    const log = await call("GET", "/api/admin/audit-log?limit=3", { auth: as() });
    expect(log.status).toBe(200);
    expect(log.body.map((e: any) => e.action)).toEqual(["vehicle.delete", "vehicle.update", "vehicle.create"]);
    expect(log.body[0]).toMatchObject({
      actorType: "admin",
      actorId: admin.id,
      actorName: `Ada Admin (${admin.email})`,
      entity: "vehicle",
      entityId: vehicle.id,
      after: null,
    });
    expect(log.body[1].before.pricePerDay).toBe("700.00");
    expect(log.body[1].after.pricePerDay).toBe("720.00");
    expect(Number(log.headers.get("x-total-count"))).toBe(await db().auditLog.count());
    const forVehicle = await call("GET", `/api/admin/audit-log?entity=vehicle&entityId=${vehicle.id}`, { auth: as() });
    expect(forVehicle.body).toHaveLength(3);
    expect(forVehicle.headers.get("x-total-count")).toBe("3");
    const second = await call("GET", "/api/admin/audit-log?limit=1&offset=1", { auth: as() });
    expect(second.body[0].id).toBe(log.body[1].id);
    expect((await call("GET", "/api/admin/audit-log?limit=500", { auth: as() })).status).toBe(400);

    const everything = JSON.stringify(await db().auditLog.findMany());
    expect(everything).not.toContain("argon2");
    expect(everything).not.toMatch(/rk_[A-Za-z0-9_-]{43}/);
    const gql = await graphql(
      server.url,
      `{ auditLog(limit: 2, entity: "vehicle") { total items { action actorType actorName before after createdAt } } }`,
      {},
      as(),
    );
    expect(gql.body.data.auditLog.items[0]).toMatchObject({ action: "vehicle.delete", actorType: "admin", after: null });
  });
});

describe("GET /api/admin/dashboard", () => {
  test("the four figures and the 5 most recent bookings match the data", async () => {
    // A fresh picture: this file's other tests made their own rows; count them all from the database.
    const dealership = await newDealershipWithToken(services());
    await newFleetVehicle(services(), { dealershipId: dealership.id });
    await newFleetVehicle(services(), { status: "rented" });
    await newFleetVehicle(services(), { status: "maintenance" });
    const customer = await newCustomerWithToken(services());
    const t0 = Date.now();
    const made = [];
    for (const [i, status] of (["confirmed", "in_progress", "pending", "completed", "cancelled", "confirmed", "in_progress"] as const).entries()) {
      made.push(await newBooking(services(), { userId: customer.id, status, createdAt: new Date(t0 + 60_000 + i * 1000) }));
    }
    const fleet = { dealershipId: null };
    const totalVehicles = await db().vehicle.count({ where: fleet });
    const availableVehicles = await db().vehicle.count({ where: { ...fleet, status: "available" } });
    const activeBookings = await db().booking.count({ where: { status: { in: ["confirmed", "in_progress"] } } });
    const totalBookings = await db().booking.count();

    const answer = await call("GET", "/api/admin/dashboard", { auth: as() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      totalVehicles,
      availableVehicles,
      activeBookings,
      totalBookings,
      fleetUtilization: fleetUtilisation(activeBookings, totalVehicles),
    });
    expect(answer.body.fleetUtilization).toBe(Math.round((activeBookings / totalVehicles) * 100));
    expect(answer.body.recentBookings.map((b: any) => b.id)).toEqual(
      made
        .slice(-5)
        .reverse()
        .map((b) => b.id),
    );
    expect(answer.body.recentBookings[0]).toMatchObject({ carCategory: "small", totalPrice: "900.00", status: "in_progress", user: { id: customer.id } });

    const gql = await graphql(
      server.url,
      `{ adminDashboard { totalVehicles availableVehicles activeBookings totalBookings fleetUtilization recentBookings { id } } }`,
      {},
      as(),
    );
    expect(gql.body.data.adminDashboard).toEqual({ ...answer.body, recentBookings: answer.body.recentBookings.map((b: any) => ({ id: b.id })) });
  });
});
