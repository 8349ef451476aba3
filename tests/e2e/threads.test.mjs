// Browser tests of the search on several threads (docs/threads.md): the
// threaded engine module with its helper Workers where the page is
// cross-origin isolated, one thread where it is not, the service worker
// that isolates the site on hosts that send no headers, and the setting.

import { assert, assertEq, axeAudit, distDir, evaluateWithin } from "./lib.mjs";
import { serve } from "./server.mjs";

/**
 * Starts a search Worker (bot-worker.js or shared/analysis-worker.js)
 * named as the pages name it for `threads`, waits for its "ready" and asks
 * it `request`: returns {ready, answer}.
 */
function askWorker(page, script, threads, request) {
  return evaluateWithin(page, 40000, `${script} with ${threads} threads`, async ({ script, threads, request }) => {
    const w = new Worker(script, { type: "module", name: `threads=${threads}` });
    const next = (pred) =>
      new Promise((resolve, reject) => {
        w.onerror = (e) => reject(new Error(e.message || "worker error"));
        w.onmessage = (e) => pred(e.data) && resolve(e.data);
      });
    const ready = await next((m) => m.type === "ready");
    const waiting = next((m) => m.id === 7 && m.type !== "depth-partial" && (m.result || m.error || m.type === "depth"));
    w.postMessage({ ...request, id: 7 });
    const answer = await waiting;
    w.terminate();
    return { ready, answer };
  }, { script, threads, request });
}

export const tests = [
  {
    name: "threads: on an isolated page the bot and the analysis search with helper Workers and play legal moves",
    timeoutMs: 120000,
    async fn({ page }) {
      const server = await serve(distDir(), 0, { isolate: true });
      try {
        await page.goto(`${server.url}/rules.html`);
        assert(await page.evaluate(() => self.crossOriginIsolated), "the page is cross-origin isolated");
        const moves = ["c3-d4", "f6-g5"];
        for (const threads of [1, 2, 3]) {
          const { ready, answer } = await askWorker(page, "bot-worker.js", threads, { kind: "hint", moves });
          assertEq(ready.threads, threads, `bot Worker threads (${ready.why})`);
          assert(!answer.error, `hint answered: ${JSON.stringify(answer.error)}`);
          const legal = await page.evaluate(async (moves) => {
            const w = await import("./shashki.js");
            await w.default();
            const g = new w.Game();
            for (const m of moves) g.play(m);
            return g.legalMoves().map((m) => m.notation);
          }, moves);
          assert(legal.includes(answer.result.move.notation), `${answer.result.move.notation} is a legal move (${threads} threads)`);
          assert(answer.result.nodes > 0 && answer.result.depth >= 4, `the hint searched (${answer.result.nodes} nodes, depth ${answer.result.depth})`);
        }
        const { ready, answer } = await askWorker(page, "shared/analysis-worker.js", 2, { type: "analyse", moves: ["c3-d4"], multipv: 2 });
        assertEq(ready.threads, 2, `analysis Worker threads (${ready.why})`);
        assert(answer.type === "depth" && answer.result.lines.length === 2, `the analysis reports its depths: ${JSON.stringify(answer).slice(0, 200)}`);
      } finally {
        await server.close();
      }
    },
  },
  {
    name: "threads: a page that is not isolated searches on one thread and says why",
    async fn({ page, base }) {
      await page.goto(`${base}/rules.html`);
      assert(!(await page.evaluate(() => self.crossOriginIsolated)), "not isolated without headers or service worker");
      const { ready, answer } = await askWorker(page, "bot-worker.js", 4, { kind: "hint", moves: [] });
      assertEq(ready.threads, 1, "one thread");
      assert(/isolated/.test(ready.why), `the reason is given: ${ready.why}`);
      assert(answer.result && answer.result.move, "the bot still answers");
    },
  },
  {
    name: "threads: the service worker makes the site cross-origin isolated once it controls the page",
    serviceWorkers: "allow",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await page.goto(`${base}/index.html`);
      await page.waitForFunction(() => navigator.serviceWorker && !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker && !!navigator.serviceWorker.controller, null, { timeout: 30000 });
      assert(await page.evaluate(() => self.crossOriginIsolated), "isolated through the service worker's headers");
      const { ready } = await askWorker(page, "bot-worker.js", 2, { kind: "hint", moves: [] });
      assertEq(ready.threads, 2, `two threads under the service worker (${ready.why})`);
    },
  },
  {
    name: "threads: the setting offers automatic and fixed counts in both languages and names the play page's bot Worker",
    async fn({ page, base }) {
      for (const lang of ["en", "ru"]) {
        await page.goto(`${base}/index.html?lang=${lang}`);
        await page.click("[data-settings-open]");
        const select = page.locator('select[data-setting="threads"]');
        const options = await select.locator("option").allTextContents();
        assertEq(options.length, 9, "auto and eight counts");
        assert(options.every((o) => o.trim().length > 0), "every option is labelled");
        const label = await page.locator('label[for="setting-threads"]').textContent();
        assert(lang === "ru" ? /Потоки/.test(label) : /threads/i.test(label), `label in ${lang}: ${label}`);
        if (lang === "ru") assert(options.includes("2 потока") && options.includes("8 потоков"), `Russian plurals: ${options}`);
        await select.selectOption("3");
        const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("shashki.settings.v1")).threads);
        assertEq(stored, "3", "stored");
        const name = await page.evaluate(async () => (await import("./shared/settings.js")).engineWorkerOptions().name);
        assertEq(name, "threads=3", "the search Workers are named with the count");
        await axeAudit(page, `settings with threads (${lang})`);
        await page.keyboard.press("Escape");
      }
    },
  },
];
