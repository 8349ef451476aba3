// The list of every named opening, with its notes.

import { explorerHref, openingName } from "../shared/opening.js";
import { lang, t } from "../i18n/i18n.js";
import { $, yieldToPage } from "../shared/util.js";
import { el, OPENINGS, S } from "./state.js";

// ---- the list of named openings ---------------------------------------------

/** Entries made per task: each holds a board widget, which costs a few ms
 * on a phone, and thirty of them at once were one long task. */
const PER_TASK = 3;
let listGeneration = 0;

/** Fills the list, a few entries a task (the list is below the first
 * screen, and entries added at its end move nothing above them). Resolves
 * when the list is complete (or replaced by a newer call). */
export async function renderList() {
  const gen = ++listGeneration;
  const list = $("opening-list");
  list.replaceChildren();
  for (let k = 0; k < OPENINGS.length; k += PER_TASK) {
    if (k) await yieldToPage();
    if (gen !== listGeneration) return;
    list.append(...OPENINGS.slice(k, k + PER_TASK).map(entry));
    renderNotes(list.children.length - Math.min(PER_TASK, OPENINGS.length - k));
  }
}

function entry(o) {
  const name = openingName(o);
  const open = el("a", {
    class: "btn btn-small",
    href: explorerHref(o.id),
    text: t("openings.open"),
    "aria-label": t("openings.openNamed", { name }),
  });
  const diagram = document.createElement("shashki-board");
  diagram.setAttribute("fen", o.fen);
  diagram.setAttribute("size", "240");
  diagram.setAttribute("caption", t("openings.diagram", { name }));
  diagram.setAttribute("loading", "lazy"); // below the first screen: no layout to measure it
  return el(
    "li",
    { class: "opening-entry", "data-opening-entry": "", "data-id": o.id, id: `opening-${o.id}` },
    el("h3", { text: name }),
    el("p", { class: "opening-moves", text: o.moves.join(" ") }),
    diagram,
    el("p", { class: "opening-about" }),
    el("p", { class: "opening-source hint" }),
    open,
  );
}

/** Puts the notes (S.NOTES, which arrive after the list) into the list's
 * entries (from the `from`-th on). */
export function renderNotes(from = 0) {
  for (const li of [...$("opening-list").children].slice(from)) {
    const notes = S.NOTES.get(li.dataset.id) || {};
    li.querySelector(".opening-about").textContent = notes[lang() === "ru" ? "about-ru" : "about-en"] || "";
    li.querySelector(".opening-source").textContent = notes.source
      ? `${t("openings.source")}: ${notes.source}${notes.note ? ` ${notes.note}` : ""}`
      : "";
  }
}
