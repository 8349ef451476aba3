// A tiny static file server for the built site (dist/), for the browser
// tests: correct MIME types (application/wasm, text/javascript), no caching.
// With `compress` it answers as a well-configured host does: the release
// build's precompressed NAME.br or NAME.gz (scripts/post-build.mjs) when the
// browser accepts that encoding (scripts/lighthouse.mjs uses this).
//
//   node tests/e2e/server.mjs DIR [PORT] [--compress]   (PORT 0 = a free port; prints the URL)
//   import { serve } from "./server.mjs"; const { url, close } = await serve("dist");

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".pdn": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export function serve(dir, port = 0, { compress = false, isolate = false } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end("forbidden");
        return;
      }
      let s = await stat(file).catch(() => null);
      if (s && s.isDirectory()) {
        file = join(file, "index.html");
        s = await stat(file).catch(() => null);
      }
      if (!s) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      const headers = {
        "content-type": TYPES[extname(file)] || "application/octet-stream",
        // A host caches; the tests must see every new build at once.
        "cache-control": compress ? "public, max-age=600" : "no-store",
      };
      // As a host configured for threads sends them (docs/threads.md).
      if (isolate) {
        headers["cross-origin-opener-policy"] = "same-origin";
        headers["cross-origin-embedder-policy"] = "require-corp";
      }
      let body = null;
      if (compress) {
        headers.vary = "accept-encoding";
        const accepted = String(req.headers["accept-encoding"] || "");
        for (const [enc, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
          if (!new RegExp(`\\b${enc}\\b`).test(accepted)) continue;
          body = await readFile(file + ext).catch(() => null);
          if (body) {
            headers["content-encoding"] = enc;
            break;
          }
        }
      }
      if (!body) body = await readFile(file);
      res.writeHead(200, headers);
      res.end(body);
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  return new Promise((ok) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: p } = server.address();
      ok({ url: `http://127.0.0.1:${p}`, close: () => new Promise((c) => server.close(c)) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rest = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const { url } = await serve(rest[0] || "dist", Number(rest[1] || 0), { compress: process.argv.includes("--compress"), isolate: process.argv.includes("--isolate") });
  console.log(url);
}
