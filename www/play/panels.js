// The play page's panels: the status, the opening, the endgame tables'
// verdict, the players' bars, the move list, the buttons and the export
// box. They only show what the engine says.

import * as store from "./store.js";
import { t } from "../i18n/i18n.js";
import { explorerHref, showOpening } from "../shared/opening.js";
import { drawCountText, headline, materialText, other, reasonText } from "../shared/status-text.js";
import { $ } from "../shared/util.js";
import { board } from "./page-board.js";
import { bot, engine, isHumanTurn, isLive, levelInfo, movesPlayed, record, S, START_FEN } from "./state.js";
import { renderClocks } from "./clocks-view.js";
import { pdnText } from "./keep.js";

export function renderPanels(st) {
  const pieces = S.game.board();
  const key = tablebaseKey();
  probeTables(st, key);
  renderStatus(st, key);
  renderPlayers(st, pieces);
  renderMoves();
  renderButtons(st);
  renderExport();
}

function renderStatus(st, tbKey) {
  const el = $("status");
  el.dataset.status = st.state;
  el.dataset.toMove = st.toMove;
  const main = $("status-main");
  const sub = $("status-sub");
  if (st.state === "ongoing") {
    main.textContent = headline(st);
    if (S.thinking) sub.textContent = t("play.botThinking");
    else if (S.waiting === "draw") sub.textContent = t("play.botConsidering");
    else if (S.waiting === "hint") sub.textContent = t("play.lookingHint");
    else if (S.settings.mode === "bot") sub.textContent = st.toMove === S.settings.human ? t("play.yourMove") : "";
    else sub.textContent = t("play.turnOf", { side: st.toMove });
  } else {
    main.textContent = headline(st);
    sub.textContent = reasonText(st);
  }
  $("draw-count").textContent = drawCountText(st);
  renderOpening(tbKey);
  renderTablebase(tbKey);
  $("notice").textContent = S.notice;
  $("thinking").hidden = !S.thinking;
  document.body.dataset.thinking = S.thinking ? "true" : "false";
}

/** The named opening of the position on the board (the live one, or the
 * earlier one being viewed), as the engine recognises it. */
// The shortest defining line: before it no game from the start has a name.
const MIN_OPENING_PLIES = Math.min(...engine.openings().map((o) => o.moves.length));

function renderOpening(key) {
  const ply = Number(key.split("|")[1]);
  const at = S.viewPly === null ? ply : S.viewPly;
  const fullKey = `${key}|${at}`;
  // Same record and position as last time: the name is already shown (a
  // switch of language clears openingShown).
  if (S.openingShown.key === fullKey) return;
  let o = null;
  if (S.openingShown.fromStart && at < MIN_OPENING_PLIES) o = null;
  else if (at === ply) o = S.game.opening();
  else {
    S.game.goto(at);
    try {
      o = S.game.opening();
    } finally {
      S.game.goto(ply);
    }
  }
  S.openingShown = { ...S.openingShown, key: fullKey, o };
  showOpening($("opening"), o, $("opening-row"));
  $("opening-link").href = o ? explorerHref(o.id) : "openings.html";
}

// ---- endgame tables ----------------------------------------------------
// With five pieces or fewer the Worker loads the endgame tables the position
// needs and says what they decide: {result, sideToMove, moves} or null.

let tb = { key: "", asked: "", verdict: null };

function tablebaseKey() {
  return `${S.generation}|${S.game.ply()}|${S.game.fen()}`;
}

function tablebaseText(v) {
  if (v.result === "draw") return t("play.tablebaseDraw");
  const winner = v.result === "win" ? v.sideToMove : other(v.sideToMove);
  return t("play.tablebaseWin", { side: winner, n: v.moves });
}

function renderTablebase(key = tablebaseKey()) {
  const known = tb.key === key;
  const v = known ? tb.verdict : null;
  const el = $("tablebase");
  el.textContent = v ? tablebaseText(v) : "";
  // For tests and styles: "pending" until the Worker answered for this position.
  el.dataset.state = v ? v.result : known ? "none" : "pending";
}

async function probeTables(st, key) {
  if (tb.key === key || tb.asked === key) return;
  // The engine says whether the tables can hold this position (no file
  // for it: too many pieces).
  if (st.state !== "ongoing" || engine.egtbFilesFor(S.game).length === 0) {
    tb = { key, asked: key, verdict: null };
    return;
  }
  tb.asked = key;
  try {
    const { result } = await bot.request({ kind: "probe", startFen: S.game.startFen(), moves: movesPlayed() }, 15000);
    tb = { key, asked: key, verdict: result };
  } catch {
    // cancelled (a new game) or no answer: no line
    if (tb.asked === key) tb.asked = "";
    return;
  }
  renderTablebase();
}

