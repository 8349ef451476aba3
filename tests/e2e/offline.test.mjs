// Browser tests of the installable, offline site (service worker, manifest)
// and of the first board drawn before the wasm module has loaded.

import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { assert, assertEq, distDir, pieces, shotPath, waitReady } from "./lib.mjs";
import { expectedPieces, widgetsReady } from "./pages-lib.mjs";
import { serve } from "./server.mjs";

/** Waits until a service worker controls the page (its install, hence its cache, is complete). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker && !!navigator.serviceWorker.controller, null, {
    timeout: 20000,
  });
}

/** Asks the controlling service worker for its version and file list. */
function swInfo(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve(e.data);
        setTimeout(() => reject(new Error("the service worker did not answer")), 5000);
        navigator.serviceWorker.controller.postMessage({ type: "version" }, [ch.port2]);
      }),
  );
}

/** Pieces drawn on every board of the page, one {square: piece} per board. */
function boardsPieces(page) {
  return page.$$eval("svg.sb-board", (svgs) =>
    svgs.map((svg) =>
      Object.fromEntries(
        [...svg.querySelectorAll("[data-piece]")]
          .map((e) => [e.getAttribute("data-square"), e.getAttribute("data-piece")])
          .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      ),
    ),
  );
}

/** Holds every request for the wasm until release() is called. */
async function holdWasm(page) {
  const held = [];
  let open = false;
  await page.route("**/*.wasm", (route) => {
    if (open) return route.continue();
    held.push(route);
  });
  return {
    get count() {
      return held.length;
    },
    async release() {
      open = true;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

/** Plays c3-d4 against the bot and waits for its reply. */
async function playAgainstBot(page) {
  await page.click('rect[data-square="c3"]');
  await page.click('rect[data-square="d4"]');
  await page.waitForFunction(() => document.querySelectorAll("#move-list button.move").length >= 2, null, {
    timeout: 20000,
  });
  await page.waitForFunction(() => document.body.dataset.thinking === "false" && !document.querySelector(".sb-animating"));
}

const START = expectedPieces(
  "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
);

export const tests = [
  {
    name: "offline: after one visit every page works with the network off, the bot too",
    serviceWorkers: "allow",
    async fn({ page, context, base }) {
      await page.goto(`${base}/`);
      await waitReady(page);
      await controlled(page);
      const info = await swInfo(page);
      assert(/^[0-9a-f]{16}$/.test(info.version), `a build version: ${info.version}`);
      const pages = info.files.filter((f) => f.endsWith(".html"));
      for (const must of [
        "index.html",
        "rules.html",
        "lessons.html",
        "openings.html",
        "shashki_bg.wasm",
        "bot-worker.js",
        "manifest.webmanifest",
        "engine/patterns.bin",
        "engine/kpatterns.bin",
        "engine/net.bin",
        "engine/book.txt",
      ]) {
        assert(info.files.includes(must), `${must} is cached at install: ${info.files.join(" ")}`);
      }
      const manifest = await page.$eval('link[rel="manifest"]', (l) => l.href);
      assert(manifest.endsWith("/manifest.webmanifest"), `the page links the manifest: ${manifest}`);

      await context.setOffline(true);
      // The play page: a reload, a move, the bot's reply (Worker + wasm from the cache).
      await page.reload();
      await waitReady(page);
      await playAgainstBot(page);
      const moves = await page.$$eval("#move-list button.move", (els) => els.map((e) => e.textContent.trim()));
      assertEq(moves[0], "c3-d4", "the move is played offline");
      assert(moves.length === 2, `the bot answered offline: ${moves.join(" ")}`);
      // At full strength: the Worker got the pattern table and the book from the cache.
      const data = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const w = new Worker("bot-worker.js", { type: "module" });
            w.onmessage = (e) => {
              if (e.data && e.data.id === 1) {
                w.terminate();
                resolve(e.data.result);
              }
            };
            w.postMessage({ id: 1, kind: "engineData" });
          }),
      );
      assertEq(data, { patterns: true, kingPatterns: true, net: true, book: true }, "the engine data offline");

      // Every other page of the build, each from a cold navigation.
      for (const p of pages.filter((p) => p !== "index.html")) {
        const response = await page.goto(`${base}/${p}?lang=en`);
        assert(response && response.ok(), `${p} answers offline`);
        await page.waitForLoadState("load");
        const widgets = await page.$$("shashki-board");
        if (widgets.length) {
          const ws = await widgetsReady(page);
          assert(ws.every((w) => !w.error), `${p}: every widget has its engine offline`);
        }
        // A page with a board (widgets, or a #board container) has drawn it.
        if (widgets.length || (await page.$("#board"))) {
          await page.waitForSelector("svg.sb-board", { timeout: 10000 });
        }
      }
      // Back to the site root (not index.html) offline: the saved game is there.
      await page.goto(`${base}/`);
      await waitReady(page);
      const after = await page.$$eval("#move-list button.move", (els) => els.length);
      assertEq(after, 2, "the saved game comes back offline");
      await page.screenshot({ path: shotPath("offline-play.png") });
    },
  },

  {
    name: "first board: drawn while the wasm is held back, interactive once it arrives",
    async fn({ page, base }) {
      // Play page, fresh: the start position before the engine.
      let hold = await holdWasm(page);
      await page.goto(`${base}/`);
      await page.waitForFunction(() => document.querySelectorAll("svg.sb-board [data-piece]").length === 24, null, {
        timeout: 10000,
      });
      for (let i = 0; i < 100 && hold.count === 0; i++) await page.waitForTimeout(50);
      assert(hold.count > 0, "the wasm request is being held");
      assert(!(await page.evaluate(() => document.body.classList.contains("ready"))), "not interactive yet");
      assertEq(await pieces(page), START, "the start position is drawn before the wasm");
      await page.screenshot({ path: shotPath("first-board-held.png") });
      await hold.release();
      await waitReady(page);
      assertEq(await pieces(page), START, "the same position once the engine is there");
      await playAgainstBot(page);
      const saved = await pieces(page);
      const orientation = await page.$eval('rect[data-square="a1"]', (r) => Number(r.getAttribute("y")));

      // A reload shows the saved game's position before the engine.
      await page.unroute("**/*.wasm");
      hold = await holdWasm(page);
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll("svg.sb-board [data-piece]").length > 0, null, {
        timeout: 10000,
      });
      // (the wasm is asked for after the first paint: wait for the request)
      for (let i = 0; i < 100 && hold.count === 0; i++) await page.waitForTimeout(50);
      assert(hold.count > 0, "the wasm request is held on reload");
      assertEq(await pieces(page), saved, "the saved position is drawn before the wasm");
      assertEq(
        await page.$eval('rect[data-square="a1"]', (r) => Number(r.getAttribute("y"))),
        orientation,
        "in the saved orientation",
      );
      await hold.release();
      await waitReady(page);
      assertEq(await pieces(page), saved, "and it is the engine's position");

      // Rules and lessons: every diagram before the engine equals the engine's drawing.
      for (const p of ["rules.html", "lessons.html"]) {
        await page.unroute("**/*.wasm");
        hold = await holdWasm(page);
        await page.goto(`${base}/${p}`);
        const n = await page.$$eval("shashki-board", (els) => els.length);
        // The boards further down are drawn as they come near the viewport;
        // asking for `ready` sets each up (and draws it) at once.
        await page.waitForFunction(() => !!customElements.get("shashki-board"), null, { timeout: 10000 });
        await page.evaluate(() => document.querySelectorAll("shashki-board").forEach((e) => e.ready));
        await page.waitForFunction((n) => document.querySelectorAll("shashki-board svg.sb-board").length === n, n, {
          timeout: 10000,
        });
        // (the wasm is asked for after the first paint: wait for the request)
        for (let i = 0; i < 100 && hold.count === 0; i++) await page.waitForTimeout(50);
        assert(hold.count > 0, `${p}: the wasm request is held`);
        const early = await boardsPieces(page);
        await page.screenshot({ path: shotPath(`first-board-held-${p}.png`) });
        await hold.release();
        await widgetsReady(page);
        const late = await boardsPieces(page);
        let compared = 0;
        for (let i = 0; i < n; i++) {
          const attrs = await page.evaluate((i) => {
            const e = document.querySelectorAll("shashki-board")[i];
            return { mode: e.getAttribute("mode"), ply: e.getAttribute("ply") };
          }, i);
          if (attrs.mode === "replay" && attrs.ply && attrs.ply !== "0") continue;
          assertEq(early[i], late[i], `${p} board ${i + 1}: drawn before the engine as the engine draws it`);
          compared += 1;
        }
        assert(compared >= n / 2, `${p}: ${compared} of ${n} boards compared`);
      }
    },
  },

  {
    name: "offline: the site works from a sub-folder of a server (relative URLs), online and offline",
    serviceWorkers: "allow",
    async fn({ page, context }) {
      const root = mkdtempSync(join(tmpdir(), "shashki-sub-"));
      cpSync(distDir(), join(root, "games", "shashki"), { recursive: true });
      const server = await serve(root);
      try {
        const base = `${server.url}/games/shashki`;
        await page.goto(`${base}/`);
        await waitReady(page);
        await controlled(page);
        const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
        assertEq(scope, `${base}/`, "the service worker's scope is the site's folder");
        await context.setOffline(true);
        await page.reload();
        await waitReady(page);
        await playAgainstBot(page);
        await page.goto(`${base}/rules.html`);
        const ws = await widgetsReady(page);
        assert(ws.length > 0 && ws.every((w) => !w.error), "the rules page's boards work offline from the sub-folder");
      } finally {
        await context.setOffline(false);
        await server.close();
        rmSync(root, { recursive: true, force: true });
      }
    },
  },

  {
    name: "service worker: a new deployment is offered and replaces the old version",
    serviceWorkers: "allow",
    async fn({ page, base }) {
      // A copy of the site that the test can redeploy.
      const dir = mkdtempSync(join(tmpdir(), "shashki-sw-"));
      cpSync(distDir(), dir, { recursive: true });
      const server = await serve(dir);
      try {
        // In Russian: the notice takes its words from the site's language.
        await page.goto(`${server.url}/rules.html?lang=ru`);
        await widgetsReady(page);
        await controlled(page);
        const v1 = (await swInfo(page)).version;
        const cachesBefore = await page.evaluate(() => caches.keys());
        assert(cachesBefore.includes(`shashki-${v1}`), `the cache is versioned: ${cachesBefore}`);

        // Redeploy: one changed file gives a new build version and a new sw.js.
        appendFileSync(join(dir, "pages.css"), "\n/* redeployed */\n");
        const r = spawnSync("node", ["scripts/pwa-build.mjs", dir], { encoding: "utf8" });
        assert(r.status === 0, `pwa-build: ${r.stderr}`);
        const sw = readFileSync(join(dir, "sw.js"), "utf8");
        assert(!sw.includes(v1), "the new sw.js has a new version");

        // The old version still serves the page; the new one waits and is offered.
        await page.reload();
        await page.waitForSelector("#pwa-update", { timeout: 20000 });
        const text = await page.$eval("#pwa-update", (e) => e.textContent);
        assert(/Готова новая версия/.test(text) && /Обновить/.test(text), `the notice, in Russian: ${text}`);
        await page.screenshot({ path: shotPath("sw-update-notice.png") });
        await Promise.all([page.waitForEvent("load", { timeout: 20000 }), page.click("#pwa-update .pwa-reload")]);
        await controlled(page);
        const v2 = (await swInfo(page)).version;
        assert(v2 !== v1, `the new version serves the page (${v1} -> ${v2})`);
        const css = await page.evaluate(async () => (await fetch("pages.css")).text());
        assert(css.includes("redeployed"), "the new files are served");
        await page.waitForFunction((v1) => caches.keys().then((k) => !k.includes(`shashki-${v1}`)), v1);
        assert(!(await page.$("#pwa-update")), "no notice after the update");
      } finally {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
