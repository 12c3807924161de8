/**
 * Uploads work from whatever address served the page (issue 15, point 4): the server's PUBLIC_URL
 * is http://127.0.0.1:<port>, and this journey opens the site as http://localhost:<port>, a
 * different origin. The upload link the server hands out is relative, so the PUT goes to the
 * page's own origin and the page's `connect-src 'self'` allows it.
 */
import { expect, test } from "./test";
import { createCustomer, expectToast, signInWithToken, uniqueEmail } from "./support";

const LICENCE_JPEG = "e2e/fixtures/drivers-licence.jpg";

test("a licence photo uploads when the site is opened on another address than PUBLIC_URL", async ({ page, request, baseURL }, testInfo) => {
  // The same server under its other loopback name.
  const other = new URL(baseURL!);
  other.hostname = other.hostname === "localhost" ? "127.0.0.1" : "localhost";

  const token = await createCustomer(request, { name: "Lerato Dlamini", email: uniqueEmail("origin", testInfo), password: "secret123" });
  await signInWithToken(page, token);
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|connect-src/i.test(message.text())) blocked.push(message.text());
  });

  await page.goto(new URL("/profile-completion", other).href);
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();
  const licenceCard = page.getByRole("region", { name: "Driver's License" });
  const chooser = page.waitForEvent("filechooser");
  await licenceCard.getByRole("button", { name: "Choose from Gallery" }).click();
  await (await chooser).setFiles(LICENCE_JPEG);
  await expectToast(page, "Upload successful!");
  await expect(licenceCard.getByRole("img", { name: "Driver's License preview" })).toBeVisible();
  expect(blocked).toEqual([]);
});
