// Makes the built site installable and offline: run by trunk after every
// build (Trunk.toml, [[hooks]] stage "post_build", on trunk's staging
// directory), or by hand on a built folder:
//
//   node scripts/pwa-build.mjs [DIR] [--bundle]     (default: $TRUNK_STAGING_DIR)
//
// --bundle (release builds, post-build.mjs): the pages' module scripts are
// bundled first (scripts/bundle-pages.mjs), and the steps below see the bundles.
//
// 1. Every page (*.html) gets, unless it has them already, the manifest
//    link, the touch icon, the service worker's registration (a script
//    imported after the page's load event) and
//    preloads of the wasm module (its JS glue as a modulepreload, the .wasm
//    as a fetch preload that the streaming compile then takes), so a new
//    page needs nothing but to exist.
// 2. sw.js gets the list of every file to cache at install and a version:
//    a hash of all their contents, so any change to any file makes a new
//    sw.js, which the browsers install as a new version. Large data (any
//    folder named in LAZY_DIRS, any file over LAZY_BYTES) is left out of
//    the install and cached when first used.
//
// 0. Before all that, every page's placeholders become the shared start of
//    <head> and the site header (scripts/site-header.mjs, www/shared/).
//
// Deterministic: the same files give the same sw.js.

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { FRAGMENTS, insertSiteHead, insertSiteHeader, removeFragments } from "./site-header.mjs";
import { bundlePages } from "./bundle-pages.mjs";

// Endgame tables: fetched by the engine on demand. (engine/, the pattern
// tables and the opening book, is precached: every bot Worker needs it at
// its start, offline too.)
const LAZY_DIRS = ["egtb"];
const LAZY_BYTES = 8 * 1024 * 1024;
const NEVER = new Set(["sw.js"]); // the worker itself is never cached by itself

const dir = process.argv.slice(2).find((a) => !a.startsWith("--")) || process.env.TRUNK_STAGING_DIR;
const bundle = process.argv.includes("--bundle");
if (!dir) {
  console.error("pwa-build: no folder (pass one, or run as a trunk hook)");
  process.exit(2);
}

