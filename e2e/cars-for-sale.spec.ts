/**
 * Cars for Sale on a phone (SPEC 2, 9; no sign-in needed): search, filter by price band, the
 * filters in a shared URL surviving a reload, "Load more", the empty state, a car's details, and
 * Contact Seller with its validation then success. Screenshots: e2e/screenshots/phone-for-sale-*.png.
 */
import { expectAccessible } from "./axe";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "./test";
import { createCompletedCustomer } from "./booking-helpers.ts";
import { onboardDealership } from "./dealership.ts";
import { graphql, signInWithToken, snap, waitForMail } from "./support.ts";

const count = (page: Page) => page.getByTestId("for-sale-count");
const cards = (page: Page) => page.locator("main ul > li").filter({ has: page.getByRole("link", { name: "View Details" }) });

/** Holds the customer area's session code (the GraphQL client and the screens' layout) until the returned function is called. */
async function holdSessionCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/SessionRoot-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

test("a visitor searches, filters by price, shares the URL, opens a car and contacts the seller", async ({ page }, testInfo) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));

  // From the landing page's world: no account, straight to the list.
  await page.goto("/cars-for-sale");
  await expect(page.getByRole("heading", { level: 1, name: "Cars for Sale" })).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ vehicles available for sale$/);
  const total = Number((await count(page).textContent())!.split(" ")[0]);
  expect(total).toBeGreaterThanOrEqual(8); // the demo stock of two dealerships
  await expect(page.locator("[data-customer-frame]")).toBeVisible();

  // Six cards a page, then "Load more".
  await expect(cards(page)).toHaveCount(6);
  const first = cards(page).first();
  await expect(first.getByRole("button", { name: "Contact Seller" })).toBeVisible();
  await expect(first).toContainText(/R\d{1,3}(,\d{3})+/);
  await expect(first).toContainText(/\d+ km/);
  await noSidewaysScroll(page);
  await expectAccessible(page, "for-sale-list");
  await snap(page, testInfo, "for-sale-list");
  await page.getByRole("button", { name: /Load more/ }).click();
  await expect(cards(page)).toHaveCount(Math.min(total, 12));

  // Contact Seller right from a card opens the enquiry form about that car.
  const carTitle = (await cards(page).nth(1).getByRole("heading").textContent())!.replace(/^(\d{4})/, "$1 ");
  await cards(page).nth(1).getByRole("button", { name: "Contact Seller" }).click();
  await expect(page.getByRole("dialog")).toContainText(carTitle);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Search (debounced, into the URL).
  await page.getByRole("searchbox", { name: "Search cars for sale" }).fill("volkswagen");
  await expect(page).toHaveURL(/[?&]q=volkswagen/);
  await expect(count(page)).toHaveText("2 vehicles available for sale");
  await expect(cards(page)).toHaveCount(2);

  // Filters: price range R100,000–R200,000.
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByRole("button", { name: "Filters" })).toHaveAttribute("aria-expanded", "true");
  const filters = page.getByRole("region", { name: "Filters" });
  for (const band of ["Under R100,000", "R100,000–R200,000", "R200,000–R300,000", "Over R300,000"])
    await expect(filters.getByText(band, { exact: true })).toBeVisible();
  await filters.getByText("R100,000–R200,000", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]price=100k-200k/);
  await expect(count(page)).toHaveText("1 vehicle available for sale");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Polo Vivo");
  await expect(cards(page).first()).toContainText("R149,900");
  await expectAccessible(page, "for-sale-filters");
  await snap(page, testInfo, "for-sale-filters");

  // The URL is the filtered list: reload (or share) it and the filters are still there.
  const shared = page.url();
  await page.reload();
  await expect(count(page)).toHaveText("1 vehicle available for sale");
  await expect(page.getByRole("searchbox", { name: "Search cars for sale" })).toHaveValue("volkswagen");
  await expect(page.getByRole("button", { name: /Filters/ })).toContainText("1");
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("R100,000–R200,000");
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId("for-sale-count")).toHaveText("1 vehicle available for sale");
  await other.close();

  // Category and transmission filters, sort, Clear All.
  await page.getByRole("button", { name: /Filters/ }).click();
  await page.getByRole("region", { name: "Filters" }).getByText("Any price", { exact: true }).click();
  await page.getByRole("searchbox", { name: "Search cars for sale" }).fill("");
  await expect(page).not.toHaveURL(/q=/);
  await page.getByRole("region", { name: "Filters" }).getByText("Large", { exact: true }).click();
  await page.getByRole("region", { name: "Filters" }).getByText("Automatic", { exact: true }).click();
  await page.getByRole("button", { name: "Show results" }).click();
  await expect(page.getByRole("region", { name: "Filters" })).toHaveCount(0);
  await page.getByLabel("Sort by").selectOption("price_desc");
  await expect(page).toHaveURL(/category=large/);
  await expect(page).toHaveURL(/transmission=automatic/);
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(count(page)).toHaveText("2 vehicles available for sale");
  await expect(cards(page).first()).toContainText("Fortuner");
  await expect(cards(page).nth(1)).toContainText("Ranger");
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Large");
  await page.getByRole("button", { name: /Filters/ }).click();
  await page.getByRole("button", { name: "Clear All" }).click();
  await expect(page).toHaveURL(/\/cars-for-sale$/);
  await page.getByRole("button", { name: "Show results" }).click();
  await expect(count(page)).toHaveText(/^\d+ vehicles available for sale$/);

  // Nothing matches: the empty state, and Clear Search brings every car back.
  await page.getByRole("searchbox", { name: "Search cars for sale" }).fill("Lamborghini");
  await expect(page.getByRole("heading", { name: "No vehicles found" })).toBeVisible();
  await expect(count(page)).toHaveText("0 vehicles available for sale");
  await snap(page, testInfo, "for-sale-empty");
  await page.getByRole("button", { name: "Clear Search", exact: true }).click();
  await expect(page).toHaveURL(/\/cars-for-sale$/);
  await expect(page.getByRole("searchbox", { name: "Search cars for sale" })).toHaveValue("");
  await expect(cards(page)).toHaveCount(6);

  // Details of the Polo Vivo, reached from a filtered list; Back returns to that list.
  await page.goto(shared);
  await cards(page).first().getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(/\/cars-for-sale\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2020 Volkswagen Polo Vivo");
  const main = page.getByRole("main");
  await expect(main).toContainText("R149,900");
  await expect(main).toContainText("2020");
  await expect(main).toContainText("72,500 km");
  await expect(main).toContainText("Manual");
  await expect(main).toContainText("Atlantic Motors");
  await expect(main).toContainText("Cape Town");
  await noSidewaysScroll(page);
  await expectAccessible(page, "for-sale-details");
  await snap(page, testInfo, "for-sale-details");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(shared);
  await expect(count(page)).toHaveText("1 vehicle available for sale");
  await cards(page).first().getByRole("link", { name: "View Details" }).click();

  // Contact Seller: the form's rules first...
  await page.getByRole("button", { name: "Contact Seller" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Contact Seller" })).toBeVisible();
  await expect(dialog.getByLabel("Message")).toHaveValue(/2020 Volkswagen Polo Vivo/);
  // The honeypot is neither seen nor announced.
  const trap = await dialog.getByLabel("Leave this field empty").boundingBox();
  expect(trap!.x + trap!.width).toBeLessThanOrEqual(0); // off screen
  await expect(dialog.getByLabel("Leave this field empty")).toHaveAttribute("tabindex", "-1");
  await expect(dialog.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  await dialog.getByLabel("Message").fill("");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByText("Please enter your name")).toBeVisible();
  await expect(dialog.getByText("Please give an email address or a phone number so the seller can reply")).toBeVisible();
  await expect(dialog.getByText("Please enter a message for the seller")).toBeVisible();
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expectAccessible(page, "for-sale-enquiry-errors");
  await snap(page, testInfo, "for-sale-enquiry-errors", { fullPage: false });

  // ...then a phone number is enough, and the enquiry is sent.
  await dialog.getByLabel("Your name").fill("Ayanda Nkosi");
  await dialog.getByLabel("Email").fill("");
  await dialog.getByLabel("Phone number").fill("082 555 1234");
  await dialog.getByLabel("Message").fill("Hi, is the Polo Vivo still available? I can view it this week.");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByRole("heading", { name: "Message sent" })).toBeVisible();
  await expect(dialog).toContainText("Your message has been sent to the seller. They will contact you soon.");
  await snap(page, testInfo, "for-sale-enquiry-sent", { fullPage: false });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const mail = await waitForMail("sales@atlanticmotors.example", /Ayanda Nkosi/);
  expect(mail.text).toContain("082 555 1234");

  // A car that is not for sale.
  await page.goto("/cars-for-sale/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This car is no longer for sale");
  expect(problems).toEqual([]);
});

