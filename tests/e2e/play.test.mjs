// Browser tests of the play page, against the site as `trunk build --release`
// builds it, with the real wasm engine and bot Worker.

import {
  assert,
  assertEq,
  clickSquare,
  currentLegalMoves,
  fenShown,
  lastBot,
  legalMovesOf,
  levels,
  moveList,
  newGame,
  open,
  oracle,
  pieces,
  playByClicks,
  settled,
  shotPath,
  squareCenter,
  status,
  waitForMoves,
  waitReady,
} from "./lib.mjs";

const START_PIECES = {
  white: ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"],
  black: ["b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8"],
};

const shareHash = (fen, moves = []) => {
  const p = new URLSearchParams();
  p.set("fen", fen);
  if (moves.length) p.set("moves", moves.join(" "));
  return p.toString();
};

/** Plays c3-d4 by clicks and waits for the bot's answer; returns the bot's timing. */
async function playOpeningAgainstBot(page) {
  await clickSquare(page, "c3");
  await clickSquare(page, "d4");
  await waitForMoves(page, 2);
}

export const tests = [
  {
    name: "start position: 24 pieces, a1 bottom-left and dark, White to move",
    async fn({ page, base }) {
      await open(page, base);
      const p = await pieces(page);
      assertEq(Object.keys(p).length, 24, "pieces on the board");
      for (const s of START_PIECES.white) assertEq(p[s], "white-man", `piece on ${s}`);
      for (const s of START_PIECES.black) assertEq(p[s], "black-man", `piece on ${s}`);
      assertEq(await page.locator("rect[data-square]").count(), 64, "square elements");
      const boxes = await page.$$eval("rect[data-square]", (els) =>
        els.map((e) => {
          const b = e.getBoundingClientRect();
          return { s: e.dataset.square, x: b.x, y: b.y, dark: e.classList.contains("sb-dark") };
        }),
      );
      const a1 = boxes.find((b) => b.s === "a1");
      assert(a1.dark, "a1 is a dark square");
      assert(boxes.every((b) => b.x >= a1.x - 0.5 && b.y <= a1.y + 0.5), "a1 is at the bottom-left");
      const h8 = boxes.find((b) => b.s === "h8");
      assert(boxes.every((b) => b.x <= h8.x + 0.5 && b.y >= h8.y - 0.5), "h8 is at the top-right");
      const st = await status(page);
      assertEq(st.state, "ongoing", "data-status");
      assert(/White to move/.test(st.text), `status says White to move: ${st.text}`);
      const label = await page.getAttribute('rect[data-square="c3"]', "aria-label");
      assert(/^c3, white man/.test(label), `c3 has an accessible name: ${label}`);
      const coords = await page.$$eval(".sb-coord", (els) => els.map((e) => e.textContent).join(""));
      assertEq(coords.length, 16, "coordinate labels");
      for (const ch of "abcdefgh12345678") assert(coords.includes(ch), `coordinate ${ch} written`);
    },
  },
  {
    name: "click c3 then d4 plays c3-d4; the bot answers within its budget",
    async fn({ page, base }) {
      await open(page, base);
      await clickSquare(page, "c3");
      const dests = await page.$$eval("[data-dest]", (els) => els.map((e) => e.dataset.dest).sort());
      assertEq(dests, ["b4", "d4"], "destinations shown for c3");
      const t0 = Date.now();
      await clickSquare(page, "d4");
      await waitForMoves(page, 2);
      const wall = Date.now() - t0;
      const moves = await moveList(page);
      assertEq(moves[0], "c3-d4", "first move");
      const p = await pieces(page);
      assertEq(p.d4, "white-man", "white man on d4");
      assert(!p.c3, "c3 is empty");
      const bot = await lastBot(page);
      assert(bot && bot.move === moves[1], "the bot's move is the second move");
      assert(bot.elapsedMs <= bot.budgetMs + 200, `bot took ${bot.elapsedMs} ms, budget ${bot.budgetMs} ms`);
      assert(wall < bot.budgetMs + 3000, `the reply appeared after ${wall} ms`);
      const st = await status(page);
      assert(/White to move/.test(st.text), `White to move again: ${st.text}`);
      const last = await page.$$eval(".sb-last", (els) => els.map((e) => e.dataset.markSquare).sort());
      const lastMove = await page.evaluate(() => document.querySelector("#move-list .current").textContent);
      assertEq(lastMove, moves[1], "the last move is current in the list");
      assert(last.length >= 2, "the last move is highlighted");
    },
  },
  {
    name: "an illegal click or typed move changes nothing",
    async fn({ page, base }) {
      await open(page, base);
      const before = await pieces(page);
      await clickSquare(page, "c3");
      await clickSquare(page, "c5"); // not a destination
      await clickSquare(page, "b6"); // a black man: not White's
      await clickSquare(page, "b2"); // a blocked white man
      await clickSquare(page, "e5"); // empty square, nothing selected
      await page.waitForTimeout(300);
      assertEq(await pieces(page), before, "position unchanged");
      assertEq(await moveList(page), [], "no move played");
      assertEq(await page.locator(".sb-selected").count(), 0, "nothing selected");
      await page.fill("#move-input", "c3-e5");
      await page.press("#move-input", "Enter");
      await page.waitForSelector("#move-error:not(:empty)");
      const err = await page.textContent("#move-error");
      assert(/c3-e5|illegal|not/i.test(err), `the error names the problem: ${err}`);
      await page.fill("#move-input", "zz9");
      await page.press("#move-input", "Enter");
      await page.waitForTimeout(100);
      assertEq(await pieces(page), before, "position unchanged after typed errors");
      assertEq(await moveList(page), [], "still no move");
    },
  },
  {
    name: "a typed move is played; moves and status are announced",
    async fn({ page, base }) {
      await open(page, base);
      await page.fill("#move-input", "c3-d4");
      await page.press("#move-input", "Enter");
      await page.waitForFunction(() => /White played c3-d4/.test(document.getElementById("announcer").textContent));
      await waitForMoves(page, 2);
      assertEq((await moveList(page))[0], "c3-d4", "typed move played");
      const live = await page.getAttribute("#announcer", "aria-live");
      assertEq(live, "polite", "announcer is a live region");
      await page.waitForFunction(() => /Black played .*White to move/.test(document.getElementById("announcer").textContent));
    },
  },
  {
    name: "compulsory capture is marked and only capturing pieces move",
    async fn({ page, base }) {
      await open(page, base, shareHash("W:Wc3,e3,g3,h2:Bd4,h8"));
      const marked = await page.$$eval("[data-must-capture]", (els) => els.map((e) => e.dataset.square).sort());
      assertEq(marked, ["c3", "e3"], "pieces that must capture");
      assertEq(await page.locator(".sb-must-capture").count(), 2, "capture rings drawn");
      await clickSquare(page, "g3");
      assertEq(await page.locator(".sb-selected").count(), 0, "a piece that cannot capture is not selectable");
      await clickSquare(page, "c3");
      const dests = await page.$$eval("[data-dest]", (els) => els.map((e) => e.dataset.dest));
      assertEq(dests, ["e5"], "c3 must capture to e5");
      await page.screenshot({ path: shotPath("compulsory-capture-1280.png") });
      await clickSquare(page, "e5");
      await waitForMoves(page, 1);
      const p = await pieces(page);
      assert(!p.d4, "the captured man is gone");
      assertEq(p.e5, "white-man", "the capturing man on e5");
    },
  },
  {
    name: "a multi-capture by clicks, animated with ghosts, then the bot replies",
    async fn({ page, base }) {
      await open(page, base, shareHash("W:Wa1,h2:Bb2,d4,f6,a7"));
      await clickSquare(page, "a1");
      await clickSquare(page, "g7");
      // during the animation, jumped pieces turn into ghosts
      await page.waitForSelector(".sb-ghost", { timeout: 3000 });
      await settled(page);
      const moves = await moveList(page);
      assertEq(moves[0], "a1:g7", "the capture is written start:end");
      const p = await pieces(page);
      for (const s of ["b2", "d4", "f6"]) assert(!p[s] || p[s].startsWith("white"), `${s} was taken`);
      assertEq(await page.locator(".sb-ghost").count(), 0, "no ghost left after the move");
    },
  },
  {
    name: "a man crowned by a move becomes a king",
    async fn({ page, base }) {
      await open(page, base, shareHash("W:Wc7,a1:Bh8,f8"));
      await clickSquare(page, "c7");
      await clickSquare(page, "d8");
      await waitForMoves(page, 1);
      const p = await pieces(page);
      assertEq(p.d8, "white-king", "crowned on d8");
      assertEq(await page.locator('[data-piece="white-king"] .sb-crown-use').count(), 1, "the king wears a crown");
    },
  },
  {
    name: "two captures sharing both ends: the path is chosen hop by hop",
    async fn({ page, base }) {
      const fen = "W:We1:Bd2,f4,d6,f2,d8,d4,h6"; // e1:c3:e5:c7 and e1:g3:e5:c7
      await open(page, base, shareHash(fen));
      const legal = await legalMovesOf(page, fen);
      const ends = new Map();
      for (const m of legal) ends.set(`${m.from}-${m.to}`, (ends.get(`${m.from}-${m.to}`) || 0) + 1);
      const shared = legal.filter((m) => ends.get(`${m.from}-${m.to}`) > 1);
      assert(shared.length >= 2, `the position has two captures with the same ends: ${legal.map((m) => m.notation)}`);
      const target = shared[1];
      await clickSquare(page, target.from);
      await clickSquare(page, target.to);
      const hops = await page.$$eval("[data-hop]", (els) => els.map((e) => e.dataset.hop).sort());
      assert(hops.includes(target.path[1]), `next hops offered: ${hops}`);
      assertEq(await moveList(page), [], "nothing played before the path is chosen");
      for (const s of target.path.slice(1, -1)) {
        if ((await moveList(page)).length) break;
        await clickSquare(page, s);
      }
      await waitForMoves(page, 1);
      assertEq((await moveList(page))[0], target.notation, "the chosen path was played");
      const p = await pieces(page);
      for (const s of target.captures) assert(!p[s] || p[s].startsWith("white"), `${s} taken`);
    },
  },
  {
    name: "a man crowned in the middle of a capture goes on as a king",
    async fn({ page, base }) {
      const fen = "W:Wf2:Bc7,a7,g5,c5,d6,e5,e3"; // f2:d4:f6:h4 or f2:d4:b6:d8:h4
      await open(page, base, shareHash(fen));
      const legal = await legalMovesOf(page, fen);
      const crowning = legal.find((m) => m.crowns);
      assert(crowning && crowning.path.includes("d8"), `a crowning capture exists: ${legal.map((m) => m.notation)}`);
      await clickSquare(page, "f2");
      await clickSquare(page, "h4"); // two captures end here: choose the path
      await clickSquare(page, "d4");
      assertEq(await moveList(page), [], "still choosing after the shared first hop");
      await clickSquare(page, "b6");
      await page.waitForSelector('[data-piece="white-man"].sb-crowning, [data-piece="white-man"] .sb-crown-use', {
        timeout: 4000,
      });
      await waitForMoves(page, 1);
      assertEq((await moveList(page))[0], crowning.notation, "the crowning path was played");
      const p = await pieces(page);
      assertEq(p.h4, "white-king", "it ends as a king on h4");
    },
  },
  {
    name: "drag and drop plays a move",
    async fn({ page, base }) {
      await open(page, base);
      const a = await squareCenter(page, "e3");
      const b = await squareCenter(page, "f4");
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      assertEq(await page.locator(".sb-dragging").count(), 1, "the piece follows the pointer");
      await page.mouse.up();
      await waitForMoves(page, 2);
      assertEq((await moveList(page))[0], "e3-f4", "dragged move played");
    },
  },
  {
    name: "keyboard: squares are focusable and Enter picks and plays",
    async fn({ page, base }) {
      await open(page, base);
      await page.focus('rect[data-square="a1"]');
      await page.keyboard.press("ArrowUp"); // a3
      await page.keyboard.press("ArrowRight"); // c3
      const focused = await page.evaluate(() => document.activeElement.getAttribute("data-square"));
      assertEq(focused, "c3", "arrow keys move the focus over dark squares");
      await page.keyboard.press("Enter");
      assertEq(await page.locator(".sb-selected").count(), 1, "Enter selects the piece");
      await page.focus('rect[data-square="d4"]');
      await page.keyboard.press("Enter");
      await waitForMoves(page, 2);
      assertEq((await moveList(page))[0], "c3-d4", "keyboard move played");
    },
  },
  {
    name: "flip puts a1 at the top-right and back",
    async fn({ page, base }) {
      await open(page, base);
      await page.click("#btn-flip");
      const boxes = await page.$$eval("rect[data-square]", (els) =>
        els.map((e) => ({ s: e.dataset.square, ...e.getBoundingClientRect().toJSON() })),
      );
      const a1 = boxes.find((b) => b.s === "a1");
      assert(boxes.every((b) => b.x <= a1.x + 0.5 && b.y >= a1.y - 0.5), "a1 at the top-right when flipped");
      const p = await pieces(page);
      assertEq(Object.keys(p).length, 24, "pieces kept");
      await page.reload();
      await waitReady(page);
      const a1After = await page.locator('rect[data-square="a1"]').boundingBox();
      const h8After = await page.locator('rect[data-square="h8"]').boundingBox();
      assert(a1After.y < h8After.y, "orientation survives a reload");
      await page.click("#btn-flip");
      const a1Back = await page.locator('rect[data-square="a1"]').boundingBox();
      const h8Back = await page.locator('rect[data-square="h8"]').boundingBox();
      assert(a1Back.y > h8Back.y && a1Back.x < h8Back.x, "a1 back at the bottom-left");
    },
  },
  {
    name: "reload restores the game in progress",
    async fn({ page, base }) {
      await open(page, base);
      await playOpeningAgainstBot(page);
      await playByClicks(page, (await currentLegalMoves(page))[0]);
      await waitForMoves(page, 4);
      const moves = await moveList(page);
      const p = await pieces(page);
      const fen = await fenShown(page);
      await page.reload();
      await waitReady(page);
      assertEq(await moveList(page), moves, "move list after reload");
      assertEq(await pieces(page), p, "pieces after reload");
      assertEq(await fenShown(page), fen, "FEN after reload");
    },
  },
  {
    name: "undo takes back the bot's reply and the player's move",
    async fn({ page, base }) {
      await open(page, base);
      const start = await pieces(page);
      await playOpeningAgainstBot(page);
      await page.click("#btn-undo");
      await settled(page);
      assertEq(await moveList(page), [], "no moves after undo");
      assertEq(await pieces(page), start, "start position after undo");
      assert(/White to move/.test((await status(page)).text), "White to move after undo");
      await page.waitForTimeout(300);
      assertEq(await moveList(page), [], "the bot does not move by itself");
    },
  },
  {
    name: "FEN and PDN export equal the moves played; the share link reopens the game",
    async fn({ page, base, context }) {
      await open(page, base);
      await playOpeningAgainstBot(page);
      const legal = await currentLegalMoves(page);
      await playByClicks(page, legal[legal.length - 1]);
      await waitForMoves(page, 4);
      const moves = await moveList(page);
      const fen = await fenShown(page);
      const expectedFen = await oracle(
        page,
        (m, moves) => {
          const g = new m.Game();
          for (const mv of moves) g.play(mv);
          const f = g.fen();
          g.free();
          return f;
        },
        moves,
      );
      assertEq(fen, expectedFen, "FEN shown equals the engine's FEN after the moves");
      const pdn = await page.$eval("#pdn-out", (el) => el.value);
      const body = pdn.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ");
      const tokens = body.split(/\s+/).filter((t) => t && !/^\d+\.+$/.test(t) && !/^(\*|1-0|0-1|1\/2-1\/2|2-0|0-2|1-1)$/.test(t));
      const clean = tokens.map((t) => t.replace(/^\d+\.+/, "")).filter(Boolean);
      assertEq(clean, moves, "PDN moves equal the moves played");
      const link = await page.$eval("#share-out", (el) => el.value);
      const page2 = await context.newPage();
      await page2.goto(link);
      await waitReady(page2);
      assertEq(await moveList(page2), moves, "the share link opens the same game");
      assertEq(await fenShown(page2), fen, "same position from the link");
      // paste the FEN into the load field
      await page.fill("#paste-in", "W:Wc3,e3:Bd4,h8");
      await page.click("#btn-load");
      await settled(page);
      const p = await pieces(page);
      assertEq(Object.keys(p).sort(), ["c3", "d4", "e3", "h8"], "the pasted FEN is on the board");
      await page.fill("#paste-in", "W:Wz9");
      await page.click("#btn-load");
      const err = await page.textContent("#load-error");
      assert(err.length > 0, "a bad FEN gives an error");
      // and a PDN
      await page.fill("#paste-in", pdn);
      await page.click("#btn-load");
      await settled(page);
      assertEq(await moveList(page), moves, "the pasted PDN restores the game");
    },
  },
  {
    name: "the move list shows earlier positions and goes back to the game",
    async fn({ page, base }) {
      await open(page, base);
      const start = await pieces(page);
      await playOpeningAgainstBot(page);
      const live = await pieces(page);
      await page.click('#move-list button[data-ply="1"]');
      const after1 = await pieces(page);
      assertEq(after1.d4, "white-man", "after move 1 the man is on d4");
      assertEq(Object.keys(after1).length, 24, "24 pieces after move 1");
      await page.click("#nav-first");
      assertEq(await pieces(page), start, "the start position");
      await clickSquare(page, "c3");
      assertEq(await page.locator("[data-dest]").count(), 0, "no moves while viewing history");
      await page.click("#btn-live");
      assertEq(await pieces(page), live, "back to the live position");
      assertEq(await page.locator("#btn-live:visible").count(), 0, "back button hidden");
    },
  },
  {
    name: "a game against the lowest level played to its end shows the result",
    async fn({ page, base }) {
      await open(page, base);
      const lv = await levels(page);
      await newGame(page, { side: "white", level: lv[0].level });
      await page.goto(`${base}/#${shareHash("W:WKa1,Kc1,e1,g1:Ba7,h6")}`);
      await waitReady(page);
      for (let i = 0; i < 80; i++) {
        const st = await status(page);
        if (st.state !== "ongoing") break;
        const legal = await legalMovesOf(page, await fenShown(page));
        assert(legal.length > 0, "an ongoing game has legal moves");
        legal.sort((a, b) => b.captures.length - a.captures.length || Number(b.crowns) - Number(a.crowns));
        const pick = legal[0];
        const n = (await moveList(page)).length;
        await page.fill("#move-input", pick.notation);
        await page.press("#move-input", "Enter");
        await waitForMoves(page, n + 1);
        await settled(page);
      }
      const st = await status(page);
      assert(st.state === "win" || st.state === "draw", `the game ended: ${st.text}`);
      assert(/wins|Draw/.test(st.text), `the result is written: ${st.text}`);
      assertEq(await page.locator("#move-input:disabled").count(), 1, "no more moves can be typed");
      await page.screenshot({ path: shotPath("game-over-1280.png") });
    },
  },
  {
    name: "an immediate win shows White wins with its reason",
    async fn({ page, base }) {
      await open(page, base, shareHash("W:Wc3:Bd4"));
      await clickSquare(page, "c3");
      await clickSquare(page, "e5");
      await waitForMoves(page, 1);
      const st = await status(page);
      assertEq(st.state, "win", "data-status is win");
      assert(/White wins/.test(st.text) && /no pieces|no legal move/.test(st.text), `result and reason: ${st.text}`);
    },
  },
  {
    name: "a running draw count is shown",
    async fn({ page, base }) {
      await open(page, base, shareHash("W:WKa3,Kc1,Ke1:BKh2"));
      const text = await page.textContent("#draw-count");
      assert(/White has \d+ moves? left to win/.test(text), `draw count: ${text}`);
    },
  },
  {
    name: "offering a draw gets the bot's answer; resign ends the game",
    async fn({ page, base }) {
      // the bot (Black) is winning: it declines
      await open(page, base, shareHash("W:Wa1:Ba7,c7,e7,g7,Kh8"));
      await page.click("#btn-draw");
      await page.waitForFunction(() => /bot (declines|accepts)/i.test(document.getElementById("notice").textContent), null, { timeout: 10000 });
      assert(/declines/.test(await page.textContent("#notice")), "a winning bot declines");
      assertEq((await status(page)).state, "ongoing", "a declined offer leaves the game going");
      // the bot is lost: it accepts, and the game is drawn by agreement
      await open(page, base, shareHash("W:WKa1,Kc1,Ke1,g3:Ba7"));
      await page.click("#btn-draw");
      await page.waitForFunction(() => /bot (declines|accepts)/i.test(document.getElementById("notice").textContent), null, { timeout: 10000 });
      const drawn = await status(page);
      assertEq(drawn.state, "draw", "an accepted offer ends the game in a draw");
      assert(/agreement/.test(drawn.text), `draw by agreement: ${drawn.text}`);
      await newGame(page, { side: "white" });
      await page.click("#btn-resign");
      await page.click("#confirm-yes");
      const st = await status(page);
      assertEq(st.state, "win", "data-status is win after resigning");
      assert(/Black wins/.test(st.text) && /resigned/.test(st.text), `resignation result: ${st.text}`);
      await page.reload();
      await waitReady(page);
      assertEq((await status(page)).state, "win", "the resignation survives a reload");
      await page.click("#btn-undo");
      await settled(page);
      assertEq((await status(page)).state, "ongoing", "undo takes the resignation back");
    },
  },
  {
    name: "hint shows a legal move as an arrow",
    async fn({ page, base }) {
      await open(page, base);
      await page.click("#btn-hint");
      await page.waitForSelector("[data-hint]", { timeout: 10000 });
      const hint = await page.getAttribute("[data-hint]", "data-hint");
      const legal = await legalMovesOf(page, await fenShown(page));
      assert(legal.some((m) => m.notation === hint), `the hint ${hint} is a legal move`);
      await page.waitForFunction((h) => document.getElementById("announcer").textContent.includes(h), hint);
    },
  },
  {
    name: "two players on one device: no bot",
    async fn({ page, base }) {
      await open(page, base);
      await newGame(page, { side: "humans" });
      await clickSquare(page, "c3");
      await clickSquare(page, "d4");
      await page.waitForTimeout(600);
      assertEq(await moveList(page), ["c3-d4"], "the bot did not answer");
      assert(/Black to move/.test((await status(page)).text), "Black to move");
      await clickSquare(page, "f6");
      await clickSquare(page, "e5");
      await waitForMoves(page, 2);
      assertEq(await moveList(page), ["c3-d4", "f6-e5"], "Black moved by hand");
      await page.click("#btn-undo");
      assertEq(await moveList(page), ["c3-d4"], "undo takes back one move");
    },
  },
  {
    name: "playing Black: the bot opens as White",
    async fn({ page, base }) {
      await open(page, base);
      const lv = await levels(page);
      await newGame(page, { side: "black", level: lv[0].level });
      await waitForMoves(page, 1);
      const a1 = await page.locator('rect[data-square="a1"]').boundingBox();
      const h8 = await page.locator('rect[data-square="h8"]').boundingBox();
      assert(a1.y < h8.y, "Black at the bottom");
      assert(/Black to move/.test((await status(page)).text), "Black to move after the bot's first move");
    },
  },
  {
    name: "while the bot thinks at its highest level the main thread stays free",
    async fn({ page, base }) {
      await open(page, base);
      const lv = await levels(page);
      const top = lv[lv.length - 1];
      await newGame(page, { side: "white", level: top.level });
      // record long tasks from the moment the bot starts to think until it has moved
      await page.evaluate(() => {
        window.__longTasks = [];
        window.__watching = false;
        new MutationObserver(() => {
          if (document.body.dataset.thinking === "true") window.__watching = true;
        }).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (window.__watching) window.__longTasks.push(Math.round(e.duration));
        }).observe({ type: "longtask", buffered: false });
      });
      await clickSquare(page, "c3");
      await clickSquare(page, "d4");
      await page.waitForFunction(() => document.body.dataset.thinking === "true");
      // the page stays usable: flip and scroll while the bot thinks
      await page.click("#btn-flip");
      await page.mouse.wheel(0, 200);
      await page.click("#btn-flip");
      await waitForMoves(page, 2, top.movetimeMs + 10000);
      const longTasks = await page.evaluate(() => window.__longTasks);
      assert(longTasks.every((d) => d <= 50), `long tasks during the search: ${longTasks}`);
      const bot = await lastBot(page);
      assert(bot.elapsedMs <= bot.budgetMs + 200, `top level took ${bot.elapsedMs} ms of ${bot.budgetMs} ms`);
    },
  },
  {
    name: "undo and a new game cancel a search in flight",
    async fn({ page, base }) {
      await open(page, base);
      const lv = await levels(page);
      const top = lv[lv.length - 1];
      await newGame(page, { side: "white", level: top.level });
      await clickSquare(page, "c3");
      await clickSquare(page, "d4");
      await page.waitForFunction(() => document.body.dataset.thinking === "true");
      await page.click("#btn-undo");
      assertEq(await moveList(page), [], "undo while the bot thinks takes back the move");
      assertEq((await status(page)).state, "ongoing", "still a game");
      assertEq(await page.evaluate(() => document.body.dataset.thinking), "false", "the bot stopped thinking");
      await clickSquare(page, "e3");
      await clickSquare(page, "f4");
      await page.waitForFunction(() => document.body.dataset.thinking === "true");
      await newGame(page, { side: "white", level: lv[0].level });
      assertEq(await moveList(page), [], "fresh game");
      await page.waitForTimeout(Math.min(top.movetimeMs + 300, 6000));
      assertEq(await moveList(page), [], "the cancelled search never lands");
      assertEq(Object.keys(await pieces(page)).length, 24, "start position kept");
    },
  },
  {
    name: "a crashed bot Worker is restarted and the game carries on",
    allowErrors: [/simulated crash/],
    async fn({ page, base }) {
      await open(page, base);
      await page.waitForFunction(() => true);
      const workers = page.workers();
      assert(workers.length === 1, `one bot worker: ${workers.length}`);
      await workers[0].evaluate(() => {
        self.onmessage = () => {
          throw new Error("simulated crash");
        };
      });
      await clickSquare(page, "c3");
      await clickSquare(page, "d4");
      await waitForMoves(page, 2);
      const restarts = await page.evaluate(() => window.shashkiPlay.botRestarts);
      assert(restarts >= 1, `the worker was restarted (${restarts})`);
      assertEq((await moveList(page)).length, 2, "the bot answered after the restart");
    },
  },
  {
    name: "a bot Worker that stops answering is replaced after its deadline",
    async fn({ page, base }) {
      await open(page, base);
      const lv = await levels(page);
      await newGame(page, { side: "white", level: lv[0].level });
      const workers = page.workers();
      await workers[workers.length - 1].evaluate(() => {
        self.onmessage = () => {}; // swallows every request: a hung worker
      });
      await clickSquare(page, "c3");
      await clickSquare(page, "d4");
      await waitForMoves(page, 2, lv[0].movetimeMs + 15000);
      const restarts = await page.evaluate(() => window.shashkiPlay.botRestarts);
      assert(restarts >= 1, `the hung worker was replaced (${restarts})`);
    },
  },
  {
    name: "screenshots at 375 px",
    viewport: { width: 375, height: 812 },
    async fn({ page, base }) {
      await open(page, base);
      await page.screenshot({ path: shotPath("start-375.png"), fullPage: true });
      await playOpeningAgainstBot(page);
      await clickSquare(page, "b2");
      await page.screenshot({ path: shotPath("selected-375.png") });
      const box = await page.locator(".sb-board").boundingBox();
      assert(box.width <= 375 && box.width >= 330, `the board fits the phone: ${box.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert(!overflow, "no horizontal scrolling");
      await page.click("#btn-new");
      await page.waitForSelector("#new-game-dialog[open]");
      await page.screenshot({ path: shotPath("new-game-375.png") });
      await page.keyboard.press("Escape");
    },
  },
  {
    name: "a 280 px board and a 900 px board",
    viewport: { width: 296, height: 640 },
    async fn({ page, base, context }) {
      await open(page, base);
      const box = await page.locator(".sb-board").boundingBox();
      assert(box.width >= 270 && box.width <= 290, `a board about 280 px wide: ${box.width}`);
      await page.locator(".board-col").screenshot({ path: shotPath("board-280.png") });
      const big = await context.newPage();
      await big.setViewportSize({ width: 1400, height: 1160 });
      await open(big, base);
      const bigBox = await big.locator(".sb-board").boundingBox();
      assert(bigBox.width >= 880 && bigBox.width <= 920, `a board about 900 px wide: ${bigBox.width}`);
      await big.locator(".sb-board").screenshot({ path: shotPath("board-900.png") });
    },
  },
  {
    name: "screenshots at 1280 px",
    async fn({ page, base }) {
      await open(page, base);
      await page.screenshot({ path: shotPath("start-1280.png") });
      await open(page, base, shareHash("B:WKa1,c3,e3,f2,g1,h4:Bd4,f6,b6,c7,Kh8", []));
      await page.screenshot({ path: shotPath("midgame-1280.png") });
      await page.click("#btn-hint");
      await page.waitForSelector("[data-hint]", { timeout: 10000 });
      await page.click("#io summary");
      await page.screenshot({ path: shotPath("hint-export-1280.png"), fullPage: true });
    },
  },
];
