/**
 * "Choose your own password" at a desk. A dealership onboarded by an operator (rentals-cli, which
 * printed its password) follows a link into its portal, signs in with that password and is asked,
 * before anything else, for a password of its own; once it has chosen one it lands where it was
 * going, and is not asked again after a reload or the next sign-in. An admin made with
 * `rentals-cli admin create` is asked the same way. Screenshots in e2e/screenshots/.
 */
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "./test";
import { onboardDealership } from "./dealership.ts";
import { fillPasswordForm } from "./password-helpers.ts";
import { snap, uniqueEmail } from "./support.ts";

test.use({ viewport: { width: 1280, height: 800 } });

const REASON = "Your password was set by CapeDrive staff. Choose one only you know.";
const step = (page: Page) => page.getByRole("heading", { level: 1, name: "Choose your own password" });

test("a dealership signs in with the operator's password, chooses its own first, lands on the page it was going to, and is not asked again", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const login = onboardDealership("Own Password Motors");

  // A link to the leads (say from an email): sign-in first, then the step, at the same address.
  await page.goto("/dealership/leads");
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  await page.getByLabel("Dealership code", { exact: true }).fill(login.dealershipCode);
  await page.getByLabel("Password", { exact: true }).fill(login.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(step(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dealership\/leads$/);
  await expect(page.getByText(REASON)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Leads" })).toHaveCount(0);
  await expect(page).toHaveTitle(/^Choose your own password/);
  await snap(page, testInfo, "dealership-choose-password");

  // The same form as Account: a wrong current password is an error on its field.
  await fillPasswordForm(page, "not-the-given-one", "Own-secret-of-ours-1");
  const current = page.getByRole("form", { name: "Change password" }).getByLabel("Current Password");
  await expect(current).toHaveAccessibleDescription(/Your current password is incorrect/);
  await expect(step(page)).toBeVisible();

  await fillPasswordForm(page, login.password, "Own-secret-of-ours-1");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page).toHaveURL(/\/dealership\/leads$/);
  await expect(page.getByText("Your password has been changed")).toBeVisible();
  await expect(step(page)).toHaveCount(0);

  // Not asked again: after a reload, nor after signing in again with the new password.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(step(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  await page.getByLabel("Dealership code", { exact: true }).fill(login.dealershipCode);
  await page.getByLabel("Password", { exact: true }).fill("Own-secret-of-ours-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Own Password Motors");
  await expect(step(page)).toHaveCount(0);
});

test("an admin made with rentals-cli admin create chooses their own password before the back office", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const email = uniqueEmail("cli.admin", testInfo);
  execFileSync(
    process.env.BUN ?? "bun",
    ["cli/main.ts", "admin", "create", "--email", email, "--first-name", "Thandi", "--last-name", "Nkosi", "--password-stdin", "--json"],
    { input: "Typed-by-ops-42", stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, DATA_DIR: dir } },
  );
  await page.goto("/admin/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Typed-by-ops-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(step(page)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await snap(page, testInfo, "admin-choose-password");
  await fillPasswordForm(page, "Typed-by-ops-42", "Thandi-own-secret-9");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(step(page)).toHaveCount(0);
});