test("a first visit paints the frame and header while the screen's code loads, and leaves the toast code for later", async ({ page }, testInfo) => {
  // Hold the session code until the shell is checked.
  const release = await holdSessionCode(page);
  const scripts: string[] = [];
  const listRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    if (request.url().endsWith("/graphql") && request.postDataJSON()?.operationName === "CarsForSale") listRequests.push(request.postData()!);
  });

  await page.goto("/cars-for-sale");
  const frame = page.locator("[data-customer-frame]");
  await expect(frame.getByRole("link", { name: "CapeDrive home" })).toBeVisible();
  await expect(frame.getByRole("status")).toHaveText("Loading…");
  await expect(frame.locator("[aria-busy=true]")).toBeVisible();
  // The listing is as wide as on the finished screen, and the back link's room is held, so nothing
  // jumps sideways when the screen arrives.
  const logo = frame.getByRole("link", { name: "CapeDrive home" });
  const shellWidth = (await frame.boundingBox())!.width;
  const shellLogoX = (await logo.boundingBox())!.x;
  await expect(frame.getByRole("link", { name: "Back" })).toHaveCount(0);
  await snap(page, testInfo, "for-sale-first-paint");
  // The first page of cars is already on its way while the screen's code is held.
  await expect.poll(() => listRequests.length).toBe(1);

  release();
  await expect(page.getByRole("heading", { level: 1, name: "Cars for Sale" })).toBeVisible();
  expect((await frame.boundingBox())!.width).toBe(shellWidth);
  await expect(frame.getByRole("link", { name: "Back" })).toBeVisible();
  expect((await logo.boundingBox())!.x).toBe(shellLogoX);
  // Ark UI's toast region was not among what the screen waited for.
  expect(scripts.some((path) => path.includes("/ToastRegion-"))).toBe(false);
  await expect(count(page)).toHaveText(/^\d+ vehicles available for sale$/);
  // The screen took that answer instead of asking again.
  expect(listRequests).toHaveLength(1);
});

