// The language on a page: <html lang>, the switch in the header, and the
// page's static texts. Elements carry their key:
//
//   <p data-i18n="rules.men.1">English text (the no-JavaScript fallback)</p>
//   <shashki-board data-i18n-attr="caption:rules.cap.men" caption="...">
//
// The English stays in the HTML and is the English table for those
// elements; other languages set the element's content from their table
// (the tables are the project's own trusted texts and may hold simple
// markup such as <strong> and <code>). Rule numbers in the text come from
// the engine: <span data-fact="loneKingMoves">15</span> is filled with
// ruleFacts().loneKingMoves once the engine has loaded, and table entries
// that are functions receive fact(path) to read them.

import { LANG_NAMES, LANGS, lang, onLangChange, setLang, t } from "./i18n.js";
import { onRuleFacts, ruleFacts } from "../shared/facts.js";

const originals = new Map(); // element -> its English innerHTML
const originalAttrs = new Map(); // element -> {attr: English value}
let applied = false; // data-i18n-once elements (a script writes them later) are done

// The numbers as the page's HTML states them (tests/rule_facts.rs checks
// that they are the engine's), used until the engine has loaded.
const pageFacts = new Map();
for (const span of document.querySelectorAll("[data-fact]")) pageFacts.set(span.dataset.fact, Number(span.textContent));

/** The number at `path` ("kingsBalance.1.moves"): the engine's, or the page's until it has loaded. */
function fact(path) {
  const f = ruleFacts();
  if (f) {
    const v = path.split(".").reduce((o, k) => (o == null ? o : o[k]), f);
    if (v != null) return v;
  }
  return pageFacts.has(path) ? pageFacts.get(path) : NaN;
}

function attrPairs(el) {
  return (el.dataset.i18nAttr || "")
    .split(";")
    .map((p) => p.split(":").map((s) => s.trim()))
    .filter((p) => p.length === 2 && p[0] && p[1]);
}

function fillFacts(root = document) {
  if (!ruleFacts()) return;
  for (const span of root.querySelectorAll("[data-fact]")) {
    const v = fact(span.dataset.fact);
    if (Number.isFinite(v) && span.textContent !== String(v)) span.textContent = String(v);
  }
}

/** Elements (and attributes) whose text in the current language holds a
 * rule number (its table entry read fact()): set again when the engine's
 * numbers arrive, instead of the whole page. */
let withFacts = new Set();

/** The element's text in language `l`, noting whether it read a number. */
function textFor(el, key, l, original) {
  let read = false;
  const html = l === "en" ? original : t(key, (path) => ((read = true), fact(path)), l);
  if (read) withFacts.add(el);
  return l === "en" || html === key ? original : html;
}

/** Shows the page's static texts in the current language. An element is
 * read (its English kept) only when it is first changed: an English page
 * is left as it is, without serialising every element. */
export function applyPage() {
  const l = lang();
  document.documentElement.lang = l;
  withFacts = new Set();
  for (const el of document.querySelectorAll("[data-i18n]")) {
    if (applied && el.hasAttribute("data-i18n-once")) continue;
    if (l === "en" && !originals.has(el)) continue; // still the page's English
    if (!originals.has(el)) originals.set(el, el.innerHTML);
    const next = textFor(el, el.dataset.i18n, l, originals.get(el));
    if (el.innerHTML !== next) el.innerHTML = next;
  }
  for (const el of document.querySelectorAll("[data-i18n-attr]")) {
    if (l === "en" && !originalAttrs.has(el)) continue;
    if (!originalAttrs.has(el)) {
      const o = {};
      for (const [attr] of attrPairs(el)) o[attr] = el.getAttribute(attr);
      originalAttrs.set(el, o);
    }
    applyAttrs(el, l);
  }
  applied = true;
  fillFacts();
  const select = document.getElementById("lang-select");
  if (select) {
    select.value = l;
    const label = document.querySelector('label[for="lang-select"]');
    if (label) label.textContent = t("lang.label");
  }
}

function applyAttrs(el, l) {
  for (const [attr, key] of attrPairs(el)) {
    const en = originalAttrs.get(el)[attr];
    let read = false;
    const v = l === "en" ? en : t(key, (path) => ((read = true), fact(path)), l);
    if (read) withFacts.add(el);
    const value = v === key ? en : v;
    if (value != null && el.getAttribute(attr) !== value) el.setAttribute(attr, value);
  }
}

/** The engine's rule numbers have arrived: into the [data-fact] spans and
 * the texts that hold one (a few elements, not the whole page). */
function applyFacts() {
  const l = lang();
  for (const el of withFacts) {
    if (el.hasAttribute("data-i18n") && originals.has(el)) {
      const next = textFor(el, el.dataset.i18n, l, originals.get(el));
      if (el.innerHTML !== next) el.innerHTML = next;
    }
    if (el.hasAttribute("data-i18n-attr") && originalAttrs.has(el)) applyAttrs(el, l);
  }
  fillFacts();
}

/** The language switch: a labelled <select> at the end of the site header. */
function addSwitch() {
  const header = document.querySelector(".site-header");
  if (!header || document.getElementById("lang-select")) return;
  const box = document.createElement("div");
  box.className = "lang-switch";
  const label = document.createElement("label");
  label.htmlFor = "lang-select";
  label.className = "visually-hidden";
  label.textContent = t("lang.label");
  const select = document.createElement("select");
  select.id = "lang-select";
  for (const l of LANGS) {
    const o = document.createElement("option");
    o.value = l;
    o.lang = l;
    o.textContent = LANG_NAMES[l];
    select.append(o);
  }
  select.value = lang();
  select.addEventListener("change", () => {
    // A ?lang= in the address would force the old choice back on reload.
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", select.value);
      history.replaceState(history.state, "", url);
    }
    setLang(select.value);
  });
  box.append(label, select);
  header.append(box);
}

addSwitch();
applyPage();
// A page that builds its texts once (<html data-i18n-reload>) is reloaded
// in the new language instead; the choice is already remembered.
onLangChange(() => (document.documentElement.hasAttribute("data-i18n-reload") ? location.reload() : applyPage()));
onRuleFacts(() => applyFacts());
