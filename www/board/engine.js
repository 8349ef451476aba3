// Loads the wasm module (rules, game, bot) exactly once per page.
//
// On index.html trunk injects its own loader, which calls init() and then
// sets `window.wasmBindings` and dispatches `TrunkApplicationStarted`. We
// reuse that when it is there; on pages without it (and in workers) we call
// init() ourselves. Either way every caller shares one promise, so the wasm
// is fetched and instantiated once.

import { setRuleFacts } from "../shared/facts.js";

let loading = null;

/** Where the wasm-bindgen module lives: the site root, next to index.html. */
const DEFAULT_MODULE_URL = new URL("../shashki.js", import.meta.url).href;

function trunkLoaderPresent() {
  if (typeof document === "undefined") return false;
  for (const s of document.querySelectorAll('script[type="module"]')) {
    if (!s.src && s.textContent.includes("TrunkApplicationStarted")) return true;
  }
  return false;
}

const TRUNK_TIMEOUT_MS = 30000;

/**
 * Resolves once the page has shown its first contentful paint (at once in a
 * Worker or a hidden page; after 3 s at the latest). The wasm (120 KB
 * compressed) is fetched only then: on a slow phone connection it would
 * otherwise share the bandwidth with the styles and modules the first screen
 * needs, and the first screen needs no engine (the boards are drawn from
 * their FEN, board/fen.js). The paint entry, not requestAnimationFrame: a
 * frame may be produced well before the one that is first presented.
 * scripts/pwa-build.mjs gives the play page's loader the same wait.
 */
export function afterFirstPaint() {
  if (typeof document === "undefined" || document.visibilityState === "hidden") return Promise.resolve();
  if (performance.getEntriesByName("first-contentful-paint").length) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, 3000);
    document.addEventListener("visibilitychange", resolve, { once: true });
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length) {
          observer.disconnect();
          resolve();
        }
      }).observe({ type: "paint", buffered: true });
    } catch {
      requestAnimationFrame(() => setTimeout(resolve, 0));
    }
  });
}

function waitForTrunk() {
  return new Promise((resolve, reject) => {
    if (globalThis.wasmBindings) return resolve(globalThis.wasmBindings);
    const timer = setTimeout(
      () => reject(new Error("the game engine (WebAssembly) did not load")),
      TRUNK_TIMEOUT_MS,
    );
    addEventListener(
      "TrunkApplicationStarted",
      () => {
        clearTimeout(timer);
        resolve(globalThis.wasmBindings);
      },
      { once: true },
    );
  });
}

/**
 * Resolves to the wasm-bindgen module namespace ({Game, Bot, levels, ...})
 * once the wasm is ready.
 * @param {{moduleUrl?: string}} [options]
 */
export function loadEngine(options = {}) {
  if (!loading) {
    loading = (async () => {
      let mod = globalThis.wasmBindings;
      if (!mod && trunkLoaderPresent()) mod = await waitForTrunk();
      if (!mod) {
        await afterFirstPaint();
        mod = await import(options.moduleUrl || DEFAULT_MODULE_URL);
        await mod.default();
      }
      // The rule numbers every text uses (draw counts, crowning rows).
      if (typeof mod.ruleFacts === "function") setRuleFacts(mod.ruleFacts());
      return mod;
    })();
    // A failed load may be retried (e.g. after a network hiccup).
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
