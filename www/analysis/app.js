// The analysis board: a move tree with side lines, a position editor, live
// multi-PV analysis and game review in Web Workers, the classic games,
// links and PDN. Every rule comes from the engine (wasm Game and
// validateSetup); every search runs in analysis-worker.js.

import { Board } from "../board/board.js";
import { loadEngine } from "../board/engine.js";
import { pathArrow } from "../board/render.js";
import { drawGraph, expected, markMoves, MARK_SIGN } from "../shared/review.js";
import { exercisesFromReview, keep, loadStored, MistakeTrainer } from "../shared/mistakes.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { detailText, errorText, errorWhy } from "../shared/status-text.js";
import { T, applyStatic } from "./texts.js";
import { explorerHref, openingName, showOpening } from "../shared/opening.js";
import { buildFromTokens, pdnTokens, Tree } from "./tree.js";

const $ = (id) => document.getElementById(id);
applyStatic();
for (const o of $("review-budget").options) o.textContent = T.seconds(Number(o.value));

let engine;
try {
  engine = await loadEngine();
} catch (e) {
  $("status").textContent = T.engineFailed(e.message || String(e));
  throw e;
}
const { Game, validateSetup } = engine;
const START_FEN = (() => {
  const g = new Game();
  const f = g.fen();
  g.free();
  return f;
})();
const DRAFT_KEY = "shashki.analysis.editor.v1";
const TREE_KEY = "shashki.analysis.tree.v1";

// ---- state ----------------------------------------------------------------

let tree = new Tree(START_FEN);
let current = tree.root;
let mode = "play"; // or "edit"
let analysing = false;
let lastDepth = null; // the last depth report of the live analysis, for the current position
let review = null; // {id, nodes, evals, total, marks, done}
// `dirty`: the editor holds work not yet applied; it comes back as it was.
const editor = { pieces: new Map(), turn: "white", piece: "white-man", valid: null, dirty: false };

const facts = { depths: [], reviewDone: false }; // read by tests and the curious
window.shashkiAnalysis = facts;

const board = new Board($("board"), {
  label: T.boardLabel,
  onMove: (move, meta) => {
    if (mode === "play") playMove(move.notation, { animate: !meta.dragged });
  },
  onAnnounce: announce,
});

// The best move's arrow lives on a layer of its own over the board, so a
// new arrow at every depth does not repaint the whole board.
const arrowLayer = document.createElementNS("http://www.w3.org/2000/svg", "svg");
arrowLayer.setAttribute("viewBox", board.dom.svg.getAttribute("viewBox"));
arrowLayer.setAttribute("class", "best-arrow-layer");
arrowLayer.setAttribute("aria-hidden", "true");
$("board").appendChild(arrowLayer);
let arrowMove = null;

function drawBestArrow(move) {
  arrowMove = move || null;
  arrowLayer.replaceChildren();
  if (!arrowMove || mode !== "play" || !arrowMove.path || arrowMove.path.length < 2) return;
  pathArrow(board.dom, arrowLayer, arrowMove.path, board.orientation, "sb-arrow").setAttribute("data-hint", arrowMove.notation);
}

function announce(text) {
  const a = $("announcer");
  a.textContent = "";
  requestAnimationFrame(() => (a.textContent = text));
}

// ---- the engine's view of a node --------------------------------------------

