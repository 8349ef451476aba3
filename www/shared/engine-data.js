// The engine's data files for the Workers (bot and analysis). The wasm
// module is built without the pattern tables and the opening book
// (docs/performance.md, "Size of the WebAssembly module"); they are served as
// engine/patterns.bin, engine/kpatterns.bin, engine/net.bin and engine/book.txt
// (copied by trunk from src/engine/, precached by the service worker) and
// handed to the engine once, before the Worker answers its first request.
// The engine checks them (length and CRC-32 of the files it was built
// with); a missing or refused file is reported and the engine plays on
// without it.

const FILES = {
  patterns: new URL("../engine/patterns.bin", import.meta.url),
  kingPatterns: new URL("../engine/kpatterns.bin", import.meta.url),
  net: new URL("../engine/net.bin", import.meta.url),
  book: new URL("../engine/book.txt", import.meta.url),
};

/**
 * Starts the downloads of `which` files (call it before the module is
 * initialised). Each promise resolves to the file's contents or to the
 * Error of a failed fetch (never rejects, so nothing is left unhandled
 * while the module loads).
 */
export function fetchEngineData(which = ["patterns", "kingPatterns", "net", "book"]) {
  const get = (url, read) =>
    fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${url.pathname}`);
        return read(res);
      })
      .catch((e) => (e instanceof Error ? e : new Error(String(e))));
  const bytes = async (res) => new Uint8Array(await res.arrayBuffer());
  const read = { patterns: bytes, kingPatterns: bytes, net: bytes, book: (res) => res.text() };
  return Object.fromEntries(which.map((file) => [file, get(FILES[file], read[file])]));
}

/** Drops a refused file from Cache Storage, so the next visit fetches it anew. */
export async function forgetCached(url) {
  if (!self.caches) return;
  const href = new URL(url, self.location.href).href;
  try {
    for (const key of await caches.keys()) await (await caches.open(key)).delete(href);
  } catch {
    // no cache access (private mode): nothing kept, nothing to drop
  }
}

/**
 * Hands the fetched files to the initialised module (`wasm`: its exports
 * setPatterns, setKingPatterns, setNet and setBook). Never throws: a failure is posted as
 * {type: "engine-data", file, error: {message, code, reason}}.
 */
export async function installEngineData(wasm, pending) {
  const steps = [
    ["patterns", wasm.setPatterns],
    ["kingPatterns", wasm.setKingPatterns],
    ["net", wasm.setNet],
    ["book", wasm.setBook],
  ];
  for (const [file, set] of steps) {
    if (!(file in pending)) continue;
    try {
      const data = await pending[file];
      if (data instanceof Error) throw data;
      set(data);
    } catch (e) {
      self.postMessage({
        type: "engine-data",
        file,
        error: { message: String((e && e.message) || e), code: e && e.code, reason: e && e.reason },
      });
      if (e && e.code === "bad_engine_data") await forgetCached(FILES[file]);
    }
  }
}
