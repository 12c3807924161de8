/**
 * Issue 18: an admin sees a customer's holdings on the customer's page and cancels a hoarder's
 * bookings in one action; the page shows the result at once (no reload) and the audit log has it.
 */
import { capeTownDay, capeTownInstant, createCompletedCustomer, firstFreeVehicle, myBookings, seedBooking } from "./booking-helpers";
import { expectToast, graphql, snap, uniqueEmail } from "./support";
import { expect, test } from "./test";

const ADMIN_TOKEN_KEY = "capedrive.admin.token";
const ADMIN_USER_KEY = "capedrive.admin.user";
const SIGNUP_CODE = process.env.E2E_ADMIN_SIGNUP_CODE ?? "e2e-admin-invitation-code";

test("cancelling a customer's active bookings updates their page at once and is audited", async ({ page, request }, testInfo) => {
  const name = "Hoarder Mkhize";
  const customerToken = await createCompletedCustomer(request, testInfo, name);
  for (const days of [90, 95]) {
    const period = { pickupDate: capeTownInstant(capeTownDay(days).iso, "10:00"), returnDate: capeTownInstant(capeTownDay(days + 2).iso, "10:00") };
    const vehicle = await firstFreeVehicle(request, "medium", "automatic", period.pickupDate, period.returnDate);
    await seedBooking(request, customerToken, { category: "medium", transmission: "automatic", vehicleId: vehicle.id, ...period });
  }
  const email = uniqueEmail("admin.holdings", testInfo);
  const admin = (
    await graphql<{ adminSignUp: { token: string; admin: { id: string } } }>(
      request,
      `mutation ($input: AdminSignUpInput!) { adminSignUp(input: $input) { token admin { id } } }`,
      { input: { email, password: "Harbour-lights-42", firstName: "Lindiwe", lastName: "Sithole", signupCode: SIGNUP_CODE } },
    )
  ).adminSignUp;
  await page.addInitScript(
    ([tokenKey, userKey, token, user]) => {
      window.localStorage.setItem(tokenKey!, token!);
      window.localStorage.setItem(userKey!, user!);
    },
    [ADMIN_TOKEN_KEY, ADMIN_USER_KEY, admin.token, JSON.stringify({ email, firstName: "Lindiwe", lastName: "Sithole", role: "admin" })],
  );

  await page.goto("/admin/customers");
  await page.getByRole("searchbox", { name: "Search customers" }).fill("Mkhize");
  const row = page.getByRole("table", { name: "Customers" }).locator("tbody tr", { hasText: name });
  await row
    .first()
    .getByRole("button", { name: `View ${name}` })
    .click();
  const holdings = page.getByRole("dialog", { name }).getByRole("region", { name: "Bookings and uploads" });
  await expect(holdings.getByRole("list", { name: "Active bookings" }).getByRole("listitem")).toHaveCount(2);
  await holdings.getByRole("button", { name: "Cancel active bookings (2)" }).click();
  await page
    .getByRole("alertdialog", { name: `Cancel 2 bookings of ${name}?` })
    .getByRole("button", { name: "Cancel bookings" })
    .click();
  await expectToast(page, "Bookings cancelled", `2 bookings cancelled for ${name}.`);
  // The page itself, without a reload.
  await expect(holdings.getByText("No active bookings.")).toBeVisible();
  await expect(holdings.getByRole("button", { name: "Cancel active bookings" })).toBeDisabled();
  await snap(page, testInfo, "admin-customer-holdings-cancelled", { fullPage: false });

  expect((await myBookings(request, customerToken)).map((b) => b.status)).toEqual(["cancelled", "cancelled"]);
  const log = await graphql<{ auditLog: { items: { action: string; actorId: string | null }[] } }>(
    request,
    "{ auditLog(limit: 50) { items { action actorId } } }",
    {},
    admin.token,
  );
  expect(log.auditLog.items.filter((entry) => entry.actorId === admin.admin.id).map((entry) => entry.action)).toContain("booking.cancel_for_customer");
});
