/**
 * Customer accounts journeys on the phone (issue 3): sign up -> profile completion with a
 * licence photo from a file and a profile picture from Chromium's fake camera -> home shows a
 * complete profile; sign out -> sign in; forgot password -> the emailed link -> the new password
 * works; each validation message shown; toasts; sessions. Screenshots in e2e/screenshots/.
 */
import { readFileSync } from "node:fs";
import { expectAccessible } from "./axe";
import { expect, test, type Page } from "./test";
import { GOOGLE_CLIENT_ID, googleIdToken, setGoogleCredential, useGoogleStandIn } from "./google.ts";
import {
  CONNECTION_MESSAGE,
  createCustomer,
  expectSignInRefused,
  expectSignInUnreachable,
  expectSwipeDismissesToast,
  expectTargetSize,
  expectToast,
  graphql,
  loadedToastRegion,
  NETWORK_CONSOLE_ERROR,
  OFFLINE_MESSAGE,
  signInWithToken,
  snap,
  toast,
  uniqueEmail,
  waitForMail,
} from "./support.ts";

const LICENCE_JPEG = "e2e/fixtures/drivers-licence.jpg";
const TAGLINE = "Hassle-free car rentals in Cape Town. Fully insured. No deposits.";

/** Fails the test on any uncaught page error or console error. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** This server has a Google client id; make the page see one without (publicConfig.googleClientId null). */
async function withoutGoogleClientId(page: Page) {
  await page.route("**/graphql", async (route) => {
    if (!(route.request().postData() ?? "").includes("publicConfig")) return route.continue();
    return route.fulfill({ json: { data: { publicConfig: { __typename: "PublicConfig", googleClientId: null } } } });
  });
}

async function fieldError(page: Page, label: string | RegExp) {
  const input = page.getByLabel(label, { exact: typeof label === "string" });
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  const id = describedBy.split(" ").find((part) => part.endsWith("-error"));
  return id ? page.locator(`[id="${id}"]`) : page.locator("#no-error-for-this-field");
}

async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const input = page.getByLabel(label, { exact: typeof label === "string" });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(await fieldError(page, label)).toHaveText(message);
}

