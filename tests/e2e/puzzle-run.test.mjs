// Browser tests of the puzzles page's timed runs (www/puzzles/run.js) and
// dashboard (www/puzzles/dashboard.js). The expected figures (which theme is
// weakest, each theme's tries) are computed here from puzzles.json and the
// record the test writes, not read from the page's own code.

import { assert, assertEq, axeAudit, legalMovesOf, shotPath } from "./lib.mjs";

const KEY = "shashki.puzzles.v1";
const RUN = '[data-puzzle-mode="timed"]';

function puzzleData(page) {
  return page.evaluate(async () => (await (await fetch("puzzles/puzzles.json")).json()).puzzles);
}

/** The puzzle on the board now: {id, fen} from the widget in #board-slot. */
async function onBoard(page) {
  await page.waitForFunction(() => document.querySelector("#board-slot shashki-board")?.id, null, { timeout: 20000 });
  return page.evaluate(async () => {
    const b = document.querySelector("#board-slot shashki-board");
    await b.ready;
    return { id: b.id.replace(/^puzzle-/, ""), fen: b.startFen };
  });
}

/** Plays the solver's moves of puzzle `p` through the widget, waiting for each forced reply. */
async function solve(page, p) {
  for (let k = 0; k < p.solution.length; k += 2) {
    await page.evaluate(([id, mv]) => document.getElementById(`puzzle-${id}`).attempt(mv, { animate: false }), [p.id, p.solution[k]]);
    await page.waitForFunction(
      ([id, last]) => {
        const el = document.getElementById(`puzzle-${id}`);
        if (!el) return true; // the run moved on already
        return (last ? el.solved : el.querySelector(".sbw-status").textContent.length > 0) && !el.querySelector(".sb-animating");
      },
      [p.id, k + 2 >= p.solution.length],
      { timeout: 10000 },
    );
  }
}

const runMs = (page) => page.evaluate(() => Number(document.querySelector("[data-run-clock]").dataset.ms));
const runScore = (page) => page.evaluate(() => Number(document.querySelector("[data-run-score]").textContent));

