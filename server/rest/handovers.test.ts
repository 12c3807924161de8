// Delivery and collection over real HTTP (GraphQL and the driver REST calls), on SQLite or
// PostgreSQL: driver accounts, the access matrix of the driver role, the dispatch board, the
// state machine, the checklist (idempotent), the charges and the condition report.
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { collectionCharges } from "#domain";
import { capeTown } from "../testing/bookings";
import { caller, expectRefusedUnchanged, newAdmin, newCustomerWithToken, newFleetVehicle, uploadPhoto, type TestActor } from "../testing/admin";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { settleInvoices } from "../services/invoices";

let server: TestServer;
const call = caller(() => server.url);
let admin: TestActor;
let customer: TestActor;
let otherCustomer: TestActor;
type Driver = { id: string; email: string; password: string; auth: Record<string, string> };
let driverA: Driver;
let driverB: Driver;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
const gql = async (query: string, variables: Record<string, unknown>, auth: Record<string, string> = {}): Promise<any> =>
  (await graphql(server.url, query, variables, auth)).body;
const today = () => new Date(capeTown(0, "12:00").getTime()).toISOString().slice(0, 10);

const CREATE_DRIVER = `mutation($input: CreateDriverInput!) { adminCreateDriver(input: $input) { password driver { id name email phone isActive } } }`;
const SIGN_IN = `mutation($input: DriverSignInInput!) { driverSignIn(input: $input) { token driver { id name } } }`;
const DISPATCH = `query($date: String!, $driverId: ID) { dispatchDay(date: $date, driverId: $driverId) {
  date counts { deliveries collections unassigned done }
  entries { id kind at state bookingId address customerName customerPhone vehicle { registrationNumber } driver { id name } } } }`;
const ASSIGN = `mutation($bookingId: ID!, $kind: HandoverKind!, $driverId: ID) { assignHandoverDriver(bookingId: $bookingId, kind: $kind, driverId: $driverId) { id state driver { id } job { id } } }`;
const JOBS = `query($date: String) { driverJobs(date: $date) { id kind state address customer { name phone licenceNumber licenceImageUrl } vehicle { registrationNumber mileage } minOdometerKm } }`;
const START = `mutation($id: ID!) { startHandover(id: $id) { id state startedAt } }`;
const FAIL = `mutation($id: ID!, $reason: HandoverFailureReason!, $note: String) { failHandover(id: $id, reason: $reason, note: $note) { id state failureReason } }`;
const REPORT = `query($bookingId: ID!) { conditionReport(bookingId: $bookingId) { bookingNumber status
  delivery { state odometerKm fuelEighths signatureUrl driverName photos { slot url note } charges { total } }
  collection { state odometerKm fuelEighths photos { slot url note } charges { lateDays lateFee fuelEighthsShort fuelFee total } } } }`;

