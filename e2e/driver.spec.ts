/**
 * The driver app on a phone (issue 12): a driver the office created signs in, finds tomorrow's
 * delivery, opens it (Call, Navigate), says "On my way", and fills the checklist: one photo from
 * Chromium's fake camera, the rest from files, a reload half-way that loses nothing, a reading
 * that is not whole kilometres refused, the fuel level, the licence check and a signature drawn on the
 * screen; then submits, and the booking is in progress with the car rented. (A reading below the
 * car's last one is refused by the server: server/rest/handovers.test.ts.) Screenshots of each
 * screen go to e2e/screenshots.
 *
 * Setup is through the API: an admin (with the invitation code), a driver, a customer with a
 * completed profile and a booking for tomorrow, the delivery given to the driver.
 */
import { OFFLINE_WAIT_MS } from "../web/src/lib/upload.ts";
import { expect, test, type APIRequestContext, type TestInfo } from "./test";
import { capeTownDay, capeTownInstant, createCompletedCustomer, expectNoOverflow, seedBooking } from "./booking-helpers.ts";
import { assignDriver, createAdminToken, createCar, createDriver, photosFromFiles, sign, signInDriver } from "./handover-helpers.ts";
import {
  CONNECTION_MESSAGE,
  expectSignInRefused,
  expectSignInUnreachable,
  expectTargetSize,
  expectToast,
  graphql,
  NETWORK_CONSOLE_ERROR,
  snap,
  toast,
} from "./support.ts";

/** A confirmed booking of the test's own car for tomorrow 10:00 to the day after at 10:00. */
async function bookTomorrow(request: APIRequestContext, testInfo: TestInfo, adminToken: string, name = "Thandi Nkosi") {
  const customerToken = await createCompletedCustomer(request, testInfo, name);
  const vehicle = await createCar(request, adminToken);
  const booking = await seedBooking(request, customerToken, {
    category: "medium",
    transmission: "automatic",
    vehicleId: vehicle.id,
    pickupDate: capeTownInstant(capeTownDay(1).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(2).iso, "10:00"),
  });
  return { customerToken, booking, vehicle };
}

