// The cost of the wasm boundary per move, in headless Chromium: `Game.play`
// (text in, move object out) over a whole real game, and `history()` of that
// game. A benchmark run by hand (never a timed test); give two built sites to
// compare them in one session, interleaved:
//
//   node scripts/bench-boundary.mjs DIST_A [DIST_B] [--rounds 7]
//
// The game is the longest of tests/data/russian-games.pdn; its moves are read
// with the engine (`Game.fromPdn`, `history()`), then replayed from the start
// with `Game.play` (20 replays a round) and `history()` is called 200 times.
// Each figure is the median over the rounds, in microseconds of wall time
// (performance.now() in the page, which runs nothing else).

import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { serve } from "../tests/e2e/server.mjs";
import { median } from "./cli.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--rounds");
const rounds = at >= 0 ? Number(args[at + 1]) : 7;
const dists = args.filter((a, i) => !a.startsWith("--") && i !== at + 1);
if (!dists.length) {
  console.error("usage: node scripts/bench-boundary.mjs DIST_A [DIST_B] [--rounds 7]");
  process.exit(2);
}

const pdn = readFileSync(new URL("../tests/data/russian-games.pdn", import.meta.url), "utf8");
const games = pdn.split(/\n(?=\[Event )/);
const longest = games.reduce((a, b) => (b.split(/\s+/).length > a.split(/\s+/).length ? b : a));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function measure(dist) {
  const server = await serve(dist);
  const page = await browser.newPage();
  await page.goto(`${server.url}/manifest.webmanifest`).catch(() => page.goto(server.url));
  const out = await page.evaluate(async (text) => {
    const m = await import("/shashki.js");
    await m.default();
    const moves = m.Game.fromPdn(text).history().map((h) => h.notation);
    const t0 = performance.now();
    let g;
    for (let r = 0; r < 20; r++) {
      if (g) g.free();
      g = new m.Game();
      for (const mv of moves) g.play(mv);
    }
    const play = ((performance.now() - t0) * 1000) / (20 * moves.length);
    const t1 = performance.now();
    for (let r = 0; r < 200; r++) g.history();
    const history = ((performance.now() - t1) * 1000) / 200;
    return { plies: moves.length, play, history };
  }, longest);
  await page.close();
  await server.close();
  return out;
}

const results = dists.map(() => []);
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < dists.length; i++) {
    const k = r % 2 ? dists.length - 1 - i : i; // alternate the order
    results[k].push(await measure(dists[k]));
  }
}
await browser.close();

for (let i = 0; i < dists.length; i++) {
  const rs = results[i];
  console.log(`${dists[i]}: a game of ${rs[0].plies} plies; Game.play ${median(rs.map((x) => x.play)).toFixed(2)} us a move, history() ${median(rs.map((x) => x.history)).toFixed(1)} us (medians of ${rounds} rounds)`);
}
