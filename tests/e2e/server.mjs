// A tiny static file server for the built site (dist/), for the browser
// tests: correct MIME types (application/wasm, text/javascript), no caching.
//
//   node tests/e2e/server.mjs DIR [PORT]   (PORT 0 = a free port; prints the URL)
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

export function serve(dir, port = 0) {
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
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] || "application/octet-stream",
        "cache-control": "no-store",
      });
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
  const { url } = await serve(process.argv[2] || "dist", Number(process.argv[3] || 0));
  console.log(url);
}
