// The mailer's HTML renders, off the server's event loop: one worker thread per process
// (./render-worker.ts), started on the first email that needs it. Should the thread fail to
// start or die, renders go on inline, on the event loop, as before (nothing is lost).
import type { Config } from "../config";
import { renderDeferredHtml } from "./deferred";

type Site = Pick<Config, "publicUrl" | "mail">;
export type RenderRequest = { id: number; template: string; dataJson: string; site: Site };
export type RenderResult = { id: number; html: string } | { id: number; error: string };

type RefWorker = Worker & { ref(): void; unref(): void };
type Pending = { resolve: (html: string) => void; reject: (error: Error) => void; request: RenderRequest };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function renderInline(request: RenderRequest): string {
  return renderDeferredHtml(request.template, request.dataJson, request.site);
}

/** Gives every render still waiting to the event loop (the thread is gone), and renders inline from now on. */
function breakDown(): void {
  broken = true;
  worker?.terminate();
  worker = null;
  for (const [id, job] of pending) {
    pending.delete(id);
    try {
      job.resolve(renderInline(job.request));
    } catch (error) {
      job.reject(error as Error);
    }
  }
}

function renderWorker(): Worker | null {
  if (broken) return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL("./render-worker.ts", import.meta.url).href);
  } catch {
    broken = true;
    return null;
  }
  // An idle thread must not keep a finished process alive; one with renders to answer does (see below).
  (worker as RefWorker).unref();
  worker.onmessage = (event: MessageEvent<RenderResult>) => {
    const result = event.data;
    const job = pending.get(result.id);
    if (!job) return;
    pending.delete(result.id);
    if (pending.size === 0) (worker as RefWorker | null)?.unref();
    if ("html" in result) job.resolve(result.html);
    else job.reject(new Error(result.error));
  };
  worker.onerror = () => breakDown();
  worker.addEventListener("close", () => breakDown());
  return worker;
}

/** The HTML of an outbox row's template and JSON data; rejects for an unknown template or unreadable data. */
export function renderDeferredHtmlOffThread(template: string, dataJson: string, site: Site): Promise<string> {
  const request: RenderRequest = { id: nextId++, template, dataJson, site: { publicUrl: site.publicUrl, mail: { from: site.mail.from } } };
  const thread = renderWorker();
  if (!thread) {
    try {
      return Promise.resolve(renderInline(request));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise<string>((resolve, reject) => {
    // Waited for, the thread keeps the process alive (a shutdown that finishes the mailer's pass).
    if (pending.size === 0) (thread as RefWorker).ref();
    pending.set(request.id, { resolve, reject, request });
    thread.postMessage(request);
  });
}

/** Whether renders go to the thread (false before the first render, and once it has failed). */
export function rendersOffThread(): boolean {
  return worker !== null && !broken;
}
