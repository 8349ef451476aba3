// Hostile input from a page script, through the real wasm-bindgen glue
// (tests/web.rs calls the Rust methods directly, so it cannot see the glue's
// borrow of the object): getters, Proxy traps and a re-entrant getter that
// throw while Rust holds the Game or Bot give a `bad_argument` error, and
// the object stays usable (no "recursive use of an object detected" lock).

import { assertEq } from "./lib.mjs";

export const tests = [
  {
    name: "hostile objects from a page script: typed errors, Game and Bot stay usable",
    // A blank page of the site's origin (a 404) so that nothing else loads the module.
    allowErrors: [/status of 404/],
    async fn({ page, base }) {
      await page.goto(`${base}/hostile-blank`).catch(() => {});
      const got = await page.evaluate(async () => {
        const mod = await import("/shashki.js");
        await mod.default();
        const { Game, Bot, perft } = mod;
        const g = new Game();
        const start = g.fen();
        const out = {};
        const tries = {
          getter: { get from() { throw new Error("boom"); }, to: "d4" },
          trap: new Proxy({}, { ownKeys() { throw new Error("keys"); } }),
          revoked: (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })(),
          reentrant: { get from() { g.play("c3-d4"); return "c3"; }, to: "d4" },
        };
        for (const [k, v] of Object.entries(tries)) {
          try { g.play(v); out[k] = "no error"; } catch (e) { out[k] = e.code; }
          out[`${k} fen`] = g.fen() === start;
        }
        out.played = g.play("c3-d4").notation;
        const bot = new Bot(1);
        try { bot.search(g, { get depth() { throw new Error("x"); } }); out.options = "no error"; } catch (e) { out.options = e.code; }
        out.searched = bot.search(g, { depth: 2 }).depth;
        const code = (f) => { try { f(); return "no error"; } catch (e) { return e.code; } };
        out.perftNaN = code(() => perft(undefined, NaN));
        out.bot15 = code(() => new Bot(1.5));
        return out;
      });
      assertEq(got, {
        getter: "bad_argument", "getter fen": true,
        trap: "bad_argument", "trap fen": true,
        revoked: "bad_argument", "revoked fen": true,
        reentrant: "bad_argument", "reentrant fen": true,
        played: "c3-d4",
        options: "bad_argument", searched: 2,
        perftNaN: "bad_argument", bot15: "bad_argument",
      }, "hostile input");
    },
  },
];
