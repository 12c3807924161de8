/**
 * Booking journeys on a phone (SPEC 2, 4, 5, 8, 9): category -> dates -> delivery by GPS (a
 * Playwright geolocation fix, described by the server's geocoder = the Nominatim stand-in) ->
 * return at a typed address -> confirmation -> success -> My Bookings with the server's total ->
 * cancel; the same journey with the phone in New York time shows the Cape Town times entered.
 * Then the rules around it: date validation, the empty vehicle list, the incomplete profile, a
 * booking inside 24 hours, the draft surviving a reload, redirects, and geolocation failures.
 *
 * Every test books its own kind of car (category + transmission), so parallel tests never race
 * for one vehicle.
 */
import { expectAccessible } from "./axe";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "./test";
import { formatRand } from "#domain/money.ts";
import { formatConfirmationDateTime } from "#domain/time.ts";
import {
  COMPLETE_PROFILE,
  capeTownDay,
  capeTownInstant,
  createCompletedCustomer,
  expectNoOverflow,
  firstFreeVehicle,
  myBookings,
  putDraft,
  seedBooking,
  snapScreen,
} from "./booking-helpers.ts";
import { createAdminToken, createCar } from "./handover-helpers.ts";
import { createCustomer, expectTargetSize, expectToast, graphql, signInWithToken, uniqueEmail } from "./support.ts";

const LONG_STREET = { latitude: -33.9249, longitude: 18.4241 };
const LONG_STREET_ADDRESS = "Long Street, Cape Town City Centre, Cape Town, City of Cape Town, Western Cape, 8001, South Africa";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "yyyy-mm-dd" + "HH:mm" as the confirmation shows it: "Mar 05, 2025, 10:00". */
function confirmationText(iso: string, time: string): string {
  const [y, m, d] = iso.split("-");
  return `${MONTHS[Number(m) - 1]} ${d}, ${y}, ${time}`;
}
/** ... and as a booking card shows it: "Mar 5, 2025, 10:00 AM". */
function cardText(iso: string, time: string): string {
  const [y, m, d] = iso.split("-");
  const [h, min] = time.split(":").map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}, ${hour12}:${String(min).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

async function chooseCar(page: Page, category: "Small" | "Medium" | "Large", transmission: "Manual" | "Automatic") {
  await page.getByRole("radio", { name: new RegExp(`^${category}`) }).check({ force: true });
  await page.getByRole("radio", { name: transmission, exact: true }).check({ force: true });
  await page.getByRole("button", { name: "Show Available Vehicles" }).click();
  await expect(page).toHaveURL(/\/booking\/category\?view=vehicles$/);
  // The keyboard continues at the list of cars, not at the top of the page.
  await expect(page.getByRole("heading", { name: new RegExp(`^Available ${category} cars`) })).toBeFocused();
  await page.locator("input[name=vehicle]").first().check({ force: true });
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/datetime$/);
}

async function fillDates(page: Page, pickup: { digits: string }, returnDay: { digits: string }, returnTime?: string) {
  // Typed digit by digit: the slashes come by themselves.
  await page.getByLabel("Pickup date", { exact: true }).pressSequentially(pickup.digits);
  await page.getByLabel("Return date", { exact: true }).pressSequentially(returnDay.digits);
  if (returnTime) await page.getByLabel("Return time", { exact: true }).fill(returnTime);
}

type Journey = {
  prefix: string;
  category: "Small" | "Medium";
  transmission: "Manual" | "Automatic";
  rate: number;
  pickupInDays: number;
};

