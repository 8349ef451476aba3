// The page's side of the bot Worker: one dedicated module worker, requests
// matched to answers by id (stale answers are ignored), cancellation by
// terminating and restarting the worker, and recovery from a crash (the
// worker is restarted and the request sent again).

import { engineWorkerOptions, onSettingsChange } from "../shared/settings.js";

/** How often a request is re-sent after a crash before it fails. */
const RETRIES = 2;

export class Cancelled extends Error {
  constructor() {
    super("the search was cancelled");
    this.cancelled = true;
  }
}

export class BotClient {
  /**
   * @param {object} [o]
   * @param {string} [o.url] the worker script
   * @param {(n: number, reason: string) => void} [o.onRestart] called after a crash restart
   */
  constructor(o = {}) {
    this.url = o.url || new URL("../bot-worker.js", import.meta.url).href;
    this.onRestart = o.onRestart || (() => {});
    this.retries = RETRIES;
    this.nextId = 1;
    this.pending = new Map(); // id -> {payload, resolve, reject, tries, timer, timeoutMs}
    this.restarts = 0;
    this.worker = null;
    this._start();
    // A new thread count takes effect at once when the bot is idle, else
    // with the next worker it starts.
    onSettingsChange((_s, name) => {
      if (name !== "threads" || this.pending.size || !this.worker) return;
      this.worker.terminate();
      this._start();
    });
  }

  _start() {
    // Named with the thread count of the settings (shared/engine-module.js).
    const w = new Worker(this.url, engineWorkerOptions());
    w.onmessage = (e) => this._onMessage(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this._crashed(w, e.message || "the bot worker failed");
    };
    w.onmessageerror = () => this._crashed(w, "the bot worker sent an unreadable message");
    this.worker = w;
  }

  _onMessage(msg) {
    if (!msg || msg.type === "ready") return;
    const p = this.pending.get(msg.id);
    if (!p) return; // stale: cancelled or already answered
    this.pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.error) {
      const err = new Error(msg.error.message);
      err.code = msg.error.code;
      p.reject(err);
    } else {
      p.resolve({ result: msg.result, elapsedMs: msg.elapsedMs });
    }
  }

  /** The worker died (uncaught error) or stopped answering: restart and re-send. */
  _crashed(w, reason) {
    if (w !== this.worker) return;
    w.terminate();
    this.worker = null;
    if (!this.pending.size) return; // started again with the next request
    this.restarts += 1;
    this._start();
    this.onRestart(this.restarts, reason);
    for (const [id, p] of [...this.pending]) {
      this.pending.delete(id);
      clearTimeout(p.timer);
      if (p.tries >= this.retries) {
        p.reject(new Error(`the bot stopped working (${reason})`));
      } else {
        this._send(p.payload, p.timeoutMs, p.tries + 1, p.resolve, p.reject);
      }
    }
  }

  _send(payload, timeoutMs, tries, resolve, reject) {
    if (!this.worker) this._start();
    const id = this.nextId++;
    const w = this.worker;
    const timer = setTimeout(() => this._crashed(w, "no answer in time"), timeoutMs);
    this.pending.set(id, { payload, resolve, reject, tries, timer, timeoutMs });
    w.postMessage({ ...payload, id });
  }

  /**
   * Sends a request; resolves to {result, elapsedMs}.
   * @param {object} payload {kind, startFen, moves, level, seed, side}
   * @param {number} timeoutMs after this long without an answer the worker is
   *   considered stuck: it is restarted and the request sent again
   */
  request(payload, timeoutMs = 15000) {
    return new Promise((resolve, reject) => this._send(payload, timeoutMs, 0, resolve, reject));
  }

  /** Drops every request in flight; a busy worker is terminated and replaced. */
  cancel() {
    if (!this.pending.size) return;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Cancelled());
    }
    this.pending.clear();
    if (this.worker) this.worker.terminate();
    this._start();
  }
}
