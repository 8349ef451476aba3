// Trunk's post_build hook (Trunk.toml): everything done to the built site
// after trunk has staged it, in this order.
//
//   node scripts/post-build.mjs [DIR]     (default: $TRUNK_STAGING_DIR)
//
// 0. Release builds (and any build with SHASHKI_THREADS=1): the threaded engine module (scripts/build-threads.mjs)
//    into threads/, for search on several cores where a page is
//    cross-origin isolated. Without the nightly toolchain it is skipped
//    with a warning and the site searches on one thread.
// 1. Release builds only (TRUNK_PROFILE=release, or --release by hand):
//    every JavaScript module and stylesheet is minified with esbuild, file
//    by file (no bundling: the pages, the Workers and the tests import the
//    same modules by the same names). trunk's own minification covers only
//    the HTML file it builds, not the files it copies (checked with trunk
//    0.21.14). sw.js is left as it is: pwa-build fills its build line.
//    The integrity hashes trunk put on its preloads are recomputed.
// 1b. Every build: puzzles/first.json, the first puzzles of
//    puzzles/puzzles.json and their total, which the puzzles page preloads
//    and shows first while the whole collection (41 KB brotli) comes
//    (docs/performance.md, "Page load").
// 2. scripts/pwa-build.mjs: the shared head and header of every page, the
//    preloads, the service worker's file list and version (over the final,
//    minified files).
// 3. Release builds only: a precompressed copy of every text file (and of
//    the wasm) beside it, NAME.gz (gzip -9) and NAME.br (brotli quality 11),
//    for static hosts that serve them as they are (docs/hosting.md). Written
//    last, so they are in no cache list; a copy that saves less than 5 % is
//    not written.
//
// Deterministic: the same files give the same output.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--")) || process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("post-build: no folder (pass one, or run as a trunk hook)");
  process.exit(2);
}
const release = args.includes("--release") || process.env.TRUNK_PROFILE === "release";
const here = dirname(fileURLToPath(import.meta.url));

/** Files to minify, by extension. */
const MINIFY = { ".js": "js", ".mjs": "js", ".css": "css" };
const NOT_MINIFIED = new Set(["sw.js"]);
/** Files worth a precompressed copy. */
const COMPRESS = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".txt", ".pdn", ".wasm", ".bin"]);
const COPY_EXT = /\.(gz|br)$/;

function walk(d) {
  const out = [];
  for (const name of readdirSync(d).sort()) {
    if (name.startsWith(".")) continue;
    const p = join(d, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}
const rel = (f) => relative(dir, f).split(sep).join("/");

// Copies from an earlier run (a folder built over) go first: they would be
// stale, and pwa-build must not list them.
for (const f of walk(dir)) if (COPY_EXT.test(f)) unlinkSync(f);

// ---- 0. threaded engine -------------------------------------------------------

if (release || process.env.SHASHKI_THREADS === "1") {
  const threads = spawnSync(process.execPath, [join(here, "build-threads.mjs"), dir], { stdio: "inherit" });
  if (threads.status === 3) console.error("post-build: no threaded engine in this build (one search thread everywhere)");
  else if (threads.status !== 0) process.exit(threads.status || 1);
}

// ---- 1. minify -----------------------------------------------------------

if (release) {
  const esbuild = await import("esbuild").catch(() => null);
  if (!esbuild) {
    console.error("post-build: esbuild is missing (npm ci): the release build is not minified");
    process.exit(1);
  }
  let before = 0;
  let after = 0;
  for (const f of walk(dir)) {
    const loader = MINIFY[extname(f)];
    if (!loader || NOT_MINIFIED.has(rel(f))) continue;
    const source = readFileSync(f, "utf8");
    // target esnext: minify only, never rewrite the syntax (top-level await,
    // CSS nesting and :has() stay as written). Comments go, "legal" ones too.
    const out = esbuild.transformSync(source, { loader, minify: true, target: "esnext", legalComments: "none", charset: "utf8" });
    if (out.code.length < source.length) {
      writeFileSync(f, out.code);
      before += source.length;
      after += out.code.length;
    }
  }
  console.log(`post-build: JS and CSS minified, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB`);

  // trunk's preloads carry subresource integrity hashes (of the files as it
  // wrote them): each is recomputed from the file as it is now, or the
  // browser refuses the minified file.
  for (const f of walk(dir).filter((f) => f.endsWith(".html"))) {
    const html = readFileSync(f, "utf8");
    const out = html.replace(/<(?:link|script)\b[^>]*>/g, (tag) => {
      const integrity = /\sintegrity="(sha(?:256|384|512))-[^"]*"/.exec(tag);
      const url = /\s(?:href|src)="([^"]+)"/.exec(tag);
      if (!integrity || !url || /^[a-z]+:/i.test(url[1])) return tag;
      const target = join(dirname(f), url[1].split(/[?#]/)[0]);
      let data;
      try {
        data = readFileSync(target);
      } catch {
        return tag;
      }
      const algo = integrity[1];
      const digest = createHash(algo).update(data).digest("base64");
      return tag.replace(integrity[0], ` integrity="${algo}-${digest}"`);
    });
    if (out !== html) writeFileSync(f, out);
  }
}

// ---- 1b. the puzzles' first screen -----------------------------------------

/** How many puzzles first.json holds: enough for a new reader's first minutes. */
const FIRST_PUZZLES = 20;
{
  const src = join(dir, "puzzles", "puzzles.json");
  let data = null;
  try {
    data = JSON.parse(readFileSync(src, "utf8"));
  } catch {
    console.error("post-build: no puzzles/puzzles.json, no puzzles/first.json");
  }
  if (data && Array.isArray(data.puzzles)) {
    const first = { version: data.version, total: data.puzzles.length, puzzles: data.puzzles.slice(0, FIRST_PUZZLES) };
    writeFileSync(join(dir, "puzzles", "first.json"), JSON.stringify(first));
  }
}

// ---- 2. pages, cache list --------------------------------------------------

const pwa = spawnSync(process.execPath, [join(here, "pwa-build.mjs"), dir, ...(release ? ["--bundle"] : [])], { stdio: "inherit" });
if (pwa.status !== 0) process.exit(pwa.status || 1);

// ---- 3. precompressed copies -----------------------------------------------

if (release) {
  let files = 0;
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of walk(dir)) {
    if (!COMPRESS.has(extname(f))) continue;
    const data = readFileSync(f);
    if (data.length < 256) continue;
    const g = gzipSync(data, { level: 9 });
    if (g.length > data.length * 0.95) continue;
    const b = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: extname(f) === ".wasm" || extname(f) === ".bin" ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    });
    writeFileSync(`${f}.gz`, g);
    writeFileSync(`${f}.br`, b);
    files += 1;
    raw += data.length;
    gz += g.length;
    br += b.length;
  }
  console.log(
    `post-build: ${files} files precompressed, ${(raw / 1024).toFixed(0)} KB -> ` +
      `${(gz / 1024).toFixed(0)} KB gzip, ${(br / 1024).toFixed(0)} KB brotli`,
  );
}
