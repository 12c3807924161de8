/**
 * The dealership portal on a desktop (SPEC 2, 4, 5, 8): sign in with a demo dealership, add a car
 * with photos, edit it, see a buyer's enquiry sent through the public Contact Seller form, delete
 * the car, sign out; and the session rules (missing token, 401, 403). Screenshots:
 * e2e/screenshots/desktop-dealership-*.png.
 */
import { expectAccessible } from "./axe";
import { expect, test, type Page } from "./test";
import { DEALERSHIP_INFO_KEY, DEALERSHIP_TOKEN_KEY, demoDealership } from "./dealership.ts";
import {
  CONNECTION_MESSAGE,
  createCustomer,
  expectSignInRefused,
  expectTargetSize,
  expectToast,
  NETWORK_CONSOLE_ERROR,
  snap,
  toast,
  uniqueEmail,
  waitForMail,
} from "./support.ts";

const stat = (page: Page, label: string) => page.locator("section[aria-labelledby=stats-heading] li").filter({ hasText: label });
const vehicleCard = (page: Page, name: string | RegExp) => page.locator("main li").filter({ has: page.getByRole("heading", { name }) });

function unique(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

async function noProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/401|403|Unauthorized|Forbidden/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

/** Closes the toast on screen (if any), so a screenshot shows the page itself. */
async function dismissToast(page: Page) {
  const open = toast(page);
  if ((await open.count()) > 0) await open.locator("[data-part=close-trigger]").click();
  await expect(open).toHaveCount(0);
}

async function signIn(page: Page, code: string, password: string) {
  await page.getByLabel("Dealership code", { exact: true }).fill(code);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a dealership signs in, adds a car with photos, edits it, sees a buyer's enquiry, deletes the car and signs out", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const problems = await noProblems(page);
  const login = demoDealership("WINELANDS02"); // the phone journey writes to Atlantic Motors
  const plate = `CL ${unique()}`;
  const model = `Picanto ${unique()}`;
  const name = `Kia ${model}`;

  // No token: the portal sends the visitor to sign-in.
  await page.goto("/dealership/dashboard");
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dealership sign in" })).toBeVisible();
  await expect(page.locator("[data-customer-frame]")).toHaveCount(0);
  await expectAccessible(page, "dealership-signin");
  await snap(page, testInfo, "dealership-signin");

  // The login schema's messages.
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Dealership code is required")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByLabel("Dealership code", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "dealership-signin-errors");
  await snap(page, testInfo, "dealership-signin-errors");

  // A wrong password.
  await signIn(page, login.dealershipCode, "not-the-password");
  await expectToast(page, "Sign in failed", "Please check your dealership code and password");
  await expectSignInRefused(page, "Please check your dealership code and password", ["Dealership code", "Password"]);
  await expect(page).toHaveURL(/\/dealership\/signin$/);

  // Signed in (the code in any case).
  await signIn(page, login.dealershipCode.toLowerCase(), login.password);
  await expectToast(page, "Welcome!", "Signed in successfully as Winelands Auto");
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Winelands Auto");
  await expect(page.getByText("Welcome, Pieter van der Merwe")).toBeVisible();
  const stored = await page.evaluate(
    ([tokenKey, infoKey]) => [localStorage.getItem(tokenKey!), localStorage.getItem(infoKey!), localStorage.getItem("capedrive.token")],
    [DEALERSHIP_TOKEN_KEY, DEALERSHIP_INFO_KEY],
  );
  expect(stored[0]).toBeTruthy();
  expect(JSON.parse(stored[1]!)).toMatchObject({ companyName: "Winelands Auto", contactPerson: "Pieter van der Merwe", dealershipCode: "WINELANDS02" });
  expect(stored[2]).toBeNull(); // the customer session is untouched
  for (const label of ["Total", "Available", "Booked", "Maintenance"]) await expect(stat(page, label)).toBeVisible();
  await expect(stat(page, "Total")).toContainText("4");
  await expect(vehicleCard(page, /Suzuki Celerio/)).toContainText("CL 210-447");
  await expect(vehicleCard(page, /Suzuki Celerio/)).toContainText("R96,500");
  await expect(vehicleCard(page, /Suzuki Celerio/)).toContainText("Available");
  await dismissToast(page);
  await expectAccessible(page, "dealership-dashboard");
  await snap(page, testInfo, "dealership-dashboard");

  // Add a vehicle: the form starts from the spec's defaults.
  await page.getByRole("link", { name: "Add Vehicle" }).first().click();
  await expect(page).toHaveURL(/\/dealership\/vehicles\/add$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Vehicle" })).toBeVisible();
  await expect(page.getByLabel("Year", { exact: true })).toHaveValue(String(new Date().getFullYear()));
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("small");
  await expect(page.getByLabel("Transmission", { exact: true })).toHaveValue("manual");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("available");
  await expect(page.getByLabel("Mileage (km)", { exact: true })).toHaveValue("0");
  await expect(page.getByLabel("Daily rate (R)", { exact: true })).toHaveValue("0");
  // Dealership cars are for sale, never rented: the hint does not promise a rental.
  await expect(page.getByLabel("Daily rate (R)", { exact: true })).toHaveAccessibleDescription(
    "Kept on the car's record only: dealership cars aren't rented out.",
  );
  await expect(page.getByLabel("Sales price (R, optional)", { exact: true })).toHaveValue("0");

  // The add form's rules, with the domain's messages.
  await page.getByLabel("Year", { exact: true }).fill("1999");
  await page.getByLabel("Mileage (km)", { exact: true }).fill("-5");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expect(page.getByText("Registration number is required")).toBeVisible();
  await expect(page.getByText("Make is required")).toBeVisible();
  await expect(page.getByText("Model is required")).toBeVisible();
  await expect(page.getByText("Year must be 2000 or later")).toBeVisible();
  await expect(page.getByText("Mileage cannot be negative")).toBeVisible();
  await expect(page.getByText("Daily rate must be greater than 0")).toBeVisible();
  await page.getByLabel("Year", { exact: true }).fill(String(new Date().getFullYear() + 2));
  await page.getByLabel("Year", { exact: true }).blur();
  await expect(page.getByText(`Year must be ${new Date().getFullYear() + 1} or earlier`)).toBeVisible();
  await expectAccessible(page, "dealership-add-errors");
  await snap(page, testInfo, "dealership-add-errors");

  await page.getByLabel("Registration number", { exact: true }).fill(plate);
  await page.getByLabel("Make", { exact: true }).fill("Kia");
  await page.getByLabel("Model", { exact: true }).fill(model);
  await page.getByLabel("Year", { exact: true }).fill("2022");
  await page.getByLabel("Category", { exact: true }).selectOption("small");
  await page.getByLabel("Transmission", { exact: true }).selectOption("automatic");
  await page.getByLabel("Mileage (km)", { exact: true }).fill("45000");
  await page.getByLabel("Daily rate (R)", { exact: true }).fill("420");
  await page.getByLabel("Sales price (R, optional)", { exact: true }).fill("139900");

  // Two photos through the upload flow, then the second becomes the cover.
  await page.getByLabel("Choose vehicle photos").setInputFiles(["e2e/fixtures/car-side.jpg", "e2e/fixtures/car-front.jpg"]);
  await expectToast(page, "Upload successful!", "2 photos added.");
  const photos = page.locator("fieldset li img");
  await expect(photos).toHaveCount(2);
  const [first, second] = [await photos.nth(0).getAttribute("src"), await photos.nth(1).getAttribute("src")];
  expect(first).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Move photo 2 earlier" }).click();
  await expect(photos.nth(0)).toHaveAttribute("src", second!);
  await expect(photos.nth(1)).toHaveAttribute("src", first!);
  await expect(page.getByRole("button", { name: "Move photo 1 earlier" })).toBeHidden(); // the first cannot move earlier
  await expect(page.getByRole("button", { name: "Move photo 2 later" })).toBeHidden();
  await expect(page.getByText("Year must be")).toHaveCount(0);
  await expectAccessible(page, "dealership-add-filled");
  await snap(page, testInfo, "dealership-add-filled");

  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Vehicle added", `2022 ${name} is in your inventory.`);
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  // At a desk the toast sits bottom left, clear of the header's links (Dashboard, Leads, Sign Out).
  const toastBox = (await toast(page).boundingBox())!;
  expect(toastBox.x).toBeLessThan(16);
  expect(page.viewportSize()!.height - (toastBox.y + toastBox.height)).toBeLessThan(16);
  for (const target of [
    page.getByRole("link", { name: "Dashboard" }),
    page.getByRole("link", { name: /^Leads/ }),
    page.getByRole("button", { name: "Sign Out" }),
  ]) {
    const box = (await target.boundingBox())!;
    expect(toastBox.y >= box.y + box.height || toastBox.x >= box.x + box.width || box.x >= toastBox.x + toastBox.width).toBe(true);
  }
  const card = vehicleCard(page, new RegExp(name));
  await expect(card).toContainText(plate);
  await expect(card).toContainText("R139,900");
  await expect(card).toContainText("R420/day");
  await expect(card).toContainText("2 photos");
  await expect(stat(page, "Total")).toContainText("5");
  const cover = card.locator("img").first();
  await expect(cover).toHaveAttribute("src", second!);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The same registration number again: the server refuses it and the field says why.
  await page.getByRole("link", { name: "Add Vehicle" }).first().click();
  await page.getByLabel("Registration number", { exact: true }).fill(plate.toLowerCase());
  await page.getByLabel("Make", { exact: true }).fill("Kia");
  await page.getByLabel("Model", { exact: true }).fill("Rio");
  await page.getByLabel("Daily rate (R)", { exact: true }).fill("400");
  await page.getByRole("button", { name: "Save Vehicle" }).click();
  await expectToast(page, "Failed to add vehicle", "A vehicle with this registration number already exists");
  await expect(page.getByLabel("Registration number", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // What was typed is not saved: leaving asks first.
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("alertdialog", { name: "Discard changes?" }).getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);

  // Edit: the form is filled from the stored car.
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/dealership\/vehicles\/[^/]+\/edit$/);
  const vehicleId = /vehicles\/([^/]+)\/edit/.exec(page.url())![1]!;
  await expect(page.getByRole("heading", { level: 1, name: "Edit Vehicle" })).toBeVisible();
  await expect(page.getByLabel("Registration number", { exact: true })).toHaveValue(plate);
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue(model);
  await expect(page.getByLabel("Transmission", { exact: true })).toHaveValue("automatic");
  await expect(page.getByLabel("Sales price (R, optional)", { exact: true })).toHaveValue("139900");
  await expect(page.locator("fieldset li img")).toHaveCount(2);
  // At a desk: the photos' icon buttons and the back link are at least 36 px to click.
  await expectTargetSize(page.getByRole("button", { name: /^(Remove photo|Move photo) / }), 36);
  await expectTargetSize(page.getByRole("link", { name: "Back to dashboard" }), 36);
  await page.getByLabel("Mileage (km)", { exact: true }).fill("46100");
  await page.getByLabel("Sales price (R, optional)", { exact: true }).fill("134900");
  await page.getByLabel("Status", { exact: true }).selectOption("maintenance");
  await page.getByRole("button", { name: "Remove photo 2" }).click();
  await expect(page.locator("fieldset li img")).toHaveCount(1);
  await dismissToast(page);
  await expectAccessible(page, "dealership-edit");
  await snap(page, testInfo, "dealership-edit");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Vehicle updated", `2022 ${name} was saved.`);
  await expect(page).toHaveURL(/\/dealership\/dashboard$/);
  await expect(card).toContainText("R134,900");
  await expect(card).toContainText("Maintenance");
  await expect(card).not.toContainText("2 photos");
  await expect(stat(page, "Maintenance")).toContainText("1");

  // A buyer (no account) sends an enquiry through the public Contact Seller form.
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await buyerContext.newPage();
  const buyerEmail = uniqueEmail("buyer", testInfo);
  await buyer.goto(`/cars-for-sale/${vehicleId}`);
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`2022 ${name}`);
  await expect(buyer.getByText("R134,900")).toBeVisible();
  await buyer.getByRole("button", { name: "Contact Seller" }).click();
  const form = buyer.getByRole("dialog");
  await form.getByLabel("Your name").fill("Lindiwe Dlamini");
  await form.getByLabel("Email").fill(buyerEmail);
  await form.getByLabel("Message").fill("Is the Picanto still available? Could I test drive it on Saturday?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("heading", { name: "Message sent" })).toBeVisible();
  await buyerContext.close();
  const mail = await waitForMail("hello@winelandsauto.example", new RegExp(model));
  expect(mail.text).toContain("Lindiwe Dlamini");
  // The email's link to the enquiries opens the portal's Leads (the server's PUBLIC_URL may name another host).
  const emailLink = new URL(/https?:\/\/\S+\/dealership\/leads(?=\s|$)/m.exec(mail.text)![0]);
  await page.goto(emailLink.pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.goto("/dealership/dashboard");

  // The lead, newest first, with the unread count; then marked read.
  await page.getByRole("link", { name: /^Leads/ }).click();
  await expect(page).toHaveURL(/\/dealership\/leads$/);
  const lead = page.locator("main li").filter({ hasText: "Lindiwe Dlamini" });
  await expect(lead).toContainText(`2022 Kia ${model}`);
  await expect(lead).toContainText(plate);
  await expect(lead).toContainText(buyerEmail);
  await expect(lead).toContainText("Could I test drive it on Saturday?");
  await expect(lead).toContainText("New");
  await expect(lead.getByRole("link", { name: buyerEmail })).toHaveAttribute("href", new RegExp(`^mailto:${buyerEmail.replace(/[.+]/g, "\\$&")}`));
  // The lead's contact links (its main actions) are 36 px high to click.
  await expectTargetSize(lead.getByRole("link"), 36);
  await expect(page.getByText("1 unread · 1 in total")).toBeVisible();
  await expect(page.getByRole("link", { name: "Leads, 1 unread" })).toBeVisible();
  await expectAccessible(page, "dealership-leads");
  await snap(page, testInfo, "dealership-leads");
  await lead.getByRole("button", { name: "Mark as read" }).click();
  await expect(lead).toContainText("Read");
  await expect(lead.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  await expect(page.getByText(/0 unread/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Leads", exact: true })).toBeVisible();

  // Delete, after confirming in the dialog (Cancel first keeps the car).
  await page.getByRole("link", { name: "Dashboard" }).click();
  await card.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to delete this vehicle?");
  await expectAccessible(page, "dealership-delete-dialog");
  await snap(page, testInfo, "dealership-delete-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Vehicle deleted");
  await expect(card).toHaveCount(0);
  await expect(stat(page, "Total")).toContainText("4");

  // Sign out: the token and info are gone, and the portal asks for sign-in again.
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), DEALERSHIP_TOKEN_KEY)).toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), DEALERSHIP_INFO_KEY)).toBeNull();
  await page.goto("/dealership/vehicles/add");
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  expect(problems).toEqual([]);
});

