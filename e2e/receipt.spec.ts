/**
 * The receipt on a phone (issue 13): a customer's booking has its Tax Invoice (supplier and VAT
 * number, the invoice number and date, the rental, the amount excluding VAT, VAT at 15% and the
 * total, split by the server); cancelling it adds a Credit Note that refers to the invoice, and
 * the total for the booking becomes R0. Printed: no app chrome, black on white. Screenshots go to
 * e2e/screenshots.
 */
import { expect, test } from "./test";
import { capeTownDay, capeTownInstant, createCompletedCustomer, expectNoOverflow, seedBooking } from "./booking-helpers.ts";
import { createAdminToken, createCar } from "./handover-helpers.ts";
import { graphql, signInWithToken, snap } from "./support.ts";

test("a booking's tax invoice, then the credit note of its cancellation", async ({ page, request }, testInfo) => {
  const adminToken = await createAdminToken(request, testInfo, "admin.receipt");
  const car = await createCar(request, adminToken);
  const token = await createCompletedCustomer(request, testInfo, "Thandi Nkosi");
  const day = capeTownDay(9);
  const booking = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(day.iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(11).iso, "10:00"),
  });
  await signInWithToken(page, token);

  await page.goto(`/bookings/${booking.id}`);
  await page.getByRole("link", { name: "Tax invoice", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/receipt$`));
  const invoice = page.getByRole("region", { name: "Tax Invoice" });
  await expect(invoice).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(invoice).toContainText(/INV-\d{6}/);
  await expect(invoice).toContainText("VAT number 4000000000");
  await expect(invoice).toContainText("Thandi Nkosi");
  await expect(invoice).toContainText("Car rental: Medium, automatic, 2 days");
  // R1,300 including VAT: R1,130.43 + R169.57.
  await expect(invoice.getByRole("definition").nth(0)).toHaveText("R1,130.43");
  await expect(invoice.getByRole("definition").nth(1)).toHaveText("R169.57");
  await expect(invoice.getByRole("definition").nth(2)).toHaveText("R1,300.00");
  await expectNoOverflow(page);
  await snap(page, testInfo, "receipt");

  await graphql(request, `mutation ($id: ID!) { cancelBooking(id: $id) { id status } }`, { id: booking.id }, token);
  await page.reload();
  const credit = page.getByRole("region", { name: "Credit Note" });
  await expect(credit).toBeVisible();
  const number = (await invoice.getByText(/^INV-\d{6}$/).textContent())!;
  await expect(credit).toContainText(`Relates to tax invoice ${number}`);
  await expect(credit).toContainText(/CN-\d{6}/);
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoice and notes" })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Tax invoice ${number}`));
  await expect(credit).toContainText("Booking cancelled: the rental is credited in full");
  await expect(credit.getByRole("definition").nth(2)).toHaveText("-R1,300.00");
  await expect(page.getByText("Total for this booking")).toBeVisible();
  await expect(page.getByText("Total for this booking").locator("..")).toContainText("R0.00");
  await snap(page, testInfo, "receipt-credit-note");

  // As wide as an A4 page's printable width (210 - 2 x 12 mm = 186 mm = 703 CSS px).
  await page.setViewportSize({ width: 703, height: 994 });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  // Each document's border inside the printable width (one on its very edge lost its right side
  // in the PDF), and the booking's total in the documents' column of amounts.
  for (const doc of [invoice, credit]) {
    const box = (await doc.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(1);
    expect(box.x + box.width).toBeLessThanOrEqual(703 - 1);
  }
  const documentAmount = (await credit.getByRole("definition").nth(2).boundingBox())!;
  const bookingTotal = (await page.getByText("Total for this booking").locator("..").getByText("R0.00").boundingBox())!;
  expect(Math.abs(bookingTotal.x + bookingTotal.width - (documentAmount.x + documentAmount.width))).toBeLessThan(1);
  // The invoice and its credit note print on one A4 sheet.
  const pdfBytes = await page.pdf({ format: "A4", preferCSSPageSize: true });
  await testInfo.attach("receipt.pdf", { body: pdfBytes, contentType: "application/pdf" });
  const pdf = pdfBytes.toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await snap(page, testInfo, "receipt-print");
});

test("a link from an email opened signed out comes back to its page once signed in", async ({ page, request }, testInfo) => {
  const adminToken = await createAdminToken(request, testInfo, "admin.receipt-link");
  const car = await createCar(request, adminToken);
  const token = await createCompletedCustomer(request, testInfo, "Lerato Link");
  const booking = await seedBooking(request, token, {
    category: "medium",
    transmission: "automatic",
    vehicleId: car.id,
    pickupDate: capeTownInstant(capeTownDay(12).iso, "10:00"),
    returnDate: capeTownInstant(capeTownDay(13).iso, "10:00"),
  });
  const { me } = await graphql<{ me: { email: string } }>(request, "{ me { email } }", {}, token);

  await page.goto(`/bookings/${booking.id}/receipt`);
  await expect(page).toHaveURL(new RegExp(`/signin\\?next=${encodeURIComponent(`/bookings/${booking.id}/receipt`)}$`));
  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/receipt$`));
  await expect(page.getByRole("region", { name: "Tax Invoice" })).toBeVisible();
});