/** A Game at `node` (start position and the moves to it). Free it after use. */
function gameAt(node, t = tree) {
  const g = Game.fromFen(t.startFen);
  try {
    for (const m of t.moves(node)) g.play(m);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

function withGame(node, fn) {
  const g = gameAt(node);
  try {
    return fn(g);
  } finally {
    g.free();
  }
}

// ---- workers ----------------------------------------------------------------

class EngineWorker {
  constructor(onMessage) {
    this.url = new URL("../shared/analysis-worker.js", import.meta.url).href;
    this.onMessage = onMessage;
    this.nextId = 1;
    this.busy = false;
    this._start();
  }
  _start() {
    const w = new Worker(this.url, { type: "module" });
    w.onmessage = (e) => {
      if (w === this.worker) this.onMessage(e.data || {});
    };
    w.onerror = (e) => {
      e.preventDefault();
      if (w !== this.worker) return;
      this.restart();
      this.onMessage({ type: "error", id: this.current, error: { message: e.message || "the engine stopped" } });
    };
    this.worker = w;
  }
  send(msg) {
    const id = this.nextId++;
    this.current = id;
    this.busy = true;
    this.worker.postMessage({ ...msg, id });
    return id;
  }
  /** Stops whatever runs at once (the worker is replaced). */
  restart() {
    this.worker.terminate();
    this.busy = false;
    this.current = null;
    this._start();
  }
}

const live = new EngineWorker(onLiveMessage);
const reviewer = new EngineWorker(onReviewMessage);

// ---- rendering ----------------------------------------------------------------

function statusText(g) {
  const st = g.status();
  if (st.state === "win") return T.statusWin(st.winner);
  if (st.state === "draw") return T.statusDraw;
  return T.toMove(st.toMove);
}

/** Puts `node`'s position (unless the board already shows it), its legal
 * moves and the best-move arrow on the board; `g` is a Game at `node`. */
function updateBoard(node, { position = true, game = null } = {}) {
  if (mode !== "play") return;
  const draw = (g) => {
    const set = { legalMoves: g.legalMoves(), lastMove: node.move, hint: null, viewOnly: false, label: `${T.boardLabel}. ${statusText(g)}` };
    if (position) set.position = g.board();
    board.set(set);
    const best = lastDepth && lastDepth.lines[0] && set.legalMoves.find((m) => m.notation === lastDepth.lines[0].move);
    drawBestArrow(best || null);
  };
  if (game) draw(game);
  else withGame(node, draw);
}

/** Shows `node`: board, status, move tree, outputs; restarts the analysis.
 * With `skipBoard` the caller updates the board itself (after animating). */
function show(node, { skipBoard = false } = {}) {
  current = node;
  lastDepth = null;
  const st = withGame(node, (g) => {
    if (!skipBoard) updateBoard(node, { game: g });
    $("status").textContent = statusText(g);
    renderOpening(g.opening());
    return g.status();
  });
  renderTree();
  scheduleOutputs();
  renderGraph();
  if (analysing) startAnalysisSoon(st);
  else renderIdle();
  updateNavButtons();
}

/** The named opening at the current node (the engine's recognition along
 * the path from the start), and the main line's in the review card. */
function renderOpening(o) {
  showOpening($("opening"), o, $("opening-row"));
  $("opening-link").href = o ? explorerHref(o.id) : "openings.html";
  const main = withGame(tree.lineEnd(tree.root), (g) => g.opening());
  const r = $("review-opening");
  r.textContent = main ? T.reviewOpening(openingName(main)) : "";
  r.dataset.openingId = main ? main.id : "";
}

// Stepping quickly through moves starts one analysis, at the last step.
let startTimer = null;
function startAnalysisSoon(st) {
  if (live.busy) live.restart();
  facts.depths = [];
  renderIdle(T.engineLoading);
  clearTimeout(startTimer);
  startTimer = setTimeout(() => {
    if (analysing && mode === "play") startAnalysis(st);
  }, 80);
}

function updateNavButtons() {
  $("nav-first").disabled = !current.parent;
  $("nav-prev").disabled = !current.parent;
  $("nav-next").disabled = !current.children.length;
  $("nav-last").disabled = !current.children.length;
  $("btn-promote").disabled = tree.onMainLine(current);
  $("btn-delete").disabled = !current.parent;
}

let drawnTree = { tree: null, version: -1 };

/** Redraws the move list when the tree changed shape; otherwise only
 * moves the current-move mark (cheap while stepping through a game). */
function renderTree() {
  const box = $("tree");
  if (drawnTree.tree === tree && drawnTree.version === tree.version) {
    const old = box.querySelector('[aria-current="true"]');
    if (old) old.removeAttribute("aria-current");
    const b = box.querySelector(`button[data-node="${current.id}"]`);
    if (b) {
      b.setAttribute("aria-current", "true");
      if (typeof b.scrollIntoView === "function") b.scrollIntoView({ block: "nearest" });
    }
    return;
  }
  drawnTree = { tree, version: tree.version };
  box.replaceChildren();
  if (!tree.root.children.length) {
    const p = document.createElement("p");
    p.className = "moves-empty";
    p.textContent = T.noMoves;
    box.appendChild(p);
    return;
  }
  const main = document.createElement("div");
  main.className = "tree-line";
  renderLine(main, tree.root, true);
  box.appendChild(main);
  const cur = box.querySelector('[aria-current="true"]');
  if (cur && typeof cur.scrollIntoView === "function") cur.scrollIntoView({ block: "nearest" });
}

function renderLine(container, start, needNumber) {
  let cur = start;
  let need = needNumber;
  while (cur.children.length) {
    const [main, ...alts] = cur.children;
    appendMove(container, main, need);
    need = false;
    for (const alt of alts) {
      const box = document.createElement("div");
      box.className = "variation";
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", T.sideLine);
      appendMove(box, alt, true);
      renderLine(box, alt, false);
      container.appendChild(box);
      need = true;
    }
    cur = main;
  }
}

function appendMove(container, node, needNumber) {
  const { white } = tree.numbering(node);
  if (white || needNumber) {
    const num = document.createElement("span");
    num.className = "tnum";
    num.textContent = tree.numberText(node);
    container.appendChild(num);
  }
  const b = document.createElement("button");
  b.type = "button";
  b.className = "tmove";
  b.dataset.node = String(node.id);
  b.textContent = node.move.notation;
  if (node.mark) {
    b.dataset.mark = node.mark.kind;
    const s = document.createElement("span");
    s.className = "tmark";
    s.setAttribute("aria-hidden", "true");
    s.textContent = MARK_SIGN[node.mark.kind];
    b.appendChild(s);
    const sr = document.createElement("span");
    sr.className = "visually-hidden";
    sr.textContent = `, ${T.markName[node.mark.kind]}`;
    b.appendChild(sr);
  }
  if (node === current) b.setAttribute("aria-current", "true");
  container.appendChild(b);
}

$("tree").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-node]");
  if (!b) return;
  const node = tree.get(Number(b.dataset.node));
  if (node) show(node);
});

