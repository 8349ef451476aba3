// START_FEN is written once, in www/board/fen.js (the pages draw the start
// before the engine has loaded, and compare a game's start with it): it
// must be the engine's own start position, as Game() writes it.

import { assertEq, waitReady } from "./lib.mjs";

export const tests = [
  {
    name: "start fen: board/fen.js's START_FEN is the engine's start position",
    async fn({ page, base }) {
      await page.goto(`${base}/index.html`);
      await waitReady(page);
      const [ours, engines] = await page.evaluate(async () => {
        const { START_FEN } = await import("./board/fen.js");
        const { loadEngine } = await import("./board/engine.js");
        const { Game } = await loadEngine();
        const g = new Game();
        const fen = g.fen();
        g.free();
        return [START_FEN, fen];
      });
      assertEq(ours, engines, "START_FEN");
    },
  },
];
