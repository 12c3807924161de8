/**
 * A phone on a poor connection (a review's findings): a change, an extension or a cancellation
 * whose answer is lost after the server acted ends on the success it was, with the booking as it
 * now is; a price that does not arrive (offline, or a server error) says so with "Try again" and
 * appears once back online; a cancel that cannot be checked can simply be tapped again.
 *
 * A lost answer is made here as it happens on the road: the request reaches the server, which
 * acts, then the connection drops before the answer arrives (route.fetch, then abort).
 */
import type { Page } from "@playwright/test";
import { formatBookingCardDateTime } from "#domain/time.ts";
import { capeTownDay, capeTownInstant, createCompletedCustomer, seedBooking, snapScreen } from "./booking-helpers.ts";
import { createAdminToken, createCar } from "./handover-helpers.ts";
import { expectToast, graphql, signInWithToken } from "./support.ts";
import { expect, test } from "./test";

// The browser reports the dropped connections, the offline requests and the failing server it is shown.
test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET|net::ERR_INTERNET_DISCONNECTED|status of 500/] });

/** The GraphQL operation a request carries ("ChangeBooking"), if it is one. */
function operationOf(body: string | null): string | undefined {
  try {
    const query = String((JSON.parse(body ?? "") as { query?: unknown }).query ?? "");
    return /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  } catch {
    return undefined;
  }
}

/** The next request of `operation` reaches the server, which acts; then its connection drops before the answer arrives. */
async function loseNextAnswer(page: Page, operation: string): Promise<{ lost: () => number }> {
  let lost = 0;
  await page.route("**/graphql", async (route) => {
    if (lost > 0 || operationOf(route.request().postData()) !== operation) return route.fallback();
    lost++;
    await route.fetch();
    await route.abort("connectionreset");
  });
  return { lost: () => lost };
}

test("a change and an extension whose answers are lost end on success, made once", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await createAdminToken(request, testInfo, "admin.noanswer");
  const car = await createCar(request, admin);
  const token = await createCompletedCustomer(request, testInfo, "Sipho Signal");
  const booking = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(capeTownDay(5).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(8).iso, "10:00"),
  });
  await signInWithToken(page, token);

  // ---- a day longer; the confirm's answer is lost ------------------------------------------------
  await page.goto(`/bookings/${booking.id}/change`);
  await page.getByRole("link", { name: "Change the dates" }).click();
  const returnDate = page.getByLabel("Return date", { exact: true });
  await returnDate.fill("");
  await returnDate.pressSequentially(capeTownDay(9).digits);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("change-difference")).toHaveText("R650 more");
  const route = await loseNextAnswer(page, "ChangeBooking");
  await page.getByRole("button", { name: "Confirm change" }).click();

  // The app asked the server how the booking is now: changed, so that is the success it was.
  await expectToast(page, "Booking changed");
  expect(route.lost()).toBe(1);
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  const newReturn = formatBookingCardDateTime(new Date(capeTownInstant(capeTownDay(9).iso, "10:00")));
  await expect(page.getByText(newReturn).first()).toBeVisible();
  await expect(page.getByTestId("booking-total")).toHaveText("R2,600");
  await expect(page.getByRole("region", { name: "Changes" }).getByTestId("booking-change")).toHaveCount(1);
  await expect(page.getByText("Nothing to change")).toHaveCount(0);
  await snapScreen(page, testInfo, "no-answer-change-made");
  await page.unrouteAll({ behavior: "wait" });

  // ---- on the road: an extension whose answer is lost -------------------------------------------
  await graphql(request, `mutation ($id: ID!) { updateBookingStatus(id: $id, status: in_progress) { status } }`, { id: booking.id }, admin);
  await page.goto(`/bookings/${booking.id}/extend`);
  await expect(page.getByTestId("extend-difference")).toHaveText("R650 more");
  const extendRoute = await loseNextAnswer(page, "ExtendTrip");
  await page.getByRole("button", { name: "Extend trip" }).click();
  await expectToast(page, "Trip extended");
  expect(extendRoute.lost()).toBe(1);
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
  await expect(page.getByTestId("booking-total")).toHaveText("R3,250");
  const entries = page.getByRole("region", { name: "Changes" }).getByTestId("booking-change");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("trip extended");
});

