// <shashki-board mode="explore">: the reader plays both sides; undo and reset.

import { button, refusal } from "./helpers.js";

/** Methods of ShashkiBoardElement (assigned to its prototype). */
export const exploreMethods = {
  _setupExplore() {
    this._ui.bar.append(button("undo", { disabled: true }), button("reset", { disabled: true }));
    this._refreshExplore();
  },

  _refreshExplore() {
    const over = this._game.status().state !== "ongoing";
    this._board.set({ viewOnly: over, legalMoves: over ? [] : this._game.legalMoves() });
    this._setStatus(this._statusLine(), this._game.status().state === "ongoing" ? "" : "result");
    const moved = this._game.ply() > 0;
    for (const b of this._ui.bar.querySelectorAll("button")) b.disabled = !moved;
    this._updateLabel();
  },

  /** Plays `move`, or shows why the engine refuses it: `{ played }` or `{ why }`. */
  _playOrRefuse(move) {
    try {
      return { played: this._game.play(move) };
    } catch (e) {
      const why = refusal(e);
      this._setStatus(why, "refused");
      return { why };
    }
  },

  async _exploreAttempt(move, animate) {
    const { played, why } = this._playOrRefuse(move);
    if (!played) return { ok: false, message: why };
    this._board.set({ highlights: [], arrows: [] });
    await this._board.playMove(played, this._game.board(), { animate });
    this._refreshExplore();
    return { ok: true, message: this._ui.status.textContent, move: played.notation };
  },
};
