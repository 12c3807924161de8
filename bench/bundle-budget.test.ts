// The customer landing page's JavaScript budget (issue 8: at most 120 KB gzipped). Builds the
// web app once into a temp folder (web/dist is left alone) and sums the gzipped size of what the
// landing page must download before it renders: index.html's scripts plus their static import
// closure (bench/page-weight.ts, the same figure `bun run bench` and web/build.ts report).
// The first measurement was 113.9 KB; see README "Performance".
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWeb, landingWeight, type Weight } from "./page-weight";

export const LANDING_JS_BUDGET_KB = 120;

let outdir: string;
let landing: Weight;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), "capedrive-budget-"));
  await buildWeb(outdir);
  landing = await landingWeight(outdir);
}, 180_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

test(`the landing page's JavaScript stays within ${LANDING_JS_BUDGET_KB} KB gzipped`, () => {
  const kb = landing.js / 1024;
  const files = landing.files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`).join(", ");
  console.log(`landing page: JS ${kb.toFixed(1)} KB, CSS ${(landing.css / 1024).toFixed(1)} KB gzipped (${files})`);
  expect(landing.files.some((f) => f.file.endsWith(".js"))).toBe(true);
  expect(kb).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
});

test("the landing page loads no admin or dealership code up front", () => {
  // Their areas are lazy: a static import of either would put their code in the landing budget.
  expect(landing.files.filter((f) => /admin|dealership/i.test(f.file))).toEqual([]);
});
