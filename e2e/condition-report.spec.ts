/**
 * The customer's side of a delivery (issue "delivery and collection"): set up through the API (an
 * admin with the invitation code, a car of its own, a customer with a completed profile booking it
 * for tomorrow, a driver given both handovers, who starts the delivery, uploads the six photos, a
 * damage photo and the customer's signature and submits the checklist over REST), then in the
 * browser: My Bookings says "Delivered ..." with a link to the report, the booking's page shows
 * the handover, and the condition report shows the readings, the photos (loaded from the private
 * objects with the customer's token), the damage note and the signature, with "Not collected yet"
 * for the collection. Then the collection (a quarter tank short): both columns and the charges.
 * Printed: no app chrome or buttons, both columns side by side, A4 pages (a PDF is saved beside
 * the screenshots). Runs on the phone and the desktop projects.
 */
import { readFileSync } from "node:fs";
import { expectAccessible } from "./axe";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "./test";
import { capeTownDay, capeTownInstant, createCompletedCustomer, expectNoOverflow, seedBooking } from "./booking-helpers.ts";
import { assignDriver, createAdminToken, createCar, createDriver } from "./handover-helpers.ts";
import { expectTargetSize, graphql, signInWithToken, snap } from "./support.ts";

const SLOTS = ["front", "back", "left", "right", "odometer", "fuel"] as const;
const SLOT_LABELS = ["Front", "Back", "Left side", "Right side", "Odometer", "Fuel gauge"];
const DAMAGE_NOTE = "Scratch on the rear bumper, left of the plate";

type Auth = { authorization: string };

/** A small photo of "the car" in its own colour per slot (no text: the machine may have no fonts). */
async function slotPhoto(index: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const skies = ["#cfe3ee", "#e3eedf", "#efe6d6", "#e6e0ef", "#1f2833", "#2a2f36"];
  const sky = skies[index % skies.length];
  const svg =
    index >= 4
      ? // Odometer and fuel gauge: a dial.
        `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${sky}"/>
         <circle cx="320" cy="260" r="170" fill="#111" stroke="#9aa4ae" stroke-width="10"/>
         <path d="M320 260 L${index === 4 ? 430 : 230} ${index === 4 ? 170 : 160}" stroke="#f97316" stroke-width="12" stroke-linecap="round"/>
         <rect x="250" y="330" width="140" height="44" rx="6" fill="#d9f99d"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${sky}"/>
         <rect y="350" width="640" height="130" fill="#8a8f96"/>
         <path d="M90 330 L150 250 Q170 225 210 225 L420 225 Q455 225 480 255 L540 310 Q575 315 575 345 L575 360 L70 360 L70 345 Q70 330 90 330Z" fill="#0e5a8a"/>
         <path d="M175 260 L210 238 L300 238 L300 295 L160 295Z M320 238 L420 238 Q440 238 458 258 L490 295 L320 295Z" fill="#e7f1f7"/>
         <circle cx="170" cy="360" r="42" fill="#1f2833"/><circle cx="470" cy="360" r="42" fill="#1f2833"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A signature as the driver app sends it: dark strokes on white, PNG. */
async function signaturePng(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/>
    <path d="M40 140 C 80 40, 120 40, 130 120 S 190 170, 220 90 S 280 40, 300 120 C 320 170, 360 60, 400 110 S 480 150, 560 80"
      fill="none" stroke="#0f172a" stroke-width="6" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function uploadAsDriver(request: APIRequestContext, auth: Auth, purpose: "handover_photo" | "signature", bytes: Buffer, type: string): Promise<string> {
  const ticket = await request.post("/api/objects/upload", { data: { purpose }, headers: auth });
  expect(ticket.status()).toBe(200);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  const put = await request.put(uploadURL, { data: bytes, headers: { "content-type": type } });
  expect(put.status()).toBe(200);
  return objectPath;
}

type Driver = Awaited<ReturnType<typeof createDriver>>;

/** The driver's checklist for a job, over REST: starts it, uploads the six photos (and any damage) and the signature, submits. */
async function handOver(
  request: APIRequestContext,
  driver: Driver,
  jobId: string,
  readings: { odometerKm: number; fuelEighths: number; damageNote?: string; licenceChecked?: boolean; position?: string },
) {
  expect((await request.post(`/api/driver/jobs/${jobId}/start`, { headers: driver.auth })).status()).toBe(200);
  const photos: Record<string, string> = {};
  for (const [index, slot] of SLOTS.entries())
    photos[slot] = await uploadAsDriver(request, driver.auth, "handover_photo", await slotPhoto(index), "image/jpeg");
  const damage = readings.damageNote
    ? [{ photo: await uploadAsDriver(request, driver.auth, "handover_photo", await slotPhoto(1), "image/jpeg"), note: readings.damageNote }]
    : [];
  const signature = await uploadAsDriver(request, driver.auth, "signature", await signaturePng(), "image/png");
  const submitted = await request.post(`/api/driver/jobs/${jobId}/checklist`, {
    headers: driver.auth,
    data: {
      idempotencyKey: `e2e-report-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
      photos,
      damage,
      odometerKm: readings.odometerKm,
      fuelEighths: readings.fuelEighths,
      licenceChecked: readings.licenceChecked ?? false,
      signature,
      position: readings.position,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
}

