// Two performance marks time a page's load (scripts/bench-load.mjs reads
// them): "shashki:board" when the first board is on screen and
// "shashki:interactive" when it takes moves. The play page and the
// <shashki-board> widget set them.

/** Marks the moment the first board is painted (the frame after it is drawn). */
export function markFirstBoard(name = "shashki:board") {
  if (performance.getEntriesByName(name).length) return;
  requestAnimationFrame(() => {
    if (!performance.getEntriesByName(name).length) performance.mark(name);
  });
}

/** Marks the moment the board takes moves. */
export function markInteractive(name = "shashki:interactive") {
  if (!performance.getEntriesByName(name).length) performance.mark(name);
}
