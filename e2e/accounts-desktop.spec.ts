/**
 * The customer screens on a desktop browser: they stay in the phone-width frame, nothing
 * overflows, and screenshots for review (the journeys themselves run on the phone project).
 */
import { expectAccessible } from "./axe";
import { expect, test, type Page } from "./test";
import { createCustomer, graphql, signInWithToken, snap, uniqueEmail } from "./support.ts";

async function expectPhoneFrame(page: Page) {
  const frame = await page.locator("[data-customer-frame]").boundingBox();
  expect(frame!.width).toBeLessThanOrEqual(430);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

test.describe("customer screens on a desktop", () => {
  test.beforeEach(async ({ page }) => {
    // No internet here: answer for Google's script with an empty one.
    await page.route("https://accounts.google.com/gsi/client*", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  });

  test("sign up and sign in", async ({ page }, testInfo) => {
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expectPhoneFrame(page);
    await snap(page, testInfo, "signup");
    await page.goto("/signin");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await expectPhoneFrame(page);
    await snap(page, testInfo, "signin");
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await expect(page.getByRole("dialog", { name: "Forgot Password" })).toBeVisible();
    await snap(page, testInfo, "forgot-password", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("home, profile and profile completion of a signed-in customer", async ({ page, request }, testInfo) => {
    const token = await createCustomer(request, { name: "Zanele Mthembu", email: uniqueEmail("zanele", testInfo), password: "secret123" });
    await graphql(
      request,
      `mutation ($input: CompleteProfileInput!) { completeProfile(input: $input) { id } }`,
      {
        input: {
          dateOfBirth: "1992-07-21",
          address: "8 Kloof Nek Road, Tamboerskloof",
          city: "Cape Town",
          postalCode: "8001",
          nationality: "South African",
          idType: "south_african_id",
          idNumber: "9207215009081",
          driversLicenseNumber: "CT00112233",
          driversLicenseExpiryDate: "2029-05-31",
        },
      },
      token,
    );
    await signInWithToken(page, token);
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Zanele" })).toBeVisible();
    await expectPhoneFrame(page);
    await expectAccessible(page, "home");
    await snap(page, testInfo, "home");
    await page.goto("/profile");
    await expect(page.getByText("Profile Complete", { exact: true })).toBeVisible();
    await expectPhoneFrame(page);
    await expectAccessible(page, "profile");
    await snap(page, testInfo, "profile");
    await page.goto("/profile-completion");
    await expect(page.getByLabel("City")).toHaveValue("Cape Town");
    await expectPhoneFrame(page);
    await expectAccessible(page, "profile-completion");
    await snap(page, testInfo, "profile-completion");
  });
});
