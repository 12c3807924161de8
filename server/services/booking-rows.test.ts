// A new booking's transaction is SQL sent to the driver directly (server/db/direct.ts), past
// Prisma. Its rows must be stored exactly as Prisma stores them, or Prisma's reads and SQLite's
// text comparisons of dates would go wrong later. On SQLite or PostgreSQL: the booking, its
// invoice and its emails are compared, column by column as stored, with copies Prisma wrote.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle } from "../testing/bookings";
import { startTestServer, type TestServer } from "../testing/harness";
import { readCarsWithPhotos } from "./booking-reads";
import type { Services } from "./context";

/** One car and its photos as the booking path reads it when it is not kept (readCarsWithPhotos with one id). */
const readCarWithPhotos = async (services: Pick<Services, "db" | "provider">, id: string) => (await readCarsWithPhotos(services, [id])).get(id) ?? null;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Rows are compared as written: a delivery would drop an email's body between two reads.
  await server.mailer.stop();
  await addDemoServiceArea(server.services);
});
afterAll(async () => {
  await server?.close();
});
const db = () => server.services.db;

/** Every column of `table`'s rows `ids` as the database stores it: its type and its text. */
async function stored(table: string, ids: string[]): Promise<Record<string, string>[]> {
  const columns =
    server.services.provider === "sqlite"
      ? (await db().$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('${table}')`)).map((c) => c.name)
      : (
          await db().$queryRawUnsafe<{ name: string }[]>(
            `SELECT column_name AS name FROM information_schema.columns WHERE table_name = '${table}' AND table_schema = current_schema()`,
          )
        ).map((c) => c.name);
  const cells = columns.map((c) =>
    server.services.provider === "sqlite"
      ? `typeof("${c}") || ':' || coalesce(CAST("${c}" AS TEXT), 'null') AS "${c}"`
      : `pg_typeof("${c}")::text || ':' || coalesce(CAST("${c}" AS TEXT), 'null') AS "${c}"`,
  );
  const rows = await db().$queryRawUnsafe<Record<string, string>[]>(
    `SELECT ${cells.join(", ")} FROM ${table} WHERE id IN (${ids.map((id) => `'${id}'`).join(", ")})`,
  );
  return ids.map((id) => rows.find((r) => r.id?.endsWith(`:${id}`))!);
}

const without = (row: Record<string, string>, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

test("a booking's row, invoice and emails are stored as Prisma stores them", async () => {
  const customer = await newCustomer(server.services);
  const [car, other] = [await newVehicle(server.services, { category: "medium" }), await newVehicle(server.services, { category: "medium" })];
  const made = await call(server.url, "POST", "/api/bookings", {
    auth: customer.auth,
    body: bookingRequest(car, capeTown(5), capeTown(8), { specialRequests: "A child seat, please" }),
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;

  // The same booking written by Prisma (on the other car: the first holds the period).
  const booking = await db().booking.findUniqueOrThrow({ where: { id } });
  const copy = await db().booking.create({ data: { ...booking, id: crypto.randomUUID(), vehicleId: other.id } });
  const [direct, prisma] = await stored("bookings", [id, copy.id]);
  expect(without(direct!, "id", "vehicleId")).toEqual(without(prisma!, "id", "vehicleId"));
  expect(direct!.specialRequests).toEndWith(":A child seat, please");

  const invoice = await db().invoice.findFirstOrThrow({ where: { bookingId: id } });
  expect(invoice).toMatchObject({ kind: "invoice", totalCents: 195_000, customerEmail: customer.email });
  const invoiceCopy = await db().invoice.create({ data: { ...invoice, id: crypto.randomUUID(), number: invoice.number + 1_000_000 } });
  const [directInvoice, prismaInvoice] = await stored("invoices", [invoice.id, invoiceCopy.id]);
  expect(without(directInvoice!, "id", "number")).toEqual(without(prismaInvoice!, "id", "number"));

  const emails = await db().emailOutbox.findMany({ where: { to: customer.email }, orderBy: { nextAttemptAt: "asc" } });
  expect(emails.length).toBe(3); // the confirmation and two reminders
  const emailCopies = await Promise.all(
    emails.map((e) => db().emailOutbox.create({ data: { ...e, id: crypto.randomUUID(), attachments: e.attachments ?? undefined } })),
  );
  const directEmails = await stored(
    "email_outbox",
    emails.map((e) => e.id),
  );
  const prismaEmails = await stored(
    "email_outbox",
    emailCopies.map((e) => e.id),
  );
  expect(directEmails.map((e) => without(e, "id"))).toEqual(prismaEmails.map((e) => without(e, "id")));
});

test("a refused booking leaves nothing: no row, no invoice number taken, no email", async () => {
  const customer = await newCustomer(server.services);
  const car = await newVehicle(server.services, { category: "small" });
  const first = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, capeTown(20), capeTown(22)) });
  expect(first.status).toBe(201);
  const before = await Promise.all([db().booking.count(), db().documentCounter.findUniqueOrThrow({ where: { name: "invoice" } }), db().emailOutbox.count()]);
  const taken = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, capeTown(21), capeTown(23)) });
  expect(taken.status).toBe(409);
  expect(await Promise.all([db().booking.count(), db().documentCounter.findUniqueOrThrow({ where: { name: "invoice" } }), db().emailOutbox.count()])).toEqual(
    before,
  );
});

// server/db/ids.ts: the rows a booking writes append to their primary-key indexes.
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("a booking's row, invoice and emails get time-ordered ids (UUID v7), later rows sorting after earlier ones, from the API and from Prisma", async () => {
  const customer = await newCustomer(server.services);
  const car = await newVehicle(server.services, { category: "large" });
  const ids: string[] = [];
  for (const [from, to] of [
    [30, 32],
    [33, 35],
  ] as const) {
    const made = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, capeTown(from), capeTown(to)) });
    expect(made.status).toBe(201);
    ids.push(made.body.id as string);
    await Bun.sleep(2); // a later millisecond
  }
  for (const id of ids) expect(id).toMatch(UUID_V7);
  expect([...ids].sort()).toEqual(ids);

  const invoices = await db().invoice.findMany({ where: { bookingId: { in: ids } }, orderBy: { number: "asc" } });
  expect(invoices.map((i) => i.bookingId)).toEqual(ids);
  for (const invoice of invoices) expect(invoice.id).toMatch(UUID_V7);
  expect(invoices.map((i) => i.id).sort()).toEqual(invoices.map((i) => i.id));

  const emails = await db().emailOutbox.findMany({ where: { to: customer.email } });
  expect(emails.length).toBe(6);
  for (const email of emails) expect(email.id).toMatch(UUID_V7);

  // Prisma's own creates of these models make the same kind.
  const copy = await db().booking.create({
    data: { ...(await db().booking.findUniqueOrThrow({ where: { id: ids[0]! } })), id: undefined, vehicleId: null, status: "cancelled" },
  });
  expect(copy.id).toMatch(UUID_V7);
  expect(copy.id > ids[1]!).toBe(true);
});

test("the car a booking reads on the driver is the row Prisma reads: money, Json, dates and photos in display order", async () => {
  const car = await db().vehicle.create({
    data: {
      registrationNumber: `CA ${crypto.randomUUID().slice(0, 8)}`,
      make: "Volkswagen",
      model: "Polo",
      year: 2024,
      category: "small",
      transmission: "automatic",
      dailyRate: "499.95",
      salesPrice: "215000.50",
      features: ["Air conditioning", "Bluetooth"],
      lastKnownLocation: { lat: -33.9249, lon: 18.4241, at: "2026-11-27T09:00:00.000Z" },
      images: {
        create: [
          { url: "/objects/b.jpg", position: 1 },
          { url: "/objects/a.jpg", position: 0 },
        ],
      },
    },
  });
  const plain = await newVehicle(server.services, { category: "medium" });
  for (const id of [car.id, plain.id]) {
    const viaPrisma = await db().vehicle.findUnique({ where: { id }, include: { images: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } } });
    const viaDriver = await readCarWithPhotos(server.services, id);
    // Decimals compared by value and type (Prisma.Decimal both), the rest as they are.
    const money = (row: typeof viaPrisma) => ({ ...row, dailyRate: row?.dailyRate.toFixed(2), salesPrice: row?.salesPrice?.toFixed(2) ?? null });
    expect(money(viaDriver)).toEqual(money(viaPrisma));
    expect(viaDriver!.dailyRate.constructor).toBe(viaPrisma!.dailyRate.constructor);
  }
  const read = await readCarWithPhotos(server.services, car.id);
  expect(read!.images.map((image) => image.url)).toEqual(["/objects/a.jpg", "/objects/b.jpg"]);
  expect(read!.features).toEqual(["Air conditioning", "Bluetooth"]);
  expect(read!.salesPrice!.toFixed(2)).toBe("215000.50");
  expect(await readCarWithPhotos(server.services, crypto.randomUUID())).toBeNull();
});
