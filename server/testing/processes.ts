// `bun server/main.ts` started as an operator starts it, for the tests that need the real process
// (several instances, worker processes, start and stop): a free loopback port, the child's output
// collected, a wait until it is ready, a stop, and the processes it started (the benchmark too).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export type ServerProcess = { child: Bun.Subprocess<"ignore", "pipe", "pipe">; port: number; url: string; output: () => string };

/** Starts `bun server/main.ts` with exactly `env` (PORT added) and collects stdout and stderr together. */
export function spawnServer(env: Record<string, string>, port = freePort()): ServerProcess {
  const child = Bun.spawn([process.execPath, join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let text = "";
  for (const stream of [child.stdout, child.stderr])
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
    })();
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => text };
}

/** Resolves once /readyz answers 200; throws with the output if the process exits or 20 s pass. */
export async function untilReady(server: ServerProcess, name = "the server"): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${name} exited ${server.child.exitCode}: ${server.output()}`);
    const ready = await fetch(`${server.url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await Bun.sleep(50);
  }
  throw new Error(`${name} did not become ready: ${server.output()}`);
}

/** SIGTERM, then SIGKILL if the process has not exited within `graceMs`. */
export async function stopServer(child: Bun.Subprocess, graceMs: number): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await Promise.race([child.exited, Bun.sleep(graceMs)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** The processes `pid` started and that still run (Linux: /proc), e.g. a server's worker processes. */
export function childProcesses(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
