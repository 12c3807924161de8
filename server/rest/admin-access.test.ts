// Who may call what in the admin area, table-driven over every admin REST route and GraphQL
// operation: nobody, a customer, a dealership, a stale admin token and a revoked or made-up API
// key are refused (401/403) with nothing changed; an admin may call everything; an API key may
// call exactly the routes its permission names and nothing else.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from "#domain";
import { issueApiKey } from "../services/api-keys";
import { caller, fingerprint, newAdmin, newBooking, newCustomerWithToken, newDealershipWithToken, newFleetVehicle, type Answer } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

// argon2id hashing and many HTTP calls per test: generous under a loaded CI machine.
setDefaultTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await server?.close();
});

const call = caller(() => server.url);
const services = () => server.services;

const POLYGON = {
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

type Fixtures = { vehicleId: string; otherVehicleId: string; bookingId: string; customerId: string; areaId: string; keyId: string };

/** Fresh rows for one call: a vehicle with nothing booked, a booking with a matching free vehicle, an area, a key. */
async function fixtures(): Promise<Fixtures> {
  const admin = await newAdmin(services());
  const customer = await newCustomerWithToken(services());
  const vehicle = await newFleetVehicle(services());
  const other = await newFleetVehicle(services(), { category: "medium" });
  const booking = await newBooking(services(), { userId: customer.id, category: "medium" });
  // Each fixture's area has its own name: a name is taken whatever area has it.
  const area = await services().db.serviceArea.create({ data: { name: `Metro ${crypto.randomUUID().slice(0, 8)}`, polygon: POLYGON } });
  const { apiKey } = await issueApiKey(
    services(),
    { kind: "admin", adminId: admin.id, sessionId: "x", clientAddress: "t" },
    { name: "spare", permissions: ["vehicles:read"] },
  );
  return { vehicleId: vehicle.id, otherVehicleId: other.id, bookingId: booking.id, customerId: customer.id, areaId: area.id, keyId: apiKey.id };
}

/** What an API key needs for an operation: one permission, or several that it must hold all of. */
type Needs = ApiKeyPermission | readonly ApiKeyPermission[];
type Route = { method: string; path: (f: Fixtures) => string; body?: (f: Fixtures) => unknown; permission?: Needs };

const needed = (needs: Needs | undefined): readonly ApiKeyPermission[] => (needs === undefined ? [] : typeof needs === "string" ? [needs] : needs);
/** Whether a key holding only `permission` may call an operation that needs `needs`. */
const allowsAlone = (needs: Needs | undefined, permission: ApiKeyPermission) => needed(needs).length === 1 && needed(needs)[0] === permission;

const ROUTES: Route[] = [
  { method: "GET", path: () => "/api/admin/me" },
  { method: "POST", path: () => "/api/admin/signout" },
  { method: "GET", path: () => "/api/admin/dashboard" },
  { method: "GET", path: () => "/api/admin/vehicles", permission: "vehicles:read" },
  {
    method: "POST",
    path: () => "/api/admin/vehicles",
    body: () => ({
      make: "Kia",
      model: "Picanto",
      year: 2024,
      category: "small",
      transmission: "manual",
      pricePerDay: 420,
      licensePlate: `CA ${crypto.randomUUID().slice(0, 6)}`,
    }),
  },
  { method: "GET", path: (f) => `/api/admin/vehicles/${f.vehicleId}`, permission: "vehicles:read" },
  { method: "PUT", path: (f) => `/api/admin/vehicles/${f.vehicleId}`, body: () => ({ pricePerDay: 999 }) },
  { method: "DELETE", path: (f) => `/api/admin/vehicles/${f.vehicleId}` },
  { method: "GET", path: () => "/api/admin/bookings", permission: "bookings:read" },
  { method: "PUT", path: (f) => `/api/admin/bookings/${f.bookingId}/status`, body: () => ({ status: "in_progress" }), permission: "bookings:write" },
  {
    method: "PUT",
    path: (f) => `/api/admin/bookings/${f.bookingId}/location`,
    body: () => ({ point: "delivery", coordinates: "-33.9249,18.4241" }),
    permission: "bookings:write",
  },
  {
    method: "PUT",
    path: (f) => `/api/admin/bookings/${f.bookingId}/assign-vehicle`,
    body: (f) => ({ vehicleId: f.otherVehicleId }),
    permission: "bookings:write",
  },
  // Which cars are free for a booking's period: booking data as well as vehicle rows.
  { method: "GET", path: (f) => `/api/admin/bookings/${f.bookingId}/assignable-vehicles`, permission: ["bookings:read", "vehicles:read"] },
  { method: "GET", path: () => "/api/admin/customers", permission: "customers:read" },
  { method: "GET", path: () => "/api/admin/customers/stats", permission: "customers:read" },
  { method: "GET", path: (f) => `/api/admin/customers/${f.customerId}`, permission: "customers:read" },
  // A customer's active bookings in full: booking data as well as the customer.
  { method: "GET", path: (f) => `/api/admin/customers/${f.customerId}/activity`, permission: ["customers:read", "bookings:read"] },
  {
    method: "PUT",
    path: (f) => `/api/admin/customers/${f.customerId}/limits`,
    body: () => ({ maxActiveBookings: 3, maxRentalDays: null, allowOverlappingBookings: false }),
  },
  { method: "POST", path: (f) => `/api/admin/customers/${f.customerId}/cancel-bookings` },
  { method: "GET", path: () => "/api/admin/service-areas", permission: "service-areas:read" },
  { method: "POST", path: () => "/api/admin/service-areas", body: () => ({ name: `Winelands ${crypto.randomUUID().slice(0, 8)}`, polygon: POLYGON }) },
  { method: "PUT", path: (f) => `/api/admin/service-areas/${f.areaId}`, body: () => ({ isActive: false }) },
  { method: "DELETE", path: (f) => `/api/admin/service-areas/${f.areaId}` },
  { method: "GET", path: () => "/api/admin/api-keys" },
  { method: "POST", path: () => "/api/admin/api-keys", body: () => ({ name: "Partner", permissions: ["bookings:read"] }) },
  { method: "DELETE", path: (f) => `/api/admin/api-keys/${f.keyId}` },
  { method: "POST", path: (f) => `/api/admin/api-keys/${f.keyId}/revoke` },
  { method: "GET", path: () => "/api/admin/audit-log" },
];

const label = (r: Route) =>
  `${r.method} ${r.path({ vehicleId: ":id", otherVehicleId: ":id", bookingId: ":id", customerId: ":id", areaId: ":id", keyId: ":id" })}`;

async function callRoute(route: Route, f: Fixtures, auth: Record<string, string>): Promise<Answer> {
  return call(route.method, route.path(f), { auth, body: route.body?.(f) });
}

function expectRefused(answer: Answer, where: string) {
  if (answer.status !== 401 && answer.status !== 403) throw new Error(`${where}: expected 401 or 403, got ${answer.status} ${JSON.stringify(answer.body)}`);
  expect(typeof answer.body.message).toBe("string");
}

function expectAllowed(answer: Pick<Answer, "status" | "body">, where: string) {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${where}: expected 2xx, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

describe("refused viewers on every admin REST route (nothing changed)", () => {
  const viewers: [string, () => Promise<Record<string, string>>, number[]][] = [
    ["no token", async () => ({}), [401]],
    ["a customer token", async () => (await newCustomerWithToken(services())).auth, [401, 403]],
    ["a dealership token", async () => (await newDealershipWithToken(services())).auth, [401, 403]],
    [
      "a signed-out admin token",
      async () => {
        const admin = await newAdmin(services());
        await services().db.session.deleteMany({ where: { subjectId: admin.id } });
        return admin.auth;
      },
      [401],
    ],
    ["a made-up API key", async () => ({ authorization: `Bearer rk_${"A".repeat(43)}` }), [401]],
    [
      "a revoked API key (X-API-Key)",
      async () => {
        const admin = await newAdmin(services());
        const viewer = { kind: "admin" as const, adminId: admin.id, sessionId: "x", clientAddress: "t" };
        const { key, apiKey } = await issueApiKey(services(), viewer, { name: "old", permissions: [...API_KEY_PERMISSIONS] });
        await services().db.apiKey.update({ where: { id: apiKey.id }, data: { isActive: false } });
        return { "x-api-key": key };
      },
      [401],
    ],
  ];
  for (const [name, authOf, statuses] of viewers) {
    test(`${name}: ${statuses.join(" or ")} on all ${ROUTES.length} routes`, async () => {
      const auth = await authOf();
      const f = await fixtures();
      for (const route of ROUTES) {
        const before = await fingerprint(services());
        const answer = await callRoute(route, f, auth);
        expectRefused(answer, `${name} ${label(route)}`);
        expect({ route: label(route), status: statuses.includes(answer.status) }).toEqual({ route: label(route), status: true });
        expect(await fingerprint(services())).toBe(before);
      }
    }, 60_000);
  }

  test("the 401 says why: a stale session, or a key that is not valid", async () => {
    const f = await fixtures();
    const stale = await callRoute(ROUTES[2]!, f, { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.e30.x" });
    expect(stale.body.message).toBe("Your session has expired. Please sign in again.");
    const key = await callRoute(ROUTES[2]!, f, { "x-api-key": "rk_nope" });
    expect(key.body.message).toBe("This API key is not valid or has been revoked");
    const customer = await newCustomerWithToken(services());
    expect((await callRoute(ROUTES[2]!, f, customer.auth)).body).toEqual({ message: "This is for administrators only", code: "FORBIDDEN" });
  });
});

describe("an admin may call every admin REST route", () => {
  for (const route of ROUTES) {
    test(label(route), async () => {
      const admin = await newAdmin(services());
      expectAllowed(await callRoute(route, await fixtures(), admin.auth), label(route));
    });
  }
});

describe("each API-key permission allows exactly the routes it names", () => {
  for (const permission of API_KEY_PERMISSIONS) {
    test(permission, async () => {
      const admin = await newAdmin(services());
      const { key } = await issueApiKey(
        services(),
        { kind: "admin", adminId: admin.id, sessionId: "x", clientAddress: "t" },
        { name: permission, permissions: [permission] },
      );
      let allowed = 0;
      const f = await fixtures();
      for (const route of ROUTES) {
        // Both ways of sending a key.
        for (const auth of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }] as Record<string, string>[]) {
          const where = `${permission} ${label(route)} via ${Object.keys(auth)[0]}`;
          if (allowsAlone(route.permission, permission)) {
            expectAllowed(await callRoute(route, await fixtures(), auth), where);
          } else {
            const before = await fingerprint(services());
            const answer = await callRoute(route, f, auth);
            expectRefused(answer, where);
            expect(await fingerprint(services())).toBe(before);
          }
        }
        if (allowsAlone(route.permission, permission)) allowed++;
      }
      expect(allowed).toBeGreaterThan(0);
    }, 60_000);
  }

  test("a key with every permission still cannot do admin-only things", async () => {
    const admin = await newAdmin(services());
    const { key } = await issueApiKey(
      services(),
      { kind: "admin", adminId: admin.id, sessionId: "x", clientAddress: "t" },
      { name: "all", permissions: [...API_KEY_PERMISSIONS] },
    );
    const f = await fixtures();
    for (const route of ROUTES.filter((r) => !r.permission)) {
      const before = await fingerprint(services());
      const answer = await callRoute(route, f, { authorization: `Bearer ${key}` });
      expectRefused(answer, label(route));
      expect(await fingerprint(services())).toBe(before);
    }
  }, 60_000);
});

// GraphQL ---------------------------------------------------------------------------------------

type Operation = { name: string; query: string; variables?: (f: Fixtures) => Record<string, unknown>; permission?: Needs };

const OPERATIONS: Operation[] = [
  { name: "adminDashboard", query: `{ adminDashboard { totalVehicles } }` },
  { name: "adminVehicles", query: `{ adminVehicles { total } }`, permission: "vehicles:read" },
  { name: "adminVehicle", query: `query($id: ID!) { adminVehicle(id: $id) { id } }`, variables: (f) => ({ id: f.vehicleId }), permission: "vehicles:read" },
  {
    name: "assignableVehicles",
    query: `query($id: ID!) { assignableVehicles(bookingId: $id) { id } }`,
    variables: (f) => ({ id: f.bookingId }),
    permission: ["bookings:read", "vehicles:read"],
  },
  {
    name: "createAdminVehicle",
    query: `mutation($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id } }`,
    variables: () => ({
      input: {
        make: "Kia",
        model: "Rio",
        year: 2023,
        category: "small",
        transmission: "manual",
        pricePerDay: 400,
        licensePlate: `GP ${crypto.randomUUID().slice(0, 6)}`,
      },
    }),
  },
  {
    name: "updateAdminVehicle",
    query: `mutation($id: ID!) { updateAdminVehicle(id: $id, input: { pricePerDay: 500 }) { id } }`,
    variables: (f) => ({ id: f.vehicleId }),
  },
  { name: "deleteAdminVehicle", query: `mutation($id: ID!) { deleteAdminVehicle(id: $id) }`, variables: (f) => ({ id: f.vehicleId }) },
  { name: "createVehiclePhotoUpload", query: `mutation { createVehiclePhotoUpload { uploadURL } }` },
  { name: "adminBookings", query: `{ adminBookings { total } }`, permission: "bookings:read" },
  {
    name: "updateBookingStatus",
    query: `mutation($id: ID!) { updateBookingStatus(id: $id, status: in_progress) { id } }`,
    variables: (f) => ({ id: f.bookingId }),
    permission: "bookings:write",
  },
  {
    name: "setBookingLocation",
    query: `mutation($id: ID!) { setBookingLocation(id: $id, point: delivery, coordinates: "-33.9249,18.4241") { id } }`,
    variables: (f) => ({ id: f.bookingId }),
    permission: "bookings:write",
  },
  {
    name: "assignBookingVehicle",
    query: `mutation($id: ID!, $v: ID!) { assignBookingVehicle(id: $id, vehicleId: $v) { id } }`,
    variables: (f) => ({ id: f.bookingId, v: f.otherVehicleId }),
    permission: "bookings:write",
  },
  { name: "adminCustomers", query: `{ adminCustomers { total } }`, permission: "customers:read" },
  { name: "adminCustomer", query: `query($id: ID!) { adminCustomer(id: $id) { id } }`, variables: (f) => ({ id: f.customerId }), permission: "customers:read" },
  {
    name: "adminCustomerActivity",
    query: `query($id: ID!) { adminCustomerActivity(id: $id) { uploads { files } } }`,
    variables: (f) => ({ id: f.customerId }),
    permission: ["customers:read", "bookings:read"],
  },
  {
    name: "setCustomerLimits",
    query: `mutation($id: ID!) { setCustomerLimits(id: $id, input: { maxActiveBookings: 3, allowOverlappingBookings: false }) { limits { maxActive } } }`,
    variables: (f) => ({ id: f.customerId }),
  },
  { name: "cancelCustomerBookings", query: `mutation($id: ID!) { cancelCustomerBookings(id: $id) { cancelled } }`, variables: (f) => ({ id: f.customerId }) },
  { name: "customerStats", query: `{ customerStats { total } }`, permission: "customers:read" },
  { name: "serviceAreas", query: `{ serviceAreas { id } }`, permission: "service-areas:read" },
  {
    name: "createServiceArea",
    query: `mutation($n: String, $p: JSON) { createServiceArea(input: { name: $n, polygon: $p }) { id } }`,
    variables: () => ({ n: `X ${crypto.randomUUID().slice(0, 8)}`, p: POLYGON }),
  },
  {
    name: "updateServiceArea",
    query: `mutation($id: ID!) { updateServiceArea(id: $id, input: { isActive: false }) { id } }`,
    variables: (f) => ({ id: f.areaId }),
  },
  { name: "deleteServiceArea", query: `mutation($id: ID!) { deleteServiceArea(id: $id) }`, variables: (f) => ({ id: f.areaId }) },
  { name: "apiKeys", query: `{ apiKeys { id } }` },
  { name: "apiKeyPermissions", query: `{ apiKeyPermissions }` },
  { name: "issueApiKey", query: `mutation { issueApiKey(input: { name: "K", permissions: ["vehicles:read"] }) { key } }` },
  { name: "revokeApiKey", query: `mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, variables: (f) => ({ id: f.keyId }) },
  { name: "auditLog", query: `{ auditLog { total } }` },
  { name: "adminSignOut", query: `mutation { adminSignOut }` },
];

describe("GraphQL: the same rules on every admin operation", () => {
  const viewers: [string, () => Promise<Record<string, string>>, ApiKeyPermission | null][] = [
    ["nobody", async () => ({}), null],
    ["a customer", async () => (await newCustomerWithToken(services())).auth, null],
    ["a dealership", async () => (await newDealershipWithToken(services())).auth, null],
    ["a made-up key", async () => ({ "x-api-key": `rk_${"B".repeat(43)}` }), null],
    ...API_KEY_PERMISSIONS.map(
      (p) =>
        [
          `a key with ${p}`,
          async () => {
            const admin = await newAdmin(services());
            const { key } = await issueApiKey(
              services(),
              { kind: "admin", adminId: admin.id, sessionId: "x", clientAddress: "t" },
              { name: p, permissions: [p] },
            );
            return { authorization: `Bearer ${key}` };
          },
          p,
        ] as [string, () => Promise<Record<string, string>>, ApiKeyPermission],
    ),
  ];
  for (const [who, authOf, permission] of viewers) {
    test(`${who}: refused (nothing changed) except where the permission names the operation`, async () => {
      const auth = await authOf();
      const f = await fixtures();
      for (const op of OPERATIONS) {
        if (permission && allowsAlone(op.permission, permission)) {
          const answer = await graphql(server.url, op.query, op.variables?.(await fixtures()), auth);
          expect({ op: op.name, errors: answer.body.errors }).toEqual({ op: op.name, errors: undefined });
          continue;
        }
        const before = await fingerprint(services());
        const answer = await graphql(server.url, op.query, op.variables?.(f), auth);
        const code = answer.body.errors?.[0]?.extensions?.code;
        expect({ op: op.name, refused: code === "UNAUTHENTICATED" || code === "FORBIDDEN" }).toEqual({ op: op.name, refused: true });
        expect(await fingerprint(services())).toBe(before);
      }
    }, 60_000);
  }

  test("an admin may run every operation", async () => {
    for (const op of OPERATIONS) {
      const admin = await newAdmin(services());
      const answer = await graphql(server.url, op.query, op.variables?.(await fixtures()), admin.auth);
      expect({ op: op.name, errors: answer.body.errors }).toEqual({ op: op.name, errors: undefined });
    }
  }, 60_000);
});

describe("REST and GraphQL refuse the same operation in the same words", () => {
  const PAIRS: [string, (f: Fixtures) => { method: string; path: string; body?: unknown }, string, (f: Fixtures) => Record<string, unknown> | undefined][] = [
    ["list bookings", () => ({ method: "GET", path: "/api/admin/bookings" }), `{ adminBookings { total } }`, () => undefined],
    [
      "set a booking's status",
      (f) => ({ method: "PUT", path: `/api/admin/bookings/${f.bookingId}/status`, body: { status: "in_progress" } }),
      `mutation($id: ID!) { updateBookingStatus(id: $id, status: in_progress) { id } }`,
      (f) => ({ id: f.bookingId }),
    ],
    ["list customers", () => ({ method: "GET", path: "/api/admin/customers" }), `{ adminCustomers { total } }`, () => undefined],
    ["list service areas", () => ({ method: "GET", path: "/api/admin/service-areas" }), `{ serviceAreas { id } }`, () => undefined],
    ["list API keys", () => ({ method: "GET", path: "/api/admin/api-keys" }), `{ apiKeys { id } }`, () => undefined],
    [
      "delete a vehicle",
      (f) => ({ method: "DELETE", path: `/api/admin/vehicles/${f.vehicleId}` }),
      `mutation($id: ID!) { deleteAdminVehicle(id: $id) }`,
      (f) => ({ id: f.vehicleId }),
    ],
  ];

  test("a customer, a dealership and API keys without the permission (or on admin-only operations) read one message on both", async () => {
    const admin = await newAdmin(services());
    const adminViewer = { kind: "admin" as const, adminId: admin.id, sessionId: "x", clientAddress: "t" };
    const keyOf = async (permissions: ApiKeyPermission[]) => ({
      authorization: `Bearer ${(await issueApiKey(services(), adminViewer, { name: "k", permissions })).key}`,
    });
    const viewers: [string, Record<string, string>][] = [
      ["customer", (await newCustomerWithToken(services())).auth],
      ["dealership", (await newDealershipWithToken(services())).auth],
      ["key with vehicles:read", await keyOf(["vehicles:read"])],
      ["key with every permission", await keyOf([...API_KEY_PERMISSIONS])],
    ];
    const f = await fixtures();
    for (const [who, auth] of viewers) {
      for (const [what, restCall, query, variables] of PAIRS) {
        const { method, path, body } = restCall(f);
        const rest = await call(method, path, { body, auth });
        if (rest.status < 400) continue; // this viewer may do it (a key holding the permission)
        const gql = await graphql(server.url, query, variables(f), auth);
        const error = gql.body.errors?.[0];
        expect({ who, what, message: error?.message, code: error?.extensions?.code }).toEqual({ who, what, message: rest.body.message, code: rest.body.code });
      }
    }
    // The words themselves: as requireAdmin and requireAdminOrKey say them.
    const customerAnswer = await graphql(server.url, `{ adminBookings { total } }`, undefined, viewers[0]![1]);
    expect(customerAnswer.body.errors?.[0]?.message).toBe("This is for administrators only");
    const keyAnswer = await graphql(server.url, `{ adminBookings { total } }`, undefined, viewers[2]![1]);
    expect(keyAnswer.body.errors?.[0]?.message).toBe("This API key does not have the bookings:read permission");
  });
});

describe("an operation that needs several permissions", () => {
  const several = [
    ...ROUTES.filter((r) => needed(r.permission).length > 1).map((route) => ({ name: label(route), route, op: undefined })),
    ...OPERATIONS.filter((o) => needed(o.permission).length > 1).map((op) => ({ name: op.name, route: undefined, op })),
  ];

  test("the assignment picker (which cars are free for a booking) and a customer's activity (their bookings in full)", () => {
    expect(several.map((s) => s.name).sort()).toEqual([
      "GET /api/admin/bookings/:id/assignable-vehicles",
      "GET /api/admin/customers/:id/activity",
      "adminCustomerActivity",
      "assignableVehicles",
    ]);
  });

  test("a key holding all of them may call it; a key lacking one is refused (403, nothing changed), in the same words on REST and GraphQL", async () => {
    const admin = await newAdmin(services());
    const adminViewer = { kind: "admin" as const, adminId: admin.id, sessionId: "x", clientAddress: "t" };
    const keyOf = async (permissions: ApiKeyPermission[]) => ({
      authorization: `Bearer ${(await issueApiKey(services(), adminViewer, { name: "k", permissions })).key}`,
    });
    for (const { name, route, op } of several) {
      const needs = [...needed(route?.permission ?? op?.permission)];
      const call = (f: Fixtures, auth: Record<string, string>): Promise<{ status: number; body: any }> =>
        route ? callRoute(route, f, auth) : graphql(server.url, op!.query, op!.variables?.(f), auth);
      // REST's 403 body, or GraphQL's first error: the same code and words.
      const errorOf = ({ body }: { body: any }) =>
        route ? { code: body.code, message: body.message } : { code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message };

      const all = await call(await fixtures(), await keyOf(needs));
      if (route) expectAllowed(all, `${name} with ${needs.join(" and ")}`);
      else expect({ name, errors: all.body.errors }).toEqual({ name, errors: undefined });

      for (const lacking of needs) {
        const f = await fixtures();
        // Every other permission there is, but not this one.
        const key = await keyOf(API_KEY_PERMISSIONS.filter((p) => p !== lacking));
        const before = await fingerprint(services());
        const answer = await call(f, key);
        if (route) expect({ name, lacking, status: answer.status }).toEqual({ name, lacking, status: 403 });
        expect({ name, lacking, ...errorOf(answer) }).toEqual({
          name,
          lacking,
          code: "FORBIDDEN",
          message: `This API key does not have the ${lacking} permission`,
        });
        expect(await fingerprint(services())).toBe(before);
      }
    }
  }, 60_000);
});
