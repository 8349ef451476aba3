// Browser tests of the board widget, the rules page and the lessons page,
// against the site as `trunk build --release` builds it (real wasm engine).

import { assert, assertEq, evaluateWithin, shotPath } from "./lib.mjs";
import { attemptIn, expectedPieces, widgetsReady } from "./pages-lib.mjs";

/** Pieces drawn inside one widget: {square: piece}, by square name. */
async function widgetPieces(page, index) {
  const list = await page.evaluate(
    (i) =>
      [...document.querySelectorAll("shashki-board")[i].querySelectorAll("[data-piece]")].map((e) => [
        e.getAttribute("data-square"),
        e.getAttribute("data-piece"),
      ]),
    index,
  );
  return Object.fromEntries(list.sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/** Clicks a square of the index-th widget. */
async function clickIn(page, index, square) {
  await page.locator("shashki-board").nth(index).locator(`rect[data-square="${square}"]`).click();
}

function statusOf(page, index) {
  return page.evaluate((i) => {
    const s = document.querySelectorAll("shashki-board")[i].querySelector(".sbw-status");
    return { text: s.textContent.trim(), kind: s.dataset.kind };
  }, index);
}

async function animationsDone(page) {
  await page.waitForFunction(() => !document.querySelector(".sb-animating"), null, { timeout: 10000 });
}

/** What the engine says about a FEN, asked through the page's own module. */
function engineFacts(page, fen) {
  return evaluateWithin(page, 10000, `the engine's facts about ${fen}`, async (fen) => {
    const { loadEngine } = await import("./board/engine.js");
    const E = await loadEngine();
    const g = fen ? E.Game.fromFen(fen) : new E.Game();
    const facts = { moves: g.legalMoves().map((m) => m.notation), status: g.status() };
    g.free();
    return facts;
  }, fen);
}

/** Opens `url` and finds the widget whose attribute `name` is `value`: {i, widget}. */
async function widgetOn(page, url, name, value) {
  await page.goto(url);
  const widgets = await widgetsReady(page);
  const i = widgets.findIndex((w) => w.attrs[name] === value);
  assert(i >= 0, `a widget with ${name}="${value}"`);
  return { i, widget: widgets[i] };
}

/** The engine's refusal of the move from `from` to `to` in `fen`: {code, reason}, or null if legal. */
function engineRefusal(page, fen, from, to) {
  return evaluateWithin(page, 10000, `the engine's reason for ${from}-${to}`, async ([fen, from, to]) => {
    const { loadEngine } = await import("/board/engine.js");
    const E = await loadEngine();
    const g = E.Game.fromFen(fen);
    try {
      g.play({ from, to });
      return null;
    } catch (e) {
      return { code: e.code, reason: e.reason || e.message };
    } finally {
      g.free();
    }
  }, [fen, from, to]);
}

export const tests = [
  {
    name: "rules page: every widget shows the pieces of its position",
    async fn({ page, base }) {
      await page.goto(`${base}/rules.html`);
      const widgets = await widgetsReady(page);
      assert(widgets.length >= 16, `only ${widgets.length} widgets`);
      for (const [i, w] of widgets.entries()) {
        assert(!w.error, `widget ${i + 1} shows an error: ${w.status}`);
        const want = expectedPieces(w.fen);
        const shown = await widgetPieces(page, i);
        assertEq(shown, want, `widget ${i + 1} (${w.caption.slice(0, 40)}) pieces`);
      }
      await page.screenshot({ path: shotPath("pages-rules-top.png") });
      await page.screenshot({ path: shotPath("pages-rules-full.png"), fullPage: true });
    },
  },
  {
    name: "rules page: the legal moves and draw counts the text claims are the engine's",
    async fn({ page, base }) {
      await page.goto(`${base}/rules.html`);
      const widgets = await widgetsReady(page);
      let checked = 0;
      for (const [i, w] of widgets.entries()) {
        const facts = await engineFacts(page, w.attrs.fen || null);
        if (w.attrs["data-claim-moves"] !== undefined) {
          const claim = w.attrs["data-claim-moves"].split(/\s+/).filter(Boolean).sort();
          assertEq([...facts.moves].sort(), claim, `widget ${i + 1}: legal moves`);
          // the widget itself offers the same moves
          assertEq([...w.legal].sort(), claim, `widget ${i + 1}: moves offered by the widget`);
          checked += 1;
        }
        if (w.attrs["data-claim-counts"] !== undefined) {
          const running = Object.values(facts.status.counts)
            .filter((c) => c && typeof c === "object")
            .map((c) => `${c.rule}:${c.limit}`)
            .sort();
          const claim = w.attrs["data-claim-counts"].split(/\s+/).filter(Boolean).sort();
          assertEq(running, claim, `widget ${i + 1}: draw counts`);
          if (claim.length) assert(/Draw counts?:/.test(w.status), `widget ${i + 1}: the status line shows the counts: ${w.status}`);
          checked += 1;
        }
        if (w.attrs["data-claim-after-moves"] !== undefined) {
          for (const m of w.attrs["data-claim-after-moves"].split(/\s+/)) {
            const r = await attemptIn(page, i, m);
            assert(r.ok, `widget ${i + 1}: ${m}: ${r.message}`);
          }
          const text = (await statusOf(page, i)).text;
          for (const c of w.attrs["data-claim-after-counts"].split(/\s+/)) {
            const left = Number(c.split(":")[1]);
            assert(text.includes(`${left} ${left === 1 ? "move" : "moves"} left`), `widget ${i + 1}: ${c} in "${text}"`);
          }
          checked += 1;
        }
      }
      assert(checked >= 12, `only ${checked} claims checked`);
    },
  },
  {
    name: "rules page: the king on d4 offers exactly its 13 squares, and plays one",
    async fn({ page, base }) {
      const { i } = await widgetOn(page, `${base}/rules.html`, "fen", "W:WKd4:Bh6");
      await clickIn(page, i, "d4");
      const dests = await page.evaluate(
        (i) => [...document.querySelectorAll("shashki-board")[i].querySelectorAll("[data-dest]")].map((e) => e.getAttribute("data-dest")).sort(),
        i,
      );
      assertEq(dests, ["a1", "a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7", "h8"], "king destinations");
      await page.locator("shashki-board").nth(i).screenshot({ path: shotPath("pages-king-d4.png") });
      await clickIn(page, i, "h8");
      await animationsDone(page);
      const shown = await widgetPieces(page, i);
      assertEq(shown, { h6: "black-man", h8: "white-king" }, "after d4-h8");
      assert((await statusOf(page, i)).text.startsWith("Black to move"), "Black to move after d4-h8");
      // Undo brings the king back; Reset too.
      await page.locator("shashki-board").nth(i).locator('button[data-action="undo"]').click();
      assertEq(await widgetPieces(page, i), { d4: "white-king", h6: "black-man" }, "after undo");
    },
  },
  {
    name: "rules page: an illegal try in explore mode is refused with the engine's reason",
    async fn({ page, base }) {
      const { i } = await widgetOn(page, `${base}/rules.html`, "data-claim-moves", "a1:g3 a1:h2");
      const r = await attemptIn(page, i, "a1:f6");
      assert(!r.ok, "a1:f6 refused");
      assert(/must stop on a square from which it can go on capturing/.test(r.message), `reason: ${r.message}`);
      assertEq(await widgetPieces(page, i), { a1: "white-king", c3: "black-man", f4: "black-man" }, "unchanged");
      assertEq((await statusOf(page, i)).kind, "refused", "status kind");
    },
  },
  {
    name: "rules page: the shot replays hop by hop with ghosts and ends where the text says",
    async fn({ page, base }) {
      const { i, widget } = await widgetOn(page, `${base}/rules.html`, "moves", "c3-d4 a5:e5 f4:b8");
      const w = page.locator("shashki-board").nth(i);
      assertEq(await w.locator("[data-arrow]").count(), 1, "the arrow c3-d4 at the start");
      await w.locator('button[data-action="forward"]').click();
      await animationsDone(page);
      assertEq(await w.locator("[data-arrow]").count(), 0, "the arrow goes once a move is played");
      await w.locator('button[data-action="forward"]').click(); // a5:e5, a two-piece capture
      await page.waitForFunction(
        (i) => document.querySelectorAll("shashki-board")[i].querySelectorAll(".sb-ghost").length >= 1,
        i,
        { timeout: 5000, polling: 16 },
      );
      await animationsDone(page);
      await w.locator('button[data-action="forward"]').click();
      await animationsDone(page);
      assertEq(await widgetPieces(page, i), expectedPieces(widget.attrs["data-claim-end"]), "final position");
      const st = await statusOf(page, i);
      assert(st.text.startsWith("Move 3 of 3: f4:b8"), st.text);
      assert(/crowned/.test(st.text), "the crowning is told");
      await w.screenshot({ path: shotPath("pages-shot-end.png") });
      await w.locator('button[data-action="start"]').click();
      assertEq(await widgetPieces(page, i), expectedPieces(widget.attrs.fen), "back at the start");
      assertEq(await w.locator("[data-arrow]").count(), 1, "the arrow is back on the starting position");
      // keyboard: the arrow keys step through the moves
      await w.locator('button[data-action="forward"]').focus();
      await page.keyboard.press("End");
      assertEq(await widgetPieces(page, i), expectedPieces(widget.attrs["data-claim-end"]), "End key");
    },
  },
  {
    name: "rules page: the repetition replay ends in a draw",
    async fn({ page, base }) {
      const { i } = await widgetOn(page, `${base}/rules.html`, "data-claim-status", "draw repetition");
      await page.locator("shashki-board").nth(i).locator('button[data-action="end"]').click();
      const st = await statusOf(page, i);
      assert(/Draw: the same position arose for the third time/.test(st.text), st.text);
    },
  },
  {
    name: "rules page: keyboard play and accessible names",
    async fn({ page, base }) {
      const { i } = await widgetOn(page, `${base}/rules.html`, "data-claim-moves", "d4:b2");
      const w = page.locator("shashki-board").nth(i);
      const label = await w.locator("svg.sb-board").getAttribute("aria-label");
      assert(/White: men d4, e1 and g3\. Black: men c3, f8 and h6\. White to move\./.test(label), `board label: ${label}`);
      const named = await page.evaluate(() =>
        [...document.querySelectorAll("shashki-board figure")].every((f) => {
          const id = f.getAttribute("aria-labelledby");
          return (id && document.getElementById(id).textContent.trim()) || f.getAttribute("aria-label");
        }),
      );
      assert(named, "every widget has an accessible name");
      await w.locator('rect[data-square="d4"]').focus();
      await page.keyboard.press("Enter");
      await w.locator('rect[data-square="b2"]').focus();
      await page.keyboard.press("Enter");
      await animationsDone(page);
      assertEq(
        await widgetPieces(page, i),
        { b2: "white-man", e1: "white-man", f8: "black-man", g3: "white-man", h6: "black-man" },
        "d4:b2 played from the keyboard",
      );
    },
  },
  {
    name: "lessons: every exercise accepts its solution and refuses a wrong legal move with a reason",
    timeoutMs: 120000, // some 20 exercises, each solved by clicks with the replies animated
    async fn({ page, base }) {
      await page.goto(`${base}/lessons.html`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      const widgets = await widgetsReady(page);
      const exercises = widgets.map((w, i) => ({ ...w, i })).filter((w) => w.attrs.mode === "exercise");
      assert(exercises.length >= 8, `only ${exercises.length} exercises`);
      for (const ex of exercises) {
        const w = page.locator("shashki-board").nth(ex.i);
        const lines = ex.attrs.solution.split("|").map((l) => l.trim().split(/\s+/));
        const firsts = await evaluateWithin(
          page,
          10000,
          `${ex.attrs.id}: the engine's notation of the solutions`,
          async ({ fen, lines }) => {
            const { loadEngine } = await import("./board/engine.js");
            const E = await loadEngine();
            return lines.map((l) => {
              const g = E.Game.fromFen(fen);
              const n = g.play(l[0]).notation;
              g.free();
              return n;
            });
          },
          { fen: ex.fen, lines },
        );
        const wrong = ex.legal.find((m) => !firsts.includes(m));
        assert(wrong, `${ex.attrs.id}: a wrong legal move exists`);
        // a wrong legal move, typed in the form: refused with a reason, board unchanged
        await w.locator(".sbw-form input").fill(wrong);
        await w.locator(".sbw-form button").click();
        await page.waitForFunction((i) => document.querySelectorAll("shashki-board")[i].querySelector(".sbw-status").dataset.kind === "refused", ex.i);
        let st = await statusOf(page, ex.i);
        assert(st.text.startsWith(`${wrong} is legal, but not the answer`), `${ex.attrs.id}: ${st.text}`);
        assert(st.text.length > `${wrong} is legal, but not the answer.`.length, `${ex.attrs.id}: a reason is given: ${st.text}`);
        assertEq(await widgetPieces(page, ex.i), expectedPieces(ex.fen), `${ex.attrs.id}: board unchanged`);
        // an illegal move the text names: refused with the engine's reason
        if (ex.attrs["data-claim-refuse"]) {
          const r = await attemptIn(page, ex.i, ex.attrs["data-claim-refuse"]);
          assert(!r.ok && r.message.includes(ex.attrs["data-claim-reason"]), `${ex.attrs.id}: ${r.message}`);
        }
        // the solution, by clicks: the reader's moves; the widget plays the replies
        const line = lines[0];
        for (let k = 0; k < line.length; k += 2) {
          const squares = line[k].split(/[-:x]/);
          await clickIn(page, ex.i, squares[0]);
          await clickIn(page, ex.i, squares[squares.length - 1]);
          if (k + 2 < line.length) {
            await page.waitForFunction(
              ({ i, ply }) => {
                const el = document.querySelectorAll("shashki-board")[i];
                return el.querySelector(".sbw-status").textContent.includes("Your move again") && !el.querySelector(".sb-animating");
              },
              { i: ex.i, ply: k + 2 },
              { timeout: 10000 },
            );
          }
        }
        await page.waitForFunction((i) => document.querySelectorAll("shashki-board")[i].hasAttribute("solved"), ex.i, { timeout: 10000 });
        st = await statusOf(page, ex.i);
        assert(st.text.startsWith("Solved!"), `${ex.attrs.id}: ${st.text}`);
      }
      const progress = await page.textContent("#progress-text");
      assertEq(progress.trim(), `All ${exercises.length} exercises solved. Well done!`, "progress");
      await page.screenshot({ path: shotPath("pages-lessons-solved.png") });
    },
  },
  {
    name: "lessons: every wrong legal move of every exercise is refused with an explanation",
    timeoutMs: 90000,
    async fn({ page, base }) {
      await page.goto(`${base}/lessons.html`);
      await widgetsReady(page);
      const silent = await evaluateWithin(page, 80000, "every wrong move of every exercise", async () => {
        const out = [];
        for (const el of document.querySelectorAll('shashki-board[mode="exercise"]')) {
          for (const m of el.legalMoves()) {
            const r = await el.attempt(m.notation);
            if (r.ok) {
              el.reset();
              await el.ready;
              continue; // a solving move
            }
            const bare = `${m.notation} is legal, but not the answer.`;
            if (r.refused !== "legal" || r.message.trim() === bare) out.push(`${el.id} ${m.notation}: ${r.message}`);
          }
        }
        return out;
      });
      assertEq(silent, [], "wrong moves without an explanation");
    },
  },
  {
    name: "lessons: progress is kept in localStorage across a reload, and can be cleared",
    async fn({ page, base }) {
      await page.goto(`${base}/lessons.html`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await widgetsReady(page);
      const r = await evaluateWithin(page, 10000, "ex-1-1: attempt(g3-h4)", () => document.getElementById("ex-1-1").attempt("g3-h4"));
      assert(r.ok && r.solved, `solved: ${JSON.stringify(r)}`);
      await page.reload();
      await widgetsReady(page);
      assert((await page.textContent("#progress-text")).includes("1 of"), "one exercise solved after reload");
      assertEq(await page.getAttribute('.exercise-title[data-for="ex-1-1"]', "data-done"), "true", "ticked");
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("shashki.lessons.v1")));
      assertEq(stored, { solved: ["ex-1-1"] }, "stored");
      await page.click("#progress-reset");
      assertEq(await page.evaluate(() => JSON.parse(localStorage.getItem("shashki.lessons.v1"))), { solved: [] }, "cleared");
    },
  },
  {
    name: "lessons: show solution plays the line; retry starts again",
    async fn({ page, base }) {
      const { i, widget } = await widgetOn(page, `${base}/lessons.html`, "id", "ex-7-2");
      const w = page.locator("shashki-board").nth(i);
      await w.locator('button[data-action="solution"]').click();
      await page.waitForFunction(
        (i) => {
          const el = document.querySelectorAll("shashki-board")[i];
          return el.querySelectorAll('[data-piece="white-king"]').length === 1 && !el.querySelector(".sb-animating");
        },
        i,
        { timeout: 15000 },
      );
      assert(!(await page.evaluate((i) => document.querySelectorAll("shashki-board")[i].solved, i)), "showing is not solving");
      await w.locator('button[data-action="retry"]').click();
      await page.waitForFunction((i) => document.querySelectorAll("shashki-board")[i].querySelectorAll("[data-piece]").length === 11, i);
      assertEq(await widgetPieces(page, i), expectedPieces(widget.fen), "back at the start");
    },
  },
  {
    name: "widget: twenty boards on one page load the wasm once",
    async fn({ page, base }) {
      const tags = [];
      for (let k = 0; k < 20; k++) {
        const mode = ["static", "explore", "replay", "exercise"][k % 4];
        const extra =
          mode === "replay" ? ' moves="c3-d4 f6-g5"' : mode === "exercise" ? ' fen="W:Wc3,g3:Bd4,h8" solution="c3:e5"' : "";
        tags.push(`<shashki-board mode="${mode}" size="200" caption="Board ${k + 1}"${extra}></shashki-board>`);
      }
      const html = `<!doctype html><meta charset="utf-8"><title>twenty</title>
        <script type="module" src="./shashki-board.js"></script>${tags.join("\n")}`;
      await page.route("**/widget/twenty.html", (route) => route.fulfill({ body: html, contentType: "text/html" }));
      const wasm = [];
      const js = [];
      page.on("request", (r) => {
        if (r.url().endsWith("shashki_bg.wasm")) wasm.push(r.url());
        if (r.url().endsWith("/shashki.js")) js.push(r.url());
      });
      await page.goto(`${base}/widget/twenty.html`);
      const widgets = await widgetsReady(page);
      assertEq(widgets.length, 20, "widgets");
      for (const [i, w] of widgets.entries()) {
        assert(!w.error, `widget ${i + 1}: ${w.status}`);
        assertEq(await widgetPieces(page, i), expectedPieces(w.fen), `widget ${i + 1} pieces`);
      }
      assertEq(wasm.length, 1, "requests for shashki_bg.wasm");
      assertEq(js.length, 1, "requests for shashki.js");
      const sheets = await page.evaluate(() => document.querySelectorAll("link[data-shashki-widget]").length);
      assertEq(sheets, 2, "the widget adds its two style sheets once");
      await page.screenshot({ path: shotPath("pages-twenty.png"), fullPage: true });
    },
  },
  {
    name: "exercise boards show no destination dots and are given only legal moves",
    async fn({ page, base }) {
      await page.goto(`${base}/lessons.html`);
      const widgets = await widgetsReady(page);
      const exercises = widgets.map((w, i) => ({ ...w, i })).filter((w) => w.attrs.mode === "exercise");
      assert(exercises.length >= 8, `only ${exercises.length} exercises`);
      let picked = 0;
      for (const ex of exercises) {
        // what the board was given: the engine's legal moves, nothing else
        const given = await page.evaluate((i) => {
          const el = document.querySelectorAll("shashki-board")[i];
          return el._board.state.legalMoves.map((m) => m.notation).sort();
        }, ex.i);
        assertEq(given, [...ex.legal].sort(), `${ex.attrs.id}: moves given to the board`);
        const w = page.locator("shashki-board").nth(ex.i);
        assertEq(await w.locator(".sb-must-capture").count(), 0, `${ex.attrs.id}: no must-capture ring`);
        // every piece of the side to move can be picked, movable or not, and shows nothing
        const turn = ex.fen[0] === "W" ? "white" : "black";
        const own = Object.entries(expectedPieces(ex.fen)).filter(([, p]) => p.startsWith(turn)).map(([sq]) => sq);
        for (const sq of own) {
          await clickIn(page, ex.i, sq);
          assertEq(await w.locator(".sb-selected").count(), 1, `${ex.attrs.id}: ${sq} can be picked`);
          assertEq(await w.locator("[data-dest], [data-hop], .sb-dest, .sb-hop").count(), 0, `${ex.attrs.id}: ${sq} shows no destination`);
          const spoken = await w.locator("rect[data-square]").evaluateAll((els) =>
            els.map((e) => e.getAttribute("aria-label")).filter((l) => /move here|capture path|must capture/.test(l)),
          );
          assertEq(spoken, [], `${ex.attrs.id}: ${sq}: no square is announced as a destination`);
          await clickIn(page, ex.i, sq); // drop it again
          picked += 1;
        }
      }
      assert(picked >= 30, `only ${picked} pieces picked`);
      // a try no legal move makes, by clicks: the engine says why, the board stays
      const i = widgets.findIndex((w) => w.attrs.id === "ex-2-1");
      const fen = widgets[i].fen;
      const reason = await engineRefusal(page, fen, "h2", "g3");
      assertEq(reason && reason.code, "illegal_move", "h2-g3 is illegal in ex-2-1 (a capture is compulsory)");
      await clickIn(page, i, "h2");
      await clickIn(page, i, "g3");
      await page.waitForFunction((i) => document.querySelectorAll("shashki-board")[i].querySelector(".sbw-status").dataset.kind === "refused", i);
      const st = await statusOf(page, i);
      assert(st.text.includes(reason.reason), `the engine's reason "${reason.reason}" in "${st.text}"`);
      assertEq(await widgetPieces(page, i), expectedPieces(fen), "ex-2-1 unchanged");
      await page.locator("shashki-board").nth(i).screenshot({ path: shotPath("pages-exercise-no-dots.png") });
    },
  },
  {
    name: "widget: orientation, highlight, ply, hint and data-wrong attributes; ready and solved events",
    async fn({ page, base }) {
      const html = `<!doctype html><meta charset="utf-8"><title>attributes</title>
        <script>
          window.__events = [];
          for (const type of ["shashki-ready", "shashki-solved"]) {
            document.addEventListener(type, (e) => window.__events.push({ type, id: e.target.id, detail: e.detail }));
          }
        </script>
        <script type="module" src="./shashki-board.js"></script>
        <shashki-board id="turned" fen="W:Wc3:Bf6" orientation="black" highlight="c3 f6 z9" caption="Turned"></shashki-board>
        <shashki-board id="at2" mode="replay" moves="c3-d4 f6-g5 g3-h4" ply="2"></shashki-board>
        <shashki-board id="atend" mode="replay" moves="c3-d4 f6-g5 g3-h4" ply="end"></shashki-board>
        <shashki-board id="ex" mode="exercise" fen="W:Wa1,c1,g1:Bh8" solution="g1-h2"
          hint="Keep the corner man company." success="Well played.">
          <p data-wrong="c1-d2 c1-b2">It leaves the back rank.</p>
        </shashki-board>`;
      await page.route("**/widget/attributes.html", (route) => route.fulfill({ body: html, contentType: "text/html" }));
      await page.goto(`${base}/widget/attributes.html`);
      const widgets = await widgetsReady(page);
      assertEq(widgets.length, 4, "widgets");
      const ids = widgets.map((w) => w.attrs.id);
      const events = () => page.evaluate(() => window.__events);
      assertEq(
        (await events()).filter((e) => e.type === "shashki-ready").map((e) => e.id).sort(),
        [...ids].sort(),
        "one shashki-ready per widget, caught on the document",
      );

      // orientation="black": a1 at the top-right; highlight marks c3 and f6 (z9 is no square)
      const corner = async (i) => {
        const w = page.locator("shashki-board").nth(i);
        const a1 = await w.locator('rect[data-square="a1"]').boundingBox();
        const h8 = await w.locator('rect[data-square="h8"]').boundingBox();
        return a1.x > h8.x && a1.y < h8.y ? "a1 top-right" : a1.x < h8.x && a1.y > h8.y ? "a1 bottom-left" : "other";
      };
      assertEq(await corner(0), "a1 top-right", "orientation black");
      const marks = await page.locator("#turned .sb-highlight").evaluateAll((els) => els.map((e) => e.dataset.markSquare).sort());
      assertEq(marks, ["c3", "f6"], "highlighted squares");
      await page.evaluate(() => document.getElementById("turned").setAttribute("orientation", "white"));
      await page.waitForFunction(() => window.__events.filter((e) => e.type === "shashki-ready" && e.id === "turned").length === 2);
      assertEq(await corner(0), "a1 bottom-left", "orientation changed to white");

      // ply="2" and ply="end": the replay starts there
      const after = await evaluateWithin(page, 10000, "positions of the replay", async () => {
        const { loadEngine } = await import("/board/engine.js");
        const E = await loadEngine();
        const g = new E.Game();
        const out = [];
        for (const m of ["c3-d4", "f6-g5", "g3-h4"]) {
          g.play(m);
          out.push(g.fen());
        }
        g.free();
        return out;
      });
      assertEq(await widgetPieces(page, 1), expectedPieces(after[1]), "ply=2 shows the position after two moves");
      assert((await statusOf(page, 1)).text.startsWith("Move 2 of 3: f6-g5."), (await statusOf(page, 1)).text);
      assertEq(await page.getAttribute('#at2 button[data-ply="2"]', "aria-current"), "step", "move 2 is current");
      assertEq(await widgetPieces(page, 2), expectedPieces(after[2]), "ply=end shows the last position");
      assert((await statusOf(page, 2)).text.startsWith("Move 3 of 3: g3-h4."), (await statusOf(page, 2)).text);
      assertEq(await page.locator('#atend button[data-action="forward"]').isDisabled(), true, "nothing after the end");

      // data-wrong texts, the hint attribute, success and shashki-solved
      assert(await page.locator("#ex [data-wrong]").isHidden(), "the data-wrong text stays hidden");
      for (const m of ["c1-d2", "c1-b2"]) {
        const r = await attemptIn(page, 3, m);
        assertEq([r.ok, r.refused, r.message], [false, "legal", `${m} is legal, but not the answer: It leaves the back rank.`], `${m}: data-wrong`);
      }
      const r = await attemptIn(page, 3, "a1-b2");
      assertEq([r.ok, r.message], [false, "a1-b2 is legal, but not the answer. Keep the corner man company."], "a1-b2: hint");
      assertEq((await events()).filter((e) => e.type === "shashki-solved"), [], "not solved yet");
      const solved = await attemptIn(page, 3, "g1-h2");
      assertEq([solved.ok, solved.solved], [true, true], "g1-h2 solves it");
      assertEq((await statusOf(page, 3)).text, "Solved! Well played.", "success text");
      assertEq(await page.getAttribute("#ex", "solved"), "", "solved attribute");
      assertEq(
        (await events()).filter((e) => e.type === "shashki-solved"),
        [{ type: "shashki-solved", id: "ex", detail: { id: "ex" } }],
        "one shashki-solved event, bubbling to the document",
      );
    },
  },
  {
    name: "widget exercise: two captures with the same ends are chosen hop by hop; tries by keyboard reach the engine",
    async fn({ page, base }) {
      const fen = "W:We1:Bd2,f4,d6,f2,d8,d4,h6";
      const html = `<!doctype html><meta charset="utf-8"><title>paths</title>
        <script type="module" src="./shashki-board.js"></script>
        <shashki-board id="paths" mode="exercise" fen="${fen}" solution="e1:g3:e5:c7"></shashki-board>`;
      await page.route("**/widget/paths.html", (route) => route.fulfill({ body: html, contentType: "text/html" }));
      await page.goto(`${base}/widget/paths.html`);
      const [w] = await widgetsReady(page);
      assert(!w.error, w.status);
      const legal = await page.evaluate(() => document.getElementById("paths").legalMoves());
      const shared = legal.filter((m) => m.from === "e1" && m.to === "c7").map((m) => m.path.join(":"));
      assertEq(shared.sort(), ["e1:c3:e5:c7", "e1:g3:e5:c7"], "two captures from e1 to c7");
      // the wrong path, by clicks: nothing is shown until c7 is chosen, then the first hops
      await clickIn(page, 0, "e1");
      assertEq(await page.locator("#paths [data-dest], #paths [data-hop]").count(), 0, "nothing shown on picking e1");
      await clickIn(page, 0, "c7");
      const hops = await page.locator("#paths [data-hop]").evaluateAll((els) => els.map((e) => e.dataset.hop).sort());
      assertEq(hops, ["c3", "g3"], "the paths' first hops, once c7 is chosen");
      await clickIn(page, 0, "c3");
      await page.waitForFunction(() => document.querySelector("#paths .sbw-status").dataset.kind === "refused");
      assert((await statusOf(page, 0)).text.startsWith("e1:c3:e5:c7 is legal, but not the answer"), (await statusOf(page, 0)).text);
      assertEq(await widgetPieces(page, 0), expectedPieces(fen), "unchanged after the wrong path");
      // a try no legal move makes, by keyboard (Enter on e1, then on a1): the engine's reason
      const sq = (s) => page.locator(`#paths rect[data-square="${s}"]`);
      await sq("e1").focus();
      await page.keyboard.press("Enter");
      await sq("a1").focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => /^Not allowed/.test(document.querySelector("#paths .sbw-status").textContent));
      const refusal = await engineRefusal(page, fen, "e1", "a1");
      const reason = refusal && refusal.reason;
      assert(reason && (await statusOf(page, 0)).text.includes(reason), `the engine's reason "${reason}"`);
      // the right path, by keyboard: e1, c7, then g3
      for (const s of ["e1", "c7", "g3"]) {
        await sq(s).focus();
        await page.keyboard.press("Enter");
      }
      await page.waitForFunction(() => document.getElementById("paths").hasAttribute("solved"), null, { timeout: 10000 });
      assertEq((await statusOf(page, 0)).text, "Solved!", "solved by the chosen path");
    },
  },
  {
    name: "site: the play page links to the rules and lessons pages and back",
    async fn({ page, base }) {
      await page.goto(`${base}/`);
      await page.click('.site-nav a[href="rules.html"]');
      await page.waitForURL("**/rules.html");
      await page.click('.site-nav a[href="lessons.html"]');
      await page.waitForURL("**/lessons.html");
      await page.click('.site-nav a[href="./"]');
      await page.waitForSelector('.site-nav a[href="./"][aria-current="page"]');
      assert((await page.title()).includes("play"), "back on the play page");
    },
  },
  {
    name: "rules and lessons pages on a phone: nothing wider than the screen",
    viewport: { width: 390, height: 844 },
    async fn({ page, base }) {
      for (const p of ["rules.html", "lessons.html"]) {
        await page.goto(`${base}/${p}`);
        await widgetsReady(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `${p} overflows by ${overflow}px`);
        await page.screenshot({ path: shotPath(`pages-phone-${p.replace(".html", "")}.png`) });
      }
    },
  },
];
