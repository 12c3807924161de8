/** Helpers shared by the customer journeys. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";

/** Full-page screenshot saved as e2e/screenshots/<project>-<name>.png (and attached to the report). */
export async function snap(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  const path = `e2e/screenshots/${testInfo.project.name}-${name}.png`;
  const fullPage = options.fullPage ?? true;
  // Full-page shots start from the top, so the sticky header is drawn where it belongs.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage, animations: "disabled", caret: "hide" });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/**
 * Every element the locator finds (at least one) is a target at least `min` CSS px wide and high:
 * 44 for a thumb on a phone (the booking calendar's days, the driver app), 24 (WCAG 2.2's 2.5.8
 * floor) and up for a mouse in the back office. A failure lists the small ones with their sizes.
 */
export async function expectTargetSize(targets: Locator, min: number) {
  await expect(targets.first()).toBeVisible();
  const boxes = await targets.evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect();
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
      return { name, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
    }),
  );
  // A hair of slack for sub-pixel layout (a 44 px day can measure 43.99).
  expect(boxes.filter((box) => box.width < min - 0.05 || box.height < min - 0.05)).toEqual([]);
}

let seq = 0;
/** A unique, lower-case email for this run. */
export function uniqueEmail(prefix: string, testInfo: TestInfo): string {
  return `${prefix}.${testInfo.project.name}.${Date.now().toString(36)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** The one toast on screen (SPEC 9: one at a time). */
export function toast(page: Page) {
  return page.locator("[data-scope=toast][data-part=root][data-state=open]");
}

/** SPEC 9: a drag right of the toast on screen springs back when short; one of 50 px or more closes it. */
export async function expectSwipeDismissesToast(page: Page) {
  const box = (await toast(page).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, y, { steps: 4 });
  await page.mouse.up();
  await expect(toast(page)).toHaveCount(1);
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, y, { steps: 6 });
  await page.mouse.up();
  await expect(toast(page)).toHaveCount(0);
}

/**
 * Ark's toast region, in the page once the toasts' code has loaded (a few seconds after a screen).
 * The plain stand-in shown before that is a region with the same name, but without this part.
 */
export function loadedToastRegion(page: Page) {
  return page.locator("[data-scope=toast][data-part=group]");
}

/** Asserts that the toast on screen has this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const t = toast(page);
  await expect(t).toHaveCount(1);
  await expect(t.locator("[data-part=title]")).toHaveText(title);
  if (description !== undefined) await expect(t.locator("[data-part=description]")).toHaveText(description);
}

/**
 * A refused sign-in leaves its reason in the form too (the toast goes): the fields marked invalid
 * and described by it, and the password focused, selected to retype.
 */
export async function expectSignInRefused(page: Page, message: string, labels: string[]) {
  await expect(page.getByRole("note").filter({ hasText: message })).toBeVisible();
  for (const label of labels) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toBeFocused();
  expect(await password.evaluate((input: HTMLInputElement) => input.selectionEnd! - input.selectionStart!)).toBe(
    await password.inputValue().then((v) => v.length),
  );
}

/** What a screen says when a call never got an answer from the server (web/src/lib/errors.ts). */
export const CONNECTION_MESSAGE = "We couldn't reach CapeDrive. Check your connection and try again.";

/** What a screen that could not load for want of a connection says (web/src/ui/RouteError.tsx). */
export const OFFLINE_MESSAGE = "You're offline. Check your connection, then try again.";

/**
 * Console lines Chromium writes for a request that failed offline, was aborted, or got a 5xx. One
 * pattern: `test.use({ allowedConsoleErrors: [NETWORK_CONSOLE_ERROR] })` (Playwright reads a
 * two-element array there as a value and its options).
 */
export const NETWORK_CONSOLE_ERROR = /^Failed to load resource: (net::ERR_|the server responded with a status of 5\d\d)/;

/**
 * A sign-in that never reached the server (offline, a 5xx) says so in the form, and blames nothing:
 * the fields are not marked invalid or described by it, and the password is not selected to retype.
 */
export async function expectSignInUnreachable(page: Page, labels: string[]) {
  await expect(page.getByRole("note").filter({ hasText: CONNECTION_MESSAGE })).toBeVisible();
  for (const label of labels) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).not.toHaveAttribute("aria-invalid");
    await expect(field).not.toHaveAttribute("aria-describedby", /.+/);
  }
  await expect(page.getByLabel("Password", { exact: true })).not.toBeFocused();
}

/** GraphQL over Playwright's request context (no browser), for quick setup. */
export async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await request.post("/graphql", {
    data: { query, variables },
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok() || body.errors?.length) throw new Error(`GraphQL ${response.status()}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data as T;
}

/** Creates a customer through the API and returns the token. */
export async function createCustomer(request: APIRequestContext, input: { name: string; email: string; password: string; phone?: string }): Promise<string> {
  const data = await graphql<{ signUp: { token: string } }>(request, "mutation ($input: SignUpInput!) { signUp(input: $input) { token } }", {
    input: { phone: "0821234567", ...input },
  });
  return data.signUp.token;
}

/** Stores a customer token in the page's localStorage before any script of the app runs. */
export async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => window.localStorage.setItem("capedrive.token", value), token);
}

// ---- mail ---------------------------------------------------------------------------------

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The decoded text of every MIME part of a raw message (good enough for finding links). */
export function decodeMessage(raw: string): string {
  const out: string[] = [];
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const parts = boundaries.length > 0 ? raw.split(new RegExp(boundaries.map((b) => `--${b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).join("|"))) : [raw];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64") out.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    else if (encoding === "quoted-printable") out.push(decodeQuotedPrintable(body));
    else out.push(body);
  }
  return out.join("\n");
}

/** Mail for `to` that arrived in E2E_MAIL_DIR (raw .eml from the test SMTP server, or dev-mail .txt files). */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 40_000): Promise<{ text: string; match: RegExpMatchArray }> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: the Playwright config sets it for the server it starts");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      names = [];
    }
    for (const name of names.reverse()) {
      const raw = readFileSync(join(dir, name), "utf8");
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const text = decodeMessage(raw);
      const found = text.match(match);
      if (found) return { text, match: found };
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${match} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