export const tests = [
  {
    name: "puzzle run: rising puzzles against the clock, a miss costs 10 s, the best kept, the rating untouched",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      const all = await puzzleData(page);
      const byId = new Map(all.map((p) => [p.id, p]));
      const lowest = Math.min(...all.map((p) => p.rating));
      await onBoard(page);
      await page.evaluate((sel) => (document.querySelector(sel).dataset.seconds = "30"), RUN);
      await page.click(RUN);
      assertEq(await page.evaluate(() => document.body.dataset.puzzleRun), "running", "the run is on");
      assert(await page.isDisabled("#theme"), "the filters are off during a run");
      const ms0 = await runMs(page);
      assert(ms0 > 25000 && ms0 <= 30000, `the clock starts from the run's length: ${ms0}`);
      const first = byId.get((await onBoard(page)).id);
      assert(first.rating <= lowest + 200, `the first puzzle is among the easiest (${first.rating}, lowest ${lowest})`);
      await solve(page, first);
      await page.waitForFunction((id) => document.querySelector("#board-slot shashki-board")?.id !== `puzzle-${id}`, first.id, { timeout: 10000 });
      assertEq(await runScore(page), 1, "a solved puzzle scores one");
      const second = byId.get((await onBoard(page)).id);
      assert(second.id !== first.id, "the next puzzle is another one");
      // a legal move that is not the solution's first move: wrong
      const legal = (await legalMovesOf(page, second.fen)).map((m) => m.notation);
      const wrong = legal.find((m) => m !== second.solution[0]);
      assert(wrong, `puzzle ${second.id} has a legal move besides its solution`);
      const before = await runMs(page);
      await page.evaluate(([id, mv]) => document.getElementById(`puzzle-${id}`).attempt(mv, { animate: false }), [second.id, wrong]);
      await page.waitForFunction((b) => Number(document.querySelector("[data-run-clock]").dataset.ms) < b - 9000, before, { timeout: 5000 });
      assertEq(await runScore(page), 1, "a miss scores nothing");
      await page.screenshot({ path: shotPath("puzzle-run.png") });
      await page.waitForFunction(() => document.body.dataset.puzzleRun === "idle", null, { timeout: 30000 });
      const feedback = await page.textContent("#feedback");
      assert(/Time! 1 puzzle solved, 1 miss\. A new best!/.test(feedback), `the end says the score: ${feedback}`);
      assertEq((await page.textContent("[data-run-best]")).trim(), "1", "the best run is shown");
      assert(!(await page.isDisabled("#theme")), "the filters are back");
      const rec = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) || "null"), KEY);
      assert(!rec || (rec.rating === 1200 && !(rec.history || []).length), "a run does not touch the rating");
      await page.reload();
      await onBoard(page);
      assertEq((await page.textContent("[data-run-best]")).trim(), "1", "the best run survives a reload");
    },
  },
  {
    name: "puzzle dashboard: rating graph, accuracy per theme, practise the weakest theme, in both languages",
    timeoutMs: 60000,
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const all = await puzzleData(page);
      // a record: three misses of endgame puzzles, three solved shots that are no endgame
      const endgame = all.filter((p) => p.themes.includes("endgame")).slice(0, 3);
      const shots = all.filter((p) => p.themes.includes("shot") && !p.themes.includes("endgame")).slice(0, 3);
      const history = [];
      let rating = 1200;
      for (const [p, solved] of [...shots.map((p) => [p, true]), ...endgame.map((p) => [p, false])]) {
        rating += solved ? 10 : -12;
        history.push({ id: p.id, solved, rating, t: 1 });
      }
      const results = Object.fromEntries(history.map((h) => [h.id, h.solved ? "solved" : "failed"]));
      await page.evaluate(([k, v]) => localStorage.setItem(k, JSON.stringify(v)), [KEY, { rating, streak: 0, best: 3, results, history }]);
      // expected accuracy per theme, counted here
      const expected = {};
      for (const h of history) {
        for (const t of all.find((p) => p.id === h.id).themes) {
          expected[t] ||= { tried: 0, solved: 0 };
          expected[t].tried += 1;
          if (h.solved) expected[t].solved += 1;
        }
      }
      for (const lang of ["en", "ru"]) {
        await page.goto(`${base}/puzzles.html?lang=${lang}`);
        await onBoard(page);
        const shown = await page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll("[data-theme-accuracy] tr[data-theme]")].map((tr) => [
              tr.dataset.theme,
              { tried: Number(tr.dataset.tried), solved: Number(tr.dataset.solved) },
            ]),
          ),
        );
        const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
        assertEq(sorted(shown), sorted(expected), "accuracy per theme");
        assertEq(Object.keys(shown).sort(), Object.keys(expected).sort(), "every theme tried is listed");
        assertEq(await page.getAttribute("[data-rating-graph]", "data-points"), "7", "the graph has the start and six outcomes");
        assertEq(await page.locator(".pz-recent li").count(), 6, "the latest outcomes are listed");
        const heading = await page.textContent("#dash-title");
        assertEq(heading, lang === "ru" ? "Статистика" : "Dashboard", "the dashboard heading in the page's language");
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await axeAudit(page, `puzzles dashboard ${lang} ${width} px`);
        }
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      // weakest: endgame (0 of 3) — every other theme with 3 tries or more was solved more often
      const weakest = Object.entries(expected)
        .filter(([, a]) => a.tried >= 3)
        .sort((a, b) => a[1].solved / a[1].tried - b[1].solved / b[1].tried || b[1].tried - a[1].tried)[0][0];
      assertEq(await page.getAttribute("[data-practise-theme]", "data-practise-theme"), weakest, "the weakest theme is offered");
      await page.click("[data-practise-theme]");
      assertEq(await page.inputValue("#theme"), weakest, "the theme filter is set to it");
      const now = await onBoard(page);
      assert(all.find((p) => p.id === now.id).themes.includes(weakest), "the puzzle shown has that theme");
      await page.screenshot({ path: shotPath("puzzle-dashboard.png"), fullPage: true });
    },
  },
];
