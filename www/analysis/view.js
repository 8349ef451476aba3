// The analysis page's view of the tree: the board (with the best move's
// arrow), the status and opening lines, the move list with its side lines,
// and a move played on the board or from the candidates.

import { Board } from "../board/board.js";
import { announce } from "../shared/announce.js";
import { errorText } from "../shared/status-text.js";
import { explorerHref, openingName, showOpening } from "../shared/opening.js";
import { MARK_SIGN } from "../shared/review.js";
import { T } from "./texts.js";
import { $, S, gameAt, withGame } from "./state.js";
import { renderIdle, startAnalysisSoon } from "./live.js";
import { clearReview, renderGraph } from "./review-panel.js";
import { scheduleOutputs } from "./io.js";

export const board = new Board($("board"), {
  label: T.boardLabel,
  onMove: (move, meta) => {
    if (S.mode === "play") playMove(move.notation, { animate: !meta.dragged });
  },
  onAnnounce: announce,
});

/** The best move's arrow (the board redraws only its arrows for it). */
let arrowMove = null;
export function drawBestArrow(move) {
  arrowMove = move || null;
  const m = arrowMove && S.mode === "play" && arrowMove.path && arrowMove.path.length > 1 ? arrowMove : null;
  board.showArrow(m, "best");
}

/** The move the best-move arrow shows now, or null. */
export function bestArrowMove() {
  return arrowMove;
}

export function statusText(g) {
  const st = g.status();
  if (st.state === "win") return T.statusWin(st.winner);
  if (st.state === "draw") return T.statusDraw;
  return T.toMove(st.toMove);
}

/** Puts `node`'s position (unless the board already shows it), its legal
 * moves and the best-move arrow on the board; `g` is a Game at `node`. */
export function updateBoard(node, { position = true, game = null } = {}) {
  if (S.mode !== "play") return;
  const draw = (g) => {
    const set = { legalMoves: g.legalMoves(), lastMove: node.move, hint: null, viewOnly: false, label: `${T.boardLabel}. ${statusText(g)}` };
    if (position) set.position = g.board();
    board.set(set);
    const best = S.lastDepth && S.lastDepth.lines[0] && set.legalMoves.find((m) => m.notation === S.lastDepth.lines[0].move);
    drawBestArrow(best || null);
  };
  if (game) draw(game);
  else withGame(node, draw);
}

/** Shows `node`: board, status, move tree, outputs; restarts the analysis.
 * With `skipBoard` the caller updates the board itself (after animating). */
export function show(node, { skipBoard = false } = {}) {
  S.current = node;
  S.lastDepth = null;
  const st = withGame(node, (g) => {
    if (!skipBoard) updateBoard(node, { game: g });
    $("status").textContent = statusText(g);
    renderOpening(g.opening());
    return g.status();
  });
  renderTree();
  scheduleOutputs();
  renderGraph();
  if (S.analysing) startAnalysisSoon(st);
  else renderIdle();
  updateNavButtons();
}

/** The named opening at the current node (the engine's recognition along
 * the path from the start), and the main line's in the review card. */
export function renderOpening(o) {
  showOpening($("opening"), o, $("opening-row"));
  $("opening-link").href = o ? explorerHref(o.id) : "openings.html";
  const main = withGame(S.tree.lineEnd(S.tree.root), (g) => g.opening());
  const r = $("review-opening");
  r.textContent = main ? T.reviewOpening(openingName(main)) : "";
  r.dataset.openingId = main ? main.id : "";
}

export function updateNavButtons() {
  $("nav-first").disabled = !S.current.parent;
  $("nav-prev").disabled = !S.current.parent;
  $("nav-next").disabled = !S.current.children.length;
  $("nav-last").disabled = !S.current.children.length;
  $("btn-promote").disabled = S.tree.onMainLine(S.current);
  $("btn-delete").disabled = !S.current.parent;
}

let drawnTree = { tree: null, version: -1 };

/** Redraws the move list when the tree changed shape; otherwise only
 * moves the current-move mark (cheap while stepping through a game). */
export function renderTree() {
  const box = $("tree");
  if (drawnTree.tree === S.tree && drawnTree.version === S.tree.version) {
    const old = box.querySelector('[aria-current="true"]');
    if (old) old.removeAttribute("aria-current");
    const b = box.querySelector(`button[data-node="${S.current.id}"]`);
    if (b) {
      b.setAttribute("aria-current", "true");
      if (typeof b.scrollIntoView === "function") b.scrollIntoView({ block: "nearest" });
    }
    return;
  }
  drawnTree = { tree: S.tree, version: S.tree.version };
  box.replaceChildren();
  if (!S.tree.root.children.length) {
    const p = document.createElement("p");
    p.className = "moves-empty";
    p.textContent = T.noMoves;
    box.appendChild(p);
    return;
  }
  const main = document.createElement("div");
  main.className = "tree-line";
  renderLine(main, S.tree.root, true);
  box.appendChild(main);
  const cur = box.querySelector('[aria-current="true"]');
  if (cur && typeof cur.scrollIntoView === "function") cur.scrollIntoView({ block: "nearest" });
}

export function renderLine(container, start, needNumber) {
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

export function appendMove(container, node, needNumber) {
  const { white } = S.tree.numbering(node);
  if (white || needNumber) {
    const num = document.createElement("span");
    num.className = "tnum";
    num.textContent = S.tree.numberText(node);
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
  if (node === S.current) b.setAttribute("aria-current", "true");
  container.appendChild(b);
}

$("tree").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-node]");
  if (!b) return;
  const node = S.tree.get(Number(b.dataset.node));
  if (node) show(node);
});

// ---- playing moves -----------------------------------------------------------

export async function playMove(text, { animate = true } = {}) {
  const g = gameAt(S.current);
  let played;
  try {
    played = g.play(text);
  } catch (e) {
    g.free();
    announce(errorText(e)); // the play page's words for a refused move
    return;
  }
  const mover = g.turn() === "white" ? "black" : "white";
  const node = S.tree.add(S.current, played, g.fen());
  const position = g.board();
  g.free();
  if (S.review && S.tree.onMainLine(node) && !S.review.nodes.includes(node)) clearReview();
  announce(T.played(mover, played.notation));
  drawBestArrow(null);
  const anim = board.playMove(played, position, { animate });
  show(node, { skipBoard: true });
  await anim;
  if (S.current === node) updateBoard(node, { position: false });
}
