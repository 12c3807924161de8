/**
 * "Choose your own password" on a phone: a driver the office made (with a password the office
 * chose) signs in and is asked for their own before their jobs; once chosen, the jobs show and a
 * reload does not ask again. A dealership onboarded by an operator sees the same step on a phone.
 * Screenshots in e2e/screenshots/.
 */
import { expect, test, type Page } from "./test";
import { onboardDealership } from "./dealership.ts";
import { createAdminToken, createDriver, signInDriver } from "./handover-helpers.ts";
import { fillPasswordForm } from "./password-helpers.ts";
import { snap } from "./support.ts";

const REASON = "Your password was set by CapeDrive staff. Choose one only you know.";
const step = (page: Page) => page.getByRole("heading", { level: 1, name: "Choose your own password" });

test("a driver with the office's password chooses their own before the jobs, and is not asked again", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const adminToken = await createAdminToken(request, testInfo);
  const driver = await createDriver(request, adminToken, testInfo, "Thabo Nel", { officePassword: true });
  await signInDriver(page, driver);
  await expect(step(page)).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  await expect(page.getByRole("heading", { name: "My jobs" })).toHaveCount(0);
  await snap(page, testInfo, "driver-choose-password");

  await fillPasswordForm(page, driver.password, "Thabo-own-pass-1");
  await expect(page.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();
  await expect(page).toHaveURL(/\/driver$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();
  await expect(step(page)).toHaveCount(0);
});

test("a dealership onboarded by an operator is asked on a phone too", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const login = onboardDealership("Phone Password Motors");
  await page.goto("/dealership/signin");
  await page.getByLabel("Dealership code", { exact: true }).fill(login.dealershipCode);
  await page.getByLabel("Password", { exact: true }).fill(login.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(step(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await snap(page, testInfo, "dealership-choose-password");
  await fillPasswordForm(page, login.password, "Phone-own-secret-1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Phone Password Motors");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Phone Password Motors");
  await expect(step(page)).toHaveCount(0);
});
