// The analysis page's shared state: the engine (loaded here, once), the
// move tree and where the reader stands in it, the mode, the live
// analysis's last report, the review, the editor's work, and a Game at any
// node of the tree. Every other module of the page reads and writes this
// one object `S`; nothing else is shared between them.

import { loadEngine } from "../board/engine.js";
import { START_FEN } from "../board/fen.js";
import { T } from "./texts.js";
import { Tree } from "./tree.js";
import { $ } from "../shared/util.js";
import { replay, withReplay } from "../shared/replay.js";

export { $ };
for (const o of $("review-budget").options) o.textContent = T.seconds(Number(o.value));

let loaded;
try {
  loaded = await loadEngine();
} catch (e) {
  $("status").textContent = T.engineFailed(e.message || String(e));
  throw e;
}
export const engine = loaded;
export const { Game, validateSetup } = engine;
export { START_FEN };
export const DRAFT_KEY = "shashki.analysis.editor.v1";
export const TREE_KEY = "shashki.analysis.tree.v1";

export const S = {
  tree: new Tree(START_FEN),
  current: null,
  mode: "play", // or "edit"
  analysing: false,
  /** The last depth report of the live analysis, for the current position. */
  lastDepth: null,
  /** {id, nodes, evals, total, marks, done} */
  review: null,
  /** The last review's exercises, or null before any. */
  reviewExercises: null,
};
S.current = S.tree.root;

// `dirty`: the editor holds work not yet applied; it comes back as it was.
export const editor = { pieces: new Map(), turn: "white", piece: "white-man", valid: null, dirty: false };

export const facts = { depths: [], reviewDone: false }; // read by tests and the curious
window.shashkiAnalysis = facts;

// ---- the engine's view of a node --------------------------------------------

/** A Game at `node` (start position and the moves to it). Free it after use. */
export function gameAt(node, t = S.tree) {
  return replay(Game, t.startFen, t.moves(node));
}

export function withGame(node, fn) {
  return withReplay(Game, S.tree.startFen, S.tree.moves(node), fn);
}