function describeSide(color) {
  const side = t("side.name", { side: color });
  if (S.settings.mode === "humans") return { name: side, detail: "" };
  if (color === S.settings.human) return { name: t("play.you"), detail: side };
  const l = levelInfo();
  return { name: t("play.botName", { level: l.level }), detail: t("play.botDetail", { name: l.name, side: color }) };
}

export function renderPlayers(st, pieces) {
  const bottom = board.orientation;
  const counts = { white: { man: 0, king: 0 }, black: { man: 0, king: 0 } };
  for (const p of pieces) counts[p.color][p.role] += 1;
  for (const [id, color] of [
    ["player-bottom", bottom],
    ["player-top", other(bottom)],
  ]) {
    const el = $(id);
    const d = describeSide(color);
    el.dataset.color = color;
    el.querySelector(".player-name").textContent = d.name;
    el.querySelector(".player-detail").textContent = d.detail;
    const c = counts[color];
    el.querySelector(".player-count").textContent = materialText(c.man, c.king);
    const toMove = st.state === "ongoing" && st.toMove === color;
    el.classList.toggle("to-move", toMove);
    el.querySelector(".player-thinking").hidden = !(S.thinking && toMove);
  }
  renderClocks();
}

function renderMoves() {
  const list = $("move-list");
  const hist = S.game.history();
  const current = S.viewPly === null ? hist.length : S.viewPly;
  const key = `${S.generation}|${current}|${hist.map((h) => h.notation).join(" ")}`;
  if (key === S.movesKey) return;
  S.movesKey = key;
  list.replaceChildren();
  // Move numbers and sides come from the engine (history entries carry
  // moveNumber and side); a game that starts with Black opens with a gap.
  let li = null;
  let number = null;
  for (let i = 0; i < hist.length; i++) {
    const h = hist[i];
    if (h.moveNumber !== number || !li) {
      number = h.moveNumber;
      li = document.createElement("li");
      const num = document.createElement("span");
      num.className = "move-num";
      num.textContent = `${number}.`;
      li.append(num);
      if (h.side === "black") {
        const gap = document.createElement("span");
        gap.className = "move-gap";
        gap.textContent = "…";
        li.append(gap);
      }
      list.append(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.ply = String(i + 1);
    b.textContent = h.notation;
    b.setAttribute("aria-label", t("play.moveLabel", { num: number, black: h.side !== "white", side: h.side, move: h.notation }));
    if (i + 1 === current) {
      b.setAttribute("aria-current", "true");
      b.classList.add("current");
    }
    li.append(b);
  }
  $("moves-empty").hidden = hist.length > 0;
  $("btn-live").hidden = S.viewPly === null;
  $("view-note").hidden = S.viewPly === null;
  if (S.viewPly !== null) $("view-note").textContent = S.viewPly === 0 ? t("play.viewStart") : t("play.viewAfter", { n: S.viewPly });
  requestAnimationFrame(() => {
    const scroller = $("move-scroll");
    if (S.viewPly === null) scroller.scrollTop = scroller.scrollHeight;
    else {
      const cur = list.querySelector(".current");
      if (cur) cur.scrollIntoView({ block: "nearest" });
    }
  });
  $("nav-first").disabled = current === 0;
  $("nav-prev").disabled = current === 0;
  $("nav-next").disabled = current >= hist.length;
  $("nav-last").disabled = current >= hist.length;
}

function renderButtons(st) {
  const ongoing = st.state === "ongoing";
  const busy = !!S.waiting;
  const hasMoves = S.game.ply() > 0 || !!S.end;
  $("btn-undo").disabled = busy || !hasMoves || (!!S.clock && S.settings.mode === "humans");
  $("btn-draw").disabled = busy || S.thinking || !ongoing || !isLive();
  $("btn-resign").disabled = busy || !ongoing || !isLive();
  $("btn-hint").disabled = busy || S.thinking || !ongoing || !isLive() || !isHumanTurn();
  $("move-input").disabled = !ongoing;
  $("move-submit").disabled = !ongoing;
}

export function renderExport() {
  if (!$("io").open) return; // filled in when opened
  const fen = S.viewPly === null ? S.game.fen() : viewFen(S.viewPly);
  $("fen-out").value = fen;
  $("pdn-out").value = pdnText();
  const hash = store.encodeShare(record(), START_FEN);
  $("share-out").value = `${location.origin}${location.pathname}${hash ? `#${hash}` : ""}`;
}

export function viewFen(ply) {
  if (ply === 0) return S.game.startFen();
  return S.game.history()[ply - 1].fen;
}
