// Learn from your mistakes: after a game review, every move marked a
// mistake or a blunder becomes an exercise, "find a better move" from the
// position before it. Exercises are also kept in this browser, so that the
// mistakes of every reviewed game can be practised again later.
//
// Judging a try (docs/learning.md): the engine's own choice at review time
// always counts. Any other legal move counts when the position after it,
// evaluated by the engine (shared/analysis-worker.js, at the review's time per
// position), keeps the player's expected score within the inaccuracy
// threshold of the position before it (a drop below 0.10; review.js's
// scale): the same measure that marked the game's move, so a try that the
// review would not have marked is a good move. Legality comes from the
// engine's Game; this file only asks and words the answers.

import { Board } from "../board/board.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { storage } from "./util.js";
import { expected, THRESHOLDS } from "./review.js";

const KEY = "shashki.mistakes.v1";
/** The store keeps this many exercises (the oldest go first). */
export const STORE_MAX = 300;
const WORKER_URL = new URL("../shared/analysis-worker.js", import.meta.url).href;

/** How much a move lowers its player's expected score, from the evaluations before and after. */
export function dropOf(side, before, after) {
  const e0 = expected(before);
  const e1 = expected(after);
  return side === "white" ? e0 - e1 : e1 - e0;
}

/** True when a try that leads to `after` is good enough: below the inaccuracy threshold. */
export function accepted(side, before, after) {
  return dropOf(side, before, after) < THRESHOLDS.inaccuracy;
}

/** The exercises kept in this browser, newest last. */
export function loadStored() {
  const list = storage.get(KEY, []);
  return Array.isArray(list) ? list.filter((x) => x && typeof x.fen === "string" && typeof x.played === "string") : [];
}

/** Adds exercises to the store (one per position and move played); returns the store. */
export function keep(exercises) {
  const list = loadStored();
  const seen = new Set(list.map((x) => `${x.fen}|${x.played}`));
  for (const x of exercises) {
    const k = `${x.fen}|${x.played}`;
    if (!seen.has(k)) {
      list.push(x);
      seen.add(k);
    }
  }
  if (list.length > STORE_MAX) list.splice(0, list.length - STORE_MAX);
  storage.set(KEY, list);
  return list;
}

/** Counts a solve of a stored exercise. */
function markSolved(x) {
  const all = loadStored();
  const mine = all.find((y) => y.fen === x.fen && y.played === x.played);
  if (!mine) return;
  mine.solved = x.solved;
  storage.set(KEY, all);
}

/** Evaluations from a Worker of its own (the live analysis and the review keep theirs). */
class Evaluator {
  constructor() {
    this.worker = null;
    this.next = 1;
    this.waiting = new Map();
  }
  evaluate(fen, movetimeMs) {
    if (!this.worker) {
      this.worker = new Worker(WORKER_URL, { type: "module" });
      this.worker.onmessage = (e) => {
        const m = e.data || {};
        const w = this.waiting.get(m.id);
        if (!w) return;
        this.waiting.delete(m.id);
        if (m.type === "evaluation") w.resolve(m.eval);
        else if (m.type === "error") w.reject(new Error(m.error?.message || "engine error"));
      };
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ type: "evaluate", id, fen, movetimeMs });
    });
  }
}

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("aria-") || k.startsWith("data-") || k === "role" || k === "type" || k === "hidden") e.setAttribute(k, v);
    else e[k] = v;
  }
  e.append(...kids);
  return e;
}

/**
 * The exercise panel. `Game` is the engine's; `root` gets the panel.
 * open(exercises) starts a set; the page calls it after a review or for
 * the stored ones.
 */
export class MistakeTrainer {
  constructor({ root, Game }) {
    this.root = root;
    this.Game = Game;
    this.evaluator = new Evaluator();
    this.list = [];
    this.index = 0;
    this.game = null;
    this.token = 0;
    this._build();
    onLangChange(() => this._render());
  }

  _build() {
    const b = (id, onclick) => el("button", { type: "button", class: "btn btn-small", "data-mistake-action": id, onclick });
    this.dom = {
      h: el("h2", { id: "mistakes-title" }),
      count: el("p", { class: "hint", "data-mistake-count": "" }),
      context: el("p", { "data-mistake-context": "" }),
      board: el("div", { class: "mistake-board" }),
      feedback: el("p", { class: "mistake-feedback", role: "status", "aria-live": "polite", "data-mistake-feedback": "" }),
      line: el("p", { class: "mistake-line", "data-mistake-line": "", hidden: "" }),
      hint: b("hint", () => this.hint()),
      show: b("show", () => this.reveal()),
      retry: b("retry", () => this.retry()),
      next: b("next", () => this.go(1)),
      close: b("close", () => this.close()),
    };
    const d = this.dom;
    this.root.replaceChildren(
      d.h,
      d.count,
      d.context,
      d.board,
      d.feedback,
      d.line,
      el("div", { class: "row-btns" }, d.hint, d.show, d.retry, d.next, d.close),
    );
    this.board = new Board(d.board, { label: t("mistakes.board"), onMove: (m) => this._try(m) });
  }

