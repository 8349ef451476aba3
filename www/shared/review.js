// Game review: expected scores, move marks and the evaluation graph.
//
// An evaluation is the engine's {score, result}: `score` in men from
// White's side, or `result: {winner, moves}` when the engine has proven
// the game's end. The expected score (White's, 0..1) is a logistic curve
// of the score: 1 / (1 + 10^(-score / 2.5)), so a man up is 0.72, two
// men 0.86, three 0.94; a proven win is 1 and a loss 0.
//
// A move is marked by the drop in its player's expected score from the
// position before it to the position after it (both as the engine scores
// them at the review's budget), unless it is the engine's own choice:
// inaccuracy from 0.10, mistake from 0.20, blunder from 0.30.

export const THRESHOLDS = { inaccuracy: 0.1, mistake: 0.2, blunder: 0.3 };
export const MARK_SIGN = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** White's expected score, 0..1, of an evaluation. */
export function expected(ev) {
  if (!ev) return 0.5;
  if (ev.result) return ev.result.winner === "white" ? 1 : 0;
  return 1 / (1 + 10 ** (-(ev.score || 0) / 2.5));
}

/** The mark of a drop in expected score, or null. */
export function markOf(drop) {
  if (drop >= THRESHOLDS.blunder) return "blunder";
  if (drop >= THRESHOLDS.mistake) return "mistake";
  if (drop >= THRESHOLDS.inaccuracy) return "inaccuracy";
  return null;
}

/**
 * Marks for the moves of a line.
 * @param {{move: string, white: boolean}[]} moves the moves played (white: White made it)
 * @param {object[]} evals evals[i] of the position before moves[i]; evals[n] after the last
 * @returns {({kind, drop, better, line}|null)[]}
 */
export function markMoves(moves, evals) {
  return moves.map((m, i) => {
    const before = evals[i];
    const after = evals[i + 1];
    if (!before || !after) return null;
    if (before.best === m.move) return null;
    const e0 = expected(before);
    const e1 = expected(after);
    const drop = m.white ? e0 - e1 : e1 - e0;
    const kind = markOf(drop);
    if (!kind) return null;
    return { kind, drop, better: before.best, line: before.pv || [] };
  });
}

const SVG = "http://www.w3.org/2000/svg";
function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * Draws the evaluation graph (White's expected score over the positions)
 * into `container`. `marks[i]` marks the move into position i + 1;
 * `current` is the index of the position shown; `onPick(i)` is called on a
 * click.
 */
export function drawGraph(container, { evals, total, marks, current, label, onPick }) {
  const W = 600;
  const H = 150;
  const n = Math.max(total, 2);
  const x = (i) => (i / (n - 1)) * W;
  const y = (e) => H - e * H;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img", "aria-label": label });
  el("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, svg);
  el("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "graph-mid" }, svg);
  const pts = [];
  for (let i = 0; i < total; i++) if (evals[i]) pts.push([x(i), y(expected(evals[i]))]);
  if (pts.length) {
    const area = `M${pts[0][0]},${H} ` + pts.map((p) => `L${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ") + ` L${pts[pts.length - 1][0]},${H} Z`;
    el("path", { d: area, class: "graph-area" }, svg);
    el("polyline", { points: pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" "), class: "graph-line" }, svg);
  }
  if (current !== null && current !== undefined && current < total) {
    el("line", { x1: x(current), x2: x(current), y1: 0, y2: H, class: "graph-cursor" }, svg);
  }
  for (let i = 0; i < total; i++) {
    const m = marks[i - 1];
    if (m && evals[i]) {
      el("circle", { cx: x(i), cy: y(expected(evals[i])), r: 5, class: `graph-mark graph-${m.kind}` }, svg);
    }
  }
  // One invisible column per position: a click anywhere above it picks it.
  const colW = W / (n - 1);
  for (let i = 0; i < total; i++) {
    const hit = el("rect", { x: x(i) - colW / 2, y: 0, width: colW, height: H, class: "graph-hit", "data-index": i }, svg);
    hit.addEventListener("click", () => onPick(i));
  }
  container.replaceChildren(svg);
  return svg;
}
