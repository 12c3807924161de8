/**
 * The upload client's retries (SPEC 9: 10 retries, single PUT) against a real HTTP server on
 * loopback, through the browser's XMLHttpRequest (happy-dom's, which makes real requests; only
 * for this file, and the page's origin is the server's, as in the app). The server answers each
 * PUT as the test scripts it: drop the connection, an HTTP status, no answer at all, or success.
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

type Step = "drop" | "hang" | number;
let script: Step[] = [];
let received: { url: string; bytes: number; contentType: string | undefined; authorization: string | undefined }[] = [];
const hanging: ServerResponse[] = [];

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let bytes = 0;
  request.on("data", (chunk: Buffer) => (bytes += chunk.length));
  request.on("end", () => {
    received.push({ url: request.url ?? "", bytes, contentType: request.headers["content-type"], authorization: request.headers.authorization });
    const step = script.shift() ?? 200;
    if (step === "drop") return request.socket.destroy();
    if (step === "hang") return void hanging.push(response);
    const body =
      step === 200
        ? { objectPath: `/objects/uploads/${received.length}`, size: bytes }
        : { message: step === 415 ? "Please upload a JPEG, PNG or WebP image" : "" };
    response.writeHead(step, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

GlobalRegistrator.register({ url: `${origin}/` });
// happy-dom reports each dropped connection on the console; the tests provoke them on purpose.
const quiet = { ...console };
globalThis.console.error = () => {};
afterAll(async () => {
  globalThis.console.error = quiet.error;
  for (const response of hanging) response.destroy();
  await GlobalRegistrator.unregister();
  server.close();
});

const { putImage, retryPause, uploadWithTicket, UploadError, UPLOAD_RETRIES, isRetryableStatus, OFFLINE_WAIT_MS, UPLOAD_OFFLINE_MESSAGE } = await import(
  "./upload.ts"
);

let offline = false;
Object.defineProperty(navigator, "onLine", { configurable: true, get: () => !offline });

beforeEach(() => {
  script = [];
  received = [];
  offline = false;
});

const photo = () => new Blob([new Uint8Array(4096).fill(7)], { type: "image/jpeg" });
/** Short pauses, so the test does not wait a minute; the real ones are checked on their own. */
const fast = { firstPauseMs: 5, maxPauseMs: 20 };

describe("the pauses between attempts", () => {
  test("10 retries; 0.5 s, doubling, at most 8 s", () => {
    expect(UPLOAD_RETRIES).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => retryPause(i + 1))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000]);
  });

  test("what is retried: no answer, 408, 429, 5xx; never another 4xx", () => {
    for (const status of [null, 408, 429, 500, 502, 503, 504, 507]) expect(isRetryableStatus(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 410, 413, 415]) expect(isRetryableStatus(status)).toBe(false);
  });
});

describe("putImage against a real server", () => {
  test("a dropped connection and a 503, then success: the same bytes three times, the answer returned", async () => {
    script = ["drop", 503, 200];
    const retries: number[] = [];
    const progress: number[] = [];
    const answer = await putImage(`${origin}/api/objects/upload/1?token=t`, photo(), "image/jpeg", {
      ...fast,
      token: "session-token",
      onProgress: (fraction) => progress.push(fraction),
      onRetry: (retry) => retries.push(retry),
    });
    expect(answer).toEqual({ objectPath: "/objects/uploads/3", size: 4096 });
    expect(received.map((r) => [r.url, r.bytes, r.contentType])).toEqual(Array(3).fill(["/api/objects/upload/1?token=t", 4096, "image/jpeg"]));
    expect(received.every((r) => r.authorization === "Bearer session-token")).toBe(true);
    expect(retries).toEqual([1, 2]);
    // Each attempt starts again from nothing: the bar never claims bytes a failed attempt lost.
    expect(progress.filter((fraction) => fraction === 0)).toHaveLength(3);
  });

  test("408 and 429 are retried too", async () => {
    script = [408, 429, 200];
    await putImage(`${origin}/put`, photo(), "image/jpeg", fast);
    expect(received).toHaveLength(3);
  });

  test("a refusal (415) is final at once, with the server's words", async () => {
    script = [415];
    const error = await putImage(`${origin}/put`, photo(), "image/png", fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect([(error as InstanceType<typeof UploadError>).status, (error as Error).message]).toEqual([415, "Please upload a JPEG, PNG or WebP image"]);
    expect(received).toHaveLength(1);
  });

  test("a server that keeps failing: the first attempt and 10 retries, then the failure", async () => {
    script = Array(20).fill(503);
    const retries: number[] = [];
    const error = await putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, onRetry: (retry) => retries.push(retry) }).catch((e: unknown) => e);
    expect((error as InstanceType<typeof UploadError>).status).toBe(503);
    expect(received).toHaveLength(11);
    expect(retries).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test("an attempt that gets no answer in time is abandoned and sent again", async () => {
    script = ["hang", 200];
    const answer = await putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, timeoutMs: 300 });
    expect(answer).toEqual({ objectPath: "/objects/uploads/2", size: 4096 });
    expect(received).toHaveLength(2);
  });

  test("offline, the next attempt waits for the browser to be back online", async () => {
    script = ["drop", 200];
    offline = true;
    let offlineSaid = false;
    const done = putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, onRetry: (_retry, info) => (offlineSaid = info.offline) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);
    expect(offlineSaid).toBe(true);
    offline = false;
    window.dispatchEvent(new Event("online"));
    expect(await done).toEqual({ objectPath: "/objects/uploads/2", size: 4096 });
    expect(received).toHaveLength(2);
  });
});

