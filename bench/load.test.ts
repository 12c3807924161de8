// The benchmark's memory readings of a server and its worker processes (Linux /proc).
import { afterAll, expect, test } from "bun:test";
import { memoryOf, proportionalMemoryOf, samplePeakProportionalMemory, serverProcesses } from "./load";

// A parent holding 64 MiB of its own, with a child holding nothing: the shape of a server with WORKERS=2.
const parent = Bun.spawn(
  [
    process.execPath,
    "-e",
    `const held = new Uint8Array(64 * 1024 * 1024).fill(1);
     Bun.spawn([process.execPath, "-e", "setInterval(() => {}, 1000)"], { stdout: "ignore" });
     setInterval(() => held[0]++, 1000);
     console.log("ready");`,
  ],
  { stdout: "pipe" },
);
afterAll(() => {
  for (const pid of serverProcesses(parent.pid).reverse()) process.kill(pid);
});

const ready = (async () => {
  await parent.stdout.getReader().read();
  for (let i = 0; i < 50 && serverProcesses(parent.pid).length < 2; i++) await Bun.sleep(100);
})();
const started = () => ready;

test("PSS sums the processes, counting the pages they share once: between the largest one's part and the RSS sum", async () => {
  await started();
  expect(serverProcesses(parent.pid)).toHaveLength(2);
  const rss = memoryOf(parent.pid)!;
  const pss = proportionalMemoryOf(parent.pid)!;
  expect(pss).toBeGreaterThan(64);
  // The runtime's code is mapped by both processes: in each one's RSS in full, in the PSS once.
  expect(pss).toBeLessThan(rss.rssMiB);
});

test("the sampler keeps the highest sum it saw", async () => {
  await started();
  const sampler = samplePeakProportionalMemory(parent.pid, 20);
  await Bun.sleep(100);
  const peak = sampler.stop()!;
  expect(peak).toBeGreaterThanOrEqual(proportionalMemoryOf(parent.pid)! - 2);
  expect(peak).toBeGreaterThan(64);
});

test("a process that is gone reads as null, not as zero", () => {
  expect(proportionalMemoryOf(2 ** 22 + 12345)).toBeNull();
});
