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

import { Board } from "../board/board.js";
import { loadEngine } from "../board/engine.js";
import { listWords, onLangChange, t } from "../i18n/i18n.js";
import { countsText, illegalReason, other, resultText } from "../shared/status-text.js";
import { el, sleep } from "../shared/util.js";
import { readFen, START_FEN } from "../board/fen.js";
import { markFirstBoard, markInteractive } from "../play/first-board.js";

const MODES = new Set(["static", "explore", "replay", "exercise"]);
const SQUARE = /^[a-h][1-8]$/;
const REPLY_DELAY_MS = 380;

/** Adds the board's and the widget's style sheets to the page, once. */
function addStyleSheets() {
  if (typeof document === "undefined") return;
  for (const rel of ["../board/board.css", "./widget.css"]) {
    const href = new URL(rel, import.meta.url).href;
    const present = [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href);
    if (present) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.shashkiWidget = "";
    document.head.appendChild(link);
  }
}

function words(text) {
  return String(text || "")
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/** "a1-e5 e5:g3" -> [["a1","e5"], ["e5","g3"]]; bad squares are dropped. */
function parsePaths(text) {
  return words(text)
    .map((w) => w.toLowerCase().split(/[-:x>]/).filter((s) => SQUARE.test(s)))
    .filter((p) => p.length >= 2);
}

function parseSquares(text) {
  return words(text)
    .map((w) => w.toLowerCase())
    .filter((s) => SQUARE.test(s));
}

/** "c3-d4 a5:e5 | c3-b4" -> [["c3-d4","a5:e5"], ["c3-b4"]] */
function parseLines(text) {
  return String(text || "")
    .split("|")
    .map((l) => words(l))
    .filter((l) => l.length);
}

function describeBoard(pieces, turn) {
  const side = (color) => {
    const own = pieces.filter((p) => p.color === color).sort((a, b) => (a.square < b.square ? -1 : 1));
    if (!own.length) return t("widget.sideNone", { side: color });
    const men = own.filter((p) => p.role === "man").map((p) => p.square);
    const kings = own.filter((p) => p.role === "king").map((p) => p.square);
    return t("widget.sidePieces", {
      side: color,
      kings: { length: kings.length, list: listWords(kings) },
      men: { length: men.length, list: listWords(men) },
    });
  };
  return `${side("white")}. ${side("black")}. ${t("widget.toMove", { side: turn })}`;
}

function button(action, extra = {}) {
  return el("button", { type: "button", class: "sbw-btn", "data-action": action, ...extra }, t(ACTION_KEYS[action]));
}

const ICONS = {
  start: "M5 4h2v12H5zM16 4v12L8 10z",
  back: "M14 4v12L6 10z",
  forward: "M6 4v12l8-6z",
  end: "M13 4h2v12h-2zM4 4v12l8-6z",
};

/** A button showing an icon, named for assistive technology by `label`. */
function iconButton(icon, action) {
  const label = t(ACTION_KEYS[action]);
  const b = el("button", { type: "button", class: "sbw-btn sbw-icon", "data-action": action, "aria-label": label, title: label });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[icon]);
  svg.appendChild(path);
  b.appendChild(svg);
  return b;
}

/** Sentence for an engine error thrown by Game.play (words by its code). */
function refusal(err) {
  const code = err && err.code;
  if (code === "illegal_move") {
    const reason = illegalReason(err);
    return t("widget.refused.illegal", { reason }).replace(/\.\.$/, ".");
  }
  if (code === "ambiguous_move") {
    const list = err.candidates && err.candidates.length ? listWords(err.candidates, "or") : "";
    return t("widget.refused.ambiguous", { candidates: list });
  }
  if (code === "bad_notation") return t("widget.refused.notation", { message: err.message });
  if (code === "game_over") return t("widget.refused.over");
  return String((err && err.message) || err);
}

/** The words of each control, by its data-action. */
const ACTION_KEYS = {
  undo: "widget.undo",
  reset: "widget.reset",
  retry: "widget.retry",
  solution: "widget.showSolution",
  start: "widget.first",
  back: "widget.prev",
  forward: "widget.next",
  end: "widget.last",
};

let widgetCount = 0;

/**
 * A page may hold twenty boards (rules, lessons): each is set up (drawn, its
 * game made in the engine) only once it comes within a screen's height of
 * the viewport, so the first screen does not wait for the others and the
 * page's load is not one long task. Until then the widget keeps its frame
 * (the board's square is reserved by its CSS), so nothing shifts; asking for
 * `ready` (or playing a move) sets it up at once.
 */
