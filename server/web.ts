// Serves the built web app: hashed assets (cached for a year, compressed once in memory: brotli
// when the browser takes it and it is ready, else gzip) and
// index.html for client routes (paths without a file extension). Only files that exist in the
// build at start-up are served, so no request path can reach outside it.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompress, constants as zlib } from "node:zlib";

type Asset = { path: string; type: string; immutable: boolean; gzip?: Uint8Array; body?: Uint8Array; brotli?: Uint8Array; brotliStarted?: boolean };

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
    const acceptEncoding = request.headers.get("accept-encoding") ?? "";
    if (/\bbr\b/.test(acceptEncoding) && compressible.test(asset.path)) {
      // Brotli (quality 11) is about 13% smaller than gzip for this build, but slow to make: it is
      // made once per file on a worker thread after the first request that accepts it, and that
      // request (and any until it is ready) gets gzip.
      if (asset.brotli) {
        headers.set("Content-Encoding", "br");
        return new Response(request.method === "HEAD" ? null : (asset.brotli as Uint8Array<ArrayBuffer>), { status, headers });
      }
      if (!asset.brotliStarted) {
        asset.brotliStarted = true;
        const body = asset.body;
        brotliCompress(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }, (error, result) => {
          if (!error) asset.brotli = new Uint8Array(result);
        });
      }
    }
    const acceptsGzip = /\bgzip\b/.test(acceptEncoding);
    if (acceptsGzip && compressible.test(asset.path)) {
      asset.gzip ??= Bun.gzipSync(asset.body as Uint8Array<ArrayBuffer>);
      headers.set("Content-Encoding", "gzip");
      return new Response(request.method === "HEAD" ? null : (asset.gzip as Uint8Array<ArrayBuffer>), { status, headers });
    }
    return new Response(request.method === "HEAD" ? null : (asset.body as Uint8Array<ArrayBuffer>), { status, headers });
  }

  const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

  return async function serve(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const key = pathname === "/" ? "/index.html" : pathname;
    const asset = assets.get(key);
    if (asset) {
      try {
        return await respond(asset, request);
      } catch (error) {
        // Listed at start but gone since (a rebuild replaced web/dist under a running server): a
        // 404 like any other missing file, not a 500.
        if ((error as NodeJS.ErrnoException)?.code !== "ENOENT") throw error;
        assets.delete(key);
        return notFound();
      }
    }
    const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
    if (lastSegment.includes(".")) return notFound();
    const index = assets.get("/index.html");
    if (!index) return new Response("The web app is not built yet: run `bun run build`.", { status: 503, headers: { "Content-Type": "text/plain" } });
    // Client routes (including unknown ones, which the app renders as its 404 page).
    return respond(index, request);
  };
}
