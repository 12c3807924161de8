// Admin vehicles over real HTTP: the admin vehicle shape, every rule of the admin vehicle form
// (SPEC 5) on the server, unique plates (409), photos (own uploads or http(s) URLs), edits that
// keep what is left out, delete refused while bookings are ahead, and the audit rows.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { maxVehicleYear } from "#domain";
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
let admin: TestActor;
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

const VEHICLE_KEYS = [
  "category",
  "createdAt",
  "dealershipId",
  "features",
  "id",
  "imageUrl",
  "images",
  "lastKnownLocation",
  "licensePlate",
  "make",
  "mileage",
  "model",
  "pricePerDay",
  "soldAt",
  "status",
  "transmission",
  "updatedAt",
  "year",
].sort();

let plates = 0;
const form = (fields: Record<string, unknown> = {}) => ({
  make: "Volkswagen",
  model: "Polo Vivo",
  year: 2024,
  category: "small",
  transmission: "manual",
  pricePerDay: 450,
  features: ["Air conditioning", "Bluetooth"],
  licensePlate: `CA ${String(++plates).padStart(3, "0")}-${crypto.randomUUID().slice(0, 3)}`,
  ...fields,
});

describe("GET /api/admin/vehicles", () => {
  test("the admin vehicle shape; the fleet by default, dealership stock on request; filters and paging", async () => {
    const tracked = await newFleetVehicle(services(), { lastKnownLocation: { lat: -33.92, lon: 18.42, at: "2025-06-01T10:00:00Z" } });
    await db().vehicleImage.createMany({
      data: [
        { vehicleId: tracked.id, url: "https://img.example/1.jpg", position: 0 },
        { vehicleId: tracked.id, url: "https://img.example/2.jpg", position: 1 },
      ],
    });
    const dealership = await newDealershipWithToken(services());
    const forSale = await newFleetVehicle(services(), { dealershipId: dealership.id });

    const list = await call("GET", "/api/admin/vehicles?limit=100", { auth: as() });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    const entry = list.body.find((v: any) => v.id === tracked.id);
    expect(Object.keys(entry).sort()).toEqual(VEHICLE_KEYS);
    expect(entry).toMatchObject({
      make: "Toyota",
      model: "Starlet",
      pricePerDay: "450.00",
      licensePlate: tracked.registrationNumber,
      features: ["Air conditioning", "Bluetooth", "USB", "Cruise control"],
      imageUrl: "https://img.example/1.jpg",
      images: ["https://img.example/1.jpg", "https://img.example/2.jpg"],
      status: "available",
      lastKnownLocation: { lat: -33.92, lon: 18.42, at: "2025-06-01T10:00:00Z" },
      dealershipId: null,
    });
    expect(list.body.some((v: any) => v.id === forSale.id)).toBe(false);
    expect(Number(list.headers.get("x-total-count"))).toBe(await db().vehicle.count({ where: { dealershipId: null } }));

    const all = await call("GET", "/api/admin/vehicles?owner=all&limit=100", { auth: as() });
    expect(all.body.some((v: any) => v.id === forSale.id)).toBe(true);
    const stock = await call("GET", "/api/admin/vehicles?owner=dealership", { auth: as() });
    expect(stock.body.map((v: any) => v.id)).toEqual([forSale.id]);

    await newFleetVehicle(services(), { status: "maintenance", plate: "WC 999-999" });
    const maintenance = await call("GET", "/api/admin/vehicles?status=maintenance", { auth: as() });
    expect(maintenance.body.every((v: any) => v.status === "maintenance")).toBe(true);
    expect(maintenance.body.length).toBeGreaterThan(0);
    const search = await call("GET", "/api/admin/vehicles?search=wc%20999", { auth: as() });
    expect(search.body.map((v: any) => v.licensePlate)).toEqual(["WC 999-999"]);

    const both = await call("GET", "/api/admin/vehicles", { auth: as() });
    expect(both.body).toHaveLength(2);
    const page = await call("GET", "/api/admin/vehicles?limit=1&offset=1", { auth: as() });
    expect(page.body).toHaveLength(1);
    expect(page.body[0].id).toBe(both.body[1].id);
    expect(page.headers.get("x-total-count")).toBe("2");
  });

  test("search: every word matches the make, model or plate; plates compared without spaces and dashes, any case", async () => {
    const car = async (make: string, model: string, plate: string, dealershipId?: string) => {
      const row = await newFleetVehicle(services(), { plate, ...(dealershipId ? { dealershipId } : {}) });
      return db().vehicle.update({ where: { id: row.id }, data: { make, model } });
    };
    const yaris = await car("Toyota", "Yaris", "CA 745-561");
    const corolla = await car("Toyota", "Corolla Cross", "CA 745-562");
    const swift = await car("Suzuki", "Swift", "wp 745 561");
    const found = async (search: string, extra = "") => {
      const answer = await call("GET", `/api/admin/vehicles?search=${encodeURIComponent(search)}&limit=100${extra}`, { auth: as() });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-total-count")).toBe(String(answer.body.length));
      return answer.body.map((v: any) => v.id).sort();
    };
    const ids = (...cars: { id: string }[]) => cars.map((c) => c.id).sort();
    for (const search of ["Toyota Yaris", "yaris  TOYOTA", "toyota ca745561", "CA745561", "ca 745-561", "Ca745-561", "yaris 745561"])
      expect(await found(search)).toEqual(ids(yaris));
    expect(await found("745561")).toEqual(ids(yaris, swift));
    expect(await found("WP745561")).toEqual(ids(swift));
    expect(await found("toyota 745-562")).toEqual(ids(corolla));
    expect(await found("Corolla Cross")).toEqual(ids(corolla));
    expect(await found("CA 7455")).toEqual(ids(yaris, corolla));
    for (const search of ["Toyota Swift", "Yaris 745562", "Suzuki CA", "Citroën"]) expect(await found(search)).toEqual([]);
    // With the other filters, and for dealership stock too.
    expect(await found("toyota", "&category=large")).toEqual([]);
    const dealer = await newDealershipWithToken(services());
    const stock = await car("Toyota", "Yaris", "CA 100-555", dealer.id);
    expect(await found("toyota yaris", "&owner=dealership")).toEqual(ids(stock));
    expect(await found("ca100555", "&owner=all")).toEqual(ids(stock));
    // GraphQL answers the same.
    const answer = await graphql(server.url, `{ adminVehicles(search: "toyota ca-745-561") { total items { id } } }`, {}, as());
    expect(answer.body.data.adminVehicles).toEqual({ total: 1, items: [{ id: yaris.id }] });
  });

  test("bad list parameters: 400 with a clear message", async () => {
    for (const query of ["limit=0", "limit=101", "limit=abc", "offset=-1", "status=scrapped", "category=huge", "owner=everyone"]) {
      const answer = await call("GET", `/api/admin/vehicles?${query}`, { auth: as() });
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body.message.length).toBeGreaterThan(5);
    }
  });

  test("GET /api/admin/vehicles/:id; unknown id 404", async () => {
    const vehicle = await newFleetVehicle(services());
    expect((await call("GET", `/api/admin/vehicles/${vehicle.id}`, { auth: as() })).body.id).toBe(vehicle.id);
    const missing = await call("GET", `/api/admin/vehicles/${crypto.randomUUID()}`, { auth: as() });
    expect(missing).toMatchObject({ status: 404, body: { message: "Vehicle not found" } });
  });
});

