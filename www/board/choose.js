// The board's move input: picking a piece, choosing a destination (and
// the path, when two captures share both ends), free tries on exercise
// boards, square mode, and the controller that input.js drives. These are
// methods of Board (board.js), assigned to its prototype; they read and
// write the same state.

import { listWords, t } from "../i18n/i18n.js";
import { DARK_SQUARES } from "./geometry.js";
import { placePiece, squareMark } from "./render.js";

const DARK_SET = new Set(DARK_SQUARES);
const orList = (items) => listWords(items, "or");

/** Methods of Board (assigned to its prototype). */
export const chooseMethods = {
  _movesFrom(square) {
    return this.state.legalMoves.filter((m) => m.from === square);
  },

  _canPick(square) {
    if (this.state.viewOnly || this.animation || this.state.onSquare) return false;
    if (this.state.allowAnyMove) return (this.pieces.get(square) || "").startsWith(`${this.state.movableColor}-`);
    return this._movesFrom(square).length > 0;
  },

  /** allowAnyMove, nothing but a piece picked: any square without an own piece is a try. */
  _freeTry() {
    return this.state.allowAnyMove && this.sel && !this.sel.ambiguousTo && this.sel.partial.length === 1;
  },

  _isTarget(square) {
    if (!this.sel || this.animation) return false;
    if (this._freeTry()) {
      if (this._candidates().some((m) => m.to === square)) return true;
      return DARK_SET.has(square) && !(this.pieces.get(square) || "").startsWith(`${this.state.movableColor}-`);
    }
    const { dests, hops } = this._targets();
    if (dests.has(square) || hops.has(square)) return true;
    const k = this.sel.partial.length;
    return this._candidates().some((m) => m.path[k] === square);
  },

  _select(square) {
    this.sel = { from: square, partial: [square], ambiguousTo: null };
    this.focusSquare = square;
    this.redraw();
    // free tries: naming the legal destinations would give the answer away
    if (this.state.allowAnyMove) return this._announce(t("board.announce.selectFree", { sq: square }), { kind: "select", square });
    const dests = [...new Set(this._movesFrom(square).map((m) => m.to))];
    this._announce(t("board.announce.select", { sq: square, n: dests.length, list: orList(dests) }), {
      kind: "select",
      square,
    });
  },

  _deselect() {
    if (!this.sel) return;
    this.sel = null;
    this.redraw();
  },

  _choose(square, meta) {
    if (!this.sel) return;
    const k = this.sel.partial.length;
    const c = this._candidates();
    const ending = c.filter((m) => m.to === square);
    if (ending.length === 1) return this._commit(ending[0], meta);
    if (!ending.length && this._freeTry()) return this._attempt({ from: this.sel.from, to: square }, meta);
    if (ending.length > 1 && !this.sel.ambiguousTo) {
      this.sel.ambiguousTo = square;
      this.redraw();
      const next = [...this._targets().hops];
      this._announce(t("board.announce.ambiguous", { sq: square, list: orList(next) }), { kind: "ambiguous", square });
      return;
    }
    const via = c.filter((m) => m.path[k] === square);
    if (!via.length) return;
    this.sel.partial = [...this.sel.partial, square];
    const rest = this._candidates();
    if (rest.length === 1) return this._commit(rest[0], meta);
    const exact = rest.filter((m) => m.path.length === this.sel.partial.length);
    if (exact.length === 1 && rest.every((m) => m.to === exact[0].to)) return this._commit(exact[0], meta);
    this.redraw();
    const next = [...this._targets().hops];
    if (next.length) this._announce(t("board.announce.via", { sq: square, list: orList(next) }), { kind: "via", square });
  },

  /** Square mode: hands a dark square to onSquare; true when it did. */
  _square(square, meta) {
    if (!this.state.onSquare || this.state.viewOnly || !DARK_SET.has(square)) return false;
    this.state.onSquare(square, meta || {});
    return true;
  },

  _attempt(move, meta) {
    this.sel = null;
    this.redraw();
    if (this.state.onAttempt) this.state.onAttempt(move, meta || {});
  },

  _commit(move, meta) {
    this.sel = null;
    this.redraw();
    if (this.state.onMove) this.state.onMove(move, meta || {});
  },

  _controller() {
    return {
      orientation: () => this.state.orientation,
      selected: () => this.selected,
      canPick: (sq) => this._canPick(sq),
      isTarget: (sq) => this._isTarget(sq),
      select: (sq) => this._select(sq),
      deselect: () => this._deselect(),
      choose: (sq, meta) => this._choose(sq, meta),
      focus: (sq) => this._focus(sq),
      square: (sq, meta) => this._square(sq, meta),
      activate: (sq) => {
        if (this._square(sq, { keyboard: true })) return this._focus(sq);
        if (this.sel && this._isTarget(sq) && (sq !== this.sel.from || !this._canPick(sq))) {
          this._choose(sq, { dragged: false, keyboard: true });
        } else if (this._canPick(sq)) {
          if (this.selected === sq) this._deselect();
          else this._select(sq);
        } else {
          this._deselect();
        }
        this._focus(sq);
      },
      dragBegin: (sq) => {
        const g = this.pieceEls.get(sq);
        if (!g) return;
        g.classList.add("sb-dragging");
        this.dom.layers.drag.appendChild(g);
        this.dragHover = null;
      },
      dragTo: (p, sq) => {
        const from = this.sel && this.sel.from;
        const g = from && this.pieceEls.get(from);
        if (g) placePiece(g, p, 1.12);
        const layer = this.dom.layers.marks;
        const old = layer.querySelector(".sb-drag-over");
        if (old) old.remove();
        if (sq && this._isTarget(sq)) squareMark(layer, sq, this.state.orientation, "sb-drag-over");
      },
      dragEnd: () => {
        const from = this.sel && this.sel.from;
        const g = from && this.pieceEls.get(from);
        if (g) g.remove();
        this.redraw();
      },
    };
  },
};
