// Perft speed of the WebAssembly build in headless Chromium against the
// native build: a benchmark, run by hand (`bash scripts/bench.sh`), never a
// timed test.
//
//   node scripts/bench-wasm.mjs [DIST_DIR] [--depth 12] [--warmup 9] [--pairs 5] [--sessions 2] [--native PATH]
//
// `--native` names the native binary (default target/release/shashki), so
// that a build of another commit can be measured against its own wasm.
//
// Both sides are timed by CPU time, not wall time, so that other work on a
// shared machine does not count: the page's main-thread CPU time from the
// DevTools protocol (Performance.getMetrics "ThreadTime") around one call of
// the exported `perft`, and the native `shashki perft` process's user + sys
// time (bash's `times`). The runs are interleaved in pairs (wasm then native,
// native then wasm, ...) so that slow phases of the machine hit both alike;
// the result is the median of the per-pair ratios, with their spread.
// Before the timed runs: a warm-up perft in the page (depth --warmup), so
// that V8 has compiled the hot functions with its optimising tier (it starts
// every wasm function in its baseline compiler and tiers up the hot ones),
// and one untimed native run (page cache). The wasm's speed differs more
// between browser launches (code placement, tiering) than between runs of
// one launch, so the pairs are spread over several sessions, each a fresh
// Chromium.
//
// Enough work per run: depth 12 (545 M leaves, about 5 s of native CPU).
// At depth 10 (0.15 s native) this benchmark once printed 142.7 % (wasm
// "faster" than native) on a machine busy with other work: a run that short
// is a few scheduler slices, and the CPU time of a process whose core is
// shared (a busy sibling hyper-thread, a virtual CPU the host deschedules)
// grows with the neighbours' load, which changes from one 0.15 s run to the
// next; one unlucky native run per pair moves the ratio by tens of percent.
// The script warns when a native run takes less than 2 s of CPU.
// docs/performance.md has the figures.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { serve } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/lib.mjs";
import { cli, median } from "./cli.mjs";

const { opt: optText, dist } = cli();
const opt = (name, dflt) => Number(optText(name, dflt));
const depth = opt("depth", 12);
const warmup = opt("warmup", 9);
const pairs = opt("pairs", 5);
const sessions = opt("sessions", 2);
const NATIVE = optText("native", "target/release/shashki");
if (!existsSync(NATIVE)) {
  console.error(`bench-wasm: ${NATIVE} is missing: cargo build --release`);
  process.exit(1);
}

function nativeRun() {
  // `times` prints the shell's own and then its children's user and sys time.
  const r = spawnSync("bash", ["-c", `${NATIVE} perft ${depth} 2>&1; times`], { encoding: "utf8" });
  const lines = r.stdout.trim().split("\n");
  const n = Number(lines.find((l) => /^\d+$/.test(l.trim())));
  const wall = Number(/in ([0-9.]+) s/.exec(r.stdout)?.[1]) * 1000;
  const t = lines[lines.length - 1].match(/(\d+)m([0-9.]+)s/g).map((x) => {
    const [, m, s] = /(\d+)m([0-9.]+)s/.exec(x);
    return Number(m) * 60 + Number(s);
  });
  return { n, wallMs: wall, cpuMs: (t[0] + t[1]) * 1000 };
}

const server = await serve(dist);
const load0 = loadavg()[0];
let warned = false;
const rows = [];
const perSession = [];
for (let s = 0; s < sessions; s++) {
  const browser = await launch();
  const page = await browser.newPage();
  // A blank page of the same origin: nothing else runs on its main thread.
  await page.goto(`${server.url}/bench-blank`).catch(() => {});
  await page.evaluate(async () => {
    const mod = await import("/shashki.js");
    await mod.default();
    window.benchPerft = (depth) => mod.perft(undefined, depth);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const threadTime = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "ThreadTime").value; // seconds
  };
  const wasmRun = async () => {
    const t0 = await threadTime();
    const r = await page.evaluate((d) => {
      const t = performance.now();
      const n = Number(window.benchPerft(d));
      return { n, wallMs: performance.now() - t };
    }, depth);
    const cpuMs = ((await threadTime()) - t0) * 1000;
    return { ...r, cpuMs };
  };
  // warm-up, not counted: V8's optimising tier for the hot functions
  await page.evaluate((d) => window.benchPerft(d), Math.min(warmup, depth));
  nativeRun();
  const mine = [];
  for (let i = 0; i < pairs; i++) {
    let w, nat;
    if (i % 2 === 0) {
      w = await wasmRun();
      nat = nativeRun();
    } else {
      nat = nativeRun();
      w = await wasmRun();
    }
    if (nat.cpuMs < 2000 && !warned) {
      warned = true;
      console.error(`bench-wasm: a native run took ${nat.cpuMs.toFixed(0)} ms of CPU: too short to time on a shared machine; use a larger --depth`);
    }
    if (w.n !== nat.n) {
      console.error(`perft ${depth}: wasm counts ${w.n}, native ${nat.n}`);
      process.exit(1);
    }
    const row = { session: s + 1, w, nat, cpu: nat.cpuMs / w.cpuMs, wall: nat.wallMs / w.wallMs };
    rows.push(row);
    mine.push(row.cpu);
  }
  perSession.push(median(mine));
  await browser.close();
}
await server.close();

const rate = (r) => `${(r.n / r.cpuMs / 1000).toFixed(1)} M/s`;
console.log(
  `perft ${depth} from the start: ${rows[0].w.n} leaves; ${sessions} sessions of ${pairs} interleaved pairs; ` +
    `load average ${load0.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
);
console.log("session pair  wasm cpu ms  native cpu ms  wasm/native (cpu)  (wall)");
rows.forEach((r, i) =>
  console.log(
    `${String(r.session).padStart(7)} ${String((i % pairs) + 1).padStart(4)}  ${r.w.cpuMs.toFixed(0).padStart(11)}  ${r.nat.cpuMs.toFixed(0).padStart(13)}` +
      `  ${(100 * r.cpu).toFixed(1).padStart(16)} %  ${(100 * r.wall).toFixed(1).padStart(5)} %`,
  ),
);
const cpu = rows.map((r) => r.cpu);
console.log(`wasm   (Chromium): median ${rate({ n: rows[0].w.n, cpuMs: median(rows.map((r) => r.w.cpuMs)) })} of CPU time`);
console.log(`native (release):  median ${rate({ n: rows[0].w.n, cpuMs: median(rows.map((r) => r.nat.cpuMs)) })} of CPU time`);
console.log(`per-session medians: ${perSession.map((x) => `${(100 * x).toFixed(1)} %`).join(", ")}`);
console.log(
  `wasm / native: ${(100 * median(cpu)).toFixed(1)} % (median of all per-pair CPU-time ratios; ` +
    `range ${(100 * Math.min(...cpu)).toFixed(1)}-${(100 * Math.max(...cpu)).toFixed(1)} %; ` +
    `wall-clock median ${(100 * median(rows.map((r) => r.wall))).toFixed(1)} %)`,
);
