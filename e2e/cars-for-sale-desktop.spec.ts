/**
 * Cars for Sale on a 1440 x 900 desktop (issue 15, point 6): the listing uses the width, a grid
 * of cards rather than a phone-wide column, and a car's details sit beside its photos.
 */
import { expectAccessible } from "./axe";
import { snap } from "./support";
import { expect, test } from "./test";

test.use({ viewport: { width: 1440, height: 900 } });

test("the listing is a grid of at least three cards a row, and the details sit beside the photos", async ({ page }, testInfo) => {
  await page.goto("/cars-for-sale");
  const cards = page.locator("main ul > li").filter({ has: page.getByRole("link", { name: "View Details" }) });
  await expect(cards).toHaveCount(6);
  const boxes = await Promise.all((await cards.all()).map((card) => card.boundingBox()));
  const firstRow = boxes.filter((box) => Math.abs(box!.y - boxes[0]!.y) < 1);
  expect(firstRow.length).toBeGreaterThanOrEqual(3);
  expect((await page.locator("[data-customer-frame]").boundingBox())!.width).toBeGreaterThan(1000);
  await expectAccessible(page, "for-sale-list-desktop");
  await snap(page, testInfo, "for-sale-list-desktop");

  await cards.first().getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(/\/cars-for-sale\/[^/?]+$/);
  const photos = page.locator("article > div").first(); // the photo or the gallery
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible();
  const [photoBox, titleBox] = [(await photos.boundingBox())!, (await title.boundingBox())!];
  expect(titleBox.x).toBeGreaterThan(photoBox.x + photoBox.width - 1); // to the right of the photos
  expect(titleBox.y).toBeLessThan(photoBox.y + photoBox.height);
  await expectAccessible(page, "for-sale-details-desktop");
  await snap(page, testInfo, "for-sale-details-desktop");
});

test("with a keyboard, Enter in the search box searches and leaves the focus in the box", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const search = page.getByRole("searchbox", { name: "Search cars for sale" });
  await search.fill("volkswagen");
  await search.press("Enter");
  await expect(page).toHaveURL(/volkswagen/);
  await expect(search).toBeFocused();
});
