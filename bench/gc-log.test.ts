// The allocation count of `bench/layers.ts --allocations` (./gc-log.ts): read from JavaScriptCore's
// own GC log, here from a real one written by a child process that allocates a known amount.
import { expect, test } from "bun:test";
import { ALLOCATION_END, ALLOCATION_START, allocationsFromLog, isGcLogLine } from "./gc-log";

test("sums each marked path's collections and divides by its requests; lines outside the marks do not count", () => {
  const cycle = (bytes: number) =>
    `Requesting GC because bytes allocated this cycle: ${bytes} exceed bytes allowed: 8388608 normal bytes: ${bytes} oversized bytes: 0`;
  const log = [
    cycle(1_000_000),
    // The full collection before the mark: the measured VM's.
    "[GC<0x1>: START M 800kb => FullCollection, a=0kb ...]",
    ALLOCATION_START,
    // Another VM's (a worker thread's) collection by its timer: not the measured heap.
    "[GC<0x2>: START M 600kb => EdenCollection, a=0kb ...]",
    cycle(8_000_000),
    "[GC<0x1>: START M 9163kb => EdenCollection, a=0kb ...]",
    "GC END!",
    cycle(4_000_000),
    `${ALLOCATION_END} gql-my-bookings 1000`,
    cycle(9_000_000),
    ALLOCATION_START,
    cycle(2_000_000),
    `${ALLOCATION_END} rest-my-bookings 500`,
    ALLOCATION_START,
    // A collection no "Requesting GC" line asked for: its cycle's bytes are not in the log.
    "[GC<0x1>: START M 67515kb => EdenCollection, a=0kb ...]",
    cycle(3_000_000),
    "[GC<0x1>: START M 9000kb => EdenCollection, a=0kb ...]",
    `${ALLOCATION_END} rest-create-booking 100`,
  ];
  expect(allocationsFromLog(log)).toEqual([
    { path: "gql-my-bookings", requests: 1000, bytesPerRequest: 12_000, uncounted: 0 },
    { path: "rest-my-bookings", requests: 500, bytesPerRequest: 4_000, uncounted: 0 },
    { path: "rest-create-booking", requests: 100, bytesPerRequest: 30_000, uncounted: 1 },
  ]);
  expect(log.every((line) => isGcLogLine(line))).toBe(true);
  expect(isGcLogLine("p=2.695638ms (max 22.685808)...]")).toBe(true);
  expect(isGcLogLine("seeding sqlite: 2,000 customers")).toBe(false);
});

test("a real GC log: about what the process allocated between the marks", async () => {
  // A million objects of four numbers and a 40-character string each, dropped as they go.
  const script = `
    Bun.gc(true);
    console.error(${JSON.stringify(ALLOCATION_START)});
    let kept = [];
    for (let i = 0; i < 1000000; i++) {
      kept.push({ a: i, b: i, c: i, d: i, s: "x".repeat(40) + i });
      if (kept.length > 100) kept = [];
    }
    console.error(${JSON.stringify(`${ALLOCATION_END} objects`)} + " 1000000");
  `;
  const child = Bun.spawn([process.execPath, "-e", script], { env: { ...process.env, BUN_JSC_logGC: "true" }, stderr: "pipe", stdout: "ignore" });
  const log = (await new Response(child.stderr).text()).split("\n");
  expect(await child.exited).toBe(0);
  const [measured] = allocationsFromLog(log);
  expect(measured?.path).toBe("objects");
  expect(measured?.uncounted).toBe(0);
  // 140 bytes an object and its string (Bun 1.4.5). The last cycle, at most one young generation
  // (8-16 MB, so 16 bytes an object here), is not in the log; a cycle counted twice would be 280.
  expect(measured!.bytesPerRequest).toBeGreaterThan(110);
  expect(measured!.bytesPerRequest).toBeLessThan(180);
});
