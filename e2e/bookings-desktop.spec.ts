/**
 * The booking screens on a desktop browser: they stay in the phone-width frame and nothing
 * overflows; screenshots for review (the journeys themselves run on the phone project).
 */
import { expect, test, type Page } from "./test";
import { capeTownDay, capeTownInstant, createCompletedCustomer, firstFreeVehicle, putDraft, seedBooking, snapScreen } from "./booking-helpers.ts";
import { signInWithToken } from "./support.ts";

async function expectPhoneFrame(page: Page) {
  const frame = await page.locator("[data-customer-frame]").boundingBox();
  expect(frame!.width).toBeLessThanOrEqual(430);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

test("booking screens on a desktop", async ({ page, request }, testInfo) => {
  const token = await createCompletedCustomer(request, testInfo, "Megan Botha");
  const period = { pickupDate: capeTownInstant(capeTownDay(90).iso, "09:30"), returnDate: capeTownInstant(capeTownDay(94).iso, "17:00") };
  const vehicle = await firstFreeVehicle(request, "large", "automatic", period.pickupDate, period.returnDate);
  await seedBooking(request, token, {
    category: "large",
    transmission: "automatic",
    vehicleId: vehicle.id,
    ...period,
    deliveryLocation: "V&A Waterfront, Cape Town",
    returnLocation: "Cape Town International Airport",
  });
  await signInWithToken(page, token);

  await page.goto("/booking/category");
  await page.getByRole("radio", { name: /^Large/ }).check({ force: true });
  await expectPhoneFrame(page);
  await snapScreen(page, testInfo, "booking-category");

  await putDraft(page, {
    category: "large",
    transmission: "automatic",
    vehicleId: vehicle.id,
    pickupDate: capeTownInstant(capeTownDay(100).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(102).iso, "10:00"),
    deliveryLocation: "Long Street, Cape Town City Centre, Cape Town, City of Cape Town, Western Cape, 8001, South Africa",
    deliveryCoordinates: "-33.9249,18.4241",
    returnLocation: "Dorp Street Stellenbosch",
    returnCoordinates: "-33.938,18.859",
  });
  await page.goto("/booking/datetime");
  await expect(page.getByRole("heading", { level: 1, name: "Select dates & times" })).toBeVisible();
  await expectPhoneFrame(page);
  await snapScreen(page, testInfo, "booking-datetime");

  await page.goto("/booking/confirmation");
  await expect(page.getByTestId("confirmation-total")).toHaveText("R1,700");
  await expectPhoneFrame(page);
  await snapScreen(page, testInfo, "booking-confirmation");

  await page.goto("/bookings");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByTestId("booking-total")).toHaveText("R4,250");
  await expectPhoneFrame(page);
  await snapScreen(page, testInfo, "bookings");
});
