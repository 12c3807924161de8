// Issue 17, point 5: limits that bad input could still reach, over real HTTP (REST and GraphQL):
// negative paging, a 200,000-point service area and oversized bodies, NUL characters in names,
// and numbers such as 1e400 (Infinity). Each is a 400 (413 for a body) with the reason, and
// nothing is stored.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { INPUT_MESSAGES, MAX_SERVICE_AREA_POINTS } from "#domain";
import { fingerprint, newAdmin, newDealershipWithToken } from "./testing/admin";
import { bookingRequest, call, newCustomer, newVehicle, type TestCustomer } from "./testing/bookings";
import { graphql, startTestServer, type TestServer } from "./testing/harness";

let server: TestServer;
let customer: TestCustomer;
let admin: { auth: Record<string, string> };
beforeAll(async () => {
  server = await startTestServer();
  customer = await newCustomer(server.services);
  admin = await newAdmin(server.services);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.db;
const raw = (method: string, path: string, body: string, auth: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method, headers: { "content-type": "application/json", ...auth }, body });

describe("paging", () => {
  test("myBookings and vehicles refuse a negative or zero limit and a negative offset", async () => {
    for (const [query, message] of [
      ["{ myBookings(limit: -5, offset: -1) { id } }", "limit must be a whole number from 1 to 100"],
      ["{ myBookings(offset: -1) { id } }", "offset must be a whole number of 0 or more"],
      ["{ myBookings(limit: 0) { id } }", "limit must be a whole number from 1 to 100"],
      ["{ vehicles(limit: -1) { id } }", "limit must be a whole number from 1 to 100"],
      ["{ vehicles(offset: -20) { id } }", "offset must be a whole number of 0 or more"],
    ] as const) {
      const { body } = await graphql(server.url, query, {}, { ...customer.auth, "cache-control": "no-cache" });
      expect([query, body.errors?.[0]?.message, body.errors?.[0]?.extensions?.code]).toEqual([query, message, "BAD_USER_INPUT"]);
    }
    // Within the bounds, still answered (a limit above 100 is cut to 100, as documented).
    expect((await graphql(server.url, "{ myBookings(limit: 500, offset: 0) { id } }", {}, customer.auth)).body.errors).toBeUndefined();
  });
});

describe("service areas and body size", () => {
  const ring = (n: number) => {
    const points = Array.from({ length: n }, (_, i) => [18.4 + 0.1 * Math.cos((2 * Math.PI * i) / n), -33.9 + 0.1 * Math.sin((2 * Math.PI * i) / n)]);
    return [...points, points[0]];
  };

  test(`at most ${MAX_SERVICE_AREA_POINTS} points: 12,000 are refused with the reason (before any geometry work); nothing stored`, async () => {
    const before = await db().serviceArea.count();
    const started = performance.now();
    const huge = await call(server.url, "POST", "/api/admin/service-areas", {
      body: { name: "Huge", polygon: { type: "Polygon", coordinates: [ring(12_000)] } },
      auth: admin.auth,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain("at most 5,000 points");
    const ms = performance.now() - started;
    const fine = await call(server.url, "POST", "/api/admin/service-areas", {
      body: { name: "Fine", polygon: { type: "Polygon", coordinates: [ring(2_000)] } },
      auth: admin.auth,
    });
    expect(fine.status).toBe(201);
    expect(await db().serviceArea.count()).toBe(before + 1);
    console.log(`12,000-point polygon refused in ${ms.toFixed(0)} ms`);
  });

  test("a JSON body over 1 MB is 413 before it is parsed; 200,000 points is such a body", async () => {
    const body = JSON.stringify({ name: "Huge", polygon: { type: "Polygon", coordinates: [ring(200_000)] } });
    expect(body.length).toBeGreaterThan(1_048_576);
    const response = await raw("POST", "/api/admin/service-areas", body, admin.auth);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe("The request body is too large (at most 1 MB)");
    const gql = await raw("POST", "/graphql", JSON.stringify({ query: "{ __typename }", padding: "x".repeat(1_100_000) }));
    expect(gql.status).toBe(413);
  });

  test("a streamed (chunked) body with no Content-Length is cut off past 1 MB too (413), on REST and GraphQL", async () => {
    const streamed = (size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
          for (let sent = 0; sent < size; sent += chunk.length) controller.enqueue(chunk);
          controller.close();
        },
      });
    for (const path of ["/graphql", "/api/admin/service-areas"]) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...admin.auth },
        body: streamed(2_000_000),
      });
      const body = (await response.json()) as { message?: string; errors?: { message: string }[] };
      expect([path, response.status, body.message ?? body.errors?.[0]?.message]).toEqual([path, 413, "The request body is too large (at most 1 MB)"]);
    }
    // A small streamed body is still read and answered.
    const small = new TextEncoder().encode(JSON.stringify({ query: "{ __typename }" }));
    const ok = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({ start: (c) => (c.enqueue(small), c.close()) }),
    });
    expect([ok.status, await ok.json()]).toEqual([200, { data: { __typename: "Query" } }]);
  });

  test("invalid JSON on /graphql is a 400 that does not echo the parser's message", async () => {
    const response = await raw("POST", "/graphql", "not json at all " + "a".repeat(300));
    const body = (await response.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(response.status).toBe(400);
    expect(body.errors[0]?.extensions.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(body)).not.toContain("aaaa");
    expect(body.errors[0]?.extensions.originalError).toBeUndefined();
  });
});