async function newDriver(name: string): Promise<Driver> {
  const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@capedrive.example`;
  const created = await gql(CREATE_DRIVER, { input: { name, email, phone: "082 555 0142" } }, admin.auth);
  expect(created.errors).toBeUndefined();
  const password: string = created.data.adminCreateDriver.password;
  expect(password.length).toBeGreaterThanOrEqual(12);
  const signedIn = await gql(SIGN_IN, { input: { email, password } });
  expect(signedIn.errors).toBeUndefined();
  return { id: created.data.adminCreateDriver.driver.id, email, password, auth: { authorization: `Bearer ${signedIn.data.driverSignIn.token}` } };
}

/** A confirmed booking of a fresh car (mileage 10,000 km) for `customer`, at the given instants. */
async function newRental(pickup: Date, returnAt: Date, userId = customer.id) {
  const car = await newFleetVehicle(server.services, { category: "medium" });
  await server.services.db.vehicle.update({ where: { id: car.id }, data: { mileage: 10_000 } });
  const booking = await server.services.db.booking.create({
    data: {
      userId,
      vehicleId: car.id,
      category: "medium",
      pickupDate: pickup,
      returnDate: returnAt,
      deliveryLocation: "12 Long Street, Cape Town",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "Cape Town International Airport",
      returnCoordinates: "-33.9715,18.6021",
      totalAmount: "1300.00",
      duration: 2,
      status: "confirmed",
    },
  });
  // Invoiced as a booking made through the API is.
  await server.services.db.$transaction((tx) => settleInvoices(tx, booking.id, "confirmed"));
  return { car, booking };
}

async function assign(bookingId: string, kind: "delivery" | "collection", driver: Driver | null) {
  const answer = await gql(ASSIGN, { bookingId, kind, driverId: driver?.id ?? null }, admin.auth);
  expect(answer.errors).toBeUndefined();
  return answer.data.assignHandoverDriver as { id: string; state: string; driver: { id: string } | null; job: { id: string } | null };
}

/** The six photos and a signature, uploaded as `driver`. */
async function checklistUploads(driver: Driver) {
  const photos: Record<string, string> = {};
  for (const slot of ["front", "back", "left", "right", "odometer", "fuel"])
    photos[slot] = (await uploadPhoto(server.url, driver.auth, "handover_photo")).objectPath;
  const signature = (await uploadPhoto(server.url, driver.auth, "signature")).objectPath;
  return { photos, signature };
}

/** The text of the email sent for outbox row `id` (the test server writes mail to DATA_DIR/mail). */
async function mailText(id: string): Promise<string> {
  await server.mailer.flush();
  const folder = join(server.database.dataDir, "mail");
  const file = readdirSync(folder).find((name) => name.endsWith(`-${id}.txt`));
  if (!file) throw new Error(`no mail file for outbox row ${id}`);
  return readFileSync(join(folder, file), "utf8");
}

const submit = (jobId: string, driver: Driver, body: Record<string, unknown>) =>
  call("POST", `/api/driver/jobs/${jobId}/checklist`, { auth: driver.auth, body });

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", FUEL_CHARGE_PER_EIGHTH: "150" });
  admin = await newAdmin(server.services);
  customer = await newCustomerWithToken(server.services, { name: "Thandi Nkosi", profileCompleted: true });
  otherCustomer = await newCustomerWithToken(server.services, { profileCompleted: true });
  driverA = await newDriver("Sipho");
  driverB = await newDriver("Lerato");
});

afterAll(async () => {
  await server?.close();
});

describe("driver accounts", () => {
  test("admins create them (audited); a taken email and bad fields are refused with what is wrong", async () => {
    const audit = await server.services.db.auditLog.findFirst({ where: { action: "driver.create", entityId: driverA.id } });
    expect(audit?.actorId).toBe(admin.id);
    expect(JSON.stringify(audit?.after)).not.toContain("passwordHash");
    const taken = await gql(CREATE_DRIVER, { input: { name: "Other", email: driverA.email, phone: "082 555 0100" } }, admin.auth);
    expect(taken.errors[0].message).toBe("A driver with this email already exists");
    const bad = await gql(CREATE_DRIVER, { input: { name: "X", email: "nope", phone: "12" } }, admin.auth);
    expect(bad.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(bad.errors[0].extensions.fieldErrors).toMatchObject({
      name: "Please enter the full name",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
    });
    expect(await server.services.db.driver.count()).toBe(2);
  });

  test("sign-in refuses a wrong password and a disabled driver; disabling ends their sessions", async () => {
    const wrong = await gql(SIGN_IN, { input: { email: driverA.email, password: "not the password" } });
    expect(wrong.errors[0].message).toBe("Invalid email or password");
    const temp = await newDriver("Temp");
    const off = await gql(`mutation($id: ID!) { adminSetDriverActive(id: $id, isActive: false) { isActive } }`, { id: temp.id }, admin.auth);
    expect(off.data.adminSetDriverActive.isActive).toBe(false);
    expect((await call("GET", "/api/driver/jobs", { auth: temp.auth })).status).toBe(401);
    const again = await gql(SIGN_IN, { input: { email: temp.email, password: temp.password } });
    expect(again.errors[0].message).toContain("disabled");
    const reset = await gql(`mutation($id: ID!) { adminResetDriverPassword(id: $id) { password } }`, { id: driverB.id }, admin.auth);
    expect(reset.data.adminResetDriverPassword.password).not.toBe(driverB.password);
    expect((await call("GET", "/api/driver/jobs", { auth: driverB.auth })).status).toBe(401);
    const signedIn = await gql(SIGN_IN, { input: { email: driverB.email, password: reset.data.adminResetDriverPassword.password } });
    driverB = { ...driverB, password: reset.data.adminResetDriverPassword.password, auth: { authorization: `Bearer ${signedIn.data.driverSignIn.token}` } };
  });

  test("the driver role's access matrix: each area's token works only on its own routes", async () => {
    // Driver routes: nobody 401, customer and admin 403.
    expect((await call("GET", "/api/driver/jobs")).status).toBe(401);
    expect((await call("GET", "/api/driver/jobs", { auth: customer.auth })).status).toBe(403);
    expect((await call("GET", "/api/driver/jobs", { auth: admin.auth })).status).toBe(403);
    expect((await call("GET", "/api/driver/jobs", { auth: driverA.auth })).status).toBe(200);
    expect((await gql(JOBS, {}, admin.auth)).errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await gql(JOBS, {}, customer.auth)).errors[0].extensions.code).toBe("FORBIDDEN");
    // A driver's token on the other areas: 403.
    expect((await call("GET", "/api/admin/bookings", { auth: driverA.auth })).status).toBe(403);
    expect((await call("GET", "/api/bookings", { auth: driverA.auth })).status).toBe(403);
    expect((await call("GET", "/api/dealership/me", { auth: driverA.auth })).status).toBe(403);
    expect((await gql(DISPATCH, { date: today() }, driverA.auth)).errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await gql(`{ adminDrivers { id } }`, {}, driverA.auth)).errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await gql(REPORT, { bookingId: "x" }, driverA.auth)).errors[0].extensions.code).toBe("FORBIDDEN");
  });

  test("a blank signature (the pad accepted without a line on it) is refused; the same link then takes a signed one", async () => {
    const { default: sharp } = await import("sharp");
    const ticket = await call("POST", "/api/objects/upload", { auth: driverA.auth, body: { purpose: "signature" } });
    expect(ticket.status).toBe(200);
    const { uploadURL } = ticket.body as { uploadURL: string };
    const put = (bytes: Buffer) =>
      fetch(new URL(uploadURL, server.url), { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) });
    const pad = (line: string) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="176"><rect width="360" height="176" fill="#fff"/>${line}</svg>`))
        .png()
        .toBuffer();
    const blank = await put(await pad(""));
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toBe("The signature is blank. Please ask the customer to sign, then accept the signature.");
    const row = await server.services.db.storedObject.findFirstOrThrow({
      where: { purpose: "signature", ownerId: driverA.id },
      orderBy: { createdAt: "desc" },
    });
    expect(row.status).toBe("pending");
    const signed = await put(await pad(`<path d="M20 120 C 80 20, 140 160, 200 60 S 300 140, 340 40" stroke="#0f172a" stroke-width="3" fill="none"/>`));
    expect(signed.status).toBe(200);
    // A photo is never refused for being plain: only a signature must show something.
    const plain = await call("POST", "/api/objects/upload", { auth: driverA.auth, body: { purpose: "handover_photo" } });
    const plainPut = await fetch(new URL((plain.body as { uploadURL: string }).uploadURL, server.url), {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(await pad("")),
    });
    expect(plainPut.status).toBe(200);
  });
});

