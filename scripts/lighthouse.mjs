// Page-load benchmark: Lighthouse (mobile) over every page of the built
// site, run by hand, never part of the tests.
//
//   node scripts/lighthouse.mjs [DIST_DIR] [--runs 3] [--plain] [--pages index.html,rules.html] [--save DIR]
//
// Lighthouse 12.2.3 (npm `lighthouse@12.2.3`; 13.x needs Node 22) is
// installed on first use into target/lighthouse/ (ignored by git, not a
// dependency of the project). It drives the system Chromium
// (CHROME_PATH=$(command -v chromium), --headless=new --no-sandbox) with its
// mobile defaults: a phone screen, simulated slow 4G and a 4x slower CPU.
//
// The site is served from DIST_DIR (default dist/, a `trunk build --release`)
// by tests/e2e/server.mjs as a well-configured static host serves it: the
// precompressed .br / .gz copies with Content-Encoding. --plain adds a second
// table served without compression, as a bare static server does.
//
// Prints, per page, the median over the runs of: the performance score,
// first contentful paint, largest contentful paint, speed index, cumulative
// layout shift and total blocking time, and the load average of the machine
// (Lighthouse's CPU figures are simulated from a real trace, so a busy
// machine still shifts them; its speed index is mostly the observed one).
// --save DIR keeps every JSON report (PAGE-RUN.json) for its diagnostics:
// network-requests, critical-request-chains, mainthread-work-breakdown,
// bootup-time, long-tasks, and the observed timings in `metrics`.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../tests/e2e/server.mjs";
import { cli as commandLine, median } from "./cli.mjs";

const VERSION = "12.2.3";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { args, opt, dist } = commandLine();
const runs = Number(opt("runs", 1));
const pages = opt("pages", "index.html,rules.html,lessons.html,analysis.html,puzzles.html,openings.html").split(",");
const save = opt("save", null);
if (save) mkdirSync(save, { recursive: true });

if (!existsSync(join(dist, "index.html"))) {
  console.error(`lighthouse: ${dist}/ has no built site: trunk build --release`);
  process.exit(1);
}
const chrome = process.env.CHROME_PATH || spawnSync("bash", ["-c", "command -v chromium"], { encoding: "utf8" }).stdout.trim();
if (!chrome) {
  console.error("lighthouse: no chromium (set CHROME_PATH)");
  process.exit(1);
}

// ---- Lighthouse, installed on demand ----------------------------------------

const home = join(root, "target", "lighthouse");
const cli = join(home, "node_modules", "lighthouse", "cli", "index.js");
const installed = (() => {
  try {
    return JSON.parse(readFileSync(join(home, "node_modules", "lighthouse", "package.json"), "utf8")).version;
  } catch {
    return null;
  }
})();
if (installed !== VERSION) {
  console.log(`lighthouse: installing lighthouse@${VERSION} into ${home}`);
  mkdirSync(home, { recursive: true });
  execFileSync("npm", ["install", "--prefix", home, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${VERSION}`], {
    stdio: "inherit",
  });
}

// ---- runs ----------------------------------------------------------------------

/** One Lighthouse run (a child process; asynchronous, so this process's server keeps answering). */
async function lighthouse(url, name) {
  const out = join(tmpdir(), `shashki-lh-${process.pid}.json`);
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance",
      "--form-factor=mobile",
      "--chrome-flags=--headless=new --no-sandbox",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-2000)));
  const status = await new Promise((ok) => child.on("close", ok));
  if (status !== 0) throw new Error(`lighthouse failed on ${url}: ${stderr.slice(-800)}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  if (save) copyFileSync(out, join(save, `${name}.json`));
  rmSync(out, { force: true });
  const a = (id) => report.audits[id]?.numericValue;
  return {
    score: 100 * report.categories.performance.score,
    fcp: a("first-contentful-paint"),
    lcp: a("largest-contentful-paint"),
    si: a("speed-index"),
    cls: a("cumulative-layout-shift"),
    tbt: a("total-blocking-time"),
  };
}

const s = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "-");
for (const compress of args.includes("--plain") ? [true, false] : [true]) {
  const server = await serve(dist, 0, { compress });
  const load = loadavg()[0];
  console.log(
    `\nLighthouse ${VERSION}, mobile (simulated slow 4G, 4x CPU), ${compress ? "served with brotli/gzip" : "served without compression"}; ` +
      `median of ${runs} run${runs > 1 ? "s" : ""}; load average ${load.toFixed(2)} at the start`,
  );
  console.log("\n| page | performance | first paint | largest paint | speed index | layout shift (CLS) | blocking time (TBT) |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const p of pages) {
    const rows = [];
    for (let i = 0; i < runs; i++) rows.push(await lighthouse(`${server.url}/${p}`, `${p.replace(".html", "")}-${compress ? "br" : "plain"}-${i + 1}`));
    const m = (k) => median(rows.map((r) => r[k]));
    console.log(
      `| ${p.replace(".html", "")} | ${m("score").toFixed(0)} | ${s(m("fcp"))} | ${s(m("lcp"))} | ${s(m("si"))} | ${m("cls").toFixed(3)} | ${m("tbt").toFixed(0)} ms |`,
    );
  }
  console.log(`(load average ${loadavg()[0].toFixed(2)} at the end)`);
  await server.close();
}
