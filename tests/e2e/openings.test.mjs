// Browser tests of the named openings (issue 24): the name on the play and
// analysis pages, the explorer's counts against the games file, opening
// practice, and the openings page's accessibility.

import { readFileSync } from "node:fs";
import { assert, assertEq, axeAudit, newGame, oracle, shotPath, waitForMoves, waitReady } from "./lib.mjs";
import { widgetsReady } from "./pages-lib.mjs";

const GAMES = readFileSync(new URL("../data/russian-games.pdn", import.meta.url), "utf8");

/** The moves of every game of the PDN file, as written (x read as :), by
 * its own plain parse: tags and move numbers dropped, the result last. */
function gameMoves() {
  const out = [];
  for (const block of GAMES.split(/\n\s*\n(?=\[)/)) {
    const text = block
      .split("\n")
      .filter((l) => !l.startsWith("["))
      .join(" ");
    const words = text
      .split(/\s+/)
      .filter((w) => w && !/^\d+\.+$/.test(w) && !/^(1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|\*)$/.test(w))
      .map((w) => w.replace(/^\d+\.+/, "").replace(/x/g, ":"))
      .filter(Boolean);
    if (words.length) out.push(words);
  }
  return out;
}

/** Games starting with `prefix`, and how often each next move follows. */
function countAfter(all, prefix) {
  const reached = all.filter((ms) => prefix.every((m, i) => ms[i] === m));
  const next = {};
  for (const ms of reached) {
    const m = ms[prefix.length];
    if (m) next[m] = (next[m] || 0) + 1;
  }
  return { games: reached.length, next };
}

async function typeMove(page, move) {
  const before = await page.$$eval("#move-list button.move", (els) => els.length);
  await page.fill("#move-input", move);
  await page.press("#move-input", "Enter");
  await waitForMoves(page, before + 1);
}

async function openingsReady(page) {
  await page.waitForFunction(() => document.body.classList.contains("ready") && window.shashkiOpenings?.explorerReady, null, {
    timeout: 20000,
  });
}

/** The explorer back at the start position, and painted there: the line,
 * the board and the moves table change together once the Worker has
 * answered, so reading the table before that would read the old position. */
async function toStart(page) {
  await page.evaluate(() => {
    const b = document.getElementById("ex-start");
    if (!b.disabled) b.click();
  });
  await page.waitForFunction(() => document.getElementById("ex-start").disabled);
}

const CITY = ["c3-d4", "d6-c5", "b2-c3", "f6-g5"];

export const tests = [
  ...[
    ["en", "City Game"],
    ["ru", "Городская партия"],
  ].map(([lang, name]) => ({
    name: `openings: the play page names the opening after its defining moves (${lang})`,
    async fn({ page, base }) {
      await page.goto(`${base}/?lang=${lang}`);
      await waitReady(page);
      await newGame(page, { side: "humans" });
      await waitReady(page);
      assertEq(await page.$eval("[data-opening]", (e) => e.textContent), "", "no name at the start");
      for (const m of CITY.slice(0, 3)) await typeMove(page, m);
      assertEq(await page.$eval("[data-opening]", (e) => e.textContent), "", "no name before the defining position");
      await typeMove(page, CITY[3]);
      const shown = await page.$eval("[data-opening]", (e) => ({ text: e.textContent, id: e.dataset.openingId }));
      assertEq(shown, { text: name, id: "gorodskaya" });
      assert(await page.isVisible("#opening-row"), "the opening line is shown");
      // One more move (out of the table): the name stays.
      await typeMove(page, "c3-b4");
      assertEq(await page.$eval("[data-opening]", (e) => e.dataset.openingId), "gorodskaya");
      // Viewing the start position: no name; back to the game: the name.
      await page.click("#nav-first");
      await page.waitForFunction(() => document.querySelector("[data-opening]").dataset.openingId === "");
      await page.click("#nav-last");
      await page.waitForFunction(() => document.querySelector("[data-opening]").dataset.openingId === "gorodskaya");
      // The PDN export carries it.
      await page.click("#io summary");
      // the export is written on the details' toggle event, a task after the click
      await page.waitForFunction(() => document.querySelector("#pdn-out").value !== "");
      const pdn = await page.$eval("#pdn-out", (e) => e.value);
      assert(pdn.includes('[Opening "Городская партия"]'), pdn);
      await page.screenshot({ path: shotPath(`openings-play-${lang}.png`) });
    },
  })),
  {
    name: "openings: analysis.html#moves= opens the line with its name at once (%20 and +)",
    async fn({ page, base }) {
      for (const [hash, id, name] of [
        ["moves=c3-d4%20d6-c5%20b2-c3%20e7-d6", "staraya", "Old Game"],
        ["moves=g3-f4+f6-e5+h2-g3", "kaulena", "Kaulen's Game"],
      ]) {
        await page.goto(`${base}/analysis.html?lang=en#${hash}`);
        await page.waitForFunction((id) => document.querySelector("[data-opening]")?.dataset.openingId === id, id, { timeout: 20000 });
        assertEq(await page.$eval("[data-opening]", (e) => e.textContent), name);
      }
      // Back to the start of the line: no name.
      await page.click("#nav-first");
      await page.waitForFunction(() => document.querySelector("[data-opening]").dataset.openingId === "");
      assertEq(await page.$eval("[data-opening]", (e) => e.textContent), "");
    },
  },
  {
    name: "openings: the classic games list shows and filters by opening",
    async fn({ page, base }) {
      await page.goto(`${base}/analysis.html?lang=ru`);
      await page.waitForFunction(() => document.body.classList.contains("ready"));
      await page.click("#classics summary");
      await page.waitForSelector("#classics-list button[data-game]", { timeout: 20000 });
      await page.selectOption("#classics-opening", "kol");
      const ids = await page.$$eval("#classics-list button[data-game]", (els) => els.map((e) => e.dataset.openingId));
      assertEq(ids.length, 11, "11 classic games reach the Stake (tests/data/classic-openings.txt)");
      assert(ids.every((i) => i === "kol"), ids.join(" "));
      assertEq(await page.$eval("#classics-list .classic-opening", (e) => e.textContent), "Кол");
    },
  },
  {
    name: "openings: the explorer's counts match the games file",
    timeoutMs: 90000,
    async fn({ page, base }) {
      const all = gameMoves();
      assertEq(all.length, 200, "the test's own parse finds 200 games");
      await page.goto(`${base}/openings.html?lang=en`);
      await openingsReady(page);
      // Up to two plies no other move order reaches the same position, so
      // counting by the first moves as written is an independent count.
      for (const prefix of [[], ["c3-d4"], ["c3-d4", "f6-g5"], ["g3-h4"]]) {
        await toStart(page);
        for (const m of prefix) {
          await page.click(`#ex-moves-body tr[data-explorer-move="${m}"] button`);
        }
        await page.waitForFunction((line) => document.getElementById("ex-line").textContent === line, prefix.join(" ") || "start position");
        const want = countAfter(all, prefix);
        assertEq(Number(await page.$eval("#ex-games", (e) => e.dataset.count)), want.games, `games at ${prefix.join(" ")}`);
        const rows = await page.$$eval("#ex-moves-body tr", (trs) =>
          Object.fromEntries(trs.filter((t) => t.dataset.count !== "0").map((t) => [t.dataset.explorerMove, Number(t.dataset.count)])),
        );
        const sorted = (o) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1));
        assertEq(sorted(rows), sorted(want.next), `moves after ${prefix.join(" ") || "the start"}`);
        if (!prefix.length) assert(Object.keys(want.next).length >= 5, "several first moves");
      }
      // The book column: every first move of the book is marked.
      await toStart(page);
      const book = await page.$$eval('#ex-moves-body tr[data-book="true"]', (trs) => trs.map((t) => t.dataset.explorerMove));
      assert(book.includes("c3-d4") && book.length >= 5, `book moves: ${book}`);
      // The engine's evaluation, on demand.
      await page.click("#ex-eval");
      await page.waitForFunction(() => [...document.querySelectorAll("#ex-moves-body .ex-eval")].every((c) => c.textContent !== ""), null, {
        timeout: 60000,
      });
      const evals = await page.$$eval("#ex-moves-body .ex-eval", (cs) => cs.map((c) => c.textContent));
      assert(evals.every((e) => /^[+-]?\d+\.\d\d$|wins/.test(e)), evals.join(" "));
      await page.screenshot({ path: shotPath("openings-explorer.png"), fullPage: false });
    },
  },
  {
    name: "openings: a games file that cannot be read is said in the explorer, which still plays",
    async fn({ page, base }) {
      // The Worker's fetch of the games file answered 404 (a Worker's
      // requests go through the context's routes too).
      await page.context().route("**/russian-games.pdn", (route) => route.fulfill({ status: 404, body: "" }));
      await page.goto(`${base}/openings.html?lang=en`);
      await page.waitForFunction(() => /could not be read: HTTP 404/.test(document.getElementById("ex-games").textContent), null, {
        timeout: 20000,
      });
      assert(!(await page.evaluate(() => window.shashkiOpenings.explorerReady)), "no index, so not ready");
      // The book's moves are still offered and play.
      await page.click('#ex-moves-body tr[data-explorer-move="c3-d4"] button');
      await page.waitForFunction(() => document.getElementById("ex-line").textContent === "c3-d4");
      assert(/could not be read/.test(await page.$eval("#ex-games", (e) => e.textContent)), "the failure is still said");
    },
  },
  {
    name: "openings: every named opening is listed with a diagram and opens the explorer",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await page.goto(`${base}/openings.html?lang=ru`);
      await openingsReady(page);
      await widgetsReady(page);
      const all = await oracle(page, (m) => m.openings().map((o) => ({ id: o.id, ru: o.ru, fen: o.fen })));
      assert(all.length >= 30, `${all.length} openings`);
      const entries = await page.$$eval("[data-opening-entry]", (els) =>
        els.map((e) => ({ id: e.dataset.id, name: e.querySelector("h3").textContent, fen: e.querySelector("shashki-board").getAttribute("fen") })),
      );
      assertEq(entries, all.map((o) => ({ id: o.id, name: o.ru, fen: o.fen })));
      // Each entry has its description and source (engine/openings-notes.txt).
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-opening-entry]")].every((e) => e.querySelector(".opening-about").textContent.length > 40 && e.querySelector(".opening-source").textContent),
      );
      await page.click('[data-opening-entry][data-id="perekrestok"] a');
      await page.waitForFunction(() => document.querySelector("#ex-opening").dataset.openingId === "perekrestok");
      assertEq(await page.$eval("#ex-opening", (e) => e.textContent), "Перекрёсток");
      assertEq(await page.$eval("#ex-line", (e) => e.textContent), "c3-d4 d6-e5 b2-c3 e7-d6");
    },
  },
  {
    name: "openings: practice starts from the opening's position and the drill says when you leave the line",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await page.goto(`${base}/openings.html?lang=en`);
      await openingsReady(page);
      const kaulen = await oracle(page, (m) => m.openings().find((o) => o.id === "kaulena").fen);
      await page.selectOption("#pr-opening", "kaulena");
      await page.check('input[name="pr-side"][value="black"]');
      await page.check('input[name="pr-mode"][value="play"]');
      await page.click("#pr-start");
      await page.waitForFunction(() => window.shashkiOpenings.practice?.id === "kaulena");
      const p = await page.evaluate(() => window.shashkiOpenings.practice);
      assertEq({ fen: p.fen, ply: p.ply }, { fen: kaulen, ply: 3 }, "Black to move after 1.g3-f4 f6-e5 2.h2-g3");
      assertEq(await page.$eval("#pr-status", (e) => e.dataset.practiceStatus), "your-move");
      assertEq(await page.$eval("#pr-name", (e) => e.dataset.openingId), "kaulena");
      // As White in the City Game the bot answers from the position.
      await page.selectOption("#pr-opening", "gorodskaya");
      await page.check('input[name="pr-side"][value="white"]');
      await page.click("#pr-start");
      await page.waitForFunction(() => window.shashkiOpenings.practice?.id === "gorodskaya");
      const city = await oracle(page, (m) => m.openings().find((o) => o.id === "gorodskaya").fen);
      assertEq(await page.evaluate(() => window.shashkiOpenings.practice.fen), city);

      // Drill, as White: a wrong first move is refused with the book move.
      await page.check('input[name="pr-mode"][value="drill"]');
      await page.click("#pr-start");
      await page.waitForFunction(() => window.shashkiOpenings.practice?.mode === "drill");
      assertEq(await page.evaluate(() => window.shashkiOpenings.practice.ply), 0);
      await page.click('#pr-board rect[data-square="a3"]');
      await page.click('#pr-board rect[data-square="b4"]');
      await page.waitForFunction(() => document.getElementById("pr-status").dataset.practiceStatus === "wrong");
      assert((await page.textContent("#pr-status")).includes("c3-d4"), await page.textContent("#pr-status"));
      assertEq(await page.evaluate(() => window.shashkiOpenings.practice.ply), 0, "the wrong move is not kept");
      await page.click('#pr-board rect[data-square="c3"]');
      await page.click('#pr-board rect[data-square="d4"]');
      // The other side's line move follows by itself.
      await page.waitForFunction(() => window.shashkiOpenings.practice.ply === 2);
      assertEq(await page.$eval("#pr-status", (e) => e.dataset.practiceStatus), "your-move");
      await page.screenshot({ path: shotPath("openings-practice.png") });
    },
  },
  ...[375, 1280].map((width) => ({
    name: `openings: the openings page passes axe-core at ${width} px`,
    viewport: { width, height: 900 },
    timeoutMs: 90000,
    async fn({ page, base }) {
      await page.goto(`${base}/openings.html?lang=en`);
      await openingsReady(page);
      await widgetsReady(page);
      await page.click("#pr-start");
      await page.waitForFunction(() => window.shashkiOpenings.practice !== null);
      await axeAudit(page, `openings.html at ${width} px`);
      await page.screenshot({ path: shotPath(`openings-${width}.png`), fullPage: width === 375 });
    },
  })),
];
