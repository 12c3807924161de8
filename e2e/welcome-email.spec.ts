/**
 * A new customer is welcomed by email, once: signed up with the form or with Google (the stand-in
 * for Google's script, e2e/google.ts, with tokens the server verifies against the loopback key
 * server), the welcome reaches the SMTP stand-in (E2E_MAIL_DIR) with the absolute link to profile
 * completion and the support contact; signing up again with the email, or with Google again,
 * sends no second one. (Every branch, REST and GraphQL: server/rest/welcome.test.ts.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { googleIdToken, setGoogleCredential, useGoogleStandIn } from "./google.ts";
import { expectToast, uniqueEmail, waitForMail } from "./support.ts";
import { expect, test } from "./test";

const WELCOME = /Subject: Welcome to CapeDrive/;

/** How many welcome emails the SMTP stand-in has received for `to`. */
function welcomesTo(to: string): number {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).filter((name) => {
    const raw = readFileSync(join(dir, name), "utf8");
    return raw.toLowerCase().includes(`to: ${to.toLowerCase()}`) && WELCOME.test(raw);
  }).length;
}

test.beforeEach(async ({ page }) => {
  await useGoogleStandIn(page);
});

test("signing up with the form sends one welcome with the profile-completion link; signing up again sends none", async ({ page, baseURL }, testInfo) => {
  const email = uniqueEmail("welcome", testInfo);
  const signUp = async (name: string) => {
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill(name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Re-enter Password").fill("secret123");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  };
  await signUp("Lerato Welcome");
  await expect(page).toHaveURL(/\/profile-completion$/);
  const mail = await waitForMail(email, /Welcome to CapeDrive/);
  expect(mail.text).toContain("Hi Lerato Welcome,");
  expect(mail.text).toContain(`Complete your profile: ${baseURL}/profile-completion`);
  expect(mail.text).toContain(`Questions? Call ${process.env.E2E_SUPPORT_PHONE} or email ${process.env.E2E_SUPPORT_EMAIL}.`);
  expect(welcomesTo(email)).toBe(1);

  // Signed out, the same email again: refused, and no second welcome (the refused sign-up wrote no outbox row).
  await page.evaluate(() => localStorage.clear());
  await signUp("Lerato Again");
  await expectToast(page, "Error creating account", "An account with this email already exists");
  expect(welcomesTo(email)).toBe(1);
});

test("signing up with Google sends one welcome; signing in with Google again sends none", async ({ page }, testInfo) => {
  const email = uniqueEmail("welcome-google", testInfo);
  const sub = `welcome-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  await page.goto("/signup");
  await setGoogleCredential(page, await googleIdToken({ sub, email, name: "Naledi Welcome" }));
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/profile-completion$/);
  const mail = await waitForMail(email, /Welcome to CapeDrive/);
  expect(mail.text).toContain("Hi Naledi Welcome,");
  expect(welcomesTo(email)).toBe(1);

  await page.evaluate(() => localStorage.clear());
  await page.goto("/signin");
  await setGoogleCredential(page, await googleIdToken({ sub, email, name: "Naledi Welcome" }));
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(welcomesTo(email)).toBe(1);
});
