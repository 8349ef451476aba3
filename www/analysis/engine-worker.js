// A search Worker (shared/analysis-worker.js) behind a small client: one request
// at a time, each with its id; restart() stops whatever runs at once by
// replacing the worker, and a worker that dies is replaced and reported as
// an error of the request it was running.

import { engineWorkerOptions } from "../shared/settings.js";

export class EngineWorker {
  constructor(onMessage) {
    this.url = new URL("../shared/analysis-worker.js", import.meta.url).href;
    this.onMessage = onMessage;
    this.nextId = 1;
    this.busy = false;
    this._start();
  }
  _start() {
    // Named with the thread count of the settings (shared/engine-module.js).
    const w = new Worker(this.url, engineWorkerOptions());
    w.onmessage = (e) => {
      if (w === this.worker) this.onMessage(e.data || {});
    };
    w.onerror = (e) => {
      e.preventDefault();
      if (w !== this.worker) return;
      this.restart();
      this.onMessage({ type: "error", id: this.current, error: { message: e.message || "the engine stopped" } });
    };
    this.worker = w;
  }
  send(msg) {
    const id = this.nextId++;
    this.current = id;
    this.busy = true;
    this.worker.postMessage({ ...msg, id });
    return id;
  }
  /** Stops whatever runs at once (the worker is replaced). */
  restart() {
    this.worker.terminate();
    this.busy = false;
    this.current = null;
    this._start();
  }
}

