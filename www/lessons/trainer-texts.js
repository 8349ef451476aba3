// Every user-visible string of the endgame trainer (lessons page), in
// English; the Russian is www/i18n/ru-trainer.js. The rule numbers come
// from the engine (ruleFacts), never written here; functions get them as
// parameters.

import { addTexts } from "../i18n/i18n.js";
import ru from "../i18n/ru-trainer.js";

const side = (c) => (c === "white" ? "White" : "Black");
const moves = (n) => `${n} ${n === 1 ? "move" : "moves"}`;

const en = {
  "trainer.h2": "Endgame trainer",
  "trainer.intro":
    "Play three classic endings against the endgame tables. After every move the tables give the exact result, and the machine answers with the best defence: the longest resistance when it is losing, the most dangerous try when it cannot win. The draw counts of the rules are the real ones, so a win that takes too long is a draw.",
  "trainer.choose": "Choose an ending",
  "trainer.petrov.name": "Petrov's triangle",
  "trainer.petrov.task": ({ n }) =>
    `Three kings against a lone king that is not on the main road. Take the black king by White's ${n}th move in this ending: after that the game is drawn.`,
  "trainer.petrov.tip":
    "Keep a king on the main road (a1–h8) so the black king can never step onto it. With the other two build Petrov's triangle: take squares from the black king, drive it to the edge, then catch it. The tables need 13 of your moves here, so you can afford only two wasted ones.",
  "trainer.corner.name": "Two kings against a king in the double corner",
  "trainer.corner.task": ({ n }) =>
    `Two kings cannot usually beat one, but a king shut in the double corner (a7–b8) can be caught. With kings on both sides and three pieces on the board, the game is drawn after ${moves(n)} without a capture: win within them.`,
  "trainer.corner.tip":
    "Keep the black king inside the double corner: block its way out along the long diagonals, then force it onto a square where it must be taken.",
  "trainer.road.name": "Holding the main road",
  "trainer.road.task": ({ n }) =>
    `You defend with the lone black king against three kings. Reach the main road (a1–h8) and stay on it: once your king has stood there for ${moves(n)} with no white king on the road, the game is drawn.`,
  "trainer.road.tip":
    "On the road, step only to squares where no white king can jump you: look at each white king's diagonals before you move. If a white king takes the road, the count starts again.",
  "trainer.board": ({ name }) => `${name}: board`,
  "trainer.movesLeft": "Moves left",
  "trainer.movesLeftNone": "no count",
  "trainer.tablebase": "Verdict",
  "trainer.moveList": "Moves",
  "trainer.restart": "Restart",
  "trainer.hint": "Show the best move",
  "trainer.youPlay": ({ side: c }) => `You play ${side(c)}.`,
  "trainer.loading": "Loading the endgame tables…",
  "trainer.thinking": "The tables are answering…",
  "trainer.yourMove": "Your move.",
  "trainer.unknown": "Tablebase: no exact answer here (the table is not loaded, or the counts are outside it)",
  "trainer.best": ({ move, why }) => `Best move: ${move}${why ? ` (${why})` : ""}.`,
  "trainer.bestWin": ({ n }) => (n == null ? "keeps the win" : `wins in ${moves(n)}`),
  "trainer.bestDraw": "holds the draw",
  "trainer.bestLoss": ({ n }) => (n == null ? "resists longest" : `lasts ${moves(n)}`),
  "trainer.noBest": "The tables have no move to suggest here.",
  "trainer.played": ({ who, move }) => `${who === "you" ? "You played" : "The machine replied"} ${move}.`,
  "trainer.slipWin": "That move let the win slip: the tables now say draw.",
  "trainer.slipDraw": "That move loses: the tables now say White wins.",
  "trainer.slower": ({ n }) => `Not the fastest: the win now takes ${moves(n)}.`,
  "trainer.endWon": ({ n }) => `You won in ${moves(n)}, within the count.`,
  "trainer.endCount": "The count ran out: draw. The win was there; restart and waste fewer moves.",
  "trainer.endHeld": "Draw: you held the main road until the count ran out. Well defended!",
  "trainer.endLost": "You lost: your king was caught. Restart and keep to the safe squares.",
  "trainer.endOther": ({ result }) => `Game over. ${result}`,
  "trainer.failed": ({ message }) => `The endgame tables could not answer: ${message}`,
  "trainer.countLabel": ({ n, side: c }) =>
    c ? `${side(c)} has ${moves(n)} left to win` : `${moves(n)} left for each side`,
};

addTexts("en", en);
addTexts("ru", ru);
