// The settings every page shares (board theme, piece style, coordinates,
// animation speed, sound), stored once in localStorage and shown as data
// attributes on <html> (data-board-theme, data-piece-style,
// data-coordinates, data-animation, data-sound), which the board's style
// sheet reads, so one attribute change restyles every board on the page.
// The attributes are first set before the first paint by the small inline
// script in www/shared/site-head.html (it reads the same key and must
// agree with DEFAULTS and OPTIONS below); this module keeps them in step
// afterwards. The language is the i18n module's own setting.

export const KEY = "shashki.settings.v1";

export const OPTIONS = {
  boardTheme: ["wood", "green", "blue", "contrast"],
  pieceStyle: ["classic", "flat", "outline"],
  coordinates: ["around", "squares", "off"],
  animation: ["normal", "fast", "slow", "none"],
  sound: ["off", "on"],
  // The engine's search threads (bot, hint, analysis): "auto" is the
  // device's cores minus one, so one is left for the page.
  threads: ["auto", "1", "2", "3", "4", "6", "8", "12", "16"],
};

export const DEFAULTS = { boardTheme: "wood", pieceStyle: "classic", coordinates: "around", animation: "normal", sound: "off", threads: "auto" };

/** setting name -> html data attribute (and the controls' data-setting). */
export const ATTRS = {
  boardTheme: "board-theme",
  pieceStyle: "piece-style",
  coordinates: "coordinates",
  animation: "animation",
  sound: "sound",
  threads: "threads",
};

const listeners = new Set();

function read() {
  let raw = {};
  try {
    raw = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    raw = {};
  }
  const s = { ...DEFAULTS };
  for (const k of Object.keys(OPTIONS)) if (OPTIONS[k].includes(raw[k])) s[k] = raw[k];
  return s;
}

let current = read();

export function getSettings() {
  return { ...current };
}

/**
 * The number of search threads the settings ask for: "auto" is the cores
 * minus one (navigator.hardwareConcurrency; at least 1, at most 16). The
 * engine uses fewer where the browser cannot share memory
 * (shared/engine-module.js).
 */
export function searchThreads(s = current) {
  if (s.threads !== "auto") return Number(s.threads);
  const cores = Number(globalThis.navigator?.hardwareConcurrency) || 1;
  return Math.max(1, Math.min(cores - 1, 16));
}

/**
 * The options of a search Worker: a module Worker whose name carries the
 * thread count of the settings ("threads=N"; shared/engine-module.js reads
 * it). The name, not the URL: a Worker answered by the service worker's
 * cache gets the cached file's URL, without a query.
 */
export function engineWorkerOptions(s = current) {
  return { type: "module", name: `threads=${searchThreads(s)}` };
}

/** Sets the <html> data attributes from the settings. */
export function applySettings(s = current, root = document.documentElement) {
  for (const [k, attr] of Object.entries(ATTRS)) root.setAttribute(`data-${attr}`, s[k]);
}

/** Changes one setting: stored (when storage works), applied, announced. Returns false when not stored. */
export function setSetting(name, value) {
  if (!OPTIONS[name] || !OPTIONS[name].includes(value)) return true;
  current = { ...current, [name]: value };
  applySettings();
  let stored = true;
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    stored = false; // private mode or full storage: applies to this page only
  }
  for (const fn of listeners) fn(getSettings(), name);
  return stored;
}

export function onSettingsChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Another tab changed the settings: follow it.
if (typeof addEventListener === "function") {
  addEventListener("storage", (e) => {
    if (e.key !== KEY) return;
    current = read();
    applySettings();
    for (const fn of listeners) fn(getSettings(), null);
  });
}