function walk(d) {
  const out = [];
  for (const name of readdirSync(d).sort()) {
    if (name.startsWith(".") || /\.(gz|br)$/.test(name)) continue; // precompressed copies (post-build.mjs)
    const p = join(d, name);
    const s = statSync(p);
    if (s.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

const posix = (p) => p.split(sep).join("/");
const sha = (data) => createHash("sha256").update(data).digest("hex");

// ---- 1. pages ------------------------------------------------------------

const hasManifest = (() => {
  try {
    return statSync(join(dir, "manifest.webmanifest")).isFile();
  } catch {
    return false;
  }
})();

/** Static imports of a JS module (import/export ... from "x", import "x"). */
function importsOf(code) {
  const out = [];
  const re = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]);
  return out;
}

/**
 * Every module a page's module scripts import, directly or not (files of
 * the build only), in a stable order: preloading them all turns the import
 * waterfall (page -> app.js -> board.js -> render.js) into one round trip.
 */
function moduleGraph(html, pageRel) {
  const base = new URL(pageRel, "file:///site/");
  const entries = [];
  for (const m of html.matchAll(/<script\b[^>]*type=["']?module["']?[^>]*>([\s\S]*?)<\/script>/g)) {
    const src = /\ssrc=["']([^"']+)["']/.exec(m[0].slice(0, m[0].indexOf(">") + 1));
    if (src) entries.push(new URL(src[1], base));
    else for (const i of importsOf(m[1])) entries.push(new URL(i, base));
  }
  const seen = new Set();
  const order = [];
  const visit = (u) => {
    if (u.protocol !== "file:" || !u.pathname.startsWith("/site/")) return;
    const rel = u.pathname.slice("/site/".length);
    if (seen.has(rel)) return;
    seen.add(rel);
    let code;
    try {
      code = readFileSync(join(dir, rel), "utf8");
    } catch {
      return;
    }
    order.push(rel);
    for (const i of importsOf(code)) if (i.startsWith(".")) visit(new URL(i, u));
  };
  for (const e of entries) visit(e);
  return order;
}

function headTags(html, prefix, pageRel) {
  const tags = [];
  // The page's own modules only: the service worker's script is not needed
  // for the first board, and its install (fetching the whole site) should not
  // compete with the page's first load.
  for (const rel of moduleGraph(html, pageRel)) {
    const href = `${prefix}${rel}`;
    const page = html;
    if (![`href="${href}"`, `href="./${rel}"`, `src="${href}"`].some((t) => page.includes(t))) {
      tags.push(`<link rel="modulepreload" href="${href}" />`);
    }
  }
  if (hasManifest && !/rel=["']?manifest/.test(html)) {
    tags.push(`<link rel="manifest" href="${prefix}manifest.webmanifest" />`);
    tags.push(`<link rel="apple-touch-icon" href="${prefix}icons/apple-touch-icon.png" />`);
  }
  // No preload of the wasm module or its JS glue: the first screen does not
  // need the engine (boards are drawn from their FEN), and on a slow phone
  // connection 120 KB of wasm fetched at once shares the bandwidth with the
  // styles and modules the first paint waits for. board/engine.js fetches it
  // once the page has painted its first content (afterFirstPaint), as does the play
  // page's loader (deferWasm below).
  if (!/pwa\/register\.js/.test(html)) {
    // Registered once the page has loaded (the usual advice for service workers).
    tags.push(
      `<script type="module">addEventListener("load", () => import("./${prefix}pwa/register.js"), { once: true });</script>`,
    );
  }
  return tags;
}

/**
 * The play page's wasm loader, written by trunk: its preload of the .wasm is
 * dropped and its init() waits for the first contentful paint (FIRST_PAINT).
 */
/** A promise (JS source) that resolves at the page's first contentful paint
 * (at once in a hidden page, after 3 s at the latest): the same wait as
 * afterFirstPaint in www/board/engine.js. */
const FIRST_PAINT =
  "new Promise((r) => { if (document.visibilityState === \"hidden\" || performance.getEntriesByName(\"first-contentful-paint\").length) return r(); " +
  "setTimeout(r, 3000); document.addEventListener(\"visibilitychange\", r, { once: true }); " +
  "try { new PerformanceObserver((l, o) => { if (l.getEntriesByName(\"first-contentful-paint\").length) { o.disconnect(); r(); } }).observe({ type: \"paint\", buffered: true }); } " +
  "catch (e) { requestAnimationFrame(() => setTimeout(r, 0)); } })";

function deferWasm(html, rel) {
  if (!html.includes("TrunkApplicationStarted")) return html;
  let out = html.replace(/<link rel="preload" href="[^"]*shashki_bg\.wasm"[^>]*>/g, "");
  const init = "const wasm = await init(";
  const wait = `await ${FIRST_PAINT};\n`;
  if (!out.includes(wait)) {
    if (!out.includes(init)) {
      console.error(`pwa-build: ${rel}: trunk's wasm loader changed (no "${init}"); the wasm is not deferred`);
      process.exit(1);
    }
    out = out.replace(init, () => wait + init);
  }
  return out;
}

/**
 * Module scripts marked `data-after-paint` (boards further down a page, the
 * ...) are loaded once the page has shown its first contentful paint
 * (FIRST_PAINT) instead of before it: on a slow phone connection their modules would otherwise share
 * the bandwidth (and, over HTTP/1.1, the six connections) with the styles and
 * modules the first paint waits for. They become one inline module script
 * that, after the first paint, adds a
 * modulepreload for every module they import that the page has not loaded
 * already (one round trip, no import waterfall) and imports them in their
 * order. Their place on the page is reserved by CSS (for instance
 * `shashki-board:not(:defined)`), so nothing shifts when they run.
 */
function afterPaint(html, pageRel, prefix) {
  const tag = /<script\b(?=[^>]*\bdata-after-paint\b)[^>]*\ssrc=["']([^"']+)["'][^>]*><\/script>\s*/g;
  const entries = [...html.matchAll(tag)].map((m) => m[1]);
  if (!entries.length) return html;
  let out = html.replace(tag, "");
  const before = new Set(moduleGraph(out, pageRel));
  const base = new URL(pageRel, "file:///site/");
  const later = [];
  for (const e of entries) {
    const graph = moduleGraph(`<script type="module" src="${e}"></script>`, pageRel);
    for (const rel of graph) if (!before.has(rel) && !later.includes(rel)) later.push(rel);
  }
  const urls = (list) => JSON.stringify(list.map((rel) => `${prefix}${rel}`));
  const srcs = entries.map((e) => `./${new URL(e, base).pathname.slice("/site/".length)}`);
  const script =
    `<script type="module">/* data-after-paint (scripts/pwa-build.mjs) */` +
    `const go = async () => { for (const h of ${urls(later)}) { const l = document.createElement("link"); l.rel = "modulepreload"; l.href = h; document.head.append(l); } ` +
    `for (const s of ${JSON.stringify(srcs.map((s) => s.replace("./", `./${prefix}`)))}) await import(s); }; ` +
    `${FIRST_PAINT}.then(go);` +
    `</script>\n    `;
  return out.replace("</head>", () => `  ${script}</head>`);
}

let pagesChanged = 0;
const pages = walk(dir)
  .filter((f) => f.endsWith(".html") && !FRAGMENTS.includes(posix(relative(dir, f))))
  .map((f) => {
    const rel = posix(relative(dir, f));
    const prefix = "../".repeat(rel.split("/").length - 1);
    const source = readFileSync(f, "utf8");
    return { f, rel, prefix, source, html: deferWasm(insertSiteHeader(insertSiteHead(source, dir, prefix), dir, prefix, rel), rel) };
  });
// Release builds: each page's module scripts as a few bundles (scripts/bundle-pages.mjs).
if (bundle) (await bundlePages(dir, pages)).forEach((html, i) => (pages[i].html = html));
const files = walk(dir).filter((f) => !FRAGMENTS.includes(posix(relative(dir, f))));
for (const { f, rel, prefix, source, html: page } of pages) {
  const html = afterPaint(page, rel, prefix);
  const tags = headTags(html, prefix, rel);
  if ((!tags.length || !html.includes("</head>")) && html === source) continue;
  const out = tags.length ? html.replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`) : html;
  writeFileSync(f, out);
  pagesChanged += 1;
}
removeFragments(dir);

// ---- 2. the cache list ---------------------------------------------------

const precache = [];
const lazy = new Set(LAZY_DIRS.map((d) => `${d}/`));
const versionHash = createHash("sha256");
const dataHash = createHash("sha256");
let bytes = 0;
for (const f of files) {
  const rel = posix(relative(dir, f));
  if (NEVER.has(rel)) continue;
  const size = statSync(f).size;
  const content = readFileSync(f);
  const line = `${rel}\0${sha(content)}\n`;
  if (LAZY_DIRS.some((d) => rel.startsWith(`${d}/`)) || size > LAZY_BYTES) {
    if (size > LAZY_BYTES) lazy.add(rel);
    dataHash.update(line);
    continue;
  }
  precache.push(rel);
  versionHash.update(line);
  bytes += size;
}

// The worker's own code counts too (without the list it is about to get).
const swPath = join(dir, "sw.js");
const sw = readFileSync(swPath, "utf8");
const marker = /\/\* build \*\/.*\/\* \/build \*\//;
if (!marker.test(sw)) {
  console.error("pwa-build: sw.js has no /* build */ ... /* /build */ line");
  process.exit(1);
}
versionHash.update(`sw.js\0${sha(sw.replace(marker, ""))}\n`);

const build = {
  version: versionHash.digest("hex").slice(0, 16),
  files: precache,
  lazy: [...lazy].sort(),
  dataVersion: dataHash.digest("hex").slice(0, 16),
};

writeFileSync(swPath, sw.replace(marker, () => `/* build */ const BUILD = ${JSON.stringify(build)}; /* /build */`));
console.log(
  `pwa-build: ${pagesChanged} pages linked; sw.js version ${build.version}: ` +
    `${precache.length} files (${(bytes / 1024).toFixed(0)} KB) cached at install, ` +
    `${build.lazy.length} lazy entries`,
);
