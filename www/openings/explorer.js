// The explorer: the moves played from a position in the classic games,
// with their counts and results, and the opening book's moves.

import { Board } from "../board/board.js";
import { openingName, showOpening } from "../shared/opening.js";
import { errorText } from "../shared/status-text.js";
import { t } from "../i18n/i18n.js";
import { announce } from "../shared/announce.js";
import { $ } from "../shared/util.js";
import { bookMoves, BY_FEN, el, facts, Game, GAMES_URL, pdnGames, S, withGame } from "./state.js";
import { afterFen, evalOf, evalText } from "./evals.js";

// ---- the explorer -------------------------------------------------------

export const ex = { moves: [], collection: null, failed: "" };

export const exBoard = new Board($("ex-board"), {
  label: t("openings.boardLabel"),
  onMove: (move) => exPlay(move.notation),
});

function exPlay(notation) {
  ex.moves = [...ex.moves, notation];
  renderExplorer();
  announce(t("openings.moved", { move: notation }));
}

export function exSet(moves) {
  ex.moves = moves;
  renderExplorer();
}

function percent(n, total) {
  return total ? `${n} (${Math.round((100 * n) / total)}%)` : "0";
}

/** The named openings whose positions the line passes through, in order. */
function reachedAlong(moves) {
  const out = [];
  const g = new Game();
  try {
    const check = () => {
      const o = BY_FEN.get(g.fen());
      if (o && !out.some((x) => x.id === o.id)) out.push(o);
    };
    check();
    for (const m of moves) {
      g.play(m);
      check();
    }
  } finally {
    g.free();
  }
  return out;
}

export function renderExplorer() {
  const state = withGame(ex.moves, (g) => ({
    fen: g.fen(),
    board: g.board(),
    legal: g.legalMoves(),
    last: g.history().at(-1) || null,
    opening: g.opening(),
  }));
  exBoard.set({ position: state.board, legalMoves: state.legal, lastMove: state.last, label: t("openings.boardLabel") });
  $("ex-line").textContent = ex.moves.length ? ex.moves.join(" ") : t("openings.lineEmpty");
  showOpening($("ex-opening"), state.opening);
  if (!state.opening) $("ex-opening").textContent = t("openings.none");
  const reached = reachedAlong(ex.moves);
  $("ex-reached").textContent = reached.length ? reached.map((o) => openingName(o)).join(" → ") : t("openings.none");
  $("ex-back").disabled = !ex.moves.length;
  $("ex-start").disabled = !ex.moves.length;
  const link = new URLSearchParams();
  if (ex.moves.length) link.set("moves", ex.moves.join(" "));
  $("ex-analyse").href = `analysis.html${ex.moves.length ? `#${link}` : ""}`;
  ex.fen = state.fen;
  renderMovesTable(state);
}

function renderMovesTable(state) {
  const body = $("ex-moves-body");
  const played = ex.collection ? ex.collection.moves(state.fen) : [];
  const book = bookMoves(state.fen);
  const bookSet = new Set(book.map((b) => b.notation));
  const rows = played.map((m) => ({ ...m }));
  for (const b of book) {
    if (!rows.some((r) => r.notation === b.notation)) rows.push({ notation: b.notation, games: 0, white: 0, draws: 0, black: 0 });
  }
  if (ex.collection) {
    const n = ex.collection.gamesAt(state.fen);
    $("ex-games").textContent = t("openings.gamesAt", { n, total: ex.collection.size });
    $("ex-games").dataset.count = String(n);
  } else {
    $("ex-games").textContent = ex.failed ? t("openings.gamesFailed", { message: ex.failed }) : t("openings.gamesLoading");
  }
  const trs = rows.map((r) => {
    const decided = r.white + r.draws + r.black;
    const playBtn = el("button", {
      type: "button",
      class: "ex-move-btn",
      text: r.notation,
      "aria-label": t("openings.playMove", { move: r.notation }),
    });
    playBtn.addEventListener("click", () => exPlay(r.notation));
    const evalCell = el("td", { class: "ex-eval", "data-eval-for": r.notation });
    const cached = evalOf(afterFen(state.fen, r.notation));
    evalCell.textContent = cached ? evalText(cached) : "";
    return el(
      "tr",
      { "data-explorer-move": r.notation, "data-count": String(r.games), "data-book": String(bookSet.has(r.notation)) },
      el("th", { scope: "row" }, playBtn),
      el("td", { class: "num", text: String(r.games) }),
      el("td", { class: "num", text: percent(r.white, decided) }),
      el("td", { class: "num", text: percent(r.draws, decided) }),
      el("td", { class: "num", text: percent(r.black, decided) }),
      el("td", { text: bookSet.has(r.notation) ? t("openings.inBook") : t("openings.notInBook") }),
      evalCell,
    );
  });
  body.replaceChildren(...trs);
  $("ex-empty").hidden = rows.length > 0;
  $("ex-eval").disabled = rows.length === 0 || S.evaluating;
}

$("ex-start").addEventListener("click", () => exSet([]));
$("ex-back").addEventListener("click", () => exSet(ex.moves.slice(0, -1)));

/** The classic games indexed by position: the engine reads every game and
 * writes the FEN after each move; the page only counts equal FENs (so a
 * position reached by another move order counts too, each game once). */
/** Resolves at the next turn of the event loop (input and painting go first). */
const yieldToPage = () =>
  globalThis.scheduler && typeof scheduler.yield === "function" ? scheduler.yield() : new Promise((r) => setTimeout(r, 0));

/** Reading the 200 games takes a few hundred ms on a phone: in slices of
 * about 4 ms, so the page answers taps meanwhile (no long task). */
const SLICE_MS = 4;

async function buildExplorer(text) {
  await yieldToPage();
  // Read by the engine ten games at a time (cut before each [Event tag; a
  // game without one stays with the one before it, and is read all the same).
  const parts = text.split(/\n(?=\[Event )/);
  const games = [];
  let sliceStart = performance.now();
  for (let k = 0; k < parts.length; k += 10) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    games.push(...pdnGames(parts.slice(k, k + 10).join("\n")));
  }
  const visits = new Map(); // fen -> [{i, next}]
  for (let i = 0; i < games.length; i++) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    const s = games[i];
    const g = Game.fromPdn(s.pdn);
    try {
      const hist = g.history();
      const fens = [g.startFen(), ...hist.map((h) => h.fen)];
      fens.forEach((fen, k) => {
        let list = visits.get(fen);
        if (!list) visits.set(fen, (list = []));
        if (!list.length || list[list.length - 1].i !== i) list.push({ i, next: hist[k] ? hist[k].notation : null });
      });
    } finally {
      g.free();
    }
  }
  return {
    size: games.length,
    gamesAt: (fen) => (visits.get(fen) || []).length,
    moves(fen) {
      const by = new Map();
      for (const { i, next } of visits.get(fen) || []) {
        if (!next) continue;
        if (!by.has(next)) by.set(next, { notation: next, games: 0, white: 0, draws: 0, black: 0 });
        const m = by.get(next);
        m.games += 1;
        const r = games[i].result;
        if (r === "2-0") m.white += 1;
        else if (r === "0-2") m.black += 1;
        else if (r === "1-1") m.draws += 1;
      }
      return [...by.values()].sort((a, b) => b.games - a.games || (a.notation < b.notation ? -1 : 1));
    },
  };
}

fetch(GAMES_URL)
  .then((res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  })
  .then(buildExplorer)
  .then((collection) => {
    ex.collection = collection;
    facts.explorerReady = true;
    renderExplorer();
  })
  .catch((e) => {
    ex.failed = errorText(e);
    renderExplorer();
  });
