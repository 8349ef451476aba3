// Browser tests of the analysis board (www/analysis.html), against the site
// as `trunk build --release` builds it: real wasm engine, real Workers.

import { readFileSync } from "node:fs";
import { assert, assertEq, axeAudit, clickSquare, oracle, pieces, shotPath } from "./lib.mjs";

/**
 * The longest main-thread task allowed while the engine analyses: the
 * browser's long-task threshold, so no long task at all. Left out are the
 * tasks of the user's own steps (the test's clicks on Analyse and on the
 * move buttons, each from the click to the second animation frame after it:
 * redrawing the board and the tree and restarting the search are the page's
 * answer to the user, not the analysis running); what stays is every task
 * while the search runs and reports its depths. (Tasks run by page.evaluate
 * are not reported as long tasks at all; the test checks that a busy task
 * of the page's own is.) Measured on this machine
 * (two cores shared by four jobs, load average 6.8 to 8.5), five runs in a
 * row: no such task over 50 ms in any (the long-task API reports none
 * shorter, so that is the finest figure it gives), while one user step took
 * 93 ms. The test's own waits
 * poll every POLL_MS, not on every animation frame (Playwright's default),
 * so that they are not the long tasks it counts. The test waits for a depth
 * that takes more than twice this limit, so a search on the main thread
 * could not pass.
 */
const LONG_TASK_LIMIT_MS = 50;
/** How often the long-task test looks at the page (a task of its own each time, not one every frame). */
const POLL_MS = 250;

