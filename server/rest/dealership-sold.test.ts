// Mark as sold and the safe retry of Add Vehicle, over real HTTP (REST and GraphQL) against the
// real server and database. A sold car leaves Cars for Sale (its page answers 410 "This car has
// been sold", enquiries are refused), keeps its leads, counts as Sold on the dashboard, and can be
// put back on sale. An add repeated with its idempotency key (its answer lost) returns the car it
// made; another dealership's car with that registration number is still a 409.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { DEALERSHIP_VEHICLE_MESSAGES } from "../services/dealership-vehicles";
import { ENQUIRY_CAR_SOLD, FOR_SALE_SOLD } from "../services/for-sale";
import { createSession } from "../services/sessions";
import { createDealership, createVehicle, httpClient, type TestDealership } from "../testing/dealerships";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await db().rateLimit.deleteMany();
});

const db = () => server.services.db;
const { call } = httpClient(() => server.url);

type Signed = TestDealership & { token: string };
async function signedIn(): Promise<Signed> {
  const dealership = await createDealership(db());
  const res = await call("POST", "/api/dealership/signin", { body: { dealershipCode: dealership.dealershipCode, password: dealership.password } });
  expect(res.status).toBe(200);
  return { ...dealership, token: res.body.token };
}

const plate = () => `CA ${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
const newCar = (overrides: Record<string, unknown> = {}) => ({
  registrationNumber: plate(),
  make: "Toyota",
  model: "Corolla",
  year: 2020,
  category: "medium",
  transmission: "manual",
  dailyRate: "500",
  salesPrice: "189900",
  ...overrides,
});
const enquiry = { name: "Bongani Buyer", email: "bongani@example.com", message: "Is it still available?" };

describe("Mark as sold", () => {
  test("a sold car leaves the listing, its page says it has been sold, enquiries are refused, its leads stay; undo lists it again", async () => {
    const dealer = await signedIn();
    const car = (await call("POST", "/api/dealership/vehicles", { body: newCar(), token: dealer.token })).body;
    expect((await call("POST", `/api/for-sale/${car.id}/enquiries`, { body: enquiry })).status).toBe(201);

    const sold = await call("PUT", `/api/dealership/vehicles/${car.id}/sold`, { token: dealer.token });
    expect(sold.status).toBe(200);
    expect(sold.body.status).toBe("sold");
    expect(Date.parse(sold.body.soldAt)).toBeGreaterThan(Date.now() - 60_000);

    const listing = await call("GET", "/api/for-sale?limit=48", { headers: { "cache-control": "no-cache" } });
    expect(listing.body.vehicles.map((v: { id: string }) => v.id)).not.toContain(car.id);
    const page = await call("GET", `/api/for-sale/${car.id}`, { headers: { "cache-control": "no-cache" } });
    expect({ status: page.status, message: page.body.message }).toEqual({ status: 410, message: FOR_SALE_SOLD });
    const gql = await graphql(server.url, `query ($id: ID!) { carForSale(id: $id) { id } }`, { id: car.id }, { "cache-control": "no-cache" });
    expect(gql.body.errors?.[0]).toMatchObject({ message: FOR_SALE_SOLD, extensions: { code: "GONE" } });

    const refused = await call("POST", `/api/for-sale/${car.id}/enquiries`, { body: { ...enquiry, email: "late@example.com" } });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 410, message: ENQUIRY_CAR_SOLD });
    expect(await db().lead.count({ where: { vehicleId: car.id } })).toBe(1);

    const leads = await call("GET", "/api/dealership/leads", { token: dealer.token });
    expect(leads.body.leads.map((lead: { vehicle: { id: string } }) => lead.vehicle.id)).toEqual([car.id]);

    // Twice: unchanged, the first sale's time kept.
    const again = await call("PUT", `/api/dealership/vehicles/${car.id}/sold`, { token: dealer.token });
    expect(again.body.soldAt).toBe(sold.body.soldAt);

    const undone = await call("DELETE", `/api/dealership/vehicles/${car.id}/sold`, { token: dealer.token });
    expect({ status: undone.status, vehicleStatus: undone.body.status, soldAt: undone.body.soldAt }).toEqual({
      status: 200,
      vehicleStatus: "available",
      soldAt: null,
    });
    expect((await call("GET", `/api/for-sale/${car.id}`, { headers: { "cache-control": "no-cache" } })).status).toBe(200);
  });

  test("the stats count sold cars apart from the stock (Total, Available, ..., Sold)", async () => {
    const dealer = await signedIn();
    const ids: string[] = [];
    for (const status of ["available", "available", "maintenance"]) {
      ids.push((await call("POST", "/api/dealership/vehicles", { body: newCar({ status }), token: dealer.token })).body.id);
    }
    await call("PUT", `/api/dealership/vehicles/${ids[0]}/sold`, { token: dealer.token });
    const stats = await graphql(server.url, `{ dealershipVehicleStats { total available booked maintenance outOfService sold } }`, undefined, {
      authorization: `Bearer ${dealer.token}`,
    });
    expect(stats.body.data?.dealershipVehicleStats).toEqual({ total: 2, available: 1, booked: 0, maintenance: 1, outOfService: 0, sold: 1 });
    expect((await call("GET", "/api/dealership/stats", { token: dealer.token })).body).toMatchObject({ total: 2, sold: 1 });
  });

  test("GraphQL mutations; an edit keeps a sold car sold; another dealership's car is 404 and unchanged", async () => {
    const dealer = await signedIn();
    const other = await signedIn();
    const car = (await call("POST", "/api/dealership/vehicles", { body: newCar(), token: dealer.token })).body;
    const auth = (who: Signed) => ({ authorization: `Bearer ${who.token}` });
    const mark = `mutation ($id: ID!) { markDealershipVehicleSold(id: $id) { id status soldAt } }`;
    const unmark = `mutation ($id: ID!) { markDealershipVehicleAvailable(id: $id) { id status soldAt } }`;

    const stranger = await graphql(server.url, mark, { id: car.id }, auth(other));
    expect(stranger.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await call("DELETE", `/api/dealership/vehicles/${car.id}/sold`, { token: other.token })).status).toBe(404);
    expect((await db().vehicle.findUniqueOrThrow({ where: { id: car.id } })).status).toBe("available");

    const sold = await graphql(server.url, mark, { id: car.id }, auth(dealer));
    expect(sold.body.data?.markDealershipVehicleSold).toMatchObject({ status: "sold" });
    const edited = await call("PUT", `/api/dealership/vehicles/${car.id}`, { body: { mileage: 12345 }, token: dealer.token });
    expect({ status: edited.body.status, soldAt: edited.body.soldAt }).toEqual({ status: "sold", soldAt: sold.body.data?.markDealershipVehicleSold.soldAt });

    const back = await graphql(server.url, unmark, { id: car.id }, auth(dealer));
    expect(back.body.data?.markDealershipVehicleAvailable).toEqual({ id: car.id, status: "available", soldAt: null });
  });

  test("refused while a booking still needs the car (409, nothing changed)", async () => {
    const dealer = await signedIn();
    const car = await createVehicle(db(), { dealershipId: dealer.id, salesPrice: "150000.00" });
    const user = await db().user.create({ data: { name: "Renter", email: `r-${crypto.randomUUID()}@example.com` } });
    const day = 86_400_000;
    await db().booking.create({
      data: {
        userId: user.id,
        vehicleId: car.id,
        category: "medium",
        pickupDate: new Date(Date.now() + day),
        returnDate: new Date(Date.now() + 3 * day),
        deliveryLocation: "Here",
        deliveryCoordinates: "-33.9,18.4",
        returnLocation: "Here",
        returnCoordinates: "-33.9,18.4",
        totalAmount: "1000.00",
        duration: 2,
      },
    });
    const res = await call("PUT", `/api/dealership/vehicles/${car.id}/sold`, { token: dealer.token });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message: DEALERSHIP_VEHICLE_MESSAGES.soldWithUpcomingBookings });
    expect((await db().vehicle.findUniqueOrThrow({ where: { id: car.id } })).status).toBe("available");
  });

  test("the admin sees sold dealership cars and can filter them", async () => {
    const dealer = await signedIn();
    const car = (await call("POST", "/api/dealership/vehicles", { body: newCar(), token: dealer.token })).body;
    await call("PUT", `/api/dealership/vehicles/${car.id}/sold`, { token: dealer.token });
    const admin = await db().adminUser.create({
      data: { email: `admin-${crypto.randomUUID()}@capedrive.test`, passwordHash: "x", firstName: "Ada", lastName: "Admin" },
    });
    const token = (await createSession(server.services, "admin", admin.id)).token;
    const res = await graphql(server.url, `{ adminVehicles(owner: dealership, status: sold, limit: 100) { items { id status soldAt } } }`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminVehicles.items).toContainEqual({ id: car.id, status: "sold", soldAt: expect.any(String) });
  });
});

describe("Add Vehicle after a lost answer", () => {
  test("REST: the same Idempotency-Key returns the car it made (200, replayed), not 'already exists'; one car stored", async () => {
    const dealer = await signedIn();
    const body = newCar();
    const key = crypto.randomUUID();
    const first = await call("POST", "/api/dealership/vehicles", { body, token: dealer.token, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    const again = await call("POST", "/api/dealership/vehicles", { body, token: dealer.token, headers: { "idempotency-key": key } });
    expect({ status: again.status, id: again.body.id, replayed: again.headers.get("idempotent-replayed") }).toEqual({
      status: 200,
      id: first.body.id,
      replayed: "true",
    });
    expect(await db().vehicle.count({ where: { registrationNumber: body.registrationNumber } })).toBe(1);

    // Without the key (or with a new one) the plate is taken, as before.
    const unkeyed = await call("POST", "/api/dealership/vehicles", { body, token: dealer.token });
    expect({ status: unkeyed.status, message: unkeyed.body.message }).toEqual({ status: 409, message: DEALERSHIP_VEHICLE_MESSAGES.duplicateRegistration });
    // The key with another car: 422, nothing made.
    const other = await call("POST", "/api/dealership/vehicles", { body: newCar(), token: dealer.token, headers: { "idempotency-key": key } });
    expect({ status: other.status, message: other.body.message }).toEqual({ status: 422, message: DEALERSHIP_VEHICLE_MESSAGES.addKeyReused });
    // A bad key: 400.
    const bad = await call("POST", "/api/dealership/vehicles", { body: newCar(), token: dealer.token, headers: { "idempotency-key": "short" } });
    expect(bad.status).toBe(400);
  });

  test("another dealership repeating the key and the plate is still refused: already exists (409)", async () => {
    const dealer = await signedIn();
    const rival = await signedIn();
    const body = newCar();
    const key = crypto.randomUUID();
    expect((await call("POST", "/api/dealership/vehicles", { body, token: dealer.token, headers: { "idempotency-key": key } })).status).toBe(201);
    const res = await call("POST", "/api/dealership/vehicles", { body, token: rival.token, headers: { "idempotency-key": key } });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message: DEALERSHIP_VEHICLE_MESSAGES.duplicateRegistration });
    expect(await db().vehicle.count({ where: { dealershipId: rival.id } })).toBe(0);
  });

  test("GraphQL: createDealershipVehicle with the same idempotencyKey, also twice at once, makes one car", async () => {
    const dealer = await signedIn();
    const input = newCar();
    const idempotencyKey = crypto.randomUUID();
    const create = `mutation ($input: DealershipVehicleInput!, $key: String) { createDealershipVehicle(input: $input, idempotencyKey: $key) { id registrationNumber } }`;
    const auth = { authorization: `Bearer ${dealer.token}` };
    const answers = await Promise.all([0, 1, 2].map(() => graphql(server.url, create, { input, key: idempotencyKey }, auth)));
    for (const answer of answers) expect(answer.body.errors).toBeUndefined();
    const ids = new Set(answers.map((a) => a.body.data?.createDealershipVehicle.id));
    expect(ids.size).toBe(1);
    expect(await db().vehicle.count({ where: { dealershipId: dealer.id } })).toBe(1);
  });
});
