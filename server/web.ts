// Serves the built web app: hashed assets (cached for a year, gzipped once in memory) and
// index.html for client routes (paths without a file extension). Only files that exist in the
// build at start-up are served, so no request path can reach outside it.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

type Asset = { path: string; type: string; immutable: boolean; gzip?: Uint8Array; body?: Uint8Array };

const compressible = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

export function webApp(dist: string) {
  const assets = new Map<string, Asset>();
  const built = existsSync(join(dist, "index.html"));
  if (built) {
    for (const file of listFiles(dist)) {
      const url = "/" + relative(dist, file).split("\\").join("/");
      assets.set(url, { path: file, type: Bun.file(file).type, immutable: url.startsWith("/assets/") });
    }
  }

  async function respond(asset: Asset, request: Request, status = 200): Promise<Response> {
    const headers = new Headers({
      "Content-Type": asset.type,
      "Cache-Control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
      Vary: "Accept-Encoding",
    });
    asset.body ??= new Uint8Array(await Bun.file(asset.path).arrayBuffer());
    const acceptsGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    if (acceptsGzip && compressible.test(asset.path)) {
      asset.gzip ??= Bun.gzipSync(asset.body as Uint8Array<ArrayBuffer>);
      headers.set("Content-Encoding", "gzip");
      return new Response(request.method === "HEAD" ? null : (asset.gzip as Uint8Array<ArrayBuffer>), { status, headers });
    }
    return new Response(request.method === "HEAD" ? null : (asset.body as Uint8Array<ArrayBuffer>), { status, headers });
  }

  return async function serve(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const asset = assets.get(pathname === "/" ? "/index.html" : pathname);
    if (asset) return respond(asset, request);
    const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
    if (lastSegment.includes(".")) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    const index = assets.get("/index.html");
    if (!index) return new Response("The web app is not built yet: run `bun run build`.", { status: 503, headers: { "Content-Type": "text/plain" } });
    // Client routes (including unknown ones, which the app renders as its 404 page).
    return respond(index, request);
  };
}
