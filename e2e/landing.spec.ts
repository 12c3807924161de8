import { expectAccessible } from "./axe";
import { expect, test, type Page, type TestInfo } from "./test";

const TAGLINE = "Hassle-free car rentals in Cape Town. Fully insured. No deposits.";

/** Full-page screenshot saved as e2e/screenshots/<project>-<name>.png (and attached to the report). */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  const path = `e2e/screenshots/${testInfo.project.name}-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

test.describe("landing screen", () => {
  test("shows the brand, the tagline, Sign Up / Sign In and the footer", async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/");
    await expect(page).toHaveTitle(/CapeDrive/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-ZA");

    // Exactly one h1, and it is the tagline (one sentence even though it is styled on two lines).
    const h1 = page.locator("h1");
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(TAGLINE);
    await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();

    // Landmarks: banner with the logo link to /, main, contentinfo with the footer text.
    const logo = page.getByRole("banner").getByRole("link", { name: "CapeDrive home" });
    await expect(logo).toHaveAttribute("href", "/");
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveText("© CapeDrive 2025");

    const signUp = page.getByRole("link", { name: "Sign Up", exact: true });
    const signIn = page.getByRole("link", { name: "Sign In", exact: true });
    await expect(signUp).toHaveAttribute("href", "/signup");
    await expect(signIn).toHaveAttribute("href", "/signin");
    await expect(signUp).toBeVisible();
    await expect(signIn).toBeVisible();

    // Both buttons are comfortably tappable and fit the screen.
    for (const button of [signUp, signIn]) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }

    // Customer screens sit in a phone-width frame.
    const frame = await page.locator("[data-customer-frame]").boundingBox();
    expect(frame!.width).toBeLessThanOrEqual(430);

    // Nothing overflows sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    // Nothing a strict Content-Security-Policy (script-src/style-src 'self') would block.
    const inline = await page.evaluate(() => ({
      scripts: document.querySelectorAll("script:not([src])").length,
      styleAttributes: document.querySelectorAll("[style]").length,
      styleElements: document.querySelectorAll("style").length,
    }));
    expect(inline).toEqual({ scripts: 0, styleAttributes: 0, styleElements: 0 });

    await expectAccessible(page, "landing");
    await snap(page, testInfo, "landing");
    expect(errors).toEqual([]);
  });

  test("Sign Up and Sign In are keyboard reachable with a visible focus ring", async ({ page }, testInfo) => {
    await page.goto("/");
    // Tab from the top of the page: the skip link first, then the logo link, then Sign Up.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "CapeDrive home" })).toBeFocused();
    await page.keyboard.press("Tab");
    const signUp = page.getByRole("link", { name: "Sign Up", exact: true });
    await expect(signUp).toBeFocused();
    const outline = await signUp.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe("solid");
    await snap(page, testInfo, "landing-focus");
  });

  test("the Sign Up link navigates client-side to /signup, and the focus goes to the new screen's heading", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign Up", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});

test.describe("404 page", () => {
  test("an unknown path shows 404 Page Not Found with a link home", async ({ page }, testInfo) => {
    const response = await page.goto("/no-such-page/deep/link");
    expect(response?.ok()).toBe(true); // SPA fallback: the shell loads, the router shows the 404
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.locator("h1")).toHaveCount(1);
    const home = page.getByRole("main").getByRole("link", { name: "Go to home page" });
    await expect(home).toHaveAttribute("href", "/");
    await expectAccessible(page, "not-found");
    await snap(page, testInfo, "not-found");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign Up", exact: true })).toBeVisible();
  });

  test("unknown admin and dealership paths show the 404 inside their full-width layout", async ({ page }, testInfo) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    await page.goto("/admin/no-such-screen");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.getByRole("banner")).toContainText("Admin");
    await expect(page.locator("[data-customer-frame]")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "CapeDrive home" })).toHaveAttribute("href", "/admin/dashboard");
    await snap(page, testInfo, "admin-not-found");

    await page.goto("/dealership/no-such-screen");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.getByRole("banner")).toContainText("Dealership portal");
    await expect(page.locator("[data-customer-frame]")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "CapeDrive home" })).toHaveAttribute("href", "/dealership/dashboard");
    await snap(page, testInfo, "dealership-not-found");
    expect(problems).toEqual([]);
  });

  test("the landing page does not download admin or dealership code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /admin|dealership/i.test(path))).toEqual([]);

    // ...while the admin area does load its own chunk.
    const adminScripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" && /AdminLayout/.test(request.url())) adminScripts.push(request.url());
    });
    await page.goto("/admin/anything");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    expect(adminScripts.length).toBe(1);
  });
});
