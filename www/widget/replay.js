// <shashki-board mode="replay">: steps through the `moves` attribute with
// start, back, forward and end buttons (and the arrow keys).

import { listWords, t } from "../i18n/i18n.js";
import { el } from "../shared/util.js";
import { words, button, iconButton, refusal } from "./helpers.js";

/** Methods of ShashkiBoardElement (assigned to its prototype). */
export const replayMethods = {
  _setupReplay() {
    const tokens = words(this.getAttribute("moves"));
    for (const tok of tokens) {
      try {
        this._game.play(tok);
      } catch (e) {
        throw new Error(t("widget.movesBreak", { move: tok, why: refusal(e) }));
      }
    }
    this._history = this._game.history();
    this._replayToken = 0;
    const ui = this._ui;
    ui.bar.append(
      iconButton("start", "start"),
      iconButton("back", "back"),
      iconButton("forward", "forward"),
      iconButton("end", "end"),
    );
    // The move list, numbered in pairs (White's move, Black's move): the
    // numbers and sides come from the engine's history entries.
    ui.moves.replaceChildren();
    let li = null;
    this._history.forEach((h, i) => {
      if (h.side === "white" || i === 0) {
        const white = h.side === "white";
        li = el("li", { class: "sbw-move" });
        li.append(el("span", { class: "sbw-num" }, white ? `${h.moveNumber}.` : `${h.moveNumber}...`));
        ui.moves.appendChild(li);
      }
      li.append(el("button", { type: "button", "data-ply": i + 1, class: "sbw-move-btn" }, h.notation));
    });
    ui.moves.hidden = this._history.length === 0;
    const plyAttr = (this.getAttribute("ply") || "0").trim();
    const ply = plyAttr === "end" ? this._history.length : Math.max(0, Math.min(this._history.length, parseInt(plyAttr, 10) || 0));
    this._game.goto(ply);
    this._showReplay(null);
  },

  _showReplay(move) {
    const ply = this._game.ply();
    const marks = ply === 0 ? this._decorations() : { highlights: [], arrows: [] };
    this._board.set({ position: this._game.board(), lastMove: move, viewOnly: true, ...marks });
    this._refreshReplayUi();
    return ply;
  },

  _refreshReplayUi() {
    const ply = this._game.ply();
    const n = this._history.length;
    const bar = this._ui.bar;
    bar.querySelector('[data-action="start"]').disabled = ply === 0;
    bar.querySelector('[data-action="back"]').disabled = ply === 0;
    bar.querySelector('[data-action="forward"]').disabled = ply === n;
    bar.querySelector('[data-action="end"]').disabled = ply === n;
    for (const b of this._ui.moves.querySelectorAll("button[data-ply]")) {
      const current = Number(b.dataset.ply) === ply;
      b.classList.toggle("sbw-current", current);
      if (current) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    let text;
    if (ply === 0) text = this._statusLine();
    else {
      const h = this._history[ply - 1];
      text = t("widget.replayStep", {
        ply,
        total: n,
        move: h.notation,
        taken: h.captures.length ? listWords(h.captures) : "",
        crowned: h.crowns,
        status: this._statusLine(),
      });
    }
    this._setStatus(text, this._game.status().state === "ongoing" ? "" : "result");
    this._updateLabel();
  },

  async _replayGoto(ply, { animate }) {
    const current = this._game.ply();
    if (ply === current) return;
    if (animate && ply === current + 1) {
      this._game.redo();
      const h = this._history[ply - 1];
      const token = ++this._replayToken;
      this._refreshReplayUi();
      this._board.set({ highlights: [], arrows: [] });
      await this._board.playMove(h, this._game.board());
      if (token === this._replayToken) this._refreshReplayUi();
      return;
    }
    this._replayToken = (this._replayToken || 0) + 1;
    this._game.goto(ply);
    this._showReplay(ply > 0 ? this._history[ply - 1] : null);
  },
};
