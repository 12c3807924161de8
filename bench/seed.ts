// Benchmark data: a Cape Town rental fleet with two years of bookings (a year back, a year ahead),
// customers, dealerships with for-sale stock and the service area, written with Prisma's
// createMany in chunks inside transactions. Bench tooling only: the product's code reaches the
// database through server/services, but a seeder of this size would take hours through them.
//
// Deterministic (seeded PRNG), so two runs at one scale hold the same shape of data. Bookings of
// one vehicle follow each other without overlapping (a realistic fleet, and what the product's
// overlap rule guarantees), so the gaps left between them in the future are periods the
// benchmark can book without conflicts: they are returned as `freeSlots`.
import { join } from "node:path";
import type { Db, Prisma } from "../server/db";
import { bookingQuote, type Category } from "#domain";
import { demoDealerships, demoFleet } from "../prisma/seed/demo-data";

export type SeedSize = { vehicles: number; customers: number; bookings: number; dealerships: number; stockPerDealership: number };

/** The full size (scale 1): at least what the issue asks for. */
export const FULL_SIZE: SeedSize = { vehicles: 2_000, customers: 20_000, bookings: 200_000, dealerships: 20, stockPerDealership: 60 };

export function sizeFor(scale: number): SeedSize {
  const at = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    vehicles: at(FULL_SIZE.vehicles, 30),
    customers: at(FULL_SIZE.customers, 50),
    bookings: at(FULL_SIZE.bookings, 300),
    dealerships: at(FULL_SIZE.dealerships, 2),
    stockPerDealership: FULL_SIZE.stockPerDealership,
  };
}

/** A future period with no blocking booking on the vehicle: one POST /api/bookings each. */
export type FreeSlot = { vehicleId: string; category: Category; transmission: "manual" | "automatic"; pickup: Date; returnAt: Date };

export type SeedResult = {
  size: SeedSize;
  counts: Record<string, number>;
  seconds: number;
  password: string;
  admin: { email: string };
  /** A customer with a typical number of bookings (for My Bookings). */
  reader: { email: string; id: string; bookings: number };
  /** Customers with completed profiles and no bookings, who make the benchmark's bookings in turn. */
  bookers: { email: string; id: string }[];
  freeSlots: FreeSlot[];
};

