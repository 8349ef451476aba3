// Browser tests of the two languages: the switch on every page, <html lang>,
// the choice kept across reloads, ?lang= forcing it, the browser's language
// as the default, Russian plurals in the draw counts, the engine's refusals
// in Russian, and an axe-core audit of the Russian pages.

import { assert, assertEq, axeAudit, settled, shotPath, status, waitReady } from "./lib.mjs";
import { widgetsReady } from "./pages-lib.mjs";

const PAGES = [
  { path: "", ready: waitReady, en: { sel: "#btn-new", text: "New game" }, ru: { sel: "#btn-new", text: "Новая партия" } },
  {
    path: "rules.html",
    ready: widgetsReady,
    en: { sel: "h1", text: "How to play Russian draughts" },
    ru: { sel: "h1", text: "Как играть в русские шашки" },
  },
  { path: "lessons.html", ready: widgetsReady, en: { sel: "h1", text: "Lessons" }, ru: { sel: "h1", text: "Уроки" } },
];

/** The Russian plural, written out here independently of the site's Intl.PluralRules. */
function ruWord(n, one, few, many) {
  const d = n % 10;
  const h = n % 100;
  if (d === 1 && h !== 11) return one;
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return few;
  return many;
}

const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
const text = async (page, sel) => (await page.textContent(sel)).replace(/\s+/g, " ").trim();

/**
 * Illegal moves of every reason code a game can give (`gameOver` cannot:
 * a finished game refuses every move with `game_over`; tests/notation.rs
 * has it), tried on the engine: for each, the
 * error's sentence in the page's language, the reason worded from its code,
 * the engine's English reason and the code.
 */
function illegalTries(page) {
  return page.evaluate(async () => {
    const { loadEngine } = await import("./board/engine.js");
    const { errorText, illegalReason } = await import("./shared/status-text.js");
    // These are the modules as files, a second copy beside the release
    // build's bundles (scripts/bundle-pages.mjs): in the page's language too.
    (await import("./i18n/i18n.js")).setLang(document.documentElement.lang);
    const E = await loadEngine();
    const tries = [
      [null, "a5-b6"],
      [null, "b6-a5"],
      [null, "c3-e5"],
      [null, "a1-b2"],
      ["W:Wd4,e1,g3:Bc3,f8,h6", "e1-f2"],
      ["W:Wd4,e1,g3:Bc3,f8,h6", "d4-e5"],
      ["W:Wa3,a5,b4,g3:Bb8,c5,e5,e7,f6", "b4:d6"],
      ["W:WKa1:Bc3,f4", "a1:f6"],
      ["W:Wc3:Bd4,b4", "c3:a5:e5"],
    ];
    return tries.map(([fen, mv]) => {
      const g = fen ? E.Game.fromFen(fen) : new E.Game();
      try {
        g.play(mv);
        return { text: `${mv} was played` };
      } catch (e) {
        return { text: errorText(e), reason: illegalReason(e), engine: e.reason, code: e.reasonCode };
      } finally {
        g.free();
      }
    });
  });
}

