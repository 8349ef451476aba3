// The play page's state: the engine (loaded here, once; every module that
// imports this one waits for it), the game and everything around it in one
// object `S`, the bot's Worker, and the questions every part asks: the
// game's record, whose turn it is, the level, the status in a sentence.

import { loadEngine } from "../board/engine.js";
import { BotClient } from "../shared/bot-client.js";
import { t } from "../i18n/i18n.js";
import { resultText } from "../shared/status-text.js";
import { START_FEN } from "../board/fen.js";

let loaded;
try {
  loaded = await loadEngine();
} catch (e) {
  document.getElementById("status-main").textContent = t("play.startFailed");
  document.getElementById("status-sub").textContent = t("play.startFailedDetail", { message: e.message });
  throw e;
}
export const engine = loaded;
export const { Game, levels } = engine;
export const LEVELS = levels();
export const DEFAULT_LEVEL = LEVELS[Math.min(1, LEVELS.length - 1)].level;
export { START_FEN };
// Time the page allows the worker beyond the level's own budget before it
// treats the worker as stuck and restarts it (covers loading a fresh worker).
export const WATCHDOG_GRACE_MS = 4000;

export const S = {
  settings: {
    mode: "bot",
    human: "white",
    level: DEFAULT_LEVEL,
    timeControl: "none",
    custom: { white: 5, black: 5, inc: 0 },
    autoFlip: true,
  },
  game: new Game(),
  /** How a game ended outside the moves: {type: "resign"|"agreement"|"time", side}. */
  end: null,
  /** null = the live position; k = the position after k moves. */
  viewPly: null,
  /** Bumped whenever the game is replaced: late answers are dropped. */
  generation: 0,
  /** The bot is searching its move. */
  thinking: false,
  /** A non-move request in flight ("hint", "draw"). */
  waiting: null,
  hint: null,
  /** A one-off line under the status (bot declined a draw, ...). */
  notice: "",
  /** The game's clocks (GameClock), null without a time control. */
  clock: null,
  /** The control the game started with (kept after a takeback stops the clocks). */
  clockControl: null,
  lowWarned: { white: false, black: false },
  /** The entry this game is stored under in My games (rewritten if it ends again). */
  archiveId: null,
  /** What was last stored for it (ending and ply). */
  archivedKey: null,
  startedAt: new Date().toISOString(),
  /** The opening line's cache (panels.js). */
  openingShown: { key: null, o: null, fromStart: true },
  /** The move list's cache key (panels.js). */
  movesKey: "",
  /** My games (my-games.js), once set up. */
  archiveUi: null,
  /** Refreshes "Find my mistakes" (review-game.js) once it is set up. */
  refreshReview: () => {},
};

export const debug = { lastBot: null, botRestarts: 0, levels: LEVELS };
window.shashkiPlay = debug; // read-only facts for tests and the curious

export const bot = new BotClient({
  onRestart(n, reason) {
    debug.botRestarts = n;
    console.warn(`bot worker restarted (${reason})`);
  },
});

// ---- the game record ---------------------------------------------------

/** The moves up to the game's cursor (history() stops there). */
export function movesPlayed() {
  return S.game.history().map((h) => h.notation);
}

export function record() {
  return { startFen: S.game.startFen(), moves: movesPlayed(), end: S.end };
}

function applyEnd(g, e) {
  if (!e) return;
  if (e.type === "resign") g.resign(e.side);
  else if (e.type === "time") g.loseOnTime(e.side);
  else if (e.type === "agreement") {
    g.offerDraw(e.side);
    g.acceptDraw();
  }
}

/** Rebuilds a Game from a record; the engine re-checks every move. */
export function buildGame(rec) {
  const g = rec.startFen ? Game.fromFen(rec.startFen) : new Game();
  try {
    for (const m of rec.moves) g.play(m);
    applyEnd(g, rec.end);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

// ---- whose turn --------------------------------------------------------

export function isLive() {
  return S.viewPly === null;
}

export function isHumanTurn(st = S.game.status()) {
  if (!isLive() || S.thinking || S.waiting) return false;
  return st.state === "ongoing" && (S.settings.mode === "humans" || st.toMove === S.settings.human);
}

export function isBotTurn(st = S.game.status()) {
  return S.settings.mode === "bot" && st.state === "ongoing" && st.toMove !== S.settings.human;
}

export function levelInfo(level = S.settings.level) {
  return LEVELS.find((l) => l.level === level) || LEVELS[0];
}

export function statusSentence(st) {
  if (st.state !== "ongoing") return resultText(st);
  return t("play.toMoveSentence", { side: st.toMove });
}