describe("text with control characters and non-finite numbers", () => {
  test("a name with a NUL character is refused on REST and GraphQL; nothing stored", async () => {
    const before = await db().user.count();
    const email = `nul-${crypto.randomUUID()}@example.com`;
    const rest = await call(server.url, "POST", "/api/auth/signup", { body: { name: "Thandi\u0000Nkosi", email, password: "secret123", phone: "0821234567" } });
    expect([rest.status, rest.body.message]).toEqual([400, INPUT_MESSAGES.controlCharacters]);
    const gql = await graphql(server.url, "mutation($input: SignUpInput!) { signUp(input: $input) { token } }", {
      input: { name: "Thandi\u0000", email, password: "secret123", phone: "0821234567" },
    });
    expect([gql.body.errors?.[0]?.message, gql.body.errors?.[0]?.extensions?.code]).toEqual([INPUT_MESSAGES.controlCharacters, "BAD_USER_INPUT"]);
    expect(await db().user.count()).toBe(before);
    // Line breaks in free text stay allowed.
    const vehicle = await newVehicle(server.services);
    const booked = await call(server.url, "POST", "/api/bookings", {
      body: bookingRequest(vehicle, undefined, undefined, { specialRequests: "Child seat, please.\nCall on arrival." }),
      auth: customer.auth,
    });
    expect(booked.status).toBe(201);
  });

  test("a right-to-left override in a name or an address is refused on REST and GraphQL (it makes text show as other text); nothing stored", async () => {
    const vehicle = await newVehicle(server.services);
    const before = await fingerprint(server.services);
    const rest = await call(server.url, "POST", "/api/auth/signup", {
      body: { name: "Ann\u202Egnp.exe", email: `bidi-${crypto.randomUUID()}@example.com`, password: "secret123" },
    });
    expect([rest.status, rest.body.message, rest.body.fieldErrors]).toEqual([
      400,
      INPUT_MESSAGES.controlCharacters,
      { name: INPUT_MESSAGES.controlCharacters },
    ]);
    const gql = await graphql(
      server.url,
      "mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }",
      { i: bookingRequest(vehicle, undefined, undefined, { deliveryLocation: "12 Long Street\u2067 Cape Town" }) },
      customer.auth,
    );
    expect([gql.body.errors?.[0]?.message, gql.body.errors?.[0]?.extensions?.code]).toEqual([INPUT_MESSAGES.controlCharacters, "BAD_USER_INPUT"]);
    expect(await fingerprint(server.services)).toBe(before);
  });

  test("1e400 (Infinity) is refused with the usual 400 wherever a number goes", async () => {
    const vehicle = await newVehicle(server.services);
    const before = await db().booking.count();
    const booking = bookingRequest(vehicle);
    const bookingBody = JSON.stringify(booking).replace(/"duration":\d+/, '"duration":1e400');
    expect(bookingBody).toContain("1e400");
    const answer = await raw("POST", "/api/bookings", bookingBody, customer.auth);
    expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([400, INPUT_MESSAGES.notFinite]);
    const vehicleBody =
      '{"make":"Kia","model":"Picanto","year":1e400,"category":"small","transmission":"manual","pricePerDay":450,"licensePlate":"CA 1E4-00","features":[]}';
    const created = await raw("POST", "/api/admin/vehicles", vehicleBody, admin.auth);
    expect([created.status, ((await created.json()) as { message: string }).message]).toEqual([400, INPUT_MESSAGES.notFinite]);
    const reverse = await fetch(`${server.url}/api/geocode/reverse?lat=1e400&lon=18.4`, { headers: customer.auth });
    expect(reverse.status).toBe(400);
    expect(await db().booking.count()).toBe(before);
  });
});

