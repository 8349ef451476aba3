// Browser tests of the endgame tables on the play page: the bot Worker
// fetches the table files a position needs (egtb/<file>), the page shows
// what they decide, the bot plays their moves, a damaged file is refused,
// and the files once fetched work offline (service worker data cache).
//
// Expected values come from the native probe over the same files:
//   printf 'W:Wa3,c1:BKh8\nB:Wb4,c1:BKh8\nW:WKc3,e3:BKh8\nW:WKc1:BKh8\n' \
//     | cargo run --release -- egtb probe --dir www/egtb
//   {"fen":"W:Wa3,c1:BKh8","moves":8,"result":"loss"}
//   {"fen":"B:Wb4,c1:BKh8","moves":8,"result":"win"}
//   {"fen":"W:WKc3,e3:BKh8","moves":2,"result":"win"}
//   {"fen":"W:WKc1:BKh8","moves":null,"result":"draw"}
// (Not W:WKa1:BKh8: there every move of the white king stays on the long
// diagonal and is taken, "Black wins in 1 move".)
// After a3-b4 (B:Wb4,c1:BKh8, Black wins in 8) a table move by the bot
// leaves White lost in 7 (Black's 8 moves less the one played).

import { assert, assertEq, axeAudit, clickSquare, moveList, open, settled, shotPath, waitForMoves, waitReady } from "./lib.mjs";

const shareHash = (fen) => new URLSearchParams({ fen }).toString();

/** Waits until the page has the Worker's verdict for its position; returns {state, text}. */
async function tablebase(page) {
  await page.waitForFunction(() => document.getElementById("tablebase").dataset.state !== "pending", null, {
    timeout: 20000,
  });
  return page.$eval("#tablebase", (el) => ({ state: el.dataset.state, text: el.textContent }));
}

/** Waits for a given tablebase line. */
async function tablebaseLine(page, text) {
  await page.waitForFunction((text) => document.getElementById("tablebase").textContent === text, text, {
    timeout: 20000,
  });
}

/** Loads a FEN through the page's paste field. */
async function paste(page, fen) {
  if (!(await page.$eval("#io", (el) => el.open))) await page.click("#io summary");
  await page.fill("#paste-in", fen);
  await page.click("#btn-load");
  await settled(page);
}

/** Counts the requests for table files; optionally answers them with `body`. */
async function watchTables(context, body = null) {
  const seen = [];
  await context.route("**/egtb/*.egtb", (route) => {
    seen.push(new URL(route.request().url()).pathname.split("/").pop());
    if (body === null) return route.continue();
    return route.fulfill({ status: 200, contentType: "application/octet-stream", body });
  });
  return seen;
}