test.describe("customer accounts", () => {
  test.use({ permissions: ["camera"] });

  // The server has a Google client id, so sign-up and sign-in load Google's script: serve the
  // stand-in (there is no internet here, and the tests must not depend on Google).
  let googleScripts: string[] = [];
  test.beforeEach(async ({ page }) => {
    googleScripts = await useGoogleStandIn(page);
  });

  test("sign up, complete the profile with a camera picture and a licence file, sign out, sign in", async ({ page }, testInfo) => {
    test.setTimeout(300_000); // a long journey: 3 minutes on a loaded machine
    const problems = watchProblems(page);
    const email = uniqueEmail("thandi", testInfo);

    // ---- sign up: every validation message, then the account ----------------------------------
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    await expectAccessible(page, "signup");
    await snap(page, testInfo, "signup");

    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectFieldError(page, "Full Name", "Name is required");
    await expectFieldError(page, "Email", "Email is required");
    await expectFieldError(page, "Password", "Password must be at least 6 characters");
    await expectFieldError(page, "Re-enter Password", "Please confirm your password");
    await expect(page.getByLabel("Full Name")).toBeFocused(); // focus goes to the first problem
    await expectAccessible(page, "signup-errors");
    await snap(page, testInfo, "signup-errors");

    await page.getByLabel("Full Name").fill("Thandi van der Merwe");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Mobile Number").fill("082 123 4567");
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Re-enter Password").fill("secret124");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectFieldError(page, "Email", "Please enter a valid email address");
    await expectFieldError(page, "Re-enter Password", "Passwords don't match");
    await snap(page, testInfo, "signup-mismatch");

    await page.getByLabel("Email").fill(email.toUpperCase()); // stored lower-cased by the server
    await page.getByLabel("Re-enter Password").fill("secret123");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectToast(page, "Account created successfully!", "Complete your profile to start booking");
    await expect(page).toHaveURL(/\/profile-completion$/);
    expect(await page.evaluate(() => localStorage.getItem("capedrive.token"))).toBeTruthy();

    // ---- profile completion: messages, ID label switch ---------------------------------------
    await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();
    await expect(page.getByLabel("Nationality")).toHaveValue("South African");
    await expect(page.getByLabel("ID Type")).toHaveValue("south_african_id");
    const nationalities = await page.getByLabel("Nationality").locator("option").allTextContents();
    expect(nationalities).toEqual(["South African", "American", "British", "Canadian", "Australian", "German", "French", "Other"]);
    expect(await page.getByLabel("ID Type").locator("option").allTextContents()).toEqual(["South African ID", "International Passport"]);
    await snap(page, testInfo, "profile-completion");

    await page.getByRole("button", { name: "Complete Profile", exact: true }).click();
    await expectFieldError(page, "Date of Birth", "Date of birth is required");
    await expectFieldError(page, "Address", "Address must be at least 5 characters");
    await expectFieldError(page, "City", "City is required");
    await expectFieldError(page, "Postal Code", "Postal code is required");
    await expectFieldError(page, "ID Number", "ID/Passport number is required");
    await expectFieldError(page, "License Number", "Driver's license number is required");
    await expectFieldError(page, "Expiry Date", "License expiry date is required");
    await expectAccessible(page, "profile-completion-errors");
    await snap(page, testInfo, "profile-completion-errors");

    await page.getByLabel("ID Type").selectOption("passport");
    await expect(page.getByLabel("Passport Number")).toHaveAttribute("placeholder", /passport number/i);
    await expect(page.getByLabel("ID Number", { exact: true })).toHaveCount(0);
    await page.getByLabel("ID Type").selectOption("south_african_id");
    await expect(page.getByLabel("ID Number", { exact: true })).toHaveAttribute("placeholder", /ID number/);

    // ---- profile picture from the camera -----------------------------------------------------
    const pictureCard = page.getByRole("region", { name: "Profile Picture" });
    await pictureCard.getByRole("button", { name: "Take Photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Capture Profile Picture" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await dialog.getByRole("button", { name: "Start Camera" }).click();
    const shutter = dialog.getByRole("button", { name: "Take photo" });
    await expect(shutter).toBeVisible();
    await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await snap(page, testInfo, "capture-live", { fullPage: false });
    await shutter.click();
    await expect(dialog.getByRole("img", { name: "Captured profile picture" })).toBeVisible();
    await snap(page, testInfo, "capture-preview", { fullPage: false });
    // Retake starts the camera again; take another one and use it.
    await dialog.getByRole("button", { name: "Retake" }).click();
    await expect(shutter).toBeVisible();
    await expect.poll(() => dialog.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await shutter.click();
    await dialog.getByRole("button", { name: "Use Photo" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, "Upload successful!"); // "Photo captured!" came first and was replaced
    await expect(pictureCard.getByRole("img", { name: "Profile Picture preview" })).toBeVisible();
    await expect(pictureCard.getByRole("button", { name: "Retake Photo" })).toBeVisible();
    await expect(pictureCard.getByRole("button", { name: "Upload Different Photo" })).toBeVisible();
    await expect(pictureCard.getByRole("button", { name: "Remove profile picture" })).toBeVisible();
    // Closing the dialog turned the camera off.
    expect(await page.evaluate(() => document.querySelectorAll("video").length)).toBe(0);

    // ---- licence: a non-image is refused, then a JPEG from the gallery ------------------------
    const licenceCard = page.getByRole("region", { name: "Driver's License" });
    let chooser = page.waitForEvent("filechooser");
    await licenceCard.getByRole("button", { name: "Choose from Gallery" }).click();
    await (await chooser).setFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 not an image") });
    await expectToast(page, "Upload failed", "Only image files can be uploaded. Please choose a photo.");
    await snap(page, testInfo, "upload-rejected", { fullPage: false });

    chooser = page.waitForEvent("filechooser");
    await licenceCard.getByRole("button", { name: "Choose from Gallery" }).click();
    const fileChooser = await chooser;
    expect(fileChooser.isMultiple()).toBe(false);
    await fileChooser.setFiles(LICENCE_JPEG);
    await expectToast(page, "Upload successful!");
    await expect(licenceCard.getByRole("img", { name: "Driver's License preview" })).toBeVisible();
    await expect(licenceCard.getByRole("button", { name: "Upload Different Photo" })).toBeVisible();

    // ---- the details, then submit --------------------------------------------------------------
    // The dates are typed as dd/mm/yyyy, as in the booking flow (not the browser's own date input).
    const dateOfBirth = page.getByLabel("Date of Birth", { exact: true });
    await expect(dateOfBirth).toHaveAttribute("placeholder", "dd/mm/yyyy");
    await expect(dateOfBirth).toHaveAttribute("type", "text");
    await dateOfBirth.pressSequentially("15031990");
    await expect(dateOfBirth).toHaveValue("15/03/1990");
    // Or picked on the calendar: the month heading opens the months, then the years.
    await page.getByRole("button", { name: "Open calendar for date of birth" }).click();
    const calendar = page.locator("[data-scope=date-picker][data-part=content][data-state=open]");
    await calendar.getByRole("button", { name: "Choose month and year" }).click();
    await calendar.locator("[data-part=view-trigger]").click();
    // The year and month views are thumb-sized too: 44 px high (and wider), as are their arrows and heading.
    await expectTargetSize(calendar.locator("[data-part=table-cell-trigger]"), 44);
    await expectTargetSize(calendar.locator("[data-part=prev-trigger], [data-part=view-trigger], [data-part=next-trigger]"), 44);
    await calendar.locator("[data-part=table-cell-trigger]", { hasText: /^1994$/ }).click();
    await expectTargetSize(calendar.locator("[data-part=table-cell-trigger]"), 44);
    await calendar.locator("[data-part=table-cell-trigger]", { hasText: /^Jul$/ }).click();
    await calendar.locator("[data-part=table-cell-trigger]:not([data-outside-range])", { hasText: /^21$/ }).first().click();
    await expect(dateOfBirth).toHaveValue("21/07/1994");
    await snap(page, testInfo, "profile-completion-date-of-birth");
    await dateOfBirth.fill("");
    await dateOfBirth.pressSequentially("15031990");
    await page.getByLabel("Address").fill("12 Long Street, Gardens");
    await page.getByLabel("City").fill("Cape Town");
    await page.getByLabel("Postal Code").fill("8001");
    await page.getByLabel("Nationality").selectOption("South African");
    await page.getByLabel("ID Number", { exact: true }).fill("9003155009087");
    await page.getByLabel("License Number").fill("DL123456789");
    // The server's own rule: an expired licence is refused, with its message on the field.
    await page.getByLabel("Expiry Date", { exact: true }).pressSequentially("31012020");
    await page.getByRole("button", { name: "Complete Profile", exact: true }).click();
    await expectToast(page, "Error", "Your driver's license has expired");
    await expectFieldError(page, "Expiry Date", "Your driver's license has expired");
    await expect(page).toHaveURL(/\/profile-completion$/);
    await page.getByLabel("Expiry Date", { exact: true }).fill("");
    await page.getByLabel("Expiry Date", { exact: true }).pressSequentially("30062031");
    await expect(page.getByLabel("Expiry Date", { exact: true })).toHaveValue("30/06/2031");
    await expect(page.getByLabel("Address")).not.toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "profile-completion-filled");
    await snap(page, testInfo, "profile-completion-filled");
    await page.getByRole("button", { name: "Complete Profile", exact: true }).click();
    await expectToast(page, "Profile completed!");
    await expect(page).toHaveURL(/\/home$/);

    // ---- home: complete profile -------------------------------------------------------------------
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Thandi" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a car to rent" })).toHaveAttribute("href", "/booking/category");
    await expect(page.getByText("Complete your profile to book")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Book Your First Car" })).toHaveAttribute("href", "/booking/category");
    await expect(page.getByRole("link", { name: /Cars for Sale/ })).toHaveAttribute("href", "/cars-for-sale");
    const profileLink = page.getByRole("banner").getByRole("link", { name: "Profile" });
    await expect(profileLink.getByRole("img", { name: "Profile complete" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "CapeDrive home" })).toHaveAttribute("href", "/home");
    await expectAccessible(page, "home-complete");
    await snap(page, testInfo, "home-complete");

    // ---- profile ---------------------------------------------------------------------------------
    await profileLink.click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(page.getByText("Profile Complete", { exact: true })).toBeVisible();
    await expect(page.getByText("Complete missing information")).toHaveCount(0);
    const details = page.getByRole("main");
    await expect(details.getByText(email.toLowerCase()).first()).toBeVisible();
    await expect(details.getByText("9003****87")).toBeVisible();
    await expect(details.getByText("DL1****89")).toBeVisible();
    await expect(details.getByText("9003155009087")).toHaveCount(0);
    await expect(details.getByText("Uploaded")).toBeVisible();
    await expect(details.getByText("15 March 1990")).toBeVisible();
    await expect(details.getByText("Not provided")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Profile complete" })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "My Bookings" })).toHaveAttribute("href", "/bookings");
    await expect(page.getByRole("link", { name: "Book a Car" })).toHaveAttribute("href", "/home");
    await expect(page.getByRole("link", { name: "Edit profile" })).toHaveAttribute("href", "/profile-completion");
    await expectAccessible(page, "profile-complete");
    await snap(page, testInfo, "profile-complete");

    // Editing prefills the form.
    await page.getByRole("link", { name: "Edit profile" }).click();
    await expect(page.getByLabel("City")).toHaveValue("Cape Town");
    await expect(page.getByLabel("ID Number", { exact: true })).toHaveValue("9003155009087");
    await expect(page.getByRole("region", { name: "Driver's License" }).getByText("Uploaded")).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/home$/);

    // ---- sign out -> landing, token and cache gone ---------------------------------------------------
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("capedrive.token"))).toBeNull();
    await page.goto("/home");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Sign in to see your profile" })).toBeVisible();
    await snap(page, testInfo, "profile-signed-out");

    // ---- signing up again with the same email: the Email field says why, not only a toast ------------
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Thandi Again");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Re-enter Password").fill("secret123");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectToast(page, "Error creating account", "An account with this email already exists");
    await expectFieldError(page, "Email", "An account with this email already exists");
    await expect(page).toHaveURL(/\/signup$/);

    // ---- sign in: messages, wrong password, then in ----------------------------------------------------
    await page.goto("/signin");
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("banner").getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectFieldError(page, "Email", "Email is required");
    await expectFieldError(page, "Password", "Password is required");
    await snap(page, testInfo, "signin-errors");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Error signing in", "Invalid email or password");
    await expectSignInRefused(page, "Invalid email or password", ["Email", "Password"]);
    await snap(page, testInfo, "signin-failed", { fullPage: false });
    // Typing again takes the failure away.
    await page.keyboard.type("s");
    await expect(page.getByText("Invalid email or password", { exact: true }).and(page.getByRole("note"))).toHaveCount(0);
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid");
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Welcome back!");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Thandi" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a car to rent" })).toBeVisible();

    // A signed-in visitor on /signin goes to /home.
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/home$/);

    expect(problems).toEqual([]);
  });

  test("forgot password: the emailed link sets a new password, once", async ({ page, request }, testInfo) => {
    const problems = watchProblems(page);
    const email = uniqueEmail("sipho", testInfo);
    await createCustomer(request, { name: "Sipho Dlamini", email, password: "old-secret" });

    // A reset link without its token.
    await page.goto("/reset-password");
    await expect(page).toHaveURL(/\/signin$/);
    await expectToast(page, "Invalid reset link", "This password reset link is invalid or has expired");

    await page.goto("/signin");
    await expectAccessible(page, "signin");
    await snap(page, testInfo, "signin");
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await dialog.getByLabel("Email").fill("sipho@");
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await snap(page, testInfo, "forgot-password-error", { fullPage: false });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(page, "Reset link sent", "If an account with that email exists, we've sent a password reset link");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Forgot Password?" })).toBeFocused(); // focus returns

    const mail = await waitForMail(email, /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9._~%-]+/);
    const link = mail.match[0];
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/signin");
    await page.getByLabel("New Password").fill("abc");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectFieldError(page, "New Password", "Password must be at least 6 characters");
    await snap(page, testInfo, "reset-password-error");
    await page.getByLabel("New Password").fill("new-secret-42");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password reset successful");
    await expect(page).toHaveURL(/\/signin$/);

    // The old password no longer works; the new one does.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("old-secret");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Error signing in", "Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill("new-secret-42");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Sipho" })).toBeVisible();
    // Incomplete profile: the amber notice with both ways forward.
    await expect(page.getByText("Complete your profile to book")).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete Profile" })).toHaveAttribute("href", "/profile-completion");
    await expect(page.getByRole("link", { name: "Check availability and prices" })).toHaveAttribute("href", "/booking/category");
    await expectAccessible(page, "home-incomplete");
    await snap(page, testInfo, "home-incomplete");

    // The link works once (opened again later, signed out, as from the email).
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(link);
    await page.getByLabel("New Password").fill("another-secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Reset failed", "Failed to reset password. The link may be expired.");
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    // Not a form that can only fail again: the way to a new link, on the spot.
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(page.getByLabel("New Password")).toHaveCount(0);
    await snap(page, testInfo, "reset-password-link-used");
    await page.getByRole("link", { name: "Send me a new link" }).click();
    await expect(page).toHaveURL(/\/signin\?forgot=1$/);
    const again = page.getByRole("dialog", { name: "Forgot Password" });
    await again.getByLabel("Email").fill(email);
    await again.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(page, "Reset link sent", "If an account with that email exists, we've sent a password reset link");
    await expect.poll(async () => (await waitForMail(email, /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9._~%-]+/)).match[0]).not.toBe(link);
    expect(problems).toEqual([]);
  });

  test("profile of an incomplete account: banner, Not provided, masks, initials", async ({ page, request }, testInfo) => {
    const email = uniqueEmail("lerato", testInfo);
    const token = await createCustomer(request, { name: "lerato   mokoena khumalo", email, password: "secret123" });
    await signInWithToken(page, token);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(page.getByText("Your profile is 0% complete")).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete missing information" })).toHaveAttribute("href", "/profile-completion");
    await expect(page.getByText("Profile Incomplete", { exact: true })).toBeVisible();
    await expect(page.getByText("LM", { exact: true })).toBeVisible(); // initials of the first two words
    await expect(page.getByText("Not provided")).toHaveCount(10); // 9 fields + the licence photo
    await expect(page.getByRole("img", { name: "Profile complete" })).toHaveCount(0);
    await expectAccessible(page, "profile-incomplete");
    await snap(page, testInfo, "profile-incomplete");

    // Partly completed through the API: 100% once all 9 are there.
    await graphql(
      request,
      `mutation ($input: CompleteProfileInput!) { completeProfile(input: $input) { id } }`,
      {
        input: {
          dateOfBirth: "1988-01-02",
          address: "1 Main Road, Sea Point",
          city: "Cape Town",
          postalCode: "8005",
          nationality: "British",
          idType: "passport",
          idNumber: "P12345678",
          driversLicenseNumber: "GB9988776655",
          driversLicenseExpiryDate: "2030-12-31",
        },
      },
      token,
    );
    await page.reload();
    await expect(page.getByText("Profile Complete", { exact: true })).toBeVisible();
    await expect(page.getByText("Passport Number")).toBeVisible();
    await expect(page.getByText("P123****78")).toBeVisible();
    await expect(page.getByText("GB9****55")).toBeVisible();
    await expect(page.getByText("International Passport")).toBeVisible();
    // No licence photo was uploaded: that one row still says so.
    await expect(page.getByText("Not provided")).toHaveCount(1);
  });

  test("camera errors: denied shows Try Again; other failures their own message", async ({ page, request }, testInfo) => {
    const token = await createCustomer(request, { name: "Camera Test", email: uniqueEmail("camera", testInfo), password: "secret123" });
    await signInWithToken(page, token);
    await page.addInitScript(() => {
      let calls = 0;
      navigator.mediaDevices.getUserMedia = async () => {
        calls++;
        throw new DOMException("denied", calls === 1 ? "NotAllowedError" : "NotReadableError");
      };
    });
    await page.goto("/profile-completion");
    await page.getByRole("region", { name: "Profile Picture" }).getByRole("button", { name: "Take Photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Capture Profile Picture" });
    await dialog.getByRole("button", { name: "Start Camera" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Camera access denied. Please allow camera permissions and try again.");
    await snap(page, testInfo, "capture-denied", { fullPage: false });
    await dialog.getByRole("button", { name: "Try Again" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Unable to access camera. Please check your device settings.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("Google without a configured client id: the start failure toast, no script from Google", async ({ page }, testInfo) => {
    await withoutGoogleClientId(page);
    const google: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("accounts.google.com")) google.push(r.url());
    });
    await page.goto("/signup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expectToast(page, "Sign-in failed", "Unable to connect to Google. Please try again.");
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expectToast(page, "Sign-in failed", "Unable to connect to Google. Please try again.");
    await snap(page, testInfo, "google-failed", { fullPage: false });
    expect(google).toEqual([]);
  });

  test("Google sign-in: a new account goes to profile completion, a returning one home, a bad token is refused", async ({ page }, testInfo) => {
    const scripts = googleScripts;
    const email = uniqueEmail("google", testInfo);
    const sub = `g-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;

    // The landing page never loads Google's script; the sign-up screen does, as it mounts.
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign Up", exact: true })).toBeVisible();
    expect(scripts).toEqual([]);
    await page.getByRole("link", { name: "Sign Up", exact: true }).click();
    const googleButton = page.getByRole("button", { name: "Sign in with Google" });
    await expect(googleButton).toBeVisible();
    expect(scripts).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { __googleClientId: string }).__googleClientId)).toBe(GOOGLE_CLIENT_ID);

    // A token for another app is refused by the server.
    await setGoogleCredential(page, await googleIdToken({ sub, email, audience: "someone-else.apps.googleusercontent.com" }));
    await googleButton.click();
    await expectToast(page, "Authentication failed", "Google sign-in failed. Please try again.");
    await expect(page).toHaveURL(/\/signup$/);

    // First time: a new account, on to profile completion.
    await setGoogleCredential(page, await googleIdToken({ sub, email, name: "Naledi Google" }));
    await googleButton.click();
    await expect(page).toHaveURL(/\/profile-completion$/);
    await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();

    // Signed out, then back with Google from the sign-in screen: straight home.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/signin");
    await setGoogleCredential(page, await googleIdToken({ sub, email, name: "Naledi Google" }));
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Naledi" })).toBeVisible();
  });

  test.describe("on a poor connection", () => {
    test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] });

    test("sign-in offline or on a 502 says so, and does not blame the email or password", async ({ page, context, request }, testInfo) => {
      const email = uniqueEmail("lindiwe", testInfo);
      await createCustomer(request, { name: "Lindiwe Mokoena", email, password: "secret123" });
      await page.goto("/signin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      // The toast's code loads a few seconds after the screen; offline before that is another journey's.
      await expect(loadedToastRegion(page)).toBeAttached();

      await context.setOffline(true);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expectToast(page, "Error signing in", CONNECTION_MESSAGE);
      await expectSignInUnreachable(page, ["Email", "Password"]);
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("secret123");
      await snap(page, testInfo, "signin-offline", { fullPage: false });

      // Back online, a gateway answers 502 once: the same, not "check your credentials".
      await context.setOffline(false);
      let gatewayErrors = 0;
      await page.route("**/graphql", async (route) => {
        if (gatewayErrors++ === 0) return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
        return route.continue();
      });
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expectToast(page, "Error signing in", CONNECTION_MESSAGE);
      await expectSignInUnreachable(page, ["Email", "Password"]);

      // The same email and password, sent again, sign in.
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expectToast(page, "Welcome back!");
      await expect(page).toHaveURL(/\/home$/);
    });

    test("a first visit offline: a toast whose code cannot load still shows, and moves to the real region once online", async ({ page, context }, testInfo) => {
      // The toast's code never arrives while offline (nor before: it is held back here).
      await page.route("**/assets/ToastRegion-*.js", (route) => route.abort("internetdisconnected"));
      await page.goto("/signin");
      await page.getByLabel("Email").fill(uniqueEmail("ayanda", testInfo));
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await context.setOffline(true);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      // Shown without Ark's code, in a live region drawn by the main code.
      const plain = page.locator("[data-plain-toasts] [data-part=root]");
      await expect(plain).toBeVisible();
      await expectToast(page, "Error signing in", CONNECTION_MESSAGE);
      await expect(page.locator("[data-plain-toasts]")).toHaveAttribute("aria-live", "assertive");
      await snap(page, testInfo, "toast-without-its-code", { fullPage: false });

      // Online again: the code comes, and the toast on show moves to the real region.
      await page.unroute("**/assets/ToastRegion-*.js");
      await context.setOffline(false);
      await expect(loadedToastRegion(page)).toBeAttached();
      await expect(plain).toHaveCount(0);
      await expectToast(page, "Error signing in", CONNECTION_MESSAGE);
    });

    test("a licence upload that fails twice goes through by itself; one that fails for good keeps the photo, with Try again", async ({
      page,
      request,
    }, testInfo) => {
      const token = await createCustomer(request, { name: "Nomsa Khoza", email: uniqueEmail("nomsa", testInfo), password: "secret123" });
      await signInWithToken(page, token);
      await page.goto("/profile-completion");
      const licenceCard = page.getByRole("region", { name: "Driver's License" });

      // Twice the connection drops during the PUT: the first time after the server has stored the
      // photo (its answer is lost on the way back), the second before it gets there. The third
      // attempt, on the same link, is answered with the photo stored the first time.
      let puts = 0;
      await page.route("**/api/objects/upload/**", async (route) => {
        if (route.request().method() !== "PUT") return route.continue();
        puts += 1;
        if (puts === 1) {
          // (Chromium gives an interceptor no body for a Blob, so the file's bytes are sent as they are.)
          const stored = await route.fetch({ postData: readFileSync(LICENCE_JPEG) });
          expect(stored.status()).toBe(200);
          return route.abort("connectionreset");
        }
        return puts === 2 ? route.abort("connectionreset") : route.continue();
      });
      let chooser = page.waitForEvent("filechooser");
      await licenceCard.getByRole("button", { name: "Choose from Gallery" }).click();
      await (await chooser).setFiles(LICENCE_JPEG);
      await expect(licenceCard.getByText(/Connection problem\. Trying again \(\d+ of 11\)/)).toBeVisible();
      await expectToast(page, "Upload successful!");
      expect(puts).toBe(3);
      await expect(licenceCard.getByRole("img", { name: "Driver's License preview" })).toBeVisible();
      await expect(licenceCard.getByText("Upload failed", { exact: false })).toHaveCount(0);
      await page.unroute("**/api/objects/upload/**");

      // A refusal that no retry would change: the photo stays on show, marked, with Try again.
      await page.route("**/api/objects/upload/**", (route) =>
        route.request().method() === "PUT" ? route.fulfill({ status: 400, json: { message: "" } }) : route.continue(),
      );
      const pictureCard = page.getByRole("region", { name: "Profile Picture" });
      chooser = page.waitForEvent("filechooser");
      await pictureCard.getByRole("button", { name: "Choose from Gallery" }).click();
      await (await chooser).setFiles(LICENCE_JPEG);
      await expectToast(page, "Upload failed", "Failed to upload photo. Please try again.");
      await expect(pictureCard.getByRole("img", { name: "Profile Picture preview" })).toBeVisible();
      await expect(pictureCard.getByText("Upload failed. The photo is still here to send again.")).toBeVisible();
      await expect(pictureCard.getByText("No photo yet")).toHaveCount(0);
      await snap(page, testInfo, "upload-failed-kept");
      await page.unroute("**/api/objects/upload/**");
      // Sent again as it is: no file picker.
      page.on("filechooser", () => {
        throw new Error("Try again must not ask for the file again");
      });
      await pictureCard.getByRole("button", { name: /^Try again/ }).click();
      await expectToast(page, "Upload successful!");
      await expect(pictureCard.getByRole("button", { name: /^Try again/ })).toHaveCount(0);
      await expect(pictureCard.getByRole("img", { name: "Profile Picture preview" })).toBeVisible();
      await expect(pictureCard.getByRole("button", { name: "Remove profile picture" })).toBeVisible();
    });

    test("a screen whose code cannot load offline says so, and opens once back online; a real new version still says updated", async ({
      page,
      context,
      request,
    }, testInfo) => {
      const token = await createCustomer(request, { name: "Zanele Dube", email: uniqueEmail("zanele", testInfo), password: "secret123" });
      await signInWithToken(page, token);
      await page.goto("/home");
      await expect(page.getByRole("heading", { level: 1, name: "Hi, Zanele" })).toBeVisible();

      // Offline, the Profile screen's code cannot be fetched: not "CapeDrive has been updated".
      await context.setOffline(true);
      await page.locator('a[href="/profile"]').first().click();
      await expect(page.getByRole("heading", { name: "No connection" })).toBeVisible();
      await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
      await expect(page.getByText("CapeDrive has been updated")).toHaveCount(0);
      await expect(page).toHaveTitle(/offline/i);
      await snap(page, testInfo, "route-offline", { fullPage: false });
      // Trying again while still offline keeps the same message (and its button).
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
      await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();

      // Back online: the screen opens by itself (the "online" event), at the same address.
      await context.setOffline(false);
      await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
      await expect(page).toHaveURL(/\/profile$/);

      // Online, a chunk the server no longer has (a new version was deployed): the update message.
      await page.route("**/assets/MyBookings-*.js", (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" }));
      await page.getByRole("link", { name: "My Bookings" }).click();
      await expect(page.getByRole("heading", { name: "CapeDrive has been updated" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Reload page" })).toBeVisible();
    });
  });

  test("Complete Your Profile keeps what was typed (and the uploaded licence) through a reload and Back; it goes on success and on sign-out", async ({
    page,
    request,
  }, testInfo) => {
    const token = await createCustomer(request, { name: "Refilwe Sithole", email: uniqueEmail("refilwe", testInfo), password: "secret123" });
    await signInWithToken(page, token);
    await page.goto("/home");
    await page.goto("/profile-completion");
    await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();
    await page.getByLabel("Date of Birth", { exact: true }).pressSequentially("15031990");
    await page.getByLabel("Address").fill("12 Long Street, Gardens");
    await page.getByLabel("City").fill("Cape Town");
    await page.getByLabel("ID Type").selectOption("passport");
    await page.getByLabel("Passport Number").fill("A12345678");
    const licenceCard = page.getByRole("region", { name: "Driver's License" });
    const chooser = page.waitForEvent("filechooser");
    await licenceCard.getByRole("button", { name: "Choose from Gallery" }).click();
    await (await chooser).setFiles(LICENCE_JPEG);
    await expectToast(page, "Upload successful!");
    // Only the uploaded object's path is kept, never the image or its local preview.
    const stored = await page.evaluate(() => sessionStorage.getItem("capedrive.profileDraft") ?? "");
    expect(stored).toMatch(/"driversLicenseImage":"\/objects\/uploads\/[0-9a-f-]{36}"/);
    expect(stored).not.toMatch(/blob:|base64/);

    const expectRestored = async () => {
      await expect(page.getByLabel("Date of Birth", { exact: true })).toHaveValue("15/03/1990");
      await expect(page.getByLabel("Address")).toHaveValue("12 Long Street, Gardens");
      await expect(page.getByLabel("City")).toHaveValue("Cape Town");
      await expect(page.getByLabel("ID Type")).toHaveValue("passport");
      await expect(page.getByLabel("Passport Number")).toHaveValue("A12345678");
      await expect(licenceCard.getByText("Uploaded")).toBeVisible();
      await expect(licenceCard.getByText("No photo yet")).toHaveCount(0);
    };
    await page.reload();
    await expectRestored();
    await snap(page, testInfo, "profile-draft-restored");
    // Back to Home, and Forward again.
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/profile-completion$/);
    await expectRestored();

    // The rest, then complete: the draft goes.
    await page.getByLabel("Postal Code").fill("8001");
    await page.getByLabel("License Number").fill("DL123456789");
    await page.getByLabel("Expiry Date", { exact: true }).pressSequentially("30062031");
    await page.getByRole("button", { name: "Complete Profile", exact: true }).click();
    await expectToast(page, "Profile completed!");
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => sessionStorage.getItem("capedrive.profileDraft"))).toBeNull();

    // A new draft, then sign out: it goes too.
    await page.goto("/profile-completion");
    await page.getByLabel("City").fill("Stellenbosch");
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("capedrive.profileDraft"))).toContain("Stellenbosch");
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem("capedrive.profileDraft"))).toBeNull();
  });

  test("toasts: one at a time, F8 focuses them, swipe right dismisses", async ({ page }, testInfo) => {
    await withoutGoogleClientId(page); // its button then toasts at once
    await page.goto("/signin");
    await page.getByLabel("Email").fill(uniqueEmail("nobody", testInfo));
    await page.getByLabel("Password", { exact: true }).fill("whatever1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Error signing in");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expectToast(page, "Sign-in failed"); // replaced, not stacked
    await expect(toast(page)).toHaveCount(1);

    await page.getByLabel("Email").focus();
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: /Notifications/ })).toBeFocused();

    // A short drag springs back; 50 px or more to the right dismisses.
    await expectSwipeDismissesToast(page);

    // It also goes by itself after 5 seconds.
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expectToast(page, "Sign-in failed");
    await page.waitForTimeout(5_400);
    await expect(toast(page)).toHaveCount(0);
  });

  test("sessions: no landing flash on reload, a dead token signs out, sign-out clears every cached result", async ({ page, request }, testInfo) => {
    const email = uniqueEmail("amahle", testInfo);
    const token = await createCustomer(request, { name: "Amahle Zulu", email, password: "secret123" });

    // A signed-in customer reloading "/" sees Home, never the landing page.
    await page.addInitScript(() => {
      (window as unknown as { sawLanding: boolean }).sawLanding = false;
      new MutationObserver(() => {
        if (document.querySelector("h1")?.textContent?.includes("Hassle-free")) (window as unknown as { sawLanding: boolean }).sawLanding = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await signInWithToken(page, token);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Amahle" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Amahle" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawLanding: boolean }).sawLanding)).toBe(false);
    await snap(page, testInfo, "home-on-root");

    // The session ends elsewhere: the next call gets 401 and the app signs out.
    await graphql(request, "mutation { signOut }", {}, token);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Sign in to see your profile" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("capedrive.token"))).toBeNull();
  });

  test("signing out in one tab signs the other tab out too", async ({ page, context, request }, testInfo) => {
    const token = await createCustomer(request, { name: "Bongani Khumalo", email: uniqueEmail("bongani", testInfo), password: "secret123" });
    await signInWithToken(page, token);
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Bongani" })).toBeVisible();
    const other = await context.newPage();
    await other.goto("/profile");
    await other.getByRole("button", { name: "Sign Out" }).click();
    await expect(other).toHaveURL(/\/$/);
    // The first tab notices (storage event): its Home screen gives way to the landing page.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
  });

  test("the landing page loads no session code; screens load their own chunks", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(1);
    await page.getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    expect(scripts.some((path) => /SignIn/.test(path))).toBe(true);
    expect(scripts.some((path) => /SignUp|ProfileCompletion|Profile-/.test(path))).toBe(false);
  });
});
