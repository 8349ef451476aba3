// Browser tests of the puzzles page (www/puzzles.html) against the built
// site: the first puzzle shown from the build's first.json while the
// whole collection is held back, solving one, a wrong move refused with the engine's explanation,
// the record (rating, streak) surviving a reload, deep links, filters and
// the daily puzzle, and an axe-core audit at phone and desktop widths.

import { assert, assertEq, axeAudit, shotPath } from "./lib.mjs";

const KEY = "shashki.puzzles.v1";

/** The page's puzzle list, as the page loads it. */
function puzzleData(page) {
  return page.evaluate(async () => (await (await fetch("puzzles/puzzles.json")).json()).puzzles);
}

/** A puzzle whose own moves are all plain two-square moves (clickable from, to). */
function simplePuzzle(puzzles, skip = 0) {
  const ok = puzzles.filter(
    (p) => p.solution.length === 3 && p.solution.every((m, i) => i % 2 === 1 || /^[a-h][1-8][-:][a-h][1-8]$/.test(m)),
  );
  assert(ok.length > skip, "a simple puzzle exists");
  return ok[skip];
}

/** Opens the page on puzzle `id` with an empty record; waits for the board. */
async function openPuzzle(page, base, id, { clear = true } = {}) {
  await page.goto(`${base}/puzzles.html#id=${id}`);
  if (clear) {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
  }
  await boardReady(page, id);
}

async function boardReady(page, id) {
  await page.waitForFunction((id) => document.getElementById(`puzzle-${id}`) !== null, id, { timeout: 20000 });
  await page.evaluate((id) => document.getElementById(`puzzle-${id}`).ready, id);
}

async function click(page, id, square) {
  await page.locator(`#puzzle-${id} rect[data-square="${square}"]`).click();
}

function stored(page) {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) || "null"), KEY);
}