export const tests = [
  {
    name: "tablebase: the line shows the table's result and the bot plays the table move",
    async fn({ page, context, base }) {
      const seen = await watchTables(context);
      await open(page, base, shareHash("W:Wa3,c1:BKh8"));
      assertEq(await tablebase(page), { state: "loss", text: "Tablebase: Black wins in 8 moves" }, "White to move, lost");
      await page.screenshot({ path: shotPath("egtb-line.png") });
      await axeAudit(page, "1280 px with the tablebase line");
      await page.setViewportSize({ width: 375, height: 800 });
      await axeAudit(page, "375 px with the tablebase line");
      await page.screenshot({ path: shotPath("egtb-line-375.png"), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      // Each needed file fetched once: the material and what it can become.
      assertEq(
        [...new Set(seen)].sort(),
        ["w0k1m-b1k0m.egtb", "w0k2m-b1k0m.egtb", "w1k0m-b1k0m.egtb", "w1k0m-b1k1m.egtb", "w1k0m-b2k0m.egtb"],
        "the files the position needs",
      );
      assertEq(seen.length, new Set(seen).size, "no file fetched twice");

      await clickSquare(page, "a3");
      await clickSquare(page, "b4");
      await waitForMoves(page, 2);
      await tablebaseLine(page, "Tablebase: Black wins in 7 moves");
      const moves = await moveList(page);
      assertEq(moves[0], "a3-b4", "our move");
      assertEq(moves.length, 2, "the bot answered");

      // A pasted FEN: a win in 2 for White, then a drawn king against king.
      await paste(page, "W:WKc3,e3:BKh8");
      assertEq((await tablebase(page)).text, "Tablebase: White wins in 2 moves", "pasted position");
      await paste(page, "W:WKc1:BKh8");
      assertEq(await tablebase(page), { state: "draw", text: "Tablebase: draw" }, "king against king");
      // Five pieces: four kings against a king is in the tables
      // (`shashki egtb probe`: {"moves":4,"result":"win"}) ...
      await paste(page, "W:WKa1,Kb2,Kc1,Kd2:BKe7");
      assertEq((await tablebase(page)).text, "Tablebase: White wins in 4 moves", "four kings against a king");
      // ... and so are five pieces with men, whose files keep no distances
      // (`shashki egtb probe`: {"moves":null,"result":"loss"}): the result alone.
      await paste(page, "W:Wa3,c1,e1:BKh8,Kg7");
      assertEq(await tablebase(page), { state: "loss", text: "Tablebase: Black wins" }, "five pieces with men");
      // Six pieces: no table, no line.
      await paste(page, "W:Wa3,c1,e1:BKh8,Kg7,a7");
      assertEq(await tablebase(page), { state: "none", text: "" }, "six pieces: no table");
    },
  },

  {
    name: "tablebase: the line in Russian with its plurals",
    async fn({ page, base }) {
      await page.goto(`${base}/?lang=ru#${shareHash("W:Wa3,c1:BKh8")}`);
      await waitReady(page);
      assertEq((await tablebase(page)).text, "База: чёрные выигрывают за 8 ходов", "8 ходов");
      await paste(page, "W:WKc3,e3:BKh8");
      assertEq((await tablebase(page)).text, "База: белые выигрывают за 2 хода", "2 хода");
      await paste(page, "W:WKc1:BKh8");
      assertEq((await tablebase(page)).text, "База: ничья", "ничья");
    },
  },

  {
    name: "tablebase: a damaged table file is refused and the bot still plays",
    async fn({ page, context, base }) {
      // Garbage with the right name (an HTML error page, say) for every file.
      const seen = await watchTables(context, Buffer.from("<!doctype html><title>oops</title>".repeat(40)));
      // Black (the bot) to move and winning: it must move without the tables.
      await open(page, base, shareHash("B:Wa3,c1:BKh8"));
      await waitForMoves(page, 1);
      assertEq(await tablebase(page), { state: "none", text: "" }, "no table decides the position");
      assert(seen.length >= 5, `the files were asked for: ${seen}`);
      const moves = await moveList(page);
      assertEq(moves.length, 1, `the bot played: ${moves}`);
      // The refusal is typed: ask the Worker's module directly.
      const err = await page.evaluate(async () => {
        const m = await import("./shashki.js");
        await m.default();
        const bot = new m.Bot();
        try {
          bot.addTable("w0k2m-b1k0m.egtb", new TextEncoder().encode("<!doctype html>"));
          return null;
        } catch (e) {
          return { code: e.code, reason: e.reason };
        }
      });
      assertEq(err, { code: "bad_table", reason: "not_a_table" }, "garbage is refused with a typed error");
    },
  },

  {
    name: "tablebase: files fetched once are kept by the service worker and work offline",
    serviceWorkers: "allow",
    async fn({ page, context, base }) {
      await page.goto(`${base}/`);
      await waitReady(page);
      await page.waitForFunction(() => navigator.serviceWorker && !!navigator.serviceWorker.controller, null, {
        timeout: 20000,
      });
      // Not precached: no table is in any cache before a position needs it.
      const before = await page.evaluate(async () => {
        const out = [];
        for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) out.push(r.url);
        return out.filter((u) => u.includes("/egtb/"));
      });
      assertEq(before, [], "tables are not precached");
      await page.goto(`${base}/#${shareHash("W:Wa3,c1:BKh8")}`);
      await waitReady(page);
      assertEq((await tablebase(page)).text, "Tablebase: Black wins in 8 moves", "online");
      const kept = await page.evaluate(async () => {
        const out = [];
        for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) out.push(r.url);
        return out.filter((u) => u.includes("/egtb/")).map((u) => u.split("/").pop()).sort();
      });
      assert(kept.includes("w0k2m-b1k0m.egtb"), `the table is kept: ${kept}`);
      await context.setOffline(true);
      await page.reload();
      await waitReady(page);
      assertEq((await tablebase(page)).text, "Tablebase: Black wins in 8 moves", "offline, from the kept files");
    },
  },
];
