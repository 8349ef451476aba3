// The list of every named opening, with its notes.

import { explorerHref, openingName } from "../shared/opening.js";
import { lang, t } from "../i18n/i18n.js";
import { $ } from "../shared/util.js";
import { el, OPENINGS, S } from "./state.js";

// ---- the list of named openings ---------------------------------------------

export function renderList() {
  const items = OPENINGS.map((o) => {
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
  });
  $("opening-list").replaceChildren(...items);
  renderNotes();
}

/** Puts the notes (S.NOTES, which arrive after the list) into the list's entries. */
export function renderNotes() {
  for (const li of $("opening-list").children) {
    const notes = S.NOTES.get(li.dataset.id) || {};
    li.querySelector(".opening-about").textContent = notes[lang() === "ru" ? "about-ru" : "about-en"] || "";
    li.querySelector(".opening-source").textContent = notes.source
      ? `${t("openings.source")}: ${notes.source}${notes.note ? ` ${notes.note}` : ""}`
      : "";
  }
}
