// Browser tests of the coordinate trainer on the lessons page
// (www/lessons/coords.js). Where a square is on the screen is computed here
// from the board's frame and the notation's convention (files a-h from
// White's left, ranks 1-8 from White's side; the board turned for Black),
// not read from the trainer's own labels, so a board drawn the wrong way
// round or a trainer that names squares wrongly fails.

import { assert, assertEq, axeAudit, shotPath } from "./lib.mjs";

const ROOT = "[data-coordinate-trainer]";
/** The board's drawing: 8 squares of 100 units inside a 40-unit frame. */
const SQ = 100;
const MARGIN = 40;
const SIZE = 8 * SQ + 2 * MARGIN;

/** Screen point of a square's centre for a board seen from `side`. */
async function pointOf(page, square, side) {
  const box = await page.locator(`${ROOT} svg`).boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const col = side === "black" ? 7 - file : file;
  const row = side === "black" ? rank : 7 - rank;
  const k = box.width / SIZE;
  return { x: box.x + (MARGIN + col * SQ + SQ / 2) * k, y: box.y + (MARGIN + row * SQ + SQ / 2) * k };
}

/** The square under a screen point, by the same convention. */
function squareAt(box, x, y, side) {
  const k = box.width / SIZE;
  const col = Math.floor(((x - box.x) / k - MARGIN) / SQ);
  const row = Math.floor(((y - box.y) / k - MARGIN) / SQ);
  const file = side === "black" ? 7 - col : col;
  const rank = side === "black" ? row : 7 - row;
  return String.fromCharCode(97 + file) + String(rank + 1);
}

const DARK = [];
for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) if ((f + r) % 2 === 0) DARK.push(String.fromCharCode(97 + f) + (r + 1));

async function openTrainer(page, base, lang = "en") {
  // a fresh load every time (a goto that changes only the hash would not reload)
  await page.goto("about:blank");
  await page.goto(`${base}/lessons.html?lang=${lang}#coordinates`);
  await page.waitForSelector(`${ROOT}[data-state="idle"] [data-coords-start]`);
}

function shown(page) {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel);
    const q = (a) => r.querySelector(`[${a}]`)?.textContent || "";
    return {
      state: r.dataset.state,
      target: q("data-coords-target"),
      score: Number(q("data-coords-score")),
      best: Number(q("data-coords-best")),
      feedback: q("data-coords-feedback"),
      prompt: q("data-coords-prompt"),
      ms: Number(r.querySelector("[data-coords-time]")?.dataset.ms),
    };
  }, ROOT);
}

/** Chooses a task and a side by their buttons' names, then starts a run of `seconds`. */
async function startRun(page, { task, side, seconds }) {
  const names = { find: /Find the square|Найди поле/, name: /Name the square|Назови поле/, white: /White|белых/, black: /Black|чёрных/ };
  await page.locator(`${ROOT} button`, { hasText: names[task] }).click();
  await page.locator(`${ROOT} button`, { hasText: names[side] }).click();
  await page.evaluate(([sel, s]) => (document.querySelector(sel).dataset.seconds = String(s)), [ROOT, seconds]);
  await page.locator(`${ROOT} [data-coords-start]`).click();
  await page.waitForSelector(`${ROOT}[data-state="running"]`);
}

