// The built web app's files: a file listed at start but deleted since (a rebuild replaced web/dist
// under a running server) is a 404 like any other missing file, never a 500.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { webApp } from "./web";

const dist = mkdtempSync(join(tmpdir(), "capedrive-web-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

test("a hashed asset deleted after start answers 404, and the app's other files still answer", async () => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>CapeDrive</title>");
  writeFileSync(join(dist, "assets", "old-chunk.js"), "console.log(1)");
  const serve = webApp(dist);
  const get = (path: string) => serve(new Request(`http://localhost${path}`));

  rmSync(join(dist, "assets", "old-chunk.js"));
  for (let i = 0; i < 2; i++) {
    const gone = await get("/assets/old-chunk.js");
    expect([gone.status, await gone.text()]).toEqual([404, "Not found"]);
  }
  const page = await get("/bookings");
  expect([page.status, await page.text()]).toEqual([200, "<!doctype html><title>CapeDrive</title>"]);
});
