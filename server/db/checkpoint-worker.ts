// Copies committed WAL frames into the database file on its own thread (issue 16). Left to
// SQLite, every 1,000th page written makes the commit that crosses it run the checkpoint, with
// its fsyncs, on the server's one event loop: a third of a booking's SQL time. Here a connection
// of its own checkpoints PASSIVE (never waits for readers or the writer, never blocks them) a few
// times a second. Started and stopped by the adapter (./bun-sqlite-adapter.ts).
import { Database } from "bun:sqlite";

declare const self: Worker;

export type CheckpointWorkerStart = { file: string; intervalMs: number; synchronous: "FULL" | "NORMAL" };
/** Posted back after each checkpoint that copied frames (tests wait for it). */
export type CheckpointDone = { checkpointed: number };

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
  let copied = 0;
  timer = setInterval(() => {
    try {
      const row = checkpoint.get() as { busy: number; log: number; checkpointed: number } | null;
      // -1: not in WAL mode (yet). A checkpoint already under way elsewhere answers busy: next time.
      if (!row || row.log < 0) return;
      if (row.checkpointed !== copied) self.postMessage({ checkpointed: row.checkpointed } satisfies CheckpointDone);
      copied = row.checkpointed;
    } catch {
      // SQLITE_BUSY from another process's checkpoint, or a file being replaced by a restore: next time.
    }
  }, intervalMs);
};