// ---- playing moves -----------------------------------------------------------

async function playMove(text, { animate = true } = {}) {
  const g = gameAt(current);
  let played;
  try {
    played = g.play(text);
  } catch (e) {
    g.free();
    announce(errorText(e)); // the play page's words for a refused move
    return;
  }
  const mover = g.turn() === "white" ? "black" : "white";
  const node = tree.add(current, played, g.fen());
  const position = g.board();
  g.free();
  if (review && tree.onMainLine(node) && !review.nodes.includes(node)) clearReview();
  announce(T.played(mover, played.notation));
  drawBestArrow(null);
  const anim = board.playMove(played, position, { animate });
  show(node, { skipBoard: true });
  await anim;
  if (current === node) updateBoard(node, { position: false });
}

// ---- navigation -----------------------------------------------------------------

function go(where) {
  let n = current;
  if (where === "first") n = tree.root;
  else if (where === "prev") n = current.parent || current;
  else if (where === "next") n = current.children[0] || current;
  else if (where === "last") n = tree.lineEnd(current);
  else if (where === "up" || where === "down") {
    if (!current.parent) return;
    const sib = current.parent.children;
    if (sib.length < 2) return;
    const i = sib.indexOf(current);
    n = sib[(i + (where === "down" ? 1 : sib.length - 1)) % sib.length];
  }
  if (n !== current) show(n);
}

$("nav-first").addEventListener("click", () => go("first"));
$("nav-prev").addEventListener("click", () => go("prev"));
$("nav-next").addEventListener("click", () => go("next"));
$("nav-last").addEventListener("click", () => go("last"));
$("btn-flip").addEventListener("click", () => {
  board.flip();
  drawBestArrow(arrowMove);
});