/** mulberry32: small, fast, seedable. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RATES = { small: "450.00", medium: "650.00", large: "850.00" } as const;

const FIRST_NAMES = [
  "Thandi",
  "Sipho",
  "Lerato",
  "Pieter",
  "Anele",
  "Zanele",
  "Johan",
  "Ayesha",
  "Themba",
  "Nomvula",
  "Ruan",
  "Fatima",
  "Kagiso",
  "Lindiwe",
  "Mandla",
  "Chantal",
  "Bongani",
  "Naledi",
  "Ethan",
  "Zaid",
  "Refilwe",
  "Megan",
  "Tshepo",
  "Yusuf",
  "Amahle",
  "Liam",
  "Palesa",
  "Sibusiso",
  "Carmen",
  "Kyle",
];
const LAST_NAMES = [
  "Nkosi",
  "Dlamini",
  "van der Merwe",
  "Botha",
  "Mokoena",
  "Naidoo",
  "Adams",
  "Jacobs",
  "Petersen",
  "Khumalo",
  "Ndlovu",
  "Smith",
  "Williams",
  "Mahlangu",
  "Pillay",
  "Daniels",
  "Hendricks",
  "Molefe",
  "Fortuin",
  "Abrahams",
  "Mthembu",
  "du Plessis",
  "Isaacs",
  "Sithole",
  "Cupido",
];
const PLACES = [
  { name: "Cape Town CBD", at: "-33.9249,18.4241" },
  { name: "Sea Point", at: "-33.9150,18.3880" },
  { name: "Claremont", at: "-33.9806,18.4653" },
  { name: "Cape Town International Airport", at: "-33.9715,18.6021" },
  { name: "Stellenbosch", at: "-33.9321,18.8602" },
  { name: "Bellville", at: "-33.9000,18.6300" },
  { name: "Muizenberg", at: "-34.1075,18.4694" },
  { name: "Durbanville", at: "-33.8330,18.6500" },
];
const SALE_MAKES = [
  ["Toyota", "Corolla"],
  ["Toyota", "Hilux"],
  ["Toyota", "Fortuner"],
  ["Volkswagen", "Polo"],
  ["Volkswagen", "Golf"],
  ["Volkswagen", "Tiguan"],
  ["Suzuki", "Swift"],
  ["Ford", "Ranger"],
  ["Ford", "EcoSport"],
  ["Hyundai", "Tucson"],
  ["Kia", "Picanto"],
  ["Renault", "Kwid"],
  ["Mazda", "CX-5"],
  ["BMW", "320i"],
  ["Mercedes-Benz", "C200"],
  ["Nissan", "Navara"],
  ["Haval", "H6"],
  ["Chery", "Tiggo 4"],
] as const;
const FEATURES = ["Air conditioning", "Bluetooth", "Apple CarPlay", "Android Auto", "Reverse camera", "Cruise control", "USB charging", "Tow bar", "7 seats"];

type Progress = (line: string) => void;

/** Writes `rows` with createMany, `chunk` rows a statement, `perTransaction` statements a transaction. */
async function insertAll<T>(
  db: Db,
  label: string,
  rows: T[],
  write: (tx: Db, chunk: T[]) => Promise<unknown>,
  log: Progress,
  options: { chunk?: number; perTransaction?: number; pragma?: boolean } = {},
) {
  const chunk = options.chunk ?? 1000;
  const perTransaction = options.perTransaction ?? 10;
  const started = performance.now();
  let done = 0;
  let lastLine = 0;
  for (let i = 0; i < rows.length; i += chunk * perTransaction) {
    const group = rows.slice(i, i + chunk * perTransaction);
    await db.$transaction(
      async (tx) => {
        for (let j = 0; j < group.length; j += chunk) await write(tx as unknown as Db, group.slice(j, j + chunk));
      },
      { maxWait: 60_000, timeout: 600_000 },
    );
    done += group.length;
    const now = performance.now();
    if (now - lastLine > 2_000 || done === rows.length) {
      lastLine = now;
      const seconds = (now - started) / 1000;
      log(
        `  ${label}: ${done.toLocaleString("en-US")} / ${rows.length.toLocaleString("en-US")} (${seconds.toFixed(1)} s, ${Math.round(done / Math.max(seconds, 0.001)).toLocaleString("en-US")} rows/s)`,
      );
    }
  }
}