export const tests = [
  {
    name: "coords: find the square from White's side, a miss, hits, the best kept after a reload",
    timeoutMs: 60000,
    async fn({ page, base }) {
      await openTrainer(page, base);
      await startRun(page, { task: "find", side: "white", seconds: 8 });
      let s = await shown(page);
      assert(DARK.includes(s.target), `the target is a dark square name (${s.target})`);
      assert(s.ms > 0 && s.ms <= 8000, `the clock runs from the run's length (${s.ms} ms)`);
      // a wrong square first: the feedback names the square clicked
      const wrong = DARK.find((q) => q !== s.target);
      let p = await pointOf(page, wrong, "white");
      await page.mouse.click(p.x, p.y);
      s = await shown(page);
      assertEq(s.score, 0, "a miss scores nothing");
      assert(s.feedback.includes(wrong) && s.feedback.includes(s.target), `the miss is explained: ${s.feedback}`);
      // then three right ones, clicked where the notation puts them
      for (let i = 0; i < 3; i++) {
        const before = await shown(page);
        p = await pointOf(page, before.target, "white");
        await page.mouse.click(p.x, p.y);
        const after = await shown(page);
        assertEq(after.score, i + 1, `hit ${i + 1} counts`);
        assert(after.target !== before.target, "the next square is another one");
      }
      const ms1 = (await shown(page)).ms;
      await page.waitForTimeout(300);
      assert((await shown(page)).ms < ms1, "the clock runs down");
      await page.screenshot({ path: shotPath("coords-find-white.png") });
      await page.waitForSelector(`${ROOT}[data-state="done"]`, { timeout: 15000 });
      s = await shown(page);
      assertEq(s.best, 3, "the run's score is the best");
      assert(/3 squares, 1 miss|new best/.test(s.feedback), `the end says the score: ${s.feedback}`);
      await openTrainer(page, base);
      // the default task and side are find / White
      assertEq((await shown(page)).best, 3, "the best survives a reload");
      await page.locator(`${ROOT} button`, { hasText: /Black/ }).click();
      assertEq((await shown(page)).best, 0, "each side keeps its own best");
    },
  },
  {
    name: "coords: name the marked square from Black's side, in Russian",
    async fn({ page, base }) {
      await openTrainer(page, base, "ru");
      await startRun(page, { task: "name", side: "black", seconds: 20 });
      const s0 = await shown(page);
      assert(/Какое поле отмечено/.test(s0.prompt), `the prompt is Russian: ${s0.prompt}`);
      const box = await page.locator(`${ROOT} svg`).boundingBox();
      for (let i = 0; i < 3; i++) {
        const mark = await page.locator(`${ROOT} .sb-highlight`).boundingBox();
        const marked = squareAt(box, mark.x + mark.width / 2, mark.y + mark.height / 2, "black");
        assert(DARK.includes(marked), `the mark is on a dark square (${marked})`);
        const names = await page.locator(`${ROOT} [data-coords-answer]`).allTextContents();
        assertEq(names.length, 4, "four names to choose from");
        assert(names.includes(marked), `the marked square ${marked} is among ${names}`);
        if (i === 0) {
          const other = names.find((n) => n !== marked);
          await page.locator(`${ROOT} [data-coords-answer="${other}"]`).click();
          const s = await shown(page);
          assertEq(s.score, 0, "a wrong name scores nothing");
          assert(s.feedback.includes(`Не ${other}`), `the miss is said in Russian: ${s.feedback}`);
        }
        await page.locator(`${ROOT} [data-coords-answer="${marked}"]`).click();
        assertEq((await shown(page)).score, i + 1, `right name ${i + 1} counts`);
      }
      await page.screenshot({ path: shotPath("coords-name-black-ru.png") });
      await page.locator(`${ROOT} [data-coords-start]`).click(); // Стоп
      const s = await shown(page);
      assertEq(s.state, "done", "a stopped run ends");
      assertEq(s.best, 0, "a stopped run is not kept as a best");
      assert(/Остановлено после: 3 поля/.test(s.feedback), `the stop is said in Russian: ${s.feedback}`);
    },
  },
  {
    name: "coords: keyboard, square mode takes no moves, axe at 375 and 1280 px",
    async fn({ page, base }) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await openTrainer(page, base);
        await page.locator(ROOT).scrollIntoViewIfNeeded();
        await axeAudit(page, `coordinate trainer idle, ${width} px`);
        await startRun(page, { task: "find", side: "white", seconds: 20 });
        // Enter on the focused square (a1 from White's side) answers with a1
        const target = (await shown(page)).target;
        await page.keyboard.press("Enter");
        const s = await shown(page);
        if (target === "a1") assertEq(s.score, 1, "Enter on a1 answers a1");
        else assert(s.feedback.includes("a1"), `Enter answered with the focused square a1: ${s.feedback}`);
        await axeAudit(page, `coordinate trainer running, ${width} px`);
        if (width === 375) await page.screenshot({ path: shotPath("coords-375.png"), fullPage: false });
        await page.locator(`${ROOT} [data-coords-start]`).click();
      }
    },
  },
];
