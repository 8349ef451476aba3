// The game in play: replacing it, saving it, a move played (by the reader
// or the bot), the board brought up to date, and earlier positions viewed.

import * as store from "./store.js";
import { t } from "../i18n/i18n.js";
import { errorText, other } from "../shared/status-text.js";
import { playMoveSound } from "../shared/sound.js";
import { announce } from "../shared/announce.js";
import { $ } from "../shared/util.js";
import { board } from "./page-board.js";
import { bot, debug, engine, Game, isBotTurn, isHumanTurn, isLive, levelInfo, movesPlayed, record, S, START_FEN, statusSentence, WATCHDOG_GRACE_MS } from "./state.js";
import { renderPanels, renderPlayers, viewFen } from "./panels.js";
import { gameOver } from "./clocks-view.js";

export function setGame(g, endRecord = null) {
  cancelRequests();
  S.game.free();
  S.game = g;
  S.end = endRecord;
  S.generation += 1;
  S.openingShown = { key: null, o: null, fromStart: S.game.startFen() === START_FEN };
  S.viewPly = null;
  S.hint = null;
  S.notice = "";
  const hist = S.game.history();
  board.set({ position: S.game.board(), lastMove: hist[S.game.ply() - 1] || null, hint: null });
  update();
}

export function cancelRequests() {
  bot.cancel();
  S.thinking = false;
  S.waiting = null;
}

export function persist() {
  store.save({
    record: record(),
    settings: S.settings,
    orientation: board.orientation,
    fen: S.game.fen(),
    clock: S.clock ? { ctl: S.clock.ctl, ...S.clock.toJSON(performance.now()) } : null,
    clockControl: S.clockControl,
    archiveId: S.archiveId,
    archivedKey: S.archivedKey,
    startedAt: S.startedAt,
  });
}

// ---- playing moves -----------------------------------------------------

/** Plays a move (any notation the engine reads) and shows it on the board. */
export async function playMove(text, { animate = true } = {}) {
  let played;
  const mover = S.game.turn();
  try {
    played = S.game.play(text);
  } catch (e) {
    showMoveError(errorText(e));
    return false;
  }
  showMoveError("");
  S.hint = null;
  S.notice = "";
  if (S.clock) S.clock.press(mover, performance.now());
  playMoveSound(played);
  // One status, one render and one save per move: the panels show the
  // move while the board animates; afterwards only the board's moves are
  // set (and the bot started).
  persist();
  const gen = S.generation;
  const st = S.game.status();
  announce(t("play.played", { side: mover, move: played.notation, status: statusSentence(st) }));
  renderPanels(st);
  if (st.state !== "ongoing") gameOver();
  S.refreshReview(st.state !== "ongoing");
  if (isLive()) await board.playMove(played, S.game.board(), { animate });
  if (gen !== S.generation) return true;
  if (S.settings.mode === "humans" && S.settings.autoFlip && st.state === "ongoing" && isLive()) {
    board.setOrientation(st.toMove);
    renderPlayers(st, S.game.board());
  }
  update({ render: false, st });
  return true;
}

async function botMove() {
  const gen = S.generation;
  const level = levelInfo();
  S.thinking = true;
  update({ think: false, save: false });
  // On a clock the bot's budget comes from its time left and increment
  // (engine::move_budget_ms through moveBudget): never more than its
  // level's own budget, never its whole time.
  const color = other(S.settings.human);
  const remainingMs = S.clock ? S.clock.remaining(color, performance.now()) : null;
  const incrementMs = S.clock ? S.clock.ctl[color].incMs : null;
  const budgetMs = S.clock ? engine.moveBudget(level.level, remainingMs, incrementMs) : level.movetimeMs;
  try {
    const { result, elapsedMs } = await bot.request(
      {
        kind: S.clock ? "playOnClock" : "play",
        startFen: S.game.startFen(),
        moves: movesPlayed(),
        level: level.level,
        seed: randomSeed(),
        remainingMs,
        incrementMs,
      },
      budgetMs + WATCHDOG_GRACE_MS,
    );
    if (gen !== S.generation) return;
    debug.lastBot = {
      elapsedMs,
      budgetMs,
      clockMs: remainingMs,
      incrementMs,
      level: level.level,
      depth: result.depth,
      nodes: result.nodes,
      move: result.move && result.move.notation,
    };
    S.thinking = false;
    if (!result.move) return update({ think: false, save: false });
    await playMove(result.move.notation, { animate: true });
  } catch (e) {
    if (e.cancelled || gen !== S.generation) return;
    S.thinking = false;
    S.notice = t("play.botFailed", { message: e.message });
    update({ think: false, save: false });
  }
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** Sets the board's moves and starts the bot when it is its turn; renders
 * the panels unless the caller just did (`render: false`) and saves unless
 * the game did not change (`save: false`: only the page's own state, such
 * as the bot thinking, did). */
export function update({ think = true, render = true, save = render, st = S.game.status() } = {}) {
  if (S.clock && S.clock.running && st.state !== "ongoing") S.clock.stop(performance.now());
  if (isLive()) {
    board.set({
      legalMoves: isHumanTurn(st) ? S.game.legalMoves() : [],
      viewOnly: false,
      hint: S.hint,
    });
  }
  if (render) renderPanels(st);
  if (save) persist();
  S.refreshReview(st.state !== "ongoing");
  if (think && isLive() && !S.thinking && !S.waiting && isBotTurn(st)) botMove();
}

export function showMoveError(text) {
  $("move-error").textContent = text;
  $("move-input").setAttribute("aria-invalid", text ? "true" : "false");
}

// ---- viewing earlier positions ----------------------------------------

export function viewPosition(ply) {
  const n = S.game.ply();
  if (ply === null || ply >= n) {
    S.viewPly = null;
    const hist = S.game.history();
    board.set({ position: S.game.board(), lastMove: hist[n - 1] || null, viewOnly: false });
    update();
    announce(t("play.backToGame", { status: statusSentence(S.game.status()) }));
    return;
  }
  S.viewPly = Math.max(0, ply);
  const g = Game.fromFen(viewFen(S.viewPly));
  const last = S.viewPly > 0 ? S.game.history()[S.viewPly - 1] : null;
  board.set({ position: g.board(), lastMove: last, viewOnly: true, legalMoves: [], hint: null });
  g.free();
  renderPanels(S.game.status());
  announce(S.viewPly === 0 ? t("play.startPosition") : t("play.positionAfter", { move: last.notation }));
}
