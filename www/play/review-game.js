// "Find my mistakes in this game" on the play page: once a game is over,
// on request, the engine reviews it in the analysis worker (the same
// measure as the analysis page's review, www/shared/review.js), and the
// player's mistakes and blunders become exercises (www/shared/mistakes.js):
// practised here at once, and kept with the other saved mistakes
// (localStorage `shashki.mistakes.v1`), which the analysis page brings back
// (`analysis.html#mistakes`). In a game against the bot only the player's
// own moves count; with two players at one board, both sides'.

import { onLangChange, t } from "../i18n/i18n.js";
import { markMoves } from "../shared/review.js";
import { exercisesFromReview, keep, MistakeTrainer } from "../shared/mistakes.js";

const WORKER_URL = new URL("../shared/analysis-worker.js", import.meta.url).href;
/** Engine time per reviewed position (the analysis page's quickest budget is 150). */
export const REVIEW_MS = 300;

/**
 * `game()` returns {startFen, moves: [notation], over, players: ["white"|"black"]}
 * for the game on the board. Returns {refresh, review}: refresh() when the
 * game changes; review(g) reviews another game of that shape (one of My
 * games).
 */
export function setupGameReview({ Game, game }) {
  const button = document.getElementById("btn-review-game");
  const status = document.getElementById("review-game-status");
  const root = document.getElementById("mistakes");
  if (!button || !status || !root) return { refresh: () => {}, review: () => {} };
  // Built on first use: until then the page has one board only.
  let trainer = null;
  let worker = null;
  let running = null; // {id, key, evals}
  let doneKey = null;
  let nextId = 1;

  const keyOf = (g) => `${g.startFen}|${g.moves.join(" ")}`;

  /** `over`: whether the game on the board is over (the page knows; asking costs an engine call). */
  function refresh(over = game().over) {
    button.textContent = t("mistakes.reviewGame");
    if (!over) {
      // A game in progress: nothing to offer, a running review of an
      // earlier game on the board is dropped.
      button.hidden = true;
      if (running && !running.stored) stop();
      if (doneKey !== null) status.textContent = ""; // a new game after a review of the last one
      doneKey = null;
      return;
    }
    const g = game();
    const key = keyOf(g);
    button.hidden = g.moves.length === 0;
    button.disabled = !!running || doneKey === key;
    if (running && running.key !== key && !running.stored) stop();
  }

  function stop() {
    worker?.terminate();
    worker = null;
    running = null;
    status.textContent = "";
  }

  function start(g = game()) {
    if (!g.over || !g.moves.length) return;
    if (running) stop();
    const id = nextId++;
    running = { id, key: keyOf(g), g, evals: [], stored: !!g.stored };
    button.disabled = true;
    status.textContent = t("mistakes.reviewing", { n: 1, total: g.moves.length + 1 });
    worker = new Worker(WORKER_URL, { type: "module" });
    worker.onmessage = (e) => onMessage(e.data || {});
    worker.postMessage({ type: "review", id, startFen: g.startFen, moves: g.moves, movetimeMs: REVIEW_MS });
  }

  function onMessage(msg) {
    if (!running || msg.id !== running.id) return;
    if (msg.type === "review-step") {
      running.evals[msg.index] = msg.eval;
      status.textContent = t("mistakes.reviewing", { n: Math.min(msg.index + 2, msg.total), total: msg.total });
    } else if (msg.type === "review-done") {
      finish();
    } else if (msg.type === "error") {
      const text = msg.error?.message || "engine error";
      stop();
      status.textContent = t("mistakes.error", { message: text });
      refresh();
    }
  }

  function finish() {
    const { g, evals, key, stored } = running;
    worker?.terminate();
    worker = null;
    running = null;
    if (!stored) doneKey = key;
    // The positions before each move, their sides and numbers, by the engine.
    const replay = Game.fromFen(g.startFen);
    const fens = [];
    const moves = [];
    const numbers = [];
    let number = 1;
    try {
      for (const m of g.moves) {
        const white = replay.turn() === "white";
        fens.push(replay.fen());
        moves.push({ move: m, white });
        numbers.push(white ? `${number}.` : `${number}...`);
        if (!white) number++;
        replay.play(m);
      }
    } finally {
      replay.free();
    }
    const marks = markMoves(moves, evals);
    const all = exercisesFromReview({ fens, moves, evals, marks, numbers, movetimeMs: REVIEW_MS, label: t("mistakes.gameLabel") });
    const mine = all.filter((x) => g.players.includes(x.side));
    keep(mine);
    status.textContent = mine.length ? t("mistakes.reviewedSome", { n: mine.length }) : t("mistakes.reviewedNone");
    refresh();
    if (mine.length) {
      trainer ??= new MistakeTrainer({ root, Game });
      trainer.open(mine);
    }
  }

  button.addEventListener("click", () => start());
  onLangChange(() => refresh());
  refresh();
  return { refresh, review: (g) => start({ ...g, over: true, stored: true }) };
}
