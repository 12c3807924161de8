/**
 * Setup of the delivery-and-collection journeys through the API: an admin (with the invitation
 * code: the demo seed made the first admin), a car of the test's own (so parallel journeys never
 * compete for the demo fleet), a driver who can sign in, and jobs given to the driver.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { changePasswordOverApi } from "./password-helpers.ts";
import { graphql, uniqueEmail } from "./support.ts";

const SIGNUP_CODE = process.env.E2E_ADMIN_SIGNUP_CODE ?? "e2e-admin-invitation-code";
export const STAFF_PASSWORD = "Harbour-lights-42";

let workerAdmin: Promise<{ email: string; token: string }> | undefined;
// The run's one shared admin (its email), written by the worker that signed it up; the lock file
// makes sure only one worker does. Workers are processes, so they share it through these files.
const sharedAdminFile = `${process.env.E2E_DATA_DIR ?? join(tmpdir(), `capedrive-e2e-${process.ppid}`)}-admin.json`;

/**
 * An admin who can sign in with `email` and STAFF_PASSWORD, and their token: one for the whole
 * run, shared by these journeys and by every worker (a new worker, or one restarted after a
 * failure, signs in to it), since the server allows ten admin sign-ups per address in 15 minutes
 * and every journey's browser and API calls come from 127.0.0.1.
 */
export function createAdmin(request: APIRequestContext, testInfo: TestInfo, prefix = "dispatcher"): Promise<{ email: string; token: string }> {
  workerAdmin ??= sharedAdmin(request, testInfo, prefix).catch((error) => {
    workerAdmin = undefined;
    throw error;
  });
  return workerAdmin;
}

