// The bot's Web Worker: loads the same wasm as the page and answers search
// requests, so the page's main thread never searches.
//
// Request:  {id, kind: "play" | "hint" | "acceptsDraw", startFen, moves: [notation], level, seed, side}
//           (side: for acceptsDraw, the side the bot plays, which is offered the draw)
// Answer:   {id, result, elapsedMs}  or  {id, error: {message, code}}
// The game is rebuilt from {startFen, moves} for every request.

import init, { Bot, Game } from "./shashki.js";

const ready = init().then(() => {
  self.postMessage({ type: "ready" });
});
let bot = null;

function rebuild(startFen, moves) {
  const game = startFen ? Game.fromFen(startFen) : new Game();
  for (const m of moves || []) game.play(m);
  return game;
}

self.onmessage = async (event) => {
  const req = event.data || {};
  await ready;
  const { id, kind = "play" } = req;
  let game = null;
  try {
    if (!bot) bot = new Bot();
    game = rebuild(req.startFen, req.moves);
    const t0 = performance.now();
    let result;
    if (kind === "play") result = bot.play(game, req.level, req.seed);
    else if (kind === "hint") result = bot.hint(game);
    else if (kind === "acceptsDraw") result = bot.acceptsDraw(game, req.side);
    else throw new Error(`unknown request kind '${kind}'`);
    const elapsedMs = performance.now() - t0;
    self.postMessage({ id, result, elapsedMs });
  } catch (e) {
    self.postMessage({ id, error: { message: String((e && e.message) || e), code: e && e.code } });
  } finally {
    if (game) game.free();
  }
};
