// The play page's board, drawn at once, before the wasm engine has loaded:
// first-board.js reads the saved position's pieces (no rule is needed to
// draw). It takes moves once the engine is ready and app.js has set
// boardHandlers.onMove. This module must not import state.js, which
// waits for the engine.

import { Board } from "../board/board.js";
import { firstBoard } from "./first-board.js";
import { markFirstBoard } from "../shared/load-marks.js";
import * as store from "./store.js";
import { t } from "../i18n/i18n.js";
import { announce } from "../shared/announce.js";
import { $ } from "../shared/util.js";

/** What the board calls once the engine is ready (set by app.js). */
export const boardHandlers = { onMove: null };

// Both player bars (above and below the board) from the one template.
for (const id of ["player-top", "player-bottom"]) $(id).append($("player-template").content.cloneNode(true));

// The board is drawn at once, before the wasm engine has loaded (first-board.js
// reads the saved position's pieces; no rule is needed to draw), and takes
// moves once the engine is ready.
export const board = new Board($("board"), {
  label: t("play.boardLabel"),
  ...firstBoard(store.loadSaved(), location.hash),
  onMove: (move, meta) => boardHandlers.onMove && boardHandlers.onMove(move, meta),
  onAnnounce: announce,
});
markFirstBoard();
