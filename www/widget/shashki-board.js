// <shashki-board>: the board as one tag for any static page.
//
//   <script type="module" src="widget/shashki-board.js"></script>
//   <shashki-board fen="W:Wc3:Bd4" mode="explore" caption="..."></shashki-board>
//
// Built on the play page's board module (../board/): Board draws and takes
// input, engine.js loads the wasm once per page. Every rule, every legal
// move and every reason a move is refused comes from the engine's Game;
// this file only wires a Game to a Board and adds controls and words.
//
// Attributes (all optional; see docs/embedding.md):
//   fen          the position (default: the start position)
//   mode         static | explore | replay | exercise (default static)
//   orientation  white | black: the side at the bottom (default white)
//   size         the widget's largest width: "320" (px) or any CSS length
//   caption      a line under the board
//   highlight    squares to mark: "d4 e5 f6"
//   arrows       paths to draw: "a1-e5 e5:g3" or "a1:e5:g3"
//   moves        replay: the moves to step through ("c3-d4 a5:e5 f4:b8")
//   ply          replay: where to start (a number, or "end"); default 0
//   solution     exercise: the line(s) to find, the reader's moves and the
//                opponent's replies in turn; alternatives separated by "|"
//   prompt       exercise: the task, shown above the board
//   hint         exercise: said when a legal move is not the answer
//   success      exercise: said when the exercise is solved
// Children with data-wrong="move ..." hold the explanation for those legal
// but wrong moves (they stay hidden; write `hidden` on them too).

import { onLangChange, t } from "../i18n/i18n.js";
import { countsText, resultText } from "../shared/status-text.js";
import { readFen, START_FEN } from "../board/fen.js";
import { markFirstBoard, markInteractive } from "../shared/load-marks.js";
import { Board } from "../board/board.js";
import { loadEngine } from "../board/engine.js";
import { MODES, addStyleSheets, parsePaths, parseSquares, describeBoard, button } from "./helpers.js";
import { structureMethods } from "./structure.js";
import { exploreMethods } from "./explore.js";
import { replayMethods } from "./replay.js";
import { exerciseMethods } from "./exercise.js";
import { inTurn, nearViewport, watchNear } from "./lazy.js";

let widgetCount = 0;

export class ShashkiBoardElement extends HTMLElement {
  static get observedAttributes() {
    return ["fen", "mode", "orientation", "size", "caption", "highlight", "arrows", "moves", "ply", "solution", "prompt"];
  }

  constructor() {
    super();
    this._n = ++widgetCount;
    this._generation = 0;
    this._game = null;
    this._board = null;
    this._ui = null;
    this._engine = null;
    this._ready = null;
    this._resolveReady = null;
    this._asleep = nearViewport !== null; // not set up until near the viewport
    this._newReady();
  }

  connectedCallback() {
    addStyleSheets();
    this._applySize();
    // Away from the viewport: built when near (widget.css keeps its frame).
    if (!this._ui && !this._asleep) this._build();
    if (this._asleep) watchNear(this);
    this._scheduleSetup();
    // after the page has put its own texts (caption, prompt) in the new language
    if (!this._stopLang) this._stopLang = onLangChange(() => queueMicrotask(() => this._relabel()));
  }

  disconnectedCallback() {
    if (nearViewport) nearViewport.unobserve(this);
    this._generation += 1;
    this._freeGame();
    if (this._stopLang) this._stopLang();
    this._stopLang = null;
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (name === "size") return this._applySize();
    if (!this._ui) return;
    if (name === "caption") return this._applyCaption();
    // A new prompt (another language) changes no move: keep the exercise going.
    if (name === "prompt" && this._lines && this.mode === "exercise") return this._applyPrompt();
    this._scheduleSetup();
  }

  // ---- public API (used by pages and tests) -------------------------------

  /** Resolves once the widget shows its position (or an error message). */
  get ready() {
    this._wake();
    return this._ready;
  }

  /** Sets the widget up now if it was waiting to come near the viewport. */
  _wake() {
    if (!this._asleep) return;
    this._asleep = false;
    if (nearViewport) nearViewport.unobserve(this);
    if (!this.isConnected) return;
    if (!this._ui) this._build();
    this._scheduleSetup();
  }

  _newReady() {
    if (this._ready && !this._resolveReady) {
      this._ready = new Promise((resolve) => (this._resolveReady = resolve));
    } else if (!this._ready) {
      this._ready = new Promise((resolve) => (this._resolveReady = resolve));
    }
  }

