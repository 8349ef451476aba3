// Lazy set-up of the <shashki-board> widgets (shashki-board.js): a board is
// drawn and its game made in the engine only near the viewport.

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
          for (const e of entries) if (e.isIntersecting) e.target._wake();
        },
        { rootMargin: "100% 0px" },
      )
    : null;

/** Widgets connected since the last check: those already near the viewport
 * are set up at once (in the same task, before the first paint, so nothing
 * moves), the others wait for nearViewport. One layout for all of them. */
let toCheck = [];

/** Sets `w` up (`w._wake()`) now if it is near the viewport, else when it
 * comes near; `w._asleep` says whether it still waits. */
export function watchNear(w) {
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
    if (r.top < 2 * h && r.bottom > -h) w._wake();
    else nearViewport.observe(w);
  }
}

