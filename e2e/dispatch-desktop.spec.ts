/**
 * Delivery and collection in the back office, on a desktop browser against the real server: an
 * admin adds a driver on /admin/drivers (the server's message under the field for a taken email,
 * the generated password shown once and working, a reset that replaces it, a driver disabled),
 * then runs tomorrow on /admin/dispatch: the day's stops in time order with their counts (the
 * API's), a driver given to a delivery (the unassigned count drops), a job of a disabled driver
 * flagged and given to another, a car changed with the bookings screen's dialog, the filter by
 * driver (and "Unassigned") in the address, the map's numbered stops, an empty day. A driver then
 * does a delivery and a collection through the API: the board says Done, the booking card shows
 * the jobs and links the condition report, which shows both sides with their photos (private
 * objects, fetched with the admin's token), readings and charges. Screenshots of each screen go to
 * e2e/screenshots (the board also at phone width, 390 px).
 *
 * Tomorrow holds no demo bookings (prisma/seed/demo-data.ts); other journeys may book it at the
 * same time, so counts are compared with the API's answer, never with fixed numbers.
 */
import { expectAccessible } from "./axe";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "./test";
import { DEFAULT_TYPED_ADDRESS_COORDINATES } from "#domain/geo.ts";
import { addDays, capeTownDateTimeToUtc, capeTownToday } from "#domain/time.ts";
import { createCompletedCustomer } from "./booking-helpers.ts";
import { createAdmin, STAFF_PASSWORD } from "./handover-helpers.ts";
import { expectTargetSize, expectToast, graphql, snap, toast, uniqueEmail } from "./support.ts";

const PASSWORD = STAFF_PASSWORD;

let plateSeq = 0;
function uniquePlate(): string {
  return `DSP ${Date.now().toString(36).slice(-4).toUpperCase()}${Math.floor(Math.random() * 36 ** 2)
    .toString(36)
    .toUpperCase()}-${String(++plateSeq).padStart(2, "0")}`;
}

async function createVehicle(request: APIRequestContext, token: string, input: { make: string; model: string; category: string; transmission: string }) {
  const licensePlate = uniquePlate();
  const data = await graphql<{ createAdminVehicle: { id: string; licensePlate: string } }>(
    request,
    `mutation ($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id licensePlate } }`,
    { input: { ...input, year: 2024, pricePerDay: 650, licensePlate, features: [] } },
    token,
  );
  return data.createAdminVehicle;
}

async function book(
  request: APIRequestContext,
  token: string,
  input: { vehicleId: string; pickup: Date; returnAt: Date; deliveryLocation: string; deliveryCoordinates: string },
) {
  const data = await graphql<{ createBooking: { id: string } }>(
    request,
    `mutation ($input: CreateBookingInput!) { createBooking(input: $input) { id } }`,
    {
      input: {
        category: "medium",
        transmission: "automatic",
        vehicleId: input.vehicleId,
        pickupDate: input.pickup.toISOString(),
        returnDate: input.returnAt.toISOString(),
        deliveryLocation: input.deliveryLocation,
        deliveryCoordinates: input.deliveryCoordinates,
        returnLocation: "Cape Town International Airport",
        returnCoordinates: "-33.9715,18.6021",
      },
    },
    token,
  );
  return data.createBooking.id;
}

type Counts = { deliveries: number; collections: number; unassigned: number; done: number };

async function apiCounts(request: APIRequestContext, token: string, date: string): Promise<Counts> {
  const data = await graphql<{ dispatchDay: { counts: Counts } }>(
    request,
    `query ($date: String!) { dispatchDay(date: $date) { counts { deliveries collections unassigned done } } }`,
    { date },
    token,
  );
  return data.dispatchDay.counts;
}

function statValue(page: Page, label: string) {
  return page.getByRole("region", { name: label }).locator("[data-stat-value]");
}

