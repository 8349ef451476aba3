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

import { listWords, t } from "../i18n/i18n.js";
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
import { DARK_SQUARES, squareCenter } from "./geometry.js";
import { bindInput } from "./input.js";
import {
  addCrown,
  circleMark,
  createSvg,
  layoutSquares,
  pathArrow,
  pieceElement,
  pieceName,
  placePiece,
  squareMark,
} from "./render.js";

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
  /** The hint arrow's variant: "" or a name, drawn with class sb-arrow-NAME. */
  hintVariant: "",
  /** Called with a sentence worth announcing (selection, path choice). */
  onAnnounce: null,
  /**
   * Square mode (trainers): when set, a click, tap or Enter on a dark
   * square calls onSquare(square, {keyboard}) and the board takes no move
   * input at all (no picking, no dragging).
   */
  onSquare: null,
};

const DARK_SET = new Set(DARK_SQUARES);

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

const orList = (items) => listWords(items, "or");

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
   * Draws `move` as the hint arrow and redraws nothing else (cheap enough
   * for a live analysis that finds a new best move at every depth);
   * `variant` gives the arrow the class `sb-arrow-VARIANT` for a page's
   * own colour. null clears it.
   */
  showArrow(move, variant = "") {
    this.state.hint = move || null;
    this.state.hintVariant = variant;
    this._drawArrows();
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
  }

  // ---- drawing ----------------------------------------------------------

  redraw() {
    const o = this.state.orientation;
    if (this.laidOut !== o) {
      layoutSquares(this.dom, o);
      this.laidOut = o;
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
  }

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
  }

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
  }

  _candidates() {
    if (!this.sel) return [];
    let c = this.state.legalMoves.filter((m) => samePrefix(m.path, this.sel.partial));
    if (this.sel.ambiguousTo) c = c.filter((m) => m.to === this.sel.ambiguousTo);
    return c;
  }

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
  }

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
      const cls = this.state.hintVariant ? `sb-arrow sb-arrow-${this.state.hintVariant}` : "sb-arrow";
      pathArrow(this.dom, layer, h.path, this.state.orientation, cls).setAttribute(
        "data-hint",
        h.notation || "",
      );
    }
  }

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
  }

  _focus(square) {
    this.focusSquare = square;
    for (const s of DARK_SQUARES) setAttr(this.dom.squares.get(s), "tabindex", s === square ? "0" : "-1");
    this.dom.squares.get(square).focus();
  }

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
  }

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
  }

  _announce(text, info = {}) {
    if (this.state.onAnnounce) this.state.onAnnounce(text, info);
  }

  // ---- choosing a move ----------------------------------------------------

  _movesFrom(square) {
    return this.state.legalMoves.filter((m) => m.from === square);
  }

  _canPick(square) {
    if (this.state.viewOnly || this.animation || this.state.onSquare) return false;
    if (this.state.allowAnyMove) return (this.pieces.get(square) || "").startsWith(`${this.state.movableColor}-`);
    return this._movesFrom(square).length > 0;
  }

  /** allowAnyMove, nothing but a piece picked: any square without an own piece is a try. */
  _freeTry() {
    return this.state.allowAnyMove && this.sel && !this.sel.ambiguousTo && this.sel.partial.length === 1;
  }

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
  }

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
  }

  _deselect() {
    if (!this.sel) return;
    this.sel = null;
    this.redraw();
  }

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
  }

  /** Square mode: hands a dark square to onSquare; true when it did. */
  _square(square, meta) {
    if (!this.state.onSquare || this.state.viewOnly || !DARK_SET.has(square)) return false;
    this.state.onSquare(square, meta || {});
    return true;
  }

  _attempt(move, meta) {
    this.sel = null;
    this.redraw();
    if (this.state.onAttempt) this.state.onAttempt(move, meta || {});
  }

  _commit(move, meta) {
    this.sel = null;
    this.redraw();
    if (this.state.onMove) this.state.onMove(move, meta || {});
  }

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
  }
}
