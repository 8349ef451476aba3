// Small helpers shared by the pages, the board and the widget.

/**
 * A new element: `attrs` set as attributes (`class` as the class name;
 * `true` as an empty attribute; `false`, `null` and `undefined` left out),
 * `text` as its text (never parsed as HTML).
 */
export function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== null) e.textContent = text;
  return e;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * localStorage that never throws (private mode, full or missing storage:
 * the value just does not survive a reload). Values are JSON.
 */
export const storage = {
  get(key, fallback = null) {
    try {
      const raw = globalThis.localStorage?.getItem(key);
      return raw == null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      globalThis.localStorage?.setItem(key, JSON.stringify(value));
    } catch {
      /* storage unavailable or full */
    }
  },
  remove(key) {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

/** The element with this id (the pages' shorthand). */
export const $ = (id) => document.getElementById(id);

/** Resolves at a later turn of the event loop, after input and painting:
 * long work cut into pieces with it makes no long task. */
export const yieldToPage = () =>
  globalThis.scheduler && typeof scheduler.yield === "function" ? scheduler.yield() : new Promise((r) => setTimeout(r, 0));
