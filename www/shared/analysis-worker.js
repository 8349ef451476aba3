// The search Worker of the analysis and openings pages: loads the same wasm module as the page
// and does every search, so the page's main thread never does.
//
// Requests (each with an `id`; a newer request replaces the running one):
//   {type: "analyse", id, startFen, moves, multipv}  endless analysis, one
//       message per finished depth: {type: "depth", id, result}; then
//       {type: "done", id} when nothing more can be found.
//   {type: "stop"}                                  ends the analysis.
//   {type: "review", id, startFen, moves, movetimeMs}  evaluates the position
//       before every move and after the last: {type: "review-step", id,
//       index, total, eval} each, then {type: "review-done", id}.
//   {type: "evaluate", id, fen, movetimeMs}           one position's evaluation
//       (the review's measure): {type: "evaluation", id, eval}.
//   {type: "games", id, url}                         reads a PDN collection:
//       {type: "games", id, games}.
// Errors: {type: "error", id, error: {message, code}}.

//
// The pattern tables are fetched at start and handed to the engine before the
// first request is answered (../shared/engine-data.js), so the analysis has
// the native engine's evaluation (the opening book is for the bot's levels
// only, not fetched here).

import { fetchEngineData, installEngineData } from "./engine-data.js";
import { loadSearchEngine } from "./engine-module.js";

// The ordinary module, or the threaded one when the Worker's name asks for
// threads and the page is cross-origin isolated (engine-module.js).
let wasm = null;
let threads = 1;
let why = "";
const engineData = fetchEngineData(["patterns", "kingPatterns", "net"]);
const ready = loadSearchEngine()
  .then((loaded) => {
    ({ wasm, threads, why } = loaded);
    return installEngineData(wasm, engineData);
  })
  .then(() => self.postMessage({ type: "ready", threads, why }));
let analyzer = null;
let running = null; // id of the analysis or review in progress

function rebuild(startFen, moves) {
  const game = startFen ? wasm.Game.fromFen(startFen) : new wasm.Game();
  try {
    for (const m of moves || []) game.play(m);
  } catch (e) {
    game.free();
    throw e;
  }
  return game;
}

const yieldToMessages = () => new Promise((r) => setTimeout(r, 0));

function fail(id, e) {
  self.postMessage({ type: "error", id, error: { message: String((e && e.message) || e), code: e && e.code } });
}

async function analyse(req) {
  const game = rebuild(req.startFen, req.moves);
  try {
    analyzer.setGame(game, req.multipv || 3);
  } finally {
    game.free();
  }
  while (running === req.id) {
    if (analyzer.finished) {
      self.postMessage({ type: "done", id: req.id });
      break;
    }
    const result = analyzer.step(undefined);
    if (result) self.postMessage({ type: "depth", id: req.id, result });
    await yieldToMessages();
  }
}

async function review(req) {
  const moves = req.moves || [];
  const total = moves.length + 1;
  for (let i = 0; i < total && running === req.id; i++) {
    const game = rebuild(req.startFen, moves.slice(0, i));
    try {
      const ev = analyzer.evaluate(game, { movetimeMs: req.movetimeMs || 400 });
      self.postMessage({ type: "review-step", id: req.id, index: i, total, eval: ev });
    } finally {
      game.free();
    }
    await yieldToMessages();
  }
  if (running === req.id) self.postMessage({ type: "review-done", id: req.id });
}

self.onmessage = async (event) => {
  const req = event.data || {};
  await ready;
  if (!analyzer) analyzer = new wasm.Analyzer();
  // Every time: a helper counts once its loop has started, which may be
  // just after it said it serves.
  if (threads > 1) analyzer.setThreads(threads);
  try {
    if (req.type === "stop") {
      running = null;
    } else if (req.type === "analyse") {
      running = req.id;
      await analyse(req);
    } else if (req.type === "review") {
      running = req.id;
      await review(req);
    } else if (req.type === "evaluate") {
      const game = wasm.Game.fromFen(req.fen);
      try {
        const ev = analyzer.evaluate(game, { movetimeMs: req.movetimeMs || 400 });
        self.postMessage({ type: "evaluation", id: req.id, eval: ev });
      } finally {
        game.free();
      }
    } else if (req.type === "games") {
      const res = await fetch(req.url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      self.postMessage({ type: "games", id: req.id, games: wasm.pdnGames(await res.text()) });
    } else {
      throw new Error(`unknown request '${req.type}'`);
    }
  } catch (e) {
    fail(req.id, e);
  }
};
