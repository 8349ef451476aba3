// <shashki-board mode="exercise">: the reader finds the `solution` line;
// the opponent's replies are played, a wrong legal move gets its
// explanation (data-wrong children) or the hint, and "show the solution"
// plays the line out.

import { listWords, t } from "../i18n/i18n.js";
import { other } from "../shared/status-text.js";
import { sleep } from "../shared/util.js";
import { REPLY_DELAY_MS, words, parseLines, button, refusal } from "./helpers.js";

/** Methods of ShashkiBoardElement (assigned to its prototype). */
export const exerciseMethods = {
  _setupExercise() {
    const lines = parseLines(this.getAttribute("solution"));
    if (!lines.length) throw new Error(t("widget.noSolution"));
    // Check every line with the engine and keep its canonical notation.
    this._lines = lines.map((line) => {
      const g = this._engine.Game.fromFen(this._startFen);
      try {
        return line.map((tok) => {
          try {
            return g.play(tok).notation;
          } catch (e) {
            throw new Error(t("widget.solutionBreaks", { move: tok, why: refusal(e) }));
          }
        });
      } finally {
        g.free();
      }
    });
    this._reader = this._game.turn();
    this._shown = false;
    this._busy = false;
    this._ui.bar.append(button("retry", { disabled: true }), button("solution"));
    this._ui.form.hidden = false;
    this._ui.input.value = "";
    this._refreshExercise();
    this._applyPrompt();
    this._ui.prompt.hidden = false;
    this._applyCaption();
  },

  _refreshExercise() {
    const done = this.solved || this._shown;
    const readerToMove = this._game.turn() === this._reader && !done && !this._busy;
    // The board gets only the engine's legal moves and shows none of them
    // (allowAnyMove): any other try goes to the engine through onAttempt.
    this._board.set({
      viewOnly: !readerToMove,
      legalMoves: readerToMove ? this._game.legalMoves() : [],
      allowAnyMove: true,
      movableColor: this._reader,
      showMustCapture: false,
    });
    const bar = this._ui.bar;
    bar.querySelector('[data-action="retry"]').disabled = this._game.ply() === 0 && !done;
    bar.querySelector('[data-action="solution"]').disabled = this._shown || this.solved;
    this._ui.input.disabled = !readerToMove;
    this._updateLabel();
  },

  /** The notations played so far (up to the cursor). */
  _played() {
    return this._game
      .history()
      .slice(0, this._game.ply())
      .map((h) => h.notation);
  },

  /** Solution lines that begin with the moves played so far. */
  _matching(played = this._played()) {
    return this._lines.filter((l) => l.length >= played.length && played.every((m, i) => l[i] === m));
  },

  async _exerciseAttempt(move, animate) {
    if (this._busy) return { ok: false, message: t("widget.waitReply") };
    if (this.solved || this._shown) return { ok: false, message: t("widget.pressRetry") };
    if (this._game.turn() !== this._reader) return { ok: false, message: t("widget.waitReply") };
    const { played, why } = this._playOrRefuse(move);
    if (!played) {
      this._flash("refused");
      return { ok: false, message: why, refused: "illegal" };
    }
    if (!this._matching().length) {
      const message = this._wrongMoveText(played);
      this._game.undo();
      this._setStatus(message, "refused");
      this._flash("refused");
      this._refreshExercise();
      return { ok: false, message, refused: "legal" };
    }
    const gen = this._generation;
    this._busy = true;
    this._board.set({ highlights: [], arrows: [] });
    this._refreshExercise();
    await this._board.playMove(played, this._game.board(), { animate });
    if (gen !== this._generation) return { ok: true, message: "", move: played.notation };
    const solved = await this._continueLine(gen);
    return { ok: true, message: this._ui.status.textContent, move: played.notation, solved };
  },

  /** After a correct move: declare success, or play the opponent's reply. */
  async _continueLine(gen) {
    for (;;) {
      const played = this._played();
      const lines = this._matching(played);
      if (lines.some((l) => l.length === played.length)) {
        this._busy = false;
        this._solve();
        return true;
      }
      if (this._game.turn() === this._reader) {
        this._busy = false;
        this._setStatus(t("widget.rightAgain"), "good");
        this._refreshExercise();
        return false;
      }
      this._setStatus(t("widget.right"), "good");
      await sleep(REPLY_DELAY_MS);
      if (gen !== this._generation) return false;
      const reply = this._game.play(lines[0][played.length]);
      await this._board.playMove(reply, this._game.board());
      if (gen !== this._generation) return false;
      if (this._game.turn() === this._reader && !this._matching().some((l) => l.length === this._game.ply())) {
        this._busy = false;
        this._setStatus(t("widget.replied", { side: other(this._reader), move: reply.notation }), "good");
        this._refreshExercise();
        return false;
      }
    }
  },

  _solve({ quiet = false } = {}) {
    this.setAttribute("solved", "");
    this._ui.figure.classList.add("sbw-solved");
    const extra = this.getAttribute("success");
    this._setStatus(`${t("widget.solved")}${extra ? ` ${extra}` : ""}`, "solved");
    if (quiet) return;
    this._refreshExercise();
    this.dispatchEvent(new CustomEvent("shashki-solved", { bubbles: true, detail: { id: this.id || null } }));
  },

  _wrongMoveText(played) {
    const key = played.notation;
    for (const c of this.querySelectorAll(":scope > [data-wrong]")) {
      const list = words(c.dataset.wrong);
      if (list.includes(key)) return t("widget.wrongWhy", { move: key, why: c.textContent.trim() });
    }
    // The engine's view of what the move allows: the opponent's best capture.
    const replies = this._game.legalMoves();
    if (replies.length && replies[0].captures.length) {
      const best = replies.reduce((a, b) => (b.captures.length > a.captures.length ? b : a));
      const roles = new Map(this._game.board().map((p) => [p.square, p.role]));
      const taken = best.captures.map((sq) => ({ sq, role: roles.get(sq) || "man" }));
      const kinds = new Set(taken.map((t) => t.role));
      const noun =
        kinds.size > 1 ? "pieces" : taken.length > 1 ? (kinds.has("king") ? "kings" : "men") : taken[0].role;
      return t("widget.wrongTakes", {
        move: key,
        side: other(this._reader),
        reply: best.notation,
        noun: t(`widget.noun.${noun}`),
        squares: listWords(taken.map((x) => x.sq)),
        crowns: best.crowns,
      });
    }
    const star = this.querySelector(":scope > [data-wrong='*']");
    const hint = this.getAttribute("hint") || (star ? star.textContent.trim() : "");
    return hint ? t("widget.wrongHint", { move: key, hint }) : t("widget.wrong", { move: key });
  },

  _flash(kind) {
    const f = this._ui.figure;
    f.classList.remove(`sbw-flash-${kind}`);
    void f.offsetWidth; // restart the animation
    f.classList.add(`sbw-flash-${kind}`);
  },

  async _showSolution() {
    const gen = this._generation;
    this._shown = true;
    this._busy = true;
    this._game.goto(0);
    this._board.set({ position: this._game.board(), lastMove: null, highlights: [], arrows: [] });
    this._refreshExercise();
    const line = this._lines[0];
    this._setStatus(t("widget.solution", { line: line.join(" ") }), "info");
    for (const m of line) {
      await sleep(REPLY_DELAY_MS);
      if (gen !== this._generation) return;
      const played = this._game.play(m);
      await this._board.playMove(played, this._game.board());
      if (gen !== this._generation) return;
    }
    this._busy = false;
    this._refreshExercise();
  },
};
