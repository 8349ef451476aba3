// The bot's Web Worker: loads the same wasm as the page and answers search
// requests, so the page's main thread never searches.
//
// Request:  {id, kind: "play" | "playOnClock" | "hint" | "search" | "acceptsDraw" | "probe" | "tableMoves" | "engineData", startFen, moves: [notation], level, seed, side}
//           ("search": full strength within req.options {movetimeMs, depth, nodes}, as Bot.search)
//           (side: for acceptsDraw, the side the bot plays, which is offered the draw;
//            playOnClock also takes remainingMs and incrementMs, the bot's clock)
// Answer:   {id, result, elapsedMs}  or  {id, error: {message, code}}
//           ("probe": result is the endgame tables' verdict {result, sideToMove, moves} or null;
//            "tableMoves": {verdict, moves}, the verdict and egtbMoves(game): every move the
//            tables judge, best first, as the endgame trainer plays and hints them;
//            "engineData": {patterns, kingPatterns, net, book}, which data files the engine has)
// The game is rebuilt from {startFen, moves} for every request.
//
// Endgame tables: before answering, the Worker fetches the table files the
// position can need (egtbFilesFor: at most five pieces) from egtb/<file>,
// once each, and hands them to the Bot, which checks them (a damaged file is
// refused and the bot plays on without it). The service worker keeps what
// was fetched under egtb/, so a table once used works offline.
//
// The pattern tables and the opening book are not in the wasm module: they
// are fetched at start (engine/patterns.bin, engine/kpatterns.bin, engine/net.bin,
// engine/book.txt, precached by the service worker) and handed to the
// engine before the first request is answered (www/shared/engine-data.js), so every level's first move is
// played with them.

import { fetchEngineData, forgetCached, installEngineData } from "./shared/engine-data.js";
import { loadSearchEngine } from "./shared/engine-module.js";

// The module: the ordinary one, or the threaded one with its helper
// Workers when this Worker's name asks for threads ("threads=N") and the page
// is cross-origin isolated (shared/engine-module.js).
let wasm = null;
let threads = 1;
let why = "";
const engineData = fetchEngineData();
const ready = loadSearchEngine()
  .then((loaded) => {
    ({ wasm, threads, why } = loaded);
    // Unpacked endgame-table blocks: 16 MB for each GB the device reports,
    // at most the engine's 128 (a 2 GB phone: 32 MB). Browsers without
    // navigator.deviceMemory keep the 128.
    if (navigator.deviceMemory) wasm.setTableMemory(Math.min(128, Math.max(4, 16 * navigator.deviceMemory)));
    return installEngineData(wasm, engineData);
  })
  .then(() => {
    self.postMessage({ type: "ready", threads, why });
  });
let bot = null;
/** file name -> promise of "loaded" | "refused" | "missing" (one fetch per file). */
const tables = new Map();

function rebuild(startFen, moves) {
  const game = startFen ? wasm.Game.fromFen(startFen) : new wasm.Game();
  for (const m of moves || []) game.play(m);
  return game;
}

async function loadTable(name) {
  try {
    const res = await fetch(new URL(`egtb/${name}`, self.location.href));
    if (!res.ok) return "missing";
    const bytes = new Uint8Array(await res.arrayBuffer());
    bot.addTable(name, bytes);
    return "loaded";
  } catch (e) {
    // A refused file (code bad_table) or a failed fetch: play on without it.
    self.postMessage({ type: "egtb", file: name, error: { message: String((e && e.message) || e), code: e && e.code } });
    if (e && e.code === "bad_table") {
      await forgetCached(`egtb/${name}`);
      return "refused";
    }
    return "missing";
  }
}

/** Loads the tables `game` can need (each file fetched once per Worker). */
async function ensureTables(game) {
  const names = wasm.egtbFilesFor(game);
  const waits = [];
  for (const name of names) {
    if (!tables.has(name)) tables.set(name, loadTable(name));
    waits.push(tables.get(name));
  }
  await Promise.all(waits);
}

self.onmessage = async (event) => {
  const req = event.data || {};
  await ready;
  const { id, kind = "play" } = req;
  let game = null;
  try {
    if (!bot) bot = new wasm.Bot();
    // Every request: a helper counts once its loop has started, which may
    // be just after it said it serves.
    if (threads > 1) bot.setThreads(threads);
    game = rebuild(req.startFen, req.moves);
    await ensureTables(game);
    const t0 = performance.now();
    let result;
    if (kind === "play") result = bot.play(game, req.level, req.seed);
    else if (kind === "playOnClock") result = bot.playOnClock(game, req.level, req.seed, req.remainingMs, req.incrementMs);
    else if (kind === "hint") result = bot.hint(game);
    else if (kind === "search") result = bot.search(game, req.options || {});
    else if (kind === "acceptsDraw") result = bot.acceptsDraw(game, req.side);
    else if (kind === "probe") result = wasm.egtbProbe(game);
    else if (kind === "tableMoves") result = { verdict: wasm.egtbProbe(game), moves: wasm.egtbMoves(game) };
    else if (kind === "engineData") result = wasm.engineData();
    else throw new Error(`unknown request kind '${kind}'`);
    const elapsedMs = performance.now() - t0;
    self.postMessage({ id, result, elapsedMs });
  } catch (e) {
    self.postMessage({ id, error: { message: String((e && e.message) || e), code: e && e.code } });
  } finally {
    if (game) game.free();
  }
};
