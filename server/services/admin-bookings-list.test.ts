// The admin booking list read on the driver (the page in one statement, its customers and cars
// kept in the process until they change) answers exactly what Prisma's
// findMany with ADMIN_BOOKING_ENTRY_INCLUDE answered: the same entries, in the same order and
// pages, every booking column typed as Prisma types it (dates, money, booleans, nulls), the
// customer's and the car's selected columns, and no car where none is assigned. On a database
// opened as the server opens it (the driver path), SQLite or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Prisma } from "../db";
import { capeTown, newCustomer, storeBooking } from "../testing/bookings";
import { createVehicle } from "../testing/dealerships";
import { createTestServices, queryPlan } from "../testing/harness";
import { ADMIN_BOOKING_ENTRY_INCLUDE, listAdminBookings, recentBookings } from "./admin-bookings";
import type { Services } from "./context";
import type { Viewer } from "./viewer";

let services: Services & { close(): Promise<void> };
const admin: Viewer = { kind: "admin", adminId: "admin-1", sessionId: "s-1", clientAddress: "127.0.0.1" };

beforeAll(async () => {
  services = await createTestServices();
  const { db } = services;
  const first = await newCustomer(services, { name: "Thandi Mokoena" });
  const second = await newCustomer(services, { name: "Sipho Ndlovu" });
  await db.user.update({ where: { id: second.id }, data: { phone: "+27821234567" } });
  const cars = [
    await createVehicle(db, { make: "Kia", model: "Picanto", dailyRate: "480.00" }),
    await createVehicle(db, { make: "Toyota", model: "Corolla", dailyRate: "650.50" }),
  ];
  const statuses = ["confirmed", "pending", "cancelled", "completed", "in_progress", "confirmed", "cancelled"] as const;
  // Three bookings share one creation time: the id breaks the tie.
  const sameMoment = new Date(Date.now() - 60_000);
  for (const [i, status] of statuses.entries()) {
    const booking = await storeBooking(services, {
      userId: (i % 2 ? second : first).id,
      vehicleId: i % 3 === 2 ? null : cars[i % 2]!.id,
      pickup: capeTown(3 + i),
      returnAt: capeTown(5 + i, "16:30"),
      category: i % 2 ? "medium" : "small",
      status,
    });
    await db.booking.update({
      where: { id: booking.id },
      data: {
        ...(i < 3 ? { createdAt: sameMoment } : {}),
        ...(i === 4 ? { specialRequests: "Child seat, please", deliveryVerified: false, calendarSequence: 2 } : {}),
      },
    });
  }
});
afterAll(async () => {
  await services?.close();
});

/** The list as Prisma's client reads it (what listAdminBookings did before it read on the driver). */
function prismaEntries(where: Prisma.BookingWhereInput, take: number, skip: number) {
  return services.db.booking.findMany({ ...ADMIN_BOOKING_ENTRY_INCLUDE, where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, skip });
}

const pages: [string, { status?: string; limit?: number; offset?: number }, Prisma.BookingWhereInput, number, number][] = [
  ["the first page", {}, {}, 50, 0],
  ["a page of 3 from the second entry", { limit: 3, offset: 1 }, {}, 3, 1],
  ["one status", { status: "cancelled" }, { status: "cancelled" }, 50, 0],
  ["a page past the end", { offset: 40 }, {}, 50, 40],
];

for (const [name, query, where, take, skip] of pages) {
  test(`the same entries, order and columns as Prisma's read: ${name}`, async () => {
    const expected = await prismaEntries(where, take, skip);
    const { items, total } = await listAdminBookings(services, admin, query);
    expect(items).toEqual(expected);
    // Money and dates as Prisma gives them, not merely equal-looking values.
    for (const [i, item] of items.entries()) {
      expect(item.totalAmount.toFixed(2)).toBe(expected[i]!.totalAmount.toFixed(2));
      expect(item.createdAt).toBeInstanceOf(Date);
      if (item.vehicle) expect(item.vehicle.dailyRate.toFixed(2)).toBe(expected[i]!.vehicle!.dailyRate.toFixed(2));
    }
    expect(total).toBe(await services.db.booking.count({ where }));
    if (name !== "a page past the end") expect(items.length).toBeGreaterThan(0);
  });
}