async function sharedAdmin(request: APIRequestContext, testInfo: TestInfo, prefix: string): Promise<{ email: string; token: string }> {
  let first = false;
  try {
    closeSync(openSync(`${sharedAdminFile}.lock`, "wx"));
    first = true;
  } catch {
    // Another worker signs it up (or did).
  }
  if (first) {
    const email = uniqueEmail(prefix, testInfo);
    try {
      const data = await graphql<{ adminSignUp: { token: string } }>(request, `mutation ($input: AdminSignUpInput!) { adminSignUp(input: $input) { token } }`, {
        input: { email, password: STAFF_PASSWORD, firstName: "Nomsa", lastName: "Dlamini", signupCode: SIGNUP_CODE },
      });
      writeFileSync(`${sharedAdminFile}.tmp`, JSON.stringify({ email }));
      renameSync(`${sharedAdminFile}.tmp`, sharedAdminFile);
      return { email, token: data.adminSignUp.token };
    } catch (error) {
      writeFileSync(sharedAdminFile, JSON.stringify({ error: String(error) }));
      throw error;
    }
  }
  const deadline = Date.now() + 60_000;
  while (!existsSync(sharedAdminFile)) {
    if (Date.now() > deadline) throw new Error(`no shared admin in ${sharedAdminFile} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const shared = JSON.parse(readFileSync(sharedAdminFile, "utf8")) as { email?: string; error?: string };
  if (!shared.email) throw new Error(`the shared admin could not be signed up: ${shared.error}`);
  const data = await graphql<{ adminSignIn: { token: string } }>(request, `mutation ($input: AdminSignInInput!) { adminSignIn(input: $input) { token } }`, {
    input: { email: shared.email, password: STAFF_PASSWORD },
  });
  return { email: shared.email, token: data.adminSignIn.token };
}

export async function createAdminToken(request: APIRequestContext, testInfo: TestInfo, prefix = "dispatcher"): Promise<string> {
  return (await createAdmin(request, testInfo, prefix)).token;
}

let plateSeq = 0;
/** A rental car of the test's own: a medium automatic at R650/day. */
export async function createCar(request: APIRequestContext, adminToken: string) {
  const plate = `CR ${Date.now().toString(36).slice(-5).toUpperCase()}-${String(++plateSeq).padStart(2, "0")}`;
  const data = await graphql<{ createAdminVehicle: { id: string } }>(
    request,
    `mutation ($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id } }`,
    { input: { make: "Toyota", model: "Corolla Cross", year: 2024, category: "medium", transmission: "automatic", pricePerDay: 650, licensePlate: plate } },
    adminToken,
  );
  return { id: data.createAdminVehicle.id, plate };
}

export type TestDriver = { id: string; name: string; email: string; password: string; auth: { authorization: string } };

/** The password an admin gives a new driver (createDriver), before the driver chooses their own. */
export const OFFICE_PASSWORD = "Office-gave-this-7";

/**
 * A driver made by the admin (with a password the test knows), signed in over the API. The
 * driver app asks a driver whose password the office set to choose their own first; this one
 * has already done so (STAFF_PASSWORD), so a journey about something else starts on its jobs.
 * `officePassword: true` leaves the office's password (OFFICE_PASSWORD) and the question.
 */
export async function createDriver(
  request: APIRequestContext,
  adminToken: string,
  testInfo: TestInfo,
  name = "Sipho Mthembu",
  options: { officePassword?: boolean } = {},
): Promise<TestDriver> {
  const email = uniqueEmail("driver", testInfo);
  const created = await graphql<{ adminCreateDriver: { driver: { id: string } } }>(
    request,
    `mutation ($input: CreateDriverInput!) { adminCreateDriver(input: $input) { driver { id } } }`,
    { input: { name, email, phone: "082 555 0142", password: OFFICE_PASSWORD } },
    adminToken,
  );
  const signedIn = await graphql<{ driverSignIn: { token: string } }>(
    request,
    `mutation ($input: DriverSignInInput!) { driverSignIn(input: $input) { token } }`,
    {
      input: { email, password: OFFICE_PASSWORD },
    },
  );
  const token = signedIn.driverSignIn.token;
  if (!options.officePassword) await changePasswordOverApi(request, token, OFFICE_PASSWORD, STAFF_PASSWORD);
  const password = options.officePassword ? OFFICE_PASSWORD : STAFF_PASSWORD;
  return { id: created.adminCreateDriver.driver.id, name, email, password, auth: { authorization: `Bearer ${token}` } };
}

/** Gives a booking's delivery or collection to a driver; returns the job's id. */
export async function assignDriver(request: APIRequestContext, adminToken: string, bookingId: string, kind: "delivery" | "collection", driverId: string) {
  const data = await graphql<{ assignHandoverDriver: { job: { id: string } } }>(
    request,
    `mutation ($bookingId: ID!, $kind: HandoverKind!, $driverId: ID) { assignHandoverDriver(bookingId: $bookingId, kind: $kind, driverId: $driverId) { job { id } } }`,
    { bookingId, kind, driverId },
    adminToken,
  );
  return data.assignHandoverDriver.job.id;
}

/** Signs an admin made by createAdmin in at /admin/signin, landing on the dashboard. */
export async function signInAdmin(page: Page, email: string) {
  await page.goto("/admin/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

// In the driver app ---------------------------------------------------------------------------

/** Signs in at /driver/signin (a visit to /driver is sent there first). */
export async function signInDriver(page: Page, driver: { email: string; password: string }) {
  await page.goto("/driver");
  await expect(page).toHaveURL(/\/driver\/signin$/);
  await page.getByLabel("Email").fill(driver.email);
  await page.getByLabel("Password").fill(driver.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/driver$/);
}

/** Draws a scribble on the signature pad and accepts it. */
export async function sign(page: Page) {
  const pad = page.getByRole("img", { name: /Signature pad/ }).or(page.locator("canvas[aria-label^='Signature pad']"));
  // The mouse draws at viewport coordinates: bring the whole pad into view first.
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.6 + 0.25 * Math.sin(i)), { steps: 2 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Accept signature" }).click();
  await expect(page.getByRole("img", { name: "Customer's signature" })).toBeVisible();
}

/** Takes the photos still missing from the checklist from files (each uploads at once). */
export async function photosFromFiles(page: Page, slots: string[]) {
  for (const [i, slot] of slots.entries()) {
    await page.getByLabel(`${slot} photo file`).setInputFiles(i % 2 ? "e2e/fixtures/car-side.jpg" : "e2e/fixtures/car-front.jpg");
    await expect(page.getByRole("img", { name: slot, exact: true })).toBeVisible({ timeout: 30_000 });
  }
}
