// Game review: the main line searched move by move in a second Worker,
// the eval graph, the marked moves, and "learn from your mistakes" with the
// review's exercises (mistakes.js). The same Worker also reads the classic
// games' file (classics.js), between reviews.

import { drawGraph, markMoves } from "../shared/review.js";
import { exercisesFromReview, keep, loadStored, MistakeTrainer } from "../shared/mistakes.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { T } from "./texts.js";
import { $, Game, S, facts, withGame } from "./state.js";
import { EngineWorker } from "./engine-worker.js";
import { renderTree, show } from "./view.js";
import { classicsCut, onClassicsMessage } from "./classics.js";

export const reviewer = new EngineWorker(onReviewMessage);


export function clearReview() {
  if (S.review && !S.review.done) {
    reviewer.restart();
    // A games request cut short by the restart is asked again.
    classicsCut();
  }
  for (const n of S.tree.nodes.values()) delete n.mark;
  S.tree.version++;
  S.review = null;
  facts.reviewDone = false;
  $("review-progress").hidden = true;
  $("review-graph").replaceChildren();
  $("review-marks").replaceChildren();
  $("review-status").textContent = "";
  if (S.reviewExercises) {
    S.reviewExercises = null;
    renderMistakeButtons();
  }
  $("btn-review").textContent = T.reviewStart;
}

export function startReview() {
  if (S.review && !S.review.done) {
    clearReview();
    $("review-status").textContent = T.reviewCancelled;
    return;
  }
  clearReview();
  const nodes = [S.tree.root, ...S.tree.mainLine()];
  if (nodes.length < 2) {
    $("review-status").textContent = T.reviewNothing;
    return;
  }
  const moves = nodes.slice(1).map((n) => n.move.notation);
  const movetimeMs = Number($("review-budget").value) || 400;
  S.review = { nodes, evals: [], total: nodes.length, marks: [], done: false, movetimeMs };
  S.review.id = reviewer.send({ type: "review", startFen: S.tree.startFen, moves, movetimeMs });
  const p = $("review-progress");
  p.hidden = false;
  p.max = nodes.length;
  p.value = 0;
  $("btn-review").textContent = T.reviewCancel;
  $("review-status").textContent = T.reviewRunning(1, nodes.length);
}

$("btn-review").addEventListener("click", startReview);

function onReviewMessage(msg) {
  if (onClassicsMessage(msg)) return;
  if (!S.review || msg.id !== S.review.id) return;
  if (msg.type === "review-step") {
    S.review.evals[msg.index] = msg.eval;
    $("review-progress").value = msg.index + 1;
    $("review-status").textContent = T.reviewRunning(Math.min(msg.index + 2, S.review.total), S.review.total);
    renderGraph();
  } else if (msg.type === "review-done") {
    finishReview();
  } else if (msg.type === "error") {
    $("review-status").textContent = msg.error.message;
    S.review.done = true;
    reviewer.busy = false;
  }
}

function finishReview() {
  S.review.done = true;
  reviewer.busy = false;
  const moves = S.review.nodes.slice(1).map((n) => ({ move: n.move.notation, white: S.tree.numbering(n).white }));
  S.review.marks = markMoves(moves, S.review.evals);
  S.review.marks.forEach((m, i) => {
    const node = S.review.nodes[i + 1];
    if (m) node.mark = m;
    else delete node.mark;
  });
  $("review-progress").hidden = true;
  $("btn-review").textContent = T.reviewStart;
  const marked = S.review.marks.filter(Boolean).length;
  $("review-status").textContent = T.reviewDone(marked);
  const items = [];
  S.review.marks.forEach((m, i) => {
    if (!m) return;
    const node = S.review.nodes[i + 1];
    const li = document.createElement("li");
    li.dataset.mark = m.kind;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mark-link";
    b.dataset.node = String(node.id);
    b.textContent = T.markLine(S.tree.numberText(node), node.move.notation, T.markName[m.kind], m.better || "–", m.line.join(" "));
    li.appendChild(b);
    items.push(li);
  });
  $("review-marks").replaceChildren(...items);
  S.reviewExercises = exercisesFromReview({
    fens: S.review.nodes.slice(0, -1).map((n) => withGame(n, (g) => g.fen())),
    moves,
    evals: S.review.evals,
    marks: S.review.marks,
    numbers: S.review.nodes.slice(1).map((n) => S.tree.numberText(n)),
    movetimeMs: S.review.movetimeMs,
  });
  keep(S.reviewExercises);
  renderMistakeButtons(true);
  facts.reviewDone = true;
  S.tree.version++;
  renderTree();
  renderGraph();
}

// ---- learn from your mistakes (mistakes.js) ------------------------------------

const mistakes = new MistakeTrainer({ root: $("mistakes"), Game });

function renderMistakeButtons(reviewed = false) {
  const fromReview = $("btn-mistakes");
  fromReview.hidden = !S.reviewExercises || !S.reviewExercises.length;
  fromReview.textContent = t("mistakes.fromReview", { n: S.reviewExercises ? S.reviewExercises.length : 0 });
  const stored = loadStored();
  $("btn-mistakes-stored").hidden = !stored.length;
  $("btn-mistakes-stored").textContent = t("mistakes.stored", { n: stored.length });
  if (reviewed && S.reviewExercises && !S.reviewExercises.length) $("review-status").textContent += ` ${t("mistakes.none")}`;
}
$("btn-mistakes").addEventListener("click", () => S.reviewExercises?.length && mistakes.open(S.reviewExercises));
$("btn-mistakes-stored").addEventListener("click", () => {
  const stored = loadStored();
  if (stored.length) mistakes.open(stored.reverse());
});
renderMistakeButtons();
onLangChange(() => renderMistakeButtons());

/** `analysis.html#mistakes` (from the puzzles and play pages) opens the saved
 * mistakes; true when the address asked for them. */
export function openStoredFromHash() {
  if (location.hash !== "#mistakes") return false;
  history.replaceState(null, "", location.pathname + location.search);
  const stored = loadStored();
  if (stored.length) mistakes.open(stored.reverse());
  return true;
}
openStoredFromHash();

$("review-marks").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-node]");
  const node = b && S.tree.get(Number(b.dataset.node));
  if (node) show(node.parent || node);
});

export function renderGraph() {
  if (!S.review) return;
  const idx = S.review.nodes.indexOf(S.current);
  drawGraph($("review-graph"), {
    evals: S.review.evals,
    total: S.review.total,
    marks: S.review.marks,
    current: idx >= 0 ? idx : null,
    label: T.graphLabel(S.review.total),
    onPick: (i) => {
      const node = S.review && S.review.nodes[i];
      if (node && S.tree.get(node.id)) show(node);
    },
  });
}
