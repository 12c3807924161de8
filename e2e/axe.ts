/**
 * Accessibility in the journeys: axe-core (through @axe-core/playwright) on the screen as it is,
 * against WCAG 2 A and AA. A serious or critical violation fails the test and names the rule, its
 * impact and the elements; moderate and minor ones are left to review.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A dialog or toast still fading in has its colours mixed with the page: judge the settled screen.
  // (Endless ones, such as a spinner, are left alone.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} element(s), e.g. ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
  expect(serious, `accessibility of ${label}`).toEqual([]);
}
