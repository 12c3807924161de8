// Another process holding SQLite's write lock for a while (file locks are per process, so a
// connection of this one would not do): for tests of waiting for, and giving up on, the lock.

/**
 * Starts a process that holds the write lock of the SQLite file for `ms`, and resolves once it
 * holds it. It prints "locked" then, and "committed <epoch ms>" when it lets go.
 */
export async function holdSqliteWriteLock(file: string, ms: number) {
  const child = Bun.spawn(
    [
      process.execPath,
      "-e",
      `const { Database } = require("bun:sqlite"); const d = new Database(${JSON.stringify(file)}); d.exec("PRAGMA busy_timeout = 5000"); d.exec("BEGIN IMMEDIATE"); d.exec("UPDATE vehicles SET mileage = mileage"); console.log("locked"); setTimeout(() => { d.exec("COMMIT"); console.log("committed " + Date.now()); process.exit(0); }, ${ms});`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("locked")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  if (!text.includes("locked")) throw new Error(`the lock holder did not take the lock: ${text}`);
  return {
    child,
    /** When the child let go of the lock (epoch ms). */
    async committedAt() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return Number(/committed (\d+)/.exec(text)?.[1] ?? Number.NaN);
    },
  };
}
