// The public contracts as data: every read of the REST shims and every GraphQL query field (with
// every field of its result type, generated from the schema) over one fixed set of rows, with ids
// replaced by stable placeholders and the digits of instants by 9s (their format stays), compared with the committed snapshot. A change to
// what any client receives (a renamed field, money formatted differently, a field lost in a
// refactor) fails here and shows as a snapshot diff to review on purpose.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { buildSchema, getNamedType, isLeafType, isNonNullType, isObjectType, type GraphQLField, type GraphQLObjectType } from "graphql";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { caller, newAdmin, newBooking, newCustomerWithToken, newDealershipWithToken, newFleetVehicle, type TestActor } from "./testing/admin";
import { startTestServer, type TestServer } from "./testing/harness";

let server: TestServer;
const call = caller(() => server.url);
let admin: TestActor;
let customer: TestActor;
let dealership: TestActor;
const ids: Record<string, string> = {};

const schema = buildSchema(readFileSync(join(import.meta.dir, "..", "schema.graphql"), "utf8"));

beforeAll(async () => {
  server = await startTestServer({ GOOGLE_CLIENT_ID: "contract-client", BOOKING_ALLOW_OVERLAP: "true" });
  const { services } = server;
  admin = await newAdmin(services, { email: "ada@capedrive.example" });
  customer = await newCustomerWithToken(services, { name: "Thandi Nkosi", email: "thandi@example.com", profileCompleted: true });
  dealership = await newDealershipWithToken(services);
  const car = await newFleetVehicle(services, { plate: "CA 100-001", lastKnownLocation: { lat: -33.92, lon: 18.42 } });
  await services.db.vehicleImage.create({ data: { vehicleId: car.id, url: "/objects/uploads/11111111-1111-4111-8111-111111111111", position: 0 } });
  const forSale = await newFleetVehicle(services, { plate: "CA 100-002", dealershipId: dealership.id, category: "large", transmission: "automatic" });
  await services.db.vehicle.update({ where: { id: forSale.id }, data: { salesPrice: "185000.00", mileage: 42_000, year: 2021 } });
  await services.db.dealership.update({ where: { id: dealership.id }, data: { companyName: "Atlantic Motors", city: "Cape Town" } });
  // Made a second apart, so lists newest first have one order (two rows can share a millisecond).
  const booked = await newBooking(services, {
    userId: customer.id,
    vehicleId: car.id,
    status: "confirmed",
    fromDay: 10,
    toDay: 13,
    createdAt: new Date(Date.now() - 1000),
  });
  await newBooking(services, { userId: customer.id, status: "pending", category: "medium", fromDay: 20, toDay: 21 });
  const lead = await call("POST", `/api/for-sale/${forSale.id}/enquiries`, {
    body: { name: "Sipho Dlamini", email: "sipho@example.com", phone: "082 555 0199", message: "Is the car still available for a test drive?" },
  });
  expect(lead.status).toBeLessThan(300);
  const area = await call("POST", "/api/admin/service-areas", {
    auth: admin.auth,
    body: {
      name: "City Bowl",
      isActive: true,
      polygon: {
        type: "Polygon",
        coordinates: [
          [
            [18.38, -33.9],
            [18.48, -33.9],
            [18.48, -33.96],
            [18.38, -33.96],
            [18.38, -33.9],
          ],
        ],
      },
    },
  });
  expect(area.status).toBe(201);
  const key = await call("POST", "/api/admin/api-keys", { auth: admin.auth, body: { name: "Fleet sync", permissions: ["vehicles:read"] } });
  expect(key.status).toBe(201);
  Object.assign(ids, { car: car.id, forSale: forSale.id, booking: booked.id, customer: customer.id });
}, 60_000);

afterAll(() => server?.close());

/** Values that differ on every run whatever the code does: a booking number (from the id) and a key's random prefix. */
function byKey(key: string, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (key === "bookingNumber") return `<${value.length} characters of an id>`;
  if (key === "prefix") return "<key prefix>";
  return undefined;
}

/** Ids, instants, tokens and request-dependent values become placeholders, numbered by first sight. */
function normalise(value: unknown): unknown {
  const seen = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, byKey(k, inner) ?? walk(inner)]));
    if (typeof v !== "string") return v;
    return v
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
        if (!seen.has(id)) seen.set(id, `<id${seen.size + 1}>`);
        return seen.get(id) as string;
      })
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, (instant) => instant.replace(/\d/g, "9"))
      .replace(/(rider|admin|sales)-\d+-[0-9a-f]{8}/g, "$1-<n>")
      .replace(/(Motors|Rider|DL)[ -]\d+-[0-9a-f]{8}/g, "$1 <n>");
  };
  return walk(value);
}