export const tests = [
  {
    name: "puzzles: the first puzzle is on the board before the whole collection has come; the controls wait for it",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const all = await puzzleData(page);
      await page.evaluate(() => localStorage.clear());
      let release;
      const held = new Promise((r) => (release = r));
      let asked = 0;
      await page.route("**/puzzles/puzzles.json", async (route) => {
        asked += 1;
        await held;
        await route.continue();
      });
      await page.reload();
      await boardReady(page, all[0].id);
      assertEq(await page.textContent("#puzzle-title"), `Puzzle 1 of ${all.length}`, "the title counts the whole collection");
      const off = () => page.evaluate(() => ["theme", "difficulty", "prev", "next", "daily", "run-start"].filter((id) => document.getElementById(id).disabled));
      assertEq(await off(), ["theme", "difficulty", "prev", "next", "daily", "run-start"], "controls off until every puzzle has come");
      assert((await page.evaluate(() => document.body.dataset.puzzles)) === undefined, "not marked loaded");
      for (let t = 0; t < 50 && asked === 0; t += 1) await page.waitForTimeout(100);
      assertEq(asked, 1, "the whole collection is asked for once the first puzzle is painted");
      await page.evaluate((id) => (document.getElementById(`puzzle-${id}`).dataset.mark = "first"), all[0].id);
      release();
      await page.waitForFunction((n) => document.body.dataset.puzzles === String(n), all.length);
      assertEq(await off(), ["prev"], "controls on (previous stays off on the first puzzle)");
      assertEq(await page.evaluate((id) => document.getElementById(`puzzle-${id}`).dataset.mark, all[0].id), "first", "the board was kept, not rebuilt");
      assertEq(await page.textContent("#puzzle-title"), `Puzzle 1 of ${all.length}`, "the same title");
      await page.unroute("**/puzzles/puzzles.json");
    },
  },
  {
    name: "puzzles: an address changed while the collection comes opens its puzzle once it has come",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const all = await puzzleData(page);
      let release;
      const held = new Promise((r) => (release = r));
      await page.route("**/puzzles/puzzles.json", async (route) => {
        await held;
        await route.continue();
      });
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await boardReady(page, all[0].id);
      const later = all[Math.floor(all.length / 2)];
      await page.evaluate((id) => (location.hash = `id=${id}`), later.id);
      release();
      await boardReady(page, later.id);
      assertEq(await page.textContent("#puzzle-title"), `Puzzle ${Math.floor(all.length / 2) + 1} of ${all.length}`, "its place in the collection");
      await page.unroute("**/puzzles/puzzles.json");
    },
  },
  {
    name: "puzzles: solving one by clicks counts: rating up, streak 1, solution shown",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const p = simplePuzzle(await puzzleData(page));
      await openPuzzle(page, base, p.id);
      assertEq(await page.evaluate((id) => document.getElementById(`puzzle-${id}`).startFen, p.id), p.fen, "the board shows the puzzle");
      for (let k = 0; k < p.solution.length; k += 2) {
        const [from, to] = p.solution[k].split(/[-:]/);
        await click(page, p.id, from);
        await click(page, p.id, to);
        if (k + 2 < p.solution.length) {
          await page.waitForFunction(
            (id) => {
              const el = document.getElementById(`puzzle-${id}`);
              return el.querySelector(".sbw-status").textContent.includes("Your move again") && !el.querySelector(".sb-animating");
            },
            p.id,
            { timeout: 10000 },
          );
        }
      }
      await page.waitForFunction((id) => document.getElementById(`puzzle-${id}`).solved, p.id, { timeout: 10000 });
      await page.waitForFunction(() => document.getElementById("feedback").dataset.kind === "solved");
      const feedback = await page.textContent("#feedback");
      assert(feedback.startsWith("Solved! Rating"), feedback);
      assertEq((await page.textContent("#stat-streak")).trim(), "1 in a row", "streak");
      const rating = Number(await page.textContent("#stat-rating"));
      assert(rating > 1200, `rating went up: ${rating}`);
      assert(await page.isVisible("#solution"), "the solution is shown once solved");
      assert((await page.textContent("#solution-line")).includes(p.solution[0]), "solution line");
      const href = await page.getAttribute("#analyse", "href");
      assert(href.startsWith("analysis.html#") && new URLSearchParams(href.split("#")[1]).get("fen") === p.fen, href);
      const rec = await stored(page);
      assertEq(rec.results, { [p.id]: "solved" }, "stored result");
      await page.screenshot({ path: shotPath("puzzles-solved.png") });
    },
  },
  {
    name: "puzzles: a wrong move is refused with the engine's explanation and fails the puzzle",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const p = simplePuzzle(await puzzleData(page), 1);
      await openPuzzle(page, base, p.id);
      const legal = await page.evaluate((id) => document.getElementById(`puzzle-${id}`).legalMoves().map((m) => m.notation), p.id);
      const wrong = legal.find((m) => m !== p.solution[0]);
      const before = await page.evaluate((id) => document.getElementById(`puzzle-${id}`).fen, p.id);
      const form = page.locator(`#puzzle-${p.id} .sbw-form`);
      await form.locator("input").fill(wrong);
      await form.locator("button").click();
      await page.waitForFunction((id) => document.getElementById(`puzzle-${id}`).querySelector(".sbw-status").dataset.kind === "refused", p.id);
      const status = (await page.textContent(`#puzzle-${p.id} .sbw-status`)).trim();
      assert(status.startsWith(`${wrong} is legal, but not the answer`), status);
      assert(status.length > `${wrong} is legal, but not the answer.`.length, `an explanation is given: ${status}`);
      assertEq(await page.evaluate((id) => document.getElementById(`puzzle-${id}`).fen, p.id), before, "board unchanged");
      await page.waitForFunction(() => document.getElementById("feedback").dataset.kind === "failed");
      assert(Number(await page.textContent("#stat-rating")) < 1200, "rating went down");
      assertEq((await stored(page)).results, { [p.id]: "failed" }, "stored as failed");
      // Solving it afterwards does not count again.
      for (let k = 0; k < p.solution.length; k += 2) {
        const r = await page.evaluate(({ id, m }) => document.getElementById(`puzzle-${id}`).attempt(m), { id: p.id, m: p.solution[k] });
        assert(r.ok, `${p.solution[k]}: ${r.message}`);
      }
      assertEq((await stored(page)).results, { [p.id]: "failed" }, "still failed");
      assertEq((await page.textContent("#stat-streak")).trim(), "0 in a row", "streak");
      await page.screenshot({ path: shotPath("puzzles-wrong.png") });
    },
  },
  {
    name: "puzzles: the streak and rating survive a reload",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const puzzles = await puzzleData(page);
      const a = simplePuzzle(puzzles, 2);
      const b = simplePuzzle(puzzles, 3);
      await openPuzzle(page, base, a.id);
      for (const p of [a, b]) {
        if (p !== a) {
          await page.evaluate((id) => (location.hash = `id=${id}`), p.id);
          await boardReady(page, p.id);
        }
        for (let k = 0; k < p.solution.length; k += 2) {
          const r = await page.evaluate(({ id, m }) => document.getElementById(`puzzle-${id}`).attempt(m), { id: p.id, m: p.solution[k] });
          assert(r.ok, `${p.id} ${p.solution[k]}: ${r.message}`);
        }
        await page.waitForFunction(() => document.getElementById("feedback").dataset.kind === "solved");
      }
      const rating = (await page.textContent("#stat-rating")).trim();
      assertEq((await page.textContent("#stat-streak")).trim(), "2 in a row", "streak before reload");
      await page.reload();
      await boardReady(page, b.id);
      assertEq((await page.textContent("#stat-streak")).trim(), "2 in a row", "streak after reload");
      assertEq((await page.textContent("#stat-rating")).trim(), rating, "rating after reload");
      assertEq((await page.textContent("#stat-best")).trim(), "2", "best streak");
      await page.click("#reset-stats");
      assertEq((await page.textContent("#stat-streak")).trim(), "0 in a row", "reset");
      assertEq((await stored(page)).rating, 1200, "reset stored");
    },
  },
  {
    name: "puzzles: a deep link opens its puzzle; next, previous, filters and the daily puzzle",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      const puzzles = await puzzleData(page);
      assert(puzzles.length >= 1000, `${puzzles.length} puzzles`);
      const p = puzzles[Math.floor(puzzles.length / 2)];
      await openPuzzle(page, base, p.id, { clear: false });
      assertEq(await page.evaluate((id) => document.getElementById(`puzzle-${id}`).startFen, p.id), p.fen, "deep link");
      assert((await page.textContent("#puzzle-meta")).includes(String(p.rating)), "rating shown");
      const themeLine = await page.textContent("[data-puzzle-themes]");
      for (const t of p.themes) assert(themeLine.includes(await page.$eval(`select[data-puzzle-theme] option[value="${t}"]`, (o) => o.textContent.replace(/ \(\d+\)$/, ""))), `${t} named under the board: ${themeLine}`);
      assert((await page.textContent("#puzzle-source")).length > 5, "source shown");
      // Next and previous, by keyboard.
      await page.focus("#next");
      await page.keyboard.press("Enter");
      const q = puzzles[puzzles.indexOf(p) + 1];
      await boardReady(page, q.id);
      assertEq(await page.evaluate(() => location.hash), `#id=${q.id}`, "the address follows");
      await page.focus("#prev");
      await page.keyboard.press("Enter");
      await boardReady(page, p.id);
      // The theme filter: one option per theme of the collection, with
      // its count; every puzzle offered has the chosen theme.
      const options = await page.$$eval("select[data-puzzle-theme] option", (os) =>
        os.map((o) => [o.value, o.textContent]),
      );
      const counts = new Map();
      for (const x of puzzles) for (const t of x.themes) counts.set(t, (counts.get(t) || 0) + 1);
      assertEq(options.length, counts.size + 1, "all themes and one option per theme");
      assert(counts.size >= 12, `${counts.size} themes`);
      for (const [value, text] of options.slice(1)) {
        assert(counts.get(value) >= 30, `${value}: ${counts.get(value)} puzzles`);
        assert(text.endsWith(`(${counts.get(value)})`) && !text.startsWith(value), `${value} named: ${text}`);
      }
      for (const theme of ["breakthrough", "lock"]) {
        await page.selectOption("select[data-puzzle-theme]", theme);
        for (let i = 0; i < 3; i++) {
          const id = await page.evaluate(() => document.querySelector("#board-slot shashki-board").id.slice("puzzle-".length));
          const shown = puzzles.find((x) => x.id === id);
          assert(shown.themes.includes(theme), `${id} has the theme ${theme}`);
          await page.click("#next");
        }
      }
      // A difficulty filter.
      await page.selectOption("#theme", "");
      await page.selectOption("#difficulty", "expert");
      const id = await page.evaluate(() => document.querySelector("#board-slot shashki-board").id.slice("puzzle-".length));
      assert(puzzles.find((x) => x.id === id).rating >= 2000, "an expert puzzle");
      // The daily puzzle: the same one on a second visit, marked as such.
      await page.click("#daily");
      await page.waitForFunction(() => !document.getElementById("puzzle-daily").hidden);
      const daily = await page.evaluate(() => location.hash);
      await page.goto(`${base}/puzzles.html`);
      await page.click("#daily");
      await page.waitForFunction(() => !document.getElementById("puzzle-daily").hidden);
      assertEq(await page.evaluate(() => location.hash), daily, "same daily puzzle");
      // An unknown id falls back to a puzzle, without an error.
      await page.goto(`${base}/puzzles.html#id=nosuch`);
      await page.waitForSelector("#board-slot shashki-board");
    },
  },
  {
    name: "puzzles page: axe-clean and no overflow on a phone",
    viewport: { width: 375, height: 812 },
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      await page.waitForSelector("#board-slot shashki-board");
      await page.evaluate(() => document.querySelector("#board-slot shashki-board").ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `overflows by ${overflow}px`);
      await axeAudit(page, "375 px");
      await page.screenshot({ path: shotPath("puzzles-phone.png"), fullPage: true });
    },
  },
  {
    name: "puzzles page: axe-clean on a desktop, solution shown",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html`);
      await page.waitForSelector("#board-slot shashki-board");
      await page.evaluate(() => document.querySelector("#board-slot shashki-board").ready);
      await page.locator('#board-slot button[data-action="solution"]').click();
      await page.waitForSelector("#solution:not([hidden])");
      assertEq(await page.evaluate(() => document.getElementById("feedback").dataset.kind), "failed", "showing counts as a miss");
      await axeAudit(page, "1280 px");
      await page.screenshot({ path: shotPath("puzzles-desktop.png"), fullPage: true });
    },
  },
  {
    name: "puzzles page in Russian: texts from the i18n table, axe-clean",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html?lang=ru`);
      await page.waitForSelector("#board-slot shashki-board");
      await page.evaluate(() => document.querySelector("#board-slot shashki-board").ready);
      assertEq(await page.evaluate(() => document.documentElement.lang), "ru", "lang");
      assertEq((await page.textContent("h1")).trim(), "Задачи", "heading");
      assertEq((await page.textContent('.site-nav a[href="puzzles.html"]')).trim(), "Задачи", "nav link");
      const prompt = await page.textContent("#board-slot .sbw-prompt");
      assert(/^Ход (белых|чёрных)/.test(prompt.trim()), prompt);
      assert((await page.textContent("#puzzle-title")).startsWith("Задача "), "title");
      // The themes in the game's Russian terms.
      const names = await page.$$eval("select[data-puzzle-theme] option", (os) =>
        Object.fromEntries(os.map((o) => [o.value, o.textContent])),
      );
      assert(names["breakthrough"].startsWith("Прорыв в дамки"), names["breakthrough"]);
      assert(names["king-catch"].startsWith("Ловля дамки"), names["king-catch"]);
      assert(names["lock"].startsWith("Запирание"), names["lock"]);
      await page.selectOption("select[data-puzzle-theme]", "quiet-move");
      const meta = await page.textContent("[data-puzzle-themes]");
      assert(meta.includes("Тихий ход"), meta);
      await axeAudit(page, "Russian");
    },
  },
];