describe("a delivery and a collection", () => {
  let rental: Awaited<ReturnType<typeof newRental>>;
  let deliveryJob: string;
  let collectionJob: string;

  beforeAll(async () => {
    // Due back today at 09:00: the collection (now) is as late as the clock is past 09:00 in
    // Cape Town, so the expected charge is computed from the time the job records.
    rental = await newRental(capeTown(0, "07:00"), capeTown(0, "09:00"));
  });

  test("the dispatch board lists the day's jobs in time order with the car and no driver yet", async () => {
    const day = (await gql(DISPATCH, { date: today() }, admin.auth)).data.dispatchDay;
    const mine = day.entries.filter((e: { bookingId: string }) => e.bookingId === rental.booking.id);
    expect(mine.map((e: { kind: string }) => e.kind)).toEqual(["delivery", "collection"]);
    expect(mine[0]).toMatchObject({
      state: "scheduled",
      driver: null,
      customerName: "Thandi Nkosi",
      vehicle: { registrationNumber: rental.car.registrationNumber },
    });
    expect(day.counts.deliveries).toBeGreaterThanOrEqual(1);
    expect(day.counts.unassigned).toBeGreaterThanOrEqual(2);
    const bad = await gql(DISPATCH, { date: "25/11/2026" }, admin.auth);
    expect(bad.errors[0].message).toBe("Choose a date as yyyy-mm-dd");
  });

  test("admins assign drivers (audited); a disabled driver cannot be chosen", async () => {
    const delivery = await assign(rental.booking.id, "delivery", driverA);
    expect(delivery.driver?.id).toBe(driverA.id);
    deliveryJob = delivery.job!.id;
    collectionJob = (await assign(rental.booking.id, "collection", driverA)).job!.id;
    const filtered = (await gql(DISPATCH, { date: today(), driverId: driverA.id }, admin.auth)).data.dispatchDay.entries;
    expect(filtered.every((e: { driver: { id: string } }) => e.driver.id === driverA.id)).toBe(true);
    const temp = await newDriver("Gone");
    await gql(`mutation($id: ID!) { adminSetDriverActive(id: $id, isActive: false) { id } }`, { id: temp.id }, admin.auth);
    const refused = await gql(ASSIGN, { bookingId: rental.booking.id, kind: "delivery", driverId: temp.id }, admin.auth);
    expect(refused.errors[0].message).toBe("This driver is disabled and cannot be given jobs");
    expect(await server.services.db.auditLog.count({ where: { action: "handover.assign_driver", entityId: rental.booking.id } })).toBe(2);
  });

  test("the admin booking list carries the booking's jobs: kind, state and driver", async () => {
    const page = await gql(`{ adminBookings(limit: 100) { items { id handovers { id kind state driverName finishedAt } } } }`, {}, admin.auth);
    expect(page.errors).toBeUndefined();
    const mine = page.data.adminBookings.items.find((b: { id: string }) => b.id === rental.booking.id);
    const byKind = Object.fromEntries(mine.handovers.map((h: { kind: string }) => [h.kind, h]));
    expect(byKind).toEqual({
      delivery: { id: deliveryJob, kind: "delivery", state: "scheduled", driverName: "Sipho", finishedAt: null },
      collection: { id: collectionJob, kind: "collection", state: "scheduled", driverName: "Sipho", finishedAt: null },
    });
  });

  test("driver B cannot see or act on driver A's jobs", async () => {
    const listed = await call("GET", "/api/driver/jobs", { auth: driverB.auth });
    expect(listed.body.map((j: { id: string }) => j.id)).not.toContain(deliveryJob);
    expect((await call("GET", `/api/driver/jobs/${deliveryJob}`, { auth: driverB.auth })).status).toBe(404);
    await expectRefusedUnchanged(server.services, () => call("POST", `/api/driver/jobs/${deliveryJob}/start`, { auth: driverB.auth }), 404, "Job not found");
    const uploads = await checklistUploads(driverB);
    await expectRefusedUnchanged(
      server.services,
      () => submit(deliveryJob, driverB, { idempotencyKey: "driver-b-key-1", ...uploads, odometerKm: 10_010, fuelEighths: 8, licenceChecked: true }),
      404,
    );
  });

  test("driver A sees the handover essentials of the customer, and nothing else", async () => {
    const jobs = (await gql(JOBS, {}, driverA.auth)).data.driverJobs;
    const job = jobs.find((j: { id: string }) => j.id === deliveryJob);
    expect(job).toMatchObject({
      kind: "delivery",
      state: "scheduled",
      address: "12 Long Street, Cape Town",
      vehicle: { mileage: 10_000 },
      minOdometerKm: 10_000,
    });
    expect(Object.keys(job.customer).sort()).toEqual(["licenceImageUrl", "licenceNumber", "name", "phone"]);
    const rest = await call("GET", `/api/driver/jobs/${deliveryJob}`, { auth: driverA.auth });
    expect(Object.keys(rest.body.customer).sort()).toEqual(["licenceImageUrl", "licenceNumber", "name", "phone"]);
    expect(JSON.stringify(rest.body)).not.toContain("idNumber");
  });

  test("no collection before the delivery", async () => {
    const uploads = await checklistUploads(driverA);
    await expectRefusedUnchanged(
      server.services,
      () => submit(collectionJob, driverA, { idempotencyKey: "too-early-1", ...uploads, odometerKm: 10_100, fuelEighths: 8 }),
      409,
      "The car has not been delivered yet: deliver it before collecting it",
    );
  });

  test("starting the delivery tells the customer the car is on the way; it starts once", async () => {
    const started = (await gql(START, { id: deliveryJob }, driverA.auth)).data.startHandover;
    expect(started.state).toBe("en_route");
    const email = await server.services.db.emailOutbox.findFirstOrThrow({ where: { subject: { contains: "on the way" } } });
    expect(await mailText(email.id)).toContain("Sipho is on the way to 12 Long Street, Cape Town");
    const again = await gql(START, { id: deliveryJob }, driverA.auth);
    expect(again.errors[0].extensions.code).toBe("CONFLICT");
  });

  test("bad checklists are refused with what is wrong, and change nothing", async () => {
    const uploads = await checklistUploads(driverA);
    const valid = { idempotencyKey: "bad-key-00001", ...uploads, odometerKm: 10_050, fuelEighths: 8, licenceChecked: true };
    await expectRefusedUnchanged(
      server.services,
      () => submit(deliveryJob, driverA, { ...valid, odometerKm: 9_999 }),
      400,
      "The odometer reading cannot be below the car's last known 10,000 km",
    );
    await expectRefusedUnchanged(server.services, () => submit(deliveryJob, driverA, { ...valid, licenceChecked: false }), 400, /licence matches/);
    await expectRefusedUnchanged(server.services, () => submit(deliveryJob, driverA, { ...valid, fuelEighths: 9 }), 400, "Choose the fuel level");
    // A photo the driver did not upload (the customer's own) is not accepted.
    const foreign = (await uploadPhoto(server.url, customer.auth, "profile_picture")).objectPath;
    await expectRefusedUnchanged(
      server.services,
      () => submit(deliveryJob, driverA, { ...valid, photos: { ...uploads.photos, front: foreign } }),
      400,
      "Please upload the photo again",
    );
    await expectRefusedUnchanged(
      server.services,
      () => submit(deliveryJob, driverA, { ...valid, signature: uploads.photos.front }),
      400,
      "Please upload the photo again",
    );
    expect(await server.services.db.handoverPhoto.count()).toBe(0);
  });

  test("the delivery checklist moves the booking and the car at once; a repeat changes nothing", async () => {
    const uploads = await checklistUploads(driverA);
    const body = { idempotencyKey: "delivery-key-0001", ...uploads, odometerKm: 10_050, fuelEighths: 8, licenceChecked: true, position: "-33.9249,18.4241" };
    const first = await submit(deliveryJob, driverA, body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ replayed: false, charges: null, job: { state: "done", odometerKm: 10_050, fuelEighths: 8 } });
    expect(first.body.job.photos).toHaveLength(6);
    const booking = await server.services.db.booking.findUniqueOrThrow({ where: { id: rental.booking.id }, include: { vehicle: true } });
    expect(booking.status).toBe("in_progress");
    expect(booking.vehicle).toMatchObject({ status: "rented", mileage: 10_050 });
    expect(await server.services.db.emailOutbox.count({ where: { subject: { contains: "was delivered" } } })).toBe(1);

    const replay = await submit(deliveryJob, driverA, body);
    expect(replay.status).toBe(200);
    expect(replay.body.replayed).toBe(true);
    expect(await server.services.db.handoverPhoto.count({ where: { job: { id: deliveryJob } } })).toBe(6);
    expect(await server.services.db.emailOutbox.count({ where: { subject: { contains: "was delivered" } } })).toBe(1);
    // No second delivery.
    const again = await checklistUploads(driverA);
    await expectRefusedUnchanged(
      server.services,
      () => submit(deliveryJob, driverA, { ...body, ...again, idempotencyKey: "delivery-key-0002" }),
      409,
      "This handover is already done",
    );
  });

  test("the customer reads the condition report and its photos; nobody else's customer does", async () => {
    const report = (await gql(REPORT, { bookingId: rental.booking.id }, customer.auth)).data.conditionReport;
    expect(report.delivery).toMatchObject({ state: "done", odometerKm: 10_050, fuelEighths: 8, driverName: "Sipho" });
    expect(report.delivery.photos.map((p: { slot: string }) => p.slot)).toEqual(["front", "back", "left", "right", "odometer", "fuel"]);
    expect(report.collection).toMatchObject({ state: "scheduled" });
    const photo = report.delivery.photos[0].url;
    expect((await fetch(`${server.url}${photo}`, { headers: customer.auth })).status).toBe(200);
    expect((await fetch(`${server.url}${report.delivery.signatureUrl}`, { headers: customer.auth })).status).toBe(200);
    expect((await fetch(`${server.url}${photo}`, { headers: otherCustomer.auth })).status).toBe(404);
    expect((await fetch(`${server.url}${photo}`)).status).toBe(404);
    const theirs = await gql(REPORT, { bookingId: rental.booking.id }, otherCustomer.auth);
    expect(theirs.errors[0].message).toBe("Booking not found");
    expect((await gql(REPORT, { bookingId: rental.booking.id }, admin.auth)).data.conditionReport.delivery.state).toBe("done");
  });

  test("the driver of a job in the window reads the customer's licence photo; another driver does not", async () => {
    const licence = (await uploadPhoto(server.url, customer.auth, "drivers_license")).objectPath;
    await server.services.db.user.update({ where: { id: customer.id }, data: { driversLicenseImage: licence } });
    expect((await fetch(`${server.url}${licence}`, { headers: driverA.auth })).status).toBe(200);
    expect((await fetch(`${server.url}${licence}`, { headers: driverB.auth })).status).toBe(404);
  });

  test("the collection: odometer not below the delivery's; charges computed by the server; new damage sends the car to maintenance", async () => {
    const uploads = await checklistUploads(driverA);
    const damagePhoto = (await uploadPhoto(server.url, driverA.auth, "handover_photo")).objectPath;
    const body = {
      idempotencyKey: "collection-key-01",
      ...uploads,
      odometerKm: 10_040,
      fuelEighths: 6,
      damage: [{ photo: damagePhoto, note: "Scratch on the rear bumper" }],
    };
    await expectRefusedUnchanged(
      server.services,
      () => submit(collectionJob, driverA, body),
      400,
      "The odometer reading cannot be below the car's last known 10,050 km",
    );
    const preview = await gql(
      `query($id: ID!) { handoverChargePreview(id: $id, fuelEighths: 6) { fuelEighthsShort fuelFee } }`,
      { id: collectionJob },
      driverA.auth,
    );
    expect(preview.data.handoverChargePreview).toEqual({ fuelEighthsShort: 2, fuelFee: "300.00" });

    const done = await submit(collectionJob, driverA, { ...body, odometerKm: 10_180 });
    expect(done.status).toBe(201);
    const job = await server.services.db.handoverJob.findUniqueOrThrow({ where: { id: collectionJob } });
    const expected = collectionCharges(
      {
        category: "medium",
        pickup: rental.booking.pickupDate,
        bookedReturn: rental.booking.returnDate,
        collectedAt: job.finishedAt!,
        deliveryFuelEighths: 8,
        collectionFuelEighths: 6,
      },
      { lateGraceMinutes: 59, fuelChargePerEighthCents: 150_00 },
    );
    expect(done.body.charges).toMatchObject({ lateDays: expected.lateDays, fuelEighthsShort: 2, fuelFee: "300.00" });
    expect(job).toMatchObject({ lateDays: expected.lateDays, lateFeeCents: expected.lateFeeCents, fuelEighthsShort: 2, fuelFeeCents: 300_00 });
    const booking = await server.services.db.booking.findUniqueOrThrow({ where: { id: rental.booking.id }, include: { vehicle: true } });
    expect(booking.status).toBe("completed");
    expect(booking.vehicle).toMatchObject({ status: "maintenance", mileage: 10_180 });
    const email = await server.services.db.emailOutbox.findFirstOrThrow({ where: { subject: { contains: "was collected" } } });
    expect(await mailText(email.id)).toContain("¼ tank short: R300");

    // The charges are billed by a debit note beside the rental's invoice.
    const documents = await server.services.db.invoice.findMany({ where: { bookingId: rental.booking.id }, orderBy: { number: "asc" } });
    expect(documents.map((d) => [d.kind, d.totalCents])).toEqual([
      ["invoice", 1300_00],
      ["debit_note", expected.lateFeeCents + 300_00],
    ]);
    expect(documents[1]!.description).toContain("fuel ¼ tank short");

    const report = (await gql(REPORT, { bookingId: rental.booking.id }, customer.auth)).data.conditionReport;
    expect(report.collection.photos.at(-1)).toMatchObject({ slot: "damage", note: "Scratch on the rear bumper" });
    expect(report.collection.charges.fuelFee).toBe("300.00");
    const card = await gql(`{ myBookings { id handoverStatus hasConditionReport } }`, {}, customer.auth);
    expect(card.data.myBookings.find((b: { id: string }) => b.id === rental.booking.id)).toMatchObject({ hasConditionReport: true });
    expect(card.data.myBookings.find((b: { id: string }) => b.id === rental.booking.id).handoverStatus).toMatch(/^Collected \d{1,2}:\d{2} [AP]M$/);
  });

  test("an admin cancelling the completed booking credits the rental only: the collection's charges stay owed; completing it again debits the rental", async () => {
    const job = await server.services.db.handoverJob.findUniqueOrThrow({ where: { id: collectionJob } });
    const chargesCents = (job.lateFeeCents ?? 0) + (job.fuelFeeCents ?? 0);
    expect(chargesCents).toBeGreaterThan(0);
    const STATUS = `mutation($id: ID!, $status: BookingStatus!) { updateBookingStatus(id: $id, status: $status) { status } }`;
    const documents = () => server.services.db.invoice.findMany({ where: { bookingId: rental.booking.id }, orderBy: { number: "asc" } });

    const cancelled = await gql(STATUS, { id: rental.booking.id, status: "cancelled" }, admin.auth);
    expect(cancelled.errors).toBeUndefined();
    const afterCancel = await documents();
    expect(afterCancel.slice(2).map((d) => [d.kind, d.totalCents])).toEqual([["credit_note", -1300_00]]);
    expect(afterCancel.reduce((sum, d) => sum + d.totalCents, 0)).toBe(chargesCents);
    expect(afterCancel[2]!.description).toMatch(
      /^Booking cancelled: the rental is credited in full; the charges at collection stay owed, booking #\w+: .*fuel ¼ tank short$/,
    );
    // The booking's cards say the same, line by line: the customer's (list and page) and the admin's.
    const lateFee = (job.lateFeeCents ?? 0) / 100;
    const expectedAccount = {
      lines: [
        { kind: "rental", label: "Rental, 2 days", amount: "1300.00" },
        ...(lateFee > 0 ? [{ kind: "charge", label: `Late return, ${job.lateDays} day${job.lateDays === 1 ? "" : "s"}`, amount: lateFee.toFixed(2) }] : []),
        { kind: "charge", label: "Fuel, ¼ tank short", amount: "300.00" },
        { kind: "credit", label: "Rental credited (cancelled)", amount: "-1300.00" },
      ],
      balance: (chargesCents / 100).toFixed(2),
    };
    const ACCOUNT = "account { lines { kind label amount } balance }";
    const mine = await gql(`{ myBookings { id ${ACCOUNT} } }`, {}, customer.auth);
    expect(mine.data.myBookings.find((b: { id: string }) => b.id === rental.booking.id).account).toEqual(expectedAccount);
    const page = await gql(`query($id: ID!) { booking(id: $id) { ${ACCOUNT} } }`, { id: rental.booking.id }, customer.auth);
    expect(page.data.booking.account).toEqual(expectedAccount);
    const desk = await gql(`{ adminBookings(limit: 100) { items { id ${ACCOUNT} } } }`, {}, admin.auth);
    expect(desk.errors).toBeUndefined();
    expect(desk.data.adminBookings.items.find((b: { id: string }) => b.id === rental.booking.id).account).toEqual(expectedAccount);

    const completed = await gql(STATUS, { id: rental.booking.id, status: "completed" }, admin.auth);
    expect(completed.errors).toBeUndefined();
    const afterComplete = await documents();
    expect(afterComplete.slice(3).map((d) => [d.kind, d.totalCents])).toEqual([["debit_note", 1300_00]]);
    expect(afterComplete.reduce((sum, d) => sum + d.totalCents, 0)).toBe(1300_00 + chargesCents);
  });

  test("an admin putting the completed booking back to awaiting approval credits the rental only, and the credit note, the receipt and the card say the collection's charges stay owed", async () => {
    const job = await server.services.db.handoverJob.findUniqueOrThrow({ where: { id: collectionJob } });
    const chargesCents = (job.lateFeeCents ?? 0) + (job.fuelFeeCents ?? 0);
    expect(job.fuelFeeCents).toBe(300_00);
    const STATUS = `mutation($id: ID!, $status: BookingStatus!) { updateBookingStatus(id: $id, status: $status) { status } }`;
    const emailsBefore = await server.services.db.emailOutbox.count();
    const before = await server.services.db.invoice.count({ where: { bookingId: rental.booking.id } });

    const pending = await gql(STATUS, { id: rental.booking.id, status: "pending" }, admin.auth);
    expect(pending.errors).toBeUndefined();
    expect(pending.data.updateBookingStatus.status).toBe("pending");
    const RECEIPT = `query($id: ID!) { bookingReceipt(bookingId: $id) { bookingStatus balance documents { kind total description } } }`;
    const receipt = (await gql(RECEIPT, { id: rental.booking.id }, customer.auth)).data.bookingReceipt;
    const late = job.lateDays ? `late return ${job.lateDays} day${job.lateDays === 1 ? "" : "s"}, ` : "";
    // The Tax invoice page: the new credit note takes back the rental (R1,300.00) and says why;
    // the documents add up to the charges still owed (R300.00 fuel, plus the late return if any).
    expect(receipt.bookingStatus).toBe("pending");
    expect(receipt.documents.slice(before)).toEqual([
      {
        kind: "credit_note",
        total: "-1300.00",
        description: expect.stringMatching(
          new RegExp(
            `^Booking awaiting confirmation again: the rental is not owed until it is confirmed; the charges at collection stay owed, booking #\\w+: ${late}fuel ¼ tank short$`,
          ),
        ),
      },
    ]);
    expect(receipt.documents.map((d: { description: string }) => d.description).join("\n")).not.toContain("nothing is owed");
    expect(receipt.balance).toBe((chargesCents / 100).toFixed(2));
    // The booking card agrees line by line, and the customer gets no email for this correction.
    const account = (
      await gql(`query($id: ID!) { booking(id: $id) { account { lines { kind label amount } balance } } }`, { id: rental.booking.id }, customer.auth)
    ).data.booking.account;
    expect(account.lines.at(-1)).toEqual({ kind: "credit", label: "Rental not owed until confirmed", amount: "-1300.00" });
    expect(account.balance).toBe(receipt.balance);
    expect(await server.services.db.emailOutbox.count()).toBe(emailsBefore);

    // Confirmed again: the rental is debited, and the documents add up to the rental and the charges.
    expect((await gql(STATUS, { id: rental.booking.id, status: "confirmed" }, admin.auth)).errors).toBeUndefined();
    const again = (await gql(RECEIPT, { id: rental.booking.id }, customer.auth)).data.bookingReceipt;
    expect(again.documents.slice(before + 1).map((d: { kind: string; total: string }) => [d.kind, d.total])).toEqual([["debit_note", "1300.00"]]);
    expect(again.balance).toBe(((1300_00 + chargesCents) / 100).toFixed(2));
  });
});

