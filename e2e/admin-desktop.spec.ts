/**
 * The admin back office on a desktop browser (SPEC 2, 4, 5, 8; issue 5): the way in (sign-in and
 * sign-up rules, no token or another area's token -> /admin/signin), then one admin's journey
 * through every screen against the real server: dashboard figures = the API's, a vehicle added,
 * edited and deleted, a vehicle assigned to a booking and its status changed, a customer found
 * and their driver's licence opened, service areas pasted and drawn, an API key issued, proved
 * over HTTP, revoked and proved dead, and the audit log showing it all. Screenshots of every
 * screen go to e2e/screenshots (the dashboard also at phone width).
 *
 * Admins are created through the API with the invitation code (E2E_ADMIN_SIGNUP_CODE, given to
 * the server as ADMIN_SIGNUP_CODE by playwright.config.ts): the demo seed already made an admin,
 * so sign-up without the code is closed.
 */
import { expectAccessible } from "./axe";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "./test";
import { addDays, capeTownDateTimeToUtc, capeTownToday } from "#domain/time.ts";
import { createCustomer, expectSignInRefused, expectTargetSize, expectToast, graphql, signInWithToken, snap, toast, uniqueEmail } from "./support.ts";

const ADMIN_TOKEN_KEY = "capedrive.admin.token";
const ADMIN_USER_KEY = "capedrive.admin.user";
const SIGNUP_CODE = process.env.E2E_ADMIN_SIGNUP_CODE ?? "e2e-admin-invitation-code";
const PASSWORD = "Harbour-lights-42";

let plateSeq = 0;
/** A license plate no other test uses ("E2E 3KQ9-01"). */
function uniquePlate(): string {
  return `E2E ${Date.now().toString(36).slice(-4).toUpperCase()}${Math.floor(Math.random() * 36 ** 2)
    .toString(36)
    .toUpperCase()}-${String(++plateSeq).padStart(2, "0")}`;
}

async function createAdmin(request: APIRequestContext, testInfo: TestInfo, firstName = "Nomsa") {
  const email = uniqueEmail(`admin.${firstName.toLowerCase()}`, testInfo);
  const data = await graphql<{ adminSignUp: { token: string; admin: { id: string } } }>(
    request,
    `mutation ($input: AdminSignUpInput!) { adminSignUp(input: $input) { token admin { id } } }`,
    { input: { email, password: PASSWORD, firstName, lastName: "Dlamini", signupCode: SIGNUP_CODE } },
  );
  return { email, token: data.adminSignUp.token, id: data.adminSignUp.admin.id };
}

async function createVehicle(request: APIRequestContext, token: string, input: Record<string, unknown>) {
  const data = await graphql<{ createAdminVehicle: { id: string; licensePlate: string } }>(
    request,
    `mutation ($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id licensePlate } }`,
    { input },
    token,
  );
  return data.createAdminVehicle;
}

/** Uploads a JPEG as the customer; returns its object path. */
async function uploadAsCustomer(request: APIRequestContext, token: string, purpose: string, bytes: Buffer): Promise<string> {
  const ticket = await request.post("/api/objects/upload", { data: { purpose }, headers: { authorization: `Bearer ${token}` } });
  expect(ticket.status()).toBe(200);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  const put = await request.put(uploadURL, { data: bytes, headers: { "content-type": "image/jpeg" } });
  expect(put.status()).toBe(200);
  return objectPath;
}