test("the new price offline: a message and Try again, and the price once back online; a server error reads the same, not as a refusal", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await createAdminToken(request, testInfo, "admin.offline");
  const car = await createCar(request, admin);
  const token = await createCompletedCustomer(request, testInfo, "Thandi Tunnel");
  const booking = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(capeTownDay(6).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(8).iso, "10:00"),
  });
  await signInWithToken(page, token);
  await page.goto(`/bookings/${booking.id}/change`);
  await page.getByRole("link", { name: "Change the dates" }).click();
  const returnDate = page.getByLabel("Return date", { exact: true });
  await returnDate.fill("");
  await returnDate.pressSequentially(capeTownDay(9).digits);

  // ---- offline: the price cannot come ------------------------------------------------------------
  await context.setOffline(true);
  await page.getByRole("button", { name: "Done" }).click();
  const price = page.locator('[aria-labelledby="change-price"]');
  await expect(price.getByText("We couldn't work out the new price.")).toBeVisible();
  await expect(price.getByText("Check your connection and try again.")).toBeVisible();
  await expect(page.getByText("This change isn't possible")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirm change" })).toBeDisabled();
  await snapScreen(page, testInfo, "no-answer-price-offline");
  // Still offline: Try again says the same.
  await price.getByRole("button", { name: "Try again" }).click();
  await expect(price.getByText("We couldn't work out the new price.")).toBeVisible();

  // ---- back online: the price appears by itself ---------------------------------------------------
  await context.setOffline(false);
  await expect(page.getByTestId("change-difference")).toHaveText("R650 more");
  await expect(page.getByRole("button", { name: "Confirm change" })).toBeEnabled();

  // ---- a server error: the same message, Try again brings the price ------------------------------
  await page.getByRole("link", { name: "Change the dates" }).click();
  await returnDate.fill("");
  await returnDate.pressSequentially(capeTownDay(10).digits);
  let failed = 0;
  await page.route("**/graphql", async (route) => {
    if (failed > 0 || operationOf(route.request().postData()) !== "BookingChangeQuote") return route.fallback();
    failed++;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }] }),
    });
  });
  await page.getByRole("button", { name: "Done" }).click();
  await expect(price.getByText("We couldn't work out the new price.")).toBeVisible();
  await expect(page.getByText("Unexpected error.")).toHaveCount(0);
  await expect(page.getByText("This change isn't possible")).toHaveCount(0);
  await price.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("change-difference")).toHaveText("R1,300 more");
  expect(failed).toBe(1);
});

test("a cancellation whose answer is lost shows Cancelled; one that cannot be checked is tapped again and succeeds", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await createAdminToken(request, testInfo, "admin.cancel");
  const token = await createCompletedCustomer(request, testInfo, "Lindiwe Lift");
  const first = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: (await createCar(request, admin)).id,
    pickupDate: capeTownInstant(capeTownDay(5).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(7).iso, "10:00"),
  });
  const second = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: (await createCar(request, admin)).id,
    pickupDate: capeTownInstant(capeTownDay(10).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(12).iso, "10:00"),
  });
  await signInWithToken(page, token);
  await page.goto("/bookings");

  // ---- the answer is lost: the app reads the booking again, which is cancelled -------------------
  const firstCard = page.getByRole("article", { name: `Booking #${first.bookingNumber}` });
  await firstCard.getByRole("button", { name: "Cancel Booking" }).click();
  const route = await loseNextAnswer(page, "CancelBooking");
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Booking" }).click();
  await expectToast(page, "Booking cancelled", "Your booking has been successfully cancelled.");
  expect(route.lost()).toBe(1);
  await expect(firstCard.locator("[data-status]")).toHaveAttribute("data-status", "cancelled");
  await expect(firstCard.getByRole("button", { name: "Cancel Booking" })).toHaveCount(0);
  await snapScreen(page, testInfo, "no-answer-cancelled");
  await page.unrouteAll({ behavior: "wait" });

  // ---- the answer is lost and the booking cannot be read either: the card cannot know yet --------
  const secondCard = page.getByRole("article", { name: `Booking #${second.bookingNumber}` });
  await secondCard.getByRole("button", { name: "Cancel Booking" }).click();
  await loseNextAnswer(page, "CancelBooking");
  await page.route("**/graphql", (r) => (operationOf(r.request().postData()) === "MyBooking" ? r.abort("internetdisconnected") : r.fallback()));
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Booking" }).click();
  await expectToast(page, "Cancellation failed", "Failed to cancel booking. Please try again.");
  await page.unrouteAll({ behavior: "wait" });
  // Tapped again, the server answers the cancellation it made (not "already cancelled").
  await secondCard.getByRole("button", { name: "Cancel Booking" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Booking" }).click();
  await expectToast(page, "Booking cancelled", "Your booking has been successfully cancelled.");
  await expect(secondCard.locator("[data-status]")).toHaveAttribute("data-status", "cancelled");

  // Each cancelled once: one history row each.
  const data = await graphql<{ booking: { status: string; changes: { kind: string }[] } }>(
    request,
    `query ($id: ID!) { booking(id: $id) { status changes { kind } } }`,
    { id: second.id },
    token,
  );
  expect(data.booking).toEqual({ status: "cancelled", changes: [{ kind: "status" }] });
});
