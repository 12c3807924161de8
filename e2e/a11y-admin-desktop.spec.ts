/**
 * The back office with the keyboard alone (issue: people who don't use a mouse): where focus goes
 * when what held it goes away. A screen reached from a link in the page starts at its heading; a
 * pending booking approved with Enter leaves focus on the card's status, which says the decision.
 */
import { expectAccessible } from "./axe";
import { expect, test } from "./test";
import { bookingNumber } from "#domain/booking.ts";
import { capeTownDay, capeTownInstant, createCompletedCustomer, seedBooking } from "./booking-helpers.ts";
import { createAdmin, createCar, signInAdmin } from "./handover-helpers.ts";
import { graphql } from "./support.ts";

test("admin bookings by keyboard: approve a pending booking, then on to its day's dispatch board", async ({ page, request }, testInfo) => {
  const admin = await createAdmin(request, testInfo);
  const customerToken = await createCompletedCustomer(request, testInfo, "Lindiwe Mokoena");
  const car = await createCar(request, admin.token);
  const day = capeTownDay(61);
  const booking = await seedBooking(request, customerToken, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(day.iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(63).iso, "10:00"),
  });
  await graphql(request, `mutation ($id: ID!) { updateBookingStatus(id: $id, status: pending) { id } }`, { id: booking.id }, admin.token);
  const number = bookingNumber(booking.id, "admin");

  await signInAdmin(page, admin.email);
  await page.goto("/admin/bookings");
  await page.getByRole("searchbox", { name: "Search" }).fill(`#${number}`);
  const card = page.getByRole("listitem", { name: `Booking #${number}` });
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: "Approve" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
  // The buttons are gone with the decision: focus is on the status, not on <body>.
  const status = card.getByRole("combobox", { name: `Status of booking #${number}` });
  await expect(status).toBeFocused();
  await expect(status).toHaveValue("confirmed");
  await expectAccessible(page, "bookings after an approval");

  // A link inside the page replaces the page: the new screen starts at its heading.
  await card.getByRole("link", { name: "Dispatch board for the delivery" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/dispatch\\?date=${day.iso}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Dispatch" })).toBeFocused();
});
