// The public Cars for Sale listing and Contact Seller over real HTTP (REST and GraphQL), with the
// real mailer delivering to an SMTP server on loopback. One fixed stock for the whole file:
// six listed cars priced at the price bands' edges, and four that must never be listed (no
// price, price 0, the rental fleet, an inactive dealership's).
import { offBrandColours } from "#domain/brand.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { CONTACT_SELLER_MESSAGES, FOR_SALE_MESSAGES } from "#domain";
import { ENQUIRY_RATE_LIMITED, FOR_SALE_NOT_FOUND } from "../services/for-sale";
import { createDealership, createVehicle, httpClient, type TestDealership } from "../testing/dealerships";
import { graphql, startTestServer, type TestServer } from "../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";

const PUBLIC_URL = "https://capedrive.test";
let server: TestServer;
let smtp: TestSmtpServer;
const db = () => server.services.db;
const { call, newAddress } = httpClient(() => server.url);

let atlantic: TestDealership;
let winelands: TestDealership;
let dormant: TestDealership;
/** Listed cars by name, and the ones that must stay hidden. */
type CarName = "corolla" | "hilux" | "polo" | "bmw" | "cclass" | "ranger";
const car = {} as Record<CarName, string>;
const hidden = {} as Record<"noPrice" | "zeroPrice" | "fleet" | "inactive", string>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: "true" });
  atlantic = await createDealership(db(), {
    companyName: "Atlantic Motors",
    city: "Cape Town",
    contactPerson: "Thandiwe Mokoena",
    contactEmail: "sales@atlantic.example",
  });
  winelands = await createDealership(db(), {
    companyName: "Winelands Auto",
    city: "Stellenbosch",
    contactPerson: "Pieter van der Merwe",
    contactEmail: "hello@winelands.example",
  });
  dormant = await createDealership(db(), { companyName: "Dormant Cars", isActive: false });
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
  const listed: [CarName, TestDealership, Parameters<typeof createVehicle>[1]][] = [
    [
      "corolla",
      atlantic,
      { make: "Toyota", model: "Corolla", year: 2019, category: "medium", transmission: "manual", salesPrice: "99999.00", mileage: 84000, createdAt: at(6) },
    ],
    [
      "hilux",
      atlantic,
      { make: "Toyota", model: "Hilux", year: 2021, category: "large", transmission: "automatic", salesPrice: "100000.00", createdAt: at(5) },
    ],
    [
      "polo",
      winelands,
      { make: "Volkswagen", model: "Polo", year: 2018, category: "small", transmission: "manual", salesPrice: "199999.00", createdAt: at(4) },
    ],
    ["bmw", winelands, { make: "BMW", model: "320i", year: 2020, category: "medium", transmission: "automatic", salesPrice: "200000.00", createdAt: at(3) }],
    [
      "cclass",
      atlantic,
      { make: "Mercedes-Benz", model: "C-Class", year: 2022, category: "medium", transmission: "automatic", salesPrice: "299999.00", createdAt: at(2) },
    ],
    ["ranger", winelands, { make: "Ford", model: "Ranger", year: 2023, category: "large", transmission: "manual", salesPrice: "300000.00", createdAt: at(1) }],
  ];
  for (const [name, dealer, fields] of listed) {
    car[name] = (
      await createVehicle(db(), {
        ...fields,
        dealershipId: dealer.id,
        images: name === "hilux" ? ["/objects/uploads/11111111-1111-4111-8111-111111111111", "/objects/uploads/22222222-2222-4222-8222-222222222222"] : [],
      })
    ).id;
  }
  hidden.noPrice = (await createVehicle(db(), { dealershipId: atlantic.id, make: "Toyota", model: "Yaris", salesPrice: null })).id;
  hidden.zeroPrice = (await createVehicle(db(), { dealershipId: atlantic.id, make: "Toyota", model: "Etios", salesPrice: "0.00" })).id;
  hidden.fleet = (await createVehicle(db(), { dealershipId: null, make: "Toyota", model: "Avanza", salesPrice: "150000.00" })).id;
  hidden.inactive = (await createVehicle(db(), { dealershipId: dormant.id, make: "Toyota", model: "Fortuner", salesPrice: "250000.00" })).id;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await db().rateLimit.deleteMany();
});