const nearViewport =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const e of entries) if (e.isIntersecting) e.target._wake();
        },
        { rootMargin: "100% 0px" },
      )
    : null;

/** Widgets connected since the last check: those already near the viewport
 * are set up at once (in the same task, before the first paint, so nothing
 * moves), the others wait for nearViewport. One layout for all of them. */
let toCheck = [];
function checkNear() {
  const list = toCheck;
  toCheck = [];
  const h = innerHeight;
  for (const w of list) {
    if (!w.isConnected || !w._asleep) continue;
    const r = w.getBoundingClientRect();
    if (r.top < 2 * h && r.bottom > -h) w._wake();
    else nearViewport.observe(w);
  }
}

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
    if (!this._ui) this._build();
    if (this._asleep) {
      if (!toCheck.length) queueMicrotask(checkNear);
      toCheck.push(this);
    }
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
    if (!this._ui || oldValue === newValue) return;
    if (name === "size") return this._applySize();
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
    if (this.isConnected) this._scheduleSetup();
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

  // ---- structure ------------------------------------------------------------

  _build() {
    // The author's explanation paragraphs for wrong moves stay as hidden children.
    for (const c of this.querySelectorAll(":scope > [data-wrong]")) c.hidden = true;
    const id = `sbw${this._n}`;
    const figure = el("figure", { class: "sbw", role: "group", "aria-labelledby": `${id}-cap` });
    const boardBox = el("div", { class: "sbw-board" });
    const bar = el("div", { class: "sbw-bar" });
    const moves = el("ol", { class: "sbw-moves", "aria-label": t("widget.moves") });
    const form = el("form", { class: "sbw-form" });
    const input = el("input", {
      type: "text",
      id: `${id}-move`,
      autocomplete: "off",
      spellcheck: "false",
      placeholder: t("widget.placeholder"),
      "aria-label": t("widget.inputLabel"),
    });
    const formLabel = el("label", { for: `${id}-move`, class: "sbw-form-label" }, t("widget.typeIt"));
    const submit = el("button", { type: "submit", class: "sbw-btn" }, t("widget.play"));
    form.append(formLabel, input, submit);
    const status = el("p", { class: "sbw-status", role: "status", "aria-live": "polite" });
    const caption = el("figcaption", { class: "sbw-caption", id: `${id}-cap` });
    const controls = el("div", { class: "sbw-controls" });
    controls.append(bar, moves);
    const prompt = el("p", { class: "sbw-prompt", id: `${id}-prompt`, hidden: true });
    figure.append(prompt, boardBox, status, controls, form, caption);
    this.appendChild(figure);
    this._ui = { figure, prompt, boardBox, bar, moves, form, formLabel, submit, input, status, caption, id };

    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      this.attempt(text).then((r) => {
        if (r.ok) input.value = "";
      });
    });
    bar.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-action]");
      if (b && !b.disabled) this._action(b.dataset.action);
    });
    moves.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-ply]");
      if (b) this._replayGoto(Number(b.dataset.ply), { animate: false });
    });
    figure.addEventListener("keydown", (ev) => {
      if (this.mode !== "replay" || ev.target.closest("input")) return;
      const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
      // arrows on the board move the square focus; elsewhere they step the replay
      if (ev.target.closest("svg") && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) return;
      if (keys[ev.key]) {
        ev.preventDefault();
        this._action(keys[ev.key]);
      }
    });
    this._applySize();
    this._applyCaption();
  }

  _applySize() {
    const size = (this.getAttribute("size") || "").trim();
    if (!size) this.style.removeProperty("--sbw-size");
    else this.style.setProperty("--sbw-size", /^\d+(\.\d+)?$/.test(size) ? `${size}px` : size);
  }

  _applyCaption() {
    const text = this.getAttribute("caption") || "";
    this._ui.caption.textContent = text;
    this._ui.caption.hidden = !text;
    const names = [];
    if (!this._ui.prompt.hidden) names.push(`${this._ui.id}-prompt`);
    if (text) names.push(`${this._ui.id}-cap`);
    if (names.length) {
      this._ui.figure.setAttribute("aria-labelledby", names.join(" "));
      this._ui.figure.removeAttribute("aria-label");
    } else {
      this._ui.figure.removeAttribute("aria-labelledby");
      this._ui.figure.setAttribute("aria-label", t("widget.boardLabel"));
    }
  }

  /** Shows the exercise's task (the author's prompt, or the default one). */
  _applyPrompt() {
    this._ui.prompt.textContent = this.getAttribute("prompt") || t("widget.defaultPrompt", { side: this._reader });
  }

  /** After a change of language: every word of the widget again. */
  _relabel() {
    const ui = this._ui;
    if (!ui) return;
    ui.moves.setAttribute("aria-label", t("widget.moves"));
    ui.input.placeholder = t("widget.placeholder");
    ui.input.setAttribute("aria-label", t("widget.inputLabel"));
    ui.formLabel.textContent = t("widget.typeIt");
    ui.submit.textContent = t("widget.play");
    for (const b of ui.bar.querySelectorAll("button[data-action]")) {
      const label = t(ACTION_KEYS[b.dataset.action]);
      if (b.classList.contains("sbw-icon")) {
        b.setAttribute("aria-label", label);
        b.title = label;
      } else b.textContent = label;
    }
    this._applyCaption();
    if (this._board) this._board.set({ label: null });
    if (!this._game || ui.figure.classList.contains("sbw-error")) return;
    if (this.mode === "explore") this._refreshExplore();
    else if (this.mode === "replay") this._refreshReplayUi();
    else if (this.mode === "exercise") {
      this._applyPrompt();
      if (this.solved) this._solve({ quiet: true });
      else this._setStatus("");
      this._refreshExercise();
    } else this._updateLabel();
    if (this._board) this._board.redraw();
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
    this._ensureBoard();
    this._board.set({
      orientation: this.getAttribute("orientation") === "black" ? "black" : "white",
      position: read.position,
      legalMoves: [],
      viewOnly: true,
      ...this._decorations(),
    });
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

  _ensureBoard() {
    if (this._board) return;
    this._board = new Board(this._ui.boardBox, {
      viewOnly: true,
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

  // ---- explore --------------------------------------------------------------

  _setupExplore() {
    this._ui.bar.append(button("undo", { disabled: true }), button("reset", { disabled: true }));
    this._refreshExplore();
  }

  _refreshExplore() {
    const over = this._game.status().state !== "ongoing";
    this._board.set({ viewOnly: over, legalMoves: over ? [] : this._game.legalMoves() });
    this._setStatus(this._statusLine(), this._game.status().state === "ongoing" ? "" : "result");
    const moved = this._game.ply() > 0;
    for (const b of this._ui.bar.querySelectorAll("button")) b.disabled = !moved;
    this._updateLabel();
  }

  /** Plays `move`, or shows why the engine refuses it: `{ played }` or `{ why }`. */
  _playOrRefuse(move) {
    try {
      return { played: this._game.play(move) };
    } catch (e) {
      const why = refusal(e);
      this._setStatus(why, "refused");
      return { why };
    }
  }

  async _exploreAttempt(move, animate) {
    const { played, why } = this._playOrRefuse(move);
    if (!played) return { ok: false, message: why };
    this._board.set({ highlights: [], arrows: [] });
    await this._board.playMove(played, this._game.board(), { animate });
    this._refreshExplore();
    return { ok: true, message: this._ui.status.textContent, move: played.notation };
  }

  // ---- replay ---------------------------------------------------------------

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
  }

  _showReplay(move) {
    const ply = this._game.ply();
    const marks = ply === 0 ? this._decorations() : { highlights: [], arrows: [] };
    this._board.set({ position: this._game.board(), lastMove: move, viewOnly: true, ...marks });
    this._refreshReplayUi();
    return ply;
  }

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
  }

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
  }

  // ---- exercise -------------------------------------------------------------

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
  }

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
  }

  /** The notations played so far (up to the cursor). */
  _played() {
    return this._game
      .history()
      .slice(0, this._game.ply())
      .map((h) => h.notation);
  }

  /** Solution lines that begin with the moves played so far. */
  _matching(played = this._played()) {
    return this._lines.filter((l) => l.length >= played.length && played.every((m, i) => l[i] === m));
  }

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
  }

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
  }

  _solve({ quiet = false } = {}) {
    this.setAttribute("solved", "");
    this._ui.figure.classList.add("sbw-solved");
    const extra = this.getAttribute("success");
    this._setStatus(`${t("widget.solved")}${extra ? ` ${extra}` : ""}`, "solved");
    if (quiet) return;
    this._refreshExercise();
    this.dispatchEvent(new CustomEvent("shashki-solved", { bubbles: true, detail: { id: this.id || null } }));
  }

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
  }

  _flash(kind) {
    const f = this._ui.figure;
    f.classList.remove(`sbw-flash-${kind}`);
    void f.offsetWidth; // restart the animation
    f.classList.add(`sbw-flash-${kind}`);
  }

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

if (typeof customElements !== "undefined" && !customElements.get("shashki-board")) {
  customElements.define("shashki-board", ShashkiBoardElement);
}
