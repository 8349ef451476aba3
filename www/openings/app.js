// The openings page: the explorer (moves played from a position in the 200
// classic games, the opening book's moves, the engine's evaluation on
// demand), the list of every named opening, and opening practice against
// the bot. Every name, count, book move and legal move comes from the
// engine (openings(), Game.opening(), bookMoves, pdnGames and the FEN after
// each move of a game); these modules only show them and count equal FENs:
//   state.js     the engine, the openings, the notes, helpers
//   explorer.js  the explorer
//   explorer-worker.js  the classic games' index, off the main thread
//   evals.js     the evaluation on demand
//   list.js      the list of named openings
//   practice.js  opening practice
// app.js: addresses (#opening=<id>, #moves=<line>), language and start.

import { openingName, showOpening } from "../shared/opening.js";
import { lang, onLangChange, t } from "../i18n/i18n.js";
import { announce } from "../shared/announce.js";
import { $, yieldToPage } from "../shared/util.js";
import { BY_ID, facts, NOTES_URL, parseNotes, S, withGame } from "./state.js";
import { exBoard, exSet, renderExplorer } from "./explorer.js";
import { renderList, renderNotes } from "./list.js";
import { fillPracticeSelect, pr, prBoard } from "./practice.js";

// ---- addresses: #opening=<id> or #moves=<line> ----------------------------------

function openFromHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const id = params.get("opening");
  const moves = params.get("moves");
  if (id && BY_ID.has(id)) {
    const o = BY_ID.get(id);
    exSet([...o.moves]);
    announce(t("openings.opened", { name: openingName(o) }));
    $("explorer").focus({ preventScroll: true });
    $("explorer").scrollIntoView({ block: "start" });
    return;
  }
  if (moves) {
    try {
      const line = moves.trim().split(/[\s,]+/).filter(Boolean);
      withGame(line, () => {});
      exSet(line);
    } catch {
      /* a bad line leaves the explorer where it is */
    }
  }
}

window.addEventListener("hashchange", openFromHash);

// ---- language and start ----------------------------------------------------------

function relabel() {
  renderList();
  fillPracticeSelect();
  exBoard.set({ label: t("openings.boardLabel") });
  prBoard.set({ label: t("openings.prBoardLabel") });
  renderExplorer();
  if (pr.opening) showOpening($("pr-name"), pr.opening);
}

onLangChange(relabel);
fetch(NOTES_URL)
  .then((res) => (res.ok ? res.text() : ""))
  .then((text) => {
    S.NOTES = parseNotes(text);
    renderNotes();
  })
  .catch(() => {});
// The explorer first (the first screen), then the rest, each in a task of its own.
renderExplorer();
openFromHash();
await yieldToPage();
fillPracticeSelect();
await yieldToPage();
// ready (tests) once the list, made a few entries a task, is complete
renderList().then(() => document.body.classList.add("ready"));
facts.lang = lang();
