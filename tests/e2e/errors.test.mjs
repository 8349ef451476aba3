// A bad FEN or PDN pasted on the play page, the analysis page and the
// analysis editor: the error is worded from the engine's detail code
// (error_detail::ErrorDetail) in the reader's language, as a sentence that
// names the line, the move and the text; the same words on both pages.

import { assertEq, shotPath, waitReady } from "./lib.mjs";

const BAD_FEN = "W:Wz9:Bh8";
const BAD_PDN = '[Event "x"]\n1. c3-d4 f6-g5\n2. a1-b2 *';
const LIGHT_FEN = "W:Wa2:Bh8";

const WORDS = {
  en: {
    fen: "This FEN cannot be read. “z9” is not a square (write a1 to h8, or 1 to 32).",
    pdn: "This PDN cannot be read. Line 3, move 2. a1-b2: the piece on a1 has no legal move.",
    kept: " The previous position is kept.",
    variation: "This PDN cannot be read. A variation ( comes before any move it could replace.",
    link: "This link cannot be opened. In c3-d5, d5 is a light square; pieces stand only on dark squares.",
    light: "This FEN cannot be read. The square a2 is light; pieces stand only on dark squares.",
    analysisDescription:
      "Set up any Russian draughts position, analyse it with the engine, and review whole games move by move.",
  },
  ru: {
    fen: "Этот FEN прочитать не удалось. «z9» — не поле (пишите от a1 до h8 или от 1 до 32).",
    pdn: "Этот PDN прочитать не удалось. Строка 3, ход 2. a1-b2: шашке на a1 некуда ходить.",
    kept: " Прежняя позиция осталась.",
    variation: "Этот PDN прочитать не удалось. Вариант ( стоит раньше хода, который он мог бы заменить.",
    link: "Эту ссылку открыть не удалось. В записи c3-d5 поле d5 светлое, а шашки стоят только на тёмных.",
    light: "Этот FEN прочитать не удалось. Поле a2 светлое, а шашки стоят только на тёмных.",
    analysisDescription:
      "Расставьте любую позицию в русских шашках, разберите её с движком и просмотрите целые партии ход за ходом.",
  },
};

/** Opens every closed <details> around `sel`, so the field can be filled. */
async function reveal(page, sel) {
  await page.$eval(sel, (el) => {
    for (let d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
  });
}

async function paste(page, input, button, out, text) {
  await reveal(page, input);
  await page.fill(input, text);
  await page.click(button);
  return (await page.textContent(out)).trim();
}

const metaDescription = (page) => page.$eval('meta[name="description"]', (m) => m.content);

export const tests = ["en", "ru"].map((lang) => ({
  name: `errors: a bad FEN and PDN are worded from the engine's code (${lang})`,
  async fn({ page, base }) {
    const w = WORDS[lang];
    await page.goto(`${base}/?lang=${lang}`);
    await waitReady(page);
    assertEq(await paste(page, "#paste-in", "#btn-load", "#load-error", BAD_FEN), w.fen, "play: bad FEN");
    assertEq(await paste(page, "#paste-in", "#btn-load", "#load-error", BAD_PDN), w.pdn, "play: bad PDN");
    await page.screenshot({ path: shotPath(`errors-play-${lang}.png`) });

    await page.goto(`${base}/analysis.html?lang=${lang}`);
    await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
    assertEq(await metaDescription(page), w.analysisDescription, "analysis: the description in the reader's language");
    assertEq(await paste(page, "#paste-in", "#btn-paste", "#paste-error", BAD_FEN), w.fen + w.kept, "analysis: bad FEN");
    assertEq(await paste(page, "#paste-in", "#btn-paste", "#paste-error", BAD_PDN), w.pdn + w.kept, "analysis: bad PDN");
    // the analysis page's own reading of the variations, and a broken link
    const variation = await paste(page, "#paste-in", "#btn-paste", "#paste-error", "( c3-d4 ) 1. c3-d4 *");
    assertEq(variation, w.variation + w.kept, "analysis: a variation before any move");
    await page.goto(`${base}/analysis.html?lang=${lang}#moves=c3-d5`);
    await page.waitForFunction(() => document.body.classList.contains("ready"), null, { timeout: 20000 });
    assertEq((await page.textContent("#paste-error")).trim(), w.link + w.kept, "analysis: a broken link");
    await page.click("#btn-edit");
    assertEq(await paste(page, "#editor-fen", "#editor-fen-load", "#editor-error", LIGHT_FEN), w.light, "editor: bad FEN");
    await page.screenshot({ path: shotPath(`errors-analysis-${lang}.png`) });
  },
}));
