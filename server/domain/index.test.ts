import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import * as domain from "./index.ts";

const dir = new URL("./", import.meta.url);
const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("server/domain as a whole", () => {
  test("index re-exports every module", async () => {
    for (const file of sources.filter((f) => f !== "index.ts")) {
      const mod: Record<string, unknown> = await import(new URL(file, dir).href);
      for (const name of Object.keys(mod)) {
        expect({ file, name, exported: name in domain }).toEqual({ file, name, exported: true });
      }
    }
  });

  test("imports nothing but zod and its own files (it runs in the browser too)", async () => {
    for (const file of sources) {
      const text = await Bun.file(new URL(file, dir)).text();
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
      for (const spec of specifiers) {
        expect({ file, spec, ok: spec === "zod" || /^\.\/[a-z-]+\.ts$/.test(spec ?? "") }).toEqual({ file, spec, ok: true });
      }
    }
  });

  test("bundles for the browser", async () => {
    const result = await Bun.build({ entrypoints: [new URL("index.ts", dir).pathname], target: "browser" });
    expect(result.logs.filter((l) => l.level === "error")).toEqual([]);
    expect(result.success).toBe(true);
  });
});
