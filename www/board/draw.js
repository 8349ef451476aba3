// The board's drawing: the marks (last move, selection, highlights), the
// pieces (updated in place), the destinations, the arrows, the squares'
// accessible names, focus, and settling or cutting short an animation.
// These are methods of Board (board.js), assigned to its prototype.

import { t } from "../i18n/i18n.js";
import { DARK_SQUARES, squareCenter } from "./geometry.js";
import { circleMark, pathArrow, pieceElement, pieceName, placePiece, squareMark } from "./render.js";

function toggleAttr(el, name, on) {
  if (on) {
    if (el.getAttribute(name) !== "true") el.setAttribute(name, "true");
  } else if (el.hasAttribute(name)) {
    el.removeAttribute(name);
  }
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function samePrefix(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/** Methods of Board (assigned to its prototype). */
export const drawMethods = {
  _drawMarks() {
    const o = this.state.orientation;
    const layer = this.dom.layers.marks;
    layer.replaceChildren();
    for (const s of this.state.highlights || []) squareMark(layer, s, o, "sb-highlight");
    const last = this.state.lastMove;
    if (last && last.path) {
      last.path.forEach((s, i) => {
        const end = i === 0 || i === last.path.length - 1;
        squareMark(layer, s, o, end ? "sb-last" : "sb-last sb-last-hop");
      });
    }
    if (this.sel) {
      squareMark(layer, this.sel.from, o, "sb-selected");
      for (const s of this.sel.partial.slice(1)) squareMark(layer, s, o, "sb-partial");
    }
    for (const s of this._mustCapture()) circleMark(layer, s, o, "sb-must-capture", 45);
  },

  /** Updates the piece elements in place: only changed squares are rebuilt. */
  _drawPieces() {
    const o = this.state.orientation;
    const layer = this.dom.layers.pieces;
    this.dom.layers.drag.replaceChildren();
    const must = this._mustCapture();
    const moved = this.pieceOrientation !== o;
    this.pieceOrientation = o;
    for (const [square, g] of this.pieceEls) {
      if (this.pieces.get(square) !== g.getAttribute("data-piece") || g.parentNode !== layer) {
        g.remove();
        this.pieceEls.delete(square);
      }
    }
    for (const [square, piece] of this.pieces) {
      let g = this.pieceEls.get(square);
      if (!g) {
        g = pieceElement(this.dom, piece, square, o);
        layer.appendChild(g);
        this.pieceEls.set(square, g);
      } else if (moved) {
        placePiece(g, squareCenter(square, o));
      }
      toggleAttr(g, "data-must-capture", must.has(square));
      g.classList.toggle("sb-lifted", !!(this.sel && this.sel.from === square));
    }
  },

  _targets() {
    if (!this.sel) return { dests: new Set(), hops: new Set() };
    // Free tries: nothing is shown until a destination several captures share was chosen.
    if (this.state.allowAnyMove && !this.sel.ambiguousTo) return { dests: new Set(), hops: new Set() };
    const c = this._candidates();
    const dests = new Set(c.map((m) => m.to));
    const hops = new Set();
    const k = this.sel.partial.length;
    const showHops = this.sel.ambiguousTo || k > 1;
    if (showHops) {
      for (const m of c) if (m.path.length > k && m.path[k] !== m.to) hops.add(m.path[k]);
    }
    if (this.sel.ambiguousTo) {
      dests.clear();
      for (const m of c) if (m.path[k] === m.to) dests.add(m.to);
    }
    return { dests, hops };
  },

  _candidates() {
    if (!this.sel) return [];
    let c = this.state.legalMoves.filter((m) => samePrefix(m.path, this.sel.partial));
    if (this.sel.ambiguousTo) c = c.filter((m) => m.to === this.sel.ambiguousTo);
    return c;
  },

  _drawDests() {
    const o = this.state.orientation;
    const layer = this.dom.layers.dests;
    layer.replaceChildren();
    if (!this.sel) return;
    const { dests, hops } = this._targets();
    const capture = this._candidates().some((m) => m.captures.length);
    for (const s of dests) {
      const cls = capture ? "sb-dest sb-dest-capture" : "sb-dest";
      circleMark(layer, s, o, cls, capture ? 20 : 16).setAttribute("data-dest", s);
    }
    for (const s of hops) circleMark(layer, s, o, "sb-hop", 12).setAttribute("data-hop", s);
    if (this.sel.ambiguousTo) {
      // the destination already chosen while the path is being picked
      circleMark(layer, this.sel.ambiguousTo, o, "sb-dest-capture sb-dest-chosen", 20);
    }
  },

  _drawArrows() {
    const layer = this.dom.layers.arrows;
    layer.replaceChildren();
    for (const a of this.state.arrows || []) {
      if (a && a.path && a.path.length > 1) {
        pathArrow(this.dom, layer, a.path, this.state.orientation, "sb-arrow sb-arrow-note").setAttribute(
          "data-arrow",
          a.path.join("-"),
        );
      }
    }
    const h = this.state.hint;
    if (h && h.path && h.path.length > 1) {
      pathArrow(this.dom, layer, h.path, this.state.orientation, "sb-arrow").setAttribute(
        "data-hint",
        h.notation || "",
      );
    }
  },

  _updateAria() {
    const { dests, hops } = this._targets();
    const must = this._mustCapture();
    for (const s of DARK_SQUARES) {
      const rect = this.dom.squares.get(s);
      const piece = this.pieces.get(s);
      const parts = [s, piece ? pieceName(piece) : t("board.empty")];
      if (this.sel && this.sel.from === s) parts.push(t("board.selected"));
      if (must.has(s)) parts.push(t("board.mustCapture"));
      if (dests.has(s)) parts.push(t("board.moveHere"));
      else if (hops.has(s)) parts.push(t("board.capturePath"));
      setAttr(rect, "aria-label", parts.join(", "));
      setAttr(rect, "tabindex", s === this.focusSquare ? "0" : "-1");
      toggleAttr(rect, "aria-pressed", !!(this.sel && this.sel.from === s));
    }
  },

  _focus(square) {
    this.focusSquare = square;
    for (const s of DARK_SQUARES) setAttr(this.dom.squares.get(s), "tabindex", s === square ? "0" : "-1");
    this.dom.squares.get(square).focus();
  },

  /** After an animation: the moved element now stands for the piece on `to`. */
  _settleAnimated(move, pieceEl) {
    for (const s of move.captures || []) {
      const g = this.pieceEls.get(s);
      if (g && g !== pieceEl) {
        g.remove();
        this.pieceEls.delete(s);
      }
    }
    if (this.pieceEls.get(move.from) === pieceEl) this.pieceEls.delete(move.from);
    const old = this.pieceEls.get(move.to);
    if (old && old !== pieceEl) old.remove();
    this.pieceEls.set(move.to, pieceEl);
    pieceEl.setAttribute("data-square", move.to);
    pieceEl.classList.remove("sb-moving", "sb-crowning");
    if (pieceEl.querySelector(".sb-crown-use")) {
      pieceEl.setAttribute("data-piece", pieceEl.getAttribute("data-piece").replace("-man", "-king"));
    }
    placePiece(pieceEl, squareCenter(move.to, this.state.orientation));
  },

  /** Cuts a running animation short, settling on the position it was heading to. */
  _stopAnimation() {
    const a = this.animation;
    if (!a) return;
    this.animation = null;
    this.dom.svg.classList.remove("sb-animating");
    // the pieces may be anywhere mid-flight: draw them afresh
    for (const g of this.pieceEls.values()) g.remove();
    this.pieceEls.clear();
    this._setPieces(a.position);
    this.state.position = a.position;
    this.state.lastMove = a.move;
  },

  _announce(text, info = {}) {
    if (this.state.onAnnounce) this.state.onAnnounce(text, info);
  },
};
