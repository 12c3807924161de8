/**
 * Change Password at a desk: a dealership onboarded by an operator (rentals-cli, which printed
 * its password), which already chose its own once (choose-password-desktop.spec.ts follows that
 * step), signs in and changes it again from the header's Account link; an admin does the same
 * from theirs. A wrong current password is an error on that field;
 * success says so and keeps them signed in, while their other sessions end and the old password
 * stops working. Screenshots in e2e/screenshots/.
 */
import { expect, test, type Page } from "./test";
import { onboardDealership, withOwnPassword } from "./dealership.ts";
import { fillPasswordForm, tokenWorks } from "./password-helpers.ts";
import { graphql, snap, uniqueEmail } from "./support.ts";

test.use({ viewport: { width: 1280, height: 800 } });

const SIGNUP_CODE = process.env.E2E_ADMIN_SIGNUP_CODE ?? "e2e-admin-invitation-code";

const DEALERSHIP_SIGN_IN = "mutation ($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token } }";

async function signInDealership(page: Page, login: { dealershipCode: string; password: string }) {
  await page.goto("/dealership/signin");
  await page.getByLabel("Dealership code", { exact: true }).fill(login.dealershipCode);
  await page.getByLabel("Password", { exact: true }).fill(login.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
}

test("a dealership changes its password from Account: wrong current password on its field, then success; the old password stops working", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token: _chose, ...login } = await withOwnPassword(request, onboardDealership("Password Journey Motors"));
  // The same dealership signed in elsewhere (another desk).
  const elsewhere = await graphql<{ dealershipSignIn: { token: string } }>(request, DEALERSHIP_SIGN_IN, { input: login });
  await signInDealership(page, login);

  await page.getByRole("navigation", { name: "Dealership portal" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/dealership\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const form = page.getByRole("form", { name: "Change password" });
  await expect(form.getByText("At least 8 characters.")).toBeVisible();

  await fillPasswordForm(page, "not-the-password", "Our-own-secret-1");
  const current = form.getByLabel("Current Password");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription("Your current password is incorrect");
  await expect(current).toBeFocused();
  await snap(page, testInfo, "dealership-change-password-wrong");

  await fillPasswordForm(page, login.password, "short-1");
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
  await fillPasswordForm(page, login.password, "Our-own-secret-1", "Our-own-secret-2");
  await expect(form.getByText("Passwords don't match")).toBeVisible();

  await fillPasswordForm(page, login.password, "Our-own-secret-1");
  await expect(form.getByRole("status")).toContainText("Your password has been changed");
  await expect(current).toHaveValue("");
  await snap(page, testInfo, "dealership-change-password-done");

  // Still signed in here; the other desk's session is over.
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await tokenWorks(request, "{ dealershipMe { id } }", elsewhere.dealershipSignIn.token)).toBe(false);

  // The old password no longer opens the portal; the new one does.
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  await page.getByLabel("Dealership code", { exact: true }).fill(login.dealershipCode);
  await page.getByLabel("Password", { exact: true }).fill(login.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("note").filter({ hasText: "Please check your dealership code and password" })).toBeVisible();
  await signInDealership(page, { dealershipCode: login.dealershipCode, password: "Our-own-secret-1" });
});

test("an admin changes their password from the header's Account link", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("admin.password", testInfo);
  const data = await graphql<{ adminSignUp: { token: string } }>(request, "mutation ($input: AdminSignUpInput!) { adminSignUp(input: $input) { token } }", {
    input: { email, password: "Admin-first-pass", firstName: "Zanele", lastName: "Mokoena", signupCode: SIGNUP_CODE },
  });
  await page.goto("/admin/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Admin-first-pass");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const form = page.getByRole("form", { name: "Change password" });
  await fillPasswordForm(page, "Admin-wrong-pass", "Admin-second-pass");
  await expect(form.getByLabel("Current Password")).toHaveAccessibleDescription("Your current password is incorrect");
  await fillPasswordForm(page, "Admin-first-pass", "Admin-second-pass");
  await expect(form.getByRole("status")).toContainText("Your password has been changed");
  await snap(page, testInfo, "admin-change-password");
  expect(await tokenWorks(request, "{ adminMe { id } }", data.adminSignUp.token)).toBe(false);
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