const NEWEST_FIRST = () => (["ranger", "cclass", "bmw", "polo", "hilux", "corolla"] as const).map((name) => car[name]);
const namesOf = (ids: string[]) => ids.map((id) => Object.entries(car).find(([, v]) => v === id)?.[0] ?? `other:${id}`);

async function list(query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await call("GET", `/api/for-sale${qs ? `?${qs}` : ""}`);
  return res;
}
async function names(query: Record<string, string | number> = {}) {
  const res = await list(query);
  expect({ query, status: res.status }).toEqual({ query, status: 200 });
  expect(res.body.total).toBeGreaterThanOrEqual(res.body.vehicles.length);
  return namesOf(res.body.vehicles.map((v: { id: string }) => v.id));
}

describe("the listing", () => {
  test("only active dealerships' cars with a sales price, newest first, with the total", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 6, limit: 12, offset: 0 });
    expect(res.body.vehicles.map((v: { id: string }) => v.id)).toEqual(NEWEST_FIRST());
    const hilux = res.body.vehicles.find((v: { id: string }) => v.id === car.hilux);
    expect(hilux).toEqual({
      id: car.hilux,
      make: "Toyota",
      model: "Hilux",
      year: 2021,
      category: "large",
      transmission: "automatic",
      mileage: 0,
      salesPrice: "100000.00",
      images: ["/objects/uploads/11111111-1111-4111-8111-111111111111", "/objects/uploads/22222222-2222-4222-8222-222222222222"],
      dealership: { companyName: "Atlantic Motors", city: "Cape Town" },
      createdAt: expect.any(String),
    });
    const text = JSON.stringify(res.body);
    for (const secret of ["sales@atlantic.example", "hello@winelands.example", "argon2", "passwordHash", "contactEmail", "registrationNumber", "021 555 0100"])
      expect(text).not.toContain(secret);
    for (const id of Object.values(hidden)) expect(text).not.toContain(id);
  });

  const BANDS: [string, string[]][] = [
    ["under-100k", ["corolla"]], // 99,999
    ["100k-200k", ["polo", "hilux"]], // 100,000 exactly and 199,999
    ["200k-300k", ["cclass", "bmw"]], // 200,000 exactly and 299,999
    ["over-300k", ["ranger"]], // 300,000 exactly
  ];
  test.each(BANDS)("price band %s: min inclusive, max exclusive -> %j", async (priceBand, expected) => {
    expect(await names({ priceBand })).toEqual(expected);
    expect((await list({ priceBand })).body.total).toBe(expected.length);
  });

  const SEARCHES: [string, string[]][] = [
    ["toyota", ["hilux", "corolla"]],
    ["TOYOTA", ["hilux", "corolla"]],
    ["tOyOtA", ["hilux", "corolla"]],
    ["toy", ["hilux", "corolla"]],
    ["COROLLA", ["corolla"]],
    ["  corolla   2019 ", ["corolla"]],
    ["toyota 2021", ["hilux"]],
    ["2020", ["bmw"]],
    ["winelands", ["ranger", "bmw", "polo"]],
    ["ATLANTIC hilux", ["hilux"]],
    ["mercedes-benz c-class", ["cclass"]],
    ["320I", ["bmw"]],
    ["fortuner", []], // an inactive dealership's
    ["yaris", []], // no price
    ["etios", []], // price 0
    ["avanza", []], // the rental fleet
    // LIKE wildcards are not wildcards: they separate words like spaces.
    ["%", ["ranger", "cclass", "bmw", "polo", "hilux", "corolla"]],
    ["_", ["ranger", "cclass", "bmw", "polo", "hilux", "corolla"]],
    ["corolla%hilux", []],
    ["toyo_q", []],
    ["toy%2019", ["corolla"]],
    ["toyota bmw", []],
  ];
  test.each(SEARCHES)("search %j -> %j (case-insensitive, every word must match)", async (search, expected) => {
    expect(await names({ search })).toEqual(expected);
  });

  test("make and model filters, case-insensitive", async () => {
    expect(await names({ make: "TOYOTA" })).toEqual(["hilux", "corolla"]);
    expect(await names({ model: "hilux" })).toEqual(["hilux"]);
    expect(await names({ make: "toyota", model: "COROLLA" })).toEqual(["corolla"]);
    expect(await names({ make: "ford", model: "corolla" })).toEqual([]);
  });

  test("category and transmission filters (exact), combined with the others", async () => {
    expect(await names({ category: "medium" })).toEqual(["cclass", "bmw", "corolla"]);
    expect(await names({ category: "large" })).toEqual(["ranger", "hilux"]);
    expect(await names({ transmission: "automatic" })).toEqual(["cclass", "bmw", "hilux"]);
    expect(await names({ transmission: "manual", category: "small" })).toEqual(["polo"]);
    expect(await names({ category: "medium", transmission: "automatic", priceBand: "200k-300k" })).toEqual(["cclass", "bmw"]);
    expect(await names({ search: "toyota", priceBand: "under-100k", transmission: "manual" })).toEqual(["corolla"]);
  });

  test("blank filters (a cleared URL) mean no filter", async () => {
    const res = await list({ search: "", make: " ", category: "", transmission: "", priceBand: "", sort: "", limit: "", offset: "" });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
  });

  test("sorted by price, both ways", async () => {
    expect(await names({ sort: "price_asc" })).toEqual(["corolla", "hilux", "polo", "bmw", "cclass", "ranger"]);
    expect(await names({ sort: "price_desc" })).toEqual(["ranger", "cclass", "bmw", "polo", "hilux", "corolla"]);
  });

  test("paged: every page carries the total; the pages together are the whole list", async () => {
    const pages = [];
    for (const offset of [0, 2, 4, 6]) {
      const res = await list({ limit: 2, offset });
      expect(res.body).toMatchObject({ total: 6, limit: 2, offset });
      pages.push(...res.body.vehicles.map((v: { id: string }) => v.id));
    }
    expect(pages).toEqual(NEWEST_FIRST());
    const filtered = await list({ category: "medium", limit: 1, offset: 1 });
    expect(filtered.body).toMatchObject({ total: 3, vehicles: [{ id: car.bmw }] });
  });

  const BAD_QUERIES: [Record<string, string>, string, string][] = [
    [{ category: "huge" }, "category", FOR_SALE_MESSAGES.category],
    [{ transmission: "cvt" }, "transmission", FOR_SALE_MESSAGES.transmission],
    [{ priceBand: "100-200" }, "priceBand", FOR_SALE_MESSAGES.priceBand],
    [{ sort: "cheapest" }, "sort", FOR_SALE_MESSAGES.sort],
    [{ limit: "0" }, "limit", FOR_SALE_MESSAGES.limit],
    [{ limit: "49" }, "limit", FOR_SALE_MESSAGES.limit],
    [{ limit: "ten" }, "limit", FOR_SALE_MESSAGES.limit],
    [{ limit: "2.5" }, "limit", FOR_SALE_MESSAGES.limit],
    [{ offset: "-1" }, "offset", FOR_SALE_MESSAGES.offset],
    [{ search: "x".repeat(101) }, "search", FOR_SALE_MESSAGES.searchTooLong],
  ];
  test.each(BAD_QUERIES)("bad query %j -> 400 on %s", async (query, field, message) => {
    const res = await list(query);
    expect(res).toMatchObject({ status: 400, body: { message, code: "BAD_USER_INPUT", fieldErrors: { [field]: message } } });
  });

  test("details: photos, year, mileage, transmission, price and the dealership's name and city", async () => {
    const res = await call("GET", `/api/for-sale/${car.corolla}`);
    expect(res).toMatchObject({
      status: 200,
      body: {
        id: car.corolla,
        make: "Toyota",
        model: "Corolla",
        year: 2019,
        mileage: 84000,
        transmission: "manual",
        salesPrice: "99999.00",
        images: [],
        dealership: { companyName: "Atlantic Motors", city: "Cape Town" },
      },
    });
    expect(JSON.stringify(res.body)).not.toContain("atlantic.example");
  });

  test("details of anything not listed are 404", async () => {
    for (const id of [...Object.values(hidden), "no-such-id"]) {
      const res = await call("GET", `/api/for-sale/${id}`);
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 404, message: FOR_SALE_NOT_FOUND });
    }
  });

  test("GraphQL carsForSale and carForSale", async () => {
    const page = await graphql(
      server.url,
      `query($search: String, $priceBand: String) { carsForSale(search: $search, priceBand: $priceBand, sort: price_asc, limit: 5) { total limit offset vehicles { id salesPrice dealership { companyName city } } } }`,
      { search: "ToYoTa", priceBand: "100k-200k" },
    );
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.carsForSale).toEqual({
      total: 1,
      limit: 5,
      offset: 0,
      vehicles: [{ id: car.hilux, salesPrice: "100000.00", dealership: { companyName: "Atlantic Motors", city: "Cape Town" } }],
    });
    const filtered = await graphql(server.url, `{ carsForSale(category: medium, transmission: automatic) { total vehicles { id } } }`);
    expect(filtered.body.data.carsForSale).toEqual({ total: 2, vehicles: [{ id: car.cclass }, { id: car.bmw }] });
    const one = await graphql(server.url, `query($id: ID!) { carForSale(id: $id) { id year mileage transmission images dealership { companyName city } } }`, {
      id: car.polo,
    });
    expect(one.body.data.carForSale).toEqual({
      id: car.polo,
      year: 2018,
      mileage: 0,
      transmission: "manual",
      images: [],
      dealership: { companyName: "Winelands Auto", city: "Stellenbosch" },
    });
    const missing = await graphql(server.url, `query($id: ID!) { carForSale(id: $id) { id } }`, { id: hidden.inactive });
    expect(missing.body.errors?.[0]).toMatchObject({ message: FOR_SALE_NOT_FOUND, extensions: { code: "NOT_FOUND" } });
    const bad = await graphql(server.url, `{ carsForSale(priceBand: "cheap", limit: 100) { total } }`);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fieldErrors: { priceBand: FOR_SALE_MESSAGES.priceBand, limit: FOR_SALE_MESSAGES.limit },
    });
    // The seller's contact details are not even in the schema.
    const secret = await graphql(server.url, `query($id: ID!) { carForSale(id: $id) { dealership { contactEmail } } }`, { id: car.polo });
    expect(secret.body.data).toBeUndefined();
    expect(secret.body.errors?.[0]?.message).toContain('Cannot query field "contactEmail"');
  });
});