  _markReady() {
    if (this._resolveReady) {
      const r = this._resolveReady;
      this._resolveReady = null;
      r();
    }
  }

  get mode() {
    const m = (this.getAttribute("mode") || "static").toLowerCase();
    return MODES.has(m) ? m : "static";
  }

  /** The position the widget starts from (its `fen`, or the start), as FEN. */
  get startFen() {
    return this._startFen || null;
  }

  /** The position shown now, as FEN. */
  get fen() {
    return this._game ? this._game.fen() : null;
  }

  /** The legal moves in the position shown (the engine's objects). */
  legalMoves() {
    return this._game ? this._game.legalMoves() : [];
  }

  /** The pieces shown: [{square, color, role, piece}]. */
  pieces() {
    return this._game ? this._game.board() : [];
  }

  /** True once an exercise has been solved by the reader. */
  get solved() {
    return this.hasAttribute("solved");
  }

  /**
   * Plays a move as the reader would (text such as "c3-d4" or an object the
   * engine accepts). Explore: plays it if legal. Exercise: checks it against
   * the solution. Resolves to {ok, message}.
   */
  async attempt(move, { animate = true } = {}) {
    await this.ready;
    if (this.mode === "exercise") return this._exerciseAttempt(move, animate);
    if (this.mode === "explore") return this._exploreAttempt(move, animate);
    return { ok: false, message: t("widget.noMoves") };
  }

  /** Back to the starting position (and the start of an exercise). */
  reset() {
    this._scheduleSetup();
    return this.ready;
  }

  _scheduleSetup() {
    this._newReady();
    const gen = ++this._generation;
    // Attribute changes arrive one by one: set up once, after the last.
    queueMicrotask(() => {
      if (gen === this._generation && this.isConnected && !this._asleep) this._setup(gen);
    });
  }

  _freeGame() {
    if (this._game) {
      try {
        this._game.free();
      } catch {
        /* already freed */
      }
      this._game = null;
    }
  }

  async _setup(gen) {
    const ui = this._ui;
    ui.figure.dataset.mode = this.mode;
    ui.figure.classList.remove("sbw-solved", "sbw-error");
    this.removeAttribute("solved");
    if (!this._engine) this._drawEarly();
    let engine;
    try {
      engine = this._engine || (this._engine = await loadEngine());
    } catch (e) {
      if (gen !== this._generation) return;
      this._fail(t("widget.engineFailed", { message: e.message || e }));
      return;
    }
    // The engine's arrival answers every waiting widget at once: each makes
    // its game in a task of its own (lazy.js).
    await inTurn();
    if (gen !== this._generation) return;
    this._freeGame();
    const fen = (this.getAttribute("fen") || "").trim();
    try {
      this._game = fen ? engine.Game.fromFen(fen) : new engine.Game();
    } catch (e) {
      this._fail(t("widget.badFen", { message: e.message || e }));
      return;
    }
    this._startFen = this._game.fen();
    this._ensureBoard();
    this._board.set({
      orientation: this.getAttribute("orientation") === "black" ? "black" : "white",
      position: this._game.board(),
      legalMoves: [],
      lastMove: null,
      hint: null,
      viewOnly: true,
      allowAnyMove: false,
      showMustCapture: this.mode === "explore",
      ...this._decorations(),
    });
    ui.bar.replaceChildren();
    ui.moves.replaceChildren();
    ui.moves.hidden = true;
    ui.form.hidden = true;
    ui.prompt.hidden = true;
    this._setStatus("");
    try {
      if (this.mode === "explore") this._setupExplore();
      else if (this.mode === "replay") this._setupReplay();
      else if (this.mode === "exercise") this._setupExercise();
      else this._setupStatic();
    } catch (e) {
      this._fail(String(e.message || e));
      return;
    }
    this._updateLabel();
    this._markReady();
    markInteractive();
    this.dispatchEvent(new CustomEvent("shashki-ready", { bubbles: true }));
  }