document.addEventListener("keydown", (e) => {
  if (mode !== "play" || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t.closest && (t.closest("input, textarea, select, [contenteditable], svg, dialog") || t.isContentEditable)) return;
  const keys = { ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last" };
  const where = keys[e.key];
  if (!where) return;
  e.preventDefault();
  go(where);
  const b = $("tree").querySelector('[aria-current="true"]');
  if (b && t.closest && t.closest("#tree")) b.focus();
});

$("btn-promote").addEventListener("click", () => {
  if (tree.promote(current)) {
    clearReview();
    show(current);
  }
});

$("btn-delete").addEventListener("click", () => {
  if (!current.parent) return;
  const wasMain = tree.onMainLine(current);
  const parent = tree.remove(current);
  if (wasMain) clearReview();
  show(parent);
});

// ---- live analysis ------------------------------------------------------------------

function renderIdle(text = T.engineIdle) {
  const ev = $("eval");
  ev.textContent = "–";
  ev.dataset.score = "";
  ev.dataset.depth = "0";
  $("eval-info").textContent = text;
  $("pv").textContent = "";
  $("multipv").replaceChildren();
  setBar(null);
  drawBestArrow(null);
}

function setBar(evaluation) {
  const share = evaluation ? expected(evaluation) : 0.5;
  $("eval-bar-white").style.width = `${(share * 100).toFixed(1)}%`;
}

function scoreText(line) {
  if (line.result) return T.winsIn(line.result.winner, line.result.moves);
  const s = line.score;
  return `${s > 0 ? "+" : s < 0 ? "−" : ""}${Math.abs(s).toFixed(2)}`;
}

/** Analyses the current position (`st`: its status, when known). */
function startAnalysis(st = withGame(current, (g) => g.status())) {
  clearTimeout(startTimer);
  if (live.busy) live.restart();
  if (st.state !== "ongoing") {
    renderIdle(T.gameOverNoAnalysis);
    const ev = $("eval");
    const score = st.state === "draw" ? "0" : st.winner === "white" ? "win" : "loss";
    ev.dataset.score = score;
    ev.textContent = st.state === "draw" ? T.statusDraw : T.statusWin(st.winner);
    setBar(st.state === "draw" ? { score: 0 } : { result: { winner: st.winner } });
    return;
  }
  renderIdle(T.engineLoading);
  facts.depths = [];
  live.send({ type: "analyse", startFen: tree.startFen, moves: tree.moves(current), multipv: 3 });
}

function stopAnalysis() {
  clearTimeout(startTimer);
  if (live.busy) live.restart();
}

function setAnalysing(on) {
  analysing = on;
  document.body.dataset.analysing = String(on);
  const b = $("btn-analyse");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? T.analyseOff : T.analyseOn;
  if (on && mode === "play") startAnalysis();
  else {
    stopAnalysis();
    renderIdle();
    drawBestArrow(null);
  }
}

$("btn-analyse").addEventListener("click", () => setAnalysing(!analysing));

// Early depths arrive in bursts: the page draws the latest at most every
// RENDER_GAP_MS (each report is still recorded for tests in `facts`).
const RENDER_GAP_MS = 100;
let pendingDepth = null;
let renderTimer = null;
let lastRenderAt = 0;
function queueDepth(r) {
  facts.depths.push({
    depth: r.depth,
    score: r.lines[0] && r.lines[0].score,
    result: r.lines[0] && r.lines[0].result,
    pv: r.lines[0] && r.lines[0].pv,
    timeMs: r.timeMs,
  });
  pendingDepth = r;
  if (renderTimer) return;
  const wait = Math.max(0, lastRenderAt + RENDER_GAP_MS - performance.now());
  renderTimer = setTimeout(flushDepth, wait);
}

function flushDepth() {
  renderTimer = null;
  const d = pendingDepth;
  pendingDepth = null;
  lastRenderAt = performance.now();
  if (d && analysing && d.id === live.current) renderDepth(d);
  if (pendingDone && pendingDone === live.current) showDone();
  pendingDone = null;
}

let pendingDone = null;
function showDone() {
  if (lastDepth) $("eval-info").textContent = `${T.depthInfo(lastDepth.depth, lastDepth.nps)} · ${T.provenDone}`;
}

function onLiveMessage(msg) {
  if (msg.type === "ready" || msg.id !== live.current) return;
  if (msg.type === "depth") queueDepth({ ...msg.result, id: msg.id });
  else if (msg.type === "done") {
    live.busy = false;
    // after the last depth is drawn
    if (renderTimer) pendingDone = msg.id;
    else showDone();
  } else if (msg.type === "error") {
    live.busy = false;
    renderIdle(msg.error.message);
  }
}

function renderDepth(r) {
  lastDepth = r;
  const best = r.lines[0];
  if (!best) return;
  const ev = $("eval");
  ev.dataset.score = best.result ? (best.result.winner === "white" ? "win" : "loss") : String(best.score);
  ev.dataset.depth = String(r.depth);
  ev.textContent = scoreText(best);
  $("eval-info").textContent = T.depthInfo(r.depth, r.nps);
  $("pv").textContent = best.pv.join(" ");
  setBar(best);
  const items = r.lines.map((l) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cand-move";
    b.dataset.move = l.move;
    b.textContent = l.move;
    const s = document.createElement("span");
    s.className = "cand-score";
    s.textContent = scoreText(l);
    const pv = document.createElement("span");
    pv.className = "cand-pv";
    pv.textContent = l.pv.slice(1).join(" ");
    li.append(b, " ", s, " ", pv);
    return li;
  });
  $("multipv").replaceChildren(...items);
  // During a move's animation the arrow waits (updateBoard draws it after).
  if (mode === "play" && !board.animation) {
    const mv = board.state.legalMoves.find((m) => m.notation === best.move) || null;
    if ((arrowMove && arrowMove.notation) !== (mv && mv.notation)) drawBestArrow(mv);
  }
}

$("multipv").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-move]");
  if (b && mode === "play") playMove(b.dataset.move);
});

// ---- game review ---------------------------------------------------------------------

function clearReview() {
  if (review && !review.done) {
    reviewer.restart();
    // A games request cut short by the restart is asked again.
    if (classics.loading) classics.loading = reviewer.send({ type: "games", url: GAMES_URL });
  }
  for (const n of tree.nodes.values()) delete n.mark;
  tree.version++;
  review = null;
  facts.reviewDone = false;
  $("review-progress").hidden = true;
  $("review-graph").replaceChildren();
  $("review-marks").replaceChildren();
  $("review-status").textContent = "";
  if (reviewExercises) {
    reviewExercises = null;
    renderMistakeButtons();
  }
  $("btn-review").textContent = T.reviewStart;
}

function startReview() {
  if (review && !review.done) {
    clearReview();
    $("review-status").textContent = T.reviewCancelled;
    return;
  }
  clearReview();
  const nodes = [tree.root, ...tree.mainLine()];
  if (nodes.length < 2) {
    $("review-status").textContent = T.reviewNothing;
    return;
  }
  const moves = nodes.slice(1).map((n) => n.move.notation);
  const movetimeMs = Number($("review-budget").value) || 400;
  review = { nodes, evals: [], total: nodes.length, marks: [], done: false, movetimeMs };
  review.id = reviewer.send({ type: "review", startFen: tree.startFen, moves, movetimeMs });
  const p = $("review-progress");
  p.hidden = false;
  p.max = nodes.length;
  p.value = 0;
  $("btn-review").textContent = T.reviewCancel;
  $("review-status").textContent = T.reviewRunning(1, nodes.length);
}

$("btn-review").addEventListener("click", startReview);

