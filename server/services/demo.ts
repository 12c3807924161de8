// Demo data on the first start of an empty embedded database (SEED_DEMO). Passwords are random,
// printed once when they are made, and kept for the developer in DATA_DIR/demo-credentials.txt.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CATEGORY_RATES } from "../domain";
import { demoAdmin, demoDealerships, demoFleet } from "../../prisma/seed/demo-data";
import type { Services } from "./context";
import { generatePassword, hashPassword } from "./passwords";

const rate = (category: keyof typeof CATEGORY_RATES) => `${CATEGORY_RATES[category]}.00`;

export async function isDatabaseEmpty({ db }: Services): Promise<boolean> {
  const [vehicles, admins, dealerships] = await Promise.all([db.vehicle.count(), db.adminUser.count(), db.dealership.count()]);
  return vehicles + admins + dealerships === 0;
}

/** Seeds the demo data; returns the sign-in details it created. */
export async function seedDemo(services: Services) {
  const { db } = services;
  const adminPassword = generatePassword();
  const dealershipPasswords = demoDealerships.map(() => generatePassword());
  const polygon = (await Bun.file(join(import.meta.dir, "../../prisma/seed/cape-town-service-area.geojson")).json()).geometry;

  const adminHash = await hashPassword(adminPassword);
  const dealershipHashes = await Promise.all(dealershipPasswords.map(hashPassword));
  await db.$transaction(async (tx) => {
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
    await tx.adminUser.create({ data: { ...demoAdmin, passwordHash: adminHash } });
    await tx.serviceArea.create({ data: { name: "Cape Town metro and Stellenbosch", polygon } });
  });

  const first = demoDealerships[0]!;
  const credentials = {
    admin: { email: demoAdmin.email, password: adminPassword },
    dealership: { dealershipCode: first.dealershipCode, password: dealershipPasswords[0]! },
    otherDealerships: demoDealerships.slice(1).map((d, i) => ({ dealershipCode: d.dealershipCode, password: dealershipPasswords[i + 1]! })),
  };
  const file = join(services.config.dataDir, "demo-credentials.txt");
  writeFileSync(
    file,
    [
      "CapeDrive demo sign-in details (made when the demo data was seeded)",
      `Admin       ${credentials.admin.email} / ${credentials.admin.password}   at /admin/signin`,
      ...[credentials.dealership, ...credentials.otherDealerships].map((d) => `Dealership  ${d.dealershipCode} / ${d.password}   at /dealership/signin`),
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  return { credentials, file };
}

/** Seeds an empty database when demo mode is on; prints the sign-in details once, when made. */
export async function ensureDemoData(services: Services, print: (text: string) => void): Promise<void> {
  if (!services.config.seedDemo) return;
  const file = join(services.config.dataDir, "demo-credentials.txt");
  if (!(await isDatabaseEmpty(services))) {
    if (existsSync(file)) print(`Demo mode: sign-in details are in ${file}`);
    return;
  }
  const { credentials } = await seedDemo(services);
  print(
    [
      "Demo data created. Sign-in details (shown once; also saved in " + file + "):",
      `  Admin       ${credentials.admin.email} / ${credentials.admin.password}   (/admin/signin)`,
      `  Dealership  ${credentials.dealership.dealershipCode} / ${credentials.dealership.password}   (/dealership/signin)`,
    ].join("\n"),
  );
}
