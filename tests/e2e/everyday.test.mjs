// Browser tests of everyday play (issue 23): clocks (a 3+2 game with its
// increment, a flag fall in both languages, the bot on its own clock), two
// players turning the board, the settings shared by every page, My games
// (kept across a reload, exported as PDN the engine reads back, a storage
// failure shown while the game goes on), and axe on what changed.

import { readFileSync } from "node:fs";
import { assert, assertEq, axeAudit, currentLegalMoves, oracle, open, settled, shotPath, status, waitForMoves, waitReady } from "./lib.mjs";

/** Starts a game through the New game dialog with a time control. */
async function startGame(page, { side = "white", level = null, tc = "none", custom = null, autoFlip = true } = {}) {
  await page.click("#btn-new");
  await page.waitForSelector("#new-game-dialog[open]");
  await page.check(`#new-game-form input[name="side"][value="${side}"]`, { force: true });
  if (level !== null && side !== "humans") await page.selectOption("#level-select", String(level));
  await page.selectOption("select[data-time-control]", tc);
  if (custom) {
    await page.fill('input[name="customWhite"]', String(custom.white));
    await page.fill('input[name="customBlack"]', String(custom.black));
    await page.fill('input[name="customInc"]', String(custom.inc));
  }
  if (side === "humans") await page.setChecked("#auto-flip", autoFlip);
  await page.evaluate(() => {
    window.__started = false;
    document.getElementById("new-game-dialog").addEventListener("close", () => (window.__started = true), { once: true });
  });
  await page.click("#new-game-start");
  await page.waitForFunction(() => window.__started === true);
}

const clockMs = (page, color) => page.$eval(`[data-clock="${color}"]`, (el) => Number(el.dataset.ms));

async function typeMove(page, move) {
  const n = await page.$$eval("#move-list button.move", (els) => els.length);
  await page.fill("#move-input", move);
  await page.click("#move-submit");
  await waitForMoves(page, n + 1);
}

async function pdnShown(page) {
  if (!(await page.$eval("#io", (el) => el.open))) await page.click("#io summary");
  await page.waitForFunction(() => document.getElementById("pdn-out").value !== "");
  return page.$eval("#pdn-out", (el) => el.value);
}