describe("text length", () => {
  const huge = "A".repeat(200_000);

  test("a 200,000-character name, address, make or plate is refused with the field's limit on REST and GraphQL; nothing stored", async () => {
    const dealer = await newDealershipWithToken(server.services);
    const vehicle = await newVehicle(server.services);
    const before = await fingerprint(server.services);
    const cases: [string, string, Record<string, string>, unknown, string, string][] = [
      [
        "POST",
        "/api/auth/signup",
        {},
        { name: huge, email: `long-${crypto.randomUUID()}@example.com`, password: "secret123" },
        "name",
        "Name is too long (at most 100 characters)",
      ],
      [
        "POST",
        "/api/auth/signup",
        {},
        { name: "Long Mail", email: `${"a".repeat(65)}@example.com`, password: "secret123" },
        "email",
        "Please enter a valid email address",
      ],
      ["POST", "/api/profile/complete", customer.auth, { ...profile(), address: huge }, "address", "The address is too long (at most 300 characters)"],
      ["POST", "/api/profile/complete", customer.auth, { ...profile(), idNumber: huge }, "idNumber", "ID/Passport number is too long (at most 40 characters)"],
      [
        "POST",
        "/api/bookings",
        customer.auth,
        bookingRequest(vehicle, undefined, undefined, { deliveryLocation: huge }),
        "deliveryLocation",
        "The address is too long (at most 300 characters)",
      ],
      ["POST", "/api/admin/vehicles", admin.auth, { ...adminVehicle(), make: huge }, "make", "Make is too long (at most 60 characters)"],
      [
        "POST",
        "/api/admin/vehicles",
        admin.auth,
        { ...adminVehicle(), licensePlate: huge },
        "licensePlate",
        "License plate is too long (at most 20 characters)",
      ],
      ["POST", "/api/admin/vehicles", admin.auth, { ...adminVehicle(), features: [huge] }, "features.0", "A feature is too long (at most 60 characters)"],
      ["POST", "/api/dealership/vehicles", dealer.auth, { ...dealerVehicle(), model: huge }, "model", "Model is too long (at most 60 characters)"],
      ["POST", "/api/dealership/vehicles", dealer.auth, { ...dealerVehicle(), mileage: 2 ** 31 }, "mileage", "That mileage is too high"],
      ["POST", "/api/admin/service-areas", admin.auth, { name: huge, polygon: SQUARE }, "name", "Name is too long (at most 100 characters)"],
    ];
    for (const [method, path, auth, body, field, message] of cases) {
      const answer = await call(server.url, method, path, { body, auth });
      expect([path, field, answer.status, answer.body.message, answer.body.fieldErrors?.[field]]).toEqual([path, field, 400, message, message]);
    }
    // GraphQL: the same rule and message.
    const gqlCases: [string, Record<string, unknown>, Record<string, string>, string][] = [
      [
        "mutation($i: SignUpInput!) { signUp(input: $i) { token } }",
        { i: { name: huge, email: "gql-long@example.com", password: "secret123" } },
        {},
        "Name is too long (at most 100 characters)",
      ],
      [
        "mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }",
        { i: bookingRequest(vehicle, undefined, undefined, { returnLocation: huge }) },
        customer.auth,
        "The address is too long (at most 300 characters)",
      ],
      [
        "mutation($i: DealershipVehicleInput!) { createDealershipVehicle(input: $i) { id } }",
        { i: { ...dealerVehicle(), make: huge } },
        dealer.auth,
        "Make is too long (at most 60 characters)",
      ],
    ];
    for (const [query, variables, auth, message] of gqlCases) {
      const { body } = await graphql(server.url, query, variables, auth);
      expect([body.errors?.[0]?.message, body.errors?.[0]?.extensions?.code]).toEqual([message, "BAD_USER_INPUT"]);
    }
    expect(await fingerprint(server.services)).toBe(before);
  });

  test("text at the limits is still accepted", async () => {
    const vehicle = await newVehicle(server.services);
    const booked = await call(server.url, "POST", "/api/bookings", {
      body: bookingRequest(vehicle, undefined, undefined, { deliveryLocation: `${"12 Long Street ".repeat(20)}`.slice(0, 300) }),
      auth: customer.auth,
    });
    expect(booked.status).toBe(201);
    const created = await call(server.url, "POST", "/api/admin/vehicles", {
      body: { ...adminVehicle(), make: "M".repeat(60), licensePlate: "WP 1234 GP" },
      auth: admin.auth,
    });
    expect(created.status).toBe(201);
  });
});

