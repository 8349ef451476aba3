// Every user-visible string of "learn from your mistakes" (analysis page),
// in English; the Russian is www/i18n/ru-mistakes.js.

import { addTexts } from "../i18n/i18n.js";
import ru from "../i18n/ru-mistakes.js";

const side = (c) => (c === "white" ? "White" : "Black");

const en = {
  "mistakes.title": "Learn from your mistakes",
  "mistakes.board": "Exercise board",
  "mistakes.count": ({ n, total }) => `Exercise ${n} of ${total}`,
  "mistakes.context": ({ side: s, number, move, kind, label }) =>
    `${label ? `${label}: here` : "Here"} ${side(s)} played ${number} ${move}, a ${kind}.`,
  "mistakes.prompt": ({ side: s }) => `${side(s)} to move. Find a better move.`,
  "mistakes.thinking": "The engine is judging your move…",
  "mistakes.right": ({ move, best }) => `${move} is good: it keeps the position. The engine's choice was ${best}.`,
  "mistakes.rightBest": ({ move }) => `${move}: the engine's own choice. Well found!`,
  "mistakes.wrong": ({ move, drop }) =>
    `${move} is not better: it costs ${Math.round(drop * 100)} points of expected score. Press Retry.`,
  "mistakes.sameMove": ({ move }) => `${move} is the move played in the game. Press Retry and look for another.`,
  "mistakes.hinted": ({ square }) => `Hint: the better move starts from ${square}.`,
  "mistakes.error": ({ message }) => `The engine could not judge the move: ${message}`,
  "mistakes.line": ({ best, line }) => `The engine's line: ${line || best}`,
  "mistakes.hint": "Hint",
  "mistakes.show": "Show the engine's line",
  "mistakes.retry": "Retry",
  "mistakes.next": "Next exercise",
  "mistakes.close": "Close",
  "mistakes.fromReview": ({ n }) => `Learn from the mistakes (${n})`,
  "mistakes.stored": ({ n }) => `Practise saved mistakes (${n})`,
  "mistakes.none": "The review found no mistake or blunder to practise.",
  "mistakes.reviewGame": "Find my mistakes in this game",
  "mistakes.reviewing": ({ n, total }) => `Reviewing the game: position ${n} of ${total}…`,
  "mistakes.reviewedSome": ({ n }) => `${n === 1 ? "One exercise" : `${n} exercises`} from your mistakes, also kept for later.`,
  "mistakes.reviewedNone": "The review found no mistake or blunder of yours in this game.",
  "mistakes.gameLabel": "Your game",
  "mistakes.reviewShort": "Find my mistakes",
};

addTexts("en", en);
addTexts("ru", ru);
