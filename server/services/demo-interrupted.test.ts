// The demo seeding of a first start (SEED_DEMO=true), stopped by Ctrl-C in the middle: the real
// server (`bun server/main.ts`) in its own process, on a fresh SQLite file (or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), interrupted with SIGINT at a point seen from outside
// (the first demo photo's file written; every one written), then started again.
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { demoDealerships, demoFleet } from "../../prisma/seed/demo-data";
import { openDatabase } from "../db";
import { createTestDatabase, testConfig, type TestDatabase } from "../testing/harness";
import { spawnServer, stopServer, type ServerProcess } from "../testing/processes";
import { verifyPassword } from "./passwords";

setDefaultTimeout(240_000); // three starts of the real server, with password hashing and photos, on a busy machine

const DEMO_CARS = demoFleet.length + demoDealerships.reduce((sum, d) => sum + d.stock.length, 0);

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  if (server) await stopServer(server.child, 5_000);
  server = undefined;
  await database?.drop();
  database = undefined;
});

function start(): ServerProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? database!.dataDir,
    HOST: "127.0.0.1",
    DATA_DIR: database!.dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    ...(database!.databaseUrl ? { DATABASE_URL: database!.databaseUrl } : {}),
  };
  server = spawnServer(env);
  return server;
}

/** How many demo photo files are in the objects folder (what the seeding stores first). */
function storedPhotoFiles(): number {
  const folder = join(database!.dataDir, "objects", "uploads");
  return existsSync(folder) ? readdirSync(folder).length : 0;
}

/**
 * The files in the uploads folder that no stored object row names (a stopped writer's half file
 * included), and rows without their file: both should be empty once a start has finished.
 */
async function strayFiles() {
  const folder = join(database!.dataDir, "objects", "uploads");
  const files = existsSync(folder) ? readdirSync(folder).sort() : [];
  const { db, close } = openDatabase(testConfig(database!).database);
  try {
    const paths = (await db.storedObject.findMany({ select: { path: true } })).map((r) => r.path.replace(/^uploads\//, "")).sort();
    return { orphans: files.filter((f) => !paths.includes(f)), missing: paths.filter((p) => !files.includes(p)) };
  } finally {
    await close();
  }
}

/** Waits until `seen` or the process exits (seeding done and the server up, in which case the point was missed). */
async function until(seen: () => boolean, process: ServerProcess): Promise<void> {
  while (!seen() && process.child.exitCode === null) await Bun.sleep(5);
}

/** What the database holds of the demo, and whether the sign-in details file's admin password is the admin's. */
async function demoState() {
  const { db, close } = openDatabase(testConfig(database!).database);
  try {
    const [vehicles, images, objects, admins, dealerships, drivers, users, bookings, serviceAreas] = await Promise.all([
      db.vehicle.count(),
      db.vehicleImage.count(),
      db.storedObject.count(),
      db.adminUser.count(),
      db.dealership.count(),
      db.driver.count(),
      db.user.count(),
      db.booking.count(),
      db.serviceArea.count(),
    ]);
    const file = join(database!.dataDir, "demo-credentials.txt");
    const admin = await db.adminUser.findFirst({ select: { email: true, passwordHash: true } });
    const password =
      existsSync(file) && admin ? new RegExp(`^Admin\\s+${admin.email.replace(/\./g, "\\.")} / (\\S+)`, "m").exec(readFileSync(file, "utf8"))?.[1] : undefined;
    const fileSignsIn = Boolean(admin && password && (await verifyPassword(password, admin.passwordHash)));
    const rows = { vehicles, images, objects, admins, dealerships, drivers, users, bookings, serviceAreas };
    return { rows, empty: Object.values(rows).every((n) => n === 0), fileSignsIn };
  } finally {
    await close();
  }
}

/** All of the demo: every car with its photo, the accounts, bookings, and a sign-in details file that works. */
function expectComplete(state: Awaited<ReturnType<typeof demoState>>) {
  expect(state.rows).toMatchObject({
    vehicles: DEMO_CARS,
    images: DEMO_CARS,
    objects: DEMO_CARS,
    admins: 1,
    dealerships: demoDealerships.length,
    serviceAreas: 1,
  });
  expect(state.rows.drivers).toBeGreaterThan(0);
  expect(state.rows.users).toBeGreaterThan(0);
  expect(state.rows.bookings).toBeGreaterThan(0);
  expect(state.fileSignsIn).toBe(true);
}

const points = {
  "the first demo photo's file is written": () => storedPhotoFiles() > 0,
  "every demo photo's file is written": () => storedPhotoFiles() >= DEMO_CARS,
};

for (const [point, seen] of Object.entries(points))
  test(`Ctrl-C on the first start once ${point}: the database holds none of the demo or all of it, and the next start finishes it`, async () => {
    database = await createTestDatabase();
    const first = start();
    await until(seen, first);
    first.child.kill("SIGINT");
    await first.child.exited;
    server = undefined;

    const interrupted = await demoState();
    // Never half a demo: no rows at all, or every one with sign-in details that work.
    if (!interrupted.empty) expectComplete(interrupted);

    const second = start();
    while (
      second.child.exitCode === null &&
      !(await fetch(`${second.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await Bun.sleep(100);
    expect({ exitCode: second.child.exitCode, output: second.child.exitCode === null ? "" : second.output() }).toEqual({ exitCode: null, output: "" });
    expectComplete(await demoState());
    // The photos followed the rows: the stopped seeding's files (and a half-written one) are gone,
    // every demo car's photo is there, and the list of photos being stored is done with.
    expect(await strayFiles()).toEqual({ orphans: [], missing: [] });
    expect(storedPhotoFiles()).toBe(DEMO_CARS);
    expect(existsSync(join(database!.dataDir, "demo-photos-pending.json"))).toBe(false);
  });
