// Helpers for the browser tests of the widget, rules and lessons pages.

import { evaluateWithin } from "./lib.mjs";

/**
 * The pieces a FEN puts on the board, {square: "white-man" | ...}: an
 * independent reading of the FEN (comma lists, K for kings, ranges such as
 * a1-c3 are not used by our pages), to check what the widgets draw.
 */
export function expectedPieces(fen) {
  const out = {};
  const parts = fen.trim().split(":");
  if (!/^[WB]$/.test(parts[0])) throw new Error(`FEN ${fen}: side to move`);
  for (const part of parts.slice(1)) {
    const color = { W: "white", B: "black" }[part[0]];
    if (!color) throw new Error(`FEN ${fen}: colour of "${part}"`);
    for (const item of part.slice(1).split(",").filter(Boolean)) {
      const king = item.startsWith("K");
      const square = king ? item.slice(1) : item;
      if (!/^[a-h][1-8]$/.test(square)) throw new Error(`FEN ${fen}: square "${item}"`);
      out[square] = `${color}-${king ? "king" : "man"}`;
    }
  }
  return Object.fromEntries(Object.entries(out).sort());
}

/** How long a page's widgets may take to show their positions. */
const READY_MS = 15000;

/**
 * Waits until every <shashki-board> of the page is ready; returns for each:
 * its attributes, its starting FEN, the moves it offers, its status line.
 */
export async function widgetsReady(page) {
  await page.waitForFunction(() => customElements.get("shashki-board") !== undefined, null, { timeout: 20000 });
  return page.evaluate(async (ms) => {
    const els = [...document.querySelectorAll("shashki-board")];
    const late = new Set(els);
    const all = Promise.all(els.map((e) => e.ready.then(() => late.delete(e))));
    let timer;
    const expired = new Promise((_, reject) => {
      timer = setTimeout(() => {
        const names = [...late].map((e) => e.id || `#${els.indexOf(e) + 1}`);
        reject(new Error(`widgets not ready after ${ms} ms: ${names.join(", ")}`));
      }, ms);
    });
    await Promise.race([all, expired]).finally(() => clearTimeout(timer));
    return els.map((e) => ({
      attrs: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])),
      fen: e.startFen,
      legal: e.legalMoves().map((m) => m.notation),
      status: e.querySelector(".sbw-status").textContent.trim(),
      caption: e.getAttribute("caption") || e.getAttribute("prompt") || "",
      error: e.querySelector(".sbw").classList.contains("sbw-error"),
    }));
  }, READY_MS);
}

/**
 * Calls `attempt(move)` on the index-th widget as a reader would; fails
 * with the widget and the move named when it does not settle in `ms`.
 */
export function attemptIn(page, index, move, ms = 10000) {
  return evaluateWithin(
    page,
    ms,
    `widget ${index + 1}: attempt(${JSON.stringify(move)})`,
    ({ i, m }) => document.querySelectorAll("shashki-board")[i].attempt(m),
    { i: index, m: move },
  );
}
