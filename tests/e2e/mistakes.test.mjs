// Browser tests of "learn from your mistakes" on the analysis page
// (www/shared/mistakes.js). The game is a four-piece ending, so the
// endgame tables prove every verdict: with men on c3 and g3 against e5 and
// a7, White draws with g3-h4 (or g3-f4) and loses after c3-b4 (a7-b6) or
// c3-d4 (e5:c3). The game plays the blunder c3-b4 a7-b6. (Checked with
// `shashki bestmove --fen ...`: B:Wb4,g3:Be5,a7 and B:Wd4,g3:Be5,a7 are won
// for Black, B:Wc3,h4:Be5,a7 is a draw.)

import { assert, assertEq, axeAudit, shotPath } from "./lib.mjs";

const FEN = "W:Wc3,g3:Be5,a7";
const HASH = `fen=${encodeURIComponent(FEN)}&moves=${encodeURIComponent("c3-b4 a7-b6")}`;
const EX = "[data-mistake-exercise]";

async function openAnalysis(page, base, hash, lang = "en") {
  await page.goto("about:blank");
  await page.goto(`${base}/analysis.html?lang=${lang}${hash ? `#${hash}` : ""}`);
  await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
}

async function review(page) {
  await page.selectOption("#review-budget", "150");
  await page.click("#btn-review");
  await page.waitForFunction(() => window.shashkiAnalysis.reviewDone, null, { timeout: 60000 });
}

async function playOnExercise(page, from, to) {
  await page.locator(`${EX} rect[data-square="${from}"]`).click();
  await page.locator(`${EX} rect[data-square="${to}"]`).click();
}

const state = (page) => page.getAttribute(EX, "data-state");

export const tests = [
  {
    name: "mistakes: a reviewed blunder becomes an exercise; a wrong try, retry, a right one; kept for later",
    timeoutMs: 120000,
    async fn({ page, base }) {
      await page.goto(`${base}/analysis.html`);
      await page.evaluate(() => localStorage.clear());
      await openAnalysis(page, base, HASH);
      assert(await page.isHidden("#btn-mistakes-stored"), "nothing stored yet");
      await review(page);
      const label = await page.textContent("#btn-mistakes");
      assert(await page.isVisible("#btn-mistakes"), "the review offers its mistakes");
      assertEq(label.trim(), "Learn from the mistakes (1)", "one exercise: the blunder c3-b4");
      await page.click("#btn-mistakes");
      await page.waitForSelector(`${EX}:not([hidden])`);
      assertEq(await state(page), "try", "the exercise waits for a move");
      const context = await page.textContent(`${EX} [data-mistake-context]`);
      assert(/White played 1\. c3-b4/.test(context), `the exercise names the game's move: ${context}`);
      // the position before the blunder is on the board
      const pieces = await page.$$eval(`${EX} [data-piece]`, (els) => els.map((e) => `${e.getAttribute("data-square")}:${e.getAttribute("data-piece")}`).sort());
      assertEq(pieces, ["a7:black-man", "c3:white-man", "e5:black-man", "g3:white-man"], "the position before c3-b4");
      // a wrong try first: c3-d4 loses as well
      await playOnExercise(page, "c3", "d4");
      await page.waitForFunction((s) => document.querySelector(s).dataset.state === "wrong", EX, { timeout: 20000 });
      const wrong = await page.textContent(`${EX} [data-mistake-feedback]`);
      assert(/c3-d4 is not better/.test(wrong), `the wrong try is explained: ${wrong}`);
      await page.click(`${EX} [data-mistake-action="retry"]`);
      assertEq(await state(page), "try", "retry starts again");
      await page.click(`${EX} [data-mistake-action="hint"]`);
      assert(/starts from [a-h][1-8]/.test(await page.textContent(`${EX} [data-mistake-feedback]`)), "the hint names a square");
      // then a right one: g3-h4 holds the draw
      await playOnExercise(page, "g3", "h4");
      await page.waitForFunction((s) => document.querySelector(s).dataset.state === "right", EX, { timeout: 20000 });
      assert(await page.isVisible(`${EX} [data-mistake-line]`), "the engine's line is shown after");
      await page.screenshot({ path: shotPath("mistakes-right.png") });
      // kept for later: a fresh page offers the stored exercise
      await openAnalysis(page, base, "");
      assertEq((await page.textContent("#btn-mistakes-stored")).trim(), "Practise saved mistakes (1)", "the exercise is kept");
      await page.click("#btn-mistakes-stored");
      await page.waitForSelector(`${EX}:not([hidden])`);
      assertEq(await state(page), "try", "the stored exercise opens");
    },
  },
  {
    name: "mistakes: in Russian, axe-clean at 375 and 1280 px",
    timeoutMs: 120000,
    async fn({ page, base }) {
      await page.goto(`${base}/analysis.html`);
      await page.evaluate(() => localStorage.clear());
      await openAnalysis(page, base, HASH, "ru");
      await review(page);
      assertEq((await page.textContent("#btn-mistakes")).trim(), "Работа над ошибками (1)", "the button in Russian");
      await page.click("#btn-mistakes");
      await page.waitForSelector(`${EX}:not([hidden])`);
      assert(/Ход белых\. Найдите ход сильнее\./.test(await page.textContent(`${EX} [data-mistake-feedback]`)), "the task in Russian");
      assert(/Здесь белые сыграли 1\. c3-b4/.test(await page.textContent(`${EX} [data-mistake-context]`)), "the context in Russian");
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await axeAudit(page, `mistakes exercise, ${width} px`);
      }
      await page.locator(EX).scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath("mistakes-ru-1280.png") });
    },
  },
  {
    name: "mistakes: at the end of a play-page game (and from My games), its review makes the player's blunder an exercise, kept for the puzzles page's link",
    timeoutMs: 150000,
    async fn({ page, base }) {
      for (const lang of ["en", "ru"]) {
        await page.goto(`${base}/index.html`);
        await page.evaluate(() => localStorage.clear());
        await page.goto("about:blank");
        await page.goto(`${base}/index.html?lang=${lang}#${HASH}`);
        await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
        assert(await page.isHidden("[data-review-game]"), "no review while the game goes on");
        // White (the player) resigns: the game is over.
        await page.click("#btn-resign");
        await page.click("#confirm-yes");
        await page.waitForSelector("[data-review-game]:not([hidden])");
        await page.click("[data-review-game]");
        await page.waitForSelector(`${EX}:not([hidden])`, { timeout: 60000 });
        assertEq(await state(page), "try", "the exercise waits for a move");
        const context = await page.textContent(`${EX} [data-mistake-context]`);
        const status = await page.textContent("#review-game-status");
        if (lang === "en") {
          assert(/^Your game: here White played 1\. c3-b4, a blunder\.$/.test(context.trim()), context);
          assertEq(status.trim(), "One exercise from your mistakes, also kept for later.", "the review's outcome");
        } else {
          assert(/^Ваша партия: здесь белые сыграли 1\. c3-b4 — грубая ошибка\.$/.test(context.trim()), context);
          assert(status.includes("Упражнений по вашим ошибкам: 1"), status);
        }
        const pieces = await page.$$eval(`${EX} [data-piece]`, (els) => els.map((e) => `${e.getAttribute("data-square")}:${e.getAttribute("data-piece")}`).sort());
        assertEq(pieces, ["a7:black-man", "c3:white-man", "e5:black-man", "g3:white-man"], "the position before c3-b4");
        // A wrong try (c3-d4 loses too), then the right one (g3-h4 holds).
        await playOnExercise(page, "c3", "d4");
        await page.waitForFunction((s) => document.querySelector(s).dataset.state === "wrong", EX, { timeout: 20000 });
        await page.click(`${EX} [data-mistake-action="retry"]`);
        await playOnExercise(page, "g3", "h4");
        await page.waitForFunction((s) => document.querySelector(s).dataset.state === "right", EX, { timeout: 20000 });
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await axeAudit(page, `play page exercise, ${lang}, ${width} px`);
        }
        await page.locator(EX).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shotPath(`mistakes-play-${lang}.png`) });
        // Kept: only the player's move (Black's a7-b6 is the bot's).
        const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("shashki.mistakes.v1")));
        assertEq(kept.map((x) => `${x.side} ${x.played}`), ["white c3-b4"], "the stored exercises");
        // The same from My games (IndexedDB): the stored game reviewed again.
        await page.waitForSelector("[data-archive-review]");
        // (the context is fresh for this test: one game stored per language played)
        assertEq(await page.locator("[data-archive-review]").count(), lang === "en" ? 1 : 2, "the stored games to review");
        assertEq(await state(page), "right", "the first exercise was solved");
        await page.locator("[data-archive-review]").first().click();
        // the review runs again, then the exercise opens afresh
        await page.waitForFunction((s) => document.querySelector(s).dataset.state === "try", EX, { timeout: 60000 });
        const again = await page.evaluate(() => JSON.parse(localStorage.getItem("shashki.mistakes.v1")));
        assertEq(again.length, 1, "the same exercise is not stored twice");
        await axeAudit(page, `play page, My games review, ${lang}`);
        // Practised again later, from the puzzles page's link.
        await page.goto(`${base}/puzzles.html?lang=${lang}`);
        await page.click("[data-practise-mistakes]");
        await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
        await page.waitForSelector(`${EX}:not([hidden])`);
        assertEq(await state(page), "try", "the saved exercise opens on the analysis page");
        assert((await page.textContent(`${EX} [data-mistake-context]`)).includes("c3-b4"), "the same exercise");
      }
    },
  },
];