async function switchTo(page, lang) {
  await page.selectOption("#lang-select", lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** Both languages on one page: its own text, the header's and <html lang>. */
async function checkLang(page, p, lang) {
  assertEq(await htmlLang(page), lang, `${p.path || "play"}: <html lang>`);
  assertEq(await text(page, p[lang].sel), p[lang].text, `${p.path || "play"}: ${p[lang].sel} in ${lang}`);
  assertEq(await text(page, '.site-nav a[href="rules.html"]'), lang === "ru" ? "Правила" : "Rules", "the nav");
  assertEq(await page.inputValue("#lang-select"), lang, "the switch shows the language");
  const label = await page.evaluate(() => document.querySelector('label[for="lang-select"]').textContent);
  assertEq(label, lang === "ru" ? "Язык" : "Language", "the switch's label");
}

/** Plays a share link on the play page (two players, so no bot moves). */
async function openShared(page, base, fen, moves) {
  const hash = new URLSearchParams({ fen, moves }).toString();
  await page.goto(`${base}/#${hash}`);
  await waitReady(page);
}

export const tests = [
  ...PAGES.map((p) => ({
    name: `i18n: ${p.path || "play page"} switches to Russian and back, and the choice survives a reload`,
    async fn({ page, base }) {
      await page.goto(`${base}/${p.path}`);
      await p.ready(page);
      await checkLang(page, p, "en");
      await switchTo(page, "ru");
      await checkLang(page, p, "ru");
      await page.screenshot({ path: shotPath(`i18n-${p.path || "play"}-ru.png`) });
      await page.reload();
      await p.ready(page);
      await checkLang(page, p, "ru");
      await switchTo(page, "en");
      await checkLang(page, p, "en");
      await page.reload();
      await p.ready(page);
      await checkLang(page, p, "en");
    },
  })),
  {
    name: "i18n: ?lang= forces the language over the remembered one, and the browser's language is the default",
    async fn({ page, base, browser }) {
      await page.goto(`${base}/rules.html`);
      await switchTo(page, "ru");
      await page.goto(`${base}/rules.html?lang=en`);
      await checkLang(page, PAGES[1], "en");
      await page.goto(`${base}/lessons.html?lang=ru`);
      await checkLang(page, PAGES[2], "ru");
      // a Russian browser with nothing remembered opens in Russian
      const ctx = await browser.newContext({ locale: "ru-RU" });
      try {
        const p2 = await ctx.newPage();
        await p2.goto(`${base}/`);
        await waitReady(p2);
        await checkLang(p2, PAGES[0], "ru");
        assertEq((await status(p2)).text, "Ход белых Ваш ход", "the play page's status line");
        await p2.goto(`${base}/?lang=en`);
        await waitReady(p2);
        await checkLang(p2, PAGES[0], "en");
      } finally {
        await ctx.close();
      }
    },
  },
  {
    name: "i18n: the play page's draw counts and results read with Russian plurals",
    async fn({ page, base }) {
      await page.goto(`${base}/?lang=ru`);
      await waitReady(page);
      // Two kings against one: 5 moves of each side (the engine's count);
      // each pair of moves takes one off: 5 ходов, 4 хода, 3 хода, 2 хода, 1 ход.
      const fen = "W:WKc1,Kh2:BKa7";
      const line = ["c1-d2", "a7-b8", "d2-e3", "b8-a7", "e3-f4", "a7-b8", "f4-g5", "b8-a7"];
      const want = ["5 ходов", "4 хода", "3 хода", "2 хода", "1 ход"];
      for (let k = 0; k <= 4; k++) {
        await openShared(page, base, fen, line.slice(0, 2 * k).join(" "));
        const counts = await page.evaluate(() => window.shashkiPlay && document.getElementById("draw-count").textContent);
        assertEq(
          counts,
          `Ничья через ${want[k]}, если не будет взятия или новой дамки.`,
          `the draw count after ${k} moves each`,
        );
        assertEq((await status(page)).text, "Ход белых Ваш ход", "the status line");
      }
      // Three kings against a lone king: the stronger side's count.
      await openShared(page, base, "W:WKc1,Ke1,Kg1:BKh6", "");
      assertEq(await text(page, "#draw-count"), "У белых осталось 15 ходов, чтобы выиграть.", "the lone-king count");
      assertEq(await text(page, "#player-bottom .player-count"), "3 дамки", "White's pieces");
      assertEq(await text(page, "#player-top .player-count"), "1 дамка", "Black's pieces");
      // A finished game: the result and its reason.
      await openShared(page, base, "W:Wc3:Bd4", "c3:e5");
      const st = await status(page);
      assertEq(st.state, "win", "the game is over");
      assertEq(st.text, "Победа белых У чёрных не осталось шашек.", "the result in Russian");
      // The engine's refusal, by its code and reason, in Russian (a new game:
      // the finished one above is the saved game).
      await page.evaluate(() => localStorage.removeItem("shashki.play.v1"));
      await page.goto(`${base}/?lang=ru`);
      await waitReady(page);
      await page.fill("#move-input", "c3-e5");
      await page.press("#move-input", "Enter");
      await page.waitForSelector("#move-error:not(:empty)");
      assertEq(
        await text(page, "#move-error"),
        "Так ходить нельзя: шашка с c3 может пойти только на b4 или d4.",
        "an illegal move explained in Russian",
      );
      // Every code of the engine's illegal-move reasons has Russian words.
      const reasons = await illegalTries(page);
      assertEq(
        reasons.map((r) => r.text),
        [
          "Так ходить нельзя: на a5 нет шашки.",
          "Так ходить нельзя: шашка на b6 не ваша, сейчас ход белых.",
          "Так ходить нельзя: шашка с c3 может пойти только на b4 или d4.",
          "Так ходить нельзя: шашке на a1 некуда ходить.",
          "Так ходить нельзя: брать обязательно, а эта шашка бить не может.",
          "Так ходить нельзя: брать обязательно, а шашка с d4 может бить на b2.",
          "Так ходить нельзя: бой не закончен — с d6 шашка должна бить дальше.",
          "Так ходить нельзя: дамка должна остановиться на том поле, с которого может бить дальше.",
          "Так ходить нельзя: эта шашка не может бить по такому пути.",
        ],
        "the engine's reasons in Russian",
      );
      assertEq(
        reasons.map((r) => r.code),
        ["noPiece", "notYours", "onlyTo", "noMove", "mustCaptureOther", "mustCaptureTo", "notFinished", "kingMustStop", "noSuchPath"],
        "each try gives its own reason code",
      );
      await switchTo(page, "en");
      assertEq(await text(page, "#move-error"), "", "the old language's error is cleared");
      // In English the words from the code are the engine's own sentence.
      for (const r of await illegalTries(page)) assertEq(r.reason, r.engine, `${r.code} in English`);
      assertEq((await status(page)).text, "White to move Your move", "the status line in English again");
      await settled(page);
    },
  },
  {
    name: "i18n: the widgets and lessons speak Russian: status lines, counts, refusals, progress",
    async fn({ page, base }) {
      await page.goto(`${base}/rules.html?lang=ru`);
      const widgets = await widgetsReady(page);
      const lone = widgets.findIndex((w) => w.attrs.fen === "W:WKc1,Ke1,Kg1:BKh6");
      assert(lone >= 0, "the lone-king widget");
      assertEq(
        widgets[lone].status,
        "Ход белых. Счёт до ничьей: одинокая дамка — белым осталось 15 ходов; ходят только дамки — осталось 15 ходов; дамки у обеих сторон — осталось 30 ходов.",
        "the lone-king widget's status line",
      );
      const label = await page.locator("shashki-board").nth(lone).locator("svg[aria-label]").first().getAttribute("aria-label");
      assert(label.endsWith("Доска. Белые: дамки c1, e1 и g1. Чёрные: дамка h6. Ход белых."), `board label: ${label}`);
      const rules6 = await text(page, '[data-i18n="rules.end.p6"]');
      assert(rules6.includes("через 5 ходов") && rules6.includes("через 30 ходов") && rules6.includes("через 60 ходов"), rules6);
      const cap = await page.locator("shashki-board").nth(lone).locator("figcaption").textContent();
      assert(cap.startsWith("У белых 15 ходов, чтобы поймать чёрную дамку."), `caption: ${cap}`);
      // The rule numbers come from the engine's ruleFacts().
      const facts = await page.evaluate(async () => {
        const { loadEngine } = await import("./board/engine.js");
        return (await loadEngine()).ruleFacts();
      });
      assertEq(
        [facts.loneKingMoves, facts.mainRoadMoves, facts.kingsBalance.map((b) => b.moves), facts.kingsOnly.map((b) => b.moves)],
        [15, 5, [5, 30, 60], [15, 25]],
        "ruleFacts()",
      );
      assertEq([facts.whiteCrowningRank, facts.blackCrowningRank, facts.repetitions], [8, 1, 3], "ruleFacts(): ranks, repetitions");
      // back to English: the same widget in English again
      await switchTo(page, "en");
      const spans = await page.$$eval("[data-fact]", (els) => els.map((e) => [e.dataset.fact, Number(e.textContent)]));
      assert(spans.length >= 7, `numbers marked in the rules text: ${spans.length}`);
      for (const [path, n] of spans) {
        assertEq(n, path.split(".").reduce((o, k) => o[k], facts), `the rules text's ${path}`);
      }
      const back = await page.locator("shashki-board").nth(lone).locator(".sbw-status").textContent();
      assert(back.startsWith("White to move. Draw counts: lone king, 15 moves left for White; only kings moving, 15 moves left"), back);

      await page.goto(`${base}/lessons.html?lang=ru`);
      await widgetsReady(page);
      const total = await page.locator('shashki-board[mode="exercise"]').count();
      assertEq(await text(page, "#progress-text"), `${total} ${ruWord(total, "упражнение", "упражнения", "упражнений")}. Ваши успехи сохраняются в этом браузере.`, "progress");
      const ex = page.locator("#ex-1-2");
      assertEq(await ex.locator(".sbw-prompt").textContent(), "Белые обязаны бить — вперёд или назад. Каким боем шашка не теряется?", "the prompt");
      const r = await page.evaluate(() => document.getElementById("ex-1-2").attempt("g3-f4"));
      assert(!r.ok && r.message.startsWith("Так нельзя: брать обязательно"), `refusal: ${r.message}`);
      const r2 = await page.evaluate(() => document.getElementById("ex-1-2").attempt("e5:c3"));
      assert(r2.ok, "the solution is accepted");
      await page.waitForFunction(() => document.getElementById("ex-1-2").solved);
      // genitive after «из»: из 1 / 21 упражнения, из 2 / 13 упражнений
      const gen = total % 10 === 1 && total % 100 !== 11 ? "упражнения" : "упражнений";
      assertEq(await text(page, "#progress-text"), `Решено 1 из ${total} ${gen}.`, "progress after one");
      const solvedLine = await ex.locator(".sbw-status").textContent();
      assert(solvedLine.startsWith("Решено! Бой назад"), `solved: ${solvedLine}`);
      await switchTo(page, "en");
      assertEq((await ex.locator(".sbw-status").textContent()).trim(), "Solved! The backward capture lands among your own men, where nothing can take it.", "solved, in English");
      assert((await ex.getAttribute("solved")) !== null, "still solved after the switch");
    },
  },
  ...[375, 1280].map((width) => ({
    name: `i18n: axe-core finds nothing moderate or worse on the Russian pages at ${width} px`,
    viewport: { width, height: 900 },
    async fn({ page, base }) {
      for (const p of PAGES) {
        await page.goto(`${base}/${p.path}?lang=ru`);
        await p.ready(page);
        await axeAudit(page, `${p.path || "play"} at ${width} px`);
        await page.screenshot({ path: shotPath(`i18n-axe-${p.path || "play"}-${width}.png`), fullPage: width === 375 });
      }
    },
  })),
  {
    name: "i18n: the site's links fit a phone's width in both languages, on every page",
    timeoutMs: 180000,
    async fn({ page, base }) {
      const pages = ["", "rules.html", "lessons.html", "analysis.html", "openings.html", "puzzles.html"];
      for (const width of [320, 375, 412]) {
        await page.setViewportSize({ width, height: 740 });
        for (const lang of ["ru", "en"]) {
          for (const p of pages) {
            await page.goto(`${base}/${p}?lang=${lang}`);
            await page.waitForFunction((l) => document.documentElement.lang === l, lang);
            const nav = await page.evaluate(() => {
              const n = document.querySelector(".site-nav");
              const links = [...n.querySelectorAll("a")].map((a) => {
                const r = a.getBoundingClientRect();
                return { text: a.textContent.trim(), left: r.left, right: r.right, height: r.height };
              });
              return { scroll: n.scrollWidth, client: n.clientWidth, links };
            });
            const where = `${p || "play"} at ${width} px in ${lang}`;
            assertEq(nav.links.length, 6, `${where}: six links`);
            assert(nav.scroll <= nav.client, `${where}: the links overflow their row (${nav.scroll} > ${nav.client} px)`);
            for (const l of nav.links) {
              assert(l.left >= 0 && l.right <= width, `${where}: "${l.text}" is cut off (${l.left}..${l.right})`);
              assert(l.height >= 24, `${where}: "${l.text}" is only ${l.height} px high to tap`);
            }
          }
          if (lang === "ru") await page.screenshot({ path: shotPath(`i18n-nav-ru-${width}.png`), clip: { x: 0, y: 0, width, height: 140 } });
        }
      }
    },
  },
];