export async function seedBenchDatabase(db: Db, provider: "sqlite" | "postgresql", size: SeedSize, log: Progress = console.log): Promise<SeedResult> {
  const started = performance.now();
  const r = prng(20251122);
  const now = Date.now();
  const start = now - 365 * DAY;
  const end = now + 364 * DAY; // pickups at most MAX_BOOKING_ADVANCE_DAYS ahead
  const password = "bench-password-1";
  const passwordHash = await Bun.password.hash(password, { algorithm: "argon2id" });

  if (provider === "sqlite") {
    // The seeding connection only: no fsync per commit (the server opens its own connections later).
    await db.$executeRawUnsafe("PRAGMA synchronous = OFF");
  }

  // Customers ---------------------------------------------------------------------------------
  // The write scenario's customers (users 1..20, fewer in a tiny seed): bookings come from many
  // accounts, as they do, so no account's own limits are read over thousands of its bookings.
  const bookerCount = Math.min(20, Math.max(1, size.customers - 2));
  const isBooker = (i: number) => i >= 1 && i <= bookerCount;
  const users = Array.from({ length: size.customers }, (_, i) => {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const createdAt = new Date(start - 180 * DAY + Math.floor(r.next() * 540 * DAY));
    const completed = i === 0 || isBooker(i) || r.chance(0.85);
    return {
      id: crypto.randomUUID(),
      name: `${first} ${last}`,
      email: i === 0 ? "reader@bench.capedrive.example" : isBooker(i) ? `booker-${i}@bench.capedrive.example` : `customer-${i}@bench.capedrive.example`,
      phone: `+27 8${r.int(1, 4)} ${r.int(100, 999)} ${String(r.int(0, 9999)).padStart(4, "0")}`,
      passwordHash: i === 0 || isBooker(i) ? passwordHash : null,
      profileCompleted: completed,
      ...(completed
        ? {
            dateOfBirth: `19${r.int(60, 99)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
            address: `${r.int(1, 200)} Main Road`,
            city: r.pick(["Cape Town", "Stellenbosch", "Bellville", "Somerset West"]),
            postalCode: String(r.int(7000, 8099)),
            nationality: "South African",
            idType: "south_african_id" as const,
            idNumber: String(r.int(6000000000000, 9999999999999)),
            driversLicenseNumber: `DL${r.int(100000000, 999999999)}`,
            driversLicenseExpiryDate: "2031-06-30",
          }
        : {}),
      createdAt,
      updatedAt: createdAt,
    };
  });
  log(
    `seeding ${provider}: ${size.customers.toLocaleString("en-US")} customers, ${size.vehicles.toLocaleString("en-US")} vehicles, ${size.bookings.toLocaleString("en-US")} bookings, ${size.dealerships} dealerships x ${size.stockPerDealership} for sale`,
  );
  await insertAll(db, "customers", users, (tx, rows) => tx.user.createMany({ data: rows }), log);

  // Rental fleet and its photos -----------------------------------------------------------------
  const categories: Category[] = ["small", "medium", "large"];
  const fleet = Array.from({ length: size.vehicles }, (_, i) => {
    const category = categories[i % 3]!;
    const model = r.pick(demoFleet.filter((v) => v.category === category));
    const status = r.chance(0.92) ? ("available" as const) : r.pick(["rented", "maintenance", "out_of_service"] as const);
    const createdAt = new Date(start - r.int(0, 365) * DAY);
    return {
      id: crypto.randomUUID(),
      registrationNumber: `CA ${String(100 + (i % 900)).padStart(3, "0")}-${String(Math.floor(i / 900)).padStart(3, "0")}`,
      make: model.make,
      model: model.model,
      year: r.int(2021, 2025),
      category,
      transmission: r.chance(0.55) ? ("manual" as const) : ("automatic" as const),
      status,
      mileage: r.int(2_000, 90_000),
      dailyRate: RATES[category],
      features: FEATURES.filter(() => r.chance(0.4)),
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertAll(db, "vehicles", fleet, (tx, rows) => tx.vehicle.createMany({ data: rows }), log);

  // Dealerships and their stock -------------------------------------------------------------------
  const dealerships = Array.from({ length: size.dealerships }, (_, i) => {
    const base = demoDealerships[i % demoDealerships.length]!;
    return {
      id: crypto.randomUUID(),
      dealershipCode: `BENCH${String(i + 1).padStart(3, "0")}`,
      companyName: `${["Atlantic", "Winelands", "Table Bay", "Helderberg", "Northern", "Peninsula", "False Bay", "Boland"][i % 8]} ${["Motors", "Auto", "Cars", "Motor Group"][Math.floor(i / 8) % 4]}${i >= 32 ? ` ${i}` : ""}`,
      contactEmail: `dealer-${i + 1}@bench.capedrive.example`,
      contactPhone: base.contactPhone,
      contactPerson: base.contactPerson,
      address: base.address,
      city: r.pick(["Cape Town", "Stellenbosch", "Bellville", "Paarl", "Somerset West"]),
      passwordHash,
      isActive: i % 10 !== 9, // one in ten inactive: its stock is not listed
    };
  });
  await insertAll(db, "dealerships", dealerships, (tx, rows) => tx.dealership.createMany({ data: rows }), log);
  const stock = dealerships.flatMap((d, di) =>
    Array.from({ length: size.stockPerDealership }, (_, i) => {
      const [make, model] = r.pick(SALE_MAKES);
      const category = r.pick(categories);
      const createdAt = new Date(now - r.int(0, 400) * DAY - r.int(0, 23) * HOUR);
      return {
        id: crypto.randomUUID(),
        dealershipId: d.id,
        registrationNumber: `CL ${String(di).padStart(3, "0")}-${String(i).padStart(3, "0")}`,
        make,
        model,
        year: r.int(2012, 2024),
        category,
        transmission: r.chance(0.5) ? ("manual" as const) : ("automatic" as const),
        status: "available" as const,
        mileage: r.int(10_000, 220_000),
        dailyRate: RATES[category],
        // A few unpriced (not listed); the rest across all four price bands.
        salesPrice: r.chance(0.05) ? null : `${r.int(45, 650) * 1000 - 100}.00`,
        features: [],
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  await insertAll(db, "for-sale stock", stock, (tx, rows) => tx.vehicle.createMany({ data: rows }), log);
  const images = [...fleet, ...stock].flatMap((v) =>
    [0, 1].map((position) => ({ id: crypto.randomUUID(), vehicleId: v.id, url: `/objects/bench/${v.id}-${position}.jpg`, position, createdAt: v.createdAt })),
  );
  await insertAll(db, "vehicle photos", images, (tx, rows) => tx.vehicleImage.createMany({ data: rows }), log);

  const polygon = (await Bun.file(join(import.meta.dir, "..", "prisma", "seed", "cape-town-service-area.geojson")).json()).geometry;
  await db.serviceArea.create({ data: { name: "Cape Town metro and Stellenbosch", polygon } });
  await db.adminUser.create({ data: { email: "admin@bench.capedrive.example", passwordHash, firstName: "Bench", lastName: "Admin" } });

  // Bookings ------------------------------------------------------------------------------------
  // Per vehicle, from a year ago to a year ahead: a rental of 1-14 days (mostly short), a gap,
  // the next rental... The mean cycle is set so the total lands near the target; the remainder
  // is made of cancelled requests (which never block a vehicle).
  const cycleDays = (730 * size.vehicles) / size.bookings;
  const meanDuration = Math.min(5, cycleDays * 0.65);
  const bookings: Prisma.BookingCreateManyInput[] = [];
  const freeSlots: FreeSlot[] = [];
  // Customers other than the bookers (who start with none), uniformly: about ten bookings each.
  const userFor = () => {
    const i = r.int(0, size.customers - 1);
    return users[isBooker(i) ? (i + bookerCount < size.customers ? i + bookerCount : 0) : i]!.id;
  };
  const pushBooking = (
    v: (typeof fleet)[number],
    pickup: number,
    returnAt: number,
    status: "pending" | "confirmed" | "in_progress" | "completed" | "cancelled",
    withVehicle = true,
  ) => {
    const quote = bookingQuote(v.category, new Date(pickup), new Date(returnAt));
    const place = r.pick(PLACES);
    const back = r.chance(0.7) ? place : r.pick(PLACES);
    const createdAt = Math.min(now - r.int(1, 600) * 60_000, pickup - r.int(1, 45) * DAY - r.int(0, 23) * HOUR);
    bookings.push({
      id: crypto.randomUUID(),
      userId: userFor(),
      vehicleId: withVehicle ? v.id : null,
      category: v.category,
      transmission: v.transmission,
      pickupDate: new Date(pickup),
      returnDate: new Date(returnAt),
      deliveryLocation: place.name,
      deliveryCoordinates: place.at,
      returnLocation: back.name,
      returnCoordinates: back.at,
      totalAmount: quote.total,
      duration: quote.days,
      status,
      specialRequests: r.chance(0.1) ? "Child seat, please" : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
  };
  const rentals = fleet.filter((v) => v.status !== "out_of_service");
  for (const v of rentals) {
    let cursor = start + r.next() * cycleDays * DAY;
    while (cursor < end) {
      const days = Math.max(1, Math.round(-Math.log(1 - r.next()) * meanDuration));
      const pickup = Math.floor(cursor / HOUR) * HOUR + 8 * HOUR;
      const returnAt = pickup + Math.min(days, 14) * DAY - r.int(0, 3) * HOUR;
      let status: "pending" | "confirmed" | "in_progress" | "completed" | "cancelled";
      if (returnAt <= now) status = r.chance(0.9) ? "completed" : "cancelled";
      else if (pickup <= now) status = "in_progress";
      else status = r.chance(0.1) ? "cancelled" : r.chance(0.15) ? "pending" : "confirmed";
      pushBooking(v, pickup, returnAt, status, !(status === "pending" && r.chance(0.2)));
      const gapHours = r.int(2, Math.max(4, Math.round((cycleDays - meanDuration) * 2 * 24)));
      const next = returnAt + gapHours * HOUR;
      // A future gap of at least 30 hours: one free day for the booking-creation scenario.
      if (v.status === "available" && returnAt > now + 2 * DAY && next - returnAt >= 30 * HOUR && returnAt + 26 * HOUR < end) {
        const slotPickup = Math.ceil((returnAt + HOUR) / HOUR) * HOUR;
        freeSlots.push({
          vehicleId: v.id,
          category: v.category,
          transmission: v.transmission,
          pickup: new Date(slotPickup),
          returnAt: new Date(slotPickup + 24 * HOUR),
        });
      }
      cursor = next;
      if (bookings.length >= size.bookings) break;
    }
    if (bookings.length >= size.bookings) break;
  }
  // Top up with cancelled requests spread over the two years (they may overlap anything).
  while (bookings.length < size.bookings) {
    const v = r.pick(rentals);
    const pickup = Math.floor((start + r.next() * (end - start)) / HOUR) * HOUR;
    pushBooking(v, pickup, pickup + r.int(1, 7) * DAY, "cancelled");
  }
  // Insert in creation order, as a live system would have.
  bookings.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await insertAll(db, "bookings", bookings, (tx, rows) => tx.booking.createMany({ data: rows }), log, { chunk: provider === "sqlite" ? 1500 : 2000 });

  // The fleet calendar's log names every car seeded (server/services/fleet-calendar.ts): a server
  // started on this data loads the whole fleet anyway, so the seed leaves no log behind.
  await db.fleetChange.deleteMany();
  if (provider === "sqlite") await db.$executeRawUnsafe("PRAGMA optimize");
  else await db.$executeRawUnsafe("ANALYZE");

  const readerBookings = bookings.filter((b) => b.userId === users[0]!.id).length;
  // Shuffle the free slots so consecutive requests hit different vehicles and dates.
  for (let i = freeSlots.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [freeSlots[i], freeSlots[j]] = [freeSlots[j]!, freeSlots[i]!];
  }
  const statusCounts: Record<string, number> = {};
  for (const b of bookings) statusCounts[`bookings.${b.status}`] = (statusCounts[`bookings.${b.status}`] ?? 0) + 1;
  const seconds = (performance.now() - started) / 1000;
  log(`seeded in ${seconds.toFixed(1)} s`);
  return {
    size,
    counts: {
      customers: users.length,
      vehicles: fleet.length,
      forSaleVehicles: stock.length,
      vehicleImages: images.length,
      dealerships: dealerships.length,
      bookings: bookings.length,
      ...statusCounts,
      freeSlots: freeSlots.length,
    },
    seconds,
    password,
    admin: { email: "admin@bench.capedrive.example" },
    reader: { email: users[0]!.email, id: users[0]!.id, bookings: readerBookings },
    bookers: users.filter((_, i) => isBooker(i)).map((u) => ({ email: u.email, id: u.id })),
    freeSlots,
  };
}