const SQUARE = {
  type: "Polygon",
  coordinates: [
    [
      [18.3, -33.8],
      [18.6, -33.8],
      [18.6, -34.1],
      [18.3, -34.1],
      [18.3, -33.8],
    ],
  ],
};
let plateNumber = 0;
const adminVehicle = () => ({
  make: "Kia",
  model: "Picanto",
  year: 2022,
  category: "small",
  transmission: "manual",
  pricePerDay: 450,
  licensePlate: `CA ${++plateNumber}-TL`,
  features: [],
});
const dealerVehicle = () => ({
  registrationNumber: `WP ${++plateNumber}-TL`,
  make: "Toyota",
  model: "Corolla",
  year: 2020,
  category: "small",
  transmission: "manual",
  dailyRate: "450",
});
const profile = () => ({
  dateOfBirth: "1990-01-01",
  address: "1 Long Street",
  city: "Cape Town",
  postalCode: "8001",
  nationality: "South African",
  idType: "south_african_id",
  idNumber: "9001015009087",
  driversLicenseNumber: "ABC12345",
  driversLicenseExpiryDate: "2030-01-01",
});

describe("content types", () => {
  test("a body that is not JSON (a form, XML, multipart, JSON sent without a Content-Type) is 415 with the reason on REST and GraphQL; nothing changes", async () => {
    const created = await call(server.url, "POST", "/api/admin/vehicles", { body: adminVehicle(), auth: admin.auth });
    expect(created.status).toBe(201);
    const before = await fingerprint(server.services);
    const json = JSON.stringify({ make: "Changed" });
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "make=Changed"],
      ["application/xml", "<vehicle><make>Changed</make></vehicle>"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="make"\r\n\r\nChanged\r\n--x--\r\n'],
      ["text/plain", json],
      [null, json],
    ] as const) {
      const headers: Record<string, string> = { ...admin.auth, ...(type ? { "content-type": type } : {}) };
      const response = await fetch(`${server.url}/api/admin/vehicles/${created.body.id}`, { method: "PUT", headers, body: new TextEncoder().encode(body) });
      expect([type, response.status, await response.json()]).toEqual([
        type,
        415,
        { message: "Send the request body as JSON, with Content-Type: application/json", code: "UNSUPPORTED_MEDIA_TYPE" },
      ]);
    }
    for (const type of ["text/plain", "application/xml", "application/x-www-form-urlencoded"]) {
      const response = await raw("POST", "/graphql", JSON.stringify({ query: "{ __typename }" }), { "content-type": type });
      const answer = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect([type, response.status, answer.errors[0]?.message, answer.errors[0]?.extensions.code]).toEqual([
        type,
        415,
        "Send the request body as JSON, with Content-Type: application/json",
        "UNSUPPORTED_MEDIA_TYPE",
      ]);
    }
    expect(await fingerprint(server.services)).toBe(before);
    // JSON (with a charset, or a +json type) and body-less calls are answered as before.
    for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const response = await fetch(`${server.url}/api/admin/vehicles/${created.body.id}`, {
        method: "PUT",
        headers: { ...admin.auth, "content-type": type },
        body: json,
      });
      expect([type, response.status, ((await response.json()) as { make: string }).make]).toEqual([type, 200, "Changed"]);
    }
    const signOut = await fetch(`${server.url}/api/auth/signout`, { method: "POST", headers: (await newCustomer(server.services)).auth });
    expect(signOut.status).toBe(200);
  });
});