export const tests = [
  {
    name: "clock: a 3+2 game between two players, both clocks run and the increment is added",
    async fn({ page, base }) {
      await open(page, base);
      await startGame(page, { side: "humans", tc: "3+2" });
      assertEq(await page.$eval('[data-clock="black"]', (el) => el.textContent), "3:00", "Black's clock shows 3:00");
      await page.waitForTimeout(1200);
      const w0 = await clockMs(page, "white");
      assert(w0 < 179000 && w0 > 170000, `White's clock runs first: ${w0}`);
      assertEq(await clockMs(page, "black"), 180000, "Black's clock waits");
      const before = Date.now();
      const wBefore = await clockMs(page, "white");
      await typeMove(page, "c3-d4");
      const spent = Date.now() - before;
      const w1 = await clockMs(page, "white");
      // The 2 s increment was added after White's move (less the time the move took).
      assert(w1 >= wBefore + 2000 - spent - 150 && w1 <= wBefore + 2000 + 50, `increment: ${wBefore} -> ${w1} (move took ${spent} ms)`);
      await page.waitForTimeout(1000);
      const b1 = await clockMs(page, "black");
      assert(b1 < 179200, `Black's clock runs after White's move: ${b1}`);
      assertEq(await clockMs(page, "white"), w1, "White's clock stopped");
      await typeMove(page, "f6-g5");
      const b2 = await clockMs(page, "black");
      assert(b2 > b1 + 1000, `Black's increment: ${b1} -> ${b2}`);
      assert(b2 < 182000, `Black still below its start plus one increment: ${b2}`);
      const pdn = await pdnShown(page);
      assert(pdn.includes('[TimeControl "180+2"]'), `PDN TimeControl:\n${pdn}`);
      await page.screenshot({ path: shotPath("clock-3+2.png") });
      // A reload keeps both clocks; White's, to move, runs on.
      await page.reload();
      await waitReady(page);
      assertEq(await clockMs(page, "black"), b2, "Black's clock kept");
      const w2 = await clockMs(page, "white");
      await page.waitForTimeout(500);
      assert((await clockMs(page, "white")) < w2 && w2 <= w1, `White's clock runs on after the reload: ${w1} -> ${w2}`);
    },
  },
  {
    name: "clock: a flag fall with a short custom control decides the game, its reason in both languages",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await open(page, base);
      // Handicap: White 3 seconds, Black 5 minutes.
      await startGame(page, { side: "humans", tc: "custom", custom: { white: 0.05, black: 5, inc: 0 } });
      await page.waitForFunction(() => document.getElementById("status").dataset.status === "win", null, { timeout: 15000 });
      const st = await status(page);
      assert(st.text.includes("White ran out of time."), `reason in English: ${st.text}`);
      assert(st.text.includes("Black wins"), `Black wins: ${st.text}`);
      assertEq(await clockMs(page, "white"), 0, "White's clock at zero");
      const pdn = await pdnShown(page);
      assert(pdn.includes('[Termination "time forfeit"]') && pdn.includes('[Result "0-2"]'), pdn);
      const back = await oracle(
        page,
        (m, pdn) => {
          const g = m.Game.fromPdn(pdn);
          const s = g.status();
          g.free();
          return s;
        },
        pdn,
      );
      assertEq([back.state, back.winner, back.reason], ["win", "black", "time_forfeit"], "the engine reads the flag fall back");
      await page.selectOption("#lang-select", "ru");
      await page.waitForFunction(() => document.documentElement.lang === "ru");
      await page.waitForFunction(() => document.getElementById("status").textContent.includes("У белых истекло время."));
      await page.screenshot({ path: shotPath("clock-flag-ru.png") });
    },
  },
  {
    name: "clock: the bot answers on its own clock, within the budget the formula gives",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await open(page, base);
      await startGame(page, { side: "black", level: 6, tc: "1+0" });
      await waitForMoves(page, 1, 30000);
      const bot = await page.evaluate(() => window.shashkiPlay.lastBot);
      assert(bot && bot.clockMs > 50000 && bot.clockMs <= 60000, `the bot's clock when asked: ${bot && bot.clockMs}`);
      // The documented formula, computed here independently of the engine.
      const usable = Math.max(0, bot.clockMs - 1000);
      const expected = Math.min(3000, 0.2 * usable, usable / 40 + 0.75 * bot.incrementMs);
      assert(Math.abs(bot.budgetMs - expected) < 1, `budget ${bot.budgetMs} = formula ${expected}`);
      assert(bot.budgetMs < 3000, "shorter than level 6's own 3 s");
      assert(bot.elapsedMs <= bot.budgetMs + 400, `the bot kept to its budget: ${bot.elapsedMs} ms of ${bot.budgetMs}`);
      const white = await clockMs(page, "white");
      assert(white < 60000 && white >= 60000 - bot.elapsedMs - 1500, `White's (the bot's) clock ran while it thought: ${white}`);
      await page.waitForTimeout(600);
      assert((await clockMs(page, "black")) < 59800, "now the player's clock runs");
    },
  },
  {
    name: "two players: the board turns to the side to move and the status says whose turn it is",
    async fn({ page, base }) {
      await open(page, base);
      await startGame(page, { side: "humans" });
      const orientation = () => page.$eval("#board svg", (el) => el.dataset.orientation);
      assertEq(await orientation(), "white", "White at the bottom first");
      await typeMove(page, "c3-d4");
      await page.waitForFunction(() => document.querySelector("#board svg").dataset.orientation === "black");
      assert((await status(page)).text.includes("Black's turn"), "the status names Black");
      await page.screenshot({ path: shotPath("two-players-black.png") });
      await typeMove(page, "f6-g5");
      await page.waitForFunction(() => document.querySelector("#board svg").dataset.orientation === "white");
      // Either side may resign: Black's turn after White's move, Black resigns.
      await typeMove(page, "g3-h4");
      await page.click("#btn-resign");
      await page.click("#confirm-yes");
      await page.waitForFunction(() => document.getElementById("status").dataset.status === "win");
      assert((await status(page)).text.includes("Black resigned"), (await status(page)).text);
    },
  },
  {
    name: "sound: off by default, and once on no audio starts before the first gesture",
    async fn({ page, context, base }) {
      await context.addInitScript(() => {
        window.__audioContexts = 0;
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
          constructor(...a) {
            super(...a);
            window.__audioContexts += 1;
          }
        };
      });
      await open(page, base);
      assertEq(await page.evaluate(() => document.documentElement.dataset.sound), "off", "off by default");
      await page.evaluate(() => localStorage.setItem("shashki.settings.v1", JSON.stringify({ sound: "on" })));
      // A shared game opened by its link: the bot answers (a move, so a
      // sound) before the reader has clicked anything: it stays silent.
      await page.goto(`${base}/rules.html`);
      await page.goto(`${base}/#moves=c3-d4`);
      await waitReady(page);
      await waitForMoves(page, 2);
      assertEq(await page.evaluate(() => document.documentElement.dataset.sound), "on", "the switch remembered");
      assertEq(await page.evaluate(() => window.__audioContexts), 0, "no AudioContext before a gesture");
      const [move] = await currentLegalMoves(page);
      await typeMove(page, move.notation);
      assertEq(await page.evaluate(() => window.__audioContexts), 1, "the move's sound after the click");
    },
  },
  {
    name: "settings: a board theme chosen on the play page shows on the rules page after a reload",
    async fn({ page, base }) {
      await open(page, base);
      await page.click("#settings-open");
      await page.waitForSelector("#settings-dialog[open]");
      for (const s of ["board-theme", "piece-style", "coordinates", "animation", "sound"]) {
        assert(await page.$(`[data-setting="${s}"]`), `a control for ${s}`);
      }
      await page.selectOption('[data-setting="board-theme"]', "contrast");
      await page.selectOption('[data-setting="coordinates"]', "squares");
      assertEq(await page.evaluate(() => document.documentElement.dataset.boardTheme), "contrast", "applied at once");
      const fill = () => page.$eval(".sb-dark", (el) => getComputedStyle(el).fill);
      assertEq(await fill(), "rgb(59, 59, 59)", "the play board's dark squares");
      await axeAudit(page, "settings panel open");
      await page.click("#settings-close");
      await page.goto(`${base}/rules.html`);
      await page.reload();
      await page.waitForSelector("shashki-board .sb-dark");
      assertEq(await page.evaluate(() => document.documentElement.dataset.boardTheme), "contrast", "rules page: <html data-board-theme>");
      assertEq(await fill(), "rgb(59, 59, 59)", "the rules page's widget boards");
      assert(await page.$eval("shashki-board .sb-square-names", (el) => getComputedStyle(el).display !== "none"), "names on the squares");
      await page.screenshot({ path: shotPath("settings-contrast-rules.png") });
      // The attribute is there before any script module ran: the inline head script set it.
      const html = await (await page.request.get(`${base}/rules.html`)).text();
      const inline = html.indexOf("shashki.settings.v1");
      assert(inline > 0 && inline < html.indexOf('rel="stylesheet"'), "the theme is set in <head> before the style sheets");
    },
  },
  {
    name: "my games: a finished game is kept across a reload and exports as PDN the engine reads back",
    async fn({ page, base }) {
      await open(page, base);
      await startGame(page, { side: "humans", tc: "5+3" });
      await typeMove(page, "c3-d4");
      await typeMove(page, "f6-g5");
      await page.click("#btn-resign"); // White to move resigns
      await page.click("#confirm-yes");
      await page.waitForSelector("[data-archive-game]");
      await page.reload();
      await waitReady(page);
      await page.waitForSelector("[data-archive-game]");
      assertEq(await page.$$eval("[data-archive-game]", (els) => els.length), 1, "one game kept");
      const text = await page.$eval("[data-archive-game]", (el) => el.textContent);
      assert(text.includes("Two players") && text.includes("0-2") && text.includes("White resigned"), text);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-archive-export]")]);
      const pdn = readFileSync(await download.path(), "utf8");
      assert(pdn.includes('[TimeControl "300+3"]') && pdn.includes('[Termination "normal"]'), pdn);
      const back = await oracle(
        page,
        (m, pdn) => {
          const g = m.Game.fromPdn(pdn);
          const r = { moves: g.history().map((h) => h.notation), status: g.status() };
          g.free();
          return r;
        },
        pdn,
      );
      assertEq(back.moves, ["c3-d4", "f6-g5"], "moves read back");
      assertEq([back.status.winner, back.status.reason], ["black", "resignation"], "result read back");
      // Deleted, then imported back from the file: the engine reads it again.
      await page.click("#archive-clear");
      await page.click("#confirm-yes");
      await page.waitForFunction(() => document.querySelectorAll("[data-archive-game]").length === 0);
      await page.setInputFiles("#archive-import", { name: "my-games.pdn", mimeType: "text/plain", buffer: Buffer.from(pdn) });
      await page.waitForFunction(() => document.querySelectorAll("[data-archive-game]").length === 1);
      const again = await page.$eval("[data-archive-game]", (el) => el.textContent);
      assert(again.includes("Two players") && again.includes("White resigned"), again);
      assert((await page.$eval("#archive-status", (el) => el.textContent)).includes("1 game imported"), "import reported");
      // A new game after an unfinished one keeps it as abandoned.
      await startGame(page, { side: "humans" });
      await typeMove(page, "a3-b4");
      await startGame(page, { side: "humans" });
      await page.waitForFunction(() => document.querySelectorAll("[data-archive-game]").length === 2);
      await page.selectOption("#archive-filter-result", "unfinished");
      assertEq(await page.$$eval("[data-archive-game]", (els) => els.length), 1, "filter: the abandoned one");
      await settled(page);
    },
  },
  {
    name: "my games: the strength estimate is the rating whose expected score equals the points scored",
    async fn({ page, base }) {
      await open(page, base);
      const r = await page.evaluate(async () => {
        const m = await import("/play/strength.js");
        const games = [
          { level: 3, score: 1 },
          { level: 4, score: 0 },
          { level: 4, score: 0.5 },
          { level: 2, score: 1 },
        ];
        const est = m.estimateStrength(games);
        const expected = games.reduce((s, g) => s + 1 / (1 + 10 ** ((m.LEVEL_ELO[g.level] - est.elo) / 400)), 0);
        return { est, expected, above: m.estimateStrength([{ level: 5, score: 1 }]), none: m.estimateStrength([]) };
      });
      assertEq(r.est.kind, "estimate", "an estimate");
      assert(Math.abs(r.expected - 2.5) < 0.01, `expected score at the estimate ${r.expected} = 2.5 points`);
      assert(r.est.lo < r.est.elo && r.est.elo < r.est.hi, "an interval around it");
      assertEq(r.above, { kind: "above", elo: 2318 }, "only wins: above the level beaten");
      assertEq(r.none, null, "no games: no estimate");
    },
  },
  {
    name: "my games: a storage failure is reported and the game goes on",
    async fn({ page, context, base }) {
      await context.addInitScript(() => {
        Object.defineProperty(window, "indexedDB", {
          configurable: true,
          value: {
            open() {
              throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
            },
          },
        });
      });
      await open(page, base);
      await page.waitForFunction(() => document.getElementById("archive-error").textContent !== "");
      const msg = await page.$eval("#archive-error", (el) => el.textContent);
      assert(msg.includes("cannot be kept") && msg.includes("quota"), msg);
      await startGame(page, { side: "humans" });
      await typeMove(page, "c3-d4");
      await typeMove(page, "f6-g5");
      await page.click("#btn-resign");
      await page.click("#confirm-yes");
      await page.waitForFunction(() => document.getElementById("status").dataset.status === "win");
      await page.reload();
      await waitReady(page);
      assertEq((await status(page)).state, "win", "the game itself survived the reload");
    },
  },
  {
    name: "everyday play: axe-core finds nothing on the play page (clocks, dialogs, My games) at 375 and 1280 px",
    timeoutMs: 90000,
    async fn({ page, base }) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, base);
        await startGame(page, { side: "humans", tc: "10+5" });
        await typeMove(page, "c3-d4");
        await page.click("#btn-resign");
        await page.click("#confirm-yes");
        await page.waitForSelector("[data-archive-game]");
        await axeAudit(page, `play page with clocks and My games, ${width} px`);
        await page.click("#btn-new");
        await page.selectOption("select[data-time-control]", "custom");
        await axeAudit(page, `new game dialog with a custom clock, ${width} px`);
        await page.screenshot({ path: shotPath(`new-game-custom-${width}.png`) });
        await page.click('#new-game-form button[value="cancel"]');
        await page.click("#settings-open");
        await axeAudit(page, `settings panel, ${width} px`);
        await page.screenshot({ path: shotPath(`settings-${width}.png`) });
        await page.click("#settings-close");
        await page.goto(`${base}/rules.html`);
        await axeAudit(page, `rules page, ${width} px`);
        await page.evaluate(() => {
          localStorage.clear();
          indexedDB.deleteDatabase("shashki-games");
        });
      }
    },
  },
];
