// The engine module of a search Worker (bot-worker.js, analysis-worker.js),
// on as many threads as the page asks for and the browser allows.
//
// A Worker's name carries the wish: "threads=N" (the pages name their
// Workers from the `threads` setting, shared/settings.js
// engineWorkerOptions; without it, one thread).
// Several threads need the threaded build (threads/shashki_mt.js, written
// by scripts/build-threads.mjs) and shared memory, which a browser gives
// only to a cross-origin isolated page (the service worker makes the site
// isolated: docs/threads.md). Then the module is instantiated here over a
// shared memory, and N - 1 helper Workers (search-helper.js) instantiate
// the same module over the same memory and serve the engine's helper
// searches (engine::threads). Anything missing — isolation, the threaded
// build, a helper that fails — leaves the ordinary module on one thread,
// whose results for a node budget are the same.
//
// loadSearchEngine() resolves to {wasm, threads, why}: the module's exports
// (as `import * as wasm` gives them), the number of threads searching and,
// when fewer than asked, why.

const PLAIN = new URL("../shashki.js", import.meta.url);
const THREADED = new URL("../threads/shashki_mt.js", import.meta.url);
const THREADED_WASM = new URL("../threads/shashki_mt_bg.wasm", import.meta.url);
const HELPER = new URL("./search-helper.js", import.meta.url);
/** The most threads a search uses, whatever is asked. */
export const MAX_THREADS = 16;

/** The thread count this Worker was asked for (its name, "threads=N"). */
export function requestedThreads() {
  const n = Number((/(?:^|\s)threads=(\d+)/.exec(self.name || "") || [])[1]);
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_THREADS) : 1;
}

/** Whether this context can share memory with helper Workers. */
export function canShareMemory() {
  return self.crossOriginIsolated === true && typeof SharedArrayBuffer === "function" && typeof Worker === "function";
}

async function plain(why) {
  const wasm = await import(PLAIN.href);
  await wasm.default();
  return { wasm, threads: 1, why };
}

/** Starts one helper over `module` and `memory`; resolves when it serves. */
function startHelper(module, memory) {
  return new Promise((resolve, reject) => {
    const w = new Worker(HELPER, { type: "module" });
    const fail = (e) => {
      w.terminate();
      reject(new Error((e && e.message) || "a search helper failed to start"));
    };
    w.onerror = (e) => {
      e.preventDefault();
      fail(e);
    };
    w.onmessage = (e) => {
      if (e.data && e.data.type === "serving") resolve(w);
      else fail(e.data && e.data.error);
    };
    w.postMessage({ glue: THREADED.href, module, memory });
  });
}

export async function loadSearchEngine(threads = requestedThreads()) {
  if (threads <= 1) return plain("one thread asked for");
  if (!canShareMemory()) return plain("the page is not cross-origin isolated");
  let wasm;
  let module;
  try {
    wasm = await import(THREADED.href);
    module = await WebAssembly.compileStreaming(fetch(THREADED_WASM));
  } catch (e) {
    return plain(`no threaded build: ${(e && e.message) || e}`);
  }
  const exports = await wasm.default({ module_or_path: module });
  const started = await Promise.allSettled(
    Array.from({ length: threads - 1 }, () => startHelper(module, exports.memory)),
  );
  const failed = started.find((s) => s.status === "rejected");
  const helpers = started.filter((s) => s.status === "fulfilled").length;
  return { wasm, threads: helpers + 1, why: failed ? `a helper failed: ${failed.reason && failed.reason.message}` : "" };
}
