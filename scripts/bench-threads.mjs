// Speed-up of the engine's search on several threads in the browser: the
// bot's Worker (bot-worker.js) in a cross-origin isolated page of the built
// site, headless Chromium, run by hand, never part of the tests.
//
//   node scripts/bench-threads.mjs [DIST_DIR] [--threads 1,2,4] [--rounds 3] [--without FILE]
//
// `--without kpatterns.bin` adds, for each thread count, the same runs in a
// second page whose engine/FILE is not served (the engine then searches
// without that data file): the node rates side by side, interleaved, to
// price a data file's evaluation term.
//
// The positions and depths are the native `shashki bench`'s (SEARCH_BENCH
// in src/bin/shashki/engine_cmd.rs, read from there), so the two can be set
// side by side. For each thread count a fresh Worker (fresh 16 MB table)
// searches every position to its depth ("search" requests); the rounds
// interleave the thread counts so that a change of load hits all alike.
// Prints per thread count the median over the rounds of the time to the
// depths and of the nodes, the node rate, and the speed-up (time to depth)
// against one thread, with the machine's cores and load average: on a
// machine with fewer free cores than threads the speed-up is not there to
// measure.

import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/lib.mjs";
import { cli, median } from "./cli.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { opt, dist } = cli();
const threadCounts = opt("threads", "1,2").split(",").map(Number);
const rounds = Number(opt("rounds", 3));
const without = opt("without", "");

const source = readFileSync(join(root, "src/bin/shashki/engine_cmd.rs"), "utf8");
const block = /SEARCH_BENCH[^=]*=\s*\[([\s\S]*?)\];/.exec(source);
if (!block) throw new Error("SEARCH_BENCH not found in engine_cmd.rs");
const positions = [...block[1].matchAll(/"([^"]+)",\s*(\d+)\s*,?\s*\)/g)].map((m) => ({ fen: m[1], depth: Number(m[2]) }));
if (positions.length === 0) throw new Error("no positions read from SEARCH_BENCH");


const { url, close } = await serve(dist, 0, { isolate: true });
const browser = await launch();
const pages = [{ label: "", page: await browser.newPage() }];
if (without) {
  const context = await browser.newContext();
  await context.route(`**/engine/${without}`, (route) => route.fulfill({ status: 404, body: "" }));
  pages.push({ label: ` without ${without}`, page: await context.newPage() });
}
for (const { page } of pages) {
  await page.goto(`${url}/rules.html`);
  if (!(await page.evaluate(() => self.crossOriginIsolated))) throw new Error("the page is not cross-origin isolated");
}

async function run(page, threads) {
  return page.evaluate(
    async ({ threads, positions }) => {
      const w = new Worker("bot-worker.js", { type: "module", name: `threads=${threads}` });
      const next = () => new Promise((res) => (w.onmessage = (e) => res(e.data)));
      let ready = await next();
      while (ready.type !== "ready") ready = await next();
      let ms = 0;
      let nodes = 0;
      for (const [i, p] of positions.entries()) {
        const answer = next();
        w.postMessage({ id: i + 1, kind: "search", startFen: p.fen, moves: [], options: { depth: p.depth } });
        const a = await answer;
        if (a.error) throw new Error(a.error.message);
        ms += a.elapsedMs;
        nodes += a.result.nodes;
      }
      w.terminate();
      return { threads: ready.threads, why: ready.why, ms, nodes };
    },
    { threads, positions },
  );
}

const variants = threadCounts.flatMap((n) => pages.map(({ label, page }) => ({ n, label, page, key: `${n}${label}` })));
const results = new Map(variants.map((v) => [v.key, []]));
const load0 = loadavg()[0];
for (let r = 0; r < rounds; r++) {
  for (const { n, page, key } of variants) {
    const res = await run(page, n);
    if (res.threads !== n) throw new Error(`asked for ${n} threads, got ${res.threads}: ${res.why}`);
    results.get(key).push(res);
    console.error(`round ${r + 1}, ${key} thread(s): ${res.ms.toFixed(0)} ms, ${res.nodes} nodes`);
  }
}
await browser.close();
await close();

console.log(
  `\nSearch on threads in Chromium (bot Worker, cross-origin isolated), ${positions.length} positions to their depths, ` +
    `median of ${rounds} rounds; ${cpus().length} cores, load average ${load0.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end\n`,
);
console.log("| threads | time to the depths | nodes | nodes per second | speed-up (time to depth) |");
console.log("|---:|---:|---:|---:|---:|");
const base = median(results.get(`${threadCounts[0]}`).map((x) => x.ms));
for (const { key } of variants) {
  const ms = median(results.get(key).map((x) => x.ms));
  const nodes = median(results.get(key).map((x) => x.nodes));
  const rate = median(results.get(key).map((x) => x.nodes / x.ms / 1000));
  console.log(`| ${key} | ${(ms / 1000).toFixed(2)} s | ${(nodes / 1e6).toFixed(2)} M | ${rate.toFixed(2)} M | x ${(base / ms).toFixed(2)} |`);
}
