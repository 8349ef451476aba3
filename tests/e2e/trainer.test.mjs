// Browser tests of the endgame trainer on the lessons page
// (www/lessons/trainer.js). The moves played come from the engine in the
// test (egtbMoves over the same table files, fetched from egtb/), never
// written here; so do the expected numbers: the moves left are checked
// against the rules (White's moves in Petrov's triangle: one less after
// each of White's moves), the machine's replies against the tables'
// distances (the defender's reply leaves the win exactly one move shorter
// than before White's move, the longest resistance there is).

import { assert, assertEq, axeAudit, oracle, shotPath } from "./lib.mjs";

const PETROV = "W:WKa1,Kb2,Kc3:BKd6";
const ROAD = "B:WKc1,Ke1,Kb6:BKd6";

/** The engine's view of a position: the tables' verdict, moves best first, the status. */
function tables(page, fen, moves) {
  return oracle(
    page,
    async (m, { fen, moves }) => {
      const g = m.Game.fromFen(fen);
      for (const mv of moves) g.play(mv);
      if (!globalThis.trainerTestBot) globalThis.trainerTestBot = new m.Bot();
      const bot = globalThis.trainerTestBot;
      for (const name of m.egtbFilesFor(g)) {
        if (bot.tables().includes(name)) continue;
        const r = await fetch(`/egtb/${name}`);
        bot.addTable(name, new Uint8Array(await r.arrayBuffer()));
      }
      const out = { verdict: m.egtbProbe(g), moves: m.egtbMoves(g), status: g.status() };
      g.free();
      return out;
    },
    { fen, moves },
  );
}

async function openTrainer(page, base, lang = "en") {
  await page.goto(`${base}/lessons.html?lang=${lang}#trainer`);
  await page.waitForFunction(() => document.getElementById("trainer")?.dataset.ready === "true", null, {
    timeout: 20000,
  });
  await idle(page);
}

/** Waits until the trainer waits for the reader or the game is over. */
async function idle(page) {
  await page.waitForFunction(
    () => {
      const key = document.getElementById("trainer-status")?.dataset.key || "";
      return (key === "trainer.yourMove" || key.startsWith("trainer.end")) && !document.querySelector(".sb-animating");
    },
    null,
    { timeout: 30000 },
  );
}

/** What the trainer shows. */
function shown(page) {
  return page.evaluate(() => ({
    left: document.getElementById("trainer-left").dataset.movesLeft,
    rule: document.getElementById("trainer-left").dataset.rule,
    verdict: document.getElementById("trainer-verdict").textContent,
    moves: document.getElementById("trainer-verdict").dataset.moves,
    result: document.getElementById("trainer-verdict").dataset.result,
    status: document.getElementById("trainer-status").textContent,
    key: document.getElementById("trainer-status").dataset.key,
    list: [...document.querySelectorAll("#trainer-moves li")].map((li) => li.textContent),
    end: document.getElementById("trainer").dataset.end || null,
  }));
}

/** Plays a move on the trainer's board by clicking its squares. */
async function playClicks(page, move) {
  for (const sq of [move.from, move.to]) await page.click(`#trainer-board rect[data-square="${sq}"]`);
}

/** The notations of the trainer's move list (the engine writes "You played c3-d4."). */
const notations = (list) => list.map((s) => s.replace(/^.* (\S+)\.$/, "$1"));

