// A search helper Worker (started by engine-module.js): instantiates the
// threaded engine module over the memory it is sent, says it serves, and
// then runs the engine's helper searches for ever (helperLoop never
// returns; the Worker ends with the Worker that started it).

self.onmessage = async (event) => {
  const { glue, module, memory } = event.data || {};
  let wasm;
  try {
    wasm = await import(glue);
    wasm.initSync({ module, memory });
  } catch (e) {
    self.postMessage({ type: "failed", error: { message: String((e && e.message) || e) } });
    return;
  }
  self.postMessage({ type: "serving" });
  wasm.helperLoop();
};