function onReviewMessage(msg) {
  if (msg.type === "games") return onGames(msg);
  if (msg.type === "error" && classics.loading === msg.id) {
    classics.loading = null;
    $("classics-count").textContent = T.classicsFailed(msg.error.message);
    return;
  }
  if (!review || msg.id !== review.id) return;
  if (msg.type === "review-step") {
    review.evals[msg.index] = msg.eval;
    $("review-progress").value = msg.index + 1;
    $("review-status").textContent = T.reviewRunning(Math.min(msg.index + 2, review.total), review.total);
    renderGraph();
  } else if (msg.type === "review-done") {
    finishReview();
  } else if (msg.type === "error") {
    $("review-status").textContent = msg.error.message;
    review.done = true;
    reviewer.busy = false;
  }
}

function finishReview() {
  review.done = true;
  reviewer.busy = false;
  const moves = review.nodes.slice(1).map((n) => ({ move: n.move.notation, white: tree.numbering(n).white }));
  review.marks = markMoves(moves, review.evals);
  review.marks.forEach((m, i) => {
    const node = review.nodes[i + 1];
    if (m) node.mark = m;
    else delete node.mark;
  });
  $("review-progress").hidden = true;
  $("btn-review").textContent = T.reviewStart;
  const marked = review.marks.filter(Boolean).length;
  $("review-status").textContent = T.reviewDone(marked);
  const items = [];
  review.marks.forEach((m, i) => {
    if (!m) return;
    const node = review.nodes[i + 1];
    const li = document.createElement("li");
    li.dataset.mark = m.kind;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mark-link";
    b.dataset.node = String(node.id);
    b.textContent = T.markLine(tree.numberText(node), node.move.notation, T.markName[m.kind], m.better || "–", m.line.join(" "));
    li.appendChild(b);
    items.push(li);
  });
  $("review-marks").replaceChildren(...items);
  reviewExercises = exercisesFromReview({
    fens: review.nodes.slice(0, -1).map((n) => withGame(n, (g) => g.fen())),
    moves,
    evals: review.evals,
    marks: review.marks,
    numbers: review.nodes.slice(1).map((n) => tree.numberText(n)),
    movetimeMs: review.movetimeMs,
  });
  keep(reviewExercises);
  renderMistakeButtons(true);
  facts.reviewDone = true;
  tree.version++;
  renderTree();
  renderGraph();
}

// ---- learn from your mistakes (mistakes.js) ------------------------------------

const mistakes = new MistakeTrainer({ root: $("mistakes"), Game });
let reviewExercises = null; // the last review's, or null before any

function renderMistakeButtons(reviewed = false) {
  const fromReview = $("btn-mistakes");
  fromReview.hidden = !reviewExercises || !reviewExercises.length;
  fromReview.textContent = t("mistakes.fromReview", { n: reviewExercises ? reviewExercises.length : 0 });
  const stored = loadStored();
  $("btn-mistakes-stored").hidden = !stored.length;
  $("btn-mistakes-stored").textContent = t("mistakes.stored", { n: stored.length });
  if (reviewed && reviewExercises && !reviewExercises.length) $("review-status").textContent += ` ${t("mistakes.none")}`;
}
$("btn-mistakes").addEventListener("click", () => reviewExercises?.length && mistakes.open(reviewExercises));
$("btn-mistakes-stored").addEventListener("click", () => {
  const stored = loadStored();
  if (stored.length) mistakes.open(stored.reverse());
});
renderMistakeButtons();
onLangChange(() => renderMistakeButtons());

/** `analysis.html#mistakes` (from the puzzles and play pages) opens the saved mistakes. */
function openStoredFromHash() {
  if (location.hash !== "#mistakes") return false;
  dropHash();
  const stored = loadStored();
  if (stored.length) mistakes.open(stored.reverse());
  return true;
}
openStoredFromHash();

$("review-marks").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-node]");
  const node = b && tree.get(Number(b.dataset.node));
  if (node) show(node.parent || node);
});

function renderGraph() {
  if (!review) return;
  const idx = review.nodes.indexOf(current);
  drawGraph($("review-graph"), {
    evals: review.evals,
    total: review.total,
    marks: review.marks,
    current: idx >= 0 ? idx : null,
    label: T.graphLabel(review.total),
    onPick: (i) => {
      const node = review && review.nodes[i];
      if (node && tree.get(node.id)) show(node);
    },
  });
}

// ---- position editor -------------------------------------------------------------

function editorPosition() {
  return [...editor.pieces].map(([square, piece]) => ({ square, piece }));
}

function saveDraft() {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ pieces: editorPosition(), turn: editor.turn, dirty: editor.dirty }));
  } catch {
    /* storage unavailable: the draft lives on in the page */
  }
}

