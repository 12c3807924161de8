/**
 * The layers stay apart (DESIGN: rules in domain/, services the only code on the
 * database, thin transports, no web code reaching the server beyond the shared domain rules).
 * Read from the import statements of the source files.
 */
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { dirname, join, relative } from "node:path";

const root = join(import.meta.dir, "..");

/** Each source file's imports: the specifier, resolved to a repository path when relative, and whether it is type-only. */
async function importsOf(pattern: string) {
  const found: { file: string; target: string; typeOnly: boolean }[] = [];
  for await (const file of new Glob(pattern).scan(root)) {
    if (/\.test\.tsx?$/.test(file) || file.endsWith(".d.ts")) continue;
    const text = await Bun.file(join(root, file)).text();
    for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?\sfrom\s+"([^"]+)";/gms)) {
      const specifier = match[3]!;
      const target = specifier.startsWith(".") ? relative(root, join(root, dirname(file), specifier)) : specifier;
      found.push({ file, target, typeOnly: Boolean(match[2]) });
    }
  }
  return found;
}

describe("layers", () => {
  test("the web areas (customer, admin, dealership, driver) never import one another", async () => {
    const crossing = (await importsOf("web/src/{customer,admin,dealership,driver}/**/*.{ts,tsx}"))
      .filter(({ file, target }) => {
        const from = file.split("/")[2] ?? "";
        const to = target.startsWith("web/src/") ? (target.split("/")[2] ?? null) : null;
        return to !== null && ["customer", "admin", "dealership", "driver"].includes(to) && to !== from;
      })
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(crossing).toEqual([]);
  });

  test("domain/ is pure: it imports no other part of the product (no server, web, CLI or Prisma)", async () => {
    const reaching = (await importsOf("domain/**/*.{ts,tsx}"))
      .filter(({ target }) => /^(server|web|cli|prisma)\//.test(target) || target.startsWith("#"))
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(reaching).toEqual([]);
  });

  test("everyone else reaches domain/ through the #domain alias, never by a relative path", async () => {
    const relative = (await importsOf("{server,web,cli,bench,e2e,prisma}/**/*.{ts,tsx}"))
      .filter(({ target }) => target === "domain" || target.startsWith("domain/"))
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(relative).toEqual([]);
  });

  test("the web app reaches the server only for the shared domain rules", async () => {
    const reaching = (await importsOf("web/**/*.{ts,tsx}"))
      .filter(({ target, typeOnly }) => target.startsWith("server/") && !typeOnly)
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(reaching).toEqual([]);
  });

  test("transports (REST, GraphQL) never touch the database: no Prisma client, no db module (types only)", async () => {
    const touching = (await importsOf("server/{rest,graphql}/**/*.ts"))
      .filter(
        ({ target, typeOnly }) => !typeOnly && (target.startsWith("server/db") || (target.startsWith("prisma/generated/") && !target.endsWith("pothos-types"))),
      )
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(touching).toEqual([]);
  });

  test("email templates (server/emails) never touch the database: they are given what they show", async () => {
    const touching = (await importsOf("server/emails/**/*.{ts,tsx}"))
      .filter(
        ({ target, typeOnly }) =>
          !typeOnly && (target.startsWith("server/db") || target.startsWith("server/services/context") || /^prisma\/generated\/[^/]+\/client/.test(target)),
      )
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(touching).toEqual([]);
  });

  test("transports never import the app that mounts them (no cycle, not even a type-only one)", async () => {
    const upward = (await importsOf("server/{rest,graphql}/**/*.ts"))
      .filter(({ target }) => target === "server/app" || target === "server/app.ts")
      .map(({ file }) => file);
    expect(upward).toEqual([]);
  });

  test("the scan sees the imports it judges", async () => {
    const web = await importsOf("web/src/{customer,admin,dealership,driver}/**/*.{ts,tsx}");
    expect((await importsOf("domain/**/*.ts")).some(({ target }) => target.startsWith("domain/"))).toBe(true);
    expect(web.some(({ target }) => target.startsWith("#domain"))).toBe(true);
    const transports = await importsOf("server/{rest,graphql}/**/*.ts");
    expect(transports.some(({ target }) => target.startsWith("server/services/"))).toBe(true);
    expect((await importsOf("server/emails/**/*.{ts,tsx}")).some(({ target }) => target.startsWith("server/services/"))).toBe(true);
  });
});
