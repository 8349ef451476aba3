// Every user-visible string of the coordinate trainer (lessons page), in
// English; the Russian is www/i18n/ru-coords.js.

import { addTexts } from "../i18n/i18n.js";
import ru from "../i18n/ru-coords.js";

const en = {
  "coords.h2": "Coordinate trainer",
  "coords.intro":
    "Every square has a name: a letter for its column (a to h, from White's left) and a number for its row (1 to 8, from White's side). Moves are written with these names everywhere on this site, so learn them here: 30 seconds a run, as many squares as you can. Only the dark squares count, since the pieces never stand on the light ones.",
  "coords.taskLabel": "Task",
  "coords.task.find": "Find the square",
  "coords.task.name": "Name the square",
  "coords.sideLabel": "Board seen from",
  "coords.side.white": "White's side",
  "coords.side.black": "Black's side",
  "coords.board": "Coordinate trainer board",
  "coords.prompt.idle": "Choose a task and a side, then press Start.",
  "coords.prompt.find": "Click this square:",
  "coords.prompt.name": "Which square is marked?",
  "coords.time": "Time left",
  "coords.seconds": ({ s }) => `${s} s`,
  "coords.score": "Score",
  "coords.best": "Best",
  "coords.start": "Start",
  "coords.stop": "Stop",
  "coords.right": ({ sq }) => `Right: ${sq}.`,
  "coords.wrong.find": ({ sq, target }) => `That was ${sq}. Find ${target}.`,
  "coords.wrong.name": ({ sq }) => `Not ${sq}. Look again.`,
  "coords.over": ({ n, misses }) => `Time! ${n} ${n === 1 ? "square" : "squares"}, ${misses} ${misses === 1 ? "miss" : "misses"}.`,
  "coords.record": ({ n }) => `Time! ${n} ${n === 1 ? "square" : "squares"}: a new best.`,
  "coords.stopped": ({ n }) => `Stopped after ${n} ${n === 1 ? "square" : "squares"}; a stopped run is not kept as a best.`,
};

addTexts("en", en);
addTexts("ru", ru);