function validateEditor() {
  let check;
  try {
    check = validateSetup(editorPosition(), editor.turn);
  } catch (e) {
    check = { valid: false, fen: null, error: { why: errorWhy(e) } };
  }
  editor.valid = check.valid ? check.fen : null;
  let message = check.valid ? "" : T.editorInvalid(check.error.why || detailText(check.error.detail));
  if (check.valid) {
    const g = Game.fromFen(check.fen);
    if (!g.legalMoves().length) message = T.editorNoMoves(editor.turn);
    g.free();
    const fenBox = $("editor-fen");
    if (document.activeElement !== fenBox) fenBox.value = check.fen;
  }
  $("editor-error").textContent = message;
  $("status").textContent = T.toMove(editor.turn);
  $("editor-fen").setAttribute("aria-invalid", String(!check.valid));
  $("editor-done").disabled = !check.valid;
}

function drawEditor({ edited = true } = {}) {
  if (edited) editor.dirty = true;
  board.set({ position: editorPosition(), legalMoves: [], lastMove: null, hint: null, viewOnly: true });
  validateEditor();
  saveDraft();
}

function loadEditorFrom(fen) {
  const g = Game.fromFen(fen);
  editor.pieces = new Map(g.board().map((p) => [p.square, p.piece]));
  editor.turn = g.turn();
  g.free();
  for (const r of document.querySelectorAll('input[name="editor-turn"]')) r.checked = r.value === editor.turn;
}

function enterEditor() {
  mode = "edit";
  document.body.dataset.mode = "edit";
  stopAnalysis();
  if (!editor.dirty) loadEditorFrom(current.fen);
  for (const r of document.querySelectorAll('input[name="editor-turn"]')) r.checked = r.value === editor.turn;
  $("editor").hidden = false;
  $("btn-edit").setAttribute("aria-pressed", "true");
  board.set({ label: T.editorBoardLabel });
  renderIdle();
  drawEditor({ edited: editor.dirty });
  $("editor").querySelector('[aria-pressed="true"].palette-btn')?.focus();
}

function leaveEditor(fen) {
  mode = "play";
  document.body.dataset.mode = "play";
  $("editor").hidden = true;
  $("btn-edit").setAttribute("aria-pressed", "false");
  if (fen) {
    editor.dirty = false;
    saveDraft();
    clearReview();
    tree = new Tree(fen);
    show(tree.root);
  } else {
    show(current);
  }
}

$("btn-edit").addEventListener("click", () => (mode === "edit" ? leaveEditor(null) : enterEditor()));
$("editor-cancel").addEventListener("click", () => leaveEditor(null));
$("editor-done").addEventListener("click", () => {
  if (editor.valid) leaveEditor(editor.valid);
});

for (const b of document.querySelectorAll("[data-editor-piece]")) {
  b.addEventListener("click", () => {
    editor.piece = b.dataset.editorPiece;
    for (const o of document.querySelectorAll("[data-editor-piece]")) o.setAttribute("aria-pressed", String(o === b));
  });
}
for (const r of document.querySelectorAll('input[name="editor-turn"]')) {
  r.addEventListener("change", () => {
    if (r.checked) editor.turn = r.value;
    drawEditor();
  });
}
$("editor-clear").addEventListener("click", () => {
  editor.pieces.clear();
  drawEditor();
});
$("editor-start").addEventListener("click", () => {
  loadEditorFrom(START_FEN);
  drawEditor();
});
function loadEditorFen() {
  const text = $("editor-fen").value.trim();
  try {
    loadEditorFrom(text);
  } catch (e) {
    $("editor-error").textContent = T.editorBadFen(errorWhy(e));
    $("editor-fen").setAttribute("aria-invalid", "true");
    return;
  }
  drawEditor();
}
$("editor-fen-load").addEventListener("click", loadEditorFen);
$("editor-fen").addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    e.preventDefault();
    loadEditorFen();
  }
});

function editSquare(square) {
  const had = editor.pieces.get(square);
  if (editor.piece === "empty" || had === editor.piece) {
    editor.pieces.delete(square);
    announce(T.editorRemoved(square));
  } else {
    editor.pieces.set(square, editor.piece);
    const names = { "white-man": T.whiteMan, "white-king": T.whiteKing, "black-man": T.blackMan, "black-king": T.blackKing };
    announce(T.editorPlaced(names[editor.piece], square));
  }
  drawEditor();
  board.focus(square);
}

const boardSvg = $("board").querySelector("svg");
boardSvg.addEventListener("click", (e) => {
  if (mode !== "edit") return;
  const sq = e.target.closest("[data-square]");
  if (sq) editSquare(sq.getAttribute("data-square"));
});
boardSvg.addEventListener("keydown", (e) => {
  if (mode !== "edit" || (e.key !== "Enter" && e.key !== " ")) return;
  const sq = e.target.getAttribute && e.target.getAttribute("data-square");
  if (sq) editSquare(sq);
});

// ---- loading: FEN, PDN, links -----------------------------------------------------

function treeFromFen(text) {
  const g = Game.fromFen(text); // throws the engine's bad_fen error
  const t = new Tree(g.fen());
  g.free();
  return t;
}

function parseTags(pdn) {
  const tags = [];
  for (const line of pdn.split("\n")) {
    const m = /^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/.exec(line.trim());
    if (m && !["Result", "GameType", "FEN"].includes(m[1])) tags.push([m[1], m[2].replace(/\\(.)/g, "$1")]);
  }
  return tags;
}

