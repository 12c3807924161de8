/**
 * Changing a booking and extending a trip on a phone (issue 13): from My Bookings the customer
 * changes the return date and the delivery place through the booking flow's own steps, sees the
 * difference ("R650 more"), confirms, and reads the change in the booking's history; the tax
 * receipt carries the debit note. Once the trip is on the road (the office marks it in progress)
 * the customer extends it a day and sees the extension in the history.
 */
import { formatRandCents } from "#domain";
import { capeTownDay, capeTownInstant, createCompletedCustomer, expectNoOverflow, seedBooking, snapScreen } from "./booking-helpers.ts";
import { createAdminToken, createCar } from "./handover-helpers.ts";
import { expectTargetSize, expectToast, graphql, signInWithToken } from "./support.ts";
import { expect, test } from "./test";

test("change a booking's return and delivery place, see the difference and the history; then extend the trip on the road", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await createAdminToken(request, testInfo, "admin.change");
  const car = await createCar(request, admin);
  const token = await createCompletedCustomer(request, testInfo, "Lerato Change");
  const booking = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(capeTownDay(5).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(8).iso, "10:00"),
  });
  await signInWithToken(page, token);

  // ---- from My Bookings to the change summary ---------------------------------------------------
  await page.goto("/bookings");
  const card = page.getByRole("article", { name: `Booking #${booking.bookingNumber}` });
  await card.getByRole("link", { name: `Change booking #${booking.bookingNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/change$`));
  // The keyboard starts at the loaded screen's heading (the loading screen's one is gone).
  await expect(page.getByRole("heading", { name: `Change booking #${booking.bookingNumber}` })).toBeFocused();
  await expect(page.getByText("you'll see the new price before you confirm")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm change" })).toBeDisabled();
  // Tapped with a thumb: each Change is 44 px high.
  await expectTargetSize(page.getByRole("link", { name: /^Change the / }), 44);

  // ---- the dates step of the booking flow: one more day -----------------------------------------
  await page.getByRole("link", { name: "Change the dates" }).click();
  await expect(page.getByRole("heading", { name: "Change dates & times" })).toBeVisible();
  const returnDate = page.getByLabel("Return date", { exact: true });
  await expect(returnDate).toHaveValue(capeTownDay(8).typed);
  await returnDate.fill("");
  await returnDate.pressSequentially(capeTownDay(9).digits);
  await snapScreen(page, testInfo, "change-dates");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/change$`));
  const dates = page.locator('[data-part="Dates"]');
  await expect(dates).toContainText("Changed");
  await expect(page.getByTestId("change-difference")).toHaveText(`${formatRandCents(65_000)} more`);
  await expect(page.getByText("You keep the same car.")).toBeVisible();

  // ---- the delivery step: a typed address ------------------------------------------------------
  await page.getByRole("link", { name: "Change the delivery location" }).click();
  await page.getByRole("button", { name: "Change Location" }).click();
  await page.getByLabel("Delivery address").fill("Dorp Street Stellenbosch");
  await page.getByRole("button", { name: "Use This Address" }).click();
  await expect(page.getByTestId("selected-location")).toBeVisible();
  await page.getByRole("button", { name: "Confirm Delivery Location" }).click();
  await expect(page.locator('[data-part="Delivery"]')).toContainText("was Long Street, Cape Town");
  await expect(page.getByTestId("change-difference")).toHaveText("R650 more");
  await expectNoOverflow(page);
  await snapScreen(page, testInfo, "change-summary");

  // ---- confirm: the booking page shows the change ----------------------------------------------
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expectToast(page, "Booking changed");
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  const history = page.getByRole("region", { name: "Changes" });
  await expect(history.getByTestId("booking-change")).toHaveCount(1);
  await expect(history).toContainText("by you");
  await expect(history).toContainText("Return:");
  await expect(history).toContainText("Delivery:");
  await expect(history).toContainText("R650 more");
  await expect(page.getByTestId("booking-total")).toHaveText("R2,600");
  await snapScreen(page, testInfo, "change-history");

  // ---- the receipt: the invoice stays, a debit note adds the difference -------------------------
  await page.getByRole("link", { name: "Tax invoice", exact: true }).click();
  await expect(page.getByText(/debit note/i).first()).toBeVisible();
  await expect(page.getByText("R650").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Debit Note" })).toContainText(/DN-\d{6}/);

  // ---- the trip is on the road: extend it a day -------------------------------------------------
  await graphql(request, `mutation ($id: ID!) { updateBookingStatus(id: $id, status: in_progress) { status } }`, { id: booking.id }, admin);
  await page.goto(`/bookings/${booking.id}`);
  await page.getByRole("link", { name: "Extend trip" }).click();
  await expect(page.getByRole("heading", { name: "Extend trip" })).toBeVisible();
  await expect(page.getByLabel("Return date", { exact: true })).toHaveValue(capeTownDay(10).typed);
  await expect(page.getByTestId("extend-difference")).toHaveText("R650 more");
  await expect(page.getByText("Your car is free for the extra time.")).toBeVisible();
  await expectNoOverflow(page);
  await snapScreen(page, testInfo, "extend-trip");
  await page.getByRole("button", { name: "Extend trip" }).click();
  await expectToast(page, "Trip extended");
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  // The history: the extension, the trip put on the road by CapeDrive, and the change, newest first.
  const entries = page.getByRole("region", { name: "Changes" }).getByTestId("booking-change");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("trip extended");
  await expect(entries.nth(1)).toContainText("by CapeDrive");
  await expect(entries.nth(1)).toContainText("Booking marked in progress");
  await expect(page.getByTestId("booking-total")).toHaveText("R3,250");
});

test("while a change is being saved nothing else can be changed, and a customer who leaves meanwhile is not pulled back when it succeeds", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await createAdminToken(request, testInfo, "admin.change");
  const car = await createCar(request, admin);
  const token = await createCompletedCustomer(request, testInfo, "Sizwe Slow");
  const booking = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(capeTownDay(5).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(8).iso, "10:00"),
  });
  await signInWithToken(page, token);
  await page.goto("/bookings");
  await page
    .getByRole("article", { name: `Booking #${booking.bookingNumber}` })
    .getByRole("link", { name: `Change booking #${booking.bookingNumber}` })
    .click();
  await page.getByRole("link", { name: "Change the dates" }).click();
  const returnDate = page.getByLabel("Return date", { exact: true });
  await returnDate.fill("");
  await returnDate.pressSequentially(capeTownDay(9).digits);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("change-difference")).toHaveText("R650 more");

  // A slow network: the change's answer is held until the test lets it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const saving = new Promise<void>((resolve) => (reached = resolve));
  await page.route("**/graphql*", async (route) => {
    if (!(route.request().postData() ?? "").includes("mutation ChangeBooking")) return route.continue();
    reached();
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Confirm change" }).click();
  await saving;
  // Saving: neither Discard nor another edit, which the save would then throw away.
  await expect(page.getByRole("button", { name: "Changing…" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Discard" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Change the dates" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change the dates" })).toBeDisabled();
  await snapScreen(page, testInfo, "change-saving");

  // The customer leaves for the home screen before the answer comes; the change still succeeds,
  // they are told so, and stay where they went, with nothing asked.
  await page.getByRole("banner").getByRole("link", { name: "CapeDrive home" }).click();
  await expect(page).toHaveURL(/\/home$/);
  release();
  await expectToast(page, "Booking changed");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  const saved = await graphql<{ booking: { totalAmount: string } }>(
    request,
    `query ($id: ID!) { booking(id: $id) { totalAmount } }`,
    { id: booking.id },
    token,
  );
  expect(saved.booking.totalAmount).toBe("2600.00");
});
