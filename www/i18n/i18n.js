// The site's words in two languages. One table per language (en.js, ru.js)
// for every page; pages ask by key:
//
//   t("play.toMove", { side: "white" })  ->  "White to move" / "Ход белых"
//
// A table entry is a string with {name} placeholders, or a function of the
// params (for plurals and grammatical cases). A key missing in the chosen
// language falls back to English, then to the key itself.
//
// The language: `?lang=ru|en` in the URL forces it (and is remembered),
// else the reader's remembered choice, else the browser's languages.
// No DOM here beyond reading those: workers and tests can import it.

import en from "./en.js";
import ru from "./ru.js";
import { storage } from "../shared/util.js";

// The languages: one table each (a new language is its file, its import
// above and its entry here). Each table names its language in itself
// ("lang.name"), for the switch.
const TABLES = { en, ru };
export const LANGS = Object.keys(TABLES);
/** Each language's name in itself, for the switch. */
export const LANG_NAMES = Object.fromEntries(LANGS.map((l) => [l, TABLES[l]["lang.name"]]));
const KEY = "shashki.lang";

const tables = TABLES;
const listeners = new Set();

function pick(value) {
  const v = String(value || "").toLowerCase().trim();
  return LANGS.find((l) => v === l || v.startsWith(`${l}-`)) || null;
}

/** The language to show: URL, then the remembered choice, then the browser. */
export function detectLang() {
  const g = globalThis;
  try {
    const forced = pick(new URLSearchParams(g.location?.search || "").get("lang"));
    if (forced) {
      storage.set(KEY, forced);
      return forced;
    }
  } catch {
    /* no location (worker, test) */
  }
  const saved = pick(storage.get(KEY));
  if (saved) return saved;
  for (const l of g.navigator?.languages || [g.navigator?.language]) {
    const p = pick(l);
    if (p) return p;
  }
  return "en";
}

let current = detectLang();

export function lang() {
  return current;
}

/** Switches the language, remembers it and tells every listener. */
export function setLang(l) {
  const next = pick(l) || "en";
  storage.set(KEY, next);
  if (next === current) return;
  current = next;
  for (const fn of listeners) {
    try {
      fn(next);
    } catch (e) {
      console.error(e);
    }
  }
}

/** Calls `fn(lang)` after every switch; returns a function that stops it. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * The keys under `prefix.` in the current language (English where a key
 * is missing), without the prefix: section("analysis").flip is
 * t("analysis.flip"). For the pages that keep their words as one object
 * (analysis, puzzles, pwa).
 */
export function section(prefix, l = current) {
  const p = `${prefix}.`;
  const out = {};
  for (const table of [tables.en, tables[l] || {}]) {
    for (const [k, v] of Object.entries(table)) if (k.startsWith(p)) out[k.slice(p.length)] = v;
  }
  return out;
}

/** True when the chosen language (or English) has the key. */
export function has(key) {
  return key in (tables[current] || {}) || key in tables.en;
}

/** The text for `key` in the current language, with `params` filled in. */
export function t(key, params = {}, l = current) {
  const table = tables[l] || tables.en;
  let v = key in table ? table[key] : tables.en[key];
  if (v === undefined) return key;
  if (typeof v === "function") return String(v(params));
  return String(v).replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

const rulesCache = new Map();
/**
 * The plural form of `n` in the current language: `forms` maps the
 * Intl.PluralRules categories (one, few, many, other) to words; missing
 * categories fall back to `other`, then `many`.
 */
export function plural(n, forms, l = current) {
  if (!rulesCache.has(l)) rulesCache.set(l, new Intl.PluralRules(l));
  const cat = rulesCache.get(l).select(n);
  return forms[cat] ?? forms.other ?? forms.many;
}

/** "a, b and c" / "a, b и c" (`joiner`: the key of the last joining word). */
export function listWords(items, joiner = "and") {
  const list = [...items];
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} ${t(`word.${joiner}`)} ${list[list.length - 1]}`;
}
