// Tax invoices over real HTTP on SQLite or PostgreSQL: a confirmed booking is invoiced with the
// VAT split; a cancellation is credited and a reinstatement debited, never rewritten; the numbers
// form one series without gaps or duplicates even when many customers book at once and some lose
// the race; only the booking's customer and admins read the receipt.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { splitVat } from "#domain";
import { newAdmin, newBooking, type TestActor } from "../testing/admin";
import { addDemoServiceArea, bookingRequest, call, capeTown, newCustomer, newVehicle } from "../testing/bookings";
import { graphql, startTestServer, type TestServer } from "../testing/harness";

let server: TestServer;
let admin: TestActor;

const RECEIPT = `query($id: ID!) { bookingReceipt(bookingId: $id) { bookingStatus balance vatRate supplier { name vatNumber }
  documents { number kind title description customerName exclusive vat total } } }`;
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
const receipt = async (id: string, auth: Record<string, string>): Promise<any> => (await graphql(server.url, RECEIPT, { id }, auth)).body;
const numbers = async () => (await server.services.db.invoice.findMany({ select: { number: true }, orderBy: { number: "asc" } })).map((i) => i.number);

beforeAll(async () => {
  server = await startTestServer({ SUPPLIER_NAME: "CapeDrive Rentals (Pty) Ltd", SUPPLIER_VAT_NUMBER: "4123456789" });
  admin = await newAdmin(server.services);
  await addDemoServiceArea(server.services);
});
afterAll(async () => {
  await server?.close();
});

