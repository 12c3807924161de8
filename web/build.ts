/**
 * Production build of the web app: `bun web/build.ts` (from anywhere).
 *
 * `bun web/build.ts --outdir <dir>` writes the same build elsewhere.
 *
 * 1. Panda: `panda codegen` (web/styled-system) + `panda cssgen --minify` (styled-system/styles.css).
 * 2. Bun.build of web/index.html into web/dist: production React, code splitting (one chunk per
 *    lazy route), minified, every URL absolute ("/...") so deep links such as /booking/datetime
 *    load their assets from the root.
 * 3. Prints every output file with its size and gzipped size, and the gzipped JS + CSS that the
 *    landing page (/) downloads before it renders.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";

const webDir = import.meta.dir;
const rootDir = resolve(webDir, "..");
// `--outdir <dir>` builds elsewhere (the benchmarks and the bundle budget test build into a temp
// folder, so a server serving web/dist is never disturbed).
const outdirFlag = process.argv.indexOf("--outdir");
const outdir = outdirFlag > 0 && process.argv[outdirFlag + 1] ? resolve(process.argv[outdirFlag + 1]!) : join(webDir, "dist");
const panda = join(rootDir, "node_modules", ".bin", "panda");

async function run(cmd: string[]): Promise<void> {
  const proc = Bun.spawn(cmd, { cwd: webDir, stdout: "inherit", stderr: "inherit" });
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${cmd.join(" ")} exited with ${code}`);
}

const started = performance.now();

await run([panda, "codegen", "--silent"]);
await run([panda, "cssgen", "--minify", "--silent"]);

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await Bun.build({
  entrypoints: [join(webDir, "index.html")],
  outdir,
  target: "browser",
  splitting: true,
  // Fold small chunks that are always loaded together (fewer requests for a lazy route). `bun run
  // bench`: /cars-for-sale fetched 20 files, most of them about 1 KB. Not 16 KB: Bun then also
  // folds small shared pieces of Ark UI (which only lazy screens use) into the entry chunk, 1.8 KB
  // more gzipped for the landing page, for no fewer files on any route.
  minChunkSize: 8_192,
  minify: true,
  publicPath: "/",
  sourcemap: "none",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
});

if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
for (const log of result.logs) console.warn(log);

// ---- report -------------------------------------------------------------------------------

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])));
  return files.flat();
}

const gzipSize = async (file: string) => Bun.gzipSync(new Uint8Array(await Bun.file(file).arrayBuffer())).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const files = (await walk(outdir)).sort();
const rows: { name: string; size: number; gzip: number }[] = [];
for (const file of files) rows.push({ name: relative(outdir, file), size: (await stat(file)).size, gzip: await gzipSize(file) });

const width = Math.max(...rows.map((row) => row.name.length));
console.log(`\nweb/dist (${((performance.now() - started) / 1000).toFixed(2)} s)`);
for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${kb(row.size).padStart(9)}  gzip ${kb(row.gzip).padStart(8)}`);

// What the landing page fetches up front: the scripts and stylesheets index.html references,
// plus the chunks those scripts import statically (modulepreload-equivalent closure).
const html = await Bun.file(join(outdir, "index.html")).text();
const initial = new Set<string>();
for (const match of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) if (match[1]) initial.add(match[1]);
const queue = [...initial].filter((name) => name.endsWith(".js"));
while (queue.length > 0) {
  const name = queue.pop()!;
  const code = await Bun.file(join(outdir, name)).text();
  // Static imports only (`import ... from "/x.js"` / `import "/x.js"`), not `import("/x.js")`.
  for (const match of code.matchAll(/(?:from|import)\s*"\/([^"]+\.js)"/g)) {
    const dep = match[1];
    if (dep && !initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}
const initialRows = rows.filter((row) => initial.has(row.name));
const sum = (ext: string) => initialRows.filter((row) => row.name.endsWith(ext)).reduce((total, row) => total + row.gzip, 0);
console.log(`\nLanding page (/) initial download, gzipped: JS ${kb(sum(".js"))}, CSS ${kb(sum(".css"))}`);
for (const row of initialRows) console.log(`  ${row.name}`);
