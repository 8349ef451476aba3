// Move animation: a piece slides hop by hop along its path; each jumped
// piece turns into a ghost when it is jumped and stays until the move ends;
// a man that reaches the far row gets its crown there (also mid-capture).

import { between, rankOf, squareCenter } from "./geometry.js";
import { placePiece } from "./render.js";
import { sleep } from "../shared/util.js";

const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

export function prefersReducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function frame() {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Animates `move` on the pieces already drawn.
 * @param {object} o
 * @param {Element} o.pieceEl the moving piece element
 * @param {Map<string, Element>} o.pieceAt current square -> piece element
 * @param {{path: string[], captures: string[], crowns: boolean}} o.move
 * @param {string} o.orientation
 * @param {number} o.hopMs duration of a one-square hop
 * @param {() => boolean} o.cancelled polled between frames
 * @param {(g: Element) => void} o.crown adds the crown to the moving piece
 */
export async function animateMove(o) {
  const { pieceEl, pieceAt, move, orientation, hopMs, cancelled, crown } = o;
  const color = pieceEl.getAttribute("data-piece").startsWith("white") ? "white" : "black";
  const farRank = color === "white" ? 7 : 0;
  const captures = new Set(move.captures || []);
  pieceEl.classList.add("sb-moving");
  pieceEl.parentNode.appendChild(pieceEl); // on top of the others
  for (let i = 0; i + 1 < move.path.length; i++) {
    const a = squareCenter(move.path[i], orientation);
    const b = squareCenter(move.path[i + 1], orientation);
    const steps = Math.max(1, Math.abs(rankOf(move.path[i + 1]) - rankOf(move.path[i])));
    const duration = hopMs * (0.75 + 0.25 * Math.min(steps, 5));
    const jumped = between(move.path[i], move.path[i + 1]).filter((s) => captures.has(s));
    const start = performance.now();
    for (;;) {
      if (cancelled()) return false;
      const t = Math.min(1, (performance.now() - start) / duration);
      const k = ease(t);
      // a jump arcs a little, as a hand lifts the piece
      const lift = captures.size ? Math.sin(Math.PI * t) * 0.12 : 0;
      placePiece(pieceEl, { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k }, 1 + lift);
      if (t >= 1) break;
      await frame();
    }
    for (const s of jumped) {
      const victim = pieceAt.get(s);
      if (victim) victim.classList.add("sb-ghost");
    }
    if (move.crowns && rankOf(move.path[i + 1]) === farRank) {
      crown(pieceEl);
      pieceEl.classList.add("sb-crowning");
    }
    if (i + 2 < move.path.length) await sleep(hopMs * 0.25);
  }
  if (captures.size) await sleep(hopMs * 0.6); // let the ghosts be seen
  return !cancelled();
}
