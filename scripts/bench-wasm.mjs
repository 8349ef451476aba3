// Perft speed of the WebAssembly build in headless Chromium, next to the
// native build: a benchmark, run by hand (`bash scripts/bench.sh`), never a
// timed test.
//
//   node scripts/bench-wasm.mjs [DIST_DIR] [--depth 8] [--runs 5]
//
// Serves the built site, calls the exported `perft` on the start position
// `runs` times in the page, and prints the median leaves per second; then
// runs the native `shashki perft` the same number of times and prints the
// ratio of the medians.

import { spawnSync } from "node:child_process";
import { serve } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/lib.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const depth = opt("depth", 8);
const runs = opt("runs", 5);
const dist = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) || "dist";
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve(dist);
const browser = await launch();
const page = await browser.newPage();
// A blank page of the same origin: nothing else loads the wasm.
await page.goto(`${server.url}/bench-blank`).catch(() => {});
const wasm = await page.evaluate(
  async ({ depth, runs }) => {
    const mod = await import("/shashki.js");
    await mod.default();
    const out = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const n = mod.perft(undefined, depth);
      out.push({ n, ms: performance.now() - t });
    }
    return out;
  },
  { depth, runs },
);
await browser.close();
await server.close();

// Native: the CLI times perft itself (stderr: "... leaves in S s"), so
// process start-up is not counted, as in the page.
const native = [];
for (let i = 0; i < runs; i++) {
  const r = spawnSync("target/release/shashki", ["perft", String(depth)], { encoding: "utf8" });
  const secs = Number(/in ([0-9.]+) s/.exec(r.stderr)?.[1]);
  native.push({ n: Number(r.stdout.trim()), ms: secs * 1000 });
}

const rate = (r) => r.n / (r.ms / 1000);
const w = median(wasm.map(rate));
const nat = median(native.map(rate));
console.log(`perft ${depth} from the start: ${wasm[0].n} leaves (native ${native[0].n})`);
console.log(`wasm   (Chromium): median ${(w / 1e6).toFixed(1)} M leaves/s over ${runs} runs`);
console.log(`native (release):  median ${(nat / 1e6).toFixed(1)} M leaves/s over ${runs} runs`);
console.log(`wasm / native: ${((100 * w) / nat).toFixed(0)} %`);
if (wasm[0].n !== native[0].n) process.exit(1);
