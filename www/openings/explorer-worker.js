// The opening explorer's index of the classic games, built and kept in a
// Worker so that the page's main thread never reads the games: on a phone,
// reading 200 games (the engine parses each one and writes the FEN after
// every move) takes about a second of CPU, which on the main thread delayed
// every tap (as one long task, or as hundreds of slices). Here it runs on
// another core; the page asks only for the position it shows.
//
// The engine is the page's own wasm module (the same files, so the same
// cache entries), loaded a second time in this Worker.
//
// Requests (each with an `id`):
//   {type: "load", id, url}  reads the games file: {type: "loaded", id, size}
//   {type: "at", id, fen}    the games through that position and the moves
//       played from it: {type: "at", id, games, moves: [{notation, games,
//       white, draws, black}]}, the most played first.
// Errors: {type: "error", id, message}.
//
// A position is found by its FEN, so a position reached by another move
// order counts too; each game counts once in a position.

import init, { Game, pdnGames } from "../shashki.js";

const engine = init();
/** fen -> [{i, next}]: the games through the position, in order, each once. */
let visits = null;
/** The result tag of each game. */
let results = [];

function build(text) {
  const games = pdnGames(text);
  const index = new Map();
  games.forEach((s, i) => {
    const g = Game.fromPdn(s.pdn);
    try {
      const hist = g.history();
      const fens = [g.startFen(), ...hist.map((h) => h.fen)];
      fens.forEach((fen, k) => {
        let list = index.get(fen);
        if (!list) index.set(fen, (list = []));
        if (!list.length || list[list.length - 1].i !== i) list.push({ i, next: hist[k] ? hist[k].notation : null });
      });
    } finally {
      g.free();
    }
  });
  results = games.map((s) => s.result);
  visits = index;
  return games.length;
}

function at(fen) {
  const list = (visits && visits.get(fen)) || [];
  const by = new Map();
  for (const { i, next } of list) {
    if (!next) continue;
    if (!by.has(next)) by.set(next, { notation: next, games: 0, white: 0, draws: 0, black: 0 });
    const m = by.get(next);
    m.games += 1;
    const r = results[i];
    if (r === "2-0") m.white += 1;
    else if (r === "0-2") m.black += 1;
    else if (r === "1-1") m.draws += 1;
  }
  const moves = [...by.values()].sort((a, b) => b.games - a.games || (a.notation < b.notation ? -1 : 1));
  return { games: list.length, moves };
}

// Requests are answered in order (an "at" sent after "load" waits for it).
let queue = Promise.resolve();

self.onmessage = (e) => {
  const req = e.data || {};
  queue = queue.then(async () => {
    try {
      if (req.type === "load") {
        const [res] = await Promise.all([fetch(req.url), engine]);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        self.postMessage({ type: "loaded", id: req.id, size: build(await res.text()) });
      } else if (req.type === "at") {
        if (!visits) throw new Error("the games are not loaded");
        self.postMessage({ type: "at", id: req.id, ...at(String(req.fen)) });
      } else {
        throw new Error(`unknown request '${req.type}'`);
      }
    } catch (err) {
      self.postMessage({ type: "error", id: req.id, message: String((err && err.message) || err) });
    }
  });
};
