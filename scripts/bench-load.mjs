// How fast the first board appears and takes moves: a benchmark of cold page
// loads in headless Chromium, run by hand (never a timed test).
//
//   node scripts/bench-load.mjs [DIST_DIR] [--runs 7] [--pages index.html,rules.html,lessons.html]
//
// Each load is a first visit: a new browser context (empty HTTP cache, no
// service worker), the built site served from localhost. From the page's own
// performance entries, in ms after navigation start:
//   fcp          first contentful paint
//   board        the first board is drawn and painted ("shashki:board" mark,
//                set in the frame the board is drawn in; never before fcp)
//   interactive  the board takes moves ("shashki:interactive": the engine is
//                loaded and the position and legal moves are set)
//   wasm         the wasm file has arrived (resource timing, responseEnd)
// and the medians over the runs. A second table does the same for a repeat
// visit answered by the service worker.

import { serve } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/lib.mjs";
import { cli, median } from "./cli.mjs";

const { opt, dist } = cli();
const runs = Number(opt("runs", 7));
const pages = opt("pages", "index.html,rules.html,lessons.html").split(",");

async function measure(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("shashki:interactive").length > 0, null, {
    timeout: 30000,
  });
  // let the paint after the last mark land
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  return page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
    const fcp = at("first-contentful-paint");
    const wasm = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"));
    return {
      fcp,
      board: Math.max(fcp, at("shashki:board")),
      interactive: at("shashki:interactive"),
      wasm: wasm ? wasm.responseEnd : NaN,
    };
  });
}

const server = await serve(dist);
const browser = await launch();
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(0) : "-").padStart(11);

for (const mode of ["cold", "repeat"]) {
  console.log(
    mode === "cold"
      ? `\nFirst visit (new context, empty cache, no service worker): median of ${runs} loads, ms after navigation`
      : `\nRepeat visit (answered by the service worker's cache): median of ${runs} loads, ms after navigation`,
  );
  console.log(`${"page".padEnd(14)}${"fcp".padStart(11)}${"board".padStart(11)}${"interactive".padStart(12)}${"wasm".padStart(11)}`);
  for (const p of pages) {
    const rows = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ serviceWorkers: mode === "cold" ? "block" : "allow" });
      const page = await context.newPage();
      const url = `${server.url}/${p}`;
      if (mode === "repeat") {
        await measure(page, url); // the visit that installs the service worker
        await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });
        await page.close();
        const again = await context.newPage();
        rows.push(await measure(again, url));
      } else {
        rows.push(await measure(page, url));
      }
      await context.close();
    }
    const m = (k) => median(rows.map((r) => r[k]));
    console.log(`${p.padEnd(14)}${fmt(m("fcp"))}${fmt(m("board"))}${fmt(m("interactive")).padStart(12)}${fmt(m("wasm"))}`);
  }
}
await browser.close();
await server.close();