/** A selection of every field of a type, nested objects to `depth`, arguments left out. */
function selectionOf(field: GraphQLField<unknown, unknown>, depth = 3): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return "";
  if (!isObjectType(type) || depth === 0) return "{ __typename }";
  const inner = Object.values((type as GraphQLObjectType).getFields())
    .filter((f) => f.args.every((a) => !isNonNullType(a.type)))
    .map((f) => `${f.name} ${selectionOf(f, depth - 1)}`);
  return `{ ${inner.join(" ")} }`;
}

async function query(name: string, args: string, auth: Record<string, string> | undefined) {
  const field = schema.getQueryType()?.getFields()[name];
  if (!field) throw new Error(`no query field ${name}`);
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(auth ?? {}) },
    body: JSON.stringify({ query: `{ ${name}${args} ${selectionOf(field)} }` }),
  });
  return { status: response.status, body: await response.json() };
}

test("every GraphQL read answers exactly as the snapshot says", async () => {
  const reads: [name: string, args: string, who: TestActor | undefined][] = [
    ["vehicles", "", undefined],
    ["carsForSale", "", undefined],
    ["carForSale", `(id: "${ids.forSale}")`, undefined],
    ["me", "", customer],
    ["myBookings", "", customer],
    ["booking", `(id: "${ids.booking}")`, customer],
    ["adminMe", "", admin],
    ["adminVehicles", "", admin],
    ["adminVehicle", `(id: "${ids.car}")`, admin],
    ["adminBookings", "", admin],
    ["assignableVehicles", `(bookingId: "${ids.booking}")`, admin],
    ["adminCustomers", "", admin],
    ["adminCustomer", `(id: "${ids.customer}")`, admin],
    ["adminCustomerActivity", `(id: "${ids.customer}")`, admin],
    ["customerStats", "", admin],
    ["dealershipMe", "", dealership],
    ["dealershipVehicles", "", dealership],
    ["dealershipVehicle", `(id: "${ids.forSale}")`, dealership],
    ["dealershipVehicleStats", "", dealership],
    ["dealershipLeads", "", dealership],
    ["adminDashboard", "", admin],
    ["auditLog", "", admin],
    ["apiKeys", "", admin],
    ["apiKeyPermissions", "", admin],
    ["serviceAreas", "", admin],
    ["publicConfig", "", undefined],
  ];
  const answers: Record<string, unknown> = {};
  for (const [name, args, who] of reads) answers[name] = await query(name, args, who?.auth);
  expect(normalise(answers)).toMatchSnapshot();
});

test("every REST read answers exactly as the snapshot says", async () => {
  const reads: [path: string, who: TestActor | undefined][] = [
    ["/api/vehicles", undefined],
    ["/api/for-sale", undefined],
    [`/api/for-sale/${ids.forSale}`, undefined],
    ["/api/auth/me", customer],
    ["/api/bookings", customer],
    [`/api/bookings/${ids.booking}`, customer],
    ["/api/admin/me", admin],
    ["/api/admin/vehicles", admin],
    [`/api/admin/vehicles/${ids.car}`, admin],
    ["/api/admin/bookings", admin],
    [`/api/admin/bookings/${ids.booking}/assignable-vehicles`, admin],
    ["/api/admin/customers", admin],
    [`/api/admin/customers/${ids.customer}`, admin],
    [`/api/admin/customers/${ids.customer}/activity`, admin],
    ["/api/admin/customers/stats", admin],
    ["/api/dealership/me", dealership],
    ["/api/dealership/vehicles", dealership],
    [`/api/dealership/vehicles/${ids.forSale}`, dealership],
    ["/api/dealership/stats", dealership],
    ["/api/dealership/leads", dealership],
    ["/api/admin/dashboard", admin],
    ["/api/admin/audit-log", admin],
    ["/api/admin/api-keys", admin],
    ["/api/admin/service-areas", admin],
  ];
  const answers: Record<string, unknown> = {};
  for (const [path, who] of reads) {
    const answer = await call("GET", path, { auth: who?.auth });
    answers[path.replaceAll(/[0-9a-f-]{36}/g, ":id")] = { status: answer.status, total: answer.headers.get("x-total-count"), body: answer.body };
  }
  expect(normalise(answers)).toMatchSnapshot();
});
