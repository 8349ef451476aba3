// "Analyse this game" on the play page: opens the analysis board with the
// game as the play page has saved it (its start position and moves), during
// the game or after it. Reads the same saved record as a reload would.

import { loadSaved } from "./store.js";

const link = document.getElementById("analyse-link");

function update() {
  const saved = loadSaved();
  const rec = saved && saved.record;
  const params = new URLSearchParams();
  if (rec && rec.startFen) params.set("fen", rec.startFen);
  if (rec && rec.moves.length) params.set("moves", rec.moves.join(" "));
  const hash = params.toString();
  link.href = hash ? `analysis.html#${hash}` : "analysis.html";
}

if (link) {
  // The record changes with every move: refresh the address just before use.
  for (const ev of ["pointerenter", "pointerdown", "focus", "click", "contextmenu"]) {
    link.addEventListener(ev, update);
  }
  update();
}
