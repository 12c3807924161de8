/**
 * With first-booking approval on (BOOKING_FIRST_NEEDS_APPROVAL), a new customer's first booking
 * is pending: the success screen says "Booking Received", not "Booking Confirmed!" (issue 18,
 * issue 15 point 1). This spec starts its own product server with that setting, next to the one
 * the other journeys use, on E2E_PORT + 5 with its own data folder and the demo seed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { capeTownDay, capeTownInstant, createCompletedCustomer, firstFreeVehicle, myBookings, putDraft, snapScreen } from "./booking-helpers";
import { signInWithToken } from "./support";
import { expect, test } from "./test";

const port = Number(process.env.E2E_PORT ?? 4173) + 5;
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "capedrive-e2e-approval-"));
  server = spawn("bun", ["server/main.ts"], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PUBLIC_URL: origin,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      GEOCODER_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 4}`,
      BOOKING_FIRST_NEEDS_APPROVAL: "true",
    },
  });
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 600) throw new Error("the approval server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  api = await playwrightRequest.newContext({ baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a first booking that awaits approval: Booking Received, Pending in My Bookings, flagged on the admin dashboard and approved", async ({
  page,
  browser,
}, testInfo) => {
  const token = await createCompletedCustomer(api, testInfo, "Naledi Khumalo");
  const pickup = capeTownDay(40);
  const returnDay = capeTownDay(42);
  const period = { pickupDate: capeTownInstant(pickup.iso, "10:00"), returnDate: capeTownInstant(returnDay.iso, "10:00") };
  const vehicle = await firstFreeVehicle(api, "medium", "automatic", period.pickupDate, period.returnDate);
  await signInWithToken(page, token);
  await page.goto(`${origin}/home`);
  await putDraft(page, {
    category: "medium",
    transmission: "automatic",
    vehicleId: vehicle.id,
    ...period,
    deliveryLocation: "Long Street, Cape Town",
    deliveryCoordinates: "-33.9249,18.4241",
    returnLocation: "Long Street, Cape Town",
    returnCoordinates: "-33.9249,18.4241",
  });
  await page.goto(`${origin}/booking/confirmation`);
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking Received" })).toBeVisible();
  await expect(page.getByText("We will email you as soon as it is confirmed.", { exact: false })).toBeVisible();
  await expect(page.getByText("Booking Confirmed!")).toHaveCount(0);
  await snapScreen(page, testInfo, "booking-received-pending");
  // The draft is gone once the screen shows: a new booking starts from the beginning.
  expect(await page.evaluate(() => sessionStorage.getItem("capedrive.bookingDraft"))).toBeNull();
  expect((await myBookings(api, token)).map((b) => b.status)).toEqual(["pending"]);

  // The admin starts on the dashboard: it says bookings wait, and leads to them.
  const [, adminEmail, adminPassword] = readFileSync(join(dataDir, "demo-credentials.txt"), "utf8").match(/Admin\s+(\S+) \/ (\S+)/) ?? [];
  const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await admin.goto(`${origin}/admin/signin`);
  await admin.getByLabel("Email").fill(adminEmail!);
  await admin.getByLabel("Password", { exact: true }).fill(adminPassword!);
  await admin.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByText(/^\d+ bookings? awaits? approval$/)).toBeVisible();
  await admin.getByRole("link", { name: "Review pending bookings" }).click();
  await expect(admin).toHaveURL(/\/admin\/bookings\?status=pending$/);
  const card = admin.getByRole("listitem").filter({ hasText: "Naledi Khumalo" });
  await card.getByRole("button", { name: "Approve" }).click();
  await expect.poll(async () => (await myBookings(api, token)).map((b) => b.status)).toEqual(["confirmed"]);
  await admin.close();
});
