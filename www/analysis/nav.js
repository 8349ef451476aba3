// Walking the move tree: the arrow buttons and keys (up and down switch
// between side lines), flipping the board, promoting and deleting a line.

import { $, S } from "./state.js";
import { board, bestArrowMove, drawBestArrow, show } from "./view.js";
import { clearReview } from "./review-panel.js";

function go(where) {
  let n = S.current;
  if (where === "first") n = S.tree.root;
  else if (where === "prev") n = S.current.parent || S.current;
  else if (where === "next") n = S.current.children[0] || S.current;
  else if (where === "last") n = S.tree.lineEnd(S.current);
  else if (where === "up" || where === "down") {
    if (!S.current.parent) return;
    const sib = S.current.parent.children;
    if (sib.length < 2) return;
    const i = sib.indexOf(S.current);
    n = sib[(i + (where === "down" ? 1 : sib.length - 1)) % sib.length];
  }
  if (n !== S.current) show(n);
}

$("nav-first").addEventListener("click", () => go("first"));
$("nav-prev").addEventListener("click", () => go("prev"));
$("nav-next").addEventListener("click", () => go("next"));
$("nav-last").addEventListener("click", () => go("last"));
$("btn-flip").addEventListener("click", () => {
  board.flip();
  drawBestArrow(bestArrowMove());
});

document.addEventListener("keydown", (e) => {
  if (S.mode !== "play" || e.altKey || e.ctrlKey || e.metaKey) return;
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
  if (S.tree.promote(S.current)) {
    clearReview();
    show(S.current);
  }
});

$("btn-delete").addEventListener("click", () => {
  if (!S.current.parent) return;
  const wasMain = S.tree.onMainLine(S.current);
  const parent = S.tree.remove(S.current);
  if (wasMain) clearReview();
  show(parent);
});