test("the first-visit shell of a screen without a back link keeps the logo where that screen has it", async ({ page, request }, testInfo) => {
  const token = await createCompletedCustomer(request, testInfo, "Thandi Shell");
  await signInWithToken(page, token);
  const release = await holdSessionCode(page);

  await page.goto("/home");
  const frame = page.locator("[data-customer-frame]");
  const logo = frame.getByRole("link", { name: "CapeDrive home" });
  await expect(frame.getByRole("status")).toHaveText("Loading…");
  const shellLogoX = (await logo.boundingBox())!.x;

  release();
  await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(frame.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(frame.getByRole("link", { name: /^Back/ })).toHaveCount(0);
  expect((await logo.boundingBox())!.x).toBe(shellLogoX);
});

test("a first visit to a shared car asks for the car while the screen's code loads, and only once", async ({ page, request }) => {
  const listing = (await (await request.get("/api/for-sale?limit=1")).json()) as { vehicles: { id: string; make: string }[] };
  const car = listing.vehicles[0]!;
  const release = await holdSessionCode(page);
  const carRequests: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith("/graphql") && sent.postDataJSON()?.operationName === "CarForSale") carRequests.push(sent.postData()!);
  });

  await page.goto(`/cars-for-sale/${car.id}`);
  await expect(page.locator("[data-customer-frame]").getByRole("status")).toHaveText("Loading…");
  await expect.poll(() => carRequests.length).toBe(1);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(car.make);
  expect(carRequests).toHaveLength(1);
});