describe("POST /api/admin/vehicles", () => {
  test("201 with the admin shape; stored as dailyRate and registrationNumber; defaults; audited", async () => {
    const answer = await call("POST", "/api/admin/vehicles", {
      auth: as(),
      body: form({ licensePlate: "  ca 123-456 ", pricePerDay: 499.5, features: [" GPS "], status: undefined }),
    });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(VEHICLE_KEYS);
    expect(answer.body).toMatchObject({
      licensePlate: "CA 123-456",
      pricePerDay: "499.50",
      features: ["GPS"],
      status: "available",
      imageUrl: null,
      mileage: 0,
      dealershipId: null,
    });
    const row = await db().vehicle.findUniqueOrThrow({ where: { id: answer.body.id } });
    expect(row.registrationNumber).toBe("CA 123-456");
    expect(row.dailyRate.toFixed(2)).toBe("499.50");
    expect(row.features).toEqual(["GPS"]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entity: "vehicle", entityId: row.id } });
    expect(audit).toMatchObject({ actorType: "admin", actorId: admin.id, action: "vehicle.create", before: null });
    expect(audit.after).toMatchObject({ licensePlate: "CA 123-456", pricePerDay: "499.50", make: "Volkswagen" });
  });

  test("features default to none; an http(s) image URL is kept as given", async () => {
    const answer = await call("POST", "/api/admin/vehicles", { auth: as(), body: form({ features: undefined, imageUrl: "https://cdn.example/polo.jpg" }) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ features: [], imageUrl: "https://cdn.example/polo.jpg", images: ["https://cdn.example/polo.jpg"] });
  });

  test("every rule of the admin vehicle form: 400 with the spec's message on the field, nothing stored", async () => {
    const max = maxVehicleYear();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ make: "" }, "make", "Make is required"],
      [{ make: "   " }, "make", "Make is required"],
      [{ make: undefined }, "make", "Make is required"],
      [{ model: "" }, "model", "Model is required"],
      [{ model: undefined }, "model", "Model is required"],
      [{ year: 1899 }, "year", "Year must be 1900 or later"],
      [{ year: max + 1 }, "year", `Year must be ${max} or earlier`],
      [{ year: 2020.5 }, "year", "Year must be a whole number"],
      [{ year: "2020" }, "year", "Year is required"],
      [{ year: undefined }, "year", "Year is required"],
      [{ category: "huge" }, "category", "Please select a category"],
      [{ category: undefined }, "category", "Please select a category"],
      [{ transmission: "cvt" }, "transmission", "Please select a transmission"],
      [{ pricePerDay: 0 }, "pricePerDay", "Price must be greater than 0"],
      [{ pricePerDay: 0.99 }, "pricePerDay", "Price must be greater than 0"],
      [{ pricePerDay: -5 }, "pricePerDay", "Price must be greater than 0"],
      [{ pricePerDay: undefined }, "pricePerDay", "Price must be greater than 0"],
      [{ pricePerDay: "abc" }, "pricePerDay", "Price must be greater than 0"],
      [{ imageUrl: "not a url" }, "imageUrl", "Please enter a valid URL"],
      [{ imageUrl: "ftp://files.example/car.jpg" }, "imageUrl", "Please enter a valid URL"],
      [{ imageUrl: "javascript:alert(1)" }, "imageUrl", "Please enter a valid URL"],
      [{ licensePlate: "" }, "licensePlate", "License plate is required"],
      [{ licensePlate: undefined }, "licensePlate", "License plate is required"],
      [{ status: "scrapped" }, "status", "Please select a status"],
      [{ features: ["GPS", " "] }, "features.1", "Feature cannot be empty"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/vehicles", { auth: as(), body: form(fields) }), 400, message);
      expect({ fields, fieldError: answer.body.fieldErrors?.[field] }).toEqual({ fields, fieldError: message });
    }
    await expectRefusedUnchanged(
      services(),
      () => call("POST", "/api/admin/vehicles", { auth: as(), raw: "[]" }),
      400,
      "The request body must be a JSON object",
    );
    await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/vehicles", { auth: as(), raw: "{oops" }), 400);
  });

  test("the boundaries are accepted: year 1900 and next year, price 1", async () => {
    for (const fields of [{ year: 1900 }, { year: maxVehicleYear() }, { pricePerDay: 1 }]) {
      expect((await call("POST", "/api/admin/vehicles", { auth: as(), body: form(fields) })).status).toBe(201);
    }
  });

  test("a plate already in use (any case or spacing at the ends): 409, nothing stored", async () => {
    const existing = await newFleetVehicle(services(), { plate: "CY 555-001" });
    for (const licensePlate of ["CY 555-001", "cy 555-001", "  Cy 555-001  "]) {
      await expectRefusedUnchanged(
        services(),
        () => call("POST", "/api/admin/vehicles", { auth: as(), body: form({ licensePlate }) }),
        409,
        "A vehicle with this license plate already exists",
      );
    }
    expect(await db().vehicle.count({ where: { registrationNumber: existing.registrationNumber } })).toBe(1);
  });

  test("two creates with one plate at once: one 201, one 409", async () => {
    const body = form({ licensePlate: "CF 777-777" });
    const answers = await Promise.all([call("POST", "/api/admin/vehicles", { auth: as(), body }), call("POST", "/api/admin/vehicles", { auth: as(), body })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await db().vehicle.count({ where: { registrationNumber: "CF 777-777" } })).toBe(1);
  });

  test("photos: the admin's own vehicle photo upload (path or upload URL) is accepted and normalised", async () => {
    const byPath = await uploadPhoto(server.url, as(), "vehicle_photo");
    const created = await call("POST", "/api/admin/vehicles", { auth: as(), body: form({ imageUrl: byPath.objectPath }) });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(byPath.objectPath);
    expect((await fetch(`${server.url}${byPath.objectPath}`)).status).toBe(200);

    const byUrl = await uploadPhoto(server.url, as(), "vehicle_photo");
    const other = await call("POST", "/api/admin/vehicles", { auth: as(), body: form({ imageUrl: byUrl.uploadURL }) });
    expect(other.status).toBe(201);
    expect(other.body.imageUrl).toBe(byUrl.objectPath);
  });

  test("photos: another admin's upload, a customer's upload, a made-up or pending object are refused", async () => {
    const otherAdmin = await newAdmin(services());
    const theirs = await uploadPhoto(server.url, otherAdmin.auth, "vehicle_photo");
    const customer = await newCustomerWithToken(services());
    const customers = await uploadPhoto(server.url, customer.auth, "profile_picture");
    const pending = await (
      await fetch(`${server.url}/api/objects/upload`, {
        method: "POST",
        headers: { ...as(), "content-type": "application/json" },
        body: JSON.stringify({ purpose: "vehicle_photo" }),
      })
    ).json();
    for (const imageUrl of [
      theirs.objectPath,
      customers.objectPath,
      `/objects/uploads/${crypto.randomUUID()}`,
      pending.objectPath,
      "/objects/../../etc/passwd",
      "/objects/other/thing.jpg",
    ]) {
      const answer = await expectRefusedUnchanged(services(), () => call("POST", "/api/admin/vehicles", { auth: as(), body: form({ imageUrl }) }), 400);
      expect({ imageUrl, message: answer.body.message }).toEqual({
        imageUrl,
        message: expect.stringMatching(/Please upload the photo again|Please enter a valid URL/),
      });
    }
  });
});

