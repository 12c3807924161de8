/** Why a screen could not load: no connection, or a new version whose chunks are gone (RouteError.tsx). */
import { describe, expect, test } from "bun:test";
import { diagnoseLoadFailure, isLoadFailure } from "./RouteError.tsx";

const ORIGIN = "https://capedrive.example";
const chunkError = new TypeError(`Failed to fetch dynamically imported module: ${ORIGIN}/assets/Profile-abc123.js`);
const safariChunkError = new TypeError("Importing a module script failed.");

/** A stand-in for fetch that answers `status` (or fails, or never answers) and records what it was asked. */
function probe(answer: number | "fail" | "hang") {
  const asked: { url: string; method: string | undefined }[] = [];
  const fetch = ((url: string, init?: RequestInit) => {
    asked.push({ url, method: init?.method });
    if (answer === "fail") return Promise.reject(new TypeError("Failed to fetch"));
    if (answer === "hang")
      return new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    return Promise.resolve(new Response(null, { status: answer }));
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("a screen that could not load", () => {
  test("load failures are recognised in each browser's words; other errors are not", () => {
    expect(isLoadFailure(chunkError)).toBe(true);
    expect(isLoadFailure(safariChunkError)).toBe(true);
    expect(isLoadFailure(new TypeError("error loading dynamically imported module: x"))).toBe(true);
    expect(isLoadFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isLoadFailure(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  test("offline by the browser's word: no probe at all", async () => {
    const { fetch, asked } = probe(404);
    expect(await diagnoseLoadFailure(chunkError, { fetch, onLine: false, origin: ORIGIN })).toBe("offline");
    expect(asked).toEqual([]);
  });

  test("the chunk's own address is probed: gone means a new version, no answer or a 5xx means offline", async () => {
    const gone = probe(404);
    expect(await diagnoseLoadFailure(chunkError, { fetch: gone.fetch, onLine: true, origin: ORIGIN })).toBe("updated");
    expect(gone.asked).toEqual([{ url: `${ORIGIN}/assets/Profile-abc123.js`, method: "HEAD" }]);
    expect(await diagnoseLoadFailure(chunkError, { fetch: probe(410).fetch, onLine: true, origin: ORIGIN })).toBe("updated");
    expect(await diagnoseLoadFailure(chunkError, { fetch: probe("fail").fetch, onLine: true, origin: ORIGIN })).toBe("offline");
    expect(await diagnoseLoadFailure(chunkError, { fetch: probe(502).fetch, onLine: true, origin: ORIGIN })).toBe("offline");
    // There now: the connection failed when it was fetched, so trying again will do.
    expect(await diagnoseLoadFailure(chunkError, { fetch: probe(200).fetch, onLine: true, origin: ORIGIN })).toBe("offline");
  });

  test("a probe that gets no answer in time counts as offline", async () => {
    const started = Date.now();
    expect(await diagnoseLoadFailure(chunkError, { fetch: probe("hang").fetch, onLine: true, origin: ORIGIN, timeoutMs: 50 })).toBe("offline");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("without the chunk's address (Safari) the server's health is probed", async () => {
    const up = probe(200);
    expect(await diagnoseLoadFailure(safariChunkError, { fetch: up.fetch, onLine: true, origin: ORIGIN })).toBe("updated");
    expect(up.asked).toEqual([{ url: "/healthz", method: "GET" }]);
    expect(await diagnoseLoadFailure(safariChunkError, { fetch: probe("fail").fetch, onLine: true, origin: ORIGIN })).toBe("offline");
    // Another origin's address is not probed.
    const elsewhere = probe(404);
    const foreign = new TypeError("Failed to fetch dynamically imported module: https://cdn.example/x.js");
    expect(await diagnoseLoadFailure(foreign, { fetch: elsewhere.fetch, onLine: true, origin: ORIGIN })).toBe("updated");
    expect(elsewhere.asked[0]?.url).toBe("/healthz");
  });

  test("data that could not be fetched is the connection's fault, never a new version", async () => {
    const { fetch, asked } = probe(200);
    expect(await diagnoseLoadFailure(new TypeError("Failed to fetch"), { fetch, onLine: true, origin: ORIGIN })).toBe("offline");
    expect(asked).toEqual([]);
  });
});