test("entries without a car have vehicle null; the customer's columns are only those the entry shows", async () => {
  const { items } = await listAdminBookings(services, admin, {});
  expect(items.length).toBe(7);
  expect(items.filter((item) => item.vehicle === null).length).toBe(2);
  expect(Object.keys(items[0]!.user).sort()).toEqual(["email", "id", "name", "phone"]);
  expect(items.some((item) => item.user.phone === "+27821234567")).toBe(true);
  expect(items.some((item) => item.specialRequests === "Child seat, please" && item.deliveryVerified === false)).toBe(true);
});

test("a customer's or a car's change shows in the next page at once; unchanged, they are shared between pages", async () => {
  const before = (await listAdminBookings(services, admin, {})).items;
  const again = (await listAdminBookings(services, admin, {})).items;
  const entry = before.find((item) => item.vehicle)!;
  const same = again.find((item) => item.id === entry.id)!;
  expect(same.user).toBe(entry.user);
  expect(same.vehicle).toBe(entry.vehicle);
  expect(Object.isFrozen(entry.user)).toBe(true);

  await services.db.user.update({ where: { id: entry.user.id }, data: { name: "Thandi Mokoena-Dlamini", phone: "+27830000000" } });
  await services.db.vehicle.update({ where: { id: entry.vehicle!.id }, data: { registrationNumber: "CA 999-999" } });
  const after = (await listAdminBookings(services, admin, {})).items;
  expect(after).toEqual(await prismaEntries({}, 50, 0));
  const changed = after.find((item) => item.id === entry.id)!;
  expect(changed.user).toMatchObject({ name: "Thandi Mokoena-Dlamini", phone: "+27830000000" });
  expect(changed.vehicle?.registrationNumber).toBe("CA 999-999");
  // Every entry of that customer and that car, not only the one changed through.
  for (const item of after) {
    if (item.user.id === entry.user.id) expect(item.user.name).toBe("Thandi Mokoena-Dlamini");
    if (item.vehicle?.id === entry.vehicle!.id) expect(item.vehicle.registrationNumber).toBe("CA 999-999");
  }
});

test("the dashboard's recent bookings are the list's first entries", async () => {
  const { items } = await listAdminBookings(services, admin, { limit: 4 });
  expect(await recentBookings(services, 4)).toEqual(items);
});