/** `play(node, text)` for building a tree: the engine plays `text` at
 * `node`. Consecutive moves of one line reuse one Game (no replay from
 * the start for each move). Call `done()` at the end. */
function linePlayer(t) {
  let game = null;
  let at = null; // {parent, notation}: the game stands after this move
  const play = (node, text) => {
    const continues = game && at && node.parent === at.parent && node.move && node.move.notation === at.notation;
    const fresh = game && !at && node === t.root;
    if (!continues && !fresh) {
      if (game) game.free();
      game = gameAt(node, t);
    }
    const move = game.play(text);
    at = { parent: node, notation: move.notation };
    return { move, fen: game.fen() };
  };
  game = Game.fromFen(t.startFen);
  return { play, done: () => game && game.free() };
}

function treeFromPdn(text) {
  const g = Game.fromPdn(text); // throws the engine's bad_pdn error (line, move, reason)
  const t = new Tree(g.startFen());
  t.tags = parseTags(g.pdn());
  g.free();
  // The variations: the engine has read the main line; each side line's
  // moves are played by the engine too.
  const player = linePlayer(t);
  try {
    buildFromTokens(t, pdnTokens(text), player.play);
  } finally {
    player.done();
  }
  return t;
}

function treeFromLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const fen = params.get("fen");
  const moves = (params.get("moves") || "").trim().split(/[\s,]+/).filter(Boolean);
  const t = fen ? treeFromFen(fen) : new Tree(START_FEN);
  let node = t.root;
  const player = linePlayer(t);
  try {
    for (const m of moves) {
      const { move, fen: after } = player.play(node, m);
      node = t.add(node, move, after);
    }
  } finally {
    player.done();
  }
  const ply = Number(params.get("ply"));
  const path = t.path(node);
  const at = Number.isInteger(ply) && params.has("ply") && ply >= 0 && ply <= path.length ? (ply === 0 ? t.root : path[ply - 1]) : node;
  return { tree: t, node: at };
}

function replaceTree(t, node = t.root) {
  clearReview();
  tree = t;
  if (mode === "edit") leaveEditor(null);
  show(node);
}

function isLink(text) {
  return /#.*\b(fen|moves)=/.test(text) || /^(fen|moves)=/.test(text);
}

function isFen(text) {
  return /^\s*"?[WB]\s*:/i.test(text) || /^\s*\[FEN\s+"[^"]*"\]\s*$/i.test(text);
}

function loadText(text) {
  const t = text.trim();
  if (!t) return T.emptyPaste;
  try {
    if (isLink(t)) {
      const r = treeFromLink(t.includes("#") ? t.slice(t.indexOf("#")) : t);
      replaceTree(r.tree, r.node);
      return "";
    }
    if (isFen(t)) {
      replaceTree(treeFromFen(t));
      announce(T.loadedFen);
      return "";
    }
    replaceTree(treeFromPdn(t));
    announce(T.loadedPdn);
    return "";
  } catch (e) {
    if (isLink(t)) return T.badLink(errorWhy(e));
    return isFen(t) ? T.badFen(errorWhy(e)) : T.badPdn(errorWhy(e));
  }
}

$("btn-paste").addEventListener("click", () => {
  const err = loadText($("paste-in").value);
  $("paste-error").textContent = err;
  $("paste-in").setAttribute("aria-invalid", String(!!err));
});

function linkFor(node) {
  const params = new URLSearchParams();
  if (tree.startFen !== START_FEN) params.set("fen", tree.startFen);
  const end = tree.lineEnd(node);
  const moves = tree.moves(end);
  if (moves.length) params.set("moves", moves.join(" "));
  if (end !== node) params.set("ply", String(node.ply));
  const base = `${location.origin}${location.pathname}`;
  return `${base}#${params.toString()}`;
}

function pdnText() {
  const end = tree.lineEnd(tree.root);
  return withGame(end, (g) => {
    for (const [name, value] of tree.tags) {
      try {
        g.setTag(name, value);
      } catch {
        /* a tag the engine refuses is left out */
      }
    }
    const written = g.pdn();
    const header = written.split("\n\n")[0];
    const result = written.trim().split(/\s+/).pop();
    return `${header}\n\n${tree.movetext(result)}\n`;
  });
}

// The link, PDN and saved copy are written a moment after the last change,
// so stepping through a game does not rewrite them at every step.
let outputsTimer = null;
function scheduleOutputs() {
  $("fen-out").value = current.fen;
  clearTimeout(outputsTimer);
  outputsTimer = setTimeout(() => {
    renderOutputs();
    saveTree();
  }, 150);
}

function renderOutputs() {
  $("link-out").value = linkFor(current);
  $("pdn-out").value = pdnText();
}

function saveTree() {
  try {
    localStorage.setItem(TREE_KEY, JSON.stringify({ pdn: $("pdn-out").value, path: tree.moves(current) }));
  } catch {
    /* storage unavailable */
  }
}

