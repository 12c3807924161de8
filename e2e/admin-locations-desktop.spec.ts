/**
 * Issue 15, point 3, in the back office: a booking whose typed address the geocoder could not
 * place shows the warning on its card; the admin calls the customer and sets the real point (a
 * point outside every area is refused with the server's reason), finds the address the customer
 * gives on the map (the typed one is not there), and the warning goes.
 */
import { expect, test } from "./test";
import { DEFAULT_TYPED_ADDRESS_COORDINATES, UNVERIFIED_LOCATION_NOTE } from "#domain/geo.ts";
import { capeTownDay, capeTownInstant, createCompletedCustomer, firstFreeVehicle, seedBooking } from "./booking-helpers.ts";
import { expectToast, graphql, snap, uniqueEmail } from "./support.ts";

const SIGNUP_CODE = process.env.E2E_ADMIN_SIGNUP_CODE ?? "e2e-admin-invitation-code";
const PASSWORD = "Harbour-lights-42";

test("an unverified delivery point: the warning, a refused point outside the area, then the real point", async ({ page, request }, testInfo) => {
  const email = uniqueEmail("admin.locations", testInfo);
  await graphql(request, `mutation ($input: AdminSignUpInput!) { adminSignUp(input: $input) { token } }`, {
    input: { email, password: PASSWORD, firstName: "Lindiwe", lastName: "Khumalo", signupCode: SIGNUP_CODE },
  });
  const customer = await createCompletedCustomer(request, testInfo, "Mpho Sithole");
  const day = 90 + Math.floor(Math.random() * 20);
  const pickupDate = capeTownInstant(capeTownDay(day).iso, "10:00");
  const returnDate = capeTownInstant(capeTownDay(day + 1).iso, "10:00");
  const car = await firstFreeVehicle(request, "medium", "automatic", pickupDate, returnDate);
  const booking = await seedBooking(request, customer, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate,
    returnDate,
    deliveryLocation: "9 Nowhere Close, Philippi",
    deliveryCoordinates: DEFAULT_TYPED_ADDRESS_COORDINATES,
  });

  await page.goto("/admin/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Welcome back!");
  await page.goto("/admin/bookings");
  const card = page.locator(`[data-booking-id="${booking.id}"]`);
  await expect(card.locator('[data-unverified="delivery"]')).toContainText(UNVERIFIED_LOCATION_NOTE);
  await expect(card.locator('[data-unverified="return"]')).toHaveCount(0);

  await card.getByRole("button", { name: "Set delivery point" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("9 Nowhere Close, Philippi");
  await dialog.getByLabel("Coordinates (latitude,longitude)").fill("-26.2041,28.0473");
  await dialog.getByRole("button", { name: "Set Location" }).click();
  await expect(dialog).toContainText("outside every active service area");
  await snap(page, testInfo, "admin-booking-set-location");

  // The customer's own words are not on the map; the address they give on the phone is.
  const find = dialog.getByRole("button", { name: "Find on map the delivery address" });
  await find.click();
  await expect(dialog.locator('[data-find-point="delivery"]')).toContainText('No place found for "9 Nowhere Close, Philippi"');
  await dialog.getByLabel("Corrected address (optional)").fill("Long Street, Cape Town");
  await expect(dialog.locator('[data-find-point="delivery"]')).not.toContainText("No place found");
  await find.click();
  await dialog
    .getByRole("list", { name: /found: choose/ })
    .getByRole("button", { name: /Long Street, Cape Town City Centre/ })
    .click();
  await expect(dialog.getByLabel("Coordinates (latitude,longitude)")).toHaveValue("-33.9249,18.4241");
  await expect(dialog).not.toContainText("outside every active service area");
  await snap(page, testInfo, "admin-booking-set-location-found");
  await dialog.getByRole("button", { name: "Set Location" }).click();
  await expectToast(page, "Location set");
  await expect(dialog).toHaveCount(0);
  await expect(card.locator('[data-unverified="delivery"]')).toHaveCount(0);
  await expect(card).toContainText("Long Street, Cape Town");
  await expect(card.getByRole("link", { name: "Map of the delivery point" })).toHaveAttribute("href", /query=-33\.9249%2C18\.4241/);
});
