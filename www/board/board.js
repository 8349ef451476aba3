// The board widget: one config object merged into state behind a small API,
// in the spirit of lidraughts' draughtsground. It draws a position, shows
// the legal moves it is given, lets the user pick one (click, tap, drag,
// keyboard; hop by hop when two captures share both ends) and animates the
// moves it is told about. It never decides what is legal: the moves come
// from the engine (Game.legalMoves()) and go back out through onMove.
// With `allowAnyMove` (exercises) it shows no destinations at all: any piece
// of `movableColor` may go to any square, and a try that is none of the
// legal moves goes out through onAttempt for the engine to judge.
//
//   const board = new Board(element, {orientation: "white", onMove(move) {...}});
//   board.setPosition(game.board());
//   board.setLegalMoves(game.legalMoves());
//   await board.playMove(move, game.board());
//
// Its methods are in three files: this one (state and the public API),
// draw.js (drawing) and choose.js (move input).

import { t } from "../i18n/i18n.js";
import { animateMove, prefersReducedMotion } from "./animate.js";

/**
 * The hop duration under the page's animation setting (<html
 * data-animation>, shared/settings.js): none, fast, slow, or the board's
 * own `hopMs` for "normal" or when the page has no such setting.
 */
function settingHopMs(own) {
  const a = typeof document !== "undefined" ? document.documentElement.getAttribute("data-animation") : null;
  return { none: 0, fast: 110, slow: 320 }[a] ?? own;
}
import { bindInput } from "./input.js";
import { chooseMethods } from "./choose.js";
import { drawMethods } from "./draw.js";
import { addCrown, createSvg, layoutSquares, pathArrow } from "./render.js";

const DEFAULTS = {
  orientation: "white",
  /** [{square: "c3", piece: "white-man"}] (Game.board() objects fit). */
  position: [],
  /** Moves the user may make now: [{notation, from, to, path, captures, crowns}]. */
  legalMoves: [],
  /** {path, captures} of the last move, highlighted. */
  lastMove: null,
  /** A move drawn as an arrow (hints), or null. */
  hint: null,
  /** Squares marked for the reader (diagrams): ["d4", "e5"]. */
  highlights: [],
  /** Arrows drawn for the reader (diagrams): [{path: ["a1", "e5", "g3"]}]. */
  arrows: [],
  /** Mark the pieces that must capture when a capture is compulsory. */
  showMustCapture: true,
  /** No input at all (diagrams, history view). */
  viewOnly: false,
  animation: true,
  /** Duration of a one-square slide, in ms. */
  hopMs: 190,
  /** The board's accessible name (default: "Draughts board" in the reader's language). */
  label: null,
  /** Called with the chosen legal move and {dragged}. */
  onMove: null,
  /**
   * Exercise boards: no destination dots, no must-capture rings, no hint of
   * which pieces can move. Every piece of `movableColor` can be picked and
   * put on any square that holds none of its own pieces; a legal move goes
   * to onMove as usual, anything else to onAttempt({from, to}, {dragged}).
   */
  allowAnyMove: false,
  /** "white" | "black": the pieces that can be picked when allowAnyMove. */
  movableColor: null,
  /** Called with a try that is no legal move ({from, to}) and {dragged}. */
  onAttempt: null,
  /** Called with a sentence worth announcing (selection, path choice). */
  onAnnounce: null,
  /**
   * Square mode (trainers): when set, a click, tap or Enter on a dark
   * square calls onSquare(square, {keyboard}) and the board takes no move
   * input at all (no picking, no dragging).
   */
  onSquare: null,
};

export class Board {
  /**
   * @param {Element} container the board's SVG is appended to it
   * @param {Partial<typeof DEFAULTS>} config
   */
  constructor(container, config = {}) {
    this.state = { ...DEFAULTS, ...config };
    this.pieces = new Map(); // square -> piece name
    this.pieceEls = new Map(); // square -> element
    this.sel = null; // {from, partial: [...], ambiguousTo}
    this.animation = null; // {token}
    this.focusSquare = "a1";
    this.overlay = null; // showArrow's <svg>, made when first needed
    this.overlayArrow = null; // {move, variant}
    this.dom = createSvg(this.state.label);
    container.appendChild(this.dom.svg);
    this.container = container;
    this._setPieces(this.state.position);
    this.unbind = bindInput(this.dom.svg, this._controller());
    this.redraw();
  }

  // ---- public API -------------------------------------------------------

  /** Merges a partial config and redraws. */
  set(config) {
    this._stopAnimation();
    if ("position" in config) this._setPieces(config.position);
    if ("legalMoves" in config || "position" in config || "viewOnly" in config) this.sel = null;
    Object.assign(this.state, config);
    if ("label" in config) this.dom.svg.setAttribute("aria-label", config.label || t("board.label"));
    this.redraw();
  }

  setPosition(position) {
    this._stopAnimation();
    this.set({ position });
  }

  setOrientation(orientation) {
    this.set({ orientation: orientation === "black" ? "black" : "white" });
  }