/** The board's four figures equal the API's (other journeys may change the day meanwhile: read both until they agree). */
async function expectCountsMatchApi(page: Page, request: APIRequestContext, token: string, date: string) {
  await expect(async () => {
    const api = await apiCounts(request, token, date);
    await expect(statValue(page, "Deliveries")).toHaveText(String(api.deliveries), { timeout: 1000 });
    await expect(statValue(page, "Collections")).toHaveText(String(api.collections), { timeout: 500 });
    await expect(statValue(page, "Unassigned")).toHaveText(String(api.unassigned), { timeout: 500 });
    await expect(statValue(page, "Done")).toHaveText(String(api.done), { timeout: 500 });
  }).toPass({ timeout: 40_000 });
}

/** A small labelled JPEG (a stand-in for a phone's photo of the car). */
async function photo(label: string, colour: string): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="${colour}"/><rect y="250" width="480" height="110" fill="#8a8f96"/>
    <path d="M70 230 L120 160 Q135 140 170 140 L320 140 Q350 140 370 165 L420 210 Q445 215 445 240 L445 255 L50 255 L50 240 Q50 230 70 230Z" fill="#0f4c6e"/>
    <circle cx="135" cy="258" r="32" fill="#1f2833"/><circle cx="360" cy="258" r="32" fill="#1f2833"/>
    <text x="24" y="52" font-family="sans-serif" font-size="34" font-weight="700" fill="#121922">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function signature(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="#ffffff"/>
    <path d="M40 170 C 90 60, 130 60, 150 150 S 220 200, 250 110 S 330 40, 360 150 S 440 190, 470 120 L 560 130" fill="none" stroke="#121922" stroke-width="6" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function upload(request: APIRequestContext, token: string, purpose: string, bytes: Buffer): Promise<string> {
  const ticket = await request.post("/api/objects/upload", { data: { purpose }, headers: { authorization: `Bearer ${token}` } });
  expect(ticket.status()).toBe(200);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  const put = await request.put(uploadURL, { data: bytes, headers: { "content-type": "image/jpeg" } });
  expect(put.status()).toBe(200);
  return objectPath;
}

/** A driver's checklist through the API: start the job, six photos (and any damage), the signature, the readings. */
async function doHandover(
  request: APIRequestContext,
  driverToken: string,
  jobId: string,
  input: { odometerKm: number; fuelEighths: number; colour: string; damage?: string },
) {
  await graphql(request, `mutation ($id: ID!) { startHandover(id: $id) { id state } }`, { id: jobId }, driverToken);
  const photos: Record<string, string> = {};
  for (const slot of ["front", "back", "left", "right", "odometer", "fuel"])
    photos[slot] = await upload(request, driverToken, "handover_photo", await photo(slot.toUpperCase(), input.colour));
  const damage = input.damage ? [{ photo: await upload(request, driverToken, "handover_photo", await photo("SCRATCH", "#fde2d2")), note: input.damage }] : [];
  const signed = await upload(request, driverToken, "signature", await signature());
  await graphql(
    request,
    `mutation ($id: ID!, $input: HandoverChecklistInput!) { submitHandoverChecklist(id: $id, input: $input) { replayed } }`,
    {
      id: jobId,
      input: {
        idempotencyKey: `e2e-${jobId.slice(0, 8)}-${Date.now().toString(36)}`,
        photos,
        damage,
        odometerKm: input.odometerKm,
        fuelEighths: input.fuelEighths,
        licenceChecked: true,
        signature: signed,
        position: "-33.92105,18.41795",
      },
    },
    driverToken,
  );
}

test.describe("delivery and collection in the back office", () => {
  test("drivers, the dispatch board, the booking card and the condition report", async ({ page, request, context }, testInfo) => {
    test.setTimeout(480_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const today = capeTownToday();
    const tomorrow = addDays(today, 1);

    // ---- data, through the API --------------------------------------------------------------
    const admin = await createAdmin(request, testInfo);
    const carA = await createVehicle(request, admin.token, { make: "Toyota", model: "Corolla Cross", category: "medium", transmission: "automatic" });
    const carB = await createVehicle(request, admin.token, { make: "Hyundai", model: "Creta", category: "medium", transmission: "automatic" });
    const carC = await createVehicle(request, admin.token, { make: "Mazda", model: "CX-3", category: "medium", transmission: "automatic" });
    const carD = await createVehicle(request, admin.token, { make: "Suzuki", model: "Vitara", category: "medium", transmission: "automatic" });
    const stamp = Date.now().toString(36).slice(-4);
    const ayanda = await createCompletedCustomer(request, testInfo, `Ayanda Zulu ${stamp}`);
    const pieter = await createCompletedCustomer(request, testInfo, `Pieter van Wyk ${stamp}`);
    const naledi = await createCompletedCustomer(request, testInfo, `Naledi Dube ${stamp}`);
    // A: delivered tomorrow morning. B: tomorrow midday, to an address the geocoder could not place.
    // C: picked up shortly (today) and collected tomorrow afternoon.
    const bookingA = await book(request, ayanda, {
      vehicleId: carA.id,
      pickup: capeTownDateTimeToUtc(tomorrow, "09:00"),
      returnAt: capeTownDateTimeToUtc(addDays(tomorrow, 3), "09:00"),
      deliveryLocation: "22 Loop Street, Cape Town City Centre",
      deliveryCoordinates: "-33.9210,18.4180",
    });
    const bookingB = await book(request, pieter, {
      vehicleId: carB.id,
      pickup: capeTownDateTimeToUtc(tomorrow, "11:30"),
      returnAt: capeTownDateTimeToUtc(addDays(tomorrow, 2), "11:30"),
      deliveryLocation: "Unit 4, Harbour View, Hout Bay",
      deliveryCoordinates: DEFAULT_TYPED_ADDRESS_COORDINATES,
    });
    const bookingC = await book(request, naledi, {
      vehicleId: carC.id,
      pickup: new Date(Date.now() + 20 * 60_000),
      returnAt: capeTownDateTimeToUtc(tomorrow, "16:00"),
      deliveryLocation: "3 Beach Road, Sea Point",
      deliveryCoordinates: "-33.9157,18.3880",
    });
    // A driver made earlier has booking B's delivery; the admin disables them below.
    const lerato = (
      await graphql<{ adminCreateDriver: { driver: { id: string; email: string } } }>(
        request,
        `mutation ($input: CreateDriverInput!) { adminCreateDriver(input: $input) { driver { id email } } }`,
        { input: { name: `Lerato Khumalo ${stamp}`, email: uniqueEmail("lerato.driver", testInfo), phone: "083 555 0177" } },
        admin.token,
      )
    ).adminCreateDriver.driver;
    await graphql(
      request,
      `mutation ($b: ID!, $d: ID) { assignHandoverDriver(bookingId: $b, kind: delivery, driverId: $d) { id } }`,
      { b: bookingB, d: lerato.id },
      admin.token,
    );

    // ---- sign in -----------------------------------------------------------------------------
    await page.goto("/admin/signin");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole("navigation", { name: "Admin sections" });

    // ---- drivers: add (the server's message under the field), the password shown once ---------
    await nav.getByRole("link", { name: "Drivers" }).click();
    await expect(page).toHaveURL(/\/admin\/drivers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Drivers" })).toBeVisible();
    const table = page.getByRole("table", { name: "Drivers" });
    await expect(table.locator(`[data-driver-id="${lerato.id}"]`)).toBeVisible();
    // A row's email and phone links are 24 px high to click (WCAG 2.5.8) without making the row taller; its buttons 36.
    await expectTargetSize(table.locator(`[data-driver-id="${lerato.id}"]`).getByRole("link"), 24);
    await expectTargetSize(table.locator(`[data-driver-id="${lerato.id}"]`).getByRole("button"), 36);

    await page.getByRole("button", { name: "Add Driver" }).first().click();
    const form = page.getByRole("dialog", { name: "Add a driver" });
    await form.getByRole("button", { name: "Add Driver" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Please enter a valid phone number")).toBeVisible();
    const siphoName = `Sipho Mokoena ${stamp}`;
    const siphoEmail = uniqueEmail("sipho.driver", testInfo);
    await form.getByLabel("Full name").fill(siphoName);
    await form.getByLabel("Email").fill(lerato.email);
    await form.getByLabel("Phone").fill("082 555 0142");
    await form.getByLabel("Password (optional)").fill("short");
    await form.getByRole("button", { name: "Add Driver" }).click();
    await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
    await form.getByLabel("Password (optional)").fill("");
    await form.getByRole("button", { name: "Add Driver" }).click();
    // The taken email is the server's answer, shown under the field it is about.
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("A driver with this email already exists")).toBeVisible();
    await expectToast(page, "Error adding driver", "A driver with this email already exists");
    await expectAccessible(page, "admin-driver-form-errors");
    await snap(page, testInfo, "admin-driver-form-errors", { fullPage: false });
    await form.getByLabel("Email").fill(siphoEmail);
    await form.getByRole("button", { name: "Add Driver" }).click();
    const shown = page.getByRole("dialog", { name: `${siphoName} is added` });
    await expect(shown.getByText("Shown only now: copy the password before you close this.")).toBeVisible();
    const password = await shown.locator("[data-driver-password]").inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await shown.getByRole("button", { name: "Copy" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await expectAccessible(page, "admin-driver-password");
    await snap(page, testInfo, "admin-driver-password", { fullPage: false });
    // Shown once: a stray Escape does not lose it (Done or the close button does).
    await page.keyboard.press("Escape");
    await expect(shown).toBeVisible();
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();
    const siphoRow = table.getByRole("row").filter({ hasText: siphoName });
    await expect(siphoRow).toContainText("Active");
    await expect(siphoRow).toContainText("082 555 0142");

    const signIn = (pw: string) =>
      request.post("/graphql", {
        data: {
          query: `mutation ($input: DriverSignInInput!) { driverSignIn(input: $input) { token } }`,
          variables: { input: { email: siphoEmail, password: pw } },
        },
      });
    expect(((await (await signIn(password)).json()) as { data?: unknown }).data).toBeTruthy();

    // Reset: asks first, then shows the new password once; the old one stops working.
    await siphoRow.getByRole("button", { name: `Reset password of ${siphoName}` }).click();
    await page.getByRole("alertdialog", { name: "Reset password" }).getByRole("button", { name: "Reset Password" }).click();
    const reset = page.getByRole("dialog", { name: `New password for ${siphoName}` });
    await expect(reset.getByText("Shown only now: copy the password before you close this.")).toBeVisible();
    const newPassword = await reset.locator("[data-driver-password]").inputValue();
    expect(newPassword).not.toBe(password);
    await reset.getByRole("button", { name: "Done" }).click();
    await expect(reset).toBeHidden();
    expect(((await (await signIn(password)).json()) as { errors?: { message: string }[] }).errors?.[0]?.message).toBe("Invalid email or password");
    const driverToken = ((await (await signIn(newPassword)).json()) as { data: { driverSignIn: { token: string } } }).data.driverSignIn.token;

    // Disable Lerato (asks first); their job on the board keeps them, flagged.
    const leratoRow = table.locator(`[data-driver-id="${lerato.id}"]`);
    await leratoRow.getByRole("button", { name: /^Disable / }).click();
    const confirmDisable = page.getByRole("alertdialog", { name: "Disable driver" });
    await expect(confirmDisable).toContainText("signed out of the driver app at once");
    await confirmDisable.getByRole("button", { name: "Disable" }).click();
    await expectToast(page, "Driver disabled");
    await expect(leratoRow).toContainText("Disabled");
    await expect(leratoRow.getByRole("button", { name: /^Enable / })).toBeVisible();
    await expectAccessible(page, "admin-drivers");
    await snap(page, testInfo, "admin-drivers");

    // ---- the audit log has drivers as a record type of their own -------------------------------
    await nav.getByRole("link", { name: "Audit Log" }).click();
    await page.getByLabel("Record type").selectOption("driver");
    await expect(page.locator('[data-audit-action="driver.create"]', { hasText: siphoName })).toBeVisible();
    await expect(page.locator('[data-audit-action^="vehicle."]')).toHaveCount(0);

    // ---- the dispatch board: today by default, then tomorrow ---------------------------------
    await nav.getByRole("link", { name: "Dispatch" }).click();
    await expect(page).toHaveURL(/\/admin\/dispatch$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch" })).toBeVisible();
    await expect(page.getByLabel("Day", { exact: true })).toHaveValue(today);
    await expect(page.getByText("Today", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dispatch\\?date=${tomorrow}$`));
    await expect(page.getByLabel("Day", { exact: true })).toHaveValue(tomorrow);
    await expect(page.getByText("Tomorrow", { exact: true })).toBeVisible();

    const board = page.getByRole("list", { name: "Deliveries and collections" });
    const entryA = board.locator(`[data-dispatch-entry="${bookingA}:delivery"]`);
    const entryB = board.locator(`[data-dispatch-entry="${bookingB}:delivery"]`);
    const entryC = board.locator(`[data-dispatch-entry="${bookingC}:collection"]`);
    await expect(entryA).toBeVisible();
    await expect(entryA).toContainText("9:00 AM");
    await expect(entryA).toContainText("Delivery");
    await expect(entryA).toContainText("Scheduled");
    await expect(entryA).toContainText(`Ayanda Zulu ${stamp}`);
    await expect(entryA.getByRole("link", { name: "0821234567" })).toHaveAttribute("href", "tel:0821234567");
    await expect(entryA.locator("[data-dispatch-car]")).toContainText(`Toyota Corolla Cross · ${carA.licensePlate}`);
    await expect(entryA.getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=-33.9210%2C18.4180",
    );
    await expect(entryC).toContainText("4:00 PM");
    await expect(entryC).toContainText("Collection");
    // Time order: A (09:00) before B (11:30) before C (16:00).
    const order = await board.locator("[data-dispatch-entry]").evaluateAll((items) => items.map((i) => i.getAttribute("data-dispatch-entry")));
    expect(order.indexOf(`${bookingA}:delivery`)).toBeLessThan(order.indexOf(`${bookingB}:delivery`));
    expect(order.indexOf(`${bookingB}:delivery`)).toBeLessThan(order.indexOf(`${bookingC}:collection`));
    // B: the address is not confirmed (not on the map), and its driver is disabled.
    await expect(entryB.locator("[data-unverified-address]")).toContainText("Address not confirmed");
    await expect(entryB.locator("[data-disabled-driver]")).toContainText(`Lerato Khumalo ${stamp} is disabled`);
    await expect(entryB.getByLabel(/^Driver for stop/)).toHaveValue(lerato.id);
    await expect(page.locator("[data-map-hidden]")).toContainText(String(order.indexOf(`${bookingB}:delivery`) + 1));
    await expectCountsMatchApi(page, request, admin.token, tomorrow);

    // The map: one numbered marker per stop with a confirmed address, numbered as the list.
    const numberA = order.indexOf(`${bookingA}:delivery`) + 1;
    await expect(entryA.getByText(String(numberA), { exact: true })).toBeVisible();
    await expect(page.locator(`[data-dispatch-map] [data-stop="${numberA}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-dispatch-map] [data-stop="${order.indexOf(`${bookingB}:delivery`) + 1}"]`)).toHaveCount(0);
    // No place's name lies under a stop's marker (C's collection at the airport once hid the "A" of "Airport").
    const hiddenNames = await page.locator("[data-dispatch-map] svg").evaluate((svg) => {
      const markers = [...svg.querySelectorAll("[data-stop] circle")].map((circle) => {
        const box = circle.getBoundingClientRect();
        return { stop: circle.parentElement?.getAttribute("data-stop"), x: box.x + box.width / 2, y: box.y + box.height / 2, r: box.width / 2 };
      });
      return [...svg.querySelectorAll("[data-landmark]")].flatMap((label) => {
        const box = label.getBoundingClientRect();
        return markers
          .filter((m) => Math.hypot(Math.max(box.left - m.x, 0, m.x - box.right), Math.max(box.top - m.y, 0, m.y - box.bottom)) < m.r)
          .map((m) => `${label.getAttribute("data-landmark")} under stop ${m.stop}`);
      });
    });
    expect(hiddenNames).toEqual([]);
    await expect(page.locator('[data-dispatch-map] [data-landmark="Airport"]')).toBeVisible();
    await expectAccessible(page, "admin-dispatch");

    // Walking A's driver select with the keyboard (Windows fires a change per arrow) only proposes a
    // driver: nothing is saved, no toast, and the select keeps the focus. Escape puts it back.
    const before = await apiCounts(request, admin.token, tomorrow);
    const driverA = entryA.getByLabel(/^Driver for stop/);
    await expect(driverA).toHaveValue("");
    await driverA.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(driverA).not.toHaveValue("");
    await expect(entryA.getByRole("button", { name: "Save driver" })).toBeVisible();
    await expect(driverA).toBeFocused();
    await expect(driverA).toBeEnabled();
    await expect(toast(page).filter({ hasText: "Driver assigned" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(driverA).toHaveValue("");
    await expect(entryA.getByRole("button", { name: "Save driver" })).toHaveCount(0);
    expect((await apiCounts(request, admin.token, tomorrow)).unassigned).toBe(before.unassigned);

    // Give A's delivery to Sipho (Save, from the keyboard): the unassigned count drops with the API's, and the focus comes back to the select.
    await driverA.selectOption({ label: siphoName });
    await expect(toast(page).filter({ hasText: "Driver assigned" })).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(entryA.getByRole("button", { name: "Save driver" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Driver assigned");
    await expect(driverA).toHaveValue(/.+/);
    await expect(entryA.getByRole("button", { name: "Save driver" })).toHaveCount(0);
    await expect(driverA).toBeFocused();
    const after = await apiCounts(request, admin.token, tomorrow);
    // (Unless another journey booked tomorrow meanwhile.)
    if (after.deliveries + after.collections === before.deliveries + before.collections) expect(after.unassigned).toBe(before.unassigned - 1);
    await expectCountsMatchApi(page, request, admin.token, tomorrow);
    // B's job goes from the disabled driver to Sipho; C's collection too.
    await entryB.getByLabel(/^Driver for stop/).selectOption({ label: siphoName });
    await entryB.getByRole("button", { name: "Save driver" }).click();
    await expectToast(page, "Driver assigned");
    await expect(entryB.locator("[data-disabled-driver]")).toHaveCount(0);
    await entryC.getByLabel(/^Driver for stop/).selectOption({ label: siphoName });
    await entryC.getByRole("button", { name: "Save driver" }).click();
    await expectToast(page, "Driver assigned");
    // Lerato (disabled) cannot be chosen.
    await expect(entryA.getByLabel(/^Driver for stop/).locator("option", { hasText: `Lerato Khumalo ${stamp}` })).toHaveCount(0);

    // A's car changes with the bookings screen's dialog.
    await entryA.getByRole("button", { name: /^Change car for booking/ }).click();
    const assign = page.getByRole("dialog", { name: /^Assign a vehicle to booking/ });
    await expect(assign).toContainText("Delivery");
    await assign.getByLabel("Vehicle").selectOption({ label: `Suzuki Vitara 2024 · ${carD.licensePlate}` });
    await assign.getByRole("button", { name: "Assign Vehicle" }).click();
    await expectToast(page, "Vehicle assigned");
    await expect(entryA.locator("[data-dispatch-car]")).toContainText(`Suzuki Vitara · ${carD.licensePlate}`);
    await expectCountsMatchApi(page, request, admin.token, tomorrow);
    await snap(page, testInfo, "admin-dispatch");

    // Filter by driver: in the address, only Sipho's stops; the day's counts stay the day's.
    const siphoId = await entryA.getByLabel(/^Driver for stop/).inputValue();
    await page.getByLabel("Driver", { exact: true }).selectOption(siphoId);
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}&driver=${siphoId}$`));
    await expect(board.locator("[data-dispatch-entry]")).toHaveCount(3);
    await expect(page.getByText(`3 stops for ${siphoName} in time order`)).toBeVisible();
    await expectCountsMatchApi(page, request, admin.token, tomorrow);
    await page.getByLabel("Driver", { exact: true }).selectOption("unassigned");
    await expect(page).toHaveURL(/driver=unassigned$/);
    await expect(entryA).toHaveCount(0);
    await expect(board.or(page.getByText("Each job on this day has a driver"))).toBeVisible();
    // Back to everyone; a reload keeps the day.
    await page.getByLabel("Driver", { exact: true }).selectOption("");
    await page.reload();
    await expect(page.getByLabel("Day", { exact: true })).toHaveValue(tomorrow);
    await expect(entryA).toBeVisible();

    // The board at phone width: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(entryA).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectAccessible(page, "admin-dispatch-phone");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "e2e/screenshots/phone-admin-dispatch.png", fullPage: true, animations: "disabled", caret: "hide" });
    await page.setViewportSize({ width: 1280, height: 800 });

    // An empty day, then back to today (from the keyboard).
    await page.goto(`/admin/dispatch?date=${addDays(today, 300)}`);
    await expect(page.getByText("No deliveries or collections on this day")).toBeVisible();
    await snap(page, testInfo, "admin-dispatch-empty");
    await page.getByRole("button", { name: "Today" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/dispatch$/);

    // The board cannot be loaded: it says so, and loads once the server is back.
    let failing = true;
    await page.route("**/graphql", async (route) => {
      const name = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
      if (!failing || name !== "DispatchDay") return route.continue();
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ errors: [{ message: "Database is busy. Please try again.", extensions: { code: "SERVICE_UNAVAILABLE" } }], data: null }),
      });
    });
    await page.goto(`/admin/dispatch?date=${tomorrow}`);
    await expectToast(page, "Error loading the dispatch board", "Database is busy. Please try again.");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Error loading the dispatch board");
    failing = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(entryA).toBeVisible();
    await page.unroute("**/graphql");

    // ---- the driver does C's delivery and collection, and A's delivery (API) ----------------
    const board2 = await graphql<{ dispatchDay: { entries: { id: string; job: { id: string } | null }[] } }>(
      request,
      `query ($date: String!, $d: ID) { dispatchDay(date: $date, driverId: $d) { entries { id job { id } } } }`,
      { date: tomorrow, d: siphoId },
      admin.token,
    );
    const job = (bookingId: string, kind: string) => {
      const found = board2.dispatchDay.entries.find((e) => e.id === `${bookingId}:${kind}`)?.job;
      if (!found) throw new Error(`no ${kind} job for ${bookingId}`);
      return found.id;
    };
    // C's delivery is not the board's (today), so it is given to Sipho here.
    const cDelivery = await graphql<{ assignHandoverDriver: { job: { id: string } } }>(
      request,
      `mutation ($b: ID!, $d: ID) { assignHandoverDriver(bookingId: $b, kind: delivery, driverId: $d) { job { id } } }`,
      { b: bookingC, d: siphoId },
      admin.token,
    );
    await doHandover(request, driverToken, cDelivery.assignHandoverDriver.job.id, { odometerKm: 12_400, fuelEighths: 8, colour: "#d6e9f2" });
    await doHandover(request, driverToken, job(bookingC, "collection"), {
      odometerKm: 12_655,
      fuelEighths: 6,
      colour: "#fde7cf",
      damage: "Scratch on the rear bumper",
    });
    await doHandover(request, driverToken, job(bookingA, "delivery"), { odometerKm: 8_020, fuelEighths: 8, colour: "#e9eef3" });

    await page.goto(`/admin/dispatch?date=${tomorrow}`);
    await expect(entryA.locator("[data-job-state]")).toHaveText("Done");
    await expect(entryC.locator("[data-job-state]")).toHaveText("Done");
    await expect(entryA.getByLabel(/^Driver for stop/)).toBeDisabled();
    await expect(entryA.getByRole("button", { name: /car for booking/ })).toHaveCount(0);
    await expectCountsMatchApi(page, request, admin.token, tomorrow);
    await expect(entryC.getByRole("link", { name: "Condition report" })).toHaveAttribute("href", `/admin/bookings/${bookingC}/report`);
    await snap(page, testInfo, "admin-dispatch-done");

    // ---- the booking card: the jobs and the condition report ---------------------------------
    await nav.getByRole("link", { name: "Bookings" }).click();
    const card = page.locator(`[data-booking-id="${bookingC}"]`);
    await expect(card.locator("[data-handover=delivery]")).toContainText("Done");
    await expect(card.locator("[data-handover=delivery]")).toContainText(siphoName);
    await expect(card.locator("[data-handover=collection]")).toContainText("Done");
    const cardB = page.locator(`[data-booking-id="${bookingB}"]`);
    await expect(cardB.locator("[data-handover=delivery]")).toContainText("Scheduled");
    await expect(cardB.locator("[data-handover=collection]")).toContainText("No driver yet");
    await expect(cardB.getByRole("link", { name: /^Condition report/ })).toHaveCount(0);
    await expectAccessible(page, "admin-bookings-handovers");
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/screenshots/${testInfo.project.name}-admin-booking-handovers.png`, animations: "disabled", caret: "hide" });
    await card.getByRole("link", { name: /^Condition report/ }).click();

    // ---- the condition report ----------------------------------------------------------------
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingC}/report$`));
    await expect(page.getByRole("heading", { level: 1, name: "Condition report" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
    const report = page.locator("[data-condition-report]");
    await expect(report.locator("[data-report-state]")).toHaveText(["Done", "Done"]);
    await expect(report).toContainText("12,400 km");
    await expect(report).toContainText("12,655 km");
    await expect(report).toContainText("255 km driven since delivery");
    await expect(report).toContainText("¾ tank (6/8)");
    await expect(report).toContainText("Scratch on the rear bumper");
    await expect(report).toContainText("¼ tank short");
    await expect(report.locator("[data-charges-total]")).toHaveText("R360");
    // Photos and signatures are private: fetched with the admin token, shown from blob: URLs.
    const front = report.getByRole("img", { name: "Front at delivery" });
    await expect(front).toHaveAttribute("src", /^blob:/);
    await expect(front).toHaveJSProperty("naturalWidth", 480);
    await expect(report.getByRole("img", { name: "Customer's signature at collection" })).toHaveAttribute("src", /^blob:/);
    await expect(report.getByRole("img", { name: /^Damage 1 at collection/ })).toHaveAttribute("src", /^blob:/);
    await expect(report.getByRole("link", { name: "Open in maps" }).first()).toHaveAttribute("href", /query=-33\.92105%2C18\.41795$/);
    await expect(page.locator("[role=status]")).toHaveCount(0); // every image loaded
    await expectAccessible(page, "admin-condition-report");
    await snap(page, testInfo, "admin-condition-report");

    // A booking whose collection has not happened yet says so.
    await page.goto(`/admin/bookings/${bookingA}/report`);
    await expect(page.locator("[data-condition-report]")).toContainText("Not collected yet");
    await page.goto(`/admin/bookings/00000000-0000-4000-8000-000000000000/report`);
    await expect(page.getByText("Booking not found")).toBeVisible();
  });
});