/**
 * A booking for tomorrow, 09:00 to 18:00 (both handovers within a driver's window of yesterday
 * to tomorrow), with its own car, and a driver given both handovers.
 */
async function bookingWithDriver(request: APIRequestContext, testInfo: TestInfo) {
  const adminToken = await createAdminToken(request, testInfo, "admin.report");
  const car = await createCar(request, adminToken);
  const customerToken = await createCompletedCustomer(request, testInfo, "Thandi Nkosi");
  const tomorrow = capeTownDay(1);
  const booking = await seedBooking(request, customerToken, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(tomorrow.iso, "09:00"),
    returnDate: capeTownInstant(tomorrow.iso, "18:00"),
    deliveryLocation: "12 Long Street, Cape Town City Centre, Cape Town",
    returnLocation: "Cape Town International Airport, Matroosfontein, Cape Town",
    deliveryCoordinates: "-33.9249,18.4241",
    returnCoordinates: "-33.9715,18.6021",
  });
  const driver = await createDriver(request, adminToken, testInfo);
  const jobs: Record<string, string> = {};
  for (const kind of ["delivery", "collection"] as const) jobs[kind] = await assignDriver(request, adminToken, booking.id, kind, driver.id);
  const job = await request.get(`/api/driver/jobs/${jobs.delivery}`, { headers: driver.auth });
  expect(job.status()).toBe(200);
  const { vehicle } = (await job.json()) as { vehicle: { mileage: number } };
  return { customerToken, booking, car, driver, deliveryJob: jobs.delivery!, collectionJob: jobs.collection!, mileage: vehicle.mileage };
}

/** Every image in the element has loaded (a blob: URL fetched with the customer's token). */
async function expectImagesLoaded(page: Page, selector: string, count: number) {
  const images = page.locator(`${selector} img`);
  await expect(images).toHaveCount(count);
  await expect
    .poll(() => images.evaluateAll((list) => list.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length))
    .toBe(count);
  for (const src of await images.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).src))) expect(src).toMatch(/^blob:/);
}

