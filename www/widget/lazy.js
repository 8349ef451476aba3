// Lazy set-up of the <shashki-board> widgets (shashki-board.js): a board is
// drawn and its game made in the engine only near the viewport.

import { yieldToPage } from "../shared/util.js";

/**
 * A page may hold twenty boards (rules, lessons): each is set up (drawn, its
 * game made in the engine) only once it comes within a screen's height of
 * the viewport, so the first screen does not wait for the others and the
 * page's load is not one long task. Until then the widget keeps its frame
 * (the board's square is reserved by its CSS), so nothing shifts; asking for
 * `ready` (or playing a move) sets it up at once.
 */
export const nearViewport =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const e of entries) if (e.isIntersecting) inTurn().then(() => e.target._wake());
        },
        { rootMargin: "100% 0px" },
      )
    : null;

/** The end of the queue of widgets waiting for their turn. */
let turns = Promise.resolve();

/**
 * Resolves in a task of its own, after those asked for before: each widget
 * set up after the first paint takes its turn, so that twenty of them (or
 * twenty answered at once by the engine's arrival) make twenty short tasks,
 * not one long one, and the page answers taps in between.
 */
export function inTurn() {
  const mine = turns.then(yieldToPage);
  turns = mine;
  return mine;
}

/** Widgets connected since the last check: those already in the viewport
 * are drawn at once (in the same task, before the next paint, so nothing
 * moves), the others wait for nearViewport and then their turn. One layout
 * for all of them. */
let toCheck = [];

/** Sets `w` up (`w._wake()`) now if it is near the viewport, else when it
 * comes near; `w._asleep` says whether it still waits. A widget with
 * `loading="lazy"` (a page's long list, added after the first screen) is
 * never measured at once: measuring is a layout of the whole page, which
 * for a list growing a few entries a task was most of the openings page's
 * blocking time on a phone (docs/performance.md); the observer finds it. */
export function watchNear(w) {
  if (w.getAttribute("loading") === "lazy") {
    nearViewport.observe(w);
    return;
  }
  if (!toCheck.length) queueMicrotask(checkNear);
  toCheck.push(w);
}

function checkNear() {
  const list = toCheck;
  toCheck = [];
  const h = innerHeight;
  for (const w of list) {
    if (!w.isConnected || !w._asleep) continue;
    const r = w.getBoundingClientRect();
    if (r.top < h && r.bottom > 0) w._wake();
    else nearViewport.observe(w);
  }
}