describe("an upload that stays offline", () => {
  test("waits a minute by default", () => {
    expect(OFFLINE_WAIT_MS).toBe(60_000);
  });

  test("started offline: stops waiting after the limit and says the phone is offline; sent again online, it goes through", async () => {
    offline = true;
    let tickets = 0;
    const getTicket = async () => {
      tickets++;
      // No connection: the ticket call gets no answer (ticketError of a network error).
      if (offline) throw new UploadError("", null);
      return { uploadURL: `${origin}/api/objects/upload/${tickets}?token=t`, objectPath: `/objects/uploads/ticket-${tickets}` };
    };
    const started = Date.now();
    const error = await uploadWithTicket(getTicket, photo(), "image/jpeg", { ...fast, offlineWaitMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect([(error as InstanceType<typeof UploadError>).retryable, (error as Error).message]).toEqual([false, UPLOAD_OFFLINE_MESSAGE]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect([tickets, received.length]).toEqual([1, 0]);

    // Back online, "Try again" runs the same upload again: a new ticket, the bytes stored.
    offline = false;
    window.dispatchEvent(new Event("online"));
    expect(await uploadWithTicket(getTicket, photo(), "image/jpeg", { ...fast, offlineWaitMs: 100 })).toBe("/objects/uploads/1");
    expect([tickets, received.length]).toEqual([2, 1]);
  });

  test("the last try gets no answer with the phone offline: says the phone is offline, not the area's default", async () => {
    script = ["drop"];
    offline = true;
    const error = await putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, retries: 0 }).catch((e: unknown) => e);
    expect([(error as InstanceType<typeof UploadError>).retryable, (error as Error).message]).toEqual([false, UPLOAD_OFFLINE_MESSAGE]);
    // Online, the same failure keeps its empty message: the area says the upload did not go through.
    offline = false;
    script = ["drop"];
    const online = await putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, retries: 0 }).catch((e: unknown) => e);
    expect((online as Error).message).toBe("");
  });

  test("back online within the limit: the upload carries on by itself", async () => {
    script = ["drop", 200];
    offline = true;
    const done = putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, offlineWaitMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    offline = false;
    window.dispatchEvent(new Event("online"));
    expect(await done).toEqual({ objectPath: "/objects/uploads/2", size: 4096 });
  });

  test("the limit counts each time offline afresh: an earlier wait that ended online does not shorten the next", async () => {
    script = ["drop", "drop", 200];
    offline = true;
    // Two waits of 250 ms: 500 ms offline in all, more than the limit, but each one less.
    const done = putImage(`${origin}/put`, photo(), "image/jpeg", { ...fast, offlineWaitMs: 400 });
    for (const attempt of [1, 2]) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(received).toHaveLength(attempt);
      offline = false;
      window.dispatchEvent(new Event("online"));
      // The next attempt fails while offline again.
      offline = attempt === 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await done).toEqual({ objectPath: "/objects/uploads/3", size: 4096 });
  });
});

describe("uploadWithTicket", () => {
  test("a link that expired meanwhile (410) is replaced by a new ticket; the object path comes from the answer", async () => {
    script = [410, 200];
    let tickets = 0;
    const path = await uploadWithTicket(
      async () => {
        tickets++;
        return { uploadURL: `${origin}/api/objects/upload/${tickets}?token=t`, objectPath: `/objects/uploads/ticket-${tickets}` };
      },
      photo(),
      "image/jpeg",
      fast,
    );
    expect(tickets).toBe(2);
    expect(received.map((r) => r.url)).toEqual(["/api/objects/upload/1?token=t", "/api/objects/upload/2?token=t"]);
    expect(path).toBe("/objects/uploads/2");
  });

  test("a ticket call that got no answer is retried; a refused one is final", async () => {
    let calls = 0;
    const path = await uploadWithTicket(
      async () => {
        if (++calls === 1) throw new UploadError("", null);
        return { uploadURL: `${origin}/put`, objectPath: "/objects/uploads/x" };
      },
      photo(),
      "image/jpeg",
      fast,
    );
    expect([calls, path]).toEqual([2, "/objects/uploads/1"]);

    let refusals = 0;
    const error = await uploadWithTicket(
      async () => {
        refusals++;
        throw new UploadError("Too many uploads in progress. Please try again in a few minutes.", 429, false);
      },
      photo(),
      "image/jpeg",
      fast,
    ).catch((e: unknown) => e);
    expect([refusals, (error as Error).message]).toEqual([1, "Too many uploads in progress. Please try again in a few minutes."]);
  });
});
