/**
 * A photo upload started with no connection does not wait for ever: after OFFLINE_WAIT_MS offline
 * it stops, keeps the photo on show as not uploaded, says the phone seems to be offline, and Try again
 * sends it once the connection is back. The page's clock is Playwright's, so the minute passes at
 * once.
 */
import { OFFLINE_WAIT_MS } from "../web/src/lib/upload.ts";
import { expect, test } from "./test";
import { createCustomer, expectToast, loadedToastRegion, NETWORK_CONSOLE_ERROR, signInWithToken, snap, uniqueEmail } from "./support";

const LICENCE_JPEG = "e2e/fixtures/drivers-licence.jpg";

test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] });

test("a licence photo chosen offline fails after a minute offline, with Try again that works once online", async ({ page, context, request }, testInfo) => {
  const token = await createCustomer(request, { name: "Sipho Ndlovu", email: uniqueEmail("offline-upload", testInfo), password: "secret123" });
  await page.clock.install();
  await signInWithToken(page, token);
  await page.goto("/profile-completion");
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();
  // The toast's code loads a few seconds after the screen; a toast without it is another journey's.
  await expect(loadedToastRegion(page)).toBeAttached();
  const licenceCard = page.getByRole("region", { name: "Driver's License" });

  await context.setOffline(true);
  const chooser = page.waitForEvent("filechooser");
  await licenceCard.getByRole("button", { name: "Choose from Gallery" }).click();
  await (await chooser).setFiles(LICENCE_JPEG);
  await expect(licenceCard.getByText("You seem to be offline. The photo will be sent when you're back online.")).toBeVisible();

  // The pause before the retry, then (its timer set once that pause is over) the wait for the connection.
  await page.clock.fastForward(1_000);
  await page.clock.fastForward(OFFLINE_WAIT_MS - 2_000);
  await expect(licenceCard.getByText("You seem to be offline. The photo will be sent when you're back online.")).toBeVisible();
  await page.clock.fastForward(2_000);
  await expectToast(page, "Upload failed", "You seem to be offline. Try again when you're back online.");
  await expect(licenceCard.getByText("Upload failed. The photo is still here to send again.")).toBeVisible();
  await expect(licenceCard.getByRole("img", { name: "Driver's License preview" })).toBeVisible();
  await expect(licenceCard.getByRole("progressbar")).toHaveCount(0);
  await licenceCard.scrollIntoViewIfNeeded();
  await snap(page, testInfo, "upload-offline-failed", { fullPage: false });

  await context.setOffline(false);
  await licenceCard.getByRole("button", { name: /^Try again/ }).click();
  await expectToast(page, "Upload successful!");
  await expect(licenceCard.getByRole("button", { name: /^Try again/ })).toHaveCount(0);
  await expect(licenceCard.getByRole("button", { name: "Remove driver's license" })).toBeVisible();
});