test("a bad page or status is the client's mistake and reads nothing", async () => {
  await expect(listAdminBookings(services, admin, { limit: 0 })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  await expect(listAdminBookings(services, admin, { status: "lost" })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  const customer: Viewer = { kind: "customer", userId: "u", sessionId: "s", clientAddress: "127.0.0.1" };
  await expect(listAdminBookings(services, customer, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
});

test("a page, of every booking or of one status, is read in an index's order: no sort of the ties", async () => {
  const pageOf = (where: string) => `SELECT id FROM bookings ${where} ORDER BY "createdAt" DESC, id DESC LIMIT 20 OFFSET 40`;
  for (const [where, index] of [
    ["", "bookings_createdAt_id_idx"],
    ["WHERE status = 'completed'", "bookings_status_createdAt_id_idx"],
  ] as const) {
    const plan = await queryPlan(services.db, services.provider, pageOf(where));
    // SQLite: no temporary b-tree; PostgreSQL (scans off): no Sort node.
    expect(plan).not.toMatch(services.provider === "sqlite" ? /TEMP B-TREE/ : /\bSort\b/);
    expect(plan).toContain(index);
  }
});

describe("search", () => {
  const ids = async (query: Record<string, unknown>) => {
    const { items, total } = await listAdminBookings(services, admin, query);
    expect(total).toBe(items.length);
    return items.map((item) => item.id);
  };
  const newestFirst = (where: Prisma.BookingWhereInput) =>
    services.db.booking.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } }).then((rows) => rows.map((row) => row.id));

  test("by the customer's name, email or phone, in any case, as whole entries newest first", async () => {
    const thandi = await services.db.user.findFirstOrThrow({ where: { name: { startsWith: "Thandi" } } });
    const hers = await newestFirst({ userId: thandi.id });
    expect(hers.length).toBeGreaterThan(1);
    expect(await ids({ search: "THANDI" })).toEqual(hers);
    expect(await ids({ search: thandi.email.toUpperCase() })).toEqual(hers);
    const sipho = await newestFirst({ user: { name: { startsWith: "Sipho" } } });
    // Typed with spaces, the phone's digits still match.
    expect(await ids({ search: "82 123 4567" })).toEqual(sipho);
    const { items } = await listAdminBookings(services, admin, { search: "thandi", limit: 1 });
    expect(items[0]).toEqual((await prismaEntries({ userId: thandi.id }, 1, 0))[0]!);
  });

  test("by booking number: the admin's 8 characters or the customer's 6, with # and in capitals", async () => {
    const [booking] = await prismaEntries({}, 1, 2);
    expect(await ids({ search: booking!.id.slice(-8) })).toEqual([booking!.id]);
    expect(await ids({ search: `#${booking!.id.slice(-6).toUpperCase()}` })).toEqual([booking!.id]);
    expect(await ids({ search: "# " + booking!.id.slice(-8).toUpperCase() })).toEqual([booking!.id]);
  });

  test("by the car's registration, with the status filter and paging", async () => {
    const car = (await prismaEntries({ vehicleId: { not: null } }, 1, 0))[0]!.vehicle!;
    const withCar = await newestFirst({ vehicleId: car.id });
    expect(withCar.length).toBeGreaterThan(1);
    expect(await ids({ search: car.registrationNumber.toLowerCase() })).toEqual(withCar);
    const status = (await services.db.booking.findFirstOrThrow({ where: { vehicleId: car.id } })).status;
    expect(await ids({ search: car.registrationNumber, status })).toEqual(await newestFirst({ vehicleId: car.id, status }));
    const second = await listAdminBookings(services, admin, { search: car.registrationNumber, limit: 1, offset: 1 });
    expect(second.items.map((item) => item.id)).toEqual([withCar[1]!]);
    expect(second.total).toBe(withCar.length);
  });

  test("a search matching more customers than a list of ids carries still finds every booking of theirs", async () => {
    await services.db.user.createMany({
      data: Array.from({ length: 1_001 }, (_, i) => ({ name: `Broad Search ${i}`, email: `broad-${i}@example.com` })),
    });
    const last = await services.db.user.findFirstOrThrow({ where: { email: "broad-1000@example.com" } });
    const first = await services.db.user.findFirstOrThrow({ where: { email: "broad-0@example.com" } });
    const mine = [
      await storeBooking(services, { userId: first.id, vehicleId: null, pickup: capeTown(40), returnAt: capeTown(42), category: "small" }),
      await storeBooking(services, { userId: last.id, vehicleId: null, pickup: capeTown(44), returnAt: capeTown(46), category: "small" }),
    ];
    expect((await ids({ search: "broad search" })).sort()).toEqual(mine.map((booking) => booking.id).sort());
    expect(await ids({ search: "broad-1000@" })).toEqual([mine[1]!.id]);
  });

  test("nothing found is an empty page; blank is no search; too long is the client's mistake", async () => {
    expect(await listAdminBookings(services, admin, { search: "nobody-by-this-name" })).toEqual({ items: [], total: 0 });
    expect((await listAdminBookings(services, admin, { search: "   " })).total).toBe(await services.db.booking.count());
    await expect(listAdminBookings(services, admin, { search: "x".repeat(101) })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    // On PostgreSQL LIKE's wildcards are text, not patterns (SQLite's LIKE, through Prisma, has no escape: text-search.ts).
    if (services.provider === "postgresql") {
      expect((await listAdminBookings(services, admin, { search: "%" })).total).toBe(0);
      expect((await listAdminBookings(services, admin, { search: "_" })).total).toBe(0);
      expect((await listAdminBookings(services, admin, { search: "\\" })).total).toBe(0);
    }
  });
});
