// The release build's page bundles: called by scripts/pwa-build.mjs with
// --bundle (post-build.mjs passes it for release builds), after the shared
// head is put into the pages and before their preloads are written.
//
// Why: a page's module scripts import 20 to 45 small modules. Over HTTP/1.1
// (six connections; what many static hosts and Lighthouse's simulation of a
// phone on slow 4G assume) each costs a round trip, and the play page's
// first paint waited for the last of them (docs/performance.md, "3. Page
// load"). Bundled, a page loads its entry scripts and a few shared chunks.
//
// How: one esbuild build over the module scripts of every page (entries:
// each `<script type="module" src>`, and pwa/register.js, imported after the
// load event), with code splitting, so that a module two entries share is
// one module (one instance: the language, the settings) in one chunk, and
// pages share the chunks. Output in bundle/: bundle/<dir>/<name>.js for an
// entry, bundle/chunks/<name>-<hash>.js for a chunk, every file two folders
// deep, so that a `new URL("../x", import.meta.url)` of a module (the wasm
// glue, the Workers, data files) is rewritten to the same file from there.
// The pages' tags are pointed at the bundles; the modules themselves stay
// where they are, unchanged, for the Workers (which import them, in a
// context of their own), the embedding example and the tests.
//
// Not bundled: the wasm glue shashki.js (loaded after the first paint by a
// computed URL, shared with trunk's loader and the Workers), and any page
// listed in SKIP.

import { readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const SKIP = new Set(["embed-example.html"]); // shows the widget's file as an embedder loads it
export const BUNDLE_DIR = "bundle";
const posix = (p) => p.split(sep).join("/");

const MODULE_TAG = /<script\b(?=[^>]*\btype=["']?module["']?)[^>]*\ssrc=["']([^"']+)["'][^>]*><\/script>/g;
const REGISTER = "pwa/register.js";

/**
 * Bundles the module scripts of `pages` ({rel, html}, the site's root-level
 * pages) in `dir`; returns the pages' new HTML (same order). Pages whose
 * scripts already point into bundle/ are left as they are.
 */
export async function bundlePages(dir, pages) {
  const esbuild = await import("esbuild");
  const todo = pages.filter((p) => !SKIP.has(p.rel) && !p.rel.includes("/") && !p.html.includes(`src="${BUNDLE_DIR}/`));
  const entries = new Set();
  for (const p of todo) for (const m of p.html.matchAll(MODULE_TAG)) if (!/^[a-z]+:|^\//i.test(m[1])) entries.add(m[1].replace(/^\.\//, ""));
  if (!entries.size) return pages.map((p) => p.html);
  entries.add(REGISTER);
  const out = join(dir, BUNDLE_DIR);
  rmSync(out, { recursive: true, force: true });
  const root = resolve(dir);
  const result = await esbuild.build({
    entryPoints: [...entries].map((e) => join(root, e)),
    outbase: root,
    outdir: out,
    entryNames: "[dir]/[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: "esnext",
    legalComments: "none",
    charset: "utf8",
    metafile: true,
    logLevel: "warning",
    plugins: [siteRelativeUrls(root)],
  });
  // entry (site-relative) -> its bundle (site-relative)
  const bundled = new Map();
  for (const [file, o] of Object.entries(result.metafile.outputs)) {
    if (o.entryPoint) bundled.set(posix(relative(root, resolve(o.entryPoint))), posix(relative(root, resolve(file))));
  }
  for (const f of Object.keys(result.metafile.outputs)) {
    const depth = posix(relative(root, resolve(f))).split("/").length - 1;
    if (depth !== 2) throw new Error(`bundle-pages: ${f} is not two folders deep: its rewritten URLs would be wrong`);
  }
  return pages.map((p) => {
    if (!todo.includes(p)) return p.html;
    let html = p.html.replace(MODULE_TAG, (tag, src) => {
      const b = bundled.get(src.replace(/^\.\//, ""));
      return b ? tag.replace(`src="${src}"`, `src="${b}"`) : tag;
    });
    // the service worker's registration, from the same build (one i18n)
    if (!/pwa\/register/.test(html)) {
      html = html.replace(
        "</head>",
        () =>
          `  <script type="module">addEventListener("load", () => import("./${bundled.get(REGISTER)}"), { once: true });</script>\n  </head>`,
      );
    }
    return html;
  });
}

/**
 * An esbuild plugin: in every module of the site, `new URL("./x" or
 * "../x", import.meta.url)` becomes the same file's URL from a bundle two
 * folders below the site's root ("../../dir/x").
 */
function siteRelativeUrls(root) {
  return {
    name: "site-relative-urls",
    setup(build) {
      // the wasm glue stays a file of its own (its wasm is found beside it)
      build.onResolve({ filter: /(^|\/)shashki(_mt)?\.js$/ }, (args) => {
        const target = posix(relative(root, resolve(args.resolveDir, args.path)));
        return { path: `../../${target}`, external: true };
      });
      build.onLoad({ filter: /\.m?js$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        const contents = source.replace(/new URL\((["'])(\.{1,2}\/[^"']*)\1,\s*import\.meta\.url\)/g, (_, q, rel) => {
          const target = posix(relative(root, resolve(dirname(args.path), rel)));
          if (target.startsWith("..")) throw new Error(`bundle-pages: ${args.path}: ${rel} is outside the site`);
          return `new URL(${q}../../${target}${q}, import.meta.url)`;
        });
        return { contents, loader: "js" };
      });
    },
  };
}