  flip() {
    this.setOrientation(this.state.orientation === "white" ? "black" : "white");
  }

  get orientation() {
    return this.state.orientation;
  }

  setLegalMoves(legalMoves) {
    this.set({ legalMoves: legalMoves || [] });
  }

  highlight(lastMove) {
    this.set({ lastMove: lastMove || null });
  }

  setHint(move) {
    this.set({ hint: move || null });
  }

  /**
   * Draws `move` as an arrow on an overlay of its own over the board (with
   * `data-hint` = its notation), so that a new arrow repaints nothing else:
   * a live analysis finds a new best move at every depth. `variant` gives
   * it the class `sb-arrow-VARIANT` for a page's own colour; null clears it.
   * The arrow follows the board's orientation.
   */
  showArrow(move, variant = "") {
    this.overlayArrow = move && move.path && move.path.length > 1 ? { move, variant } : null;
    this._drawOverlay();
  }

  _drawOverlay() {
    if (!this.overlay) {
      if (!this.overlayArrow) return;
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", this.dom.svg.getAttribute("viewBox"));
      svg.setAttribute("class", "sb-overlay");
      svg.setAttribute("aria-hidden", "true");
      if (getComputedStyle(this.container).position === "static") this.container.style.position = "relative";
      this.container.appendChild(svg);
      this.overlay = svg;
    }
    this.overlay.replaceChildren();
    const a = this.overlayArrow;
    if (!a) return;
    const cls = a.variant ? `sb-arrow sb-arrow-${a.variant}` : "sb-arrow";
    pathArrow(this.dom, this.overlay, a.move.path, this.state.orientation, cls).setAttribute("data-hint", a.move.notation || "");
  }

  /** The moves the board offers now (what the last set() gave it). */
  get legalMoves() {
    return this.state.legalMoves;
  }

  /** True while a move is being animated. */
  get animating() {
    return !!this.animation;
  }

  setViewOnly(viewOnly) {
    this.set({ viewOnly: !!viewOnly });
  }

  /** The selected square, or null. */
  get selected() {
    return this.sel ? this.sel.from : null;
  }

  /**
   * Shows `move` being played (hop by hop, ghosts, crowning), then settles
   * on `position` (the engine's board after the move) with the move
   * highlighted. Resolves when done; a later call or setPosition cuts it short.
   */
  async playMove(move, position, { animate = true } = {}) {
    this._stopAnimation();
    this.sel = null;
    this.state.hint = null;
    this.state.legalMoves = [];
    this.redraw();
    const pieceEl = this.pieceEls.get(move.from);
    const hopMs = settingHopMs(this.state.hopMs);
    const canAnimate =
      animate &&
      this.state.animation &&
      hopMs > 0 &&
      pieceEl &&
      !prefersReducedMotion() &&
      !(typeof document !== "undefined" && document.hidden);
    if (canAnimate) {
      const token = { position, move };
      this.animation = token;
      this.dom.svg.classList.add("sb-animating");
      const done = await animateMove({
        pieceEl,
        pieceAt: this.pieceEls,
        move,
        orientation: this.state.orientation,
        hopMs,
        cancelled: () => this.animation !== token,
        crown: (g) => addCrown(this.dom, g),
      });
      if (!done) return false;
      this.animation = null;
      this.dom.svg.classList.remove("sb-animating");
      this._settleAnimated(move, pieceEl);
    }
    this._setPieces(position);
    this.state.position = position;
    this.state.lastMove = move;
    this.redraw();
    return true;
  }

  /** Moves keyboard focus to a square. */
  focus(square) {
    this._focus(square);
  }

  destroy() {
    this._stopAnimation();
    this.unbind();
    this.dom.svg.remove();
    if (this.overlay) this.overlay.remove();
  }

  // ---- drawing ----------------------------------------------------------

  redraw() {
    const o = this.state.orientation;
    if (this.laidOut !== o) {
      layoutSquares(this.dom, o);
      this.laidOut = o;
      if (this.overlay) this._drawOverlay();
    }
    this._drawMarks();
    this._drawPieces();
    this._drawDests();
    this._drawArrows();
    this._updateAria();
    this.dom.svg.classList.toggle("sb-view-only", !!this.state.viewOnly);
    this.dom.svg.setAttribute("data-orientation", o);
  }

  _setPieces(position) {
    this.pieces = new Map();
    for (const p of position || []) {
      const piece = p.piece || `${p.color}-${p.role}`;
      this.pieces.set(p.square, piece);
    }
  }

  _mustCapture() {
    const moves = this.state.legalMoves;
    if (!this.state.showMustCapture || this.state.viewOnly || this.state.allowAnyMove || !moves.some((m) => m.captures.length)) {
      return new Set();
    }
    return new Set(moves.filter((m) => m.captures.length).map((m) => m.from));
  }

}

// Drawing (draw.js) and choosing a move (choose.js).
Object.assign(Board.prototype, drawMethods, chooseMethods);
