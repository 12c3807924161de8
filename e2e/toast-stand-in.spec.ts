/**
 * The plain toast shown while Ark's toast code has not loaded (web/src/ui/toast.tsx) works and
 * looks like Ark's: F8 moves focus to its region, which keeps the toast on show; Escape closes it
 * and focus goes back; a swipe right of 50 px closes it; and, once the code comes, Ark's toast is
 * drawn the same. The page's clock is Playwright's, so the 5 seconds pass at once.
 */
import { expect, test, type Page } from "./test";
import { expectSwipeDismissesToast, expectToast, loadedToastRegion, NETWORK_CONSOLE_ERROR, snap, toast, uniqueEmail } from "./support";

test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] });

const TOAST_CODE = "**/assets/ToastRegion-*.js";

/** A refused sign-in: its toast. */
async function signInRefused(page: Page) {
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Error signing in");
}

/** What a toast looks like: the computed styles both kinds must share, and where it sits. */
function look(page: Page) {
  return toast(page).evaluate((root) => {
    const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
    const r = style(root)!;
    const box = root.getBoundingClientRect();
    return {
      box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) },
      root: [r.backgroundColor, r.borderLeftColor, r.borderLeftWidth, r.borderTopWidth, r.borderRadius, r.boxShadow, r.padding, r.display, r.gap],
      icon: [style(root.querySelector("[aria-hidden=true]"))?.backgroundColor, style(root.querySelector("[aria-hidden=true]"))?.width],
      title: [style(root.querySelector("[data-part=title]"))?.fontSize, style(root.querySelector("[data-part=title]"))?.fontWeight],
      description: [style(root.querySelector("[data-part=description]"))?.fontSize, style(root.querySelector("[data-part=description]"))?.color],
      close: [style(root.querySelector("button"))?.width, style(root.querySelector("button"))?.height, style(root.querySelector("button"))?.top],
    };
  });
}

test("the toast shown before its code loads: F8, Escape, swipe, the time it stays, and the same look as Ark's", async ({ page }, testInfo) => {
  await page.clock.install();
  // Ark's toast code does not come (yet).
  await page.route(TOAST_CODE, (route) => route.abort("internetdisconnected"));
  await page.goto("/signin");
  const email = page.getByLabel("Email");
  await email.fill(uniqueEmail("nobody", testInfo));
  await page.getByLabel("Password", { exact: true }).fill("whatever1");
  await signInRefused(page);
  const region = page.getByRole("region", { name: "Notifications, top (F8)" });
  await expect(region).toHaveAttribute("data-plain-toasts", "");
  await expect(toast(page).getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  await snap(page, testInfo, "toast-stand-in", { fullPage: false });
  const standIn = await look(page);

  // F8 from the form: focus moves to the region, and the toast stays while it is there.
  await email.focus();
  await page.keyboard.press("F8");
  await expect(region).toBeFocused();
  await snap(page, testInfo, "toast-stand-in-f8", { fullPage: false });
  await page.clock.fastForward(8_000);
  await expect(toast(page)).toHaveCount(1);
  // Tab reaches the toast; Escape closes it, and focus goes back to the form.
  await page.keyboard.press("Tab");
  await expect(toast(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toast(page)).toHaveCount(0);
  await expect(email).toBeFocused();

  // Not focused, it goes by itself after 5 seconds.
  await signInRefused(page);
  await page.clock.fastForward(4_000);
  await expect(toast(page)).toHaveCount(1);
  await page.clock.fastForward(1_500);
  await expect(toast(page)).toHaveCount(0);

  // The close button, reached with F8 and Tab.
  await signInRefused(page);
  await page.keyboard.press("F8");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(toast(page).getByRole("button", { name: "Dismiss notification" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toHaveCount(0);

  // A short drag springs back; 50 px or more to the right closes it.
  await signInRefused(page);
  await expectSwipeDismissesToast(page);

  // The code comes: the next toast is Ark's, in the same place, drawn the same.
  await page.unroute(TOAST_CODE);
  await signInRefused(page);
  await expect(loadedToastRegion(page)).toBeAttached();
  await expect(region).not.toHaveAttribute("data-plain-toasts");
  // Ark's toast slides in: measured once it has settled.
  await page.clock.fastForward(1_000);
  await expect.poll(() => look(page)).toEqual(standIn);
});
