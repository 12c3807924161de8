import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import * as domain from "./index.ts";

const dir = new URL("./", import.meta.url);
/** Every source file, with the schemas' parts (schemas/*.ts) re-exported by schemas.ts. */
const sources = [...new Glob("**/*.ts").scanSync(dir.pathname)].filter((f) => !f.endsWith(".test.ts") && !f.startsWith("fixtures/"));

describe("domain/ as a whole", () => {
  test("index re-exports every module", async () => {
    // schemas/fields.ts holds the schemas' private building blocks.
    for (const file of sources.filter((f) => f !== "index.ts" && f !== "schemas/fields.ts")) {
      const mod: Record<string, unknown> = await import(new URL(file, dir).href);
      for (const name of Object.keys(mod)) {
        expect({ file, name, exported: name in domain }).toEqual({ file, name, exported: true });
      }
    }
  });

  test("imports nothing but zod, @internationalized/date and its own files (it runs in the browser too)", async () => {
    const packages = new Set(["zod", "@internationalized/date"]);
    for (const file of sources) {
      const text = await Bun.file(new URL(file, dir)).text();
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
      for (const spec of specifiers) {
        expect({ file, spec, ok: packages.has(spec ?? "") || /^\.\.?\/([a-z-]+\/)?[a-z-]+\.ts$/.test(spec ?? "") }).toEqual({ file, spec, ok: true });
      }
    }
  });

  test("bundles for the browser", async () => {
    const result = await Bun.build({ entrypoints: [new URL("index.ts", dir).pathname], target: "browser" });
    expect(result.logs.filter((l) => l.level === "error")).toEqual([]);
    expect(result.success).toBe(true);
  });
});