async function bookingJourney(page: Page, request: APIRequestContext, testInfo: TestInfo, journey: Journey) {
  const { prefix } = journey;
  const token = await createCompletedCustomer(request, testInfo, "Ayesha Daniels");
  await signInWithToken(page, token);

  // ---- home -> category ------------------------------------------------------------------------
  await page.goto("/home");
  await page.getByRole("link", { name: "Book a car to rent" }).click();
  await expect(page).toHaveURL(/\/booking\/category$/);
  await expect(page.getByRole("heading", { level: 1, name: "Book a Car" })).toBeVisible();
  const show = page.getByRole("button", { name: "Show Available Vehicles" });
  await expect(show).toBeDisabled(); // a category first
  for (const [name, line, rate] of [
    ["Small", "Perfect for city drives", "from R450/day"],
    ["Medium", "Comfort meets efficiency", "from R650/day"],
    ["Large", "Spacious family trips", "from R850/day"],
  ]) {
    const option = page.locator("label").filter({ has: page.getByRole("radio", { name: new RegExp(`^${name}`) }) });
    await expect(option).toContainText(line!);
    await expect(option).toContainText(rate!);
  }
  await expect(page.getByRole("radio", { name: "Manual", exact: true })).toBeChecked(); // the default
  await page.getByRole("radio", { name: new RegExp(`^${journey.category}`) }).check({ force: true });
  await page.getByRole("radio", { name: journey.transmission, exact: true }).check({ force: true });
  await expectNoOverflow(page);
  await expectAccessible(page, "category");
  await snapScreen(page, testInfo, `${prefix}category`);
  await show.click();

  // ---- vehicles ----------------------------------------------------------------------------------
  await expect(page.getByRole("heading", { name: `Available ${journey.category} cars · ${journey.transmission}` })).toBeVisible();
  const next = page.getByRole("button", { name: "Next", exact: true });
  await expect(next).toBeDisabled();
  await expectTargetSize(page.getByRole("button", { name: "Back to Categories" }), 44);
  const vehicles = page.locator("label").filter({ has: page.locator("input[name=vehicle]") });
  await expect(vehicles.first()).toContainText(`R${journey.rate}/day`);
  await vehicles.first().click();
  await expect(next).toBeEnabled();
  await expectNoOverflow(page);
  await expectAccessible(page, "vehicles");
  await snapScreen(page, testInfo, `${prefix}vehicles`);
  await next.click();

  // ---- dates and times ---------------------------------------------------------------------------
  await expect(page.getByRole("heading", { level: 1, name: "Select dates & times" })).toBeVisible();
  await expect(page.getByLabel("Pickup time", { exact: true })).toHaveValue("10:00");
  await expect(page.getByLabel("Return time", { exact: true })).toHaveValue("10:00");
  const pickup = capeTownDay(journey.pickupInDays);
  const returnDay = capeTownDay(journey.pickupInDays + 3);
  await fillDates(page, pickup, returnDay, "14:30");
  await expect(page.getByLabel("Pickup date", { exact: true })).toHaveValue(pickup.typed);
  await expect(page.getByLabel("Return date", { exact: true })).toHaveValue(returnDay.typed);
  // 3 days and 4.5 hours: any part of a day counts, so 4 days.
  const summary = page
    .locator("section, div")
    .filter({ has: page.getByRole("heading", { name: "Rental summary" }) })
    .last();
  await expect(summary).toContainText("4 days");
  await expect(summary).toContainText(journey.category);
  await expect(summary).toContainText(formatRand(journey.rate * 4));
  await expectNoOverflow(page);
  await expectAccessible(page, "datetime");
  await snapScreen(page, testInfo, `${prefix}datetime`);
  // The return calendar: days before pickup are disabled.
  await page.getByRole("button", { name: "Open calendar for return date" }).click();
  const calendar = page.locator("[data-scope=date-picker][data-part=content][data-state=open]");
  await expect(calendar).toBeVisible();
  await expect(calendar.locator("[data-part=table-cell-trigger][data-selected]")).toHaveText(String(Number(returnDay.iso.slice(8))));
  // The month heading is named by what it shows, then what it does.
  await expect(calendar.locator("[data-part=view-trigger]")).toHaveAccessibleName(/^[A-Z][a-z]+ \d{4}: choose month and year$/);
  await expectAccessible(page, "datetime-calendar");
  // Thumb-sized: every day and the month's arrows at least 44 x 44 px on the phone, the month still on screen.
  await expectTargetSize(calendar.locator("[data-part=table-cell-trigger]:not([data-outside-range])"), 44);
  await expectTargetSize(calendar.getByRole("button", { name: /^(Previous|Next) month$/ }), 44);
  await expectTargetSize(page.getByRole("button", { name: /^Open calendar for/ }), 44);
  const calendarBox = (await calendar.boundingBox())!;
  expect(calendarBox.x >= 0 && calendarBox.x + calendarBox.width <= page.viewportSize()!.width).toBe(true);
  await expectNoOverflow(page);
  await snapScreen(page, testInfo, `${prefix}datetime-calendar`, { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(calendar).toHaveCount(0);
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // ---- delivery: the phone's position ------------------------------------------------------------
  await expect(page).toHaveURL(/\/booking\/delivery-location$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set delivery location" })).toBeVisible();
  const confirmDelivery = page.getByRole("button", { name: "Confirm Delivery Location" });
  await expect(confirmDelivery).toBeDisabled();
  await expect(page.getByRole("button", { name: "Use This Address" })).toBeDisabled();
  await expectNoOverflow(page);
  await snapScreen(page, testInfo, `${prefix}delivery`);
  await page.getByRole("button", { name: /Use my current location/ }).click();
  await expect(page.getByText("Location Selected")).toBeVisible();
  // The button pressed is gone: focus goes to what replaced it, not to <body>.
  await expect(page.getByRole("heading", { name: "Location Selected" })).toBeFocused();
  await expect(page.getByTestId("selected-location")).toHaveText(LONG_STREET_ADDRESS);
  await expect(page.getByRole("button", { name: "Change Location" })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, "delivery-selected");
  await snapScreen(page, testInfo, `${prefix}delivery-selected`);
  await confirmDelivery.click();

  // ---- return: a typed address -------------------------------------------------------------------
  await expect(page).toHaveURL(/\/booking\/return-location$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set return location" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Same as delivery location/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm Return Location" })).toBeDisabled();
  await page.getByLabel("Different address").fill("   ");
  await expect(page.getByRole("button", { name: "Use This Address" })).toBeDisabled(); // blank after trimming
  await page.getByLabel("Different address").fill("  Dorp Street Stellenbosch ");
  await expectNoOverflow(page);
  await snapScreen(page, testInfo, `${prefix}return`);
  await page.getByRole("button", { name: "Use This Address" }).click();
  await expect(page.getByTestId("selected-location")).toHaveText("Dorp Street Stellenbosch");
  await expect(page.getByText(/^Found on the map: Dorp Street, Stellenbosch Central/)).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, "return-selected");
  await snapScreen(page, testInfo, `${prefix}return-selected`);
  await page.getByRole("button", { name: "Confirm Return Location" }).click();

  // ---- confirmation ------------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/booking\/confirmation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Review & Confirm" })).toBeVisible();
  await expect(page.getByTestId("pickup-datetime")).toHaveText(confirmationText(pickup.iso, "10:00"));
  await expect(page.getByTestId("return-datetime")).toHaveText(confirmationText(returnDay.iso, "14:30"));
  await expect(page.getByText(LONG_STREET_ADDRESS)).toBeVisible();
  await expect(page.getByText("Dorp Street Stellenbosch", { exact: true })).toBeVisible();
  await expect(page.getByTestId("confirmation-total")).toHaveText(formatRand(journey.rate * 4));
  await expect(page.getByText(journey.transmission, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Important Information" })).toBeVisible();
  for (const item of ["Fully insured", "No deposits", "A valid driver's licence is required", "Free cancellation up to 24 hours before pickup"]) {
    await expect(page.getByRole("listitem").filter({ hasText: item })).toBeVisible();
  }
  await expect(page.getByText("Complete your profile to book")).toHaveCount(0);
  await expectNoOverflow(page);
  await expectAccessible(page, "confirmation");
  await snapScreen(page, testInfo, `${prefix}confirmation`);
  await page.getByRole("button", { name: "Confirm Booking" }).click();

  // ---- success -----------------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/booking\/success$/);
  await expect(page.getByRole("heading", { level: 1, name: "Booking Confirmed!" })).toBeVisible();
  await expect(page.getByText("Your car has been successfully booked.")).toBeVisible();
  await expect(page.getByText("Check your email for confirmation details.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/home");
  await expectNoOverflow(page);
  await expectAccessible(page, "success");
  await snapScreen(page, testInfo, `${prefix}success`);
  // The draft is gone.
  expect(await page.evaluate(() => sessionStorage.getItem("capedrive.bookingDraft"))).toBeNull();

  // What the server stored: Cape Town times, its own total.
  const [stored] = await myBookings(request, token);
  expect(stored!.pickupDate).toBe(capeTownInstant(pickup.iso, "10:00"));
  expect(stored!.returnDate).toBe(capeTownInstant(returnDay.iso, "14:30"));
  expect(stored!.totalAmount).toBe(`${journey.rate * 4}.00`);
  expect(stored!.duration).toBe(4);
  expect(stored!.deliveryLocation).toBe(LONG_STREET_ADDRESS);
  expect(stored!.deliveryCoordinates).toBe("-33.9249,18.4241");
  expect(stored!.returnCoordinates).toBe("-33.938,18.859"); // found by the address search

  // ---- My Bookings -------------------------------------------------------------------------------
  await page.getByRole("link", { name: "View My Bookings" }).click();
  await expect(page).toHaveURL(/\/bookings$/);
  const card = page.getByRole("article", { name: `Booking #${stored!.bookingNumber}` });
  await expect(card).toBeVisible();
  expect(stored!.bookingNumber).toBe(stored!.id.slice(-6));
  await expect(card.getByRole("heading", { name: journey.category })).toBeVisible();
  await expect(card.locator("[data-status=confirmed]")).toHaveText("Confirmed");
  await expect(card).toContainText(cardText(pickup.iso, "10:00"));
  await expect(card).toContainText(cardText(returnDay.iso, "14:30"));
  // The card shows street and suburb, not the geocoder's whole line.
  await expect(card).toContainText("Long Street, Cape Town City Centre → Dorp Street Stellenbosch");
  await expect(card).not.toContainText(LONG_STREET_ADDRESS);
  await expect(card.getByTestId("booking-total")).toHaveText(formatRand(stored!.totalAmount));
  await expectNoOverflow(page);
  await expectAccessible(page, "bookings");
  await snapScreen(page, testInfo, `${prefix}bookings`);

  // ---- Home shows it too -------------------------------------------------------------------------
  await page.goto("/home");
  await expect(page.getByRole("article", { name: `Booking #${stored!.bookingNumber}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "View all" })).toHaveAttribute("href", "/bookings");
  await expectNoOverflow(page);
  await expectAccessible(page, "home-with-booking");
  await snapScreen(page, testInfo, `${prefix}home-with-booking`);
  await page.getByRole("link", { name: "View all" }).click();

  // ---- cancel ------------------------------------------------------------------------------------
  await card.getByRole("button", { name: "Cancel Booking" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to cancel this booking? This action cannot be undone.");
  await expectNoOverflow(page);
  await expectAccessible(page, "cancel-dialog");
  await snapScreen(page, testInfo, `${prefix}cancel-dialog`, { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel Booking" }).click();
  await expectToast(page, "Booking cancelled", "Your booking has been successfully cancelled.");
  await expect(dialog).toHaveCount(0);
  await expect(card.locator("[data-status=cancelled]")).toHaveText("Cancelled");
  await expect(card.getByRole("button", { name: "Cancel Booking" })).toHaveCount(0);
  // The button that opened the dialog is gone: the focus stays with the booking, not at the top of the page.
  await expect(card).toBeFocused();
  await expectNoOverflow(page);
  await snapScreen(page, testInfo, `${prefix}cancelled`);
  expect((await myBookings(request, token))[0]!.status).toBe("cancelled");
}

test.describe("booking a car", () => {
  test.use({ geolocation: LONG_STREET, permissions: ["geolocation"] });

  test("the whole journey: GPS delivery, typed return, confirm, My Bookings, cancel", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    await bookingJourney(page, request, testInfo, { prefix: "booking-", category: "Small", transmission: "Automatic", rate: 450, pickupInDays: 12 });
  });

  test.describe("on a phone set to New York time", () => {
    test.use({ timezoneId: "America/New_York" });
    test("the times shown are the Cape Town times entered", async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/New_York");
      await bookingJourney(page, request, testInfo, { prefix: "ny-booking-", category: "Medium", transmission: "Manual", rate: 650, pickupInDays: 20 });
    });
  });
});

test.describe("booking rules", () => {
  test("dates: only digits and slashes, real dates only, Next disabled until both are valid", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Sipho Ndlovu");
    // A car of the test's own: Next also waits for the chosen car to be free, and a fleet car may be
    // booked for these very days by a journey running beside this one.
    const car = await createCar(request, await createAdminToken(request, testInfo, "admin.dates"));
    await signInWithToken(page, token);
    await page.goto("/home");
    await putDraft(page, { category: "medium", transmission: "automatic", vehicleId: car.id, pickupDate: "", returnDate: "" });
    await page.goto("/booking/datetime");
    const pickupDate = page.getByLabel("Pickup date", { exact: true });
    const next = page.getByRole("button", { name: "Next", exact: true });
    await pickupDate.pressSequentially("ab1x2-");
    await expect(pickupDate).toHaveValue("12/"); // letters refused, the slash added
    await pickupDate.fill("");
    await pickupDate.pressSequentially("310220261234");
    await expect(pickupDate).toHaveValue("31/02/2026"); // at most 10 characters
    await expect(page.getByText("Please enter a real date as dd/mm/yyyy")).toBeVisible();
    await expect(pickupDate).toHaveAttribute("aria-invalid", "true");
    await expect(next).toBeDisabled();
    // The red border of an invalid field stays red under the pointer (it used to turn grey).
    const borderColour = () => pickupDate.evaluate((el) => getComputedStyle(el).borderTopColor);
    await page.getByLabel("Pickup time", { exact: true }).focus();
    await page.waitForTimeout(400); // past the border's 150 ms transition
    const invalidBorder = await borderColour();
    expect(invalidBorder).not.toBe(await page.getByLabel("Return date", { exact: true }).evaluate((el) => getComputedStyle(el).borderTopColor));
    await pickupDate.hover();
    await page.waitForTimeout(400); // past the border's 150 ms transition
    expect(await borderColour()).toBe(invalidBorder);
    await expectAccessible(page, "booking-datetime-invalid");
    await snapScreen(page, testInfo, "booking-datetime-invalid");
    // Yesterday is refused; so is a return before pickup; and a zero-length rental.
    await pickupDate.fill("");
    await pickupDate.pressSequentially(capeTownDay(-1).digits);
    await expect(page.getByText("Pickup can't be before today")).toBeVisible();
    await expect(next).toBeDisabled();
    // With a return date too, no duration or total is shown next to the error.
    const summaryValue = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(2).digits);
    await expect(page.getByText("Pickup can't be before today")).toBeVisible();
    await expect(summaryValue("Duration")).toHaveText("—");
    await expect(summaryValue("Total")).toHaveText("—");
    await snapScreen(page, testInfo, "booking-datetime-past");
    await page.getByLabel("Return date", { exact: true }).fill("");
    await pickupDate.fill("");
    await pickupDate.pressSequentially(capeTownDay(5).digits);
    await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(4).digits);
    await expect(page.getByText("Return can't be before the pickup date")).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel("Return date", { exact: true }).fill("");
    await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(5).digits);
    await expect(page.getByText("Return must be after pickup")).toBeVisible();
    await expect(next).toBeDisabled();
    // A time cleared: not ready either.
    await page.getByLabel("Return date", { exact: true }).fill("");
    await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(6).digits);
    await expect(next).toBeEnabled();
    await page.getByLabel("Return time", { exact: true }).fill("");
    await expect(next).toBeDisabled();
    await page.getByLabel("Return time", { exact: true }).fill("09:00");
    await expect(next).toBeEnabled();
    await expect(summaryValue("Duration")).toHaveText("1 day");
    // Longer than a customer may book online (30 days): said here, not three steps later.
    await page.getByLabel("Return date", { exact: true }).fill("");
    await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(45).digits);
    await expect(page.getByText("Bookings made online can be at most 30 days long. Please contact us for a longer rental.")).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(summaryValue("Total")).toHaveText("—");
    await page.getByLabel("Return date", { exact: true }).fill("");
    await page.getByLabel("Return date", { exact: true }).pressSequentially(capeTownDay(6).digits);
    await expect(next).toBeEnabled();
    // The pickup calendar: days before today are disabled, a picked day is written as dd/mm/yyyy.
    await page.getByRole("button", { name: "Open calendar for pickup date" }).click();
    const calendar = page.locator("[data-scope=date-picker][data-part=content][data-state=open]");
    await expect(calendar).toBeVisible();
    const today = Number(capeTownDay(0).iso.slice(8));
    // It opens on the picked pickup date's month (5 days ahead): back to this month when that is the next one.
    if (capeTownDay(5).iso.slice(0, 7) !== capeTownDay(0).iso.slice(0, 7)) await calendar.getByRole("button", { name: "Previous month" }).click();
    if (today > 1)
      await expect(
        calendar.locator("[data-part=table-cell-trigger]:not([data-outside-range])", { hasText: new RegExp(`^${today - 1}$`) }).first(),
      ).toHaveAttribute("data-disabled", "");
    await calendar.getByRole("button", { name: "Next month" }).click();
    await calendar.locator("[data-part=table-cell-trigger]:not([data-outside-range])", { hasText: /^15$/ }).first().click();
    await expect(calendar).toHaveCount(0);
    await expect(pickupDate).toHaveValue(/^15\/\d{2}\/\d{4}$/);
    // The return calendar, opened after that, starts where the pickup is: on a day that can be chosen, never in a month of disabled days.
    await page.getByLabel("Return date", { exact: true }).fill("");
    await page.getByRole("button", { name: "Open calendar for return date" }).click();
    const focusedDay = calendar.locator("[data-part=table-cell-trigger][data-focus]");
    await expect(focusedDay).toHaveText("15");
    await expect(focusedDay).not.toHaveAttribute("data-disabled", "");
    // The calendar moves the keyboard's focus onto that day a frame after it opens.
    await expect(focusedDay).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(calendar.locator("[data-part=table-cell-trigger][data-focus]")).toHaveText("16");
    await page.keyboard.press("Escape");
  });

  test("no free car of that kind for the dates: the empty list and Try Different Options", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Lerato Mokoena");
    // The fleet's only large manual car, taken for these days by someone else.
    const other = await createCompletedCustomer(request, testInfo, "Other Customer");
    const pickup = capeTownDay(40);
    const returnDay = capeTownDay(42);
    const period = { pickupDate: capeTownInstant(pickup.iso, "10:00"), returnDate: capeTownInstant(returnDay.iso, "10:00") };
    const hilux = await firstFreeVehicle(request, "large", "manual", period.pickupDate, period.returnDate);
    await seedBooking(request, other, { category: "large", transmission: "manual", vehicleId: hilux.id, ...period });

    await signInWithToken(page, token);
    await page.goto("/booking/category");
    await chooseCar(page, "Large", "Manual"); // free when no dates are known yet
    await fillDates(page, pickup, returnDay);
    await expect(page.getByText("Your car is booked for these dates")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next", exact: true })).toBeDisabled();
    await snapScreen(page, testInfo, "booking-datetime-car-taken");
    await page.getByRole("link", { name: "Choose another car" }).click();
    await expect(page.getByText("No vehicles available for your selection")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next", exact: true })).toBeDisabled();
    await snapScreen(page, testInfo, "booking-vehicles-empty");
    await page.getByRole("button", { name: "Try Different Options" }).click();
    await expect(page.getByRole("button", { name: "Show Available Vehicles" })).toBeVisible();
    await expect(page.getByText("Choose a category", { exact: true })).toBeFocused();
    // Another category clears the chosen car.
    await page.getByRole("radio", { name: /^Medium/ }).check({ force: true });
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("capedrive.bookingDraft")!).vehicleId)).toBe("");
  });

  test("incomplete profile: the amber notice, Complete Profile to Book, then profile completion", async ({ page, request }, testInfo) => {
    const token = await createCustomer(request, { name: "Naledi Khumalo", email: uniqueEmail("naledi", testInfo), password: "secret123" });
    await signInWithToken(page, token);
    await page.goto("/home");
    await page.getByRole("link", { name: "Check availability and prices" }).click();
    await chooseCar(page, "Small", "Manual");
    await fillDates(page, capeTownDay(30), capeTownDay(31));
    await page.getByRole("button", { name: "Next", exact: true }).click();
    // A typed address the map does not know: the default coordinate, and we say so.
    await page.getByLabel("Delivery address").fill("7 Unknown Lane, Nowhere");
    await page.getByRole("button", { name: "Use This Address" }).click();
    await expect(page.getByText(/We couldn't find this address on the map/)).toBeVisible();
    await page.getByRole("button", { name: "Confirm Delivery Location" }).click();
    await page.getByRole("button", { name: /Same as delivery location/ }).click();
    await expect(page.getByTestId("selected-location")).toHaveText("7 Unknown Lane, Nowhere");
    await page.getByRole("button", { name: "Confirm Return Location" }).click();
    await expect(page.getByText("Complete your profile to book")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm Booking" })).toHaveCount(0);
    await snapScreen(page, testInfo, "booking-confirmation-incomplete");
    await page.getByRole("button", { name: "Complete Profile to Book" }).click();
    await expectToast(page, "Profile incomplete", "Please complete your profile to make bookings");
    await expect(page).toHaveURL(/\/profile-completion$/);
    expect(await myBookings(request, token)).toHaveLength(0);

    // Profile done (SPEC: success goes to /home): Home leads back to the booking that was kept,
    // instead of sending the customer through the four steps again.
    await graphql(request, `mutation ($input: CompleteProfileInput!) { completeProfile(input: $input) { id } }`, { input: COMPLETE_PROFILE }, token);
    await page.goto("/home");
    const waiting = page.getByRole("note").filter({ hasText: "Your booking is waiting" });
    await expect(waiting).toContainText(`Small car (`);
    await expect(waiting).toContainText(`${formatConfirmationDateTime(new Date(capeTownInstant(capeTownDay(30).iso, "10:00")))} to`);
    await snapScreen(page, testInfo, "home-booking-waiting");
    await waiting.getByRole("link", { name: "Review & Confirm" }).click();
    await expect(page).toHaveURL(/\/booking\/confirmation$/);
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page).toHaveURL(/\/booking\/success$/);
    expect(await myBookings(request, token)).toHaveLength(1);
    // The draft went with the booking: Home has nothing waiting any more.
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Hi, Naledi" })).toBeVisible();
    await expect(page.getByText("Your booking is waiting")).toHaveCount(0);
  });

  test("Home and My Bookings: the next trip first, not the booking made last", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Ayanda Zulu");
    const trip = async (days: number) => {
      const period = { pickupDate: capeTownInstant(capeTownDay(days).iso, "10:00"), returnDate: capeTownInstant(capeTownDay(days + 2).iso, "10:00") };
      const vehicle = await firstFreeVehicle(request, "small", "manual", period.pickupDate, period.returnDate);
      return seedBooking(request, token, { category: "small", transmission: "manual", vehicleId: vehicle.id, ...period });
    };
    const soon = await trip(5); // made first, starts first
    const later = await trip(20); // made last
    await signInWithToken(page, token);
    await page.goto("/home");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAccessibleName(`Booking #${soon.bookingNumber}`);
    await expect(cards.nth(1)).toHaveAccessibleName(`Booking #${later.bookingNumber}`);
    await page.goto("/bookings");
    await expect(page.getByRole("article").first()).toHaveAccessibleName(`Booking #${soon.bookingNumber}`);

    // A booking's own page cancels it too (asking first); then it reads as cancelled, with no total owed.
    await page.goto(`/bookings/${later.id}`);
    await page.getByRole("button", { name: "Cancel Booking" }).click();
    const ask = page.getByRole("alertdialog", { name: `Cancel Booking #${later.bookingNumber}?` });
    await ask.getByRole("button", { name: "Cancel Booking" }).click();
    await expectToast(page, "Booking cancelled");
    const card = page.getByRole("article", { name: `Booking #${later.bookingNumber}` });
    await expect(card.locator("[data-status]")).toHaveAttribute("data-status", "cancelled");
    await expect(card).toContainText("Total (cancelled)");
    await expect(page.getByRole("button", { name: "Cancel Booking" })).toHaveCount(0);
    // Its history says who cancelled it.
    const history = page.getByRole("region", { name: "Changes" }).getByTestId("booking-change");
    await expect(history).toHaveCount(1);
    await expect(history).toContainText("by you");
    await expect(history).toContainText("Booking cancelled");
    await snapScreen(page, testInfo, "booking-details-cancelled");
  });

  test("the account's limit: a third active booking is refused with what to do, not 'car taken'", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Busi Mthembu");
    const periodAt = (days: number) => ({
      pickupDate: capeTownInstant(capeTownDay(days).iso, "10:00"),
      returnDate: capeTownInstant(capeTownDay(days + 1).iso, "10:00"),
    });
    for (const days of [70, 75]) {
      const vehicle = await firstFreeVehicle(request, "small", "manual", periodAt(days).pickupDate, periodAt(days).returnDate);
      await seedBooking(request, token, { category: "small", transmission: "manual", vehicleId: vehicle.id, ...periodAt(days) });
    }
    const third = periodAt(80);
    const vehicle = await firstFreeVehicle(request, "small", "manual", third.pickupDate, third.returnDate);
    await signInWithToken(page, token);
    // Said on the first step, before the customer chooses anything.
    await page.goto("/booking/category");
    await expect(page.getByText("You can't book another car right now")).toBeVisible();
    await expect(page.getByText("You already have 2 active bookings, the limit for one account.")).toBeVisible();
    await page.getByRole("radio", { name: /^Small/ }).check({ force: true });
    await expect(page.getByRole("button", { name: "Show Available Vehicles" })).toBeDisabled();
    await snapScreen(page, testInfo, "booking-category-account-limit");
    // The server decides all the same: a draft made elsewhere is refused at the confirmation.
    await page.goto("/home");
    await putDraft(page, {
      category: "small",
      transmission: "manual",
      vehicleId: vehicle.id,
      ...third,
      deliveryLocation: "Long Street, Cape Town",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "Long Street, Cape Town",
      returnCoordinates: "-33.9249,18.4241",
    });
    await page.goto("/booking/confirmation");
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    const notice = page.locator("[data-account-limit=active_bookings]");
    await expect(notice).toContainText("You have the most bookings you can hold at once");
    await expect(notice).toContainText("You can book again once one of them is over or cancelled");
    await expect(page.getByText("This car is no longer available for your dates")).toHaveCount(0);
    await expectAccessible(page, "booking-confirmation-account-limit");
    await snapScreen(page, testInfo, "booking-confirmation-account-limit");
    await notice.getByRole("link", { name: "View My Bookings" }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole("article")).toHaveCount(2);
  });

  test("a booking inside 24 hours of pickup: Cancel Booking disabled, with the reason", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Thabo Mahlangu");
    const soon = new Date(Date.now() + 3 * 3_600_000);
    soon.setUTCSeconds(0, 0);
    const pickupDate = soon.toISOString();
    const returnDate = new Date(soon.getTime() + 2 * 86_400_000).toISOString();
    const vehicle = await firstFreeVehicle(request, "large", "automatic", pickupDate, returnDate);
    const booking = await seedBooking(request, token, { category: "large", transmission: "automatic", vehicleId: vehicle.id, pickupDate, returnDate });
    expect(booking.totalAmount).toBe("1700.00");
    await signInWithToken(page, token);
    await page.goto("/bookings");
    const card = page.getByRole("article", { name: `Booking #${booking.bookingNumber}` });
    await expect(card.getByRole("button", { name: "Cancel Booking" })).toBeDisabled();
    await expect(card).toContainText("Bookings can only be cancelled up to 24 hours before pickup");
    await expect(card.getByTestId("booking-total")).toHaveText("R1,700");
    await snapScreen(page, testInfo, "bookings-inside-24h");
  });

  test("the draft survives a reload; leaving out a step redirects", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Pieter van Wyk");
    await signInWithToken(page, token);
    // Nothing chosen yet: every later step starts the flow again.
    await page.goto("/booking/confirmation");
    await expect(page).toHaveURL(/\/booking\/category$/);
    await page.goto("/booking/datetime");
    await expect(page).toHaveURL(/\/booking\/category$/);

    await chooseCar(page, "Medium", "Automatic");
    const pickup = capeTownDay(50);
    const returnDay = capeTownDay(52);
    await fillDates(page, pickup, returnDay, "16:15");
    await page.reload();
    await expect(page.getByLabel("Pickup date", { exact: true })).toHaveValue(pickup.typed);
    await expect(page.getByLabel("Return date", { exact: true })).toHaveValue(returnDay.typed);
    await expect(page.getByLabel("Return time", { exact: true })).toHaveValue("16:15");
    await expect(page.getByText("3 days")).toBeVisible();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Delivery address").fill("Cape Town International Airport");
    await page.getByRole("button", { name: "Use This Address" }).click();
    await expect(page.getByText("Location Selected")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("selected-location")).toHaveText("Cape Town International Airport");
    // Change Location clears the choice: Confirm is disabled again.
    await page.getByRole("button", { name: "Change Location" }).click();
    await expect(page.getByRole("button", { name: "Confirm Delivery Location" })).toBeDisabled();
    // Change Location removes itself: focus goes to the first way of choosing again.
    await expect(page.getByRole("button", { name: /Use my current location/ })).toBeFocused();
    // Without a return location the confirmation sends the customer back to that step.
    await page.getByLabel("Delivery address").fill("Cape Town International Airport");
    await page.getByRole("button", { name: "Use This Address" }).click();
    // The address is looked up first; only a chosen location is kept in the draft.
    await expect(page.getByText("Location Selected")).toBeVisible();
    await page.goto("/booking/confirmation");
    await expect(page).toHaveURL(/\/booking\/return-location$/);
    // A draft without a car cannot be booked.
    const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem("capedrive.bookingDraft")!));
    await putDraft(page, { ...draft, vehicleId: "", returnLocation: "Airport", returnCoordinates: "-33.9715,18.6021" });
    await page.goto("/booking/confirmation");
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expectToast(page, "Invalid booking data", "Please complete all booking steps and select a vehicle");
    await expect(page).toHaveURL(/\/booking\/confirmation$/);
    // Nothing was booked: the success screen, opened by its address, confirms nothing and goes to My Bookings.
    await page.goto("/booking/success");
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toHaveCount(0);
  });

  test("a car taken meanwhile: Booking failed with the server's message", async ({ page, request }, testInfo) => {
    const token = await createCompletedCustomer(request, testInfo, "Kagiso Molefe");
    const pickup = capeTownDay(60);
    const returnDay = capeTownDay(61);
    const period = { pickupDate: capeTownInstant(pickup.iso, "10:00"), returnDate: capeTownInstant(returnDay.iso, "10:00") };
    const vehicle = await firstFreeVehicle(request, "medium", "automatic", period.pickupDate, period.returnDate);
    await signInWithToken(page, token);
    await page.goto("/home");
    await putDraft(page, {
      category: "medium",
      transmission: "automatic",
      vehicleId: vehicle.id,
      ...period,
      deliveryLocation: "Long Street, Cape Town",
      deliveryCoordinates: "-33.9249,18.4241",
      returnLocation: "Long Street, Cape Town",
      returnCoordinates: "-33.9249,18.4241",
    });
    await page.goto("/booking/confirmation");
    await expect(page.getByTestId("confirmation-total")).toHaveText("R650");
    // Someone else books that car for those dates while the customer is reading.
    const other = await createCompletedCustomer(request, testInfo, "Quick Booker");
    await seedBooking(request, other, { category: "medium", transmission: "automatic", vehicleId: vehicle.id, ...period });
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expectToast(page, "Booking failed", "This vehicle is no longer available for those dates");
    await expect(page.getByText("This car is no longer available for your dates")).toBeVisible();
    await snapScreen(page, testInfo, "booking-confirmation-taken");
  });

  test.describe("a lost answer to Confirm Booking (a poor connection)", () => {
    // The browser logs each reset connection.
    test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

    /**
     * A draft ready to confirm: a small manual car for two days from day `from` (each test its own
     * days, and each repeat of it: the fleet has few of a kind), delivered and returned on Long Street.
     */
    async function readyToConfirm(page: Page, request: APIRequestContext, testInfo: TestInfo, name: string, from: number) {
      const token = await createCompletedCustomer(request, testInfo, name);
      const first = from + 6 * testInfo.repeatEachIndex;
      const period = { pickupDate: capeTownInstant(capeTownDay(first).iso, "10:00"), returnDate: capeTownInstant(capeTownDay(first + 2).iso, "10:00") };
      const vehicle = await firstFreeVehicle(request, "small", "manual", period.pickupDate, period.returnDate);
      await signInWithToken(page, token);
      await page.goto("/home");
      await putDraft(page, {
        category: "small",
        transmission: "manual",
        vehicleId: vehicle.id,
        vehicleName: `${vehicle.make} ${vehicle.model}`,
        ...period,
        deliveryLocation: "Long Street, Cape Town",
        deliveryCoordinates: "-33.9249,18.4241",
        returnLocation: "Long Street, Cape Town",
        returnCoordinates: "-33.9249,18.4241",
      });
      await page.goto("/booking/confirmation");
      await expect(page.getByTestId("confirmation-total")).toHaveText("R900");
      return token;
    }

    /**
     * The first CreateBooking reaches the server (which books the car and queues the email), then
     * its answer is lost: the connection is reset. `later` decides what happens to the next ones.
     */
    async function loseFirstAnswer(page: Page, later: "held" | "lost") {
      const state = { creates: 0, firstId: "", release: () => {} };
      const released = new Promise<void>((resolve) => (state.release = resolve));
      await page.route("**/graphql", async (route) => {
        if (!(route.request().postData() ?? "").includes("mutation CreateBooking")) return route.continue();
        state.creates++;
        if (state.creates === 1) {
          const answer = await route.fetch();
          state.firstId = ((await answer.json()) as { data: { createBooking: { id: string } } }).data.createBooking.id;
          return route.abort("connectionreset");
        }
        if (later === "lost") return route.abort("connectionreset");
        await released;
        return route.continue();
      });
      return state;
    }

    test("the app checks and sends the same create again: the success screen, and one booking", async ({ page, request }, testInfo) => {
      const token = await readyToConfirm(page, request, testInfo, "Lindiwe Nkosi", 64);
      const lost = await loseFirstAnswer(page, "held");
      await page.getByRole("button", { name: "Confirm Booking" }).click();

      // Not "Booking failed", and the car (taken by the customer's own booking) is not "no longer available".
      const checking = page.getByTestId("booking-checking");
      await expect(checking).toContainText("Checking whether your booking went through…");
      await expect.poll(() => lost.creates).toBeGreaterThanOrEqual(2); // sent again, with the same key
      await snapScreen(page, testInfo, "booking-confirmation-checking");
      await expect(page.getByText("Booking failed")).toHaveCount(0);
      await expect(page.getByText("This car is no longer available for your dates")).toHaveCount(0);

      lost.release();
      await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
      await expect(page).toHaveURL(/\/booking\/success$/);
      const bookings = await myBookings(request, token);
      expect(bookings.map((b) => b.id)).toEqual([lost.firstId]);
      expect(lost.creates).toBe(2);
      // The draft, and its key, went with the booking.
      expect(await page.evaluate(() => sessionStorage.getItem("capedrive.bookingDraft"))).toBeNull();
    });

    test("reloaded while no answer comes: the app asks for the key's booking and shows it booked, not the car taken", async ({ page, request }, testInfo) => {
      const token = await readyToConfirm(page, request, testInfo, "Themba Zulu", 67);
      const lost = await loseFirstAnswer(page, "lost");
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      await expect(page.getByTestId("booking-checking")).toBeVisible();
      await expect.poll(() => lost.firstId).not.toBe("");

      // Every create is lost now; the customer reloads the page.
      const asked = page.waitForRequest((r) => (r.postData() ?? "").includes("query BookingByIdempotencyKey"));
      await page.reload();
      await asked;
      await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
      await expect(page.getByText("This car is no longer available for your dates")).toHaveCount(0);
      expect((await myBookings(request, token)).map((b) => b.id)).toEqual([lost.firstId]);
    });
  });

  test.describe("geolocation problems", () => {
    test("denied: the spec's alert; unsupported: its own; a position with no address: GPS Location", async ({ page, context, request }, testInfo) => {
      const token = await createCompletedCustomer(request, testInfo, "Zola Dube");
      await signInWithToken(page, token);
      await page.goto("/home");
      const period = { pickupDate: capeTownInstant(capeTownDay(70).iso, "10:00"), returnDate: capeTownInstant(capeTownDay(71).iso, "10:00") };
      await putDraft(page, { category: "small", transmission: "manual", vehicleId: "", ...period });

      // No permission granted: the browser refuses.
      await page.goto("/booking/delivery-location");
      await page.getByRole("button", { name: /Use my current location/ }).click();
      const alert = page.getByRole("alertdialog");
      await expect(alert).toContainText("Unable to get your location. Please enter your address manually.");
      await snapScreen(page, testInfo, "booking-location-denied", { fullPage: false });
      await alert.getByRole("button", { name: "OK" }).click();
      await expect(alert).toHaveCount(0);
      await expect(page.getByLabel("Delivery address")).toBeFocused(); // ready to type the address

      // Somewhere in the service area where the geocoder knows no address (a boat in False Bay):
      // "GPS Location" with rounded coordinates.
      await context.grantPermissions(["geolocation"]);
      await context.setGeolocation({ latitude: -34.212345, longitude: 18.612345 });
      await page.getByRole("button", { name: /Use my current location/ }).click();
      await expect(page.getByTestId("selected-location")).toHaveText("GPS Location (-34.2123, 18.6123)");

      // A browser without geolocation.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "geolocation", { get: () => undefined, configurable: true }));
      await page.reload();
      await page.getByRole("button", { name: "Change Location" }).click();
      await page.getByRole("button", { name: /Use my current location/ }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Location services are not supported on this device.");
    });
  });
});
