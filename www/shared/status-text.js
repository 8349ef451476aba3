// The game's facts in sentences, in the reader's language. The facts (who
// won, why, the running counts, the engine's error codes) come from the
// engine; the words from the tables in ../i18n/. Used by the play page and
// the board widget alike.

import { lang, listWords, t } from "../i18n/i18n.js";
import { ruleFacts } from "./facts.js";

export const other = (c) => (c === "white" ? "black" : "white");

/** The side's name as a sentence's subject: "White" / "Белые". */
export const sideName = (c) => t("side.name", { side: c });

/** Why the game ended, as a sentence, or "" ("Black has no pieces left."). */
export function reasonText(status) {
  const loser = status.winner ? other(status.winner) : null;
  const f = ruleFacts() || {};
  switch (status.reason) {
    case "no_moves":
    case "no_pieces":
    case "resignation":
    case "time_forfeit":
      return t(`reason.${status.reason}`, { side: loser });
    case "repetition":
    case "agreement":
      return t(`reason.${status.reason}`, { n: f.repetitions });
    case "kings_vs_lone_king":
      return t("reason.kings_vs_lone_king", { n: f.loneKingMoves });
    case "main_road":
      return t("reason.main_road", { n: f.mainRoadMoves });
    case "kings_balance":
    case "kings_only":
      return t(`reason.${status.reason}`);
    default:
      return "";
  }
}

/** "White wins: Black has no legal move." / "Draw by agreement." */
export function resultText(status) {
  if (status.state === "ongoing") return "";
  if (status.reason === "agreement") return t("result.agreement");
  const head = headline(status);
  const why = reasonText(status);
  return why ? t("result.withReason", { head, why }) : `${head}.`;
}

/** The status line's headline: "White to move", "Black wins", "Draw". */
export function headline(status) {
  if (status.state === "ongoing") return t("status.toMove", { side: status.toMove });
  if (status.state === "draw") return t("status.draw");
  return t("status.wins", { side: status.winner });
}

function runningCounts(status) {
  const counts = status.counts;
  if (!counts || status.state !== "ongoing") return [];
  return (Array.isArray(counts) ? counts : Object.values(counts)).filter(
    (c) => c && typeof c === "object" && Number.isFinite(c.movesLeft) && c.rule,
  );
}

/**
 * The running draw count closest to its end (the engine's Count object:
 * {rule, side, movesLeft, ...}), or null; on a tie, the count a side must beat.
 */
export function pressingCount(status) {
  const list = runningCounts(status);
  list.sort((a, b) => a.movesLeft - b.movesLeft || Number(!a.side) - Number(!b.side));
  return list[0] || null;
}

/** The running draw count closest to its end, as a sentence, or "". */
export function drawCountText(status) {
  const lines = [];
  const c = pressingCount(status);
  if (c) {
    const n = c.movesLeft;
    if (c.side) lines.push(t("count.sideLeft", { side: c.side, n }));
    else if (c.rule === "kings_only") lines.push(t("count.kingsOnlyLeft", { n }));
    else lines.push(t("count.balanceLeft", { n }));
  }
  if (status.counts?.repetitions === 2) lines.push(t("count.repeated"));
  return lines.join(" ");
}

/** Every running draw count, shortest first, as one sentence (the widget's). */
export function countsText(status) {
  const list = runningCounts(status);
  if (!list.length) return "";
  // shortest first; on a tie, in the rules' order (2 to 5)
  const order = ["kings_vs_lone_king", "main_road", "kings_balance", "kings_only"];
  list.sort((a, b) => a.movesLeft - b.movesLeft || order.indexOf(a.rule) - order.indexOf(b.rule));
  const parts = list.map((c) => t("counts.item", { rule: c.rule, n: c.movesLeft, side: c.side }));
  return t("counts.list", { n: list.length, items: parts.join("; ") });
}