/** A small JPEG of a car-ish shape, for the vehicle photo upload. */
async function carPhoto(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" fill="#cfe3ee"/><rect y="290" width="640" height="110" fill="#8a8f96"/>
    <path d="M90 270 L150 190 Q170 165 210 165 L420 165 Q455 165 480 195 L540 250 Q575 255 575 285 L575 300 L70 300 L70 285 Q70 270 90 270Z" fill="#c2410c"/>
    <path d="M175 200 L210 178 L300 178 L300 235 L160 235Z M320 178 L420 178 Q440 178 458 198 L490 235 L320 235Z" fill="#e7f1f7"/>
    <circle cx="170" cy="300" r="42" fill="#1f2833"/><circle cx="170" cy="300" r="18" fill="#bcc7d3"/>
    <circle cx="470" cy="300" r="42" fill="#1f2833"/><circle cx="470" cy="300" r="18" fill="#bcc7d3"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Whether two boxes on screen share any area. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function statValue(page: Page, label: string) {
  return page.getByRole("region", { name: label }).locator("[data-stat-value]");
}

test.describe("admin back office", () => {
  test("the way in: sign-in and sign-up rules, and no admin screen without an admin session", async ({ page, request }, testInfo) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));

    // No token: every admin screen goes to the sign-in form.
    for (const path of ["/admin/dashboard", "/admin/vehicles", "/admin/api-keys", "/admin"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/signin$/);
      await expect(page.getByRole("heading", { level: 1, name: "Admin sign in" })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
    await expectAccessible(page, "admin-signin");
    await snap(page, testInfo, "admin-signin");

    // The form's own rules, then a wrong password.
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await page.getByLabel("Email").fill("nobody@capedrive.example");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Sign in failed", "Invalid credentials. Please try again.");
    await expectSignInRefused(page, "Invalid credentials. Please try again.", ["Email", "Password"]);
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await expectAccessible(page, "admin-signin-failed");
    await snap(page, testInfo, "admin-signin-failed");

    // Sign-up: its rules, and closed without the invitation code once an admin exists.
    await page.getByRole("link", { name: "Create one" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create an admin account" })).toBeVisible();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("First name").fill("Sipho");
    await page.getByLabel("Last name").fill("Mokoena");
    const sipho = uniqueEmail("sipho", testInfo);
    await page.getByLabel("Email").fill(sipho);
    await page.getByLabel("Password").fill("long-enough-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Sign up failed", "Admin sign-up is closed. Ask an administrator for an invitation code.");
    await expect(page).toHaveURL(/\/admin\/signup$/);
    await snap(page, testInfo, "admin-signup-closed");
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/admin/signin");

    // With the code the account is made and signed in.
    await page.getByLabel("Invitation code").fill(SIGNUP_CODE);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Account created!");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY)).toBeTruthy();
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), ADMIN_USER_KEY)) ?? "{}")).toMatchObject({
      firstName: "Sipho",
      lastName: "Mokoena",
      role: "admin",
    });
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectToast(page, "Signed out");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    expect(await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [ADMIN_TOKEN_KEY, ADMIN_USER_KEY])).toEqual([null, null]);

    // A customer's session does not open the back office, in its own key or in the admin's.
    const customerToken = await createCustomer(request, { name: "Lerato Khumalo", email: uniqueEmail("lerato", testInfo), password: "secret123" });
    await signInWithToken(page, customerToken);
    await page.goto("/admin/bookings");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [ADMIN_TOKEN_KEY, customerToken]);
    await page.goto("/admin/customers");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin sign in" })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY)).toBeNull();
    // ...and the customer is still signed in on their side.
    expect(await page.evaluate(() => localStorage.getItem("capedrive.token"))).toBe(customerToken);

    // A dead admin token (signed out on the server) is dropped on load.
    const dead = (
      await graphql<{ adminSignIn: { token: string } }>(request, `mutation ($input: AdminSignInInput!) { adminSignIn(input: $input) { token } }`, {
        input: { email: sipho, password: "long-enough-password" },
      })
    ).adminSignIn.token;
    await graphql(request, "mutation { adminSignOut }", {}, dead);
    await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [ADMIN_TOKEN_KEY, dead]);
    await page.goto("/admin/vehicles");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY)).toBeNull();
    expect(problems).toEqual([]);
  });

  test.describe("with a failing server", () => {
    // This journey makes the server's answer a 500 on purpose; the browser logs that as an error.
    test.use({ allowedConsoleErrors: [/status of 500 \(Internal Server Error\)/] });
    test("load errors say so (SPEC 8), and a session that dies after load signs the admin out", async ({ page, request }, testInfo) => {
      const admin = await createAdmin(request, testInfo, "Zodwa");
      await page.addInitScript(
        ([key, userKey, token, user]) => {
          if (!window.sessionStorage.getItem("seeded")) {
            window.localStorage.setItem(key!, token!);
            window.localStorage.setItem(userKey!, user!);
            window.sessionStorage.setItem("seeded", "1");
          }
        },
        [ADMIN_TOKEN_KEY, ADMIN_USER_KEY, admin.token, JSON.stringify({ email: admin.email, firstName: "Zodwa", lastName: "Dlamini", role: "admin" })],
      );
      // The server answers these screens' lists with a failure.
      const failing = new Map<string, () => { status: number; body: unknown }>([
        ["AdminDashboard", () => ({ status: 500, body: { message: "Internal Server Error" } })],
        [
          "AdminVehicles",
          () => ({
            status: 200,
            body: { errors: [{ message: "Database is busy. Please try again.", extensions: { code: "SERVICE_UNAVAILABLE" } }], data: null },
          }),
        ],
        [
          "AdminBookings",
          () => ({
            status: 200,
            body: { errors: [{ message: "Database is busy. Please try again.", extensions: { code: "SERVICE_UNAVAILABLE" } }], data: null },
          }),
        ],
      ]);
      await page.route("**/graphql", async (route) => {
        const name = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName ?? "";
        const fail = failing.get(name);
        if (!fail) return route.continue();
        const { status, body } = fail();
        return route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
      });

      await page.goto("/admin/dashboard");
      await expectToast(page, "Error loading dashboard", "HTTP 500: Internal Server Error");
      await expect(page.getByRole("main").getByRole("alert")).toContainText("Error loading dashboard");
      await snap(page, testInfo, "admin-dashboard-error");
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Vehicles" }).click();
      await expectToast(page, "Error loading vehicles", "Database is busy. Please try again.");
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Bookings" }).click();
      await expectToast(page, "Error loading bookings", "Database is busy. Please try again.");
      // Retrying once the server is back shows the list.
      failing.delete("AdminBookings");
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("list", { name: "Bookings" }).or(page.getByText("No bookings yet"))).toBeVisible();

      // The session ends on the server while the admin is working: the next load signs them out.
      failing.set("AuditLog", () => ({
        status: 200,
        body: { errors: [{ message: "Your session has expired. Please sign in again.", extensions: { code: "UNAUTHENTICATED" } }], data: null },
      }));
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit Log" }).click();
      await expect(page).toHaveURL(/\/admin\/signin$/);
      expect(await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [ADMIN_TOKEN_KEY, ADMIN_USER_KEY])).toEqual([null, null]);
      failing.delete("AuditLog");
      failing.set("ApiKeys", () => ({ status: 200, body: { errors: [{ message: "Unauthorized" }], data: null } }));
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/admin\/audit-log$/); // back where the admin was
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "API Keys" }).click();
      await expect(page).toHaveURL(/\/admin\/signin$/);
    });
  });

  test("an admin's journey through every screen", async ({ page, request, context, baseURL }, testInfo) => {
    test.setTimeout(480_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));

    // ---- data, through the API --------------------------------------------------------------
    const admin = await createAdmin(request, testInfo);

    const plateA = uniquePlate();
    const plateB = uniquePlate();
    const vehicleA = await createVehicle(request, admin.token, {
      make: "Kia",
      model: "Sorento",
      year: 2024,
      category: "large",
      transmission: "automatic",
      pricePerDay: 850,
      licensePlate: plateA,
      features: ["7 seats"],
    });
    const vehicleB = await createVehicle(request, admin.token, {
      make: "Toyota",
      model: "Fortuner",
      year: 2025,
      category: "large",
      transmission: "automatic",
      pricePerDay: 850,
      licensePlate: plateB,
      features: ["4x4", "7 seats"],
    });

    // A stamp of letters only: the customer search below also matches a term's digits (three or
    // more) against phone numbers, so "mx0drm72" found the demo's Sipho Dlamini (072 555 0104) too.
    const customerName = `Ayanda Zulu ${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
    const customerToken = await createCustomer(request, {
      name: customerName,
      email: uniqueEmail("ayanda", testInfo),
      password: "secret123",
      phone: "082 555 0199",
    });
    const licencePath = await uploadAsCustomer(request, customerToken, "drivers_license", readFileSync("e2e/fixtures/drivers-licence.jpg"));
    await graphql(
      request,
      `mutation ($input: CompleteProfileInput!) { completeProfile(input: $input) { id } }`,
      {
        input: {
          dateOfBirth: "1991-09-03",
          address: "22 Loop Street, Cape Town City Centre",
          city: "Cape Town",
          postalCode: "8001",
          nationality: "South African",
          idType: "south_african_id",
          idNumber: "9109035009088",
          driversLicenseNumber: "CT77889900",
          driversLicenseExpiryDate: "2030-11-30",
          driversLicenseImage: licencePath,
        },
      },
      customerToken,
    );
    const pickupDay = addDays(capeTownToday(), 40 + Math.floor(Math.random() * 30));
    const booking = (
      await graphql<{ createBooking: { id: string; bookingNumber: string } }>(
        request,
        `mutation ($input: CreateBookingInput!) { createBooking(input: $input) { id bookingNumber } }`,
        {
          input: {
            category: "large",
            transmission: "automatic",
            vehicleId: vehicleA.id,
            pickupDate: capeTownDateTimeToUtc(pickupDay, "10:00").toISOString(),
            returnDate: capeTownDateTimeToUtc(addDays(pickupDay, 3), "10:00").toISOString(),
            deliveryLocation: "22 Loop Street, Cape Town",
            deliveryCoordinates: "-33.9210,18.4180",
            returnLocation: "Cape Town International Airport",
            returnCoordinates: "-33.9715,18.6021",
          },
        },
        customerToken,
      )
    ).createBooking;
    const number = booking.id.slice(-8);

    // ---- sign in --------------------------------------------------------------------------
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Welcome back!");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // ---- dashboard: the API's figures --------------------------------------------------------
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const recent = page.getByRole("table", { name: "Recent bookings" });
    // Other journeys may book at the same moment: read the API and the screen until they agree.
    await expect(async () => {
      await page.reload();
      const api = (
        await graphql<{
          adminDashboard: {
            totalVehicles: number;
            availableVehicles: number;
            activeBookings: number;
            totalBookings: number;
            fleetUtilization: number;
            recentBookings: { id: string }[];
          };
        }>(
          request,
          "{ adminDashboard { totalVehicles availableVehicles activeBookings totalBookings fleetUtilization recentBookings { id } } }",
          {},
          admin.token,
        )
      ).adminDashboard;
      await expect(statValue(page, "Total Vehicles")).toHaveText(String(api.totalVehicles), { timeout: 2000 });
      await expect(page.getByRole("region", { name: "Total Vehicles" })).toContainText(`${api.availableVehicles} available`, { timeout: 500 });
      await expect(statValue(page, "Active Bookings")).toHaveText(String(api.activeBookings), { timeout: 500 });
      await expect(statValue(page, "Total Bookings")).toHaveText(String(api.totalBookings), { timeout: 500 });
      await expect(statValue(page, "Fleet Utilization")).toHaveText(`${api.fleetUtilization}%`, { timeout: 500 });
      expect(api.fleetUtilization).toBe(Math.round((api.activeBookings / api.totalVehicles) * 100));
      expect(api.recentBookings.length).toBe(Math.min(5, api.totalBookings));
      await expect(recent.locator("tbody tr")).toHaveCount(api.recentBookings.length, { timeout: 500 });
      expect(await recent.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-booking-id")))).toEqual(
        api.recentBookings.map((b) => b.id),
      );
    }).toPass({ timeout: 60_000 });
    for (const name of ["Manage Vehicles", "View Bookings", "Service Areas", "Customers", "API Keys", "Audit Log"]) {
      await expect(
        page
          .getByRole("main")
          .getByRole("link", { name: new RegExp(`^${name}`) })
          .last(),
      ).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/admin/bookings");
    // A small link used as a button: 40 px high to click (36 is the back office's least for what is clicked often).
    await expectTargetSize(page.getByRole("link", { name: "View All" }), 36);
    await expectAccessible(page, "admin-dashboard");
    await snap(page, testInfo, "admin-dashboard");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(statValue(page, "Total Vehicles")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "e2e/screenshots/phone-admin-dashboard.png", fullPage: true, animations: "disabled", caret: "hide" });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A recent booking's row opens it on the Bookings screen, found by its number (its link, or a click anywhere on the row).
    const firstRecent = recent.locator("tbody tr").first();
    const recentId = (await firstRecent.getAttribute("data-booking-id"))!;
    const recentNumber = recentId.slice(-8);
    await expect(firstRecent.getByRole("link", { name: `Booking #${recentNumber}` })).toHaveAttribute("href", `/admin/bookings?q=${recentNumber}`);
    await firstRecent.click(); // the middle of the row, not its link's text
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?q=${recentNumber}$`));
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(recentNumber);
    await expect(page.locator(`[data-booking-id="${recentId}"]`)).toBeVisible();
    await expect(page.getByText(`1 booking matches “${recentNumber}”`)).toBeVisible();

    // ---- vehicles: add (with every rule), edit, delete -------------------------------------
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Vehicles" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Vehicles" }).getByRole("listitem").first()).toBeVisible();
    await expectAccessible(page, "admin-vehicles");
    await snap(page, testInfo, "admin-vehicles");

    await page.getByRole("button", { name: "Add Vehicle" }).first().click();
    const form = page.getByRole("dialog", { name: "Add Vehicle" });
    await expect(form).toBeVisible();
    // Defaults: medium, manual, this year, available.
    await expect(form.getByLabel("Category")).toHaveValue("medium");
    await expect(form.getByLabel("Transmission")).toHaveValue("manual");
    await expect(form.getByLabel("Year")).toHaveValue(capeTownToday().slice(0, 4));
    await expect(form.getByLabel("Status")).toHaveValue("available");
    // Customers pay the category's rate (SPEC 9), whatever the car's own price: the hint says which.
    await expect(form.getByLabel("Price per day (R)")).toHaveAccessibleDescription("Customers are charged the Medium rate, R650/day.");
    await form.getByLabel("Category").selectOption("large");
    await expect(form.getByLabel("Price per day (R)")).toHaveAccessibleDescription("Customers are charged the Large rate, R850/day.");
    await form.getByRole("button", { name: "Add Vehicle" }).click();
    for (const message of ["Make is required", "Model is required", "License plate is required", "Price must be greater than 0"]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByLabel("Year").fill("1899");
    await form.getByLabel("Image URL").fill("not a url");
    await form.getByRole("button", { name: "Add Vehicle" }).click();
    await expect(form.getByText("Year must be 1900 or later")).toBeVisible();
    await expect(form.getByText("Please enter a valid URL")).toBeVisible();
    await expectAccessible(page, "admin-vehicle-form-errors");
    await snap(page, testInfo, "admin-vehicle-form-errors", { fullPage: false });

    const plateX = uniquePlate();
    await form.getByLabel("Make").fill("Volkswagen");
    await form.getByLabel("Model").fill("Polo Vivo");
    await form.getByLabel("Year").fill("2024");
    await form.getByLabel("License plate").fill(plateX.toLowerCase());
    await form.getByLabel("Category").selectOption("small");
    // (The field's error, from the empty submit above, follows the hint.)
    await expect(form.getByLabel("Price per day (R)")).toHaveAccessibleDescription(/^Customers are charged the Small rate, R450\/day\. /);
    await form.getByLabel("Price per day (R)").fill("480");
    await form.getByLabel("Image URL").fill("");
    const features = form.getByRole("textbox", { name: "Features", exact: true });
    const featureTags = form.getByRole("list", { name: "Features added" }).getByRole("listitem");
    await features.fill("Bluetooth, Air conditioning, USB charging, Cruise control,");
    await expect(featureTags).toHaveCount(4);
    await expect(features).toHaveValue(""); // the list left the box
    await features.pressSequentially("Sunroof");
    await features.press("Enter");
    await expect(featureTags).toHaveCount(5);
    await expect(featureTags.last()).toHaveText("Sunroof");
    await expect(features).toHaveValue("");
    // Backspace in the empty box picks the last tag, and a second Backspace removes it.
    await features.press("Backspace");
    await expect(featureTags).toHaveCount(5);
    await features.press("Backspace");
    await expect(featureTags).toHaveCount(4);
    await expect(featureTags.last()).toHaveText("Cruise control");
    // A tag's remove button stays small on screen but is 28 px to click (WCAG 2.5.8: 24 at least); the dialog's close button 44.
    await expectTargetSize(featureTags.getByRole("button", { name: /^Remove / }), 24);
    await expectTargetSize(form.getByRole("button", { name: "Close", exact: true }), 40);
    await form.getByLabel("Upload vehicle photo").setInputFiles({ name: "polo.jpg", mimeType: "image/jpeg", buffer: await carPhoto() });
    await expectToast(page, "Upload successful!");
    await expect(form.getByLabel("Image URL")).toHaveValue(/^\/objects\/uploads\//);
    // A toast over an open dialog leaves its close button, Cancel and Add Vehicle clear: at a desk, toasts sit bottom left.
    const toastBox = (await toast(page).boundingBox())!;
    for (const button of [
      form.getByRole("button", { name: "Close", exact: true }),
      form.getByRole("button", { name: "Cancel" }),
      form.getByRole("button", { name: "Add Vehicle" }),
    ]) {
      expect(overlaps(toastBox, (await button.boundingBox())!)).toBe(false);
    }
    expect(toastBox.x).toBeLessThan(16);
    expect(page.viewportSize()!.height - (toastBox.y + toastBox.height)).toBeLessThan(16);
    await expectAccessible(page, "admin-vehicle-form");
    await snap(page, testInfo, "admin-vehicle-form", { fullPage: false });
    await form.getByRole("button", { name: "Add Vehicle" }).click();
    await expectToast(page, "Vehicle added");
    await expect(form).toHaveCount(0);

    // The toast after a save leaves the header's section links clear (at the top it covered Drivers to Service Areas for 5 s).
    const savedToast = (await toast(page).boundingBox())!;
    const sectionLinks = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
    for (const box of await sectionLinks.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(overlaps(savedToast, box)).toBe(false);
    }
    // On a phone the toast keeps its place at the top (the one on show moves there), and comes back at a desk.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await toast(page).boundingBox())?.y).toBeLessThan(24);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await toast(page).boundingBox())?.y).toBeGreaterThan(600);

    await page.getByLabel("Search").fill(plateX);
    const cardX = page.getByRole("listitem", { name: "Volkswagen Polo Vivo 2024" });
    await expect(cardX).toHaveCount(1);
    await expect(page.getByText("1 vehicle matches", { exact: true })).toBeVisible();
    await expect(cardX).toContainText(plateX); // upper-cased by the form's rule
    await expect(cardX).toContainText("R480/day");
    await expect(cardX).toContainText("Small · Manual");
    await expect(cardX).toContainText("Available");
    await expect(cardX.getByRole("list", { name: "Features" })).toContainText("+1 more");
    await expect(cardX.getByRole("img", { name: "Volkswagen Polo Vivo" })).toHaveAttribute("src", /^\/objects\/uploads\//);
    await expect(cardX.getByRole("img", { name: "Volkswagen Polo Vivo" })).toHaveJSProperty("complete", true);

    await cardX.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Volkswagen Polo Vivo" });
    await expect(edit.getByLabel("Price per day (R)")).toHaveValue("480");
    await edit.getByLabel("Price per day (R)").fill("0");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByText("Price must be greater than 0")).toBeVisible();
    await edit.getByLabel("Price per day (R)").fill("495");
    await edit.getByLabel("Status").selectOption("maintenance");
    await edit.getByRole("button", { name: "Remove Cruise control" }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Vehicle updated");
    await expect(cardX).toContainText("R495/day");
    await expect(cardX).toContainText("Maintenance");
    await expect(cardX.getByRole("list", { name: "Features" })).not.toContainText("+1 more");
    await expect(cardX.locator("[data-rented-without-trip]")).toHaveCount(0);
    // Marked rented by hand, with no trip of ours on the road: the card says customers can't book it.
    await cardX.getByRole("button", { name: /^Edit/ }).click();
    await edit.getByLabel("Status").selectOption("rented");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Vehicle updated");
    await expect(cardX.locator("[data-rented-without-trip]")).toHaveText(
      "Marked rented with no trip in progress, so customers can't book it. Set it to Available when it's back.",
    );

    await cardX.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete vehicle" });
    await expect(confirm).toContainText("Are you sure you want to delete this vehicle?");
    await snap(page, testInfo, "admin-vehicle-delete", { fullPage: false });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Vehicle deleted");
    await expect(cardX).toHaveCount(0);
    await expect(page.getByText("No vehicles match these filters")).toBeVisible();

    // ---- bookings: assign a vehicle, change the status -------------------------------------
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Bookings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    const card = page.locator(`[data-booking-id="${booking.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading", { name: `Booking #${number}` })).toBeVisible();
    await expect(card).toContainText(customerName);
    await expect(card).toContainText("082 555 0199");
    await expect(card).toContainText("Large · Automatic");
    await expect(card).toContainText("22 Loop Street, Cape Town");
    await expect(card).toContainText("Cape Town International Airport");
    await expect(card).toContainText("10:00 AM");
    await expect(card.locator("[data-assigned-vehicle]")).toContainText(plateA);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, "admin-bookings");
    await snap(page, testInfo, "admin-bookings");
    // The card's row actions and status select are at least 36 px; its email, phone, map and dispatch links at least 24 (WCAG 2.5.8).
    await expectTargetSize(card.getByRole("button").or(card.getByRole("combobox")), 36);
    await expectTargetSize(card.getByRole("link"), 24);

    // Its car sent to the workshop: the card says another is needed; assigning one clears it.
    await expect(card.locator("[data-car-unfit]")).toHaveCount(0);
    await graphql(request, `mutation ($id: ID!) { updateAdminVehicle(id: $id, input: { status: maintenance }) { status } }`, { id: vehicleA.id }, admin.token);
    await page.reload();
    await expect(card.locator("[data-car-unfit]")).toHaveText("This car is in maintenance: assign another before the pickup.");
    await card.getByRole("button", { name: "Change Vehicle" }).click();
    const assign = page.getByRole("dialog", { name: `Assign a vehicle to booking #${number}` });
    const select = assign.getByLabel("Vehicle");
    await expect(select.locator("option", { hasText: plateB })).toHaveCount(1);
    // Only free vehicles of the booking's kind: never the one it already has.
    await expect(select.locator("option", { hasText: plateA })).toHaveCount(0);
    await select.selectOption({ label: (await select.locator("option", { hasText: plateB }).textContent())! });
    await expectAccessible(page, "admin-assign-vehicle");
    await snap(page, testInfo, "admin-assign-vehicle", { fullPage: false });
    await assign.getByRole("button", { name: "Assign Vehicle" }).click();
    await expectToast(page, "Vehicle assigned");
    await expect(card.locator("[data-assigned-vehicle]")).toContainText(plateB);
    await expect(card.locator("[data-car-unfit]")).toHaveCount(0);

    // Walking the status select with the keyboard only proposes a status; Escape puts it back, and nothing is saved.
    const statusSelect = card.getByLabel(`Status of booking #${number}`);
    await statusSelect.focus();
    await page.keyboard.press("ArrowDown");
    await expect(statusSelect).toHaveValue("in_progress");
    await expect(card.getByRole("button", { name: "Save status" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(statusSelect).toHaveValue("confirmed");
    await expect(card.getByRole("button", { name: "Save status" })).toHaveCount(0);
    expect(
      (
        await graphql<{ adminBookings: { items: { id: string; status: string }[] } }>(
          request,
          "{ adminBookings(limit: 100) { items { id status } } }",
          {},
          admin.token,
        )
      ).adminBookings.items.find((b) => b.id === booking.id)?.status,
    ).toBe("confirmed");
    await statusSelect.selectOption("in_progress");
    await card.getByRole("button", { name: "Save status" }).click();
    await expectToast(page, "Status updated");
    await expect(card.getByText("In Progress", { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.locator(`[data-booking-id="${booking.id}"]`).getByLabel(`Status of booking #${number}`)).toHaveValue("in_progress");
    // The card's history names the status change and who made it.
    await page.locator(`[data-booking-id="${booking.id}"]`).getByRole("button", { name: "History (1 change)" }).click();
    const statusEntry = page.locator(`[data-booking-id="${booking.id}"]`).getByRole("list", { name: "Change history" }).locator("[data-change-id]");
    await expect(statusEntry).toHaveCount(1);
    await expect(statusEntry).toContainText("Marked In Progress");
    await expect(statusEntry).toContainText("Staff");
    await expect(statusEntry).toContainText("Status: Confirmed → In Progress");
    // Its car went on the road with it.
    await expect(statusEntry).toContainText("car Available → Rented");
    // The status shown is in the address: a reload keeps it.
    await page.getByLabel("Show").selectOption("in_progress");
    await expect(page).toHaveURL(/\/admin\/bookings\?status=in_progress$/);
    await page.reload();
    await expect(page.getByLabel("Show")).toHaveValue("in_progress");
    await expect(page.locator(`[data-booking-id="${booking.id}"]`)).toBeVisible();
    const statusesShown = await page.getByLabel(/^Status of booking #/).evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value));
    expect(new Set(statusesShown)).toEqual(new Set(["in_progress"]));

    // Found by the number the customer reads out (their 6 characters, with #), within the status shown; the address keeps the search.
    const spokenNumber = booking.id.slice(-6).toUpperCase();
    await page.getByRole("searchbox", { name: "Search" }).fill(`#${spokenNumber}`);
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?status=in_progress&q=%23${spokenNumber}$`));
    await expect(page.getByText(`1 booking matches “#${spokenNumber}”`)).toBeVisible();
    await expect(page.locator("[data-booking-id]")).toHaveCount(1);
    await expect(page.locator(`[data-booking-id="${booking.id}"]`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`#${spokenNumber}`);
    await expect(page.locator("[data-booking-id]")).toHaveCount(1);
    // By the customer's surname too; nothing found says so and clears in one click.
    await page.getByRole("searchbox", { name: "Search" }).fill(customerName.split(" ").pop()!);
    await expect(page.locator(`[data-booking-id="${booking.id}"]`)).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill("nobody by this name");
    await expect(page.getByText("No in progress bookings match “nobody by this name”")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await expect(page.getByLabel("Show")).toHaveValue("");

    // The assigned vehicle cannot be deleted while the booking is ahead: the server says so.
    await page.goto("/admin/vehicles");
    await page.getByLabel("Search").fill(plateB);
    const cardB = page.getByRole("listitem", { name: "Toyota Fortuner 2025" });
    await expect(cardB).toHaveCount(1);
    await cardB.getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("alertdialog", { name: "Delete vehicle" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Error deleting vehicle", "This vehicle has upcoming bookings. Set it to out of service instead.");
    await expect(cardB).toHaveCount(1);
    // Out on the trip, the card says so.
    await expect(cardB).toContainText("Rented");
    // Nor can it become another kind of car under the booking: the server names the booking, the form keeps what was chosen.
    await cardB.getByRole("button", { name: /^Edit/ }).click();
    const editB = page.getByRole("dialog", { name: "Edit Toyota Fortuner" });
    await editB.getByLabel("Category").selectOption("medium");
    await editB.getByRole("button", { name: "Save Changes" }).click();
    const kindLocked = `This car is assigned to an open booking (#${number}) made for its current category and transmission. Assign it another car before changing its category or transmission.`;
    await expectToast(page, "Error updating vehicle", kindLocked);
    await expect(editB.getByText(kindLocked)).toBeVisible();
    await expect(editB.getByLabel("Category")).toHaveValue("medium");
    // Cancel asks before throwing the refused change away; Discard leaves the car as it was.
    await editB.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard changes?" }).getByRole("button", { name: "Discard" }).click();
    await expect(editB).toHaveCount(0);
    await expect(cardB).toContainText("Large · Automatic");

    // ---- customers: search, details, documents ----------------------------------------------
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    const stats = (
      await graphql<{ customerStats: { total: number; completedProfiles: number; newThisMonth: number } }>(
        request,
        "{ customerStats { total completedProfiles newThisMonth } }",
        {},
        admin.token,
      )
    ).customerStats;
    await expect(statValue(page, "Total customers")).not.toHaveText("0");
    expect(Number(await statValue(page, "Total customers").textContent())).toBeLessThanOrEqual(stats.total);
    await page.getByRole("searchbox", { name: "Search customers" }).fill(customerName.split(" ").pop()!);
    const rows = page.getByRole("table", { name: "Customers" }).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(page.getByText(`1 customer matches “${customerName.split(" ").pop()!}”`)).toBeVisible();
    await expect(rows.first()).toContainText(customerName);
    await expect(rows.first()).toContainText("082 555 0199");
    await expect(rows.first()).toContainText("Cape Town");
    await expect(rows.first()).toContainText("Complete");
    await expectAccessible(page, "admin-customers");
    await snap(page, testInfo, "admin-customers");
    await rows
      .first()
      .getByRole("button", { name: `View ${customerName}` })
      .click();
    const detail = page.getByRole("dialog", { name: customerName });
    await expect(detail).toContainText("22 Loop Street, Cape Town City Centre");
    await expect(detail).toContainText("9109035009088");
    await expect(detail).toContainText("CT77889900");
    const licence = detail.getByRole("img", { name: "Driver's licence" });
    await expect(licence).toHaveAttribute("src", /^blob:/);
    await expect(licence).toHaveJSProperty("naturalWidth", 480);
    await expect(detail.getByRole("figure").filter({ hasText: "Profile picture" })).toContainText("Not provided");
    await expectAccessible(page, "admin-customer-detail");
    await snap(page, testInfo, "admin-customer-detail", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);
    // The licence is private: without the admin's token the server does not hand it out.
    expect((await request.get(licencePath)).status()).toBe(404);

    // ---- service areas: paste one, draw one ---------------------------------------------------
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Service Areas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Service Areas" })).toBeVisible();
    const areaTable = page.getByRole("table", { name: "Service areas" });
    await expect(areaTable.locator("tbody tr").first()).toBeVisible();
    const pastedName = `Sea Point pasted ${Date.now().toString(36)}`;
    const drawnName = `Durbanville drawn ${Date.now().toString(36)}`;

    await page.getByRole("button", { name: "New Service Area" }).first().click();
    let editor = page.getByRole("dialog", { name: "New service area" });
    await editor.getByLabel("Name").fill(pastedName);
    await editor.getByRole("tab", { name: "Paste GeoJSON" }).click();
    const open = {
      type: "Polygon",
      coordinates: [
        [
          [18.37, -33.91],
          [18.4, -33.91],
          [18.4, -33.94],
          [18.37, -33.94],
        ],
      ],
    };
    await editor.getByLabel("GeoJSON").fill(JSON.stringify(open));
    await expect(editor.locator("[data-geojson-error]")).toHaveText("The outer ring must be closed: its last point must equal its first");
    await editor.getByRole("button", { name: "Create Service Area" }).click();
    await expect(editor.locator("[data-polygon-error]")).toHaveText("The outer ring must be closed: its last point must equal its first");
    const closedRing = { type: "Feature", properties: {}, geometry: { ...open, coordinates: [[...open.coordinates[0]!, [18.37, -33.91]]] } };
    await editor.getByLabel("GeoJSON").fill(JSON.stringify(closedRing, null, 2));
    await expect(editor.getByText("Valid polygon: 4 points.")).toBeVisible();
    await snap(page, testInfo, "admin-service-area-paste", { fullPage: false });
    await editor.getByRole("button", { name: "Create Service Area" }).click();
    await expectToast(page, "Service area created", pastedName);
    const pastedRow = areaTable.locator("tbody tr", { hasText: pastedName });
    await expect(pastedRow.locator("td[data-label=Vertices]")).toHaveText("4");
    await expect(pastedRow.getByRole("switch", { name: `${pastedName} active` })).toHaveAttribute("aria-checked", "true");

    // Edit it: the stored polygon comes back on the map and as GeoJSON; drop a corner.
    await pastedRow.getByRole("button", { name: `Edit ${pastedName}` }).click();
    editor = page.getByRole("dialog", { name: `Edit ${pastedName}` });
    await expect(editor.getByText("Coordinates (4 points, closed)")).toBeVisible();
    await editor.getByRole("tab", { name: "Paste GeoJSON" }).click();
    await expect(editor.getByLabel("GeoJSON")).toHaveValue(/18\.37/);
    await editor.getByRole("tab", { name: "Draw on map" }).click();
    await editor.getByRole("button", { name: "Undo" }).click(); // opens the ring
    await editor.getByRole("button", { name: "Undo" }).click(); // takes the last corner away
    await editor.getByRole("button", { name: "Close Polygon" }).click();
    await expect(editor.getByText("Coordinates (3 points, closed)")).toBeVisible();
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Service area updated", pastedName);
    await expect(pastedRow.locator("td[data-label=Vertices]")).toHaveText("3");

    await page.getByRole("button", { name: "New Service Area" }).first().click();
    editor = page.getByRole("dialog", { name: "New service area" });
    await editor.getByLabel("Name").fill(drawnName);
    const map = editor.locator("[data-map] svg");
    const box = (await map.boundingBox())!;
    // A quadrilateral in the middle of the map, clicked point by point.
    for (const [fx, fy] of [
      [0.45, 0.3],
      [0.6, 0.32],
      [0.58, 0.45],
      [0.44, 0.43],
    ] as const) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    }
    const vertexList = editor.locator("[data-vertex-list] li");
    await expect(vertexList).toHaveCount(4);
    await editor.getByRole("button", { name: "Undo" }).click();
    await expect(vertexList).toHaveCount(3);
    await page.mouse.click(box.x + box.width * 0.44, box.y + box.height * 0.43);
    await expect(vertexList).toHaveCount(4);
    await editor.getByRole("button", { name: "Create Service Area" }).click();
    await expect(editor.locator("[data-polygon-error]")).toHaveText("Close the polygon first: click its first point or Close Polygon");
    await editor.getByRole("button", { name: "Close Polygon" }).click();
    await expect(editor.getByText("Coordinates (4 points, closed)")).toBeVisible();
    await expect(vertexList.first()).toHaveText(/^1\.-3\d\.\d{5}, 1[89]\.\d{5}$/);
    await snap(page, testInfo, "admin-service-area-draw", { fullPage: false });
    await editor.getByRole("button", { name: "Create Service Area" }).click();
    await expectToast(page, "Service area created", drawnName);
    const drawnRow = areaTable.locator("tbody tr", { hasText: drawnName });
    await expect(drawnRow.locator("td[data-label=Vertices]")).toHaveText("4");
    const stored = (
      await graphql<{ serviceAreas: { name: string; polygon: { coordinates: number[][][] } }[] }>(request, "{ serviceAreas { name polygon } }", {}, admin.token)
    ).serviceAreas.find((a) => a.name === drawnName)!;
    expect(stored.polygon.coordinates[0]).toHaveLength(5);
    for (const [lon, lat] of stored.polygon.coordinates[0]!) {
      expect(lon).toBeGreaterThan(18.2);
      expect(lon).toBeLessThan(19.1);
      expect(lat).toBeGreaterThan(-34.5);
      expect(lat).toBeLessThan(-33.5);
    }

    await pastedRow.getByRole("switch", { name: `${pastedName} active` }).click();
    await expectToast(page, "Service area deactivated", pastedName);
    await expect(pastedRow.getByRole("switch", { name: `${pastedName} active` })).toHaveAttribute("aria-checked", "false");
    await expectAccessible(page, "admin-service-areas");
    await snap(page, testInfo, "admin-service-areas");
    await drawnRow.getByRole("button", { name: `Delete ${drawnName}` }).click();
    await page.getByRole("alertdialog", { name: "Delete service area" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Service area deleted", drawnName);
    await expect(drawnRow).toHaveCount(0);

    // ---- API keys: issue, prove, revoke, prove dead ----------------------------------------
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "API Keys" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "API Keys" })).toBeVisible();
    const keyName = `Fleet tracker ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Issue API Key" }).first().click();
    const issue = page.getByRole("dialog", { name: "Issue an API key" });
    await issue.getByRole("button", { name: "Issue Key" }).click();
    await expect(issue.getByText("Name is required")).toBeVisible();
    await expect(issue.getByText("Choose at least one permission")).toBeVisible();
    await issue.getByLabel("Name").fill(keyName);
    await issue.getByRole("checkbox", { name: /bookings:read/ }).check();
    await issue.getByRole("button", { name: "Issue Key" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API key" });
    await expect(shown).toContainText("you will not see it again");
    const key = await shown.locator("[data-api-key]").inputValue();
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{20,}$/);
    await shown.getByRole("button", { name: "Copy" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await snap(page, testInfo, "admin-api-key-issued", { fullPage: false });
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toHaveCount(0);
    const keyRow = page.getByRole("table", { name: "API keys" }).locator("tbody tr", { hasText: keyName });
    await expect(keyRow).toContainText(key.slice(0, 11));
    await expect(keyRow).toContainText("bookings:read");
    await expect(keyRow).toContainText("Active");
    // The key is never shown again.
    await expect(page.getByText(key)).toHaveCount(0);

    // Over HTTP, as a partner system would call: it reads bookings, and only that.
    const withKey = { headers: { "X-API-Key": key } };
    const before = await fetch(`${baseURL}/api/admin/bookings`, withKey);
    expect(before.status).toBe(200);
    expect(((await before.json()) as { id: string }[]).length).toBeGreaterThan(0);
    expect((await fetch(`${baseURL}/api/admin/vehicles`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(403);
    await page.reload();
    await expect(keyRow).not.toContainText("Never"); // lastUsed is set

    await keyRow.getByRole("button", { name: `Revoke ${keyName}` }).click();
    const revoke = page.getByRole("alertdialog", { name: "Revoke API key" });
    await expect(revoke).toContainText(keyName);
    await revoke.getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, "API key revoked");
    await expect(keyRow).toContainText("Revoked");
    await expect(keyRow.getByRole("button", { name: `Revoke ${keyName}` })).toHaveCount(0);
    const after = await fetch(`${baseURL}/api/admin/bookings`, withKey);
    expect(after.status).toBe(401);
    await expectAccessible(page, "admin-api-keys");
    await snap(page, testInfo, "admin-api-keys");

    // ---- audit log: every change above ----------------------------------------------------
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit Log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
    // Only this admin's entries matter here: the log is shared with the other journeys.
    const log = (
      await graphql<{ auditLog: { items: { action: string; actorId: string | null }[] } }>(
        request,
        "{ auditLog(limit: 100) { items { action actorId } } }",
        {},
        admin.token,
      )
    ).auditLog.items
      .filter((entry) => entry.actorId === admin.id)
      .map((entry) => entry.action);
    for (const action of [
      "api_key.revoke",
      "api_key.issue",
      "service_area.delete",
      "service_area.update",
      "service_area.create",
      "booking.status",
      "booking.assign_vehicle",
      "vehicle.delete",
      "vehicle.update",
      "vehicle.create",
    ]) {
      expect(log).toContain(action);
    }
    await page.getByLabel("Record type").selectOption("api_key");
    const revokeEntry = page.locator('[data-audit-action="api_key.revoke"]').first();
    await expect(revokeEntry).toContainText("API key revoked");
    await expect(revokeEntry).toContainText("Nomsa Dlamini");
    await page.getByLabel("Record type").selectOption("vehicle");
    // The edit made in the form above (the price among its changes), not the later one that sent the booked car to maintenance.
    const update = page
      .locator('[data-audit-action="vehicle.update"]', { hasText: "Nomsa Dlamini" })
      .filter({ has: page.locator('[data-diff-field="pricePerDay"]') })
      .first();
    await update.locator("summary").click();
    const priceRow = update.locator('[data-diff-field="pricePerDay"]');
    // Readable names and values, not the stored ones (pricePerDay, 495.00, maintenance).
    await expect(priceRow.locator("td").first()).toHaveText("Price per day");
    await expect(priceRow).toContainText("R480");
    await expect(priceRow).toContainText("R495");
    await expect(update.locator('[data-diff-field="status"]')).toContainText("Maintenance");
    await expect(update.locator('[data-diff-field="status"]')).not.toContainText("maintenance");
    await expect(update.locator('[data-diff-field="make"]')).toHaveCount(0); // unchanged
    await expectAccessible(page, "admin-audit-log");
    await snap(page, testInfo, "admin-audit-log");

    // ---- sign out -----------------------------------------------------------------------------
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectToast(page, "Signed out");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await page.goto("/admin/audit-log");
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await expect(toast(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
