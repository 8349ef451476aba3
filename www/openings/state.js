// The openings page's shared part: the engine (loaded here, with the book)
// and its named openings, the notes file, the page's facts for tests, and
// small helpers (an element, a Game after a line of moves).

import { replay, withReplay } from "../shared/replay.js";
import { loadEngine } from "../board/engine.js";
import { fetchEngineData, installEngineData } from "../shared/engine-data.js";
import { yieldToPage } from "../shared/util.js";

export const S = {
  /** id -> {source, note, "about-ru", "about-en"}: the project's notes file (shown as text only). */
  NOTES: new Map(),
  /** The practice's bot (BotClient), made when first needed. */
  bot: null,
  /** The evaluation Worker and its requests (evals.js). */
  worker: null,
  evaluating: false,
  nextId: 1,
};

export const GAMES_URL = new URL("../analysis/russian-games.pdn", import.meta.url).href;
export const WORKER_URL = new URL("../shared/analysis-worker.js", import.meta.url).href;
export const EVAL_KEY = "shashki.openings.evals.v1";
export const EVAL_MS = 300;

const bookData = fetchEngineData(["book"]);
const engine = await loadEngine();
export const { Game, bookMoves, levels } = engine;
await yieldToPage(); // the book is read in a task of its own, not the engine's
await installEngineData(engine, bookData).catch(() => {});
await yieldToPage();
export const OPENINGS = engine.openings();
export const BY_ID = new Map(OPENINGS.map((o) => [o.id, o]));
export const BY_FEN = new Map(OPENINGS.map((o) => [o.fen, o]));
export const NOTES_URL = new URL("../engine/openings-notes.txt", import.meta.url).href;

/** Reads the notes file: records of "key: value" lines, blank-line separated. */
export function parseNotes(text) {
  const out = new Map();
  for (const block of text.split(/\n\s*\n/)) {
    const rec = {};
    for (const line of block.split("\n")) {
      if (line.startsWith("#")) continue;
      const at = line.indexOf(":");
      if (at > 0) rec[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    if (rec.id) out.set(rec.id, rec);
  }
  return out;
}

/** Reads the page's facts (tests and the curious). */
export const facts = { explorerReady: false, practice: null };
window.shashkiOpenings = facts;

export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

/** A Game from the start with `moves` played (throws the engine's error). */
export const gameOf = (moves) => replay(Game, null, moves);

export const withGame = (moves, fn) => withReplay(Game, null, moves, fn);
