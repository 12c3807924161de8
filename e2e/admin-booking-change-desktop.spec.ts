/**
 * Changing a booking from the back office (issue 13), on a desktop browser against the real
 * server: the booking card's "Change booking" dialog starts from the booking's values (Cape Town
 * time), shows the server's quote as the admin edits (the difference, what changes, which car), a
 * refusal in the dialog for an impossible change (a pickup in the past) with nothing typed lost,
 * the confirm updates the card and adds the history entry (Staff, what changed, the difference);
 * a trip in progress is extended or shortened ("Extend or shorten trip": only its return, the
 * in-progress warning, no car free past its next booking, so no confirm). Screenshots of the
 * dialog at desktop and phone width (390 px) go to e2e/screenshots.
 */
import { expectAccessible } from "./axe";
import { expect, test, type APIRequestContext, type Page } from "./test";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { capeTownDay, capeTownInstant, createCompletedCustomer } from "./booking-helpers.ts";
import { createAdmin, createCar, signInAdmin } from "./handover-helpers.ts";
import { expectToast, graphql, snap, toast } from "./support.ts";
import { moveBooking } from "./time-travel.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function book(request: APIRequestContext, customerToken: string, input: { vehicleId: string; pickupDate: string; returnDate: string }) {
  const data = await graphql<{ createBooking: { id: string; totalAmount: string } }>(
    request,
    `mutation ($input: CreateBookingInput!) { createBooking(input: $input) { id totalAmount } }`,
    {
      input: {
        category: "medium",
        transmission: "automatic",
        ...input,
        deliveryLocation: "22 Loop Street, Cape Town City Centre",
        deliveryCoordinates: "-33.9210,18.4180",
        returnLocation: "Cape Town International Airport",
        returnCoordinates: "-33.9715,18.6021",
      },
    },
    customerToken,
  );
  return data.createBooking;
}

