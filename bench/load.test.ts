// The benchmark's memory readings of a server and its worker processes, and its CPU readings of
// other processes on the machine (Linux /proc).
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMsOfProcessesNamed, cpuMsUsedSince, memoryOf, proportionalMemoryOf, runLoad, samplePeakProportionalMemory, serverProcesses } from "./load";

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

test("a database server's CPU: the time of every process of its name on this machine, per request of a run; none of that name reads as null", async () => {
  // The runtime started under a name of its own (a process's name is its program file's) and kept
  // busy: as a database server's processes are to the benchmark, which did not start them.
  const dir = mkdtempSync(join(tmpdir(), "capedrive-cpu-"));
  const name = `cdbusy${process.pid % 100000}`;
  symlinkSync(process.execPath, join(dir, name));
  const busy = Bun.spawn([join(dir, name), "-e", `console.log("started"); for (;;);`], { stdout: "pipe" });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("ok") });
  try {
    await busy.stdout.getReader().read();
    const before = cpuMsOfProcessesNamed(name)!;
    expect([...before.keys()]).toEqual([busy.pid]);
    // However loaded the machine, the busy loop's time grows until it has had 100 ms.
    const deadline = Date.now() + 15_000;
    while (cpuMsUsedSince(before, cpuMsOfProcessesNamed(name))! < 100 && Date.now() < deadline) await Bun.sleep(50);
    expect(cpuMsUsedSince(before, cpuMsOfProcessesNamed(name))).toBeGreaterThanOrEqual(100);
    expect(cpuMsOfProcessesNamed(`${name}x`)).toBeNull();
    expect(cpuMsUsedSince(null, null)).toBeNull();

    const scenario = { id: "ping", title: "ping", kind: "baseline" as const, request: { method: "GET" as const, path: "/" } };
    const plain = await runLoad(`http://127.0.0.1:${server.port}`, scenario, 2, 1);
    expect(plain.requests).toBeGreaterThan(0);
    expect(plain.databaseCpuMsPerRequest).toBeNull();
    // autocannon runs in this process: its CPU is the load generator's.
    expect(plain.loadGeneratorCpuMsPerRequest).toBeGreaterThan(0);
    const aroundRun = cpuMsOfProcessesNamed(name);
    const measured = await runLoad(`http://127.0.0.1:${server.port}`, scenario, 2, 1, { databaseProcess: name });
    const usedAroundRun = cpuMsUsedSince(aroundRun, cpuMsOfProcessesNamed(name))!;
    // The run counts the busy process's time during the run: some of it (it ran all along, on a
    // machine however loaded), and no more than it used from just before to just after.
    const counted = measured.databaseCpuMsPerRequest! * measured.requests;
    expect(counted).toBeGreaterThan(10);
    expect(counted).toBeLessThanOrEqual(usedAroundRun + 0.0005 * measured.requests); // the figure a request is rounded to 3 places
  } finally {
    server.stop(true);
    busy.kill();
    await busy.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a database process that ends between two readings takes nothing from the others' time; one that starts counts from zero", () => {
  // A backend that had used 900 ms ends; another used 50 ms more; a new one used 30 ms.
  const before = new Map([
    [101, 900],
    [102, 1_000],
  ]);
  const after = new Map([
    [102, 1_050],
    [103, 30],
  ]);
  expect(cpuMsUsedSince(before, after)).toBe(80);
  // Read as one sum, as before, the same readings gave 1,080 - 1,900: a negative time.
  expect(cpuMsUsedSince(before, new Map())).toBe(0);
  // None before (the server had not connected yet): all of the later processes' time is the run's.
  expect(cpuMsUsedSince(null, after)).toBe(1_080);
});
