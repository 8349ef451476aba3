// The explorer: the moves played from a position in the classic games,
// with their counts and results, and the opening book's moves.

import { Board } from "../board/board.js";
import { openingName, showOpening } from "../shared/opening.js";
import { errorText } from "../shared/status-text.js";
import { t } from "../i18n/i18n.js";
import { announce } from "../shared/announce.js";
import { $ } from "../shared/util.js";
import { bookMoves, BY_FEN, el, facts, Game, GAMES_URL, S, withGame } from "./state.js";
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

/** The latest render asked for: an older answer of the Worker is dropped. */
let shown = 0;

/** Shows the explorer's line: at once while the games are not indexed, else
 * once the Worker has said what was played there (the board, the line and
 * the counts change together). Resolves when shown. */
export function renderExplorer() {
  const seq = ++shown;
  const state = withGame(ex.moves, (g) => ({
    fen: g.fen(),
    board: g.board(),
    legal: g.legalMoves(),
    last: g.history().at(-1) || null,
    opening: g.opening(),
  }));
  if (!ex.collection) return Promise.resolve(paint(state, null));
  return ex.collection.at(state.fen).then(
    (counts) => seq === shown && paint(state, counts),
    (e) => {
      if (seq !== shown) return;
      ex.failed = errorText(e);
      paint(state, null);
    },
  );
}

function paint(state, counts) {
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
  renderMovesTable(state, counts);
}

function renderMovesTable(state, counts) {
  const body = $("ex-moves-body");
  const played = counts ? counts.moves : [];
  const book = bookMoves(state.fen);
  const bookSet = new Set(book.map((b) => b.notation));
  const rows = played.map((m) => ({ ...m }));
  for (const b of book) {
    if (!rows.some((r) => r.notation === b.notation)) rows.push({ notation: b.notation, games: 0, white: 0, draws: 0, black: 0 });
  }
  if (counts) {
    const n = counts.games;
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

// ---- the classic games, indexed in a Worker (explorer-worker.js) ----------

const worker = new Worker(new URL("./explorer-worker.js", import.meta.url), { type: "module" });
const waiting = new Map();
let nextId = 1;

worker.onmessage = (e) => {
  const m = e.data || {};
  const w = waiting.get(m.id);
  if (!w) return;
  waiting.delete(m.id);
  if (m.type === "error") w.reject(new Error(m.message));
  else w.resolve(m);
};
worker.onerror = (e) => {
  e.preventDefault();
  for (const w of waiting.values()) w.reject(new Error(e.message || "the explorer's Worker failed"));
  waiting.clear();
};

function ask(req) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ ...req, id });
  });
}

ask({ type: "load", url: GAMES_URL })
  .then(({ size }) => {
    ex.collection = { size, at: (fen) => ask({ type: "at", fen }) };
    return renderExplorer();
  })
  .then(() => {
    facts.explorerReady = true;
  })
  .catch((e) => {
    ex.failed = errorText(e);
    renderExplorer();
  });