describe("PUT /api/admin/vehicles/:id", () => {
  test("fields left out keep their values; pricePerDay as money text; audited with before and after", async () => {
    const created = (await call("POST", "/api/admin/vehicles", { auth: as(), body: form({ features: ["A", "B"], imageUrl: "https://cdn.example/a.jpg" }) }))
      .body;
    const answer = await call("PUT", `/api/admin/vehicles/${created.id}`, { auth: as(), body: { pricePerDay: "550.00", status: "maintenance" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      pricePerDay: "550.00",
      status: "maintenance",
      make: created.make,
      features: ["A", "B"],
      imageUrl: "https://cdn.example/a.jpg",
      licensePlate: created.licensePlate,
    });
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: created.id, action: "vehicle.update" } });
    expect(audit.before).toMatchObject({ pricePerDay: "450.00", status: "available" });
    expect(audit.after).toMatchObject({ pricePerDay: "550.00", status: "maintenance" });
  });

  test("the full form (as the edit dialog sends it) replaces every field", async () => {
    const vehicle = await newFleetVehicle(services());
    const body = form({
      make: "Haval",
      model: "Jolion",
      year: 2023,
      category: "medium",
      transmission: "automatic",
      pricePerDay: 650,
      features: ["Sunroof"],
      status: "rented",
    });
    const answer = await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      make: "Haval",
      model: "Jolion",
      year: 2023,
      category: "medium",
      transmission: "automatic",
      pricePerDay: "650.00",
      features: ["Sunroof"],
      status: "rented",
      licensePlate: body.licensePlate.toUpperCase(),
    });
  });

  test('imageUrl replaces the first photo and "" removes it; the other photos stay', async () => {
    const vehicle = await newFleetVehicle(services());
    await db().vehicleImage.createMany({
      data: [
        { vehicleId: vehicle.id, url: "https://img.example/a.jpg", position: 0 },
        { vehicleId: vehicle.id, url: "https://img.example/b.jpg", position: 1 },
      ],
    });
    const replaced = await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { imageUrl: "https://img.example/new.jpg" } });
    expect(replaced.body.images).toEqual(["https://img.example/new.jpg", "https://img.example/b.jpg"]);
    const removed = await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { imageUrl: "" } });
    expect(removed.body.images).toEqual(["https://img.example/b.jpg"]);
    expect(removed.body.imageUrl).toBe("https://img.example/b.jpg");
    // Saving the current photo unchanged (someone else's upload) is fine.
    const other = await newAdmin(services());
    const theirs = await uploadPhoto(server.url, other.auth, "vehicle_photo");
    expect((await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: other.auth, body: { imageUrl: theirs.objectPath } })).status).toBe(200);
    expect(
      (
        await call("PUT", `/api/admin/vehicles/${vehicle.id}`, {
          auth: as(),
          body: form({ imageUrl: theirs.objectPath, licensePlate: vehicle.registrationNumber }),
        })
      ).status,
    ).toBe(200);
  });

  test("bad input and a taken plate: refused with the message, nothing changed", async () => {
    const vehicle = await newFleetVehicle(services());
    const other = await newFleetVehicle(services());
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { licensePlate: other.registrationNumber.toLowerCase() } }),
      409,
      "A vehicle with this license plate already exists",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { pricePerDay: 0 } }),
      400,
      "Price must be greater than 0",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { make: "" } }),
      400,
      "Make is required",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { year: 1850 } }),
      400,
      "Year must be 1900 or later",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { status: "booked" } }),
      400,
      "Please select a status",
    );
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${crypto.randomUUID()}`, { auth: as(), body: { make: "X" } }),
      404,
      "Vehicle not found",
    );
    // Keeping its own plate is not a clash.
    expect((await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { licensePlate: vehicle.registrationNumber } })).status).toBe(200);
  });
});

describe("PUT /api/admin/vehicles/:id: the kind of a car with open bookings", () => {
  test("a category or transmission change is refused (409) naming the open bookings, on the changed field; nothing changed", async () => {
    const customer = await newCustomerWithToken(services());
    const vehicle = await newFleetVehicle(services(), { category: "small", transmission: "automatic" });
    const later = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, transmission: "automatic", fromDay: 10, toDay: 12 });
    const onTheRoad = await newBooking(services(), {
      userId: customer.id,
      vehicleId: vehicle.id,
      transmission: "automatic",
      status: "in_progress",
      fromDay: -1,
      toDay: 2,
    });
    // Over, cancelled or completed: they do not count.
    await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, transmission: "automatic", fromDay: -10, toDay: -8 });
    await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, transmission: "automatic", status: "cancelled", fromDay: 20, toDay: 22 });
    await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, transmission: "automatic", status: "completed", fromDay: 1, toDay: 3 });
    const message = `This car is assigned to 2 open bookings (#${onTheRoad.id.slice(-8)}, #${later.id.slice(-8)}) made for its current category and transmission. Assign them another car before changing its category or transmission.`;

    const toLarge = await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { category: "large", pricePerDay: 900 } }),
      409,
      message,
    );
    expect(toLarge.body).toMatchObject({ code: "CONFLICT", fieldErrors: { category: message } });
    expect(toLarge.body.fieldErrors.transmission).toBeUndefined();
    const toManual = await expectRefusedUnchanged(
      services(),
      () =>
        call("PUT", `/api/admin/vehicles/${vehicle.id}`, {
          auth: as(),
          body: form({ category: "medium", transmission: "manual", licensePlate: vehicle.registrationNumber }),
        }),
      409,
      message,
    );
    expect(Object.keys(toManual.body.fieldErrors).sort()).toEqual(["category", "transmission"]);

    // Every other edit stays allowed, the kind sent unchanged included.
    const edited = await call("PUT", `/api/admin/vehicles/${vehicle.id}`, {
      auth: as(),
      body: { category: "small", transmission: "automatic", pricePerDay: 480, status: "maintenance", make: "Suzuki", model: "Swift" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ category: "small", transmission: "automatic", pricePerDay: "480.00", status: "maintenance", make: "Suzuki" });

    // Once the bookings are moved or over, the kind may change.
    await db().booking.updateMany({ where: { id: { in: [later.id, onTheRoad.id] } }, data: { status: "completed" } });
    expect((await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { category: "large", transmission: "manual" } })).body).toMatchObject({
      category: "large",
      transmission: "manual",
    });
  });

  test("one open booking is named alone; more than five are counted; GraphQL carries the same message", async () => {
    const customer = await newCustomerWithToken(services());
    const one = await newFleetVehicle(services());
    const only = await newBooking(services(), { userId: customer.id, vehicleId: one.id, status: "pending" });
    const message = `This car is assigned to an open booking (#${only.id.slice(-8)}) made for its current category and transmission. Assign it another car before changing its category or transmission.`;
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${one.id}`, { auth: as(), body: { transmission: "automatic" } }),
      409,
      message,
    );
    const answer = await graphql(server.url, "mutation ($id: ID!) { updateAdminVehicle(id: $id, input: { category: medium }) { id } }", { id: one.id }, as());
    expect(answer.body.errors?.[0]).toMatchObject({ message, extensions: { code: "CONFLICT" } });

    const busy = await newFleetVehicle(services());
    for (let day = 0; day < 7; day++) await newBooking(services(), { userId: customer.id, vehicleId: busy.id, fromDay: 2 + day * 3, toDay: 3 + day * 3 });
    const refused = await call("PUT", `/api/admin/vehicles/${busy.id}`, { auth: as(), body: { category: "large" } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toStartWith("This car is assigned to 7 open bookings (#");
    expect(refused.body.message).toContain(" and 2 more) made for its current category");
  });
});

describe("DELETE /api/admin/vehicles/:id", () => {
  test("a vehicle without bookings ahead is deleted; past bookings keep their history; audited", async () => {
    const customer = await newCustomerWithToken(services());
    const vehicle = await newFleetVehicle(services());
    const past = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, fromDay: -10, toDay: -8, status: "completed" });
    const cancelled = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, fromDay: 5, toDay: 7, status: "cancelled" });
    const completedEarly = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, fromDay: 1, toDay: 2, status: "completed" });
    const answer = await call("DELETE", `/api/admin/vehicles/${vehicle.id}`, { auth: as() });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(await db().vehicle.findUnique({ where: { id: vehicle.id } })).toBeNull();
    for (const booking of [past, cancelled, completedEarly]) expect((await db().booking.findUniqueOrThrow({ where: { id: booking.id } })).vehicleId).toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: vehicle.id, action: "vehicle.delete" } });
    expect(audit.before).toMatchObject({ licensePlate: vehicle.registrationNumber });
    expect(audit.after).toBeNull();
  });

  for (const [status, fromDay, toDay] of [
    ["confirmed", 3, 5],
    ["pending", 10, 12],
    ["in_progress", -1, 2],
  ] as const) {
    test(`refused while a ${status} booking is ahead (409, nothing changed)`, async () => {
      const customer = await newCustomerWithToken(services());
      const vehicle = await newFleetVehicle(services());
      await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, status, fromDay, toDay });
      await expectRefusedUnchanged(
        services(),
        () => call("DELETE", `/api/admin/vehicles/${vehicle.id}`, { auth: as() }),
        409,
        "This vehicle has upcoming bookings. Set it to out of service instead.",
      );
      // Retiring it instead works.
      expect((await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { status: "out_of_service" } })).body.status).toBe("out_of_service");
    });
  }

  test("marking a car sold is refused while a booking is ahead (409, nothing changed); without one it is sold", async () => {
    const customer = await newCustomerWithToken(services());
    const vehicle = await newFleetVehicle(services());
    const booking = await newBooking(services(), { userId: customer.id, vehicleId: vehicle.id, status: "confirmed", fromDay: 3, toDay: 5 });
    await expectRefusedUnchanged(
      services(),
      () => call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { status: "sold" } }),
      409,
      "This vehicle has upcoming bookings. Assign them another car before marking it sold.",
    );
    await db().booking.update({ where: { id: booking.id }, data: { status: "cancelled" } });
    const sold = await call("PUT", `/api/admin/vehicles/${vehicle.id}`, { auth: as(), body: { status: "sold" } });
    expect(sold.body.status).toBe("sold");
    expect((await db().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).soldAt).toBeInstanceOf(Date);
  });

  test("unknown vehicle: 404", async () => {
    await expectRefusedUnchanged(services(), () => call("DELETE", `/api/admin/vehicles/${crypto.randomUUID()}`, { auth: as() }), 404, "Vehicle not found");
  });
});

describe("GraphQL admin vehicles", () => {
  test("create, update, list and delete; errors carry the form's messages", async () => {
    const create = await graphql(
      server.url,
      `mutation($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id pricePerDay licensePlate features imageUrl status } }`,
      { input: form({ licensePlate: "gp 100-200" }) },
      as(),
    );
    expect(create.body.errors).toBeUndefined();
    expect(create.body.data.createAdminVehicle).toMatchObject({ pricePerDay: "450.00", licensePlate: "GP 100-200", status: "available", imageUrl: null });
    const id = create.body.data.createAdminVehicle.id;
    const bad = await graphql(
      server.url,
      `mutation($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id } }`,
      { input: form({ make: "" }) },
      as(),
    );
    expect(bad.body.errors?.[0]).toMatchObject({
      message: "Make is required",
      extensions: { code: "BAD_USER_INPUT", fieldErrors: { make: "Make is required" } },
    });
    const dup = await graphql(
      server.url,
      `mutation($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id } }`,
      { input: form({ licensePlate: "GP 100-200" }) },
      as(),
    );
    // The form shows it under the field it is about.
    expect(dup.body.errors?.[0]).toMatchObject({
      message: "A vehicle with this license plate already exists",
      extensions: { code: "CONFLICT", fieldErrors: { licensePlate: "A vehicle with this license plate already exists" } },
    });
    const update = await graphql(
      server.url,
      `mutation($id: ID!) { updateAdminVehicle(id: $id, input: { pricePerDay: 475.25, features: ["GPS"] }) { pricePerDay features make } }`,
      { id },
      as(),
    );
    expect(update.body.data.updateAdminVehicle).toEqual({ pricePerDay: "475.25", features: ["GPS"], make: "Volkswagen" });
    const list = await graphql(server.url, `{ adminVehicles(search: "GP 100", limit: 5) { total items { id licensePlate } } }`, {}, as());
    expect(list.body.data.adminVehicles).toEqual({ total: 1, items: [{ id, licensePlate: "GP 100-200" }] });
    const tooMany = await graphql(server.url, `{ adminVehicles(limit: 500) { total } }`, {}, as());
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const del = await graphql(server.url, `mutation($id: ID!) { deleteAdminVehicle(id: $id) }`, { id }, as());
    expect(del.body.data.deleteAdminVehicle).toBe(true);
    const upload = await graphql(server.url, `mutation { createVehiclePhotoUpload { uploadURL objectPath } }`, {}, as());
    expect(upload.body.data.createVehiclePhotoUpload.objectPath).toMatch(/^\/objects\/uploads\//);
  });
});
