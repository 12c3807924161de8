// The customers' list of available cars (listAvailableVehicles, for GraphQL and REST, answered by
// the fleet calendar) answers exactly what the Prisma query it replaced answers: the
// same cars for every filter, in the same order and pages, with the same columns and their photos
// in display order. On a database
// opened as the server opens it (the driver path), SQLite or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHandler } from "../app";
import { chargedDailyRate } from "#domain";
import { capeTown, newCustomer, storeBooking } from "../testing/bookings";
import { createDealership, createVehicle } from "../testing/dealerships";
import { createTestServices, graphql } from "../testing/harness";
import type { Services } from "./context";
import { listVehiclesWithPrisma } from "../testing/fleet";
import { vehicleJson } from "../rest/shapes/vehicles";
import { listAllVehicles, listAvailableVehicles, type VehicleFilter } from "./vehicles";

const listVehicles = listVehiclesWithPrisma;

let services: Services & { close(): Promise<void> };
let http: ReturnType<typeof Bun.serve>;
let url = "";
const period = { pickup: capeTown(10), returnAt: capeTown(14) };

beforeAll(async () => {
  services = await createTestServices();
  const { db } = services;
  const rider = await newCustomer(services);
  const book = (vehicleId: string, status: "confirmed" | "cancelled", pickup: Date, returnAt: Date) =>
    storeBooking(services, { userId: rider.id, vehicleId, pickup, returnAt, category: "medium", status });

  // Rates, makes and models that sort differently, ties broken by id; photos out of order.
  const rates = ["650.00", "599.50", "650.00", "720.00", "480.00"];
  for (let i = 0; i < 10; i++) {
    const car = await createVehicle(db, {
      category: (["small", "medium", "large"] as const)[i % 3],
      transmission: i % 2 ? "automatic" : "manual",
      dailyRate: rates[i % rates.length],
      make: i % 4 ? "Toyota" : "Kia",
      model: `Model ${9 - i}`,
      mileage: 1000 * i,
      images: i % 3 === 2 ? [] : [`/objects/${i}/front.jpg`, `/objects/${i}/side.jpg`],
    });
    // A second photo at position 0, later: it sorts after the first one of that position.
    if (i % 3 === 0)
      await db.vehicleImage.create({ data: { vehicleId: car.id, url: `/objects/${i}/late.jpg`, position: 0, createdAt: new Date(Date.now() + 1000) } });
    if (i === 1 || i === 4) await book(car.id, "confirmed", capeTown(12), capeTown(20)); // overlaps the period
    if (i === 3) await book(car.id, "cancelled", capeTown(9), capeTown(15)); // cancelled: does not block
    if (i === 6) await book(car.id, "confirmed", capeTown(14), capeTown(16)); // back to back: does not block
  }
  await createVehicle(db, { status: "maintenance", images: ["/objects/m.jpg"] });
  const dealership = await createDealership(db);
  await createVehicle(db, { dealershipId: dealership.id, salesPrice: "150000.00" });
  http = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createHandler(services).fetch });
  url = `http://127.0.0.1:${http.port}`;
});
afterAll(async () => {
  await http?.stop(true);
  await services?.close();
});

// What the customers' lists show of a row: its REST shape (money as two-decimal text, photo URLs).
const shown = vehicleJson;

const filters: [string, VehicleFilter][] = [
  ["no filter", {}],
  ["a category", { category: "medium" }],
  ["a category and transmission", { category: "small", transmission: "manual" }],
  ["a transmission", { transmission: "automatic" }],
  ["a period", { period }],
  ["a category and a period", { category: "medium", period }],
  ["a page", { limit: 3, offset: 2 }],
  ["a page past the end", { limit: 5, offset: 20 }],
];

for (const [name, filter] of filters) {
  test(`the same cars, order, columns and photos as the Prisma query: ${name}`, async () => {
    const expected = await listVehicles(services, filter);
    const actual = await listAvailableVehicles(services, filter);
    expect(actual.map(shown)).toEqual(expected.map(shown));
    if (name !== "a page past the end") expect(actual.length).toBeGreaterThan(0);
  });
}

test("the period leaves out the cars booked during it, not cancelled or back-to-back bookings' cars", async () => {
  const all = await listAvailableVehicles(services, {});
  const free = await listAvailableVehicles(services, { period });
  expect(all.length).toBe(10);
  expect(free.length).toBe(8);
  expect(all.map((car) => car.mileage).filter((m) => !free.some((car) => car.mileage === m))).toEqual(expect.arrayContaining([1000, 4000]));
});

