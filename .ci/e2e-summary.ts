// What the browser journeys' run left in test-results/results.json (Playwright's JSON reporter),
// told in a few lines: every journey that failed, or failed once and then passed (flaky), with the
// start of its error and where it stopped. .ci/test.ts prints it last, so the end of a CI log (often
// all that is kept of it) says why a run failed. `bun .ci/e2e-summary.ts [file]` prints it by hand.
import { existsSync, readFileSync } from "node:fs";

type Result = { status: string; retry: number; error?: { message?: string; location?: { file: string; line: number } }; errors?: { message?: string }[] };
type Test = { projectName: string; status: string; results: Result[] };
type Spec = { title: string; file: string; line: number; tests: Test[] };
type Suite = { title: string; specs?: Spec[]; suites?: Suite[] };
type Report = { suites: Suite[]; stats?: { expected: number; unexpected: number; flaky: number; skipped: number } };

/** "unexpected" (failed every try) and "flaky" (failed, then passed) journeys, one block each. */
export function summarize(report: Report): string[] {
  const lines: string[] = [];
  const visit = (suite: Suite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const title = [...path, spec.title].filter(Boolean).join(" › ");
        lines.push(`${test.status === "flaky" ? "FLAKY (passed on retry)" : "FAILED"}: [${test.projectName}] e2e/${spec.file}:${spec.line} › ${title}`);
        for (const result of test.results.filter((r) => r.status !== "passed" && r.status !== "skipped")) {
          const message = stripAnsi(result.error?.message ?? result.errors?.[0]?.message ?? "(no message)");
          const at = result.error?.location ? ` at ${result.error.location.file.replace(/^.*\/e2e\//, "e2e/")}:${result.error.location.line}` : "";
          lines.push(`  try ${result.retry + 1}: ${result.status}${at}`);
          for (const line of message
            .split("\n")
            .filter((l) => l.trim())
            .slice(0, 10))
            lines.push(`    ${line}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of report.suites) visit(suite, []);
  return lines;
}

function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape code is what is removed
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

if (import.meta.main) {
  const file = process.argv[2] ?? "test-results/results.json";
  if (!existsSync(file)) {
    console.log(`(no ${file}: the journeys did not get as far as reporting)`);
  } else {
    const report = JSON.parse(readFileSync(file, "utf8")) as Report;
    const lines = summarize(report);
    const s = report.stats;
    console.log(`\n=== browser journeys: ${s ? `${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky` : "summary"}`);
    console.log(lines.length ? lines.join("\n") : "no journey failed, none flaky");
  }
}