/** "3 men · 1 king", "no pieces". */
export function materialText(men, kings) {
  const parts = [];
  if (men) parts.push(t("material.men", { n: men }));
  if (kings) parts.push(t("material.kings", { n: kings }));
  return parts.length ? parts.join(" · ") : t("material.none");
}

// ---- the engine's errors ----------------------------------------------

/**
 * The reason an illegal move is refused, in the reader's language, worded
 * from the engine's stable code (`err.reasonCode`, one of
 * notation::IllegalReason::CODES) and its squares (`err.reasonParams`:
 * `square`, `side`, `squares`). An error without a code (not an illegal
 * move) keeps its own words.
 */
export function illegalReason(err) {
  const code = err && err.reasonCode;
  if (!code) return String((err && (err.reason || err.message)) || err || "");
  const p = err.reasonParams || {};
  const squares = p.squares || [];
  return t(`illegal.${code}`, { sq: p.square, side: p.side, squares, list: listWords(squares, "or") });
}

/** The reason code of an illegal move worded, or "" (`p`: detail params). */
function illegalWhy(p) {
  return p.reason ? illegalReason({ reasonCode: p.reason, reasonParams: p }) : "";
}

/**
 * The engine's error detail (`err.detail`: {code, params, inner}, see
 * error_detail::ErrorDetail) as a phrase in the reader's language: where
 * (line, move) and what is wrong, from the tables' `detail.<code>` words.
 */
export function detailPhrase(d) {
  const p = (d && d.params) || {};
  const words = {
    ...p,
    moves: listWords(p.moves || [], "or"),
    why: illegalWhy(p),
  };
  const at = p.line ? t("detail.at", { game: p.game || 1, line: p.line }) : "";
  if (d.code === "pdnMove") {
    const inner = d.inner || {};
    const ip = inner.params || {};
    // the move is named before: its own words without it (`detail.inGame.<code>`)
    const key = `detail.inGame.${inner.code}`;
    const short = t(key, { ...ip, moves: listWords(ip.moves || [], "or"), why: illegalWhy(ip) });
    const what = short === key ? detailPhrase(inner) : short;
    return `${t("detail.atMove", { at, number: p.number, side: p.side, text: p.text })}: ${what}`;
  }
  if (d.inner) words.why = detailPhrase(d.inner);
  const own = t(`detail.${d.code}`, words);
  return at ? `${at}: ${own}` : own;
}

/**
 * The detail as a sentence: a full stop, and a capital letter unless it
 * starts with a square or a move ("c3-d4", which keeps its case).
 */
export function detailText(d) {
  const s = detailPhrase(d);
  if (!s) return "";
  const head = /^\p{L}+(?![\p{L}\d-])/u.test(s) ? `${s[0].toUpperCase()}${s.slice(1)}` : s;
  return `${head}${/[.!?]$/.test(s) ? "" : "."}`;
}

/**
 * Why a text could not be read, as a sentence: from the engine's detail
 * when the error has one, else the error's own sentence (errorText).
 */
export function errorWhy(err) {
  return err && err.detail && err.detail.code ? detailText(err.detail) : errorText(err);
}

/**
 * A sentence for an error the engine threw ({code, message, reason,
 * candidates}): by its stable code, with the reason in the reader's words.
 */
export function errorText(err) {
  const code = err && err.code;
  const message = String((err && err.message) || err || "");
  switch (code) {
    case "illegal_move":
      return t("error.illegal_move", { message, reason: illegalReason(err) });
    case "ambiguous_move":
      return t("error.ambiguous_move", { message, candidates: listWords(err.candidates || [], "or") });
    case "bad_fen":
    case "bad_pdn":
      if (err.detail && err.detail.code) return t(`error.${code}`, { message, why: detailText(err.detail) });
      return t(`error.${code}`, { message, why: message });
    case "bad_notation":
    case "game_over":
    case "no_game":
    case "too_long":
    case "too_large":
    case "no_draw_offer":
    case "draw_already_offered":
    case "bad_argument":
      return t(`error.${code}`, { message });
    default:
      return message;
  }
}