test("a dealership session the server no longer accepts (401), or another area's token (403), signs out to /dealership/signin", async ({
  page,
  request,
}, testInfo) => {
  // 401: a token the server does not know.
  await page.goto("/dealership/signin");
  await page.evaluate(
    ([key, info]) => {
      localStorage.setItem(key!, "expired-or-made-up");
      localStorage.setItem(info!, JSON.stringify({ dealershipCode: "X", companyName: "Gone Motors", contactPerson: "Nobody" }));
    },
    [DEALERSHIP_TOKEN_KEY, DEALERSHIP_INFO_KEY],
  );
  await page.goto("/dealership/dashboard");
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  await expectToast(page, "Session ended", "Please sign in again.");
  expect(await page.evaluate((key) => localStorage.getItem(key), DEALERSHIP_TOKEN_KEY)).toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), DEALERSHIP_INFO_KEY)).toBeNull();

  // 403: a customer's token is not a dealership's.
  const customerToken = await createCustomer(request, { name: "Sam Customer", email: uniqueEmail("sam", testInfo), password: "secret123" });
  await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [DEALERSHIP_TOKEN_KEY, customerToken]);
  await page.goto("/dealership/leads");
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), DEALERSHIP_TOKEN_KEY)).toBeNull();

  // After signing in again, the dealership lands where it was going.
  const login = demoDealership("ATLANTIC01");
  await page.goto("/dealership/leads");
  await expect(page).toHaveURL(/\/dealership\/signin$/);
  await signIn(page, login.dealershipCode, login.password);
  await expectToast(page, "Welcome!", "Signed in successfully as Atlantic Motors");
  await expect(page).toHaveURL(/\/dealership\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // An id that is not this dealership's car: not found, nothing shown.
  await page.goto("/dealership/vehicles/00000000-0000-4000-8000-000000000000/edit");
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle not found" })).toBeVisible();
});

