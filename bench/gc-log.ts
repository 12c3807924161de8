// Allocation per request from JavaScriptCore's own log (`BUN_JSC_logGC=true`, on stderr): each
// collection the runtime starts by itself says how many bytes were allocated since the one before
// ("Requesting GC because bytes allocated this cycle: N ..."). Unlike time, that count hardly moves
// from run to run on a busy machine, and on the kind's machines allocation is what a signed-in
// list pays for most (bench/HISTORY.md: "Why allocation costs more than its own time").
//
// The measured process marks each path's requests on stderr: `ALLOCATION_START` before them (after
// a full collection, so the count starts from nothing), `ALLOCATION_END <path> <requests>` after.

export const ALLOCATION_START = "@@allocations start";
export const ALLOCATION_END = "@@allocations end";

/**
 * `uncounted`: collections the runtime started for another reason (its timer, say), whose
 * allocation the log does not give; when above 0, `bytesPerRequest` is only a lower bound.
 */
export type PathAllocation = { path: string; requests: number; bytesPerRequest: number; uncounted: number };

const ALLOCATED = /bytes allocated this cycle: (\d+)/;
const STARTED = /^\[GC<([^>]*)>: START /;

/**
 * The bytes allocated per request of each marked path. The last cycle of each path (what was
 * allocated after its last collection) is not in the log, so this undercounts by at most one young
 * generation (8-16 MB) over the path's requests: run a few thousand of them.
 */
export function allocationsFromLog(lines: Iterable<string>): PathAllocation[] {
  const paths: PathAllocation[] = [];
  let bytes: number | null = null;
  let uncounted = 0;
  let requested = false;
  // The VM the path runs on: the one whose full collection comes just before the start mark (the
  // server's worker threads have their own, with their own collections).
  let lastCollected: string | undefined;
  let measured: string | undefined;
  for (const line of lines) {
    const started = STARTED.exec(line);
    if (line.startsWith(ALLOCATION_START)) {
      bytes = 0;
      uncounted = 0;
      requested = false;
      measured = lastCollected;
    } else if (line.startsWith(ALLOCATION_END)) {
      const [path = "?", count = "0"] = line.slice(ALLOCATION_END.length).trim().split(/\s+/);
      const requests = Number(count);
      if (bytes !== null && requests > 0) paths.push({ path, requests, bytesPerRequest: bytes / requests, uncounted });
      bytes = null;
    } else if (started) {
      lastCollected = started[1];
      if (bytes !== null && !requested && started[1] === measured) uncounted++;
      requested = false;
    } else if (bytes !== null) {
      const allocated = ALLOCATED.exec(line);
      if (allocated) {
        bytes += Number(allocated[1]);
        requested = true;
      }
    }
  }
  return paths;
}

/** Whether a stderr line is the runtime's GC log or a marker (the rest is passed on). */
export function isGcLogLine(line: string): boolean {
  return (
    line.startsWith("[GC<") ||
    line === "GC END!" ||
    line.startsWith("Requesting GC because") ||
    line.startsWith("@@allocations ") ||
    // The rest of a log line another thread's output cut in two.
    /\(max [\d.]+\)|cycle [\d.]+ms END\]$/.test(line)
  );
}
