/**
 * The back office's dialogs at a desk: a half-filled form is not thrown away by a stray Escape,
 * the close button or Cancel ("Discard changes?": Keep editing / Discard, by keyboard), while an
 * untouched one closes at once and a saved one never asks; keyboard focus after deleting a car
 * (the next card, else the previous one, else Add Vehicle; Escape gives it back to Delete); and
 * the Vehicles screen's Owner filter (Fleet / Dealerships / All, kept in the address).
 * Screenshots: e2e/screenshots/desktop-admin-discard-changes.png, desktop-admin-vehicles-owner.png.
 */
import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "./test";
import { createAdmin, signInAdmin } from "./handover-helpers.ts";
import { expectToast, graphql, snap } from "./support.ts";

test.use({ viewport: { width: 1366, height: 768 } });

const discard = (page: Page) => page.getByRole("alertdialog", { name: "Discard changes?" });

/** Escape on a dialog holding edits asks first; Discard (by keyboard) closes it. */
async function escapeAndDiscard(page: Page, dialog: Locator) {
  await page.keyboard.press("Escape");
  await expect(discard(page)).toBeVisible();
  await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(discard(page).getByRole("button", { name: "Discard" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(discard(page)).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
}

test.describe("back-office dialogs", () => {
  test("a form with unsaved changes asks before Escape, the close button or Cancel throws them away", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await createAdmin(request, testInfo);
    await signInAdmin(page, admin.email);
    await page.goto("/admin/vehicles");
    const add = page.getByRole("button", { name: "Add Vehicle" }).first();
    const form = page.getByRole("dialog", { name: "Add Vehicle" });

    // Untouched: Escape closes at once, as before.
    await add.click();
    await expect(form).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(form).toHaveCount(0);
    await expect(discard(page)).toHaveCount(0);

    // Typed into: Escape asks; Escape on the question keeps editing, with what was typed and focus back in the field.
    await add.focus();
    await page.keyboard.press("Enter");
    await expect(form).toBeVisible();
    await form.getByLabel("Make").fill("Opel");
    await page.keyboard.press("Escape");
    await expect(discard(page)).toBeVisible();
    await expect(discard(page)).toContainText("Your changes have not been saved.");
    await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(discard(page)).toHaveCount(0);
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Make")).toHaveValue("Opel");
    await expect(form.getByLabel("Make")).toBeFocused();

    // The close button asks too; Enter on the focused Keep editing stays.
    await form.getByRole("button", { name: "Close", exact: true }).click();
    await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(discard(page)).toHaveCount(0);
    await expect(form.getByLabel("Make")).toHaveValue("Opel");

    // Cancel asks; Discard closes the form and focus goes back to Add Vehicle.
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(discard(page).getByRole("button", { name: "Discard" })).toBeFocused();
    await snap(page, testInfo, "admin-discard-changes", { fullPage: false });
    await page.keyboard.press("Enter");
    await expect(form).toHaveCount(0);
    await expect(add).toBeFocused();

    // Opened again: a fresh form, nothing kept; saved: it closes without asking.
    await add.click();
    await expect(form.getByLabel("Make")).toHaveValue("");
    const plate = `DG ${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await form.getByLabel("Make").fill("Opel");
    await form.getByLabel("Model").fill("Corsa");
    await form.getByLabel("License plate").fill(plate);
    await form.getByLabel("Price per day (R)").fill("420");
    await form.getByRole("button", { name: "Add Vehicle" }).click();
    await expectToast(page, "Vehicle added");
    await expect(form).toHaveCount(0);
    await expect(discard(page)).toHaveCount(0);

    // Edit: nothing changed closes at once; a change asks.
    await page.getByLabel("Search").fill(plate);
    const card = page.getByRole("listitem", { name: /^Opel Corsa / });
    await expect(card).toHaveCount(1);
    await card.getByRole("button", { name: /^Edit / }).click();
    const edit = page.getByRole("dialog", { name: "Edit Opel Corsa" });
    await expect(edit).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(edit).toHaveCount(0);
    await card.getByRole("button", { name: /^Edit / }).click();
    await edit.getByLabel("Price per day (R)").fill("450");
    await escapeAndDiscard(page, edit);
    await expect(card).toContainText("R420/day");

    // The other back-office forms: Add Driver, Issue API Key, New service area.
    await page.goto("/admin/drivers");
    await page.getByRole("button", { name: "Add Driver" }).first().click();
    const driver = page.getByRole("dialog", { name: "Add a driver" });
    await page.keyboard.press("Escape");
    await expect(driver).toHaveCount(0);
    await page.getByRole("button", { name: "Add Driver" }).first().click();
    await driver.getByLabel("Full name").fill("Lindiwe Khumalo");
    await escapeAndDiscard(page, driver);

    await page.goto("/admin/api-keys");
    await page.getByRole("button", { name: "Issue API Key" }).first().click();
    const key = page.getByRole("dialog", { name: "Issue an API key" });
    await key.getByLabel("Name").fill("Tracker");
    await escapeAndDiscard(page, key);

    await page.goto("/admin/service-areas");
    await page.getByRole("button", { name: "New Service Area" }).first().click();
    const area = page.getByRole("dialog", { name: "New service area" });
    await expect(area).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(area).toHaveCount(0);
    await page.getByRole("button", { name: "New Service Area" }).first().click();
    await area.getByLabel("Name").fill("Durbanville");
    await area.getByRole("button", { name: "Cancel" }).click();
    await expect(discard(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(discard(page)).toHaveCount(0);
    await expect(area.getByLabel("Name")).toHaveValue("Durbanville");
    await escapeAndDiscard(page, area);
  });

  test("after deleting a car by keyboard, focus goes to the next card, else the previous one, else Add Vehicle", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await createAdmin(request, testInfo);
    const make = `Focus${Date.now().toString(36)}`;
    for (const [i, model] of ["Alpha", "Bravo", "Charlie"].entries()) {
      await graphql(
        request,
        `mutation ($input: AdminVehicleInput!) { createAdminVehicle(input: $input) { id } }`,
        {
          input: {
            make,
            model,
            year: 2024,
            category: "small",
            transmission: "manual",
            pricePerDay: 400,
            licensePlate: `FO ${Date.now().toString(36).slice(-4).toUpperCase()}-${i}`,
          },
        },
        admin.token,
      );
    }
    await signInAdmin(page, admin.email);
    await page.goto("/admin/vehicles");
    await page.getByLabel("Search").fill(make);
    const cards = page
      .getByRole("list", { name: "Vehicles" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });
    await expect(cards).toHaveCount(3);
    const editOf = (model: string) => page.getByRole("button", { name: `Edit ${make} ${model} 2024` });
    const deleteOf = (model: string) => page.getByRole("button", { name: `Delete ${make} ${model} 2024` });
    const confirm = page.getByRole("alertdialog", { name: "Delete vehicle" });

    // Tab from Edit to Delete, Enter: the question; Escape gives focus back to Delete.
    await editOf("Bravo").focus();
    await page.keyboard.press("Tab");
    await expect(deleteOf("Bravo")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(deleteOf("Bravo")).toBeFocused();

    // Deleted (Enter on the confirm's Delete): focus on the next card's Edit.
    async function deleteByKeyboard(model: string) {
      await deleteOf(model).focus();
      await page.keyboard.press("Enter");
      await expect(confirm).toBeVisible();
      const button = confirm.getByRole("button", { name: "Delete" });
      // The question takes focus first; then Tab to its Delete.
      await expect.poll(() => confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      while (!(await button.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expectToast(page, "Vehicle deleted");
      await expect(confirm).toHaveCount(0);
      await expect(deleteOf(model)).toHaveCount(0);
    }
    await deleteByKeyboard("Bravo");
    await expect(editOf("Charlie")).toBeFocused();
    // The last card: focus on the one before it.
    await deleteByKeyboard("Charlie");
    await expect(editOf("Alpha")).toBeFocused();
    // The only card: focus on Add Vehicle.
    await deleteByKeyboard("Alpha");
    await expect(page.locator("[data-add-vehicle]")).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });

  test("the Owner filter shows the dealerships' cars (each naming its dealership), kept in the address", async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await createAdmin(request, testInfo);
    await signInAdmin(page, admin.email);
    await page.goto("/admin/vehicles");
    const owner = page.getByLabel("Owner");
    const cards = page.getByRole("list", { name: "Vehicles" }).locator("li[data-vehicle-id]");
    await expect(owner).toHaveValue("fleet");
    await expect(cards.first()).toBeVisible();
    // The rental fleet: no dealership's car.
    await expect(cards.locator("[data-dealership]")).toHaveCount(0);

    await owner.selectOption("dealership");
    await expect(page).toHaveURL(/\/admin\/vehicles\?owner=dealership$/);
    await expect(cards.first().locator("[data-dealership]")).toBeVisible();
    expect(await cards.count()).toBe(await cards.locator("[data-dealership]").count());
    await expect(cards.filter({ hasText: "For sale by Atlantic Motors" }).first()).toBeVisible();
    await expect(cards.filter({ hasText: "For sale by Winelands Auto" }).first()).toBeVisible();
    // The server lets an admin edit and delete a dealership's car, so the card offers both.
    await expect(cards.first().getByRole("button", { name: /^Edit / })).toBeVisible();
    await expect(cards.first().getByRole("button", { name: /^Delete / })).toBeVisible();
    await snap(page, testInfo, "admin-vehicles-owner", { fullPage: false });

    // A reload keeps it; All shows both kinds; Fleet leaves the address clean.
    await page.reload();
    await expect(owner).toHaveValue("dealership");
    await expect(cards.first().locator("[data-dealership]")).toBeVisible();
    await owner.selectOption("all");
    await expect(page).toHaveURL(/\?owner=all$/);
    const api = await graphql<{ fleet: { total: number }; dealers: { total: number }; all: { total: number } }>(
      request,
      "{ fleet: adminVehicles(owner: fleet) { total } dealers: adminVehicles(owner: dealership) { total } all: adminVehicles(owner: all) { total } }",
      {},
      admin.token,
    );
    expect(api.all.total).toBe(api.fleet.total + api.dealers.total);
    await owner.selectOption("fleet");
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
    await expect(cards.first()).toBeVisible();
    await expect(cards.locator("[data-dealership]")).toHaveCount(0);
  });

  test("the status and category filters and the search are kept in the address too: a reload, Back and a shared link keep them", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await createAdmin(request, testInfo);
    await signInAdmin(page, admin.email);
    await page.goto("/admin/vehicles");
    const cards = page.getByRole("list", { name: "Vehicles" }).locator("li[data-vehicle-id]");
    await expect(cards.first()).toBeVisible();

    await page.getByLabel("Category").selectOption("small");
    await expect(page).toHaveURL(/\/admin\/vehicles\?category=small$/);
    await page.getByLabel("Status").selectOption("available");
    await expect(page).toHaveURL(/\?status=available&category=small$/);
    await page.getByRole("searchbox", { name: "Search" }).fill("toyota");
    await expect(page).toHaveURL(/\?status=available&category=small&q=toyota$/);
    await expect(cards.first()).toBeVisible();
    const shown = await cards.allInnerTexts();
    expect(shown.every((text) => /Small/.test(text) && /Available/.test(text) && /Toyota/i.test(text))).toBe(true);

    await page.reload();
    await expect(page.getByLabel("Category")).toHaveValue("small");
    await expect(page.getByLabel("Status")).toHaveValue("available");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("toyota");
    await expect(cards).toHaveCount(shown.length);
    // Back undoes a filter (the search replaced its letters: one step back is the status).
    await page.goBack();
    await expect(page).toHaveURL(/\?category=small$/);
    await expect(page.getByLabel("Status")).toHaveValue("");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    // Nothing the filters allow: Clear filters leaves the address clean.
    await page.goto("/admin/vehicles?status=maintenance&category=large&q=no%20such%20car");
    await expect(page.getByText("No vehicles match these filters")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
    await expect(page.getByLabel("Category")).toHaveValue("");
    await expect(cards.first()).toBeVisible();
  });
});
