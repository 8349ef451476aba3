// Board geometry: square names <-> SVG coordinates. Pure functions, no rules.

export const FILES = "abcdefgh";
export const SQ = 100; // one square, in SVG user units
export const MARGIN = 40; // frame around the squares (coordinates live here)
export const SIZE = 8 * SQ + 2 * MARGIN;

export function fileOf(square) {
  return square.charCodeAt(0) - 97;
}

export function rankOf(square) {
  return square.charCodeAt(1) - 49;
}

export function squareName(file, rank) {
  return FILES[file] + String(rank + 1);
}

export function isDark(file, rank) {
  return (file + rank) % 2 === 0; // a1 is dark
}

/** All 64 squares, a1..h8. */
export const ALL_SQUARES = [];
/** The 32 dark squares, a1..h8. */
export const DARK_SQUARES = [];
for (let rank = 0; rank < 8; rank++) {
  for (let file = 0; file < 8; file++) {
    const name = squareName(file, rank);
    ALL_SQUARES.push(name);
    if (isDark(file, rank)) DARK_SQUARES.push(name);
  }
}

/** Top-left corner of a square, in user units, for the given orientation. */
export function squareOrigin(square, orientation) {
  const f = fileOf(square);
  const r = rankOf(square);
  const col = orientation === "black" ? 7 - f : f;
  const row = orientation === "black" ? r : 7 - r;
  return { x: MARGIN + col * SQ, y: MARGIN + row * SQ };
}

/** Centre of a square, in user units. */
export function squareCenter(square, orientation) {
  const o = squareOrigin(square, orientation);
  return { x: o.x + SQ / 2, y: o.y + SQ / 2 };
}

/** The square under a point in user units, or null outside the squares. */
export function squareAt(x, y, orientation) {
  const col = Math.floor((x - MARGIN) / SQ);
  const row = Math.floor((y - MARGIN) / SQ);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  const f = orientation === "black" ? 7 - col : col;
  const r = orientation === "black" ? row : 7 - row;
  return squareName(f, r);
}

/** Squares strictly between two squares on one diagonal (empty if not diagonal). */
export function between(a, b) {
  const df = fileOf(b) - fileOf(a);
  const dr = rankOf(b) - rankOf(a);
  if (Math.abs(df) !== Math.abs(dr) || df === 0) return [];
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  const out = [];
  for (let i = 1; i < Math.abs(df); i++) {
    out.push(squareName(fileOf(a) + i * sf, rankOf(a) + i * sr));
  }
  return out;
}

/** Neighbouring dark square in screen direction (dx, dy), for keyboard focus. */
export function stepOnScreen(square, dx, dy, orientation) {
  const c = squareCenter(square, orientation);
  let x = c.x + dx * SQ;
  let y = c.y + dy * SQ;
  for (let i = 0; i < 8; i++) {
    const s = squareAt(x, y, orientation);
    if (!s) return null;
    if (isDark(fileOf(s), rankOf(s))) return s;
    // a light square: keep going the same way, then try the diagonal
    x += dx * SQ;
    y += dy * SQ;
  }
  return null;
}