test.describe("on a poor connection", () => {
  test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] });

  /** Makes the named GraphQL operation fail as `failing()` says (no connection, a gateway's 502), or pass. */
  async function failOperation(page: Page, operation: string, failing: () => "offline" | "502" | null) {
    await page.route("**/graphql", async (route) => {
      const name = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
      const how = name === operation ? failing() : null;
      if (how === "offline") return route.abort("internetdisconnected");
      if (how === "502") return route.fulfill({ status: 502, contentType: "text/plain", body: "Bad Gateway" });
      return route.fallback();
    });
  }

  test("a save that gets no answer (offline, a 502) says so, not that the form is wrong, and keeps what was typed", async ({ page }) => {
    const login = demoDealership("WINELANDS02");
    await page.goto("/dealership/signin");
    await signIn(page, login.dealershipCode, login.password);
    await expect(page).toHaveURL(/\/dealership\/dashboard$/);
    let failing: "offline" | "502" | null = "offline";
    await failOperation(page, "CreateDealershipVehicle", () => failing);
    await failOperation(page, "UpdateDealershipVehicle", () => failing);

    await page.goto("/dealership/vehicles/add");
    const plate = `CL ${unique()}`;
    await page.getByLabel("Registration number", { exact: true }).fill(plate);
    await page.getByLabel("Make", { exact: true }).fill("Kia");
    await page.getByLabel("Model", { exact: true }).fill("Sonet");
    await page.getByLabel("Daily rate (R)", { exact: true }).fill("410");
    await page.getByLabel("Sales price (R, optional)", { exact: true }).fill("289900");
    await page.getByRole("button", { name: "Save Vehicle" }).click();
    await expectToast(page, "Failed to add vehicle", CONNECTION_MESSAGE);
    failing = "502";
    await page.getByRole("button", { name: "Save Vehicle" }).click();
    await expect(page.getByRole("button", { name: "Save Vehicle" })).toBeEnabled();
    await expectToast(page, "Failed to add vehicle", CONNECTION_MESSAGE);
    await expect(page).toHaveURL(/\/dealership\/vehicles\/add$/);
    await expect(page.getByLabel("Registration number", { exact: true })).toHaveValue(plate);
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("Sonet");
    await expect(page.getByLabel("Daily rate (R)", { exact: true })).toHaveValue("410");
    await expect(page.getByLabel("Sales price (R, optional)", { exact: true })).toHaveValue("289900");
    await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);

    // Editing too (a car of the demo inventory; nothing reaches the server).
    failing = "offline";
    await page.goto("/dealership/dashboard");
    await vehicleCard(page, /Suzuki Celerio/)
      .getByRole("link", { name: "Edit" })
      .click();
    await page.getByLabel("Mileage (km)", { exact: true }).fill("123456");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Failed to update vehicle", CONNECTION_MESSAGE);
    await expect(page.getByLabel("Mileage (km)", { exact: true })).toHaveValue("123456");
    await expect(page).toHaveURL(/\/edit$/);
  });

  test("leads loading: the announcement sits beside the list, not inside it", async ({ page }) => {
    const login = demoDealership("WINELANDS02");
    await page.goto("/dealership/signin");
    await signIn(page, login.dealershipCode, login.password);
    await expect(page).toHaveURL(/\/dealership\/dashboard$/);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/graphql", async (route) => {
      if ((route.request().postDataJSON() as { operationName?: string } | null)?.operationName === "DealershipLeads") await held;
      await route.continue();
    });
    await page.goto("/dealership/leads");
    await expect(page.getByRole("status").filter({ hasText: "Loading leads…" })).toBeAttached();
    // A <ul> holds only <li>s.
    await expect(page.locator("main ul > :not(li)")).toHaveCount(0);
    await expectAccessible(page, "dealership-leads-loading");
    release();
    await expect(page.getByRole("status").filter({ hasText: "Loading leads…" })).toHaveCount(0);
    await expect(page.getByText(/ unread · |Enquiries from buyers on Cars for Sale will show up here/)).toBeVisible();
  });

  test("vehicle photos: a PUT that fails is sent again by itself; one that fails for good stays, with Try again", async ({ page }) => {
    const login = demoDealership("WINELANDS02");
    await page.goto("/dealership/signin");
    await signIn(page, login.dealershipCode, login.password);
    await expect(page).toHaveURL(/\/dealership\/dashboard$/);
    await page.goto("/dealership/vehicles/add");

    // The first PUT gets a gateway's 502 (sent again: it goes through); the second photo's is
    // refused, which no retry would change: it stays in the list, marked, to try again.
    let puts = 0;
    await page.route("**/api/objects/upload/**", (route) => {
      if (route.request().method() !== "PUT") return route.continue();
      puts += 1;
      if (puts === 1) return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
      if (puts === 3) return route.fulfill({ status: 400, json: { message: "" } });
      return route.continue();
    });
    await page.getByLabel("Choose vehicle photos").setInputFiles(["e2e/fixtures/car-side.jpg", "e2e/fixtures/car-front.jpg"]);
    await expectToast(page, "Upload successful!", "1 photo added.");
    const photos = page.locator("fieldset li img");
    await expect(page.getByRole("listitem", { name: "Photo not uploaded: car-front.jpg" }).getByText("Upload failed")).toBeVisible();
    await expect(photos).toHaveCount(2); // the stored one and the one kept to send again
    expect(puts).toBe(3);

    await page.unroute("**/api/objects/upload/**");
    await page.getByRole("listitem", { name: "Photo not uploaded: car-front.jpg" }).getByRole("button", { name: "Try again" }).click();
    await expectToast(page, "Upload successful!", "1 photo added.");
    await expect(page.getByRole("listitem", { name: /Photo not uploaded/ })).toHaveCount(0);
    await expect(photos).toHaveCount(2);
    for (const i of [0, 1]) await expect(photos.nth(i)).toHaveAttribute("src", /^\/objects\/uploads\/[0-9a-f-]{36}$/);
  });
});
