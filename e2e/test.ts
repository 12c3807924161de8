/**
 * The `test` every journey uses: Playwright's, plus an automatic check that no page of the test's
 * browser context threw an uncaught error or logged a console error. A screen that flashes an
 * error for a moment (and recovers) fails its journey this way.
 *
 * Google's script is served by a stand-in for every page (this machine has no internet).
 *
 * Console lines the browser itself writes for an answer of 4xx ("Failed to load resource: ...
 * status of 401") are expected: the journeys provoke wrong passwords, refused bookings and
 * missing pages on purpose, and the app shows those answers as messages. A test that expects
 * another console error says so with `test.use({ allowedConsoleErrors: [/.../] })`.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { STAND_IN } from "./google.ts";

const EXPECTED_CONSOLE_ERRORS = [/^Failed to load resource: the server responded with a status of 4\d\d/];

export const test = base.extend<{ allowedConsoleErrors: RegExp[]; pageProblems: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  pageProblems: [
    async ({ context, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      const allowed = [...EXPECTED_CONSOLE_ERRORS, ...allowedConsoleErrors];
      const watch = (page: Page) => {
        page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
        page.on("console", (message) => {
          if (message.type() !== "error") return;
          const text = message.text();
          if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console error on ${page.url()}: ${text}`);
        });
      };
      for (const page of context.pages()) watch(page);
      context.on("page", watch);
      // No internet here: Google's sign-in script (on the sign-up and sign-in screens) comes from
      // the stand-in, so a screen never logs a failed load of it. Journeys about Google sign-in
      // route it themselves (e2e/google.ts), which takes precedence.
      await context.route("https://accounts.google.com/gsi/client*", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: STAND_IN }));
      await use(problems);
      expect(problems, "no page errors or console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Page, TestInfo } from "@playwright/test";