// Contact Seller ---------------------------------------------------------------------------------

let buyers = 0;
const buyerEmail = () => `buyer${++buyers}-${crypto.randomUUID().slice(0, 6)}@example.com`;
const enquire = (vehicleId: string, body: unknown, from?: string) => call("POST", `/api/for-sale/${vehicleId}/enquiries`, { body, from });

async function stored() {
  return { leads: await db().lead.count(), outbox: await db().emailOutbox.count() };
}

describe("Contact Seller", () => {
  test("stores a lead for the car's dealership and emails the dealership the buyer's message and contact details", async () => {
    const email = buyerEmail();
    const message = `Is the Hilux still available? Can I test drive it on Saturday? <script>alert(1)</script> ${crypto.randomUUID()}`;
    const res = await enquire(car.hilux, { name: "  Bongani Dlamini ", email: email.toUpperCase(), phone: "+27 82 555 1234", message });
    expect(res).toEqual({ status: 201, body: { success: true, message: CONTACT_SELLER_MESSAGES.sent }, headers: expect.anything() });

    const lead = await db().lead.findFirstOrThrow({ where: { email } });
    expect(lead).toMatchObject({
      vehicleId: car.hilux,
      dealershipId: atlantic.id,
      name: "Bongani Dlamini",
      email,
      phone: "+27 82 555 1234",
      message,
      readAt: null,
    });

    await server.mailer.flush();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("sales@atlantic.example") && m.text.includes(message));
    expect(mail.subject).toBe("New enquiry about your 2021 Toyota Hilux");
    expect(mail.text).toContain("Hi Thandiwe Mokoena,");
    expect(mail.text).toContain("Bongani Dlamini is interested in your 2021 Toyota Hilux");
    expect(mail.text).toContain("R100,000");
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toContain("Phone: +27 82 555 1234");
    // The dealership's Reply reaches the buyer.
    expect(mail.headers["reply-to"]).toBe(email);
    // Leads, where the portal lists the enquiries.
    expect(mail.text).toContain(`All your enquiries are in the dealership portal, under Leads: ${PUBLIC_URL}/dealership/leads`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/dealership/leads"`);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(offBrandColours(mail.html ?? "")).toEqual([]);
    expect(
      (await db().emailOutbox.findFirstOrThrow({ where: { to: "sales@atlantic.example", subject: mail.subject }, orderBy: { createdAt: "desc" } })).status,
    ).toBe("sent");

    // The dealership sees it in its leads, newest first, with the vehicle.
    const signIn = await call("POST", "/api/dealership/signin", { body: { dealershipCode: atlantic.dealershipCode, password: atlantic.password } });
    const leads = await call("GET", "/api/dealership/leads", { token: signIn.body.token });
    expect(leads.body.leads[0]).toMatchObject({
      id: lead.id,
      name: "Bongani Dlamini",
      email,
      phone: "+27 82 555 1234",
      message,
      readAt: null,
      vehicle: { id: car.hilux, make: "Toyota", model: "Hilux", salesPrice: "100000.00" },
    });
    // Winelands does not.
    const other = await call("POST", "/api/dealership/signin", { body: { dealershipCode: winelands.dealershipCode, password: winelands.password } });
    const otherLeads = await call("GET", "/api/dealership/leads", { token: other.body.token });
    expect(otherLeads.body.leads.some((l: { id: string }) => l.id === lead.id)).toBe(false);
  });

  test("a phone number alone is enough", async () => {
    const message = `Call me please ${crypto.randomUUID()}`;
    const res = await enquire(car.polo, { name: "Lindiwe", phone: "021 555 9876", message });
    expect(res.status).toBe(201);
    await server.mailer.flush();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("hello@winelands.example") && m.text.includes(message));
    expect(mail.text).toContain("Phone: 021 555 9876");
    expect(mail.text).not.toContain("Email:");
    // No address to answer: a reply goes where every email's does (MAIL_REPLY_TO, or the sender), never to a guess.
    expect(mail.headers["reply-to"]).toBeUndefined();
    expect(await db().lead.findFirst({ where: { message } })).toMatchObject({ email: null, phone: "021 555 9876", dealershipId: winelands.id });
  });

  const BAD: [Record<string, unknown>, string, string][] = [
    [{ email: "a@example.com", message: "Hi" }, "name", CONTACT_SELLER_MESSAGES.name],
    [{ name: "   ", email: "a@example.com", message: "Hi" }, "name", CONTACT_SELLER_MESSAGES.name],
    [{ name: "x".repeat(101), email: "a@example.com", message: "Hi" }, "name", CONTACT_SELLER_MESSAGES.nameTooLong],
    [{ name: "Ann", message: "Hi" }, "email", CONTACT_SELLER_MESSAGES.contactRequired],
    [{ name: "Ann", email: "  ", phone: "", message: "Hi" }, "email", CONTACT_SELLER_MESSAGES.contactRequired],
    [{ name: "Ann", email: "not-an-email", message: "Hi" }, "email", CONTACT_SELLER_MESSAGES.email],
    [{ name: "Ann", phone: "12345", message: "Hi" }, "phone", CONTACT_SELLER_MESSAGES.phone],
    [{ name: "Ann", phone: "call me maybe", message: "Hi" }, "phone", CONTACT_SELLER_MESSAGES.phone],
    [{ name: "Ann", email: "a@example.com" }, "message", CONTACT_SELLER_MESSAGES.message],
    [{ name: "Ann", email: "a@example.com", message: "  " }, "message", CONTACT_SELLER_MESSAGES.message],
    [{ name: "Ann", email: "a@example.com", message: "x".repeat(2001) }, "message", CONTACT_SELLER_MESSAGES.messageTooLong],
    [{ name: 42, email: "a@example.com", message: "Hi" }, "name", CONTACT_SELLER_MESSAGES.name],
  ];
  test.each(BAD)("bad enquiry %j -> 400 on %s, nothing stored or sent", async (body, field, message) => {
    const before = await stored();
    const res = await enquire(car.ranger, body);
    expect(res).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", fieldErrors: { [field]: message } } });
    expect(await stored()).toEqual(before);
  });

  test("a body that is not a JSON object -> 400", async () => {
    const res = await call("POST", `/api/for-sale/${car.ranger}/enquiries`, { raw: "[]" });
    expect(res.status).toBe(400);
  });

  test("cars that are not listed cannot be enquired about (404), nothing stored", async () => {
    const before = await stored();
    for (const id of [...Object.values(hidden), "no-such-id"]) {
      const res = await enquire(id, { name: "Ann", email: buyerEmail(), message: "Hi" });
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 404, message: FOR_SALE_NOT_FOUND });
    }
    expect(await stored()).toEqual(before);
  });

  test("a filled honeypot gets the same answer, but nothing is stored or sent", async () => {
    const before = await stored();
    const res = await enquire(car.bmw, { name: "Bot", email: buyerEmail(), message: "Buy cheap watches", website: "http://spam.example" });
    expect(res).toMatchObject({ status: 201, body: { success: true, message: CONTACT_SELLER_MESSAGES.sent } });
    expect(await stored()).toEqual(before);
  });

  test("rate limited per car and buyer: the 4th enquiry in a day from one email about one car is 429, nothing stored", async () => {
    const email = buyerEmail();
    for (let i = 0; i < 3; i++)
      expect((await enquire(car.cclass, { name: "Ann", email: i === 1 ? email.toUpperCase() : email, message: `Hello ${i}` })).status).toBe(201);
    const before = await stored();
    const res = await enquire(car.cclass, { name: "Ann", email, message: "Hello again" });
    expect(res).toMatchObject({ status: 429, body: { message: ENQUIRY_RATE_LIMITED, code: "TOO_MANY_REQUESTS" } });
    expect(await stored()).toEqual(before);
    // Another car, or another buyer, is fine.
    expect((await enquire(car.bmw, { name: "Ann", email, message: "And this one?" })).status).toBe(201);
    expect((await enquire(car.cclass, { name: "Ben", email: buyerEmail(), message: "Hi" })).status).toBe(201);
  });

  test("the same limit counts a phone number, whatever its spacing", async () => {
    for (const phone of ["082 555 0001", "0825550001", "082-555-0001"])
      expect((await enquire(car.corolla, { name: "Ann", phone, message: "Hi" })).status).toBe(201);
    expect((await enquire(car.corolla, { name: "Ann", phone: "(082) 555 0001", message: "Hi" })).status).toBe(429);
  });

  test("rate limited per client address: the 6th enquiry in an hour from one address is 429", async () => {
    const from = newAddress();
    const cars = ["corolla", "hilux", "polo", "bmw", "cclass"] as const;
    for (const name of cars) expect((await enquire(car[name], { name: "Ann", email: buyerEmail(), message: "Hi" }, from)).status).toBe(201);
    const before = await stored();
    const res = await enquire(car.ranger, { name: "Ann", email: buyerEmail(), message: "Hi" }, from);
    expect(res).toMatchObject({ status: 429, body: { message: ENQUIRY_RATE_LIMITED } });
    expect(await stored()).toEqual(before);
    expect((await enquire(car.ranger, { name: "Ann", email: buyerEmail(), message: "Hi" })).status).toBe(201);
  });

  test("GraphQL contactSeller: the same flow and errors", async () => {
    const MUTATION = `mutation($id: ID!, $input: ContactSellerInput!) { contactSeller(vehicleId: $id, input: $input) { success message } }`;
    const email = buyerEmail();
    const ok = await graphql(server.url, MUTATION, { id: car.ranger, input: { name: "Gugu", email, message: "Is the Ranger 4x4?" } });
    expect(ok.body.data.contactSeller).toEqual({ success: true, message: CONTACT_SELLER_MESSAGES.sent });
    expect(await db().lead.count({ where: { email, vehicleId: car.ranger, dealershipId: winelands.id } })).toBe(1);
    const bad = await graphql(server.url, MUTATION, { id: car.ranger, input: { name: "Gugu", message: "Hi" } });
    expect(bad.body.errors?.[0]).toMatchObject({ message: CONTACT_SELLER_MESSAGES.contactRequired, extensions: { code: "BAD_USER_INPUT" } });
    const missing = await graphql(server.url, MUTATION, { id: hidden.fleet, input: { name: "Gugu", email, message: "Hi" } });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
