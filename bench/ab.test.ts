// bench/ab.ts compares two trees' servers in one process, on a small database it seeds itself.
import { expect, setDefaultTimeout, test } from "bun:test";
import { resolve } from "node:path";

setDefaultTimeout(120_000);
const root = resolve(import.meta.dir, "..");

async function ab(...args: string[]) {
  const child = Bun.spawn([process.execPath, "bench/ab.ts", ...args], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, code };
}

test("a tree against itself: a row per path with both medians and the change, after the requests all answered", async () => {
  const { stdout, stderr, code } = await ab(
    "--base",
    root,
    "--scale",
    "0.002",
    "--only",
    "rest-my-bookings,gql-admin-bookings",
    "--rounds",
    "2",
    "--chunk",
    "3",
  );
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  for (const path of ["rest-my-bookings", "gql-admin-bookings"]) {
    const row = stdout.split("\n").find((line) => line.startsWith(`| ${path} |`));
    expect(row).toMatch(/^\| [a-z-]+ \| \d+ \| \d+ \| [+-]\d+\.\d% \|$/);
  }
});

test("a path that is not a read scenario, or no base, is refused", async () => {
  const unknown = await ab("--base", root, "--scale", "0.002", "--only", "rest-create-booking", "--rounds", "2", "--chunk", "1");
  expect(unknown.code).not.toBe(0);
  expect(unknown.stderr).toContain("rest-create-booking: no such read scenario");
  const noBase = await ab("--scale", "0.002");
  expect(noBase.code).toBe(2);
  expect(noBase.stderr).toContain("usage: bun bench/ab.ts --base DIR");
});
