// Lighthouse (npm `lighthouse`, its default mobile emulation: a Moto G Power sized screen, 4x CPU
// slowdown and simulated slow 4G) in Debian's Chromium, run as its CLI under Bun (Lighthouse 13
// asks for Node 22, newer than Debian's). Performance and accessibility scores, LCP, TBT, CLS.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

export const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

export type LighthouseResult = {
  url: string;
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** Accessibility audits that failed, by id (empty when the score is 100). */
  failedAccessibilityAudits: string[];
  error?: string;
};

const ROOT = resolve(import.meta.dir, "..");

/** Runs Lighthouse on `url`; `keepReport` copies the full JSON report there (for looking into a score). */
export async function lighthouse(url: string, options: { chromePath?: string; keepReport?: string } = {}): Promise<LighthouseResult> {
  const chromePath = options.chromePath ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";
  const dir = mkdtempSync(join(tmpdir(), "capedrive-lighthouse-"));
  const output = join(dir, "report.json");
  try {
    const proc = Bun.spawn(
      [
        process.execPath,
        join(ROOT, "node_modules", "lighthouse", "cli", "index.js"),
        url,
        "--quiet",
        "--output=json",
        `--output-path=${output}`,
        "--only-categories=performance,accessibility",
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: chromePath }, stdout: "pipe", stderr: "pipe" },
    );
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    if (code !== 0) throw new Error(stderr.trim().split("\n").slice(-5).join("\n") || `exit ${code}`);
    const report = await Bun.file(output).json();
    if (options.keepReport) {
      mkdirSync(dirname(options.keepReport), { recursive: true });
      copyFileSync(output, options.keepReport);
    }
    const audit = (id: string) => (report.audits[id]?.numericValue as number | undefined) ?? null;
    const score = (id: string) => (report.categories[id]?.score == null ? null : Math.round(report.categories[id].score * 100));
    const failed = (report.categories.accessibility?.auditRefs ?? [])
      .map((ref: { id: string }) => report.audits[ref.id])
      .filter((a: { score: number | null; scoreDisplayMode: string }) => a && a.scoreDisplayMode === "binary" && a.score === 0)
      .map((a: { id: string }) => a.id);
    return {
      url,
      performance: score("performance"),
      accessibility: score("accessibility"),
      lcpMs: round(audit("largest-contentful-paint")),
      tbtMs: round(audit("total-blocking-time")),
      cls: audit("cumulative-layout-shift") === null ? null : Math.round(audit("cumulative-layout-shift")! * 1000) / 1000,
      fcpMs: round(audit("first-contentful-paint")),
      failedAccessibilityAudits: failed,
    };
  } catch (error) {
    return {
      url,
      performance: null,
      accessibility: null,
      lcpMs: null,
      tbtMs: null,
      cls: null,
      fcpMs: null,
      failedAccessibilityAudits: [],
      error: (error as Error).message,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (n: number | null) => (n === null ? null : Math.round(n));