test("a delivered and collected car: status on My Bookings, the booking's page, the condition report on screen and on paper", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === "phone";
  const { customerToken, booking, car, driver, deliveryJob, collectionJob, mileage } = await bookingWithDriver(request, testInfo);
  const odometerKm = mileage + 12_345;
  await handOver(request, driver, deliveryJob, { odometerKm, fuelEighths: 6, damageNote: DAMAGE_NOTE, licenceChecked: true, position: "-33.92491,18.42412" });
  await signInWithToken(page, customerToken);

  // ---- My Bookings --------------------------------------------------------------------------------
  await page.goto("/bookings");
  const card = page.getByRole("article", { name: `Booking #${booking.bookingNumber}` });
  await expect(card.getByTestId("handover-status")).toHaveText(/^Delivered \d{1,2}:\d{2} [AP]M$/);
  await expect(card.getByRole("link", { name: "Condition report" })).toHaveAttribute("href", `/bookings/${booking.id}/report`);
  await expectNoOverflow(page);
  await snap(page, testInfo, "condition-report-my-bookings");

  // ---- the booking's page ---------------------------------------------------------------------------
  await card.getByRole("link", { name: `View booking #${booking.bookingNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Booking details" })).toBeFocused();
  await expect(page.getByRole("article", { name: `Booking #${booking.bookingNumber}` })).toContainText("Medium");
  const handovers = page.getByRole("region", { name: "Delivery & collection" });
  await expect(handovers.getByTestId("handover-status")).toHaveText(/^Delivered /);
  await expect(handovers).toContainText("12 Long Street, Cape Town City Centre, Cape Town");
  await expect(handovers.getByRole("link", { name: /Open in maps/ }).first()).toHaveAttribute(
    "href",
    /google\.com\/maps\/search\/\?api=1&query=-33\.9249%2C18\.4241/,
  );
  await expect(page.getByRole("link", { name: "Back to My Bookings" })).toHaveAttribute("href", "/bookings");
  // Tapped with a thumb: 44 px high.
  await expectTargetSize(handovers.getByRole("link", { name: /Open in maps/ }), 44);
  await expectAccessible(page, "booking page");
  await expectNoOverflow(page);
  await snap(page, testInfo, "condition-report-booking-page");

  // ---- the report: delivered, not collected yet ------------------------------------------------------
  await handovers.getByRole("link", { name: "View condition report" }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/report$`));
  await expect(page.getByRole("heading", { level: 1, name: "Condition report" })).toBeFocused();
  const report = page.getByRole("article", { name: "Condition report" });
  await expect(report.getByText(`Booking #${booking.bookingNumber}`, { exact: true })).toBeVisible();
  await expect(report.getByText(`Toyota Corolla Cross · ${car.plate}`, { exact: true })).toBeVisible();
  const delivery = page.locator("[data-handover=delivery]");
  const collection = page.locator("[data-handover=collection]");
  await expect(delivery.getByRole("heading", { name: "Delivery" })).toBeVisible();
  await expect(delivery.locator("[data-state]")).toHaveText("Delivered");
  await expect(delivery.getByTestId("delivery-odometer")).toHaveText(`${odometerKm.toLocaleString("en-US")} km`);
  await expect(delivery.getByTestId("delivery-fuel")).toHaveText("¾ tank");
  await expect(delivery.getByTestId("delivery-time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  await expect(delivery).toContainText("Sipho Mthembu");
  await expect(delivery).toContainText("12 Long Street, Cape Town City Centre, Cape Town");
  // The driver's own GPS point, not the booked one.
  await expect(delivery.getByRole("link", { name: /Open in maps/ })).toHaveAttribute("href", /query=-33\.92491%2C18\.42412$/);
  await expect(delivery.locator("figcaption")).toHaveText([...SLOT_LABELS, `Damage 1${DAMAGE_NOTE}`]);
  await expect(delivery.getByText(DAMAGE_NOTE)).toBeVisible();
  await expectImagesLoaded(page, "[data-handover=delivery]", 8);
  await expect(delivery.getByRole("img", { name: "Signature at delivery" })).toBeVisible();
  await expect(collection.locator("[data-state]")).toHaveText("Not collected yet");
  await expect(collection).toContainText("Cape Town International Airport");
  await expect(collection.locator("img")).toHaveCount(0);
  await expectNoOverflow(page);
  await snap(page, testInfo, "condition-report-delivered");

  // ---- collected: both columns, and the charges ---------------------------------------------------------
  await handOver(request, driver, collectionJob, { odometerKm: odometerKm + 130, fuelEighths: 4, position: "-33.97148,18.60205" });
  await page.reload();
  await expect(collection.locator("[data-state]")).toHaveText("Collected");
  await expect(collection.getByTestId("collection-odometer")).toHaveText(`${(odometerKm + 130).toLocaleString("en-US")} km`);
  await expect(collection.getByTestId("collection-fuel")).toHaveText("½ tank");
  await expect(collection).toContainText("130 km");
  await expect(collection).toContainText("No damage noted");
  const charges = collection.getByTestId("charges");
  await expect(charges).toContainText(/Fuel: ¼ tank short\s*R[\d,]+/);
  const fuelFee = (await charges.locator("dd").first().textContent()) ?? "";
  await expect(charges.locator("dd").last()).toHaveText(fuelFee);
  await expectImagesLoaded(page, "[data-handover=collection]", 7);
  await expect(delivery.locator("[data-state]")).toHaveText("Delivered");

  // Phone: stacked; desktop: side by side.
  const [d, c] = [await delivery.boundingBox(), await collection.boundingBox()];
  if (phone) expect(c!.y).toBeGreaterThan(d!.y + d!.height - 1);
  else expect(Math.abs(c!.y - d!.y)).toBeLessThan(2);
  await expectAccessible(page, "condition report");
  await expectNoOverflow(page);
  await snap(page, testInfo, "condition-report");

  // ---- printed --------------------------------------------------------------------------------------
  // The screenshot as wide as an A4 page's printable width (210 - 2 x 12 mm = 186 mm = 703 CSS px).
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 703, height: 994 });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.locator("footer").first()).toBeHidden();
  await expect(page.locator("#main").getByText("CapeDrive", { exact: true })).toBeVisible();
  const colour = await page.getByRole("heading", { level: 1, name: "Condition report" }).evaluate((el) => getComputedStyle(el).color);
  expect(colour).toBe("rgb(0, 0, 0)");
  const [dp, cp] = [await delivery.boundingBox(), await collection.boundingBox()];
  expect(Math.abs(cp!.y - dp!.y)).toBeLessThan(2); // side by side on paper
  // Both columns' borders inside the printable width: one on its very edge lost its right side in the PDF.
  expect(dp!.x).toBeGreaterThanOrEqual(1);
  expect(cp!.x + cp!.width).toBeLessThanOrEqual(703 - 1);
  await snap(page, testInfo, "condition-report-print");
  const pdfPath = `e2e/screenshots/${testInfo.project.name}-condition-report.pdf`;
  await page.pdf({ path: pdfPath, preferCSSPageSize: true });
  const pdf = readFileSync(pdfPath).toString("latin1");
  // A4 pages (595 x 842 points): a delivery and a collection fit on three.
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(boxes.length).toBeGreaterThanOrEqual(1);
  expect(boxes.length).toBeLessThanOrEqual(3);
  for (const [width, height] of boxes) {
    expect(Math.abs(width! - 595.3)).toBeLessThan(1.5);
    expect(Math.abs(height! - 841.9)).toBeLessThan(1.5);
  }
  await testInfo.attach("condition-report.pdf", { path: pdfPath, contentType: "application/pdf" });
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize(viewport);

  // ---- back on My Bookings: collected -------------------------------------------------------------------
  await page.getByRole("link", { name: "Back to the booking" }).click();
  await page.getByRole("link", { name: "Back to My Bookings" }).click();
  await expect(card.getByTestId("handover-status")).toHaveText(/^Collected \d{1,2}:\d{2} [AP]M$/);
  await expect(card.getByRole("link", { name: "Condition report" })).toBeVisible();
});

test("a booking that is not the customer's: Booking not found on the booking page and the report", async ({ page, request }, testInfo) => {
  const token = await createCompletedCustomer(request, testInfo, "Lerato Mokoena");
  await signInWithToken(page, token);
  await page.goto("/bookings/not-a-booking");
  await expect(page.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to My Bookings" })).toHaveAttribute("href", "/bookings");
  await snap(page, testInfo, "booking-not-found");
  await page.goto("/bookings/not-a-booking/report");
  await expect(page.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
});

test.describe("a report that cannot be loaded", () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test("says so, and Try again loads it", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Pieter van Wyk");
    await signInWithToken(page, token);
    let failing = true;
    await page.route("**/graphql", async (route) => {
      if (failing && route.request().postData()?.includes("ConditionReport")) return route.fulfill({ status: 503, body: "Service Unavailable" });
      return route.fallback();
    });
    await page.goto("/bookings/not-a-booking/report");
    const alert = page.getByRole("alert").filter({ hasText: "We couldn't load the condition report" });
    await expect(alert).toBeVisible();
    await snap(page, testInfo, "condition-report-error");
    failing = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
  });
});
