// The classic games: the collection (russian-games.pdn, read by the review
// Worker), filtered by player, year, result and opening; a game opened
// from the list is loaded into the tree and reviewed at once.

import { errorWhy } from "../shared/status-text.js";
import { openingName } from "../shared/opening.js";
import { announce } from "../shared/announce.js";
import { T } from "./texts.js";
import { $, S, engine } from "./state.js";
import { reviewer, startReview } from "./review-panel.js";
import { replaceTree, treeFromPdn } from "./io.js";

const classics = { games: null, loading: null };
const GAMES_URL = new URL("./russian-games.pdn", import.meta.url).href;

$("classics").addEventListener("toggle", () => {
  if (!$("classics").open || classics.games || classics.loading) return;
  $("classics-count").textContent = T.classicsLoading;
  classics.loading = reviewer.send({ type: "games", url: GAMES_URL });
});

/** A games request cut short by a restart of the review Worker is asked again. */
export function classicsCut() {
  if (classics.loading) classics.loading = reviewer.send({ type: "games", url: GAMES_URL });
}

/** Takes the review Worker's answers about the games; true when it was one. */
export function onClassicsMessage(msg) {
  if (msg.type === "games") {
    onGames(msg);
    return true;
  }
  if (msg.type === "error" && classics.loading === msg.id) {
    classics.loading = null;
    $("classics-count").textContent = T.classicsFailed(msg.error.message);
    return true;
  }
  return false;
}

function onGames(msg) {
  if (msg.id !== classics.loading) return;
  classics.loading = null;
  if (!S.review || S.review.done) reviewer.busy = false;
  classics.games = msg.games;
  fillOpeningFilter();
  renderClassics();
}

function renderClassics() {
  if (!classics.games) return;
  const who = $("classics-player").value.trim().toLowerCase();
  const year = $("classics-year").value.trim();
  const result = $("classics-result").value;
  const opening = $("classics-opening").value;
  const shown = classics.games
    .map((g, i) => ({ g, i }))
    .filter(
      ({ g }) =>
        (!who || g.white.toLowerCase().includes(who) || g.black.toLowerCase().includes(who)) &&
        (!year || String(g.year) === year) &&
        (!result || g.result === result) &&
        (!opening || g.opening === opening),
    );
  const items = shown.map(({ g, i }) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "classic";
    b.dataset.game = String(i);
    b.dataset.openingId = g.opening || "";
    b.textContent = T.classicItem(g);
    const name = openingName(OPENINGS.get(g.opening));
    if (name) {
      const col = document.createElement("span");
      col.className = "classic-opening";
      col.dataset.classicOpening = g.opening;
      col.textContent = name;
      b.append(" · ", col);
    }
    li.appendChild(b);
    return li;
  });
  $("classics-list").replaceChildren(...items);
  $("classics-count").textContent = T.classicsCount(shown.length, classics.games.length);
}

const OPENINGS = new Map(engine.openings().map((o) => [o.id, o]));

/** The opening filter: every named opening the collection reaches, with its count. */
function fillOpeningFilter() {
  const sel = $("classics-opening");
  const counts = new Map();
  for (const g of classics.games) if (g.opening) counts.set(g.opening, (counts.get(g.opening) || 0) + 1);
  const options = [...OPENINGS.values()]
    .filter((o) => counts.has(o.id))
    .map((o) => {
      const opt = document.createElement("option");
      opt.value = o.id;
      opt.textContent = `${openingName(o)} (${counts.get(o.id)})`;
      return opt;
    });
  sel.replaceChildren(sel.options[0], ...options);
}

for (const id of ["classics-player", "classics-year", "classics-result", "classics-opening"]) {
  $(id).addEventListener("input", renderClassics);
}

$("classics-list").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-game]");
  const g = b && classics.games[Number(b.dataset.game)];
  if (!g) return;
  try {
    replaceTree(treeFromPdn(g.pdn));
  } catch (err) {
    $("review-status").textContent = T.badPdn(errorWhy(err));
    return;
  }
  announce(T.classicOpened(g));
  startReview();
  $("review-card").scrollIntoView({ block: "start" });
});
