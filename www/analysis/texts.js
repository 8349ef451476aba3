// Every word the analysis page shows, in one table (English); a
// translation is a table of its own with the same keys. Static labels in analysis.html carry
// `data-t="key"` (text) or `data-t-label="key"` (aria-label) and are filled
// from here; functions build the sentences with numbers in them.

import { localTable } from "../i18n/i18n.js";
import ru from "../i18n/ru-analysis.js";

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export const en = {
  skipToBoard: "Skip to the board",
  docTitle: "Analysis board · Shashki",
  pageTitle: "Analysis board",
  positionTitle: "Position",
  navGroup: "Moves",
  navFirst: "Start of the game",
  navPrev: "Previous move",
  navNext: "Next move",
  navLast: "End of the line",
  flip: "Flip",
  editPosition: "Edit position",
  boardLabel: "Analysis board",
  editorBoardLabel: "Position editor board",

  editorTitle: "Position editor",
  editorHelp: "Choose a piece, then click or tap squares to place it; the same piece again removes it.",
  paletteLabel: "Piece to place",
  whiteMan: "White man",
  whiteKing: "White king",
  blackMan: "Black man",
  blackKing: "Black king",
  emptySquare: "Empty",
  sideToMove: "Side to move",
  white: "White",
  black: "Black",
  clearBoard: "Clear board",
  startPosition: "Start position",
  fenLabel: "FEN",
  load: "Load",
  editorDone: "Analyse this position",
  editorCancel: "Back without changes",
  editorInvalid: (why) => `Not a legal position. ${why}`,
  editorNoMoves: (side) => `${cap(side)} has no legal move here: the game would already be over.`,
  editorBadFen: (why) => `This FEN cannot be read. ${why}`,
  editorPlaced: (piece, square) => `${piece} on ${square}.`,
  editorRemoved: (square) => `${square} emptied.`,

  analysisTitle: "Engine",
  analyseOn: "Analyse",
  analyseOff: "Stop",
  bestLine: "Best line:",
  candidates: "Candidate moves",
  engineFailed: (message) => `The engine could not be loaded (${message}). Reload the page to try again.`,
  engineLoading: "Starting the engine…",
  engineIdle: "Press Analyse to let the engine think about this position.",
  gameOverNoAnalysis: "The game is over in this position.",
  depthInfo: (depth, nps) => `depth ${depth} · ${formatNps(nps)}`,
  provenDone: "proven",
  winsIn: (side, moves) => `${cap(side)} wins in ${plural(moves, "move", "moves")}`,
  evalWords: (score) =>
    score > 0.3 ? `White is better by ${score.toFixed(1)}` : score < -0.3 ? `Black is better by ${(-score).toFixed(1)}` : "About level",

  movesTitle: "Moves",
  promote: "Promote line",
  deleteLine: "Delete from here",
  treeHelp:
    "Play any move on the board: a move played at an earlier point starts a side line. Arrow keys walk the tree (left and right: back and forward; up and down: other lines).",
  treeLabel: "Moves and side lines",
  noMoves: "No moves yet: play one on the board.",
  startOfGame: "Start",
  sideLine: "Side line",

  toMove: (side) => `${cap(side)} to move.`,
  statusWin: (winner) => `${cap(winner)} has won.`,
  statusDraw: "The game is drawn.",
  played: (side, move) => `${cap(side)} played ${move}.`,
  atStart: "Start position.",

  reviewTitle: "Game review",
  reviewBudget: "Time per position",
  seconds: (ms) => `${ms / 1000} s`,
  reviewStart: "Review the main line",
  reviewCancel: "Cancel the review",
  reviewProgress: "Review progress",
  reviewRunning: (done, total) => `Evaluating position ${done} of ${total}…`,
  reviewDone: (marks) =>
    marks === 0 ? "Review done: no move lost much." : `Review done: ${plural(marks, "move", "moves")} marked.`,
  reviewNothing: "There are no moves to review: play or load a game first.",
  reviewCancelled: "Review cancelled.",
  reviewThresholds:
    "A move is marked by how much it lowers its player's expected score: inaccuracy from 0.10, mistake from 0.20, blunder from 0.30.",
  marksLabel: "Marked moves",
  graphLabel: (n) => `Evaluation graph of ${plural(n, "position", "positions")}, White's view. Click a point to go to that move.`,
  markName: { inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" },
  markLine: (number, move, kind, better, line) =>
    `${number} ${move}: ${kind}. Better ${better}${line ? ` (${line})` : ""}.`,

  classicsTitle: "Classic games",
  classicsHelp: "200 games of USSR championships. Open one to review it.",
  filterPlayer: "Player",
  filterYear: "Year",
  filterResult: "Result",
  resultAny: "Any",
  opening: "Opening",
  filterOpening: "Opening",
  openingAny: "Any",
  reviewOpening: (name) => `Opening of the main line: ${name}.`,
  resultWhite: "White won",
  resultBlack: "Black won",
  resultDraw: "Draw",
  classicsCount: (shown, total) => `${shown} of ${total} games.`,
  classicsLoading: "Loading the games…",
  classicsFailed: (message) => `The games could not be loaded: ${message}.`,
  classicItem: (g) => `${g.white} – ${g.black}, ${g.year ?? "?"}, ${resultWord(g.result)}, ${g.event}`,
  classicOpened: (g) => `${g.white} – ${g.black} (${g.year ?? "?"}) opened; reviewing it.`,

  ioTitle: "Link, FEN and PDN",
  linkLabel: "Link to this position and line",
  pdnLabel: "PDN (side lines as variations)",
  pasteLabel: "Paste a FEN, a PDN or a link",
  copy: "Copy",
  copied: "Copied.",
  badFen: (why) => `This FEN cannot be read. ${why} The previous position is kept.`,
  badPdn: (why) => `This PDN cannot be read. ${why} The previous position is kept.`,
  badLink: (why) => `This link cannot be opened. ${why} The previous position is kept.`,
  loadedFen: "Position loaded.",
  loadedPdn: "Game loaded.",
  emptyPaste: "Paste something first.",
};

function resultWord(r) {
  return r === "2-0" ? "1–0" : r === "0-2" ? "0–1" : r === "1-1" ? "½–½" : r;
}

function formatNps(nps) {
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)} M nodes/s`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)} k nodes/s`;
  return `${nps} nodes/s`;
}

// The table in the page's language (www/i18n/ru-analysis.js: the same keys
// in Russian); the page reloads when the language is switched.
export const T = localTable(en, { ru });

/** Fills the page's static labels from the table. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) {
    const v = T[el.getAttribute("data-t")];
    if (typeof v === "string") el.textContent = v;
  }
  for (const el of root.querySelectorAll("[data-t-label]")) {
    const v = T[el.getAttribute("data-t-label")];
    if (typeof v === "string") el.setAttribute("aria-label", v);
  }
}
