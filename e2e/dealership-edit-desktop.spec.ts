/**
 * The dealership portal at a desk: leaving the Edit Vehicle page with unsaved edits (Back to
 * dashboard, Cancel, the browser's Back, a reload) asks first, while an untouched or saved form
 * leaves at once; and after deleting a car by keyboard, focus goes to the next card's first
 * action (Escape on the question gives it back to Delete). Screenshot:
 * e2e/screenshots/desktop-dealership-discard-changes.png.
 */
import { expect, test, type APIRequestContext, type Page } from "./test";
import { DEALERSHIP_TOKEN_KEY, onboardDealership, withOwnPassword } from "./dealership.ts";
import { expectToast, graphql, snap } from "./support.ts";

test.use({ viewport: { width: 1366, height: 768 } });

function unique(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/**
 * Signs a dealership of this journey's own in over the API and hands the page its token (the
 * demo dealerships' car counts are asserted by dealership-desktop.spec.ts, running in parallel).
 */
async function dealershipSession(page: Page, request: APIRequestContext) {
  const { token } = await withOwnPassword(request, onboardDealership("Edit Journey Motors"));
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [DEALERSHIP_TOKEN_KEY, token] as const);
  return token;
}

async function addCar(request: APIRequestContext, token: string, model: string) {
  const data = await graphql<{ createDealershipVehicle: { id: string } }>(
    request,
    "mutation ($input: DealershipVehicleInput!) { createDealershipVehicle(input: $input) { id } }",
    {
      input: {
        registrationNumber: `CF ${unique()}`,
        make: "Suzuki",
        model,
        year: 2023,
        category: "small",
        transmission: "manual",
        status: "available",
        mileage: 12000,
        dailyRate: "350",
      },
    },
    token,
  );
  return data.createDealershipVehicle.id;
}

const discard = (page: Page) => page.getByRole("alertdialog", { name: "Discard changes?" });

test("leaving the Edit Vehicle page with unsaved edits asks first; untouched or saved, it leaves at once", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await dealershipSession(page, request);
  const model = `Swift ${unique()}`;
  const id = await addCar(request, token, model);
  const editPath = `/dealership/vehicles/${id}/edit`;

  // Untouched: Back to dashboard leaves at once.
  await page.goto(editPath);
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue(model);
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await expect(discard(page)).toHaveCount(0);

  // Edited: Back to dashboard (by keyboard) asks; Escape keeps editing, on the page, with the edit and focus back on the link.
  // (Opened from the dashboard in the app, so the browser's Back below stays in the app.)
  await page
    .locator(`li[data-vehicle-id="${id}"]`)
    .getByRole("link", { name: /^Edit / })
    .click();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  const mileage = page.getByLabel("Mileage (km)", { exact: true });
  await mileage.fill("13500");
  const back = page.getByRole("link", { name: "Back to dashboard" });
  await back.focus();
  await page.keyboard.press("Enter");
  await expect(discard(page)).toBeVisible();
  await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(discard(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(mileage).toHaveValue("13500");
  await expect(back).toBeFocused();

  // The browser's Back asks too; Keep editing stays.
  await page.goBack();
  await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(discard(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(mileage).toHaveValue("13500");

  // A reload (or closing the tab) gets the browser's own question; dismissed, the edit stays.
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(asked).toEqual(["beforeunload"]);
  await expect(mileage).toHaveValue("13500");

  // Cancel asks; Discard (by keyboard) leaves without saving.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(discard(page).getByRole("button", { name: "Discard" })).toBeFocused();
  await snap(page, testInfo, "dealership-discard-changes", { fullPage: false });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  const stored = await graphql<{ dealershipVehicle: { mileage: number } }>(request, `{ dealershipVehicle(id: "${id}") { mileage } }`, {}, token);
  expect(stored.dealershipVehicle.mileage).toBe(12000);

  // Saved: back to the dashboard with no question, and no question on leaving afterwards.
  await page.goto(editPath);
  await mileage.fill("14200");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Vehicle updated");
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await expect(discard(page)).toHaveCount(0);
});

test("after deleting a car by keyboard, focus goes to the next card's first action; Escape gives it back to Delete", async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await dealershipSession(page, request);
  const stamp = unique();
  await addCar(request, token, `Focus A ${stamp}`);
  await addCar(request, token, `Focus B ${stamp}`);
  await page.goto("/dealership/dashboard");
  const cards = page.locator("main li[data-vehicle-id]");
  const target = cards.filter({ has: page.getByRole("heading", { name: new RegExp(`Focus A ${stamp}`) }) });
  await expect(target).toHaveCount(1);
  // The card after it on the page (or before it, when it is the last one).
  const ids = await cards.evaluateAll((items) => items.map((item) => item.getAttribute("data-vehicle-id")!));
  const targetId = (await target.getAttribute("data-vehicle-id"))!;
  const index = ids.indexOf(targetId);
  const expectedId = ids[index + 1] ?? ids[index - 1]!;

  const deleteButton = target.getByRole("button", { name: /^Delete / });
  await target.getByRole("link", { name: /^Edit / }).focus();
  await page.keyboard.press("Tab");
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Delete vehicle" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(deleteButton).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  const confirmDelete = confirm.getByRole("button", { name: "Delete" });
  // The question takes focus first; then Tab to its Delete.
  await expect.poll(() => confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 5 && !(await confirmDelete.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(confirmDelete).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Vehicle deleted");
  await expect(target).toHaveCount(0);
  await expect(page.locator(`li[data-vehicle-id="${expectedId}"]`).getByRole("link", { name: /^Edit / })).toBeFocused();
});