describe("a booking's documents", () => {
  test("a confirmed booking has its tax invoice: supplier, customer, the rental, amount excluding VAT, VAT at 15%, total", async () => {
    const customer = await newCustomer(server.services, { name: "Thandi Nkosi" });
    const car = await newVehicle(server.services, { category: "medium" });
    const booked = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, capeTown(3), capeTown(5)) });
    expect(booked.status).toBe(201);
    const r = (await receipt(booked.body.id, customer.auth)).data.bookingReceipt;
    expect(r.supplier).toEqual({ name: "CapeDrive Rentals (Pty) Ltd", vatNumber: "4123456789" });
    expect(r.vatRate).toBe("15%");
    expect(r.documents).toHaveLength(1);
    const [invoice] = r.documents;
    const split = splitVat(1_300_00);
    expect(invoice).toMatchObject({
      kind: "invoice",
      title: "Tax Invoice",
      customerName: "Thandi Nkosi",
      total: "1300.00",
      exclusive: "1130.43",
      vat: "169.57",
    });
    expect(split).toEqual({ exclusiveCents: 1_130_43, vatCents: 169_57, totalCents: 1_300_00 });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.description).toContain("Car rental: Medium, manual, 2 days");
    expect(r.balance).toBe("1300.00");
  });

  test("cancelling credits it in full; reinstating debits it again; the invoice itself never changes", async () => {
    const customer = await newCustomer(server.services);
    const car = await newVehicle(server.services);
    const booked = await call(server.url, "POST", "/api/bookings", { auth: customer.auth, body: bookingRequest(car, capeTown(4), capeTown(7)) });
    const first = (await receipt(booked.body.id, customer.auth)).data.bookingReceipt.documents[0];
    expect((await call(server.url, "PUT", `/api/bookings/${booked.body.id}/cancel`, { auth: customer.auth })).status).toBe(200);
    const cancelled = (await receipt(booked.body.id, customer.auth)).data.bookingReceipt;
    expect(cancelled.documents.map((d: { kind: string; total: string }) => [d.kind, d.total])).toEqual([
      ["invoice", "1350.00"],
      ["credit_note", "-1350.00"],
    ]);
    expect(cancelled.documents[0]).toEqual(first);
    expect(cancelled.documents[1].description).toContain("Booking cancelled");
    expect(cancelled.balance).toBe("0.00");

    const reopened = await graphql(
      server.url,
      `mutation($id: ID!) { updateBookingStatus(id: $id, status: confirmed) { status } }`,
      { id: booked.body.id },
      admin.auth,
    );
    expect(reopened.body.errors).toBeUndefined();
    const again = (await receipt(booked.body.id, admin.auth)).data.bookingReceipt;
    expect(again.documents.map((d: { kind: string; total: string }) => [d.kind, d.total])).toEqual([
      ["invoice", "1350.00"],
      ["credit_note", "-1350.00"],
      ["debit_note", "1350.00"],
    ]);
    expect(again.balance).toBe("1350.00");
    // One series across the kinds, each number prefixed by its kind.
    const printed = again.documents.map((d: { number: string }) => d.number);
    expect(printed.map((n: string) => n.split("-")[0])).toEqual(["INV", "CN", "DN"]);
    const serials = printed.map((n: string) => Number(n.split("-")[1]));
    expect(serials).toEqual([serials[0], serials[0] + 1, serials[0] + 2]);
  });

  test("a booking awaiting approval has no invoice until an admin confirms it", async () => {
    const customer = await newCustomer(server.services);
    const booking = await newBooking(server.services, { userId: customer.id, status: "pending", fromDay: 6, toDay: 8 });
    expect((await receipt(booking.id, customer.auth)).data.bookingReceipt.documents).toEqual([]);
    await graphql(server.url, `mutation($id: ID!) { updateBookingStatus(id: $id, status: confirmed) { status } }`, { id: booking.id }, admin.auth);
    const r = (await receipt(booking.id, customer.auth)).data.bookingReceipt;
    expect(r.documents.map((d: { kind: string; total: string }) => [d.kind, d.total])).toEqual([["invoice", "900.00"]]);
  });

  test("a confirmed booking put back to awaiting approval is credited, and its credit note says why; confirming it again debits it", async () => {
    const customer = await newCustomer(server.services);
    const booking = await newBooking(server.services, { userId: customer.id, status: "pending", fromDay: 6, toDay: 8 });
    const setStatus = (status: string) =>
      graphql(
        server.url,
        `mutation($id: ID!, $status: BookingStatus!) { updateBookingStatus(id: $id, status: $status) { status } }`,
        { id: booking.id, status },
        admin.auth,
      );
    for (const status of ["confirmed", "pending", "confirmed"]) expect((await setStatus(status)).body.errors).toBeUndefined();
    const r = (await receipt(booking.id, customer.auth)).data.bookingReceipt;
    expect(r.documents.map((d: { kind: string; total: string; description: string }) => [d.kind, d.total, d.description.split(", booking #")[0]])).toEqual([
      ["invoice", "900.00", expect.stringMatching(/^Car rental: Small, manual, 2 days/)],
      ["credit_note", "-900.00", "Booking awaiting confirmation again: nothing is owed until it is confirmed"],
      ["debit_note", "900.00", "Booking confirmed"],
    ]);
    expect(r.balance).toBe("900.00");
  });

  test("a booking from before receipts existed gets its invoice when its receipt is first opened", async () => {
    const customer = await newCustomer(server.services);
    const booking = await newBooking(server.services, { userId: customer.id, status: "completed", fromDay: -6, toDay: -4 });
    const r = (await receipt(booking.id, customer.auth)).data.bookingReceipt;
    expect(r.documents.map((d: { kind: string }) => d.kind)).toEqual(["invoice"]);
    expect((await receipt(booking.id, customer.auth)).data.bookingReceipt.documents).toHaveLength(1);
  });

  test("such a receipt opened several times at once is invoiced once: every answer shows the one invoice", async () => {
    const customer = await newCustomer(server.services);
    const booking = await newBooking(server.services, { userId: customer.id, status: "confirmed", fromDay: 6, toDay: 8 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => receipt(booking.id, customer.auth)));
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.bookingReceipt.documents.map((d: { kind: string }) => d.kind)).toEqual(["invoice"]);
      expect(answer.data.bookingReceipt.balance).toBe(booking.totalAmount.toFixed(2));
    }
    expect(await server.services.db.invoice.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  test("only the booking's customer and admins read it", async () => {
    const owner = await newCustomer(server.services);
    const stranger = await newCustomer(server.services);
    const booking = await newBooking(server.services, { userId: owner.id, fromDay: 9, toDay: 10 });
    expect((await receipt(booking.id, stranger.auth)).errors[0].message).toBe("Booking not found");
    expect((await receipt(booking.id, {})).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await receipt(booking.id, admin.auth)).data.bookingReceipt.bookingStatus).toBe("confirmed");
  });
});

test("many customers booking at once: one series, no gaps, no duplicates, nothing numbered for the losers", async () => {
  const before = await numbers();
  const cars = [await newVehicle(server.services), await newVehicle(server.services), await newVehicle(server.services)];
  const customers = await Promise.all(Array.from({ length: 12 }, () => newCustomer(server.services)));
  // Twelve requests for three cars over one period: three win, nine are refused (409).
  const answers = await Promise.all(
    customers.map((c, i) => call(server.url, "POST", "/api/bookings", { auth: c.auth, body: bookingRequest(cars[i % 3]!, capeTown(20), capeTown(22)) })),
  );
  const won = answers.filter((a) => a.status === 201);
  expect(won).toHaveLength(3);
  expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 || a.status === 503)).toBe(true);
  const after = await numbers();
  expect(after.length).toBe(before.length + 3);
  // Contiguous from 1: no number skipped by a refused booking, none given twice.
  expect(after).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
});
