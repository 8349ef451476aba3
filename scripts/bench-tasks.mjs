// Main-thread long tasks of each page's load on a slowed-down CPU: a
// benchmark run by hand (never a timed test), beside Lighthouse's total
// blocking time, which multiplies the durations of the tasks it observed
// by 4 and so counts every moment the machine's other work took the core.
//
//   node scripts/bench-tasks.mjs [DIST_DIR] [--runs 3] [--rate 4] [--pages index.html,rules.html]
//
// Each load is a first visit (a new browser context, no service worker) at
// 412 x 823, with the CPU slowed down by Chromium itself
// (Emulation.setCPUThrottlingRate, default 4 as in Lighthouse's mobile
// preset) and no network throttling: the page's own `longtask` entries from
// the navigation until 4 s without one (at most 20 s), and Chromium's
// counters of main-thread time (Performance.getMetrics). Printed, medians
// over the runs:
//   long      the number of tasks over 50 ms
//   blocking  the sum of their parts over 50 ms, after the first paint
//             (what total blocking time sums)
//   longest   the longest task, ms
//   script    main-thread script time, ms
//   tasks     main-thread task time, ms
// The machine's load still stretches these (a slowed task that waits for
// the core waits longer), but far less than Lighthouse's simulation: print
// the load average beside them.

import { loadavg } from "node:os";
import { serve } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/lib.mjs";
import { cli, median } from "./cli.mjs";

const { opt, dist } = cli();
const runs = Number(opt("runs", 3));
const rate = Number(opt("rate", 4));
const pages = opt("pages", "index.html,rules.html,lessons.html,analysis.html,puzzles.html,openings.html").split(",");

const OBSERVE = `
  window.__longTasks = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
`;

async function measure(context, url) {
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load", timeout: 60000 });
  // until 4 s pass without a new long task (at most 20 s after the start)
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() - t0 < 20000) {
    await page.waitForTimeout(500);
    const n = await page.evaluate(() => window.__longTasks.length);
    if (n !== seen) {
      seen = n;
      quietSince = Date.now();
    } else if (Date.now() - quietSince > 4000) break;
  }
  const { tasks, fcp } = await page.evaluate(() => ({
    tasks: window.__longTasks,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
  }));
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name) => 1000 * (metrics.find((m) => m.name === name)?.value ?? NaN);
  await page.close();
  let blocking = 0;
  for (const t of tasks) {
    const end = t.start + t.duration;
    if (end <= fcp) continue;
    const from = Math.max(t.start, fcp);
    blocking += Math.max(0, end - from - 50);
  }
  return {
    long: tasks.length,
    blocking,
    longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    script: metric("ScriptDuration"),
    tasks: metric("TaskDuration"),
  };
}

const server = await serve(dist, 0, { compress: true });
const browser = await launch();
const fmt = (x, w = 10) => (Number.isFinite(x) ? x.toFixed(0) : "-").padStart(w);
console.log(`CPU slowed down ${rate}x, ${runs} cold loads a page, medians; load average at the start ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(`${"page".padEnd(15)}${"long".padStart(10)}${"blocking".padStart(10)}${"longest".padStart(10)}${"script".padStart(10)}${"tasks".padStart(10)}`);
for (const p of pages) {
  const rows = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 823 } });
    rows.push(await measure(context, `${server.url}/${p}`));
    await context.close();
  }
  const m = (k) => median(rows.map((r) => r[k]));
  console.log(`${p.padEnd(15)}${fmt(m("long"))}${fmt(m("blocking"))}${fmt(m("longest"))}${fmt(m("script"))}${fmt(m("tasks"))}`);
}
console.log(`load average at the end ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
await browser.close();
await server.close();