/** A car for sale of a dealership of this journey's own, with the photos given (uploaded as the portal does). */
async function carWithPhotos(request: APIRequestContext, files: string[]): Promise<string> {
  const login = onboardDealership("Gallery Journey Motors");
  const signIn = await graphql<{ dealershipSignIn: { token: string } }>(
    request,
    "mutation ($input: DealershipSignInInput!) { dealershipSignIn(input: $input) { token } }",
    { input: login },
  );
  const token = signIn.dealershipSignIn.token;
  const images: string[] = [];
  for (const file of files) {
    const ticket = await graphql<{ createDealershipPhotoUpload: { uploadURL: string; objectPath: string } }>(
      request,
      "mutation { createDealershipPhotoUpload { uploadURL objectPath } }",
      {},
      token,
    );
    const put = await request.put(ticket.createDealershipPhotoUpload.uploadURL, {
      headers: { "Content-Type": "image/jpeg", Authorization: `Bearer ${token}` },
      data: readFileSync(file),
    });
    expect(put.ok()).toBe(true);
    images.push(ticket.createDealershipPhotoUpload.objectPath);
  }
  const suffix = `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  const car = await graphql<{ createDealershipVehicle: { id: string } }>(
    request,
    "mutation ($input: DealershipVehicleInput!) { createDealershipVehicle(input: $input) { id } }",
    {
      input: {
        registrationNumber: `CG ${suffix}`,
        make: "Mazda",
        model: "CX-3",
        year: 2021,
        category: "medium",
        transmission: "automatic",
        status: "available",
        mileage: 41000,
        dailyRate: "500",
        salesPrice: "289900",
        images,
      },
    },
    token,
  );
  return car.createDealershipVehicle.id;
}

test("the photo gallery jumps to the photo chosen, without a glide, when the phone asks for reduced motion", async ({ page, request }, testInfo) => {
  const id = await carWithPhotos(request, ["e2e/fixtures/car-side.jpg", "e2e/fixtures/car-front.jpg", "e2e/fixtures/car-side.jpg"]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/cars-for-sale/${id}`);
  const gallery = page.getByRole("region", { name: "Photos of the 2021 Mazda CX-3" });
  await expect(gallery.getByRole("button", { name: "Show photo 3" })).toBeVisible();
  // The tap, in the page: a jump has arrived by the time the tap's handler returns; a glide has not begun.
  const atOnce = await gallery.getByRole("button", { name: "Show photo 3" }).evaluate((button: HTMLButtonElement) => {
    const strip = button.closest("section")!.querySelector("ul")!;
    button.click();
    return { left: strip.scrollLeft, target: (strip.children[2] as HTMLElement).offsetLeft };
  });
  expect(atOnce.target).toBeGreaterThan(0);
  expect(atOnce.left).toBe(atOnce.target);
  await expect(gallery.getByRole("button", { name: "Show photo 3" })).toHaveAttribute("aria-current", "true");
  await snap(page, testInfo, "for-sale-gallery-reduced-motion", { fullPage: false });

  // Without the request, the strip glides: it has not moved yet when the tap's handler returns.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  const glide = await gallery.getByRole("button", { name: "Show photo 1" }).evaluate((button: HTMLButtonElement) => {
    const strip = button.closest("section")!.querySelector("ul")!;
    const before = strip.scrollLeft;
    button.click();
    return { before, left: strip.scrollLeft };
  });
  expect(glide.left).toBe(glide.before);
  await expect(gallery.getByRole("button", { name: "Show photo 1" })).toHaveAttribute("aria-current", "true");
});

test("swiping to a photo whose thumbnail is off the row scrolls the row to it", async ({ page, request }, testInfo) => {
  // Seven thumbnails are wider than a phone; the last starts out of sight.
  const id = await carWithPhotos(
    request,
    Array.from({ length: 7 }, (_, i) => (i % 2 ? "e2e/fixtures/car-front.jpg" : "e2e/fixtures/car-side.jpg")),
  );
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/cars-for-sale/${id}`);
  const gallery = page.getByRole("region", { name: "Photos of the 2021 Mazda CX-3" });
  const lastThumb = gallery.getByRole("button", { name: "Show photo 7" });
  await expect(lastThumb).toBeAttached();
  await expect(lastThumb).not.toBeInViewport();
  // A swipe to the last photo: the big strip scrolled as a finger scrolls it.
  await gallery.getByRole("list").evaluate((strip: HTMLElement) => {
    strip.scrollLeft = (strip.children[6] as HTMLElement).offsetLeft;
  });
  await expect(lastThumb).toHaveAttribute("aria-current", "true");
  await expect(lastThumb).toBeInViewport();
  await snap(page, testInfo, "for-sale-gallery-last-photo", { fullPage: false });
});
