// Copies committed WAL frames into the database file on its own thread (issue 16). Left to
// SQLite, every 1,000th page written makes the commit that crosses it run the checkpoint, with
// its fsyncs, on the server's one event loop: a third of a booking's SQL time. Here a connection
// of its own checkpoints PASSIVE (never waits for readers or the writer, never blocks them) a few
// times a second. Started and stopped by the adapter (./bun-sqlite-adapter.ts).
import { Database } from "bun:sqlite";

declare const self: Worker;

export type CheckpointWorkerStart = { file: string; intervalMs: number; synchronous: "FULL" | "NORMAL" };

let db: Database | null = null;
let timer: Timer | null = null;

function stop() {
  if (timer) clearInterval(timer);
  timer = null;
  db?.close(false);
  db = null;
  // The worker scope's close(): the thread ends.
  (globalThis as unknown as { close(): void }).close();
}

self.onmessage = (event: MessageEvent<CheckpointWorkerStart | "stop">) => {
  if (event.data === "stop") return stop();
  const { file, intervalMs, synchronous } = event.data;
  db = new Database(file, { readwrite: true, create: false });
  // The checkpoint syncs as the writer would (NORMAL: the WAL before copying, the file after).
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec("PRAGMA busy_timeout = 0");
  const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  timer = setInterval(() => {
    try {
      // What it copied is not needed: a round that could not copy everything (a reader still on
      // old frames, another process's checkpoint under way) is simply followed by the next.
      checkpoint.run();
    } catch {
      // SQLITE_BUSY from another process's checkpoint, or a file being replaced by a restore: next time.
    }
  }, intervalMs);
};
