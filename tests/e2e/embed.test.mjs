// Browser test of www/embed-example.html, the page docs/embedding.md points
// other sites at: the widget used with nothing but its own script tag.

import { assert, assertEq, axeAudit, shotPath } from "./lib.mjs";
import { attemptIn, expectedPieces, widgetsReady } from "./pages-lib.mjs";

/** The shot of the rules page (its end position is checked there by tests/rules_page.rs). */
const SHOT_FEN = "W:Wa3,b4,c3,e1,f4,g3,h2:Ba5,c7,e7,f8,g7,h6,h8";
const SHOT_END = "B:Wa3,Kb8,e1,g3,h2:Be7,f8,g7,h6,h8";

/** Pieces drawn inside the widget with this id: {square: piece}. */
function piecesOf(page, id) {
  return page.evaluate((id) => {
    const list = [...document.getElementById(id).querySelectorAll("[data-piece]")].map((e) => [
      e.getAttribute("data-square"),
      e.getAttribute("data-piece"),
    ]);
    return Object.fromEntries(list.sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  }, id);
}

async function animationsDone(page) {
  await page.waitForFunction(() => !document.querySelector(".sb-animating"), null, { timeout: 10000 });
}

export const tests = [
  {
    name: "embed: the example page's diagram, move line, explorer and exercise work; axe-clean",
    async fn({ page, base }) {
      const requests = [];
      const missing = [];
      page.on("request", (r) => requests.push(new URL(r.url()).pathname));
      page.on("response", (r) => r.status() >= 400 && missing.push(`${r.status()} ${new URL(r.url()).pathname}`));
      await page.goto(`${base}/embed-example.html`);
      const widgets = await widgetsReady(page);
      assertEq(widgets.map((w) => w.attrs.id), ["diagram", "replay", "explore", "exercise"], "the four boards");
      assert(widgets.every((w) => !w.error), "no board reports an engine error");
      assertEq(missing, [], "every file the page asks for is there");
      assertEq(requests.filter((p) => p.endsWith("/shashki_bg.wasm")).length, 1, "the engine is fetched once for four boards");

      // The diagram: the pieces of its FEN, its arrow and its highlight.
      assertEq(await piecesOf(page, "diagram"), expectedPieces(SHOT_FEN), "the diagram's pieces");
      assertEq(await page.locator("#diagram [data-arrow]").count(), 1, "the diagram's arrow");
      assertEq(await page.locator("#diagram .sb-highlight").count(), 1, "the diagram's highlight");

      // The move line plays forward to the shot's end and back.
      const replay = page.locator("#replay");
      for (let i = 0; i < 3; i += 1) {
        await replay.locator('button[data-action="forward"]').click();
        await animationsDone(page);
      }
      assertEq(await piecesOf(page, "replay"), expectedPieces(SHOT_END), "the line's end position");
      const status = (await replay.locator(".sbw-status").textContent()).trim();
      assert(status.startsWith("Move 3 of 3: f4:b8"), status);
      await replay.locator('button[data-action="start"]').click();
      assertEq(await piecesOf(page, "replay"), expectedPieces(SHOT_FEN), "back at the start");

      // The explorer: a king on d4 with the board open has 13 squares
      // (a1 b2 c3, e5 f6 g7 h8, c5 b6 a7, e3 f2 g1: h6 is on none of them).
      const explore = widgets.find((w) => w.attrs.id === "explore");
      assertEq(explore.legal.length, 13, `the king's moves: ${explore.legal.join(" ")}`);
      await page.locator('#explore rect[data-square="d4"]').click();
      assertEq(await page.locator("#explore [data-dest]").count(), 13, "13 destination marks");
      await page.locator('#explore rect[data-square="h8"]').click();
      await animationsDone(page);
      assertEq(await piecesOf(page, "explore"), { h6: "black-man", h8: "white-king" }, "the king went to h8");

      // The exercise: a wrong try is refused, the capture solves it, and
      // the page's own listener hears shashki-solved.
      const wrong = await attemptIn(page, 3, "g3-h4");
      assert(!wrong.ok, "g3-h4 is refused: the capture is compulsory");
      const right = await attemptIn(page, 3, "c3:e5");
      assert(right.ok, `c3:e5 is the answer: ${JSON.stringify(right)}`);
      await page.waitForFunction(() => document.getElementById("log").textContent === "Solved: exercise.", null, {
        timeout: 5000,
      });
      assert(await page.evaluate(() => document.getElementById("exercise").solved), "the exercise says it is solved");

      await page.screenshot({ path: shotPath("embed-1280.png"), fullPage: true });
      await axeAudit(page, "embed example, 1280 px");
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: shotPath("embed-375.png"), fullPage: true });
      await axeAudit(page, "embed example, 375 px");
    },
  },
];
