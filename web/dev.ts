/**
 * Development server for the web app: `bun web/dev.ts` (from anywhere).
 *
 * - Runs `panda --watch` beside it (writes web/styled-system/styles.css as classes are used).
 * - Serves web/index.html for every path (client-side routing) with Bun's bundler and HMR.
 * - Proxies /graphql, /api/*, /objects/* and /healthz to the product server (API_ORIGIN,
 *   default http://127.0.0.1:3000), so the app can call its own origin as in production.
 *
 * Environment: WEB_PORT (default 5173), API_ORIGIN.
 */
import { join } from "node:path";
import index from "./index.html";

const webDir = import.meta.dir;
const port = Number(process.env.WEB_PORT ?? 5173);
const apiOrigin = (process.env.API_ORIGIN ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
const panda = join(webDir, "..", "node_modules", ".bin", "panda");

// Generate once before serving so the first page load has its styles, then keep watching.
const codegen = Bun.spawnSync([panda, "codegen", "--silent"], { cwd: webDir, stdout: "inherit", stderr: "inherit" });
if (codegen.exitCode !== 0) process.exit(codegen.exitCode ?? 1);
const initialCss = Bun.spawnSync([panda, "cssgen", "--silent"], { cwd: webDir, stdout: "inherit", stderr: "inherit" });
if (initialCss.exitCode !== 0) process.exit(initialCss.exitCode ?? 1);
const watcher = Bun.spawn([panda, "--watch", "--silent"], { cwd: webDir, stdout: "inherit", stderr: "inherit" });

async function proxy(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const target = `${apiOrigin}${url.pathname}${url.search}`;
  try {
    const headers = new Headers(req.headers);
    headers.delete("host");
    return await fetch(target, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer(),
      redirect: "manual",
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ message: `Dev proxy: ${apiOrigin} is not reachable (${message})`, code: "DEV_PROXY" }, { status: 502 });
  }
}

const server = Bun.serve({
  port,
  hostname: "127.0.0.1",
  development: { hmr: true, console: true },
  routes: {
    "/graphql": proxy,
    "/healthz": proxy,
    "/api/*": proxy,
    "/objects/*": proxy,
    "/*": index,
  },
});

console.log(`CapeDrive web (dev): ${server.url}  (API -> ${apiOrigin})`);

function stop() {
  watcher.kill();
  server.stop(true);
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
