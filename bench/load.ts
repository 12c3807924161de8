// One load run with autocannon (programmatic API) against a server on loopback, and what we read
// of the server process meanwhile: its peak resident memory (VmHWM, reset before each scenario
// through /proc/<pid>/clear_refs) and the CPU time it spent; with a database server on the same
// machine (PostgreSQL), that server's CPU time too, and the load generator's own.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { childProcesses } from "../server/testing/processes";

export type LoadRequest = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export type Scenario = {
  id: string;
  title: string;
  /** graphql-read scenarios count towards the "GraphQL reads >= 35% of the baseline" target. */
  kind: "baseline" | "graphql-read" | "graphql-read-uncached" | "rest-read" | "write";
  request: LoadRequest;
  /** A new body per request (booking creation: one free vehicle and period each); null when none is left. */
  nextBody?: () => string | null;
  /** Headers for each request besides the fixed ones (the write scenario's customers in turn). */
  nextHeaders?: () => Record<string, string>;
  /** GraphQL answers 200 with `errors` on failure: such responses count as errors too. */
  graphql?: boolean;
};

export type LoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  non2xx: number;
  /** 2xx answers that carried GraphQL errors. */
  graphqlErrors: number;
  timeouts: number;
  bytesPerRequest: number;
  /** Server CPU time (user + system) per request, ms: all its threads (the mailer's renders, the checkpointer). */
  serverCpuMsPerRequest: number | null;
  /**
   * The same for the server's main thread alone, ms: its event loop serves every request, so this
   * is what caps req/s on a machine with cores to spare (the rest can run beside it).
   */
  eventLoopCpuMsPerRequest: number | null;
  /**
   * CPU time per request, ms, of the database server's processes on this machine (every process
   * named `databaseProcess`, e.g. PostgreSQL's backends): null without one (SQLite runs in the
   * server's own processes).
   */
  databaseCpuMsPerRequest: number | null;
  /** CPU time per request of this process, ms: autocannon, which shares the machine's cores with the server. */
  loadGeneratorCpuMsPerRequest: number;
};

/** What a run reads besides the server: the name of a database server's processes on this machine. */
export type LoadOptions = { serverPid?: number; databaseProcess?: string };

export function runLoad(baseUrl: string, scenario: Scenario, connections: number, seconds: number, options: LoadOptions = {}): Promise<LoadResult> {
  const { serverPid, databaseProcess } = options;
  const { request } = scenario;
  const headers = { ...(request.body || scenario.nextBody ? { "content-type": "application/json" } : {}), ...request.headers };
  const cpuBefore = serverPid ? serverCpuMs(serverPid) : null;
  const mainBefore = serverPid ? serverCpuMs(serverPid, "event loops") : null;
  const databaseBefore = databaseProcess ? cpuMsOfProcessesNamed(databaseProcess) : null;
  const ownBefore = process.cpuUsage();
  let exhausted = false;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        ...(scenario.graphql ? { verifyBody: (body: string) => !body.includes('"errors"') } : {}),
        requests: [
          {
            method: request.method,
            path: request.path,
            headers,
            ...(request.body !== undefined ? { body: request.body } : {}),
            ...(scenario.nextBody
              ? {
                  setupRequest: (req: Record<string, unknown>) => {
                    const body = scenario.nextBody!();
                    if (body === null) {
                      if (!exhausted) {
                        exhausted = true;
                        setImmediate(() => instance.stop());
                      }
                      return { ...req, body: "{}" };
                    }
                    return { ...req, body, ...(scenario.nextHeaders ? { headers: { ...headers, ...scenario.nextHeaders() } } : {}) };
                  },
                }
              : {}),
          },
        ],
      },
      (error: Error | null, result: AutocannonResult) => {
        if (error) return reject(error);
        const cpuAfter = serverPid ? serverCpuMs(serverPid) : null;
        const mainAfter = serverPid ? serverCpuMs(serverPid, "event loops") : null;
        const databaseUsed = databaseProcess ? cpuMsUsedSince(databaseBefore, cpuMsOfProcessesNamed(databaseProcess)) : null;
        const own = process.cpuUsage(ownBefore);
        const total = result.requests.total;
        const elapsed = result.duration;
        resolve({
          connections,
          seconds: round(elapsed, 2),
          requests: total,
          rps: round(total / elapsed, 1),
          latencyMs: {
            p50: result.latency.p50,
            p90: result.latency.p90,
            p99: result.latency.p99,
            max: result.latency.max,
            mean: round(result.latency.mean, 2),
          },
          errors: result.errors,
          non2xx: result.non2xx,
          graphqlErrors: result.mismatches ?? 0,
          timeouts: result.timeouts,
          bytesPerRequest: total > 0 ? Math.round(result.throughput.total / total) : 0,
          serverCpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && total > 0 ? round((cpuAfter - cpuBefore) / total, 3) : null,
          eventLoopCpuMsPerRequest: mainBefore !== null && mainAfter !== null && total > 0 ? round((mainAfter - mainBefore) / total, 3) : null,
          databaseCpuMsPerRequest: databaseUsed !== null && total > 0 ? round(databaseUsed / total, 3) : null,
          loadGeneratorCpuMsPerRequest: total > 0 ? round((own.user + own.system) / 1000 / total, 3) : 0,
        });
      },
    );
  });
}