for (const b of document.querySelectorAll("[data-copy]")) {
  b.addEventListener("click", async () => {
    const field = $(b.dataset.copy);
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      document.execCommand && document.execCommand("copy");
    }
    announce(T.copied);
  });
}

/** Once a link is open, the address loses its hash: a reload then brings
 * back the tree as the user left it (saved in the browser). */
function dropHash() {
  history.replaceState(null, "", location.pathname + location.search);
}

window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  if (openStoredFromHash()) return;
  const err = loadText(location.hash);
  $("paste-error").textContent = err;
  if (err) $("io").open = true;
  else dropHash();
});

// ---- classic games -------------------------------------------------------------------

const classics = { games: null, loading: null };
const GAMES_URL = new URL("./russian-games.pdn", import.meta.url).href;

$("classics").addEventListener("toggle", () => {
  if (!$("classics").open || classics.games || classics.loading) return;
  $("classics-count").textContent = T.classicsLoading;
  classics.loading = reviewer.send({ type: "games", url: GAMES_URL });
});

function onGames(msg) {
  if (msg.id !== classics.loading) return;
  classics.loading = null;
  if (!review || review.done) reviewer.busy = false;
  classics.games = msg.games;
  fillOpeningFilter();
  renderClassics();
}

function renderClassics() {
  if (!classics.games) return;
  const who = $("classics-player").value.trim().toLowerCase();
  const year = $("classics-year").value.trim();
  const result = $("classics-result").value;
  const opening = $("classics-opening").value;
  const shown = classics.games
    .map((g, i) => ({ g, i }))
    .filter(
      ({ g }) =>
        (!who || g.white.toLowerCase().includes(who) || g.black.toLowerCase().includes(who)) &&
        (!year || String(g.year) === year) &&
        (!result || g.result === result) &&
        (!opening || g.opening === opening),
    );
  const items = shown.map(({ g, i }) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "classic";
    b.dataset.game = String(i);
    b.dataset.openingId = g.opening || "";
    b.textContent = T.classicItem(g);
    const name = openingName(OPENINGS.get(g.opening));
    if (name) {
      const col = document.createElement("span");
      col.className = "classic-opening";
      col.dataset.classicOpening = g.opening;
      col.textContent = name;
      b.append(" · ", col);
    }
    li.appendChild(b);
    return li;
  });
  $("classics-list").replaceChildren(...items);
  $("classics-count").textContent = T.classicsCount(shown.length, classics.games.length);
}

const OPENINGS = new Map(engine.openings().map((o) => [o.id, o]));

/** The opening filter: every named opening the collection reaches, with its count. */
function fillOpeningFilter() {
  const sel = $("classics-opening");
  const counts = new Map();
  for (const g of classics.games) if (g.opening) counts.set(g.opening, (counts.get(g.opening) || 0) + 1);
  const options = [...OPENINGS.values()]
    .filter((o) => counts.has(o.id))
    .map((o) => {
      const opt = document.createElement("option");
      opt.value = o.id;
      opt.textContent = `${openingName(o)} (${counts.get(o.id)})`;
      return opt;
    });
  sel.replaceChildren(sel.options[0], ...options);
}

for (const id of ["classics-player", "classics-year", "classics-result", "classics-opening"]) {
  $(id).addEventListener("input", renderClassics);
}

$("classics-list").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-game]");
  const g = b && classics.games[Number(b.dataset.game)];
  if (!g) return;
  try {
    replaceTree(treeFromPdn(g.pdn));
  } catch (err) {
    $("review-status").textContent = T.badPdn(errorWhy(err));
    return;
  }
  announce(T.classicOpened(g));
  startReview();
  $("review-card").scrollIntoView({ block: "start" });
});

// ---- start ---------------------------------------------------------------------------

function restore() {
  if (location.hash && isLink(location.hash)) {
    try {
      const r = treeFromLink(location.hash);
      tree = r.tree;
      dropHash();
      return r.node;
    } catch (e) {
      $("paste-error").textContent = T.badLink(errorWhy(e));
      $("io").open = true;
    }
  }
  try {
    const saved = JSON.parse(localStorage.getItem(TREE_KEY) || "null");
    if (saved && typeof saved.pdn === "string") {
      const t = treeFromPdn(saved.pdn);
      let node = t.root;
      for (const m of saved.path || []) {
        const next = node.children.find((c) => c.move.notation === m);
        if (!next) break;
        node = next;
      }
      tree = t;
      return node;
    }
  } catch {
    /* a bad saved tree is ignored */
  }
  return tree.root;
}

show(restore());
try {
  const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null");
  if (draft && Array.isArray(draft.pieces)) {
    editor.pieces = new Map(draft.pieces.map((p) => [p.square, p.piece]));
    editor.turn = draft.turn === "black" ? "black" : "white";
    editor.dirty = !!draft.dirty;
  }
} catch {
  /* no draft */
}
document.body.classList.add("ready");