  /**
   * Draws the diagram before the engine has loaded, from its FEN read for
   * drawing only (board/fen.js); the engine's own reading replaces it.
   */
  _drawEarly() {
    const ply = (this.getAttribute("ply") || "0").trim();
    if (this.mode === "replay" && ply !== "0") return; // shown after moves: wait for the engine
    const read = readFen((this.getAttribute("fen") || "").trim() || START_FEN);
    if (!read) return;
    const config = { orientation: this.getAttribute("orientation") === "black" ? "black" : "white" };
    Object.assign(config, { position: read.position, legalMoves: [], viewOnly: true, ...this._decorations() });
    if (this._board) this._board.set(config);
    else this._ensureBoard(config); // drawn once, by the board's constructor
    if (this.mode === "exercise") {
      // The exercise's frame as it will be (the task above the board, its
      // buttons and the move field below), so that nothing moves when the
      // engine arrives; the buttons wait for it.
      const ui = this._ui;
      this._reader = read.turn;
      this._applyPrompt();
      ui.prompt.hidden = false;
      ui.bar.replaceChildren(button("retry", { disabled: true }), button("solution", { disabled: true }));
      ui.moves.hidden = true;
      ui.form.hidden = false;
      this._applyCaption();
    }
    markFirstBoard();
  }

  /** The author's highlights and arrows, shown on the starting position. */
  _decorations() {
    return {
      highlights: parseSquares(this.getAttribute("highlight")),
      arrows: parsePaths(this.getAttribute("arrows")).map((path) => ({ path })),
    };
  }

  _ensureBoard(initial = {}) {
    if (this._board) return;
    this._board = new Board(this._ui.boardBox, {
      viewOnly: true,
      ...initial,
      onMove: (move, meta) => this._onBoardMove(move, meta),
      onAttempt: (move, meta) => this._onBoardMove(move, meta),
      onAnnounce: (text, info = {}) => {
        // In an exercise every empty square is a possible try: naming them
        // all helps no one, so only the selection is said.
        if (this.mode === "exercise" && info.kind === "select") text = t("widget.selectedExercise", { sq: info.square });
        this._setStatus(text, "info");
      },
    });
  }

  _fail(message) {
    this._ui.figure.classList.add("sbw-error");
    this._setStatus(message, "error");
    this._ui.bar.replaceChildren();
    this._ui.form.hidden = true;
    this._markReady();
  }

  _setStatus(text, kind = "") {
    const s = this._ui.status;
    s.textContent = text;
    s.dataset.kind = kind;
    s.hidden = !text;
  }

  _updateLabel() {
    if (!this._game || !this._board) return;
    const caption = this.getAttribute("caption");
    this._board.set({
      label: t("widget.boardName", { caption, description: describeBoard(this._game.board(), this._game.turn()) }),
    });
  }

  _statusLine() {
    const st = this._game.status();
    if (st.state !== "ongoing") return resultText(st);
    const moves = this._game.legalMoves();
    const capture = moves.length && moves[0].captures.length;
    const line = t(capture ? "widget.toMoveCapture" : "widget.toMove", { side: st.toMove });
    const counts = countsText(st);
    return counts ? `${line} ${counts}` : line;
  }

  // ---- static ---------------------------------------------------------------

  _setupStatic() {
    this._board.set({ viewOnly: true });
  }

  // ---- board and buttons ----------------------------------------------------

  _onBoardMove(move, meta) {
    // A legal move goes back by its notation; the reader's other tries
    // (exercises, onAttempt) as {from, to}, so that the engine says why they
    // are refused. A dragged piece is already where it goes: no animation then.
    const animate = !(meta && meta.dragged);
    this.attempt(move.notation ? move.notation : { from: move.from, to: move.to }, { animate });
  }

  _action(action) {
    switch (action) {
      case "undo":
        if (this._game.undo()) {
          const h = this._game.history();
          const ply = this._game.ply();
          const marks = ply === 0 ? this._decorations() : {};
          this._board.set({ position: this._game.board(), lastMove: ply ? h[ply - 1] : null, ...marks });
          this._refreshExplore();
        }
        break;
      case "reset":
      case "retry":
        this._scheduleSetup();
        break;
      case "start":
        this._replayGoto(0, { animate: false });
        break;
      case "back":
        this._replayGoto(this._game.ply() - 1, { animate: false });
        break;
      case "forward":
        this._replayGoto(this._game.ply() + 1, { animate: true });
        break;
      case "end":
        this._replayGoto(this._history.length, { animate: false });
        break;
      case "solution":
        this._showSolution();
        break;
      default:
        break;
    }
  }
}

// The modes and the structure live in modules of their own.
Object.assign(ShashkiBoardElement.prototype, structureMethods, exploreMethods, replayMethods, exerciseMethods);

if (typeof customElements !== "undefined" && !customElements.get("shashki-board")) {
  customElements.define("shashki-board", ShashkiBoardElement);
}
