// The player's commands: a new game, take back, offer a draw, resign, a
// hint, flip the board, open a pasted FEN, PDN or shared link.

import * as store from "./store.js";
import { t } from "../i18n/i18n.js";
import { errorText, other } from "../shared/status-text.js";
import { controlFor, GameClock } from "./clock.js";
import { announce } from "../shared/announce.js";
import { board } from "./page-board.js";
import { bot, buildGame, Game, isHumanTurn, movesPlayed, record, S, statusSentence } from "./state.js";
import { cancelRequests, persist, setGame, update } from "./game.js";
import { renderPanels, renderPlayers } from "./panels.js";
import { gameOver } from "./clocks-view.js";
import { keepInArchive } from "./keep.js";
import { confirmDialog } from "./dialogs.js";

// ---- commands ----------------------------------------------------------

export function newGame(opts) {
  keepInArchive(); // an unfinished game is kept as abandoned
  S.settings = { ...S.settings, ...opts };
  const g = new Game();
  S.archiveId = null;
  S.archivedKey = null;
  S.startedAt = new Date().toISOString();
  // The clocks are set before the game: the bot, when it plays White,
  // starts thinking as soon as the game is set, on its clock.
  S.clockControl = controlFor(S.settings.timeControl, S.settings.custom);
  S.clock = S.clockControl ? new GameClock(S.clockControl) : null;
  S.lowWarned = { white: false, black: false };
  if (S.clock) S.clock.start(g.turn(), performance.now());
  setGame(g);
  board.setOrientation(S.settings.mode === "bot" ? S.settings.human : "white");
  renderPanels(S.game.status());
  persist();
  announce(
    S.settings.mode === "bot"
      ? t("play.newBotGame", { level: S.settings.level, side: S.settings.human })
      : t("play.newHumansGame"),
  );
}

export function undo() {
  if (S.clock && S.settings.mode === "humans") {
    S.notice = t("clock.noUndoHumans");
    update({ save: false });
    return;
  }
  const stopClock = !!S.clock;
  const wasThinking = S.thinking;
  cancelRequests();
  const rec = record();
  const g = buildGame({ ...rec, end: null });
  if (rec.end) {
    // only take back the resignation or the agreed draw
  } else if (S.settings.mode === "humans" || wasThinking) {
    g.undo();
  } else {
    // take back the bot's reply and the player's own move
    g.undo();
    while (g.turn() !== S.settings.human && g.undo());
  }
  const n = g.ply();
  g.free();
  setGame(buildGame({ startFen: rec.startFen, moves: rec.moves.slice(0, n), end: null }));
  if (stopClock) {
    // A takeback against the bot stops the clocks for the rest of the game.
    S.clock = null;
    S.notice = t("clock.stoppedUndo");
    update();
  }
  announce(t("play.undone", { status: statusSentence(S.game.status()) }));
}

export async function offerDraw() {
  const st = S.game.status();
  if (st.state !== "ongoing") return;
  if (S.settings.mode === "humans") {
    const side = st.toMove;
    const ok = await confirmDialog(
      t("play.offersDraw", { side }),
      t("play.acceptQuestion", { side: other(side) }),
      t("play.acceptDraw"),
      t("play.decline"),
    );
    if (ok) finishByAgreement(side);
    else {
      S.notice = t("play.declined", { side: other(side) });
      announce(S.notice);
      update();
    }
    return;
  }
  const gen = S.generation;
  S.waiting = "draw";
  update({ think: false, save: false });
  try {
    const { result } = await bot.request(
      { kind: "acceptsDraw", startFen: S.game.startFen(), moves: movesPlayed(), side: other(S.settings.human) },
      8000,
    );
    if (gen !== S.generation) return;
    S.waiting = null;
    if (result) finishByAgreement(S.settings.human);
    else {
      S.notice = t("play.botDeclines");
      announce(S.notice);
      update();
    }
  } catch (e) {
    if (e.cancelled || gen !== S.generation) return;
    S.waiting = null;
    S.notice = t("play.noDrawAnswer", { message: e.message });
    update();
  }
}

function finishByAgreement(side) {
  S.game.offerDraw(side);
  S.game.acceptDraw();
  S.end = { type: "agreement", side };
  S.notice = S.settings.mode === "bot" ? t("play.botAccepts") : "";
  update();
  gameOver();
  announce(`${S.notice} ${statusSentence(S.game.status())}`.trim());
}

export async function resign() {
  const st = S.game.status();
  if (st.state !== "ongoing") return;
  const side = S.settings.mode === "bot" ? S.settings.human : st.toMove;
  const ok = await confirmDialog(
    t("play.resignTitle"),
    S.settings.mode === "bot" ? t("play.resignBot") : t("play.resignHumans", { side, other: other(side) }),
    t("play.resign"),
    t("play.keepPlaying"),
  );
  if (!ok || S.game.status().state !== "ongoing") return;
  cancelRequests();
  S.game.resign(side);
  S.end = { type: "resign", side };
  S.notice = ""; // a declined draw offer, a failed hint: stale once the game is over
  update();
  gameOver();
  announce(statusSentence(S.game.status()));
}

export async function askHint() {
  if (!isHumanTurn()) return;
  const gen = S.generation;
  S.waiting = "hint";
  update({ think: false, save: false });
  try {
    const { result } = await bot.request({ kind: "hint", startFen: S.game.startFen(), moves: movesPlayed() }, 8000);
    if (gen !== S.generation) return;
    S.waiting = null;
    S.hint = result.move || null;
    update();
    if (S.hint) announce(t("play.hint", { move: S.hint.notation }));
  } catch (e) {
    if (e.cancelled || gen !== S.generation) return;
    S.waiting = null;
    S.notice = t("play.noHint", { message: e.message });
    update();
  }
}

export function flip() {
  board.flip();
  renderPlayers(S.game.status(), S.game.board());
  persist();
  announce(t("play.flipped", { side: board.orientation }));
}

/** Opens a pasted FEN or PDN (or a share link). */
export function loadText(text) {
  const pasted = text.trim();
  if (!pasted) return t("play.pasteFirst");
  const shared = pasted.includes("#") ? store.decodeShare(pasted.slice(pasted.indexOf("#"))) : null;
  keepInArchive();
  S.clock = null;
  S.clockControl = null;
  S.archiveId = null;
  S.archivedKey = null;
  S.startedAt = new Date().toISOString();
  try {
    if (shared) setGame(buildGame(shared));
    else if (/^\[?\s*(FEN\s+")?[WB]\s*:/i.test(pasted)) setGame(Game.fromFen(pasted));
    else setGame(Game.fromPdn(pasted));
  } catch (e) {
    return errorText(e);
  }
  announce(t("play.loaded", { status: statusSentence(S.game.status()) }));
  return "";
}

export function openFromHash() {
  const shared = store.decodeShare(location.hash);
  if (!shared) return false;
  keepInArchive();
  S.clock = null; // a shared game is opened without a clock
  S.clockControl = null;
  S.archiveId = null;
  S.archivedKey = null;
  S.startedAt = new Date().toISOString();
  try {
    setGame(buildGame(shared));
    announce(t("play.sharedOpened", { status: statusSentence(S.game.status()) }));
  } catch (e) {
    S.notice = t("play.badLink", { message: errorText(e) });
    update();
  }
  history.replaceState(null, "", location.pathname + location.search);
  return true;
}
