// Browser tests from a review of every page in both languages: no English
// left on a Russian page, and the Russian of the texts built from data.

import { assert, assertEq, waitReady } from "./lib.mjs";
import { widgetsReady } from "./pages-lib.mjs";

const bodyReady = (page) => page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
const puzzleReady = async (page) => {
  await page.waitForSelector("#board-slot shashki-board");
  await page.evaluate(() => document.querySelector("#board-slot shashki-board").ready);
};

const PAGES = [
  { path: "", ready: waitReady },
  { path: "rules.html", ready: widgetsReady },
  { path: "lessons.html", ready: widgetsReady },
  { path: "puzzles.html", ready: puzzleReady },
  { path: "analysis.html", ready: bodyReady },
];

/** Words that read the same in both languages: format names, Roman numerals
 * (data) and JavaScript (the lessons' trainers say they need it until they
 * are built, when the reader comes near them). */
const SAME_IN_BOTH = /^(FEN|PDN|JavaScript|[IVXLC]+)$/;

/**
 * Every text the reader meets on the page: visible text nodes, the title,
 * aria-labels, titles, alt texts and placeholders, each with where it is.
 */
function pageTexts(page) {
  return page.evaluate(() => {
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
    };
    const where = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}`;
    const out = [{ where: "title", text: document.title }];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode()); ) {
      const el = n.parentElement;
      const text = n.textContent.replace(/\s+/g, " ").trim();
      if (text && el && !el.closest("script, style, textarea") && shown(el)) out.push({ where: where(el), text });
    }
    for (const a of ["aria-label", "title", "alt", "placeholder"]) {
      for (const el of document.querySelectorAll(`[${a}]`)) out.push({ where: `${where(el)}[${a}]`, text: el.getAttribute(a) });
    }
    return out;
  });
}

const latinWords = (text) => (text.match(/[A-Za-z]{3,}/g) || []).filter((w) => !SAME_IN_BOTH.test(w));

async function openIn(page, base, p, lang) {
  await page.goto(`${base}/${p.path}?lang=${lang}`);
  await p.ready(page);
  return pageTexts(page);
}

export const tests = [
  ...PAGES.map((p) => ({
    name: `polish: ${p.path || "play page"} in Russian shows no English word of its English version`,
    async fn({ page, base }) {
      const english = new Set((await openIn(page, base, p, "en")).flatMap((t) => latinWords(t.text)));
      assert(english.size > 20, `the English page has words (${english.size})`);
      const left = (await openIn(page, base, p, "ru"))
        .filter((t) => latinWords(t.text).some((w) => english.has(w)))
        .map((t) => `${t.where}: ${t.text.slice(0, 100)}`);
      assertEq(left, [], `English on the Russian ${p.path || "play page"}`);
    },
  })),
  {
    name: "polish: the puzzle's source and the review's times read in Russian",
    async fn({ page, base }) {
      await page.goto(`${base}/puzzles.html?lang=ru#id=y2nthak`);
      await puzzleReady(page);
      assertEq(
        (await page.textContent("#puzzle-source")).trim(),
        "Источник: классическая партия № 1: Абаулин В. – Абациев Н., XXV первенство СССР 1965; 17-й ход, ход чёрных",
        "source of a real game's puzzle",
      );
      await page.goto(`${base}/analysis.html?lang=ru`);
      await bodyReady(page);
      assertEq(await page.$$eval("#review-budget option", (os) => os.map((o) => o.textContent)), ["0,15 с", "0,4 с", "1 с", "3 с"], "times");
    },
  },
  {
    name: "polish: the analysis page says so in the reader's language when the engine cannot load",
    async fn({ page, base }) {
      await page.route("**/*.wasm", (route) => route.abort());
      for (const [lang, start] of [
        ["en", "The engine could not be loaded ("],
        ["ru", "Не удалось загрузить движок ("],
      ]) {
        await page.goto(`${base}/analysis.html?lang=${lang}`);
        await page.waitForFunction(() => document.getElementById("status").textContent !== "", null, { timeout: 20000 });
        const text = await page.textContent("#status");
        assert(text.startsWith(start), `${lang}: ${text}`);
      }
    },
    // the failed load itself: the aborted fetch and the page's rethrow
    allowErrors: [/./],
  },
];