test.describe("driver app", () => {
  test.use({ permissions: ["camera", "geolocation"], geolocation: { latitude: -33.9249, longitude: 18.4241 } });

  test("a driver delivers tomorrow's car: on my way, the checklist (camera, files, reload, signature), done", async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const adminToken = await createAdminToken(request, testInfo);
    const driver = await createDriver(request, adminToken, testInfo, "Sipho Mokoena");
    const { booking, vehicle } = await bookTomorrow(request, testInfo, adminToken);
    await assignDriver(request, adminToken, booking.id, "delivery", driver.id);

    await signInDriver(page, driver);
    await expect(page.getByRole("heading", { level: 1, name: "My jobs" })).toBeFocused();
    // Used with a thumb in a car park: the welcome toast's close button, the header's links and buttons and the day tabs are 44 px or more.
    await expectTargetSize(toast(page).getByRole("button", { name: "Dismiss notification" }), 44);
    // On a phone the header keeps to one line: the buttons show their icons, named for screen readers.
    expect((await page.locator("header").boundingBox())!.height).toBeLessThan(72);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expectTargetSize(page.getByRole("banner").locator("a[href], button"), 44);
    await expectTargetSize(page.getByRole("tab"), 44);
    // The day tabs: one Tab stop, the arrow keys move between them.
    await page.getByRole("tab", { name: "Today" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Tomorrow" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Tomorrow" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Today" })).toHaveAttribute("tabindex", "-1");
    const card = page.getByRole("link", { name: /Thandi Nkosi/ });
    await expect(card).toBeVisible();
    await expect(card).toContainText("10:00 AM");
    await expect(card).toContainText("Delivery");
    await expectNoOverflow(page);
    await snap(page, testInfo, "driver-jobs");

    await card.click();
    // The card pressed is gone with the list: focus goes to the job's heading, not to <body>.
    await expect(page.getByRole("heading", { name: "Delivery at 10:00 AM" })).toBeFocused();
    await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:0821234567");
    await expect(page.getByRole("link", { name: "Navigate" })).toHaveAttribute("href", /google\.com\/maps\/dir\/\?api=1&destination=-33\.9249%2C18\.4241/);
    await snap(page, testInfo, "driver-job");
    await page.getByRole("button", { name: "On my way" }).click();
    await expect(page.getByText("On the way", { exact: true })).toBeVisible();
    // The button pressed is gone: focus moves on to the next control, not to <body>.
    await expect(page.getByRole("button", { name: "Couldn't hand over" })).toBeFocused();

    // The front from the (fake) camera.
    await page.getByRole("button", { name: "Camera: Front photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Capture Front" });
    await expectTargetSize(dialog.getByRole("button", { name: "Close", exact: true }), 44);
    await dialog.getByRole("button", { name: "Start Camera" }).click();
    await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await dialog.getByRole("button", { name: "Take photo" }).click();
    await dialog.getByRole("button", { name: "Use Photo" }).click();
    await expect(page.getByRole("img", { name: "Front", exact: true })).toBeVisible({ timeout: 30_000 });
    await photosFromFiles(page, ["Back", "Left side"]);

    // A reload loses nothing: the photos taken are still there.
    await page.reload();
    await expect(page.getByRole("img", { name: "Left side", exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Front", exact: true })).toBeVisible();
    await photosFromFiles(page, ["Right side", "Odometer", "Fuel gauge"]);

    // Submitting with what is missing names it, and the first tap brings the first missing field into view:
    // with a jump, not a glide, for a driver whose phone asks for less motion.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByRole("button", { name: "Complete delivery" }).scrollIntoViewIfNeeded();
    // The tap, in the page: where the page stands a frame later is where it ends up.
    const afterAFrame = await page.getByRole("button", { name: "Complete delivery" }).evaluate(
      (button: HTMLButtonElement) =>
        new Promise<number>((resolve) => {
          button.click();
          requestAnimationFrame(() => resolve(window.scrollY));
        }),
    );
    await expect(page.getByRole("alert").filter({ hasText: "4 things are still missing" })).toBeVisible();
    await expect(page.getByLabel("Odometer (km)")).toBeInViewport();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(afterAFrame);
    await page.emulateMedia({ reducedMotion: null });
    // Focus goes there too, for a keyboard or a screen reader.
    await expect(page.getByLabel("Odometer (km)")).toBeFocused();
    await page.getByLabel("Odometer (km)").fill("12.5");
    await expect(page.getByText("Enter the odometer reading in whole kilometres")).toBeVisible();
    const minimum = await page.getByText(/^At least [\d,]+ km/).textContent();
    const km = Number(minimum!.replace(/\D/g, "")) + 42;
    await page.getByLabel("Odometer (km)").fill(String(km));
    // Nine fuel levels, each 44 px wide (two rows on a phone).
    await expectTargetSize(page.locator("label:has(input[name=fuel])"), 44);
    // Read out as spoken: "1 eighth", not "1 eighths".
    await expect(page.getByRole("radio", { name: "1 eighth", exact: true })).toHaveCount(1);
    await page.getByLabel("Full").check({ force: true });
    await page.getByLabel("The licence matches the person receiving the car").check();
    // Adding damage takes the focus to its photo, above the button; removing it leaves none.
    await page.getByRole("button", { name: "Add damage" }).click();
    await expect(page.getByRole("button", { name: "Camera: Damage 1 photo" })).toBeFocused();
    await page.getByRole("button", { name: "Remove damage 1" }).click();
    await expect(page.getByRole("button", { name: "Camera: Damage 1 photo" })).toHaveCount(0);
    // The button pressed is gone: focus goes back to Add damage, not to <body>.
    await expect(page.getByRole("button", { name: "Add damage" })).toBeFocused();
    // A tap on the pad draws nothing, so there is nothing to accept.
    const pad = page.locator("canvas[aria-label^='Signature pad']");
    await pad.scrollIntoViewIfNeeded();
    await pad.click({ position: { x: 40, y: 40 } });
    await expect(page.getByRole("button", { name: "Accept signature" })).toBeDisabled();
    // Signed, then signed again: the fresh pad is empty until the customer draws on it.
    await sign(page);
    await page.getByRole("button", { name: "Sign again" }).click();
    await expect(page.getByRole("button", { name: "Accept signature" })).toBeDisabled();
    await sign(page);
    await snap(page, testInfo, "driver-checklist");

    await page.getByRole("button", { name: "Complete delivery" }).click();
    await expect(page.getByRole("heading", { name: /^Delivered/ })).toBeVisible();
    await expect(page.getByText(/Odometer [\d,]+ km · Fuel Full/)).toBeVisible();
    await snap(page, testInfo, "driver-done");

    // The server moved the booking and the car.
    const data = await graphql<{ adminBookings: { items: { id: string; status: string; vehicleId: string }[] }; adminVehicle: { status: string } }>(
      request,
      `query ($vehicleId: ID!) { adminBookings(limit: 100) { items { id status vehicleId } } adminVehicle(id: $vehicleId) { status } }`,
      { vehicleId: vehicle.id },
      adminToken,
    );
    expect(data.adminBookings.items.find((b) => b.id === booking.id)).toMatchObject({ status: "in_progress", vehicleId: vehicle.id });
    expect(data.adminVehicle.status).toBe("rented");
  });

  test("couldn't hand over, by keyboard: the reason, Mark as failed, and focus on the job's heading", async ({ page, request }, testInfo) => {
    const adminToken = await createAdminToken(request, testInfo);
    const driver = await createDriver(request, adminToken, testInfo, "Lerato Khumalo");
    const { booking } = await bookTomorrow(request, testInfo, adminToken, "Ayanda Zulu");
    await assignDriver(request, adminToken, booking.id, "delivery", driver.id);
    await signInDriver(page, driver);
    await page.getByRole("tab", { name: "Tomorrow" }).click();
    await page.getByRole("link", { name: /Ayanda Zulu/ }).click();
    const trigger = page.getByRole("button", { name: "Couldn't hand over" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Couldn't hand over" });
    await dialog.getByRole("radio", { name: "Customer absent" }).check({ force: true });
    await dialog.getByRole("button", { name: "Mark as failed" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("This handover failed")).toBeVisible();
    // The dialog and its trigger are gone: focus is on the job's heading, not on <body>.
    await expect(page.getByRole("heading", { level: 1, name: "Delivery at 10:00 AM" })).toBeFocused();
  });

  test("another area's visitor is sent to the driver sign-in, and a wrong password is refused", async ({ page }) => {
    await page.goto("/driver/jobs/anything");
    await expect(page).toHaveURL(/\/driver\/signin$/);
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Sign in failed", "Please check your email and password");
    await expectSignInRefused(page, "Please check your email and password", ["Email", "Password"]);
  });

  test.describe("on a poor connection", () => {
    test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] });

    test("a sign-in the server could not take (its 503) or that never left the phone blames nothing", async ({ page }) => {
      await page.goto("/driver/signin");
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByLabel("Password").fill("wrong password");
      // The server's own answer when its database is unavailable (server/graphql/yoga.ts).
      await page.route("**/graphql", (route) =>
        route.fulfill({
          status: 503,
          headers: { "retry-after": "5" },
          json: { errors: [{ message: "The service is temporarily unavailable. Please try again shortly.", extensions: { code: "SERVICE_UNAVAILABLE" } }] },
        }),
      );
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Sign in failed", CONNECTION_MESSAGE);
      await expectSignInUnreachable(page, ["Email", "Password"]);
      await page.unroute("**/graphql");
      await page.route("**/graphql", (route) => route.abort("internetdisconnected"));
      await page.getByLabel("Password").fill("wrong password!");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Sign in failed", CONNECTION_MESSAGE);
      await expectSignInUnreachable(page, ["Email", "Password"]);
    });

    test("a handover photo taken offline says the phone seems offline, waits, then stops with Try again that works once online", async ({
      page,
      context,
      request,
    }, testInfo) => {
      const adminToken = await createAdminToken(request, testInfo);
      const driver = await createDriver(request, adminToken, testInfo, "Bongani Dube");
      const { booking } = await bookTomorrow(request, testInfo, adminToken, "Zanele Mahlangu");
      await assignDriver(request, adminToken, booking.id, "delivery", driver.id);
      // The page's clock is Playwright's, so the minute offline passes at once.
      await page.clock.install();
      await signInDriver(page, driver);
      await page.getByRole("tab", { name: "Tomorrow" }).click();
      await page.getByRole("link", { name: /Zanele Mahlangu/ }).click();
      await page.getByRole("button", { name: "On my way" }).click();
      await expect(page.getByText("On the way", { exact: true })).toBeVisible();
      const front = page.getByRole("group", { name: "Front" });

      await context.setOffline(true);
      await page.getByLabel("Front photo file").setInputFiles("e2e/fixtures/car-front.jpg");
      await expect(front.getByText("You seem to be offline. The photo will be sent when you're back online.")).toBeVisible();
      await front.scrollIntoViewIfNeeded();
      await snap(page, testInfo, "driver-photo-offline-waiting", { fullPage: false });

      // The pause before the retry, then the wait for the connection (OFFLINE_WAIT_MS, a minute).
      await page.clock.fastForward(1_000);
      await page.clock.fastForward(OFFLINE_WAIT_MS);
      await expect(front.getByRole("alert")).toHaveText("You seem to be offline. Try again when you're back online.");
      await expect(front.getByRole("button", { name: "Try again" })).toBeVisible();
      await snap(page, testInfo, "driver-photo-offline-failed", { fullPage: false });

      await context.setOffline(false);
      await front.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("img", { name: "Front", exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(front.getByRole("button", { name: "Try again" })).toHaveCount(0);
    });
  });
});
