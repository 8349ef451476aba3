// The settings panel of every page: a button in the site header opens a
// dialog with the board theme, piece style, coordinates, animation speed,
// sound and language. Each control carries data-setting (board-theme,
// piece-style, coordinates, animation, sound) and changes the setting at
// once (shared/settings.js), which every board on the page follows through
// the <html> data attributes; the language goes through the i18n module.

import { LANG_NAMES, LANGS, lang, onLangChange, setLang, t } from "../i18n/i18n.js";
import { ATTRS, OPTIONS, applySettings, getSettings, onSettingsChange, setSetting } from "./settings.js";

applySettings();

const SELECTS = ["boardTheme", "pieceStyle", "coordinates", "animation", "threads"];
let dialog = null;
let button = null;

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "text") e.textContent = v;
    else if (k in e && typeof v !== "string") e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

function build() {
  const header = document.querySelector(".site-header");
  if (!header || document.getElementById("settings-dialog")) return;
  button = el("button", {
    type: "button",
    class: "settings-btn",
    id: "settings-open",
    "aria-haspopup": "dialog",
    "data-settings-open": "",
  });
  button.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18"><path fill="currentColor" d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.2 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.7a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"/></svg><span class="settings-btn-text"></span>';
  const nav = header.querySelector(".site-nav");
  if (nav) nav.after(button);
  else header.append(button);

  const form = el("form", { method: "dialog", class: "settings-form" });
  form.append(el("h2", { id: "settings-title" }));
  for (const name of SELECTS) {
    const id = `setting-${ATTRS[name]}`;
    const row = el("div", { class: "settings-row" });
    const select = el("select", { id, "data-setting": ATTRS[name] });
    for (const v of OPTIONS[name]) select.append(el("option", { value: v }));
    select.addEventListener("change", () => changed(setSetting(name, select.value)));
    row.append(el("label", { for: id, "data-label": name }), select);
    form.append(row);
  }
  const soundRow = el("div", { class: "settings-row settings-check" });
  const sound = el("input", { type: "checkbox", id: "setting-sound", "data-setting": "sound" });
  sound.addEventListener("change", () => changed(setSetting("sound", sound.checked ? "on" : "off")));
  soundRow.append(sound, el("label", { for: "setting-sound", "data-label": "sound" }));
  form.append(soundRow);
  const langRow = el("div", { class: "settings-row" });
  const langSel = el("select", { id: "settings-lang" });
  for (const l of LANGS) langSel.append(el("option", { value: l, lang: l, text: LANG_NAMES[l] }));
  langSel.addEventListener("change", () => {
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", langSel.value);
      history.replaceState(history.state, "", url);
    }
    setLang(langSel.value);
  });
  langRow.append(el("label", { for: "settings-lang", "data-label": "language" }), langSel);
  form.append(langRow);
  form.append(el("p", { class: "settings-note", id: "settings-note", role: "status" }));
  const actions = el("div", { class: "dialog-actions" });
  actions.append(el("button", { type: "submit", class: "btn btn-primary", id: "settings-close", value: "close" }));
  form.append(actions);
  dialog = el("dialog", { id: "settings-dialog", class: "dialog settings-dialog", "aria-labelledby": "settings-title" });
  dialog.append(form);
  document.body.append(dialog);
  button.addEventListener("click", () => {
    sync();
    dialog.showModal();
  });
  relabel();
  sync();
}

function changed(stored) {
  const note = document.getElementById("settings-note");
  if (note) note.textContent = stored ? "" : t("settings.notStored");
}

function sync() {
  if (!dialog) return;
  const s = getSettings();
  for (const name of SELECTS) dialog.querySelector(`[data-setting="${ATTRS[name]}"]`).value = s[name];
  dialog.querySelector('[data-setting="sound"]').checked = s.sound === "on";
  dialog.querySelector("#settings-lang").value = lang();
  const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const note = dialog.querySelector("#settings-note");
  if (reduce && !note.textContent) note.textContent = t("settings.reducedMotion");
}

function relabel() {
  if (!dialog) return;
  button.querySelector(".settings-btn-text").textContent = t("settings.open");
  dialog.querySelector("#settings-title").textContent = t("settings.title");
  for (const label of dialog.querySelectorAll("label[data-label]")) label.textContent = t(`settings.${label.dataset.label}`);
  for (const name of SELECTS) {
    for (const o of dialog.querySelector(`[data-setting="${ATTRS[name]}"]`).options) o.textContent = t(`opt.${name}.${o.value}`);
  }
  dialog.querySelector("#settings-close").textContent = t("settings.close");
}

build();
onLangChange(() => {
  relabel();
  sync();
});
onSettingsChange(sync);
