// The analysis board: a move tree with side lines, a position editor, live
// multi-PV analysis and game review in Web Workers, the classic games,
// links and PDN. Every rule comes from the engine (wasm Game and
// validateSetup); every search runs in ../shared/analysis-worker.js.
//
// The page's modules, one concern each, all sharing state.js:
//   state.js          the engine, the tree, the mode, a Game at a node
//   view.js           the board, the status, the move list, playing a move
//   nav.js            walking the tree, flipping, promoting, deleting
//   live.js           the live analysis (eval, best line, candidates)
//   review-panel.js   game review and learning from its mistakes
//   editor.js         the position editor
//   io.js             FEN, PDN and links in and out; the saved tree
//   classics.js       the classic games
//   engine-worker.js  the client of a search Worker

import { show } from "./view.js";
import "./nav.js";
import "./live.js";
import "./review-panel.js";
import { restoreDraft } from "./editor.js";
import { restore } from "./io.js";
import "./classics.js";

show(restore());
restoreDraft();
document.body.classList.add("ready");