async function openAnalysis(page, base, hash = "") {
  await page.goto(`${base}/analysis.html${hash ? `#${hash}` : ""}`);
  await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
}

/** The notations of the tree's main line (top level only). */
function mainLine(page) {
  return page.$$eval("#tree > .tree-line > button.tmove", (els) => els.map((e) => e.firstChild.textContent.trim()));
}

function currentMove(page) {
  return page.$eval("#tree", (t) => {
    const b = t.querySelector('[aria-current="true"]');
    return b ? b.firstChild.textContent.trim() : null;
  });
}

const fenOut = (page) => page.$eval("#fen-out", (e) => e.value);

/** Plays a line of notations from a FEN with the engine; returns the FEN after, or throws. */
function playLine(page, fen, moves) {
  return oracle(
    page,
    (m, { fen, moves }) => {
      const g = m.Game.fromFen(fen);
      try {
        for (const mv of moves) g.play(mv);
        return g.fen();
      } finally {
        g.free();
      }
    },
    { fen, moves },
  );
}

async function evalState(page) {
  return page.$eval("[data-eval]", (e) => ({
    score: e.dataset.score,
    depth: Number(e.dataset.depth),
    pv: document.querySelector("[data-pv]").textContent.trim(),
    candidates: [...document.querySelectorAll("[data-multipv] li")].map((li) => li.textContent.trim()),
  }));
}

async function pasteLoad(page, text) {
  if (!(await page.$eval("#io", (el) => el.open))) await page.click("#io summary");
  await page.fill("#paste-in", text);
  await page.click("#btn-paste");
  return page.$eval("#paste-error", (e) => e.textContent.trim());
}

/** The first game of the classic collection, as PDN text. */
function firstClassicGame() {
  const text = readFileSync(new URL("../data/russian-games.pdn", import.meta.url), "utf8");
  const second = text.indexOf("[Event", 10);
  return text.slice(0, second);
}

export const tests = [
  {
    name: "analysis: edit a position, analyse it: the eval and a legal best line deepen",
    async fn({ page, base }) {
      await openAnalysis(page, base);
      await page.click("#btn-edit");
      await page.click("#editor-clear");
      assertEq(await pieces(page), {}, "cleared board");
      await page.click('[data-editor-piece="white-man"]');
      for (const s of ["c3", "e3", "g3", "b2"]) await clickSquare(page, s);
      await page.click('[data-editor-piece="black-man"]');
      for (const s of ["b6", "d6", "f6", "h6"]) await clickSquare(page, s);
      // A man on its crowning row: the engine's error, in words; the work stays.
      await page.click('[data-editor-piece="white-man"]');
      await clickSquare(page, "d8");
      const err = await page.$eval("#editor-error", (e) => e.textContent);
      assert(/d8/.test(err) && /crowning/.test(err), `editor error: ${err}`);
      assert(await page.$eval("#editor-done", (b) => b.disabled), "an invalid position cannot be analysed");
      assertEq((await pieces(page)).d8, "white-man", "the piece stays where the user put it");
      await page.click('[data-editor-piece="empty"]');
      await clickSquare(page, "d8");
      assertEq(await page.$eval("#editor-error", (e) => e.textContent), "", "error gone");
      await page.click('[data-editor-piece="white-king"]');
      await clickSquare(page, "a1");
      await page.check('input[name="editor-turn"][value="black"]');
      const fen = await page.$eval("#editor-fen", (e) => e.value);
      assertEq(fen, "B:WKa1,b2,c3,e3,g3:Bb6,d6,f6,h6", "editor FEN (the engine's)");
      await page.screenshot({ path: shotPath("analysis-editor.png") });
      await page.click("#editor-done");
      assertEq(await fenOut(page), fen, "the edited position is the board's");
      assertEq((await pieces(page)).a1, "white-king", "king placed");

      await page.click("#btn-analyse");
      // every finished depth is reported (the page keeps them for tests in
      // window.shashkiAnalysis.depths); run until depth 9 or a proven end
      await page.waitForFunction(
        () => {
          const d = window.shashkiAnalysis.depths;
          return (d.length && d[d.length - 1].depth >= 9) || /proven/.test(document.getElementById("eval-info").textContent);
        },
        null,
        { timeout: 30000 },
      );
      const seen = await page.evaluate(() => window.shashkiAnalysis.depths);
      assert(seen.length >= 3, `depths seen: ${seen.map((s) => s.depth)}`);
      seen.forEach((s, i) => assertEq(s.depth, i + 1, "one report per depth, in order"));
      await page.waitForFunction((n) => Number(document.querySelector("[data-eval]").dataset.depth) >= n, seen.length);
      const distinct = new Set(seen.map((s) => `${s.score}|${s.pv.join(" ")}`));
      assert(distinct.size >= 2, `the eval or the line changes with depth: ${JSON.stringify(seen)}`);
      assert(seen[seen.length - 1].pv.length > seen[0].pv.length, "the line grows with depth");
      for (const s of seen) {
        assert(typeof s.score === "number" || s.result, `score ${s.score}`);
        assert(s.pv.length >= 1, "a best line");
        await playLine(page, fen, s.pv); // throws if any move is illegal
      }
      // the panel shows the report of the depth it names
      const { shown, report } = await page.evaluate(() => {
        const e = document.querySelector("[data-eval]");
        const shown = { score: e.dataset.score, depth: Number(e.dataset.depth), pv: document.querySelector("[data-pv]").textContent };
        return { shown, report: window.shashkiAnalysis.depths[shown.depth - 1] };
      });
      assert(/^-?\d+(\.\d+)?$/.test(shown.score) || shown.score === "win" || shown.score === "loss", `data-score ${shown.score}`);
      assertEq(shown.pv, report.pv.join(" "), "[data-pv] is the best line of data-depth");
      if (!report.result) assertEq(Number(shown.score), report.score, "[data-score] is the score of data-depth");
      const last = await evalState(page);
      const legal = await oracle(page, (m, fen) => m.Game.fromFen(fen).legalMoves().length, fen);
      assertEq(last.candidates.length, Math.min(3, legal), "one candidate per line, top three");
      assert(await page.$("[data-hint]"), "the best move's arrow");
      await page.screenshot({ path: shotPath("analysis-live-1280.png") });
      await page.click("#btn-analyse");
      assertEq(await page.$eval("#btn-analyse", (b) => b.getAttribute("aria-pressed")), "false", "analysis off");
    },
  },
  {
    name: "analysis: the editor keeps unfinished work across leaving and a reload",
    async fn({ page, base }) {
      await openAnalysis(page, base);
      await page.click("#btn-edit");
      await page.click("#editor-clear");
      await page.click('[data-editor-piece="black-king"]');
      await clickSquare(page, "e5");
      await page.click('[data-editor-piece="white-man"]');
      await clickSquare(page, "h8"); // on its crowning row: not a position yet
      assert(await page.$eval("#editor-done", (b) => b.disabled), "cannot be analysed");
      await page.click("#editor-cancel");
      assertEq(Object.keys(await pieces(page)).length, 24, "the board is back to the game");
      await page.reload();
      await page.waitForFunction(() => document.body.classList.contains("ready"));
      await page.click("#btn-edit");
      assertEq(await pieces(page), { e5: "black-king", h8: "white-man" }, "the draft comes back");
      assert(/h8/.test(await page.$eval("#editor-error", (e) => e.textContent)), "with its error");
    },
  },
  {
    name: "analysis: a side line is made, walked with the arrow keys, promoted and deleted",
    async fn({ page, base }) {
      await openAnalysis(page, base, "moves=c3-d4 f6-g5 b2-c3");
      assertEq(await mainLine(page), ["c3-d4", "f6-g5", "b2-c3"], "main line from the link");
      await page.focus("#nav-next");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      assertEq(await currentMove(page), "c3-d4", "two moves back");
      // another Black reply at this point starts a side line
      await clickSquare(page, "b6");
      await clickSquare(page, "a5");
      await page.waitForFunction(() => !document.querySelector(".sb-animating"));
      assertEq(await page.$$eval("#tree .variation button.tmove", (e) => e.map((b) => b.textContent)), ["b6-a5"], "side line");
      assertEq(await mainLine(page), ["c3-d4", "f6-g5", "b2-c3"], "main line kept");
      assertEq((await pieces(page)).a5, "black-man", "side line's position");
      await page.screenshot({ path: shotPath("analysis-variation.png") });
      // up/down switch to the other line at the same point; right goes on
      await page.focus("#btn-flip");
      await page.keyboard.press("ArrowUp");
      assertEq(await currentMove(page), "f6-g5", "back on the main line");
      await page.keyboard.press("ArrowRight");
      assertEq(await currentMove(page), "b2-c3", "forward on the main line");
      const p = await pieces(page);
      assert(p.g5 === "black-man" && p.c3 === "white-man" && !p.a5, "main line's position is back");
      // PDN out carries the side line; the engine reads the main line back
      await page.waitForFunction(() => document.getElementById("pdn-out").value.includes("(1... b6-a5)"));
      const pdn = await page.$eval("#pdn-out", (e) => e.value);
      const back = await oracle(page, (m, pdn) => m.Game.fromPdn(pdn).history().map((h) => h.notation), pdn);
      assertEq(back, ["c3-d4", "f6-g5", "b2-c3"], "Game.fromPdn reads the main line");
      // promote the side line, then delete it
      await page.click("#tree .variation button.tmove");
      await page.click("#btn-promote");
      assertEq(await mainLine(page), ["c3-d4", "b6-a5"], "promoted");
      assertEq(await page.$$eval("#tree .variation button.tmove", (e) => e.map((b) => b.firstChild.textContent)), ["f6-g5", "b2-c3"], "old main line is now a side line");
      await page.click("#btn-delete");
      assertEq(await mainLine(page), ["c3-d4", "f6-g5", "b2-c3"], "deleted: the other line is main again");
      assertEq(await currentMove(page), "c3-d4", "the cursor goes to the move before");
      // the PDN with its variation comes back whole through the paste box
      assertEq(await pasteLoad(page, pdn), "", "no error");
      assertEq(await page.$$eval("#tree .variation button.tmove", (e) => e.map((b) => b.textContent)), ["b6-a5"], "variation read back");
      // the tree survives a reload (the link's hash was dropped once opened)
      await page.waitForTimeout(400);
      await page.reload();
      await page.waitForFunction(() => document.body.classList.contains("ready"));
      assertEq(await mainLine(page), ["c3-d4", "f6-g5", "b2-c3"], "main line after a reload");
      assertEq(await page.$$eval("#tree .variation button.tmove", (e) => e.map((b) => b.textContent)), ["b6-a5"], "side line after a reload");
    },
  },
  {
    name: "analysis: review a real game: graph, marked moves, a click on the graph",
    timeoutMs: 150000,
    async fn({ page, base }) {
      await openAnalysis(page, base);
      assertEq(await pasteLoad(page, firstClassicGame()), "", "the game loads");
      assertEq((await mainLine(page)).length, 83, "plies of the game");
      await page.selectOption("#review-budget", "150");
      await page.click("#btn-review");
      await page.waitForFunction(() => !document.getElementById("review-progress").hidden);
      await page.waitForFunction(() => window.shashkiAnalysis.reviewDone, null, { timeout: 90000 });
      assert(await page.$("#review-graph svg path.graph-area"), "graph drawn");
      const marks = await page.$$eval("#review-marks li", (e) => e.map((li) => li.textContent));
      assert(marks.length >= 1, "at least one marked move");
      assert(/inaccuracy|mistake|blunder/.test(marks[0]) && /Better /.test(marks[0]), `mark text: ${marks[0]}`);
      assert((await page.$$("#tree .tmove[data-mark]")).length === marks.length, "marks in the move list");
      await page.screenshot({ path: shotPath("analysis-review.png"), fullPage: true });
      const before = await fenOut(page);
      await page.click('#review-graph rect.graph-hit[data-index="20"]');
      const after = await fenOut(page);
      assert(after !== before, "the graph click moves the board");
      assertEq(await page.$$eval("#tree .tmove", (e) => e.findIndex((b) => b.getAttribute("aria-current") === "true")), 19, "20th move shown");
    },
  },
  {
    name: "analysis: review marks follow the documented thresholds",
    async fn({ page, base }) {
      await openAnalysis(page, base);
      const r = await page.evaluate(async () => {
        const m = await import("./shared/review.js");
        const w = (score) => ({ score });
        return {
          kinds: [0.099, 0.1, 0.199, 0.2, 0.299, 0.3, 0.9].map(m.markOf),
          e: [m.expected(w(0)), m.expected(w(1)), m.expected(w(2)), m.expected({ result: { winner: "white" } }), m.expected({ result: { winner: "black" } })],
          // White drops a man (0 -> -1): a mistake (0.5 -> 0.285); the engine's own move is never marked
          marks: m.markMoves(
            [
              { move: "c3-d4", white: true },
              { move: "f6-g5", white: false },
            ],
            [
              { score: 0, best: "e3-f4", pv: ["e3-f4", "f6-g5"] },
              { score: -1, best: "f6-g5", pv: ["f6-g5"] },
              { score: -3, best: "c3-b4", pv: [] },
            ],
          ),
        };
      });
      assertEq(r.kinds, [null, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"], "marks by drop");
      assertEq(r.e.map((x) => Math.round(x * 1000) / 1000), [0.5, 0.715, 0.863, 1, 0], "expected scores");
      assertEq(r.marks[0] && r.marks[0].kind, "mistake", "White's man lost");
      assertEq(r.marks[0].better, "e3-f4", "the better move");
      assertEq(r.marks[1], null, "Black played the engine's move");
    },
  },
  {
    name: "analysis: open a classic game from the browser",
    async fn({ page, base }) {
      await openAnalysis(page, base);
      await page.click("#classics summary");
      await page.waitForFunction(() => document.querySelectorAll("#classics-list button").length === 200, null, { timeout: 20000 });
      await page.fill("#classics-player", "Абаулин");
      const n = await page.$$eval("#classics-list button", (e) => e.length);
      assert(n >= 1 && n < 200, `filtered to ${n}`);
      await page.fill("#classics-year", "1965");
      await page.selectOption("#classics-result", "2-0");
      const items = await page.$$eval("#classics-list button", (e) => e.map((b) => b.textContent));
      assert(items.length >= 1 && items.every((t) => t.includes("1965") && t.includes("1–0")), `filtered: ${items}`);
      await page.click("#classics-list button");
      assert((await mainLine(page)).length > 20, "game in the tree");
      await page.waitForFunction(() => !document.getElementById("review-progress").hidden);
    },
  },
  {
    name: "analysis: a bad FEN, PDN or link shows the engine's error and keeps the position",
    async fn({ page, base }) {
      await openAnalysis(page, base, "moves=c3-d4");
      const fen = await fenOut(page);
      let err = await pasteLoad(page, "W:Wc3,b8:Bd6");
      assert(/b8/.test(err) && /crowning/.test(err), `FEN error: ${err}`);
      assertEq(await fenOut(page), fen, "position kept");
      err = await pasteLoad(page, '[Event "x"]\n1. c3-d4 c3-d4 *');
      assert(/c3-d4/.test(err), `PDN error: ${err}`);
      assertEq(await fenOut(page), fen, "position kept");
      err = await pasteLoad(page, '<img src=x onerror="window.__pwned=1">');
      assert(err.length > 0, "refused");
      assertEq(await page.$$eval("#paste-error *", (e) => e.length), 0, "no HTML made from the input");
      assertEq(await page.evaluate(() => window.__pwned), undefined, "no script ran");
      await page.goto(`${base}/analysis.html#moves=c3-d5`);
      await page.reload();
      await page.waitForFunction(() => document.body.classList.contains("ready"));
      err = await page.$eval("#paste-error", (e) => e.textContent);
      assert(/link/.test(err) && /c3-d5/.test(err), `link error: ${err}`);
    },
    allowErrors: [],
  },
  {
    name: "analysis: no long task on the main thread while analysing",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await openAnalysis(page, base, "moves=c3-d4 f6-g5 g3-h4");
      await page.evaluate(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: "longtask", buffered: false });
      });
      // the observer sees a long task: a busy task of twice the limit is
      // recorded (one the page runs itself; the tasks of page.evaluate, run
      // through the DevTools protocol, are not reported as long tasks)
      await page.evaluate((ms) => {
        setTimeout(() => {
          const end = performance.now() + ms;
          while (performance.now() < end);
        });
      }, 2 * LONG_TASK_LIMIT_MS);
      await page.waitForFunction(() => window.__longTasks.length > 0, null, { timeout: 5000, polling: POLL_MS });
      const probe = await page.evaluate(() => window.__longTasks.splice(0).map((t) => t.duration));
      assert(probe[0] >= 2 * LONG_TASK_LIMIT_MS, `a deliberate busy task is seen as a long task (${probe})`);
      // One user step: a real click, from just before it to the second frame after it.
      const steps = [];
      const step = async (id) => {
        const from = await page.evaluate(() => performance.now());
        await page.click(`#${id}`);
        const to = await page.evaluate(async () => {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return performance.now();
        });
        steps.push({ from, to });
      };
      await step("btn-analyse");
      await page.waitForFunction(() => Number(document.querySelector("[data-eval]").dataset.depth) >= 4, null, { timeout: 20000, polling: POLL_MS });
      // the user steps through the moves meanwhile: every step restarts the analysis
      for (let i = 0; i < 3; i++) {
        await step("nav-prev");
        await page.waitForTimeout(400);
      }
      await step("nav-last");
      // let it think until one depth alone has taken twice the limit: run on
      // the main thread, that depth would have been one task that long
      await page.waitForFunction(
        (limit) => {
          const d = window.shashkiAnalysis.depths;
          return d.length > 1 && d[d.length - 1].timeMs - d[d.length - 2].timeMs > 2 * limit;
        },
        LONG_TASK_LIMIT_MS,
        { timeout: 60000, polling: POLL_MS },
      );
      await page.waitForFunction(() => Number(document.querySelector("[data-eval]").dataset.depth) >= 4, null, { timeout: 20000, polling: POLL_MS });
      const longTasks = await page.evaluate(() => window.__longTasks);
      const mine = (t) => steps.some((s) => t.start < s.to && t.start + t.duration > s.from);
      const analysing = longTasks.filter((t) => !mine(t)).map((t) => Math.round(t.duration));
      const ofSteps = longTasks.filter(mine).map((t) => Math.round(t.duration));
      console.log(`    long tasks while analysing: [${analysing}]; of the user's steps (left out): [${ofSteps}]`);
      const over = analysing.filter((d) => d > LONG_TASK_LIMIT_MS);
      assertEq(over, [], `main-thread tasks over ${LONG_TASK_LIMIT_MS} ms while analysing (of the user's steps, left out: ${ofSteps})`);
    },
  },
  {
    name: "analysis: Analyse this game on the play page opens the game here",
    async fn({ page, base }) {
      await page.goto(`${base}/#moves=c3-d4 f6-g5`);
      await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
      await page.click("#analyse-link");
      await page.waitForURL(/analysis\.html/);
      await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
      const line = await mainLine(page);
      assert(line[0] === "c3-d4" && line[1] === "f6-g5", `the game: ${line}`);
    },
  },
  ...[
    { width: 375, height: 800, moves: "c3-d4 f6-g5" },
    { width: 1280, height: 900, moves: "c3-d4 f6-g5 b2-c3" },
  ].map(({ width, height, moves }) => ({
    name: `analysis: axe audit and screenshots at ${width} px`,
    viewport: { width, height },
    async fn({ page, base }) {
      await openAnalysis(page, base, `moves=${moves}`);
      await page.click("#btn-analyse");
      await page.waitForFunction(() => Number(document.querySelector("[data-eval]").dataset.depth) >= 3);
      await page.click("#io summary");
      await page.click("#classics summary");
      await page.waitForFunction(() => document.querySelectorAll("#classics-list button").length > 0, null, { timeout: 20000 });
      await page.screenshot({ path: shotPath(`analysis-${width}.png`), fullPage: true });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(wide <= width, `no sideways scrolling at ${width} px (page is ${wide} px wide)`);
      await axeAudit(page, `${width} px`);
      await page.click("#btn-analyse");
      await page.click("#btn-edit");
      await axeAudit(page, `${width} px editor`);
    },
  })),
];
