// A Game after a line of moves, for pages that keep a line (not a Game)
// as their state. The engine checks every move; free the Game after use.

/**
 * A Game at `fen` (the start when null) with `moves` played; throws the
 * engine's error for a move it refuses (the Game is freed then).
 * @param {object} Game the engine's Game class
 */
export function replay(Game, fen, moves) {
  const g = fen ? Game.fromFen(fen) : new Game();
  try {
    for (const m of moves) g.play(m);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

/** `fn(game)` on a replayed Game, freed afterwards; returns what fn returns. */
export function withReplay(Game, fen, moves, fn) {
  const g = replay(Game, fen, moves);
  try {
    return fn(g);
  } finally {
    g.free();
  }
}
