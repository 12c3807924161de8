// `bun run test`: every check, in order, stopping at the first failure.
//   types -> format and lint (Biome) -> schema.graphql drift -> migrations drift -> domain rules under two time zones ->
//   booking HTTP tests in New York time -> unit, service and HTTP tests on SQLite -> the database tests again on PostgreSQL ->
//   production build -> Playwright journeys in Debian's Chromium.
import { $ } from "bun";

const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
// Tests that start servers and hash passwords can pass 5 s on a busy 2-core machine.
const started = performance.now();

type Step = { name: string; run: () => Promise<unknown> };
const steps: Step[] = [
  { name: "tools (Chromium, PostgreSQL)", run: () => $`bash .ci/ensure-tools.sh` },
  { name: "type-check", run: () => $`bun run typecheck` },
  { name: "format and lint (Biome: bun run format fixes the layout)", run: () => $`bun run lint` },
  { name: "schema.graphql is up to date", run: () => $`bun run schema:check` },
  { name: "migrations match prisma/models.prisma", run: () => $`bun run db:check`.env({ ...process.env, SHADOW_DATABASE_URL: postgresUrl }) },
  { name: "domain rules in New York time", run: () => $`bun test domain`.env({ ...process.env, TZ: "America/New_York" }) },
  { name: "domain rules in Tokyo time", run: () => $`bun test domain`.env({ ...process.env, TZ: "Asia/Tokyo" }) },
  {
    name: "booking rules over HTTP in New York time",
    run: () =>
      $`bun test --timeout 30000 server/services/bookings.test.ts`.env({ ...process.env, TZ: "America/New_York", TEST_DATABASE_URL: undefined } as Record<
        string,
        string
      >),
  },
  { name: "all bun tests on SQLite", run: () => $`bun test --timeout 30000`.env({ ...process.env, TEST_DATABASE_URL: undefined } as Record<string, string>) },
  { name: "database tests on PostgreSQL", run: () => $`bun test --timeout 30000 server ./cli`.env({ ...process.env, TEST_DATABASE_URL: postgresUrl }) },
  { name: "production build", run: () => $`bun run build` },
  {
    name: "browser journeys (Playwright, Chromium)",
    // The summary comes last whatever happened, so the end of the log names a failure or a flaky journey.
    run: () => $`bunx playwright test`.finally(() => $`bun .ci/e2e-summary.ts`.nothrow()),
  },
];

for (const step of steps) {
  const t = performance.now();
  console.log(`\n=== ${step.name}`);
  try {
    await step.run();
  } catch (error) {
    console.error(`\nFAILED: ${step.name} (exit ${(error as { exitCode?: number }).exitCode ?? "?"})`);
    process.exit(1);
  }
  console.log(`--- ${step.name}: ok in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
console.log(`\nAll checks passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
