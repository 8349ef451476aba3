// The play page's first board, drawn before the wasm engine has loaded:
// the saved game's position (store.js keeps its FEN beside the record), the
// position of a shared link that holds no moves, or the start. The board is
// view-only until the engine is ready; then app.js gives it the engine's
// position and legal moves, which are the truth.
//
// The load's performance marks are set with shared/load-marks.js.

import { readFen, START_FEN } from "../board/fen.js";
import { decodeShare } from "./store.js";

/**
 * Board options for the first drawing.
 * @param {object|null} saved what store.loadSaved() returned
 * @param {string} hash location.hash (a share link opens instead of the save)
 */
export function firstBoard(saved, hash) {
  let fen = START_FEN;
  const shared = decodeShare(hash);
  if (shared) {
    // A link with moves needs the engine to replay them: draw an empty board.
    fen = shared.moves.length ? null : shared.startFen || START_FEN;
  } else if (saved) {
    fen = typeof saved.fen === "string" ? saved.fen : null;
  }
  const read = fen ? readFen(fen) : null;
  const s = saved?.settings;
  const orientation = shared
    ? "white"
    : saved?.orientation || (s && s.mode === "bot" && s.human === "black" ? "black" : "white");
  return {
    position: read ? read.position : [],
    orientation: orientation === "black" ? "black" : "white",
    legalMoves: [],
    viewOnly: true,
  };
}
