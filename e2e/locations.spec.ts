/**
 * Issue 15, points 3 and 12, on a phone:
 * - a GPS position outside every active service area is refused at the location step (not only
 *   at Confirm), with the reason; a position inside is taken;
 * - a typed address the geocoder cannot place is kept but unverified: the booking card says we
 *   will call to confirm the address;
 * - booking cards show the street and suburb, not the geocoder's full line twice.
 */
import { expect, test } from "./test";
import { DEFAULT_TYPED_ADDRESS_COORDINATES, LOCATION_NOT_SERVED, UNVERIFIED_LOCATION_NOTE } from "#domain/geo.ts";
import { capeTownDay, capeTownInstant, createCompletedCustomer, firstFreeVehicle, putDraft, seedBooking, snapScreen } from "./booking-helpers.ts";
import { NETWORK_CONSOLE_ERROR, signInWithToken } from "./support.ts";

/** What the location step says when a typed address could not be looked up (LocationStep.tsx). */
const ADDRESS_LOOKUP_OFFLINE = "We couldn't check this address: no connection. Try again.";

test("a GPS position outside every service area is refused at the location step", async ({ page, context, request }, testInfo) => {
  const token = await createCompletedCustomer(request, testInfo, "Nandi Zulu");
  await signInWithToken(page, token);
  await page.goto("/home");
  const period = { pickupDate: capeTownInstant(capeTownDay(75).iso, "10:00"), returnDate: capeTownInstant(capeTownDay(76).iso, "10:00") };
  await putDraft(page, { category: "small", transmission: "manual", vehicleId: "", ...period });
  await context.grantPermissions(["geolocation"]);

  // Johannesburg: far outside the Cape Town area.
  await context.setGeolocation({ latitude: -26.2041, longitude: 28.0473 });
  await page.goto("/booking/delivery-location");
  await page.getByRole("button", { name: /Use my current location/ }).click();
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("Outside our service area");
  await expect(alert).toContainText(LOCATION_NOT_SERVED);
  await snapScreen(page, testInfo, "booking-location-outside-area", { fullPage: false });
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(page.getByTestId("selected-location")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirm Delivery Location" })).toBeDisabled();
  // (A position inside the area is taken: the booking journey in bookings.spec.ts goes through it.
  // The browser keeps a fix for a minute, so this page cannot move the phone again.)
});

test("booking cards: street and suburb once; an address we could not place says we will call", async ({ page, request }, testInfo) => {
  const token = await createCompletedCustomer(request, testInfo, "Kagiso Molefe");
  const pickupDate = capeTownInstant(capeTownDay(80).iso, "10:00");
  const returnDate = capeTownInstant(capeTownDay(82).iso, "10:00");
  const car = await firstFreeVehicle(request, "small", "manual", pickupDate, returnDate);
  const geocoderLine = "Long Street, Cape Town City Centre, Cape Town, City of Cape Town, Western Cape, 8001, South Africa";
  await seedBooking(request, token, {
    category: "small",
    transmission: "manual",
    vehicleId: car.id,
    pickupDate,
    returnDate,
    deliveryLocation: geocoderLine,
    returnLocation: geocoderLine,
  });
  const other = await firstFreeVehicle(
    request,
    "small",
    "manual",
    capeTownInstant(capeTownDay(84).iso, "10:00"),
    capeTownInstant(capeTownDay(85).iso, "10:00"),
  );
  const unplaced = await seedBooking(request, token, {
    category: "small",
    transmission: "manual",
    vehicleId: other.id,
    pickupDate: capeTownInstant(capeTownDay(84).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(85).iso, "10:00"),
    deliveryLocation: "7 Unknown Lane, Khayelitsha",
    deliveryCoordinates: DEFAULT_TYPED_ADDRESS_COORDINATES,
  });

  await signInWithToken(page, token);
  await page.goto("/bookings");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  const routed = cards.filter({ hasNotText: "Unknown Lane" });
  await expect(routed.getByTestId("route-delivery")).toHaveText("Long Street, Cape Town City Centre");
  await expect(routed.getByTestId("route-return")).toHaveText("same place");
  await expect(routed).not.toContainText("Western Cape");
  await expect(routed.getByTestId("unverified-location")).toHaveCount(0);
  const unverified = page.locator(`[data-booking-id="${unplaced.id}"]`);
  await expect(unverified.getByTestId("unverified-location")).toHaveText(`${UNVERIFIED_LOCATION_NOTE}.`);
  await snapScreen(page, testInfo, "my-bookings-route-and-unverified");
});

test.describe("on a poor connection", () => {
  test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] });

  test("a typed address whose lookup never reaches CapeDrive is not placed at the stand-in point: it says so and keeps the text", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Palesa Mahlangu");
    await signInWithToken(page, token);
    await page.goto("/home");
    const period = { pickupDate: capeTownInstant(capeTownDay(77).iso, "10:00"), returnDate: capeTownInstant(capeTownDay(78).iso, "10:00") };
    await putDraft(page, { category: "small", transmission: "manual", vehicleId: "", ...period });
    await page.goto("/booking/delivery-location");
    const address = page.getByLabel("Delivery address");
    await address.fill("Dorp Street Stellenbosch");

    // Offline.
    await context.setOffline(true);
    await page.getByRole("button", { name: "Use This Address" }).click();
    await expect(page.getByRole("alert").filter({ hasText: ADDRESS_LOOKUP_OFFLINE })).toBeVisible();
    await expect(address).toHaveValue("Dorp Street Stellenbosch");
    await expect(page.getByTestId("selected-location")).toHaveCount(0);
    await expect(page.getByText(/We couldn't find this address on the map/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Confirm Delivery Location" })).toBeDisabled();
    await snapScreen(page, testInfo, "booking-location-offline", { fullPage: false });
    await context.setOffline(false);

    // A gateway's 502 on the lookup: the same.
    await page.route("**/graphql", async (route) => {
      if ((route.request().postData() ?? "").includes("geocodeSearch")) return route.fulfill({ status: 502, contentType: "text/html", body: "Bad Gateway" });
      return route.continue();
    });
    await page.getByRole("button", { name: "Use This Address" }).click();
    await expect(page.getByRole("alert").filter({ hasText: ADDRESS_LOOKUP_OFFLINE })).toBeVisible();
    await expect(page.getByTestId("selected-location")).toHaveCount(0);
    await page.unroute("**/graphql");

    // Typing takes the message away; sent again with a connection, the address is found.
    await address.press("End");
    await address.type(" ");
    await expect(page.getByText(ADDRESS_LOOKUP_OFFLINE)).toHaveCount(0);
    await page.getByRole("button", { name: "Use This Address" }).click();
    await expect(page.getByTestId("selected-location")).toHaveText("Dorp Street Stellenbosch");
    await expect(page.getByText(/^Found on the map: Dorp Street, Stellenbosch Central/)).toBeVisible();
  });
});
