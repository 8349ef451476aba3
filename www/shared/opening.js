// The name of the opening on a board, as the engine recognises it
// (Game.opening(): the most specific named opening reached, by position).
// Pages show it in an element carrying `data-opening`: the name in the
// page's language (empty before any opening is reached) and its stable id
// in `data-opening-id`.

import { lang } from "../i18n/i18n.js";

/** The name of an engine OpeningInfo in the page's language ("" for none). */
export function openingName(o, l = lang()) {
  if (!o) return "";
  return l === "ru" ? o.ru : o.en;
}

/** Writes `o` (an OpeningInfo or null) into a `[data-opening]` element;
 * `row` (optional) is hidden while there is no name. */
export function showOpening(el, o, row = null) {
  if (!el) return;
  el.textContent = openingName(o);
  el.dataset.openingId = o ? o.id : "";
  if (row) row.hidden = !o;
}

/** The explorer's address for an opening id. */
export function explorerHref(id) {
  return `openings.html#opening=${encodeURIComponent(id)}`;
}