export const tests = [
  {
    name: "trainer: Petrov's triangle won by the tables' line, the count and the replies checked",
    async fn({ page, base }) {
      await openTrainer(page, base);
      let s = await shown(page);
      assertEq([s.left, s.rule, s.verdict], ["15", "kings_vs_lone_king", "Tablebase: White wins in 13 moves"], "start");
      await page.screenshot({ path: shotPath("trainer-petrov-start.png"), fullPage: false });
      const played = [];
      let whiteMoves = 0;
      let expect = 13;
      for (;;) {
        const t = await tables(page, PETROV, played);
        assertEq(t.verdict.moves, expect, `the tables' distance before White's move ${whiteMoves + 1}`);
        assertEq(s.moves, String(expect), "the verdict shown");
        const rule2 = t.status.counts.kingsVsLoneKing;
        if (rule2) {
          // Rule 2: White's moves left, one less after each White move.
          assertEq([s.rule, Number(s.left)], ["kings_vs_lone_king", 15 - whiteMoves], "White's moves left (rule 2)");
          assertEq(Number(s.left), rule2.movesLeft, "the engine's count");
        } else {
          // The line ends with a sacrifice: after Black's capture rule 4 counts afresh.
          assertEq([s.rule, s.left], ["kings_balance", String(t.status.counts.kingsBalance.movesLeft)], "rule 4");
        }
        const best = t.moves[0];
        assertEq([best.result, best.moves], ["win", expect], "the best move");
        await playClicks(page, best.move);
        whiteMoves += 1;
        expect -= 1;
        await idle(page);
        s = await shown(page);
        const list = notations(s.list);
        assertEq(list[played.length], best.move.notation, "the reader's move in the list");
        played.push(best.move.notation);
        if (s.end) break;
        // The machine's reply: the longest resistance (the tables rank it first).
        const before = await tables(page, PETROV, played);
        const reply = list[played.length];
        assertEq(reply, before.moves[0].move.notation, "the machine plays the tables' first move");
        const longest = Math.max(...before.moves.map((m) => m.moves));
        assertEq(before.moves[0].moves, longest, "the first is the longest resistance");
        played.push(reply);
        const after = await tables(page, PETROV, played);
        assertEq(after.verdict.moves, expect, "the reply leaves the win one move shorter, no more");
      }
      assertEq(whiteMoves, 13, "won in 13 moves");
      assertEq(s.end, "endWon", "the end");
      assert(s.status.includes("You won in 13 moves, within the count."), s.status);
      assertEq(s.left, "", "no count after the game");
      await page.screenshot({ path: shotPath("trainer-petrov-won.png") });
      await axeAudit(page, "trainer 1280 px, en, won");
    },
  },
  {
    name: "trainer: wasted moves run the count out: draw",
    async fn({ page, base }) {
      await openTrainer(page, base);
      const played = [];
      let s = await shown(page);
      let whiteMoves = 0;
      while (!s.end) {
        const t = await tables(page, PETROV, played);
        if (s.rule === "kings_vs_lone_king") assertEq(Number(s.left), 15 - whiteMoves, "White's moves left");
        // Five wasted moves (the last the tables rank that neither loses
        // nor gives a king away), then the best.
        const move = whiteMoves < 5 ? [...t.moves].reverse().find((m) => m.result !== "loss" && !m.offers) : t.moves[0];
        await playClicks(page, move.move);
        whiteMoves += 1;
        await idle(page);
        s = await shown(page);
        played.splice(0, played.length, ...notations(s.list));
      }
      assertEq(s.end, "endCount", "the count ran out");
      assert(s.status.includes("The count ran out: draw."), s.status);
      assert(whiteMoves <= 15, `at most 15 White moves, got ${whiteMoves}`);
      const t = await tables(page, PETROV, played);
      assertEq([t.status.state, t.status.reason], ["draw", "kings_vs_lone_king"], "the engine's result: rule 2");
      await page.screenshot({ path: shotPath("trainer-petrov-draw.png") });
    },
  },
  {
    name: "trainer: holding the main road in Russian, hint, restart and a move by keyboard, axe at 375 and 1280 px",
    async fn({ page, base }) {
      await openTrainer(page, base, "ru");
      assertEq(await page.$eval("#trainer-h2", (e) => e.textContent), "Тренажёр эндшпиля", "heading");
      let s = await shown(page);
      assertEq(s.verdict, "База: белые выигрывают за 13 ходов", "verdict in Russian");
      await page.click("#trainer-hint");
      s = await shown(page);
      const t0 = await tables(page, PETROV, []);
      assertEq(s.status, `Лучший ход: ${t0.moves[0].move.notation} (выигрыш за 13 ходов).`, "hint");
      assertEq(await page.$eval("#trainer-board [data-hint]", (e) => e.getAttribute("data-hint")), t0.moves[0].move.notation, "the hint's arrow");
      await axeAudit(page, "trainer 1280 px, ru");
      await page.click('#trainer-choose button[data-ending="road"]');
      await idle(page);
      s = await shown(page);
      assertEq(s.verdict, "База: ничья", "the road: a draw");
      assertEq(
        await page.$eval('#trainer-choose button[data-ending="road"]', (b) => b.getAttribute("aria-pressed")),
        "true",
        "chosen",
      );
      // Defend with the tables' drawing moves until the count runs out.
      const played = [];
      while (!s.end) {
        const t = await tables(page, ROAD, played);
        assertEq(t.moves[0].result, "draw", "a holding move exists");
        await playClicks(page, t.moves[0].move);
        await idle(page);
        s = await shown(page);
        played.splice(0, played.length, ...notations(s.list));
        if (!s.end) assertEq(s.result, "draw", "still a draw");
      }
      assertEq(s.end, "endHeld", "held");
      assert(s.status.includes("Ничья: вы удержали большак"), s.status);
      const t = await tables(page, ROAD, played);
      assertEq(t.status.state, "draw", "the engine's result");
      await page.setViewportSize({ width: 375, height: 800 });
      await page.locator("#trainer").scrollIntoViewIfNeeded();
      // Two frames: the page lays itself out again for the new width before the picture.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: shotPath("trainer-road-375-ru.png") });
      await axeAudit(page, "trainer 375 px, ru");
      // Restart: the start again, by keyboard.
      await page.focus("#trainer-restart");
      await page.keyboard.press("Enter");
      await idle(page);
      s = await shown(page);
      assertEq([s.list.length, s.end], [0, null], "restarted");
      // A move from the keyboard: each square is a named button.
      const name = await page.$eval('#trainer-board rect[data-square="d6"]', (r) => r.getAttribute("aria-label"));
      assert(name.startsWith("d6, "), `the square's name: ${name}`);
      await page.focus('#trainer-board rect[data-square="d6"]');
      await page.keyboard.press("Enter");
      await page.focus('#trainer-board rect[data-square="e5"]');
      await page.keyboard.press("Enter");
      await idle(page);
      s = await shown(page);
      assertEq(notations(s.list)[0], "d6-e5", "played from the keyboard");
      assertEq(s.result, "draw", "the road is held");
    },
  },
  {
    name: "trainer: the tables once fetched work offline",
    serviceWorkers: "allow",
    async fn({ page, context, base }) {
      await page.goto(`${base}/lessons.html?lang=en`);
      await page.waitForFunction(() => navigator.serviceWorker && !!navigator.serviceWorker.controller, null, {
        timeout: 20000,
      });
      // Now controlled: the Worker's table fetches go through the service worker.
      await openTrainer(page, base);
      await context.setOffline(true);
      await openTrainer(page, base);
      let s = await shown(page);
      assertEq(s.verdict, "Tablebase: White wins in 13 moves", "the verdict offline");
      await page.click('#trainer-choose button[data-ending="corner"]');
      await idle(page);
      s = await shown(page);
      // Two kings against a king needs a subset of Petrov's files: cached too.
      assertEq(s.verdict, "Tablebase: White wins in 4 moves", "the corner offline");
      await page.click('#trainer-choose button[data-ending="petrov"]');
      await idle(page);
      // The hint (the tables' first move, from the Worker) is played.
      await page.click("#trainer-hint");
      const hint = await page.$eval("#trainer-board [data-hint]", (e) => e.getAttribute("data-hint"));
      const [from, to] = hint.split(/[-:]/);
      await playClicks(page, { from, to });
      await idle(page);
      s = await shown(page);
      assertEq(s.list.length, 2, "the machine replied offline");
      assertEq(s.verdict, "Tablebase: White wins in 12 moves", "after one move");
      await context.setOffline(false);
    },
  },
  {
    name: "trainer: without the table files the page says so and the bot still answers",
    async fn({ page, context, base }) {
      await context.route("**/egtb/*.egtb", (route) => route.fulfill({ status: 404, body: "" }));
      await openTrainer(page, base);
      let s = await shown(page);
      assertEq(s.verdict, "Tablebase: no exact answer here (the table is not loaded, or the counts are outside it)", "no table");
      assert(await page.$eval("#trainer-hint", (b) => b.disabled), "no hint without the tables");
      await playClicks(page, { from: "b2", to: "c1" });
      await idle(page);
      s = await shown(page);
      assertEq(s.list.length, 2, "the bot's search replied");
      await context.unroute("**/egtb/*.egtb");
    },
  },
];
