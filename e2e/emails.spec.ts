/**
 * Every email's HTML as a phone shows it (issue 13): each template is rendered with sample data
 * by `bun server/emails/preview.ts` (server/emails/samples.ts) and opened in Chromium at 375 px,
 * in the light and the dark colour scheme. Each must show its main fact (the booking number, the
 * difference in price...), never scroll sideways (also at 360 px), and keep its text legible in
 * dark mode. Screenshots go to e2e/screenshots/emails/ for review.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./test";

type Rendered = { name: string; subject: string; shows: string; file: string };

// Rendered when the spec loads, so there is one test per email (the runner and each worker render the same files).
const folder = mkdtempSync(join(tmpdir(), "capedrive-emails-"));
execFileSync(process.env.BUN ?? "bun", ["server/emails/preview.ts", folder], { stdio: "pipe" });
const emails: Rendered[] = JSON.parse(readFileSync(join(folder, "index.json"), "utf8"));

test.use({ viewport: { width: 375, height: 812 } });

test("every email the product sends is rendered", () => {
  expect(emails.length).toBeGreaterThanOrEqual(13);
});

for (const email of emails) {
  test(`${email.name}: readable on a phone, light and dark`, async ({ page }) => {
    const html = readFileSync(join(folder, email.file), "utf8");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setContent(html, { waitUntil: "load" });
      await expect(page.locator(".cd-card").getByText(email.shows).first()).toBeVisible();
      await expect(page.getByText("CapeDrive · Hassle-free car rentals in Cape Town")).toBeVisible();
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(width.scroll, "no sideways scrolling at 375 px").toBeLessThanOrEqual(width.viewport);
      // The card follows the scheme: dark text on white by day, light text on slate at night.
      const card = await page.evaluate(() => {
        const el = document.querySelector(".cd-card") as HTMLElement;
        const text = document.querySelector(".cd-card .cd-text") as HTMLElement;
        return { background: getComputedStyle(el).backgroundColor, text: getComputedStyle(text).color };
      });
      if (colorScheme === "light") expect(card).toEqual({ background: "rgb(255, 255, 255)", text: "rgb(31, 40, 51)" });
      else expect(card).toEqual({ background: "rgb(31, 40, 51)", text: "rgb(233, 238, 243)" });
      await page.screenshot({ path: `e2e/screenshots/emails/${email.name}-${colorScheme}.png`, fullPage: true, animations: "disabled", caret: "hide" });
    }
    // The smallest phones the product supports.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.setContent(html, { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "no sideways scrolling at 360 px").toBeLessThanOrEqual(0);
  });
}
