/**
 * The booking flow and the phone's Back button, and a typed address on a tab that reloads (a
 * review of a customer on a phone with a poor connection):
 * - after a booking, Back from the success screen leaves the flow to where the customer started
 *   it, instead of walking back through the steps of the finished booking (its draft is cleared);
 * - an address typed but not yet looked up survives a reload, as text only: it is still looked up
 *   and confirmed with "Use This Address", and it goes with the draft after the booking.
 */
import { capeTownDay, createCompletedCustomer, snapScreen } from "./booking-helpers.ts";
import { signInWithToken } from "./support.ts";
import { expect, test, type Page } from "./test";

const draftInStorage = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("capedrive.bookingDraft") ?? "null"));

test("Back after a booking leaves the finished flow; a typed address survives a reload until it is looked up", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await createCompletedCustomer(request, testInfo, "Naledi Backhouse");
  await signInWithToken(page, token);
  // Where the customer was before the flow: My Bookings, then Home.
  await page.goto("/bookings");
  await expect(page.getByRole("heading", { level: 1, name: "My Bookings" })).toBeVisible();
  await page.goto("/home");
  await page.getByRole("link", { name: "Book a car to rent" }).click();

  // ---- car and dates -----------------------------------------------------------------------------
  await page.getByRole("radio", { name: /^Large/ }).check({ force: true });
  await page.getByRole("radio", { name: "Manual", exact: true }).check({ force: true });
  await page.getByRole("button", { name: "Show Available Vehicles" }).click();
  await page.locator("input[name=vehicle]").first().check({ force: true });
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/datetime$/);
  // Days of its own in each project and repeat: the phone and desktop runs book the same kind of car.
  const first = 110 + (testInfo.project.name === "desktop" ? 40 : 0) + 4 * testInfo.repeatEachIndex;
  await page.getByLabel("Pickup date", { exact: true }).pressSequentially(capeTownDay(first).digits);
  await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(first + 2).digits);
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // ---- delivery: typed, then the tab reloads before "Use This Address" -----------------------------
  await expect(page).toHaveURL(/\/booking\/delivery-location$/);
  const delivery = page.getByLabel("Delivery address");
  await delivery.fill("Cape Town International Airport");
  await page.reload();
  await expect(delivery).toHaveValue("Cape Town International Airport");
  // Only the text is kept: nothing is chosen until it is looked up.
  await expect(page.getByRole("button", { name: "Confirm Delivery Location" })).toBeDisabled();
  expect(await draftInStorage(page)).toMatchObject({ deliveryAddressTyped: "Cape Town International Airport", deliveryLocation: "", deliveryCoordinates: "" });
  await snapScreen(page, testInfo, "booking-history-typed-after-reload");
  await page.getByRole("button", { name: "Use This Address" }).click();
  await expect(page.getByTestId("selected-location")).toHaveText("Cape Town International Airport");
  expect(await draftInStorage(page)).toMatchObject({ deliveryAddressTyped: "", deliveryLocation: "Cape Town International Airport" });
  await page.getByRole("button", { name: "Confirm Delivery Location" }).click();

  // ---- return: typed, reloaded, looked up --------------------------------------------------------
  await expect(page).toHaveURL(/\/booking\/return-location$/);
  const returnAddress = page.getByLabel("Different address");
  await returnAddress.fill("Dorp Street Stellenbosch");
  await page.reload();
  await expect(returnAddress).toHaveValue("Dorp Street Stellenbosch");
  await expect(page.getByRole("button", { name: "Confirm Return Location" })).toBeDisabled();
  await page.getByRole("button", { name: "Use This Address" }).click();
  await expect(page.getByTestId("selected-location")).toHaveText("Dorp Street Stellenbosch");
  await page.getByRole("button", { name: "Confirm Return Location" }).click();

  // ---- confirm, then Back -------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/booking\/confirmation$/);
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Booking Confirmed!" })).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/success$/);
  expect(await draftInStorage(page)).toBeNull();
  await snapScreen(page, testInfo, "booking-history-success");

  // The steps of the finished booking are no longer behind it: Back goes to Home, then My Bookings.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("link", { name: "Book a car to rent" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/bookings$/);
  // Forward again: the booking's success screen, as it was.
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Booking Confirmed!" })).toBeVisible();

  // A new booking starts empty: no address typed for the last one comes back.
  await page.goto("/home");
  await page.getByRole("link", { name: "Book a car to rent" }).click();
  await expect(page.getByRole("radio", { name: /^Large/ })).not.toBeChecked();
});
