// GET /api/vehicles with a fleet past SQLite's 999 bound parameters: Prisma cannot split an
// ordered `IN (...)` for the photos, so the photos are ordered in the service (found by the
// benchmark on 2,000 cars). Runs on PostgreSQL too with TEST_DATABASE_URL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.services;
  const vehicles = Array.from({ length: 1_050 }, (_, i) => ({
    id: crypto.randomUUID(),
    registrationNumber: `FL ${String(i).padStart(4, "0")}`,
    make: "Toyota",
    model: "Corolla",
    year: 2023,
    category: "small" as const,
    dailyRate: "450.00",
    features: [],
  }));
  await db.vehicle.createMany({ data: vehicles });
  // Two photos each, written in reverse display order.
  await db.vehicleImage.createMany({
    data: vehicles.flatMap((v) => [1, 0].map((position) => ({ vehicleId: v.id, url: `/objects/${v.id}/${position}.jpg`, position }))),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

test("the whole fleet (up to 1000) with its photos in display order", async () => {
  const response = await fetch(`${server.url}/api/vehicles`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: string; images: string[] }[];
  expect(body.length).toBe(1_000);
  for (const vehicle of body) expect(vehicle.images).toEqual([`/objects/${vehicle.id}/0.jpg`, `/objects/${vehicle.id}/1.jpg`]);
});
