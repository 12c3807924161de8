// Demo data on the first start of an empty embedded database (SEED_DEMO). Passwords are random,
// printed once when they are made, and kept for the developer in DATA_DIR/demo-credentials.txt.
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CATEGORY_RATES } from "#domain";
import { demoAdmin, demoCustomers, demoDealerships, demoDrivers, demoFleet } from "../../prisma/seed/demo-data";
import {
  drawDemoPhotos,
  forgetPendingDemoPhotos,
  recordDemoPhotos,
  removeDemoPhotos,
  removeInterruptedDemoPhotos,
  seedDemoBookings,
  seedDemoDrivers,
  storeDemoPhotos,
} from "./demo-activity";
import type { Db, Prisma } from "../db";
import type { Services } from "./context";
import { generatePassword, hashPassword } from "./passwords";

const rate = (category: keyof typeof CATEGORY_RATES) => `${CATEGORY_RATES[category]}.00`;

/**
 * True when no table the demo seeds has a row: a driver or a service area made before would
 * clash with the demo's (its email) or be there twice.
 */
export async function isDatabaseEmpty({ db }: Services): Promise<boolean> {
  return (await seededRows(db)) === 0;
}

async function seededRows(db: Db | Prisma.TransactionClient): Promise<number> {
  const counts = await Promise.all([
    db.vehicle.count(),
    db.dealership.count(),
    db.adminUser.count(),
    db.serviceArea.count(),
    db.user.count(),
    db.booking.count(),
    db.invoice.count(),
    db.driver.count(),
    db.handoverJob.count(),
    db.storedObject.count(),
    db.vehicleImage.count(),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Any number: the advisory lock that makes instances starting together seed one at a time. */
const DEMO_SEED_LOCK = 7_315_002;

/**
 * Seeds the demo data; returns the sign-in details it created, or null when the database turned
 * out not to be empty once this instance had the seeding lock (another instance seeded it first).
 * On PostgreSQL the transaction starts with a transaction-scoped advisory lock and checks again;
 * on SQLite it starts with a write, which takes the database's single write lock.
 * All or nothing: every row is written in that one transaction, and the sign-in details file
 * last inside it, so a seeding stopped anywhere (Ctrl-C, a kill, a power cut) leaves no demo
 * rows and the next start seeds it all again. The photos follow: drawn before, stored inside the
 * transaction once it holds the lock, and listed first, so the next seeding deletes the files of
 * one stopped before its commit (demo-activity.ts removeInterruptedDemoPhotos).
 */
export async function seedDemo(services: Services) {
  const { db } = services;
  const adminPassword = generatePassword();
  const customerPassword = generatePassword();
  const driverPassword = generatePassword();
  const dealershipPasswords = demoDealerships.map(() => generatePassword());
  const polygon = (await Bun.file(join(import.meta.dir, "../../prisma/seed/cape-town-service-area.geojson")).json()).geometry;

  const [adminHash, customerHash, driverHash, otherDriverHash, ...dealershipHashes] = await Promise.all(
    // The other demo drivers get a password nobody knows: the office resets it to use them.
    [adminPassword, customerPassword, driverPassword, generatePassword(), ...dealershipPasswords].map(hashPassword),
  );
  const allCars = [...demoFleet, ...demoDealerships.flatMap((d) => d.stock)].sort((a, b) => (a.registrationNumber < b.registrationNumber ? -1 : 1));
  const photos = await drawDemoPhotos(allCars);

  const first = demoDealerships[0]!;
  const credentials = {
    admin: { email: demoAdmin.email, password: adminPassword },
    customer: { email: demoCustomers[0].email, password: customerPassword },
    driver: { email: demoDrivers[0]!.email, password: driverPassword },
    dealership: { dealershipCode: first.dealershipCode, password: dealershipPasswords[0]! },
    otherDealerships: demoDealerships.slice(1).map((d, i) => ({ dealershipCode: d.dealershipCode, password: dealershipPasswords[i + 1]! })),
  };
  const file = join(services.config.dataDir, "demo-credentials.txt");
  let wroteFile = false;
  let storedPhotos = false;
  try {
    const seeded = await db.$transaction(
      async (tx) => {
        if (services.provider === "postgresql") await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`;
        else await tx.$executeRaw`DELETE FROM rate_limits WHERE 0 = 1`;
        if ((await seededRows(tx)) > 0) return false;
        await removeInterruptedDemoPhotos(services, tx);
        storedPhotos = true; // from the first file on: a failure deletes whatever was stored
        await storeDemoPhotos(services, photos);
        for (const v of demoFleet) {
          const { salesPrice: _ignored, ...vehicle } = v;
          await tx.vehicle.create({ data: { ...vehicle, dailyRate: rate(v.category) } });
        }
        for (const [i, d] of demoDealerships.entries()) {
          const { stock, ...dealership } = d;
          await tx.dealership.create({
            data: {
              ...dealership,
              passwordHash: dealershipHashes[i]!,
              vehicles: { create: stock.map((v) => ({ ...v, dailyRate: rate(v.category) })) },
            },
          });
        }
        const admin = await tx.adminUser.create({ data: { ...demoAdmin, passwordHash: adminHash! }, select: { id: true } });
        await tx.serviceArea.create({ data: { name: "Cape Town metro and Stellenbosch", polygon } });
        const fleet = await tx.vehicle.findMany({
          where: { registrationNumber: { in: demoFleet.map((v) => v.registrationNumber) } },
          select: { id: true, registrationNumber: true },
        });
        const idOf = new Map(fleet.map((v) => [v.registrationNumber, v.id]));
        await seedDemoBookings(
          tx,
          demoFleet.map((v) => idOf.get(v.registrationNumber)!),
          customerHash!,
        );
        await seedDemoDrivers(tx, driverHash!, otherDriverHash!);
        await recordDemoPhotos(tx, photos, admin.id);
        // Last, holding the seeding lock: stopped before the commit, the next seeding writes it again.
        writeCredentialsFile(file, credentials);
        wroteFile = true;
        return true;
      },
      { maxWait: 30_000, timeout: 60_000 },
    );
    if (!seeded) return null;
    forgetPendingDemoPhotos(services);
  } catch (error) {
    // Rolled back: its passwords sign in nowhere, and nothing refers to its photos.
    if (wroteFile) rmSync(file, { force: true });
    if (storedPhotos) await removeDemoPhotos(services, photos);
    throw error;
  }
  return { credentials, file };
}

type DemoCredentials = {
  admin: { email: string; password: string };
  customer: { email: string; password: string };
  driver: { email: string; password: string };
  dealership: { dealershipCode: string; password: string };
  otherDealerships: { dealershipCode: string; password: string }[];
};

function writeCredentialsFile(file: string, credentials: DemoCredentials): void {
  writeFileSync(
    file,
    [
      "CapeDrive demo sign-in details (made when the demo data was seeded)",
      `Admin       ${credentials.admin.email} / ${credentials.admin.password}   at /admin/signin`,
      `Customer    ${credentials.customer.email} / ${credentials.customer.password}   at /signin`,
      `Driver      ${credentials.driver.email} / ${credentials.driver.password}   at /driver/signin`,
      ...[credentials.dealership, ...credentials.otherDealerships].map((d) => `Dealership  ${d.dealershipCode} / ${d.password}   at /dealership/signin`),
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
}

/** Seeds an empty database when demo mode is on; prints the sign-in details once, when made. */
export async function ensureDemoData(services: Services, print: (text: string) => void): Promise<void> {
  if (!services.config.seedDemo) return;
  const file = join(services.config.dataDir, "demo-credentials.txt");
  if (!(await isDatabaseEmpty(services))) {
    if (existsSync(file)) print(`Demo mode: sign-in details are in ${file}`);
    return;
  }
  const seeded = await seedDemo(services);
  if (!seeded) {
    print(`Demo mode: another instance seeded the demo data${existsSync(file) ? `; sign-in details are in ${file}` : ""}`);
    return;
  }
  const { credentials } = seeded;
  print(
    [
      "Demo data created. Sign-in details (shown once; also saved in " + file + "):",
      `  Admin       ${credentials.admin.email} / ${credentials.admin.password}   (/admin/signin)`,
      `  Customer    ${credentials.customer.email} / ${credentials.customer.password}   (/signin)`,
      `  Driver      ${credentials.driver.email} / ${credentials.driver.password}   (/driver/signin)`,
      `  Dealership  ${credentials.dealership.dealershipCode} / ${credentials.dealership.password}   (/dealership/signin)`,
    ].join("\n"),
  );
}
