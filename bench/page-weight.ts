// Page weight of the production build, two ways:
//
// 1. `landingWeight(dist)`: static, no browser. index.html's scripts and stylesheets plus every
//    chunk those scripts import statically (transitively); dynamic `import()`s are not followed.
//    That is what the landing page (/) must download before it renders. The bundle budget test
//    uses this one.
// 2. `observedPageWeight(...)`: what a real browser (Debian's Chromium through Playwright)
//    fetches to show a page, signed in where the page needs it (the area's token put into local
//    storage first, as the web app keeps it): every script and stylesheet response until the
//    network is idle, each sized as the gzip of the built file (level 6, as web/build.ts and the
//    server compute it). This follows the router's lazy chunks for the route, which the static
//    graph cannot know.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export type AssetSize = { file: string; bytes: number; gzip: number };
export type Weight = { js: number; css: number; files: AssetSize[] };

const ROOT = resolve(import.meta.dir, "..");

/** Builds the web app into `outdir` with web/build.ts (never touches web/dist). */
export async function buildWeb(outdir: string, quiet = true): Promise<void> {
  const proc = Bun.spawn([process.execPath, join(ROOT, "web", "build.ts"), "--outdir", outdir], {
    cwd: ROOT,
    stdout: quiet ? "pipe" : "inherit",
    stderr: "pipe",
  });
  const [code, errors, output] = await Promise.all([
    proc.exited,
    new Response(proc.stderr).text(),
    quiet ? new Response(proc.stdout as ReadableStream).text() : Promise.resolve(""),
  ]);
  if (code !== 0) throw new Error(`web build failed (exit ${code}):\n${errors || output}`);
}

const gzipCache = new Map<string, AssetSize>();
export function assetSize(dist: string, file: string): AssetSize {
  const path = join(dist, file);
  const key = `${path}:${statSync(path).mtimeMs}`;
  let size = gzipCache.get(key);
  if (!size) {
    const bytes = new Uint8Array(readFileSync(path));
    size = { file, bytes: bytes.length, gzip: Bun.gzipSync(bytes).length };
    gzipCache.set(key, size);
  }
  return size;
}

function weigh(dist: string, files: Iterable<string>): Weight {
  const sizes = [...new Set(files)].sort().map((file) => assetSize(dist, file));
  const sum = (ext: string) => sizes.filter((s) => s.file.endsWith(ext)).reduce((total, s) => total + s.gzip, 0);
  return { js: sum(".js"), css: sum(".css"), files: sizes };
}

/** The landing page's initial JS and CSS: index.html's assets and their static import closure. */
export async function landingWeight(dist: string): Promise<Weight> {
  const html = await Bun.file(join(dist, "index.html")).text();
  const initial = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) if (match[1]) initial.add(match[1]);
  const queue = [...initial].filter((name) => name.endsWith(".js"));
  while (queue.length > 0) {
    const name = queue.pop()!;
    const code = await Bun.file(join(dist, name)).text();
    // Static imports only (`import{a}from"/x.js"`, `import"/x.js"`), not `import("/x.js")`.
    for (const match of code.matchAll(/(?:from|import)\s*"\/([^"]+\.(?:js|css))"/g)) {
      const dep = match[1];
      if (dep && !initial.has(dep)) {
        initial.add(dep);
        if (dep.endsWith(".js")) queue.push(dep);
      }
    }
  }
  return weigh(dist, initial);
}

/** Every built file, for the report. */
export function allAssets(dist: string): AssetSize[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return existsSync(dist)
    ? walk(dist)
        .map((file) => assetSize(dist, relative(dist, file)))
        .filter((s) => /\.(js|css)$/.test(s.file))
    : [];
}

/** The token keys the web app keeps in local storage, read from web/src/lib/storage.ts (e.g. CUSTOMER_TOKEN_KEY). */
export async function tokenKeys(): Promise<Record<string, string>> {
  const keys: Record<string, string> = {};
  const dir = join(ROOT, "web", "src");
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? walk(join(d, name)) : /\.tsx?$/.test(name) ? [join(d, name)] : []));
  for (const file of walk(dir)) {
    const text = await Bun.file(file).text();
    for (const match of text.matchAll(/export const (\w*TOKEN_KEY)\s*=\s*"([^"]+)"/g)) keys[match[1]!] = match[2]!;
  }
  return keys;
}

export type PageVisit = { path: string; area: "customer" | "admin" | "dealership"; token?: string };
export type ObservedWeight = Weight & { path: string; signedIn: boolean; finalPath: string };

/** Loads each page in Chromium and sizes the scripts and stylesheets it fetched. */
export async function observedPageWeight(
  baseUrl: string,
  dist: string,
  visits: PageVisit[],
  chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium",
): Promise<ObservedWeight[]> {
  const { chromium } = await import("@playwright/test");
  const keys = await tokenKeys();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const results: ObservedWeight[] = [];
  try {
    for (const visit of visits) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const storage = Object.entries(keys)
        .filter(([name]) => name.toUpperCase().includes(visit.area.toUpperCase()))
        .map(([, key]) => key);
      if (visit.token && storage.length > 0) {
        await context.addInitScript(
          ({ keys: names, token }) => {
            for (const name of names) window.localStorage.setItem(name, token);
          },
          { keys: storage, token: visit.token },
        );
      }
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on("response", (response) => {
        const type = response.request().resourceType();
        const url = new URL(response.url());
        if ((type === "script" || type === "stylesheet") && url.origin === new URL(baseUrl).origin && existsSync(join(dist, url.pathname)))
          fetched.push(url.pathname.slice(1));
      });
      await page.goto(baseUrl + visit.path, { waitUntil: "networkidle" });
      const finalPath = new URL(page.url()).pathname;
      results.push({ path: visit.path, signedIn: Boolean(visit.token && storage.length > 0), finalPath, ...weigh(dist, fetched) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