describe("windows, failures and repeats", () => {
  test("a day outside 2000-2099 (9999-12-31 has no next day) is a 400 on the driver's list and the dispatch board, REST and GraphQL, never a 500", async () => {
    for (const date of ["9999-12-31", "1999-12-31", "2100-01-01"]) {
      const rest = await call("GET", `/api/driver/jobs?date=${date}`, { auth: driverA.auth });
      expect([date, rest.status, rest.body.message]).toEqual([date, 400, "Choose a date from 2000-01-01 to 2099-12-31"]);
      for (const [query, auth] of [
        [JOBS, driverA.auth],
        [DISPATCH, admin.auth],
      ] as const) {
        const answer = await gql(query, { date }, auth);
        expect([date, answer.errors?.[0]?.message, answer.errors?.[0]?.extensions?.code]).toEqual([
          date,
          "Choose a date from 2000-01-01 to 2099-12-31",
          "BAD_USER_INPUT",
        ]);
      }
    }
    // A malformed day still says how to write one; the edges of the range are answered.
    expect((await call("GET", "/api/driver/jobs?date=31/12/2026", { auth: driverA.auth })).body.message).toBe("Choose a date as yyyy-mm-dd");
    for (const date of ["2000-01-01", "2099-12-31"]) expect((await gql(DISPATCH, { date }, admin.auth)).errors).toBeUndefined();
  });

  test("a job outside the driver's window (more than a day away) is not theirs to see yet", async () => {
    const later = await newRental(capeTown(4), capeTown(6));
    const entry = await assign(later.booking.id, "delivery", driverA);
    const jobs = (await gql(JOBS, {}, driverA.auth)).data.driverJobs;
    expect(jobs.map((j: { id: string }) => j.id)).not.toContain(entry.job!.id);
    expect((await call("GET", `/api/driver/jobs/${entry.job!.id}`, { auth: driverA.auth })).status).toBe(404);
  });

  test("a failed handover keeps its reason; the office reassigns it and it is scheduled again", async () => {
    const rental = await newRental(capeTown(0, "15:00"), capeTown(2));
    const { job } = await assign(rental.booking.id, "delivery", driverA);
    const failed = await gql(FAIL, { id: job!.id, reason: "customer_absent", note: "No answer at the gate" }, driverA.auth);
    expect(failed.data.failHandover).toMatchObject({ state: "failed", failureReason: "customer_absent" });
    expect((await gql(START, { id: job!.id }, driverA.auth)).errors[0].message).toContain("failed");
    const bad = await gql(FAIL, { id: job!.id, reason: "customer_absent" }, driverA.auth);
    expect(bad.errors[0].extensions.code).toBe("CONFLICT");
    const again = await assign(rental.booking.id, "delivery", driverB);
    expect(again.state).toBe("scheduled");
  });

  test("the same checklist sent twice at once changes the booking once", async () => {
    const rental = await newRental(capeTown(0, "16:00"), capeTown(3));
    const { job } = await assign(rental.booking.id, "delivery", driverA);
    const uploads = await checklistUploads(driverA);
    const body = { idempotencyKey: "parallel-key-0001", ...uploads, odometerKm: 10_001, fuelEighths: 7, licenceChecked: true };
    const deliveredBefore = await server.services.db.emailOutbox.count({ where: { subject: { contains: "was delivered" } } });
    const answers = await Promise.all([submit(job!.id, driverA, body), submit(job!.id, driverA, body), submit(job!.id, driverA, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await server.services.db.handoverPhoto.count({ where: { jobId: job!.id } })).toBe(6);
    expect(await server.services.db.emailOutbox.count({ where: { subject: { contains: "was delivered" } } })).toBe(deliveredBefore + 1);
    expect((await server.services.db.booking.findUniqueOrThrow({ where: { id: rental.booking.id } })).status).toBe("in_progress");
  });

  test("a collection is charged on the booking as it is then: a trip extended while the checklist was on its way owes no late day", async () => {
    // Booked for two days (R1,300) and due back 3 hours ago; the customer extends it to 2 hours
    // from now (three days, R1,950) while the driver's collection is being submitted.
    const dueBack = new Date(Date.now() - 3 * 3_600_000);
    const rental = await newRental(new Date(dueBack.getTime() - 2 * 86_400_000), dueBack);
    await server.services.db.booking.update({ where: { id: rental.booking.id }, data: { status: "in_progress" } });
    await server.services.db.handoverJob.create({
      data: {
        bookingId: rental.booking.id,
        kind: "delivery",
        driverId: driverA.id,
        state: "done",
        finishedAt: rental.booking.pickupDate,
        odometerKm: 10_000,
        fuelEighths: 8,
      },
    });
    const { job } = await assign(rental.booking.id, "collection", driverA);
    const uploads = await checklistUploads(driverA);
    const extendedTo = new Date(Date.now() + 2 * 3_600_000);
    const body = { idempotencyKey: "extended-meanwhile-01", ...uploads, odometerKm: 10_200, fuelEighths: 8 };

    // The extension is written by another connection that holds its transaction open: the
    // checklist reads its job before the extension commits, and records the collection after.
    const target = server.services.config.database;
    let answer: Awaited<ReturnType<typeof submit>>;
    if (target.provider === "postgresql") {
      const holder = new pg.Client({ connectionString: target.url });
      await holder.connect();
      try {
        await holder.query("BEGIN");
        await holder.query(`UPDATE bookings SET "returnDate" = $1, "totalAmount" = 1950, duration = 3, "updatedAt" = now() WHERE id = $2`, [
          extendedTo,
          rental.booking.id,
        ]);
        const pending = submit(job!.id, driverA, body);
        await Bun.sleep(600);
        await holder.query("COMMIT");
        answer = await pending;
      } finally {
        await holder.end();
      }
    } else {
      const script = `const { Database } = require("bun:sqlite"); const d = new Database(${JSON.stringify(target.file)}); d.exec("PRAGMA busy_timeout = 5000"); d.exec("BEGIN IMMEDIATE");
        d.query('UPDATE bookings SET "returnDate" = ?, "totalAmount" = 1950, duration = 3 WHERE id = ?').run(${JSON.stringify(extendedTo.toISOString().replace("Z", "+00:00"))}, ${JSON.stringify(rental.booking.id)});
        console.log("locked"); setTimeout(() => { d.exec("COMMIT"); process.exit(0); }, 800);`;
      const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
      const reader = child.stdout.getReader();
      let text = "";
      while (!text.includes("locked")) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the extension's writer did not start: ${text}`);
        text += new TextDecoder().decode(value);
      }
      answer = await submit(job!.id, driverA, body);
      await child.exited;
    }
    expect(answer.status).toBe(201);
    expect(answer.body.charges).toMatchObject({ lateDays: 0, lateFee: "0.00", total: "0.00" });
    const stored = await server.services.db.handoverJob.findUniqueOrThrow({ where: { id: job!.id } });
    expect(stored).toMatchObject({ lateDays: 0, lateFeeCents: 0, fuelFeeCents: 0 });
    // The documents add up to the three days, and nothing more.
    const documents = await server.services.db.invoice.findMany({ where: { bookingId: rental.booking.id } });
    expect(documents.reduce((sum, d) => sum + d.totalCents, 0)).toBe(1950_00);
  });

  test("a cancelled booking has nothing to hand over", async () => {
    const rental = await newRental(capeTown(0, "17:00"), capeTown(2));
    const { job } = await assign(rental.booking.id, "delivery", driverA);
    await server.services.db.booking.update({ where: { id: rental.booking.id }, data: { status: "cancelled" } });
    expect((await gql(JOBS, {}, driverA.auth)).data.driverJobs.map((j: { id: string }) => j.id)).not.toContain(job!.id);
    const refused = await gql(ASSIGN, { bookingId: rental.booking.id, kind: "delivery", driverId: driverB.id }, admin.auth);
    expect(refused.errors[0].message).toBe("This booking is cancelled: it has no deliveries or collections");
  });
});
