// Small pieces of <shashki-board> (shashki-board.js): reading its attributes,
// describing a position in words, its buttons, and the sentence for a
// refused move.

import { listWords, t } from "../i18n/i18n.js";
import { illegalReason } from "../shared/status-text.js";
import { el } from "../shared/util.js";

export const MODES = new Set(["static", "explore", "replay", "exercise"]);
export const SQUARE = /^[a-h][1-8]$/;
export const REPLY_DELAY_MS = 380;

/** Adds the board's and the widget's style sheets to the page, once. */
export function addStyleSheets() {
  if (typeof document === "undefined") return;
  // (literal URLs: the release build's bundles rewrite them, scripts/bundle-pages.mjs)
  for (const url of [new URL("../board/board.css", import.meta.url), new URL("./widget.css", import.meta.url)]) {
    const href = url.href;
    const present = [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href);
    if (present) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.shashkiWidget = "";
    document.head.appendChild(link);
  }
}

export function words(text) {
  return String(text || "")
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/** "a1-e5 e5:g3" -> [["a1","e5"], ["e5","g3"]]; bad squares are dropped. */
export function parsePaths(text) {
  return words(text)
    .map((w) => w.toLowerCase().split(/[-:x>]/).filter((s) => SQUARE.test(s)))
    .filter((p) => p.length >= 2);
}

export function parseSquares(text) {
  return words(text)
    .map((w) => w.toLowerCase())
    .filter((s) => SQUARE.test(s));
}

/** "c3-d4 a5:e5 | c3-b4" -> [["c3-d4","a5:e5"], ["c3-b4"]] */
export function parseLines(text) {
  return String(text || "")
    .split("|")
    .map((l) => words(l))
    .filter((l) => l.length);
}

export function describeBoard(pieces, turn) {
  const side = (color) => {
    const own = pieces.filter((p) => p.color === color).sort((a, b) => (a.square < b.square ? -1 : 1));
    if (!own.length) return t("widget.sideNone", { side: color });
    const men = own.filter((p) => p.role === "man").map((p) => p.square);
    const kings = own.filter((p) => p.role === "king").map((p) => p.square);
    return t("widget.sidePieces", {
      side: color,
      kings: { length: kings.length, list: listWords(kings) },
      men: { length: men.length, list: listWords(men) },
    });
  };
  return `${side("white")}. ${side("black")}. ${t("widget.toMove", { side: turn })}`;
}

export function button(action, extra = {}) {
  return el("button", { type: "button", class: "sbw-btn", "data-action": action, ...extra }, t(ACTION_KEYS[action]));
}

export const ICONS = {
  start: "M5 4h2v12H5zM16 4v12L8 10z",
  back: "M14 4v12L6 10z",
  forward: "M6 4v12l8-6z",
  end: "M13 4h2v12h-2zM4 4v12l8-6z",
};

/** A button showing an icon, named for assistive technology by `label`. */
export function iconButton(icon, action) {
  const label = t(ACTION_KEYS[action]);
  const b = el("button", { type: "button", class: "sbw-btn sbw-icon", "data-action": action, "aria-label": label, title: label });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[icon]);
  svg.appendChild(path);
  b.appendChild(svg);
  return b;
}

/** Sentence for an engine error thrown by Game.play (words by its code). */
export function refusal(err) {
  const code = err && err.code;
  if (code === "illegal_move") {
    const reason = illegalReason(err);
    return t("widget.refused.illegal", { reason }).replace(/\.\.$/, ".");
  }
  if (code === "ambiguous_move") {
    const list = err.candidates && err.candidates.length ? listWords(err.candidates, "or") : "";
    return t("widget.refused.ambiguous", { candidates: list });
  }
  if (code === "bad_notation") return t("widget.refused.notation", { message: err.message });
  if (code === "game_over") return t("widget.refused.over");
  return String((err && err.message) || err);
}

/** The words of each control, by its data-action. */
export const ACTION_KEYS = {
  undo: "widget.undo",
  reset: "widget.reset",
  retry: "widget.retry",
  solution: "widget.showSolution",
  start: "widget.first",
  back: "widget.prev",
  forward: "widget.next",
  end: "widget.last",
};
