// Issue 17, point 1: an admin deleting a car while customers book it never leaves a booking
// without its car, on SQLite and PostgreSQL. The delete takes the same vehicle lock as booking and
// assignment: either the bookings that got in first make the delete a 409, or the delete goes first
// and the late bookings are refused; every booking that was accepted keeps its car.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newAdmin } from "../testing/admin";
import { bookingRequest, call, capeTown, newCustomer, newVehicle, type TestCustomer } from "../testing/bookings";
import { startTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
let riders: TestCustomer[];
let admin: { auth: Record<string, string> };
beforeAll(async () => {
  server = await startTestServer();
  riders = [];
  for (let i = 0; i < 12; i++) riders.push(await newCustomer(server.services));
  admin = await newAdmin(server.services);
});
afterAll(async () => {
  await server?.close();
});

describe("an admin deletes a car while customers book it", () => {
  test("8 rounds: no accepted booking is left without its car; the delete is 204 or 409 with the reason", async () => {
    const outcomes = { deleted: 0, refused: 0, booked: 0 };
    for (let round = 0; round < 8; round++) {
      const vehicle = await newVehicle(server.services);
      // Bookings for disjoint periods (all could succeed); the delete goes first, among them, or after.
      const book = () =>
        riders.map((rider, i) =>
          call(server.url, "POST", "/api/bookings", { body: bookingRequest(vehicle, capeTown(10 + i * 3), capeTown(11 + i * 3)), auth: rider.auth }),
        );
      const remove = () => call(server.url, "DELETE", `/api/admin/vehicles/${vehicle.id}`, { auth: admin.auth });
      let deletion: ReturnType<typeof remove>;
      let bookings: ReturnType<typeof book>;
      if (round % 2 === 0) {
        deletion = remove();
        await Bun.sleep(round * 2);
        bookings = book();
      } else {
        bookings = book();
        await Bun.sleep(round % 3);
        deletion = remove();
      }
      const answers = await Promise.all(bookings);
      const deleted = await deletion;
      expect([200, 204, 409]).toContain(deleted.status);
      for (const a of answers) expect([201, 404, 409]).toContain(a.status);
      const accepted = answers.filter((a) => a.status === 201).map((a) => a.body.id as string);
      const rows = await server.services.db.booking.findMany({ where: { id: { in: accepted } } });
      for (const row of rows) expect([row.id, row.vehicleId]).toEqual([row.id, vehicle.id]);
      const stillThere = await server.services.db.vehicle.count({ where: { id: vehicle.id } });
      if (deleted.status === 409) {
        expect(stillThere).toBe(1);
        expect(accepted.length).toBeGreaterThan(0);
        outcomes.refused++;
      } else {
        expect(stillThere).toBe(0);
        expect(accepted).toEqual([]);
        outcomes.deleted++;
      }
      outcomes.booked += accepted.length;
      // Nothing anywhere is confirmed without a car.
      expect(await server.services.db.booking.count({ where: { status: "confirmed", vehicleId: null } })).toBe(0);
    }
    console.log(`vehicle delete race (${server.services.provider}): ${JSON.stringify(outcomes)}`);
  });
});