describe("GraphQL variables of the wrong type", () => {
  test("an unknown enum value, a number for an enum or a missing required variable is BAD_USER_INPUT (400) on POST and GET; nothing stored", async () => {
    const before = await db().booking.count();
    const cases: [string, Record<string, unknown>, string][] = [
      ["mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }", { i: { category: "huge" } }, "Category must be one of: large, medium, small"],
      [
        'query($c: VehicleCategory!) { quote(category: $c, pickupDate: "2030-01-01T10:00:00Z", returnDate: "2030-01-02T10:00:00Z") { total } }',
        { c: 5 },
        "Category must be one of: large, medium, small",
      ],
      [
        'query($c: VehicleCategory!) { quote(category: $c, pickupDate: "2030-01-01T10:00:00Z", returnDate: "2030-01-02T10:00:00Z") { total } }',
        {},
        'Variable "$c" has invalid value: Expected a value of non-null type "VehicleCategory!" to be provided.',
      ],
    ];
    for (const [query, variables, message] of cases) {
      const post = await graphql(server.url, query, variables, customer.auth);
      expect([post.status, post.body.errors?.[0]?.message, post.body.errors?.[0]?.extensions?.code]).toEqual([400, message, "BAD_USER_INPUT"]);
      if (query.startsWith("mutation")) continue; // GET runs queries only
      const url = `${server.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
      const get = await fetch(url, { headers: { accept: "application/json" } });
      const body = (await get.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
      expect([get.status, body.errors?.[0]?.message, body.errors?.[0]?.extensions?.code]).toEqual([400, message, "BAD_USER_INPUT"]);
    }
    expect(await db().booking.count()).toBe(before);
  });

  test("a wrong enum value, in a variable or in the query, says what the field takes: BAD_USER_INPUT, the field in fieldErrors, no type names", async () => {
    const STATUS = "Status must be one of: available, maintenance, out_of_service, rented, sold";
    const before = await fingerprint(server.services);
    const cases: [what: string, query: string, variables: Record<string, unknown> | undefined, field: string, message: string][] = [
      ["a variable given to an argument", "query($s: VehicleStatus) { adminVehicles(status: $s) { total } }", { s: "foo" }, "status", STATUS],
      ["a near miss (no 'Did you mean')", "query($s: VehicleStatus) { adminVehicles(status: $s) { total } }", { s: "availabl" }, "status", STATUS],
      ["a number for an enum", "query($s: VehicleStatus) { adminVehicles(status: $s) { total } }", { s: 3 }, "status", STATUS],
      ["inside an input object", "mutation($i: AdminVehicleInput!) { createAdminVehicle(input: $i) { id } }", { i: { status: "foo" } }, "status", STATUS],
      ["written in the query", "{ adminVehicles(status: foo) { total } }", undefined, "status", STATUS],
      ["a near miss written in the query", "{ adminVehicles(status: availabl) { total } }", undefined, "status", STATUS],
      ["a string in the query", '{ adminVehicles(status: "available") { total } }', undefined, "status", STATUS],
      ["written inside an input object", "mutation { createAdminVehicle(input: { status: foo }) { id } }", undefined, "status", STATUS],
      ["an argument of another name", "{ adminVehicles(category: huge) { total } }", undefined, "category", "Category must be one of: large, medium, small"],
    ];
    for (const [what, query, variables, field, message] of cases) {
      const { body } = await graphql(server.url, query, variables, admin.auth);
      const error = body.errors?.[0] as { message: string; locations?: unknown[]; extensions?: { code?: string; fieldErrors?: Record<string, string> } };
      expect({ what, message: error?.message, code: error?.extensions?.code, fieldErrors: error?.extensions?.fieldErrors }).toEqual({
        what,
        message,
        code: "BAD_USER_INPUT",
        fieldErrors: { [field]: message },
      });
      // Where in the query it is: kept.
      expect({ what, locations: error.locations?.length }).toEqual({ what, locations: 1 });
      expect(JSON.stringify(body.errors)).not.toMatch(/VehicleStatus|VehicleCategory|enum|Did you mean/);
    }
    expect(await fingerprint(server.services)).toBe(before);
  });
});