test("without photos: the same cars, and no photo read", async () => {
  const withPhotos = await listAvailableVehicles(services, { period });
  const without = await listAvailableVehicles(services, { period }, false);
  expect(without.map((car) => car.id)).toEqual(withPhotos.map((car) => car.id));
  expect(without.every((car) => car.images.length === 0)).toBe(true);
  expect(withPhotos.some((car) => car.images.length > 0)).toBe(true);
});

test("a bad page is the client's mistake (BAD_USER_INPUT, a 400), as for the Prisma query", async () => {
  await expect(listAvailableVehicles(services, { limit: 0 })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  await expect(listAvailableVehicles(services, { offset: -1 })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
});

test("GraphQL vehicles answers the driver's rows: photos in display order when asked, Money with two decimals, the same for any page size", async () => {
  const query = `query ($p: String, $r: String, $n: Int) { vehicles(pickupDate: $p, returnDate: $r, limit: $n) { id make dailyRate images } }`;
  const variables = { p: period.pickup.toISOString(), r: period.returnAt.toISOString() };
  const expected = (await listVehicles(services, { period })).map((row) => ({
    id: row.id,
    make: row.make,
    dailyRate: chargedDailyRate(row),
    images: row.images.map((image) => image.url),
  }));
  for (const n of [2, 8]) {
    const { status, body } = await graphql(url, query, { ...variables, n }, { "cache-control": "no-cache" });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.vehicles).toEqual(expected.slice(0, n));
  }
  expect(expected.some((car) => car.images.length > 1)).toBe(true);
  // Without photos in the selection the rows are the same cars.
  const { body } = await graphql(url, `query ($p: String, $r: String) { vehicles(pickupDate: $p, returnDate: $r) { id } }`, variables, {
    "cache-control": "no-cache",
  });
  expect(body.data.vehicles.map((car: { id: string }) => car.id)).toEqual(expected.map((car) => car.id));
});

test("REST GET /api/vehicles answers the same cars as the Prisma query, the whole fleet past GraphQL's page of 100, with photos in order", async () => {
  // Enough cars that REST's page (up to 1,000) goes past GraphQL's largest (100).
  for (let i = 0; i < 95; i++) await createVehicle(services.db, { category: "large", transmission: "automatic", dailyRate: "900.00", images: [] });
  const expected = (await listVehicles(services, {}, { max: 1000 })).map(shown);
  expect(expected.length).toBe(105);
  expect((await listAllVehicles(services, {})).map(shown)).toEqual(expected);
  const response = await fetch(`${url}/api/vehicles`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as ReturnType<typeof vehicleJson>[];
  expect(body).toEqual(expected);
  expect(body.some((car) => car.images.length === 3)).toBe(true);
});

test("every public surface gives a car's daily rate as a booking of it is charged, its category's, not the price the fleet keeps for the car", async () => {
  const fleet = await services.db.vehicle.findMany({ where: { dealershipId: null }, select: { category: true, dailyRate: true } });
  // The fleet above keeps prices apart from their categories' (R599.50 for a medium car, ...).
  expect(fleet.some((car) => car.dailyRate.toFixed(2) !== chargedDailyRate(car))).toBe(true);

  const listed = (await (await fetch(`${url}/api/vehicles`)).json()) as { category: string; dailyRate: string }[];
  expect(listed.length).toBeGreaterThan(0);
  for (const car of listed) expect(car.dailyRate).toBe(chargedDailyRate(car));
  const { body } = await graphql(url, `{ vehicles(limit: 100) { category dailyRate } }`, {}, { "cache-control": "no-cache" });
  expect(body.data.vehicles.length).toBeGreaterThan(0);
  for (const car of body.data.vehicles) expect(car.dailyRate).toBe(chargedDailyRate({ category: car.category.toLowerCase() }));

  // A customer's booking of a small car the fleet prices at R520: its car says R450, as charged.
  const rider = await newCustomer(services);
  const car = await createVehicle(services.db, { category: "small", dailyRate: "520.00" });
  await storeBooking(services, { userId: rider.id, vehicleId: car.id, pickup: capeTown(30), returnAt: capeTown(32), category: "small", status: "confirmed" });
  const mine = await graphql(url, `{ myBookings { vehicle { id dailyRate } } }`, {}, rider.auth);
  expect(mine.body.data.myBookings.map((b: { vehicle: unknown }) => b.vehicle)).toEqual([{ id: car.id, dailyRate: "450.00" }]);
  const rest = (await (await fetch(`${url}/api/bookings`, { headers: rider.auth })).json()) as { vehicle: { dailyRate: string } }[];
  expect(rest.map((b) => b.vehicle.dailyRate)).toEqual(["450.00"]);
});
