/**
 * A dealership or a driver who forgot the password CapeDrive gave them can reach us from the
 * sign-in page: the server's support phone (a tel: link in E.164) and email (mailto:), the ones
 * every email's footer gives (playwright.config.ts sets SUPPORT_PHONE and MAIL_REPLY_TO). Runs on
 * the phone and the desktop; screenshots e2e/screenshots/<project>-{dealership,driver}-signin-contact.png.
 */
import { phoneE164 } from "#domain/phone.ts";
import { expectAccessible } from "./axe";
import { expect, test } from "./test";
import { expectTargetSize, snap } from "./support.ts";

const phone = process.env.E2E_SUPPORT_PHONE!;
const email = process.env.E2E_SUPPORT_EMAIL!;

for (const area of [
  { name: "dealership", path: "/dealership/signin", heading: "Dealership sign in" },
  { name: "driver", path: "/driver/signin", heading: "Driver sign in" },
]) {
  test(`the ${area.name} sign-in page says how to reach CapeDrive for a forgotten password`, async ({ page }, testInfo) => {
    await page.goto(area.path);
    await expect(page.getByRole("heading", { name: area.heading })).toBeVisible();
    const line = page.getByTestId("forgot-password-contact");
    await expect(line).toHaveText(`Forgot your password? Contact CapeDrive on ${phone} or ${email}.`);
    await expect(line.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phoneE164(phone)}`);
    expect(phoneE164(phone)).toMatch(/^\+27\d{9}$/);
    await expect(line.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    // Each link is a thumb's 44 px target on a phone, and an address that fits a line is not split at its "@".
    if (testInfo.project.name === "phone") await expectTargetSize(line.getByRole("link"), 44);
    const emailLines = await line.getByRole("link", { name: email }).evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(emailLines).toBe(1);
    await expectAccessible(page, `${area.name}-signin-contact`);
    await snap(page, testInfo, `${area.name}-signin-contact`);
  });
}
