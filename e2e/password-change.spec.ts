/**
 * Change Password on a phone: a customer from their Profile (a wrong current password is an
 * error on that field; too short and mismatched are refused; success says so, keeps them signed
 * in, signs out their other device, and the new password is the one that works); a customer who
 * signed up with Google is told so and offered the emailed link instead; a driver whose password
 * the office chose changes it from the app's Account link. Screenshots in e2e/screenshots/.
 */
import { expect, test } from "./test";
import { googleIdToken } from "./google.ts";
import { createAdminToken, createDriver, signInDriver } from "./handover-helpers.ts";
import { fillPasswordForm, tokenWorks } from "./password-helpers.ts";
import { createCustomer, graphql, signInWithToken, snap, uniqueEmail } from "./support.ts";

const ME = "{ me { id } }";
const DRIVER_ME = "{ driverMe { id } }";

test("a customer changes their password from Profile: wrong current password on its field, then success, still signed in, the other device signed out", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("change.password", testInfo);
  const token = await createCustomer(request, { name: "Lindiwe Khumalo", email, password: "first-secret" });
  // The same account signed in on another device (a laptop).
  const laptop = await graphql<{ signIn: { token: string } }>(request, "mutation ($input: SignInInput!) { signIn(input: $input) { token } }", {
    input: { email, password: "first-secret" },
  });
  await signInWithToken(page, token);

  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Password" });
  await card.getByRole("button", { name: "Change Password" }).click();
  const form = page.getByRole("form", { name: "Change password" });
  await expect(form.getByLabel("Current Password")).toBeVisible();

  // Too short and mismatched: refused in the form, nothing sent.
  await fillPasswordForm(page, "first-secret", "abc", "abd");
  await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(form.getByLabel("New Password", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // A wrong current password: the server's verdict, on the current-password field, focused.
  await fillPasswordForm(page, "not-my-password", "second-secret");
  const current = form.getByLabel("Current Password");
  await expect(form.getByText("Your current password is incorrect")).toBeVisible();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toBeFocused();
  await snap(page, testInfo, "customer-change-password-wrong");

  await fillPasswordForm(page, "first-secret", "second-secret");
  await expect(page.getByRole("form", { name: "Change password" }).getByRole("status")).toContainText("Your password has been changed");
  await snap(page, testInfo, "customer-change-password-done");
  // Still signed in here (the screen reads the account again after a reload); the laptop is signed out.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Password" })).toBeVisible();
  expect(await tokenWorks(request, ME, token)).toBe(true);
  expect(await tokenWorks(request, ME, laptop.signIn.token)).toBe(false);

  // The new password signs in; the old one no longer does.
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.goto("/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first-secret");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("note").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("second-secret");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("a customer who signs in with Google is told so, and can have a set-password link emailed", async ({ page, request }, testInfo) => {
  const email = uniqueEmail("google.only", testInfo);
  const credential = await googleIdToken({ sub: `g-${Date.now().toString(36)}`, email, name: "Gugu Ndlovu" });
  const data = await graphql<{ signInWithGoogle: { token: string } }>(
    request,
    "mutation ($input: GoogleSignInInput!) { signInWithGoogle(input: $input) { token } }",
    {
      input: { credential },
    },
  );
  await signInWithToken(page, data.signInWithGoogle.token);
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Password" });
  // On a machine under load the first Profile can take a while (its session code and screen load first).
  await expect(page.getByText("Profile Incomplete")).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("You sign in with Google, so your account has no password to change.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Change Password" })).toHaveCount(0);
  await card.getByRole("button", { name: "Email Me a Link" }).click();
  await expect(card.getByText("Check your email")).toBeVisible();
  await snap(page, testInfo, "customer-google-only-password");
});

test("a driver changes their password from Account", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const adminToken = await createAdminToken(request, testInfo);
  const driver = await createDriver(request, adminToken, testInfo, "Ayanda Zulu");
  await signInDriver(page, driver);
  await page.getByRole("link", { name: "Account and password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

  await fillPasswordForm(page, "wrong-password", "Driver-new-pass-1");
  await expect(page.getByText("Your current password is incorrect")).toBeVisible();
  await fillPasswordForm(page, driver.password, "short1");
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await fillPasswordForm(page, driver.password, "Driver-new-pass-1");
  await expect(page.getByRole("form", { name: "Change password" }).getByRole("status")).toContainText("Your password has been changed");
  await snap(page, testInfo, "driver-change-password");
  // The API session made before the change is over; the app's own stays.
  expect(await tokenWorks(request, DRIVER_ME, driver.auth.authorization.replace("Bearer ", ""))).toBe(false);
  // Back to the day's jobs from the screen itself, as from a job's screen.
  await page.getByRole("link", { name: "My jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My jobs" })).toBeVisible();
});
