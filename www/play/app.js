// The play page: a game against the bot (or two people on one device).
// The engine (wasm Game) decides every rule and the end of the game; these
// modules wire it to the board, the bot Worker, the controls and storage:
//   page-board.js   the board, drawn before the engine has loaded
//   state.js        the engine, the game and its state, the bot's Worker
//   game.js         a move played, the board updated, earlier positions
//   panels.js       status, opening, tables, players, moves, buttons, export
//   clocks-view.js  the clocks, low time, flag fall, the end of a game
//   keep.js         the game's PDN and My games
//   commands.js     new game, undo, draw, resign, hint, flip, load
//   dialogs.js      the confirmation and new-game dialogs

import { markInteractive } from "../shared/load-marks.js";
import * as store from "./store.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { errorText } from "../shared/status-text.js";
import { GameClock } from "./clock.js";
import { setupArchive } from "./my-games.js";
import { setupGameReview } from "./review-game.js";
import { announce } from "../shared/announce.js";
import { $ } from "../shared/util.js";
import { board, boardHandlers } from "./page-board.js";
import { buildGame, DEFAULT_LEVEL, engine, Game, isHumanTurn, isLive, levelInfo, LEVELS, movesPlayed, S } from "./state.js";
import { playMove, setGame, showMoveError, viewPosition } from "./game.js";
import { renderExport, renderPanels } from "./panels.js";
import { tick } from "./clocks-view.js";
import { showArchiveError } from "./keep.js";
import { askHint, flip, loadText, offerDraw, openFromHash, resign, undo } from "./commands.js";
import { confirmDialog, openNewGameDialog, setupNewGameDialog, syncLevelDescription } from "./dialogs.js";

// ---- wiring ------------------------------------------------------------

function wire() {
  $("btn-new").addEventListener("click", openNewGameDialog);
  $("btn-undo").addEventListener("click", undo);
  $("btn-draw").addEventListener("click", offerDraw);
  $("btn-resign").addEventListener("click", resign);
  $("btn-hint").addEventListener("click", askHint);
  $("btn-flip").addEventListener("click", flip);
  $("btn-live").addEventListener("click", () => viewPosition(null));
  $("nav-first").addEventListener("click", () => viewPosition(0));
  $("nav-prev").addEventListener("click", () => viewPosition((S.viewPly ?? S.game.ply()) - 1));
  $("nav-next").addEventListener("click", () => viewPosition((S.viewPly ?? S.game.ply()) + 1));
  $("nav-last").addEventListener("click", () => viewPosition(null));
  $("move-list").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-ply]");
    if (b) viewPosition(Number(b.dataset.ply));
  });
  $("move-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    if (!text) return;
    if (!isLive()) viewPosition(null);
    if (S.game.status().state !== "ongoing") return showMoveError(t("play.gameOver"));
    if (!isHumanTurn()) return showMoveError(S.thinking ? t("play.waitBot") : t("play.notYourMove"));
    if (await playMove(text)) input.value = "";
    else announce($("move-error").textContent);
  });
  for (const b of document.querySelectorAll("[data-copy]")) {
    b.addEventListener("click", () => copyField(b));
  }
  $("btn-load").addEventListener("click", () => {
    const err = loadText($("paste-in").value);
    $("load-error").textContent = err;
    if (!err) $("paste-in").value = "";
  });
  addEventListener("hashchange", openFromHash);
  $("io").addEventListener("toggle", renderExport);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select, dialog")) return;
    if (e.key === "ArrowLeft" && e.target.closest("#move-scroll, .moves-nav")) $("nav-prev").click();
    if (e.key === "ArrowRight" && e.target.closest("#move-scroll, .moves-nav")) $("nav-next").click();
  });
  setupNewGameDialog();
}

async function copyField(button) {
  const field = $(button.dataset.copy);
  field.select();
  let ok = false;
  try {
    await navigator.clipboard.writeText(field.value);
    ok = true;
  } catch {
    ok = document.execCommand && document.execCommand("copy");
  }
  const old = button.textContent;
  button.textContent = ok ? t("play.copied") : t("play.copyManually");
  setTimeout(() => (button.textContent = old), 1500);
}

// ---- language ------------------------------------------------------------

/** After a switch of language: every text the script wrote, again. */
function relabel() {
  board.set({ label: t("play.boardLabel") });
  board.redraw();
  for (const o of $("level-select").options) {
    const l = levelInfo(Number(o.value));
    o.textContent = t("play.levelOption", { level: l.level, name: l.name });
  }
  syncLevelDescription();
  showMoveError("");
  $("load-error").textContent = "";
  S.notice = "";
  S.movesKey = ""; // the move list's labels are in the old language
  S.openingShown = { ...S.openingShown, key: null };
  renderPanels(S.game.status());
  if (S.archiveUi) S.archiveUi.refresh();
}

function start() {
  boardHandlers.onMove = (move, meta) => {
    if (!isHumanTurn()) return;
    playMove(move.notation, { animate: !meta.dragged });
  };
  wire();
  onLangChange(relabel);
  const saved = store.loadSaved();
  if (saved && saved.settings) {
    S.settings = { ...S.settings, ...saved.settings };
    if (!LEVELS.some((l) => l.level === S.settings.level)) S.settings.level = DEFAULT_LEVEL;
  }
  board.setOrientation(saved?.orientation || (S.settings.mode === "bot" ? S.settings.human : "white"));
  if (!openFromHash()) {
    let g = null;
    if (saved) {
      try {
        g = buildGame(saved.record);
      } catch (e) {
        S.notice = t("play.badSaved", { message: errorText(e) });
      }
    }
    if (g) {
      // Restored before the game is set: the bot, when it is to move,
      // starts thinking as soon as it is, on its clock.
      S.archiveId = saved.archiveId ?? null;
      S.archivedKey = saved.archivedKey ?? null;
      S.startedAt = saved.startedAt || S.startedAt;
      S.clockControl = saved.clockControl || saved.clock?.ctl || null;
      if (saved.clock && saved.clock.ctl && g.status().state === "ongoing") {
        // The time away from the page is not counted: the clock of the
        // side to move starts again from what it showed when saved.
        S.clock = new GameClock(saved.clock.ctl, saved.clock);
        S.clock.start(g.turn(), performance.now());
      }
    }
    setGame(g || new Game(), g ? saved.record.end || null : null);
  }
  setInterval(tick, 100);
  let reviewStored = () => {};
  S.archiveUi = setupArchive({ engine, t, onError: showArchiveError, confirmDialog, onReview: (g) => reviewStored(g) });
  const gameReview = setupGameReview({
    Game,
    game: () => ({
      startFen: S.game.startFen(),
      moves: movesPlayed(),
      over: S.game.status().state !== "ongoing",
      players: S.settings.mode === "humans" ? ["white", "black"] : [S.settings.human],
    }),
  });
  S.refreshReview = gameReview.refresh;
  reviewStored = gameReview.review;
  S.refreshReview();
  document.body.classList.add("ready");
  markInteractive();
}

start();