type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  throughput: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches?: number;
};

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** User + system CPU time of a process (or of its thread `tid`) so far, in ms (from /proc, clock ticks of 10 ms). */
export function cpuMs(pid: number, tid?: number): number | null {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14, 15)
  } catch {
    return null;
  }
}

/**
 * CPU time so far, in ms, of each process on this machine whose name (`/proc/<pid>/comm`) is
 * `name`, by pid (null when there is none): a database server's processes, which the benchmark did
 * not start, when that server runs on this machine. `cpuMsUsedSince` turns two readings into the
 * time used between them.
 */
export function cpuMsOfProcessesNamed(name: string): Map<number, number> | null {
  let found: Map<number, number> | null = null;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trimEnd() !== name) continue;
    } catch {
      continue;
    }
    const ms = cpuMs(Number(entry));
    if (ms !== null) (found ??= new Map()).set(Number(entry), ms);
  }
  return found;
}

/**
 * The CPU time the processes of two readings used between them, in ms: each process of the second
 * reading from where the first saw it (from zero if it started since). A process that ended between
 * the readings (a PostgreSQL backend whose connection closed) counts for nothing: its last stretch
 * is lost, rather than its whole life taken away from the others.
 */
export function cpuMsUsedSince(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (before === null && after === null) return null;
  let used = 0;
  for (const [pid, ms] of after ?? []) used += Math.max(0, ms - (before?.get(pid) ?? 0));
  return used;
}

/** The server's processes: the one the benchmark started, then its worker processes (WORKERS; server/workers.ts). */
export const serverProcesses = (pid: number): number[] => [pid, ...childProcesses(pid)];

/** CPU time of the server's processes together, or of their main threads (each one's event loop), in ms. */
export function serverCpuMs(pid: number, part: "all" | "event loops" = "all"): number | null {
  let total = 0;
  for (const each of serverProcesses(pid)) {
    const ms = cpuMs(each, part === "all" ? undefined : each);
    if (ms === null) return null;
    total += ms;
  }
  return total;
}

/**
 * VmHWM (peak resident set) and VmRSS of the server, in MiB: summed over its processes (with
 * WORKERS, the sum of each process's own peak, which may not have come at the same moment).
 */
export function memoryOf(pid: number): { peakMiB: number; rssMiB: number } | null {
  let peakKb = 0;
  let rssKb = 0;
  try {
    for (const each of serverProcesses(pid)) {
      const status = readFileSync(`/proc/${each}/status`, "utf8");
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
      peakKb += kb("VmHWM");
      rssKb += kb("VmRSS");
    }
    return { peakMiB: round(peakKb / 1024, 1), rssMiB: round(rssKb / 1024, 1) };
  } catch {
    return null;
  }
}

/**
 * The server's proportional set size (PSS) in MiB, summed over its processes: each page counted once
 * however many processes map it (the runtime's own code, shared by every process, is in each one's
 * RSS in full), so the sum is what the processes take of the machine together. Null off Linux.
 */
export function proportionalMemoryOf(pid: number): number | null {
  let pssKb = 0;
  try {
    for (const each of serverProcesses(pid)) {
      const rollup = readFileSync(`/proc/${each}/smaps_rollup`, "utf8");
      pssKb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? NaN);
    }
    return Number.isFinite(pssKb) ? round(pssKb / 1024, 1) : null;
  } catch {
    return null;
  }
}

/**
 * Samples the server's summed PSS every `everyMs` until stopped, and gives the highest: the kernel
 * keeps no peak of it, as it does of RSS (VmHWM). A sample costs the kernel a walk of the page
 * tables (about a millisecond for 300 MiB), four times a second.
 */
export function samplePeakProportionalMemory(pid: number, everyMs = 250): { stop(): number | null } {
  let peak: number | null = null;
  const sample = () => {
    const now = proportionalMemoryOf(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Resets each server process's peak RSS to its current RSS (Linux: writing 5 to clear_refs). False when not allowed. */
export function resetPeakMemory(pid: number): boolean {
  try {
    for (const each of serverProcesses(pid)) writeFileSync(`/proc/${each}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
