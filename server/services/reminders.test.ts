// Booking reminders, on SQLite or PostgreSQL: scheduled through the outbox at 24 hours before the
// delivery and 3 hours before the return, removed by a cancellation, made again by a
// reinstatement, never made for a moment already past; and with two server instances on one
// database, each reminder reaches the (loopback) SMTP server exactly once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../boot";
import { createLogger } from "../log";
import { newAdmin } from "../testing/admin";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle } from "../testing/bookings";
import { createTestDatabase, graphql, startTestServer, testConfig, type TestDatabase, type TestServer } from "../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";

const HOUR = 3_600_000;
const reminders = (server: TestServer, bookingId: string) =>
  server.services.db.emailOutbox.findMany({ where: { topic: { startsWith: `reminder:${bookingId}:` } }, orderBy: { nextAttemptAt: "asc" } });

describe("scheduling", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await addDemoServiceArea(server.services);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("a booking gets its two reminders at 24 h before delivery and 3 h before return; cancelling removes them; reinstating makes them again", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const pickup = capeTown(5, "10:00");
    const returnAt = capeTown(8, "17:30");
    const booked = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, pickup, returnAt) });
    expect(booked.status).toBe(201);
    const rows = await reminders(server, booked.body.id);
    expect(rows.map((r) => [r.topic?.split(":")[2], r.status, r.nextAttemptAt.toISOString()])).toEqual([
      ["delivery", "pending", new Date(pickup.getTime() - 24 * HOUR).toISOString()],
      ["return", "pending", new Date(returnAt.getTime() - 3 * HOUR).toISOString()],
    ]);
    expect(rows[0]!.subject).toStartWith("Tomorrow: your Small car arrives");
    expect(rows[0]!.text).toContain("10:00 (Cape Town time)");
    expect(rows[1]!.subject).toContain("we collect your car at 17:30");

    expect((await call(server.url, "PUT", `/api/bookings/${booked.body.id}/cancel`, { auth: customer.auth })).status).toBe(200);
    expect(await reminders(server, booked.body.id)).toEqual([]);

    const admin = await newAdmin(server.services);
    await graphql(server.url, `mutation($id: ID!) { updateBookingStatus(id: $id, status: confirmed) { status } }`, { id: booked.body.id }, admin.auth);
    expect((await reminders(server, booked.body.id)).map((r) => r.topic?.split(":")[2])).toEqual(["delivery", "return"]);
  });

  test("no reminder for a moment already past: a booking for tomorrow morning gets only its return reminder", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const pickup = new Date(Date.now() + 20 * HOUR);
    const booked = await call(server.url, "POST", "/api/bookings", {
      auth: customer.auth,
      body: bookingRequest(car, pickup, new Date(pickup.getTime() + 48 * HOUR)),
    });
    expect(booked.status).toBe(201);
    expect((await reminders(server, booked.body.id)).map((r) => r.topic?.split(":")[2])).toEqual(["return"]);
  });
});

describe("two instances on one database", () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const instances: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    for (let i = 0; i < 2; i++)
      instances.push(await startServer(testConfig(database, { SMTP_URL: smtp.url }), { log: createLogger("silent"), print: () => {} }));
    await addDemoServiceArea(instances[0]!.services);
  });
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await smtp?.close();
    await database?.drop();
  });

  test("every reminder is sent once, whichever instance's mailer claims it", async () => {
    const [a, b] = instances as [RunningServer, RunningServer];
    // Six bookings, made on both instances, each with a delivery reminder due four seconds from now.
    const pickup = new Date(Date.now() + 24 * HOUR + 4_000);
    const numbers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const on = i % 2 ? b : a;
      const customer = await newCustomer(on.services);
      const car = await newVehicle(on.services);
      const booked = await call(on.url, "POST", "/api/bookings", {
        auth: customer.auth,
        body: bookingRequest(car, pickup, new Date(pickup.getTime() + 72 * HOUR)),
      });
      expect(booked.status).toBe(201);
      numbers.push(booked.body.bookingNumber);
    }
    const isReminder = (subject: string) => subject.startsWith("Tomorrow:");
    const deadline = Date.now() + 30_000;
    while (smtp.messages.filter((m) => isReminder(m.subject)).length < numbers.length && Date.now() < deadline) await Bun.sleep(250);
    // Both mailers poll every 5 s: wait out another round for any second send.
    await Bun.sleep(6_000);
    const sent = smtp.messages.filter((m) => isReminder(m.subject));
    expect(sent).toHaveLength(numbers.length);
    expect(numbers.map((n) => sent.filter((m) => m.subject.includes(`#${n}`)).length)).toEqual(numbers.map(() => 1));
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(numbers.length);
  }, 60_000);
});
