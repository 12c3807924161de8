import { expect, test } from "bun:test";
import { readlinkSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

test("install links node_modules/.bin/rentals-cli to the CLI, so `bunx rentals-cli` runs it", async () => {
  const bin = join(root, "node_modules", ".bin", "rentals-cli");
  expect(readlinkSync(bin)).toBe(join("..", "..", "cli", "main.ts"));
  const child = Bun.spawn([bin, "--help"], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const [code, out] = await Promise.all([child.exited, new Response(child.stdout).text()]);
  expect(code).toBe(0);
  expect(out).toContain("Usage: rentals-cli");
});
