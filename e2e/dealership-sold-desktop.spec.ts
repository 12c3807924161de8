/**
 * The dealership portal at a desk, with a dealership of the journey's own (the demo dealerships'
 * counts are asserted by dealership-desktop.spec.ts in parallel):
 * - Add Vehicle whose answer is lost (the car is made, the connection drops): pressing Add again
 *   ends on "Vehicle added" with one car, not "already exists".
 * - Mark as sold, confirmed: the Sold stat and filter count it, Cars for Sale no longer lists it,
 *   a buyer's old link says "This car has been sold" with a way to the other cars; "Mark as
 *   available again" lists it again.
 * Screenshots: e2e/screenshots/desktop-dealership-sold*.png (the -phone ones at 390x844).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { DEALERSHIP_TOKEN_KEY, onboardDealership, withOwnPassword } from "./dealership.ts";
import { expectTargetSize, expectToast, graphql, snap } from "./support.ts";

test.use({ viewport: { width: 1280, height: 800 }, allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

const unique = () => `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
const stat = (page: Page, label: string) => page.locator("section[aria-labelledby=stats-heading] li").filter({ hasText: label });

/** The GraphQL operation a request carries ("CreateDealershipVehicle"), if it is one. */
function operationOf(body: string | null): string | undefined {
  try {
    return (JSON.parse(body ?? "") as { operationName?: string }).operationName;
  } catch {
    return undefined;
  }
}

test("Add Vehicle after a lost answer ends on the car added once; Mark as sold takes it off Cars for Sale, and back", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { token } = await withOwnPassword(request, onboardDealership("Sold Journey Motors"));
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [DEALERSHIP_TOKEN_KEY, token] as const);

  // Add Vehicle; the first answer is lost on the way back (the server made the car).
  const model = `Corolla ${unique()}`;
  await page.goto("/dealership/vehicles/add");
  await page.getByLabel("Registration number", { exact: true }).fill(`CA ${unique()}`);
  await page.getByLabel("Make", { exact: true }).fill("Toyota");
  await page.getByLabel("Model", { exact: true }).fill(model);
  await page.getByLabel("Year", { exact: true }).fill("2021");
  await page.getByLabel("Daily rate (R)", { exact: true }).fill("500");
  await page.getByLabel("Sales price (R, optional)", { exact: true }).fill("219900");
  let lost = 0;
  await page.route("**/graphql", async (route) => {
    if (lost > 0 || operationOf(route.request().postData()) !== "CreateDealershipVehicle") return route.fallback();
    lost++;
    await route.fetch();
    await route.abort("connectionreset");
  });
  const add = page.getByRole("button", { name: "Save Vehicle" });
  await add.click();
  await expectToast(page, "Failed to add vehicle", "We couldn't reach CapeDrive. Check your connection and try again.");
  expect(lost).toBe(1);
  await add.click();
  await expectToast(page, "Vehicle added", `2021 Toyota ${model} is in your inventory.`);
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  const card = page.locator("main li").filter({ has: page.getByRole("heading", { name: `Toyota ${model}` }) });
  await expect(card).toHaveCount(1);
  await expect(stat(page, "Total")).toContainText("1");

  // Listed for sale.
  const id = await card.getAttribute("data-vehicle-id");
  await page.goto(`/cars-for-sale/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(model) })).toBeVisible();

  // Mark as sold, confirmed.
  await page.goto("/dealership/dashboard");
  await card.getByRole("button", { name: /^Mark as sold: / }).click();
  const dialog = page.getByRole("alertdialog", { name: "Mark as sold" });
  await expect(dialog).toContainText("Mark this vehicle as sold?");
  await snap(page, testInfo, "dealership-sold-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: "Mark as sold" }).click();
  await expectToast(page, "Vehicle marked as sold");
  await expect(card.getByText("Sold", { exact: true })).toBeVisible();
  await expect(stat(page, "Sold")).toContainText("1");
  await expect(stat(page, "Total")).toContainText("0");
  await page.getByRole("button", { name: /^In stock/ }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole("button", { name: /^Sold \(1\)/ }).click();
  await expect(card).toHaveCount(1);
  await snap(page, testInfo, "dealership-sold");

  // A buyer's old link.
  await page.goto(`/cars-for-sale/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This car has been sold" })).toBeVisible();
  await snap(page, testInfo, "dealership-sold-buyer-link");
  await page.getByRole("link", { name: "See other cars for sale" }).click();
  await expect(page).toHaveURL(/\/cars-for-sale$/);
  await expect(page.getByText(model)).toHaveCount(0);

  // The same on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cars-for-sale/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This car has been sold" })).toBeVisible();
  await snap(page, testInfo, "dealership-sold-buyer-link-phone");
  await page.goto("/dealership/dashboard");
  await expect(stat(page, "Sold")).toContainText("1");
  await expect(card.getByRole("button", { name: /^Mark as available again: / })).toBeVisible();
  // A thumb's 44 px for the card's buttons and the filters over the cards.
  await expectTargetSize(card.getByRole("button").or(card.getByRole("link")), 44);
  await expectTargetSize(page.getByRole("button", { name: /^(All|In stock|Sold) \(/ }), 44);
  const header = page.getByRole("navigation", { name: "Dealership portal" });
  await expectTargetSize(header.getByRole("link").or(header.getByRole("button")), 44);
  await snap(page, testInfo, "dealership-sold-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Undo: listed again.
  await page.goto("/dealership/dashboard");
  await card.getByRole("button", { name: /^Mark as available again: / }).click();
  await expectToast(page, "Vehicle available again");
  await expect(stat(page, "Sold")).toContainText("0");
  await page.goto(`/cars-for-sale/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(model) })).toBeVisible();
});