  get current() {
    return this.list[this.index] || null;
  }

  open(list) {
    this.list = list.slice();
    this.index = 0;
    this.root.hidden = false;
    this._start();
    this.root.scrollIntoView({ block: "nearest" });
  }

  close() {
    this.token++;
    this.root.hidden = true;
    this.root.dataset.state = "closed";
  }

  go(d) {
    if (!this.list.length) return;
    this.index = (this.index + d + this.list.length) % this.list.length;
    this._start();
  }

  retry() {
    this._start();
  }

  _start() {
    this.token++;
    const x = this.current;
    if (!x) return this.close();
    this.game?.free();
    this.game = this.Game.fromFen(x.fen);
    this.state = "try";
    this.result = null;
    this.hinted = false;
    this.revealed = false;
    this.board.set({ orientation: x.side, position: this.game.board(), legalMoves: this.game.legalMoves(), lastMove: null, hint: null, highlights: [], viewOnly: false });
    this._render();
  }

  hint() {
    const x = this.current;
    if (!x || !x.best) return;
    this.hinted = true;
    this.board.set({ highlights: [x.best.split(/[-:]/)[0]] });
    this._render();
  }

  reveal() {
    this.revealed = true;
    this._render();
  }

  async _try(move) {
    const x = this.current;
    if (!x || this.state !== "try") return;
    const token = this.token;
    const notation = move.notation;
    this.state = "thinking";
    this.board.setViewOnly(true);
    const after = this.Game.fromFen(x.fen);
    let fenAfter;
    try {
      after.play(notation);
      fenAfter = after.fen();
      await this.board.playMove(move, after.board());
    } finally {
      after.free();
    }
    this._render();
    let ok;
    let ev = null;
    if (notation === x.best) ok = true;
    else if (notation === x.played) ok = false;
    else {
      try {
        ev = await this.evaluator.evaluate(fenAfter, x.movetimeMs || 400);
      } catch (e) {
        if (token !== this.token) return;
        this.state = "try";
        this.result = { error: String(e.message || e) };
        return this._render();
      }
      ok = accepted(x.side, x.before, ev);
    }
    if (token !== this.token) return;
    this.state = ok ? "right" : "wrong";
    this.result = { move: notation, drop: ev ? dropOf(x.side, x.before, ev) : null };
    if (ok) {
      x.solved = (x.solved || 0) + 1;
      markSolved(x);
      this.revealed = true;
    }
    this._render();
  }

  _render() {
    const x = this.current;
    const d = this.dom;
    this.root.dataset.state = this.state || "closed";
    this.root.dataset.exerciseIndex = String(this.index);
    d.h.textContent = t("mistakes.title");
    this.board.set({ label: t("mistakes.board") });
    d.hint.textContent = t("mistakes.hint");
    d.show.textContent = t("mistakes.show");
    d.retry.textContent = t("mistakes.retry");
    d.next.textContent = t("mistakes.next");
    d.close.textContent = t("mistakes.close");
    if (!x) return;
    d.count.textContent = t("mistakes.count", { n: this.index + 1, total: this.list.length });
    d.context.textContent = t("mistakes.context", { side: x.side, number: x.number, move: x.played, kind: x.kind, label: x.label || "" });
    const r = this.result;
    let text = t(`mistakes.prompt`, { side: x.side });
    if (this.state === "thinking") text = t("mistakes.thinking");
    else if (r && r.error) text = t("mistakes.error", { message: r.error });
    else if (this.state === "right") text = r.move === x.best ? t("mistakes.rightBest", { move: r.move }) : t("mistakes.right", { move: r.move, best: x.best });
    else if (this.state === "wrong") text = r.move === x.played ? t("mistakes.sameMove", { move: r.move }) : t("mistakes.wrong", { move: r.move, drop: r.drop });
    else if (this.hinted) text = t("mistakes.hinted", { square: x.best.split(/[-:]/)[0] });
    d.feedback.textContent = text;
    d.feedback.dataset.kind = this.state || "";
    d.line.hidden = !this.revealed;
    d.line.textContent = this.revealed ? t("mistakes.line", { best: x.best, line: (x.pv || []).join(" ") }) : "";
    d.hint.disabled = this.state !== "try" || this.hinted;
    d.retry.disabled = this.state === "try" || this.state === "thinking";
    d.next.disabled = this.list.length < 2 || this.state === "thinking";
  }
}

/**
 * The exercises of a finished review: its mistakes and blunders (not the
 * inaccuracies), with the position before each move and the engine's view.
 */
export function exercisesFromReview({ fens, moves, evals, marks, numbers, movetimeMs, label }) {
  const out = [];
  marks.forEach((m, i) => {
    if (!m || (m.kind !== "mistake" && m.kind !== "blunder") || !m.better) return;
    out.push({
      fen: fens[i],
      played: moves[i].move,
      side: moves[i].white ? "white" : "black",
      kind: m.kind,
      best: m.better,
      pv: m.line,
      before: evals[i],
      number: numbers[i],
      movetimeMs,
      label,
      date: new Date().toISOString().slice(0, 10),
    });
  });
  return out;
}