test.describe("changing a booking in the back office", () => {
  test("change a booking's return: the quote, a refusal, the confirm, the card and its history", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await createAdmin(request, testInfo);
    const car = await createCar(request, admin.token);
    const customer = await createCompletedCustomer(request, testInfo, `Thandi Mokoena ${Date.now().toString(36).slice(-4)}`);
    const pickupDay = capeTownDay(3);
    const returnDay = capeTownDay(5);
    const laterDay = capeTownDay(6);
    const booking = await book(request, customer, {
      vehicleId: car.id,
      pickupDate: capeTownInstant(pickupDay.iso, "10:00"),
      returnDate: capeTownInstant(returnDay.iso, "10:00"),
    });
    expect(booking.totalAmount).toBe("1300.00");

    await signInAdmin(page, admin.email);
    await page.goto("/admin/bookings");
    const card = page.locator(`[data-booking-id="${booking.id}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    // A booking never changed has no history.
    await expect(card.locator("[data-booking-history]")).toHaveCount(0);

    await card.getByRole("button", { name: "Change Booking" }).click();
    const dialog = page.getByRole("dialog", { name: /^Change booking #/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Times are Cape Town time (SAST)", { exact: false })).toBeVisible();
    // The booking's own values, in Cape Town time.
    await expect(dialog.getByLabel("Pickup date")).toHaveValue(pickupDay.iso);
    await expect(dialog.getByLabel("Pickup time")).toHaveValue("10:00");
    await expect(dialog.getByLabel("Return date")).toHaveValue(returnDay.iso);
    await expect(dialog.getByLabel("Return time")).toHaveValue("10:00");
    await expect(dialog.getByLabel("Delivery address")).toHaveValue("22 Loop Street, Cape Town City Centre");
    await expect(dialog.getByLabel("Return point (latitude,longitude)")).toHaveValue("-33.9715,18.6021");
    await expect(dialog.getByLabel("Category")).toHaveValue("medium");
    await expect(dialog.getByLabel("Transmission")).toHaveValue("automatic");
    const quote = dialog.getByRole("region", { name: "New price" });
    await expect(quote).toContainText("Change a date, place or car to see the new price.");
    const confirm = dialog.getByRole("button", { name: "Confirm Change" });
    await expect(confirm).toBeDisabled();
    // Pickup is three days away: the customer could still change it, so no warning.
    await expect(dialog.getByText("The customer can no longer change this booking themselves", { exact: false })).toHaveCount(0);

    // A return before pickup is caught in the form, under its field.
    await dialog.getByLabel("Return date").fill(capeTownDay(2).iso);
    await expect(dialog.getByText("Return must be after pickup")).toBeVisible();
    await expect(quote).toContainText("Fix the marked fields to see the new price.");

    // One more day: the server's quote.
    await dialog.getByLabel("Return date").fill(laterDay.iso);
    await expect(quote.locator("[data-quote-difference]")).toHaveText("R650 more");
    await expect(quote.locator("[data-quote-total]")).toHaveText("R1,950");
    await expect(quote).toContainText("3 days × R650");
    await expect(quote).toContainText("R1,300");
    await expect(quote.getByRole("listitem")).toHaveCount(1);
    await expect(quote.getByRole("listitem")).toContainText("Return:");
    await expect(quote.locator("[data-quote-car]")).toHaveAttribute("data-quote-car", "same");
    await expect(quote.locator("[data-quote-car]")).toContainText(car.plate);
    await expect(confirm).toBeEnabled();
    await expectAccessible(page, "admin-change-booking-dialog");
    await snap(page, testInfo, "admin-change-booking", { fullPage: false });

    // An impossible change: the server's refusal in the dialog, no confirm, nothing typed lost.
    await dialog.getByLabel("Pickup date").fill(capeTownDay(-1).iso);
    await expect(quote.getByRole("note")).toContainText("This change is not possible");
    await expect(quote).toContainText("The pickup time has already passed. Please choose a later pickup time.");
    await expect(confirm).toBeDisabled();
    await snap(page, testInfo, "admin-change-booking-refused", { fullPage: false });
    await expect(dialog.getByLabel("Return date")).toHaveValue(laterDay.iso);
    await dialog.getByLabel("Pickup date").fill(pickupDay.iso);
    await expect(quote.locator("[data-quote-difference]")).toHaveText("R650 more");

    // Confirm: the toast, the card's new return, days and total, and the history entry.
    await confirm.click();
    await expectToast(page, "Booking changed");
    await expect(page.locator("[data-scope=toast][data-part=description]")).toContainText("R650 more");
    await expect(dialog).toHaveCount(0);
    const newReturn = formatBookingCardDateTime(new Date(capeTownInstant(laterDay.iso, "10:00")));
    await expect(card.locator("[data-return-date]")).toHaveText(newReturn);
    await expect(card).toContainText("3 days");
    await expect(card).toContainText("R1,950");
    const history = card.getByRole("button", { name: "History (1 change)" });
    await expect(history).toHaveAttribute("aria-expanded", "false");
    await history.click();
    await expect(history).toHaveAttribute("aria-expanded", "true");
    const entries = card.getByRole("list", { name: "Change history" }).locator("[data-change-id]");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Changed");
    await expect(entries.first()).toContainText("Staff");
    await expect(entries.first()).toContainText("Return:");
    await expect(entries.first()).toContainText("R650 more");
    await expect(entries.first()).toContainText("R1,300 → R1,950");
    await entries.first().scrollIntoViewIfNeeded();
    await snap(page, testInfo, "admin-booking-history", { fullPage: false });

    // The customer's booking says the same, and shows who changed it.
    const saved = await graphql<{ booking: { returnDate: string; totalAmount: string; changes: { madeBy: string }[] } }>(
      request,
      `query ($id: ID!) { booking(id: $id) { returnDate totalAmount changes { madeBy } } }`,
      { id: booking.id },
      customer,
    );
    expect(saved.booking).toEqual({ returnDate: capeTownInstant(laterDay.iso, "10:00"), totalAmount: "1950.00", changes: [{ madeBy: "staff" }] });

    // The dialog at phone width: it opens from the new values.
    // Closed here, or already gone by itself (5 s) on a slow machine.
    await toast(page)
      .locator("[data-part=close-trigger]")
      .click({ timeout: 2_000 })
      .catch(() => {});
    await expect(toast(page)).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole("button", { name: "Change Booking" }).click();
    await expect(dialog.getByLabel("Return date")).toHaveValue(laterDay.iso);
    await dialog.getByLabel("Return date").fill(returnDay.iso);
    await expect(quote.locator("[data-quote-difference]")).toHaveText("R650 less");
    // Polled: the page settles into the narrower layout after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await quote.scrollIntoViewIfNeeded();
    await snap(page, testInfo, "admin-change-booking-phone", { fullPage: false });

    // Find on map: the places the address search knows fill the point; none found is said so.
    await dialog.getByLabel("Return address").fill("Dorp Street, Stellenbosch");
    await dialog.getByRole("button", { name: "Find on map the return address" }).click();
    const places = dialog.getByRole("list", { name: /found: choose/ });
    await expect(places.getByRole("button")).toHaveCount(1);
    await places.getByRole("button", { name: /Dorp Street, Stellenbosch Central/ }).click();
    await expect(dialog.getByLabel("Return point (latitude,longitude)")).toHaveValue("-33.938,18.859");
    await expect(dialog.locator('[data-find-point="return"]')).toContainText("Point set from Dorp Street, Stellenbosch Central");
    await expect(dialog.getByRole("link", { name: "Check it on a map (the return point)" })).toHaveAttribute("href", /query=-33\.938%2C18\.859/);
    await expect(places).toHaveCount(0);
    await dialog.getByLabel("Delivery address").fill("9 Nowhere Close, Philippi");
    await dialog.getByRole("button", { name: "Find on map the delivery address" }).click();
    await expect(dialog.locator('[data-find-point="delivery"]')).toContainText('No place found for "9 Nowhere Close, Philippi"');
    await expect(dialog.getByLabel("Delivery point (latitude,longitude)")).toHaveValue("-33.9210,18.4180");
    await expectAccessible(page, "admin-change-booking-find-point");
    await dialog.locator('[data-find-point="return"]').scrollIntoViewIfNeeded();
    await snap(page, testInfo, "admin-change-booking-find-point-phone", { fullPage: false });
    // Edits not confirmed: Cancel asks before dropping them.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard changes?" }).getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("a pickup that has passed is marked as such, and the server's refusal of new dates shows on the pickup date", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await createAdmin(request, testInfo);
    const car = await createCar(request, admin.token);
    const customer = await createCompletedCustomer(request, testInfo, `Naledi Dlamini ${Date.now().toString(36).slice(-4)}`);
    const booking = await book(request, customer, {
      vehicleId: car.id,
      pickupDate: capeTownInstant(capeTownDay(3).iso, "10:00"),
      returnDate: capeTownInstant(capeTownDay(5).iso, "10:00"),
    });
    // Overdue: still confirmed (the car not handed over), its pickup two hours ago.
    const pickup = new Date(Date.now() - 2 * 3_600_000);
    pickup.setUTCSeconds(0, 0);
    const returnDay = capeTownDay(2);
    await moveBooking(booking.id, pickup, new Date(capeTownInstant(returnDay.iso, "10:00")));

    await signInAdmin(page, admin.email);
    await page.goto("/admin/bookings");
    const card = page.locator(`[data-booking-id="${booking.id}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole("button", { name: "Change Booking" }).click();
    const dialog = page.getByRole("dialog", { name: /^Change booking #/ });
    await expect(dialog.getByRole("note").filter({ hasText: "The pickup time has passed" })).toContainText(
      "The customer can no longer change this booking themselves",
    );
    const pickupDate = dialog.getByLabel("Pickup date");
    await expect(pickupDate).toHaveAccessibleDescription(
      new RegExp(`^Pickup was ${escapeRegExp(formatBookingCardDateTime(pickup))} \\(past\\)\\. New dates need a later pickup`),
    );
    await expect(pickupDate).not.toHaveAttribute("aria-invalid", "true");

    // A later return alone keeps the passed pickup: the server refuses it, and says so on the pickup date.
    const quote = dialog.getByRole("region", { name: "New price" });
    await dialog.getByLabel("Return date").fill(capeTownDay(3).iso);
    await expect(quote.getByRole("note")).toContainText("This change is not possible");
    await expect(pickupDate).toHaveAttribute("aria-invalid", "true");
    await expect(pickupDate).toHaveAccessibleDescription(/The pickup time has already passed\. Please choose a later pickup time\./);
    await expect(dialog.getByLabel("Return date")).not.toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("button", { name: "Confirm Change" })).toBeDisabled();
    await expectAccessible(page, "admin-change-booking-pickup-passed");
    await snap(page, testInfo, "admin-change-booking-pickup-passed", { fullPage: false });

    // A later pickup: the mark goes, and the change can be made.
    await pickupDate.fill(capeTownDay(1).iso);
    await expect(quote.locator("[data-quote-difference]")).toBeVisible();
    await expect(pickupDate).not.toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("button", { name: "Confirm Change" })).toBeEnabled();
  });

  test("extend or shorten a trip in progress: only its return, and no car free past its next booking", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const admin = await createAdmin(request, testInfo);
    const car = await createCar(request, admin.token);
    const stamp = Date.now().toString(36).slice(-4);
    const onTrip = await createCompletedCustomer(request, testInfo, `Sipho Ndlovu ${stamp}`);
    const next = await createCompletedCustomer(request, testInfo, `Lindiwe Khumalo ${stamp}`);
    const returnDay = capeTownDay(2);
    const trip = await book(request, onTrip, {
      vehicleId: car.id,
      pickupDate: new Date(Date.now() + 20 * 60_000).toISOString(),
      returnDate: capeTownInstant(returnDay.iso, "10:00"),
    });
    // The same car is booked again from four days on.
    const nextPickup = capeTownInstant(capeTownDay(4).iso, "10:00");
    await book(request, next, { vehicleId: car.id, pickupDate: nextPickup, returnDate: capeTownInstant(capeTownDay(6).iso, "10:00") });
    await graphql(request, `mutation ($id: ID!) { updateBookingStatus(id: $id, status: in_progress) { id } }`, { id: trip.id }, admin.token);

    await signInAdmin(page, admin.email);
    await page.goto("/admin/bookings");
    const card = page.locator(`[data-booking-id="${trip.id}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole("button", { name: "Change Booking" })).toHaveCount(0);
    await card.getByRole("button", { name: "Extend or Shorten Trip" }).click();
    const dialog = page.getByRole("dialog", { name: /^Extend or shorten trip #/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("note").filter({ hasText: "This trip is in progress" })).toContainText(
      "The customer can no longer change this booking themselves; they will be emailed the change.",
    );
    // Only the return can change.
    await expect(dialog.getByLabel("Pickup date")).toHaveCount(0);
    await expect(dialog.getByLabel("Category")).toHaveCount(0);
    await expect(dialog.getByLabel("Delivery address")).toHaveCount(0);
    await expect(dialog.getByLabel("Return date")).toHaveValue(returnDay.iso);
    const quote = dialog.getByRole("region", { name: "New price" });
    const confirm = dialog.getByRole("button", { name: "Confirm New Return" });

    // Past the car's next booking: no car, said clearly, and no confirm.
    await dialog.getByLabel("Return date").fill(capeTownDay(5).iso);
    await expect(quote.getByRole("note")).toContainText("No car is free for this change");
    await expect(quote).toContainText(`The car is booked again from ${formatBookingCardDateTime(new Date(nextPickup))}`);
    await expect(confirm).toBeDisabled();
    await snap(page, testInfo, "admin-extend-trip-no-car", { fullPage: false });

    // One day more fits.
    await dialog.getByLabel("Return date").fill(capeTownDay(3).iso);
    await expect(quote.locator("[data-quote-difference]")).toHaveText("R650 more");
    await expect(quote.locator("[data-quote-car]")).toHaveAttribute("data-quote-car", "same");
    await expect(confirm).toBeEnabled();
    await snap(page, testInfo, "admin-extend-trip", { fullPage: false });
    await confirm.click();
    await expectToast(page, "Trip extended");
    await expect(dialog).toHaveCount(0);
    await expect(card.locator("[data-return-date]")).toHaveText(formatBookingCardDateTime(new Date(capeTownInstant(capeTownDay(3).iso, "10:00"))));

    // And shortened back: the history shows both, newest first, after the status change that put the trip on the road.
    await card.getByRole("button", { name: "Extend or Shorten Trip" }).click();
    await dialog.getByLabel("Return date").fill(returnDay.iso);
    await expect(quote.locator("[data-quote-difference]")).toHaveText("R650 less");
    await confirm.click();
    await expectToast(page, "Trip shortened");
    await expect(card.locator("[data-return-date]")).toHaveText(formatBookingCardDateTime(new Date(capeTownInstant(returnDay.iso, "10:00"))));
    await card.getByRole("button", { name: "History (3 changes)" }).click();
    const entries = card.getByRole("list", { name: "Change history" }).locator("[data-change-id]");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("Shortened");
    await expect(entries.nth(0)).toContainText("R650 less");
    await expect(entries.nth(1)).toContainText("Extended");
    await expect(entries.nth(1)).toContainText("R650 more");
    await expect(entries.nth(2)).toContainText("Marked In Progress");
  });
});
