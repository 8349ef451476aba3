// The play page: a game against the bot (or two people on one device).
// The engine (wasm Game) decides every rule and the end of the game; this
// file wires it to the board, the bot Worker, the controls and storage.

import { Board } from "../board/board.js";
import { loadEngine } from "../board/engine.js";
import { BotClient } from "./bot-client.js";
import { firstBoard, markFirstBoard, markInteractive } from "./first-board.js";
import * as store from "./store.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { explorerHref, showOpening } from "../shared/opening.js";
import { drawCountText, errorText, headline, materialText, other, reasonText, resultText } from "../shared/status-text.js";
import "../shared/texts-everyday.js";
import { play as playSound, playMoveSound } from "../shared/sound.js";
import { GameClock, controlFor, formatMs, pdnTimeControl } from "./clock.js";
import { setupArchive } from "./my-games.js";
import { setupGameReview } from "./review-game.js";

const $ = (id) => document.getElementById(id);

// Both player bars (above and below the board) from the one template.
for (const id of ["player-top", "player-bottom"]) $(id).append($("player-template").content.cloneNode(true));

// The board is drawn at once, before the wasm engine has loaded (first-board.js
// reads the saved position's pieces; no rule is needed to draw), and takes
// moves once the engine is ready.
const board = new Board($("board"), {
  label: t("play.boardLabel"),
  ...firstBoard(store.loadSaved(), location.hash),
  onMove: (move, meta) => {
    if (!isHumanTurn()) return;
    playMove(move.notation, { animate: !meta.dragged });
  },
  onAnnounce: announce,
});
markFirstBoard();

let engine;
try {
  engine = await loadEngine();
} catch (e) {
  document.getElementById("status-main").textContent = t("play.startFailed");
  document.getElementById("status-sub").textContent = t("play.startFailedDetail", { message: e.message });
  throw e;
}
const { Game, levels } = engine;
const LEVELS = levels();
const DEFAULT_LEVEL = LEVELS[Math.min(1, LEVELS.length - 1)].level;
const START_FEN = (() => {
  const g = new Game();
  const fen = g.fen();
  g.free();
  return fen;
})();
// Time the page allows the worker beyond the level's own budget before it
// treats the worker as stuck and restarts it (covers loading a fresh worker).
const WATCHDOG_GRACE_MS = 4000;

// ---- state -------------------------------------------------------------

let settings = {
  mode: "bot",
  human: "white",
  level: DEFAULT_LEVEL,
  timeControl: "none",
  custom: { white: 5, black: 5, inc: 0 },
  autoFlip: true,
};
let game = new Game();
let end = null; // how a game ended outside the moves: {type: "resign"|"agreement", side}
let viewPly = null; // null = the live position; k = the position after k moves
let generation = 0; // bumped whenever the game is replaced: late answers are dropped
let thinking = false; // the bot is searching its move
let waiting = null; // a non-move request in flight ("hint", "draw")
let hint = null;
let notice = ""; // a one-off line under the status (bot declined a draw, ...)
let clock = null; // the game's clocks (GameClock), null without a time control
let clockControl = null; // the control the game started with (kept after a takeback stops the clocks)
let lowWarned = { white: false, black: false };
let archiveId = null; // the entry this game is stored under in My games (rewritten if it ends again)
let archivedKey = null; // what was last stored for it (ending and ply)
let startedAt = new Date().toISOString();

const debug = { lastBot: null, botRestarts: 0, levels: LEVELS };
window.shashkiPlay = debug; // read-only facts for tests and the curious

const bot = new BotClient({
  onRestart(n, reason) {
    debug.botRestarts = n;
    console.warn(`bot worker restarted (${reason})`);
  },
});

// ---- the game record ---------------------------------------------------

/** The moves up to the game's cursor (history() stops there). */
/** Refreshes "Find my mistakes" (review-game.js) once it is set up. */
let refreshReview = () => {};

function movesPlayed() {
  return game.history().map((h) => h.notation);
}

function record() {
  return { startFen: game.startFen(), moves: movesPlayed(), end };
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
function buildGame(rec) {
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

function setGame(g, endRecord = null) {
  cancelRequests();
  game.free();
  game = g;
  end = endRecord;
  generation += 1;
  openingShown = { key: null, o: null, fromStart: game.startFen() === START_FEN };
  viewPly = null;
  hint = null;
  notice = "";
  const hist = game.history();
  board.set({ position: game.board(), lastMove: hist[game.ply() - 1] || null, hint: null });
  update();
}

function cancelRequests() {
  bot.cancel();
  thinking = false;
  waiting = null;
}

function persist() {
  store.save({
    record: record(),
    settings,
    orientation: board.orientation,
    fen: game.fen(),
    clock: clock ? { ctl: clock.ctl, ...clock.toJSON(performance.now()) } : null,
    clockControl,
    archiveId,
    archivedKey,
    startedAt,
  });
}

// ---- whose turn --------------------------------------------------------

function isLive() {
  return viewPly === null;
}

function isHumanTurn(st = game.status()) {
  if (!isLive() || thinking || waiting) return false;
  return st.state === "ongoing" && (settings.mode === "humans" || st.toMove === settings.human);
}

function isBotTurn(st = game.status()) {
  return settings.mode === "bot" && st.state === "ongoing" && st.toMove !== settings.human;
}

function levelInfo(level = settings.level) {
  return LEVELS.find((l) => l.level === level) || LEVELS[0];
}

// ---- playing moves -----------------------------------------------------

/** Plays a move (any notation the engine reads) and shows it on the board. */
async function playMove(text, { animate = true } = {}) {
  let played;
  const mover = game.turn();
  try {
    played = game.play(text);
  } catch (e) {
    showMoveError(errorText(e));
    return false;
  }
  showMoveError("");
  hint = null;
  notice = "";
  if (clock) clock.press(mover, performance.now());
  playMoveSound(played);
  // One status, one render and one save per move: the panels show the
  // move while the board animates; afterwards only the board's moves are
  // set (and the bot started).
  persist();
  const gen = generation;
  const st = game.status();
  announce(t("play.played", { side: mover, move: played.notation, status: statusSentence(st) }));
  renderPanels(st);
  if (st.state !== "ongoing") gameOver();
  refreshReview(st.state !== "ongoing");
  if (isLive()) await board.playMove(played, game.board(), { animate });
  if (gen !== generation) return true;
  if (settings.mode === "humans" && settings.autoFlip && st.state === "ongoing" && isLive()) {
    board.setOrientation(st.toMove);
    renderPlayers(st, game.board());
  }
  update({ render: false, st });
  return true;
}

async function botMove() {
  const gen = generation;
  const level = levelInfo();
  thinking = true;
  update({ think: false, save: false });
  // On a clock the bot's budget comes from its time left and increment
  // (engine::move_budget_ms through moveBudget): never more than its
  // level's own budget, never its whole time.
  const color = other(settings.human);
  const remainingMs = clock ? clock.remaining(color, performance.now()) : null;
  const incrementMs = clock ? clock.ctl[color].incMs : null;
  const budgetMs = clock ? engine.moveBudget(level.level, remainingMs, incrementMs) : level.movetimeMs;
  try {
    const { result, elapsedMs } = await bot.request(
      {
        kind: clock ? "playOnClock" : "play",
        startFen: game.startFen(),
        moves: movesPlayed(),
        level: level.level,
        seed: randomSeed(),
        remainingMs,
        incrementMs,
      },
      budgetMs + WATCHDOG_GRACE_MS,
    );
    if (gen !== generation) return;
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
    thinking = false;
    if (!result.move) return update({ think: false, save: false });
    await playMove(result.move.notation, { animate: true });
  } catch (e) {
    if (e.cancelled || gen !== generation) return;
    thinking = false;
    notice = t("play.botFailed", { message: e.message });
    update({ think: false, save: false });
  }
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// ---- rendering ---------------------------------------------------------

function statusSentence(st) {
  if (st.state !== "ongoing") return resultText(st);
  return t("play.toMoveSentence", { side: st.toMove });
}

/** Sets the board's moves and starts the bot when it is its turn; renders
 * the panels unless the caller just did (`render: false`) and saves unless
 * the game did not change (`save: false`: only the page's own state, such
 * as the bot thinking, did). */
function update({ think = true, render = true, save = render, st = game.status() } = {}) {
  if (clock && clock.running && st.state !== "ongoing") clock.stop(performance.now());
  if (isLive()) {
    board.set({
      legalMoves: isHumanTurn(st) ? game.legalMoves() : [],
      viewOnly: false,
      hint,
    });
  }
  if (render) renderPanels(st);
  if (save) persist();
  refreshReview(st.state !== "ongoing");
  if (think && isLive() && !thinking && !waiting && isBotTurn(st)) botMove();
}

/** Renders every panel, asking the engine for the pieces and the position once. */
function renderPanels(st) {
  const pieces = game.board();
  const key = tablebaseKey();
  probeTables(st, key);
  renderStatus(st, key);
  renderPlayers(st, pieces);
  renderMoves();
  renderButtons(st);
  renderExport();
}

function renderStatus(st, tbKey) {
  const el = $("status");
  el.dataset.status = st.state;
  el.dataset.toMove = st.toMove;
  const main = $("status-main");
  const sub = $("status-sub");
  if (st.state === "ongoing") {
    main.textContent = headline(st);
    if (thinking) sub.textContent = t("play.botThinking");
    else if (waiting === "draw") sub.textContent = t("play.botConsidering");
    else if (waiting === "hint") sub.textContent = t("play.lookingHint");
    else if (settings.mode === "bot") sub.textContent = st.toMove === settings.human ? t("play.yourMove") : "";
    else sub.textContent = t("play.turnOf", { side: st.toMove });
  } else {
    main.textContent = headline(st);
    sub.textContent = reasonText(st);
  }
  $("draw-count").textContent = drawCountText(st);
  renderOpening(tbKey);
  renderTablebase(tbKey);
  $("notice").textContent = notice;
  $("thinking").hidden = !thinking;
  document.body.dataset.thinking = thinking ? "true" : "false";
}

/** The named opening of the position on the board (the live one, or the
 * earlier one being viewed), as the engine recognises it. */
// The shortest defining line: before it no game from the start has a name.
const MIN_OPENING_PLIES = Math.min(...engine.openings().map((o) => o.moves.length));
let openingShown = { key: null, o: null, fromStart: true };

function renderOpening(key) {
  const ply = Number(key.split("|")[1]);
  const at = viewPly === null ? ply : viewPly;
  const fullKey = `${key}|${at}`;
  // Same record and position as last time: the name is already shown (a
  // switch of language clears openingShown).
  if (openingShown.key === fullKey) return;
  let o = null;
  if (openingShown.fromStart && at < MIN_OPENING_PLIES) o = null;
  else if (at === ply) o = game.opening();
  else {
    game.goto(at);
    try {
      o = game.opening();
    } finally {
      game.goto(ply);
    }
  }
  openingShown = { ...openingShown, key: fullKey, o };
  showOpening($("opening"), o, $("opening-row"));
  $("opening-link").href = o ? explorerHref(o.id) : "openings.html";
}

// ---- endgame tables ----------------------------------------------------
// With five pieces or fewer the Worker loads the endgame tables the position
// needs and says what they decide: {result, sideToMove, moves} or null.

let tb = { key: "", asked: "", verdict: null };

function tablebaseKey() {
  return `${generation}|${game.ply()}|${game.fen()}`;
}

function tablebaseText(v) {
  if (v.result === "draw") return t("play.tablebaseDraw");
  const winner = v.result === "win" ? v.sideToMove : other(v.sideToMove);
  return t("play.tablebaseWin", { side: winner, n: v.moves });
}

function renderTablebase(key = tablebaseKey()) {
  const known = tb.key === key;
  const v = known ? tb.verdict : null;
  const el = $("tablebase");
  el.textContent = v ? tablebaseText(v) : "";
  // For tests and styles: "pending" until the Worker answered for this position.
  el.dataset.state = v ? v.result : known ? "none" : "pending";
}

async function probeTables(st, key) {
  if (tb.key === key || tb.asked === key) return;
  // The engine says whether the tables can hold this position (no file
  // for it: too many pieces).
  if (st.state !== "ongoing" || engine.egtbFilesFor(game).length === 0) {
    tb = { key, asked: key, verdict: null };
    return;
  }
  tb.asked = key;
  try {
    const { result } = await bot.request({ kind: "probe", startFen: game.startFen(), moves: movesPlayed() }, 15000);
    tb = { key, asked: key, verdict: result };
  } catch {
    // cancelled (a new game) or no answer: no line
    if (tb.asked === key) tb.asked = "";
    return;
  }
  renderTablebase();
}

function describeSide(color) {
  const side = t("side.name", { side: color });
  if (settings.mode === "humans") return { name: side, detail: "" };
  if (color === settings.human) return { name: t("play.you"), detail: side };
  const l = levelInfo();
  return { name: t("play.botName", { level: l.level }), detail: t("play.botDetail", { name: l.name, side: color }) };
}

function renderPlayers(st, pieces) {
  const bottom = board.orientation;
  const counts = { white: { man: 0, king: 0 }, black: { man: 0, king: 0 } };
  for (const p of pieces) counts[p.color][p.role] += 1;
  for (const [id, color] of [
    ["player-bottom", bottom],
    ["player-top", other(bottom)],
  ]) {
    const el = $(id);
    const d = describeSide(color);
    el.dataset.color = color;
    el.querySelector(".player-name").textContent = d.name;
    el.querySelector(".player-detail").textContent = d.detail;
    const c = counts[color];
    el.querySelector(".player-count").textContent = materialText(c.man, c.king);
    const toMove = st.state === "ongoing" && st.toMove === color;
    el.classList.toggle("to-move", toMove);
    el.querySelector(".player-thinking").hidden = !(thinking && toMove);
  }
  renderClocks();
}

let movesKey = "";
function renderMoves() {
  const list = $("move-list");
  const hist = game.history();
  const current = viewPly === null ? hist.length : viewPly;
  const key = `${generation}|${current}|${hist.map((h) => h.notation).join(" ")}`;
  if (key === movesKey) return;
  movesKey = key;
  list.replaceChildren();
  // Move numbers and sides come from the engine (history entries carry
  // moveNumber and side); a game that starts with Black opens with a gap.
  let li = null;
  let number = null;
  for (let i = 0; i < hist.length; i++) {
    const h = hist[i];
    if (h.moveNumber !== number || !li) {
      number = h.moveNumber;
      li = document.createElement("li");
      const num = document.createElement("span");
      num.className = "move-num";
      num.textContent = `${number}.`;
      li.append(num);
      if (h.side === "black") {
        const gap = document.createElement("span");
        gap.className = "move-gap";
        gap.textContent = "…";
        li.append(gap);
      }
      list.append(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.ply = String(i + 1);
    b.textContent = h.notation;
    b.setAttribute("aria-label", t("play.moveLabel", { num: number, black: h.side !== "white", side: h.side, move: h.notation }));
    if (i + 1 === current) {
      b.setAttribute("aria-current", "true");
      b.classList.add("current");
    }
    li.append(b);
  }
  $("moves-empty").hidden = hist.length > 0;
  $("btn-live").hidden = viewPly === null;
  $("view-note").hidden = viewPly === null;
  if (viewPly !== null) $("view-note").textContent = viewPly === 0 ? t("play.viewStart") : t("play.viewAfter", { n: viewPly });
  requestAnimationFrame(() => {
    const scroller = $("move-scroll");
    if (viewPly === null) scroller.scrollTop = scroller.scrollHeight;
    else {
      const cur = list.querySelector(".current");
      if (cur) cur.scrollIntoView({ block: "nearest" });
    }
  });
  $("nav-first").disabled = current === 0;
  $("nav-prev").disabled = current === 0;
  $("nav-next").disabled = current >= hist.length;
  $("nav-last").disabled = current >= hist.length;
}

function renderButtons(st) {
  const ongoing = st.state === "ongoing";
  const busy = !!waiting;
  const hasMoves = game.ply() > 0 || !!end;
  $("btn-undo").disabled = busy || !hasMoves || (!!clock && settings.mode === "humans");
  $("btn-draw").disabled = busy || thinking || !ongoing || !isLive();
  $("btn-resign").disabled = busy || !ongoing || !isLive();
  $("btn-hint").disabled = busy || thinking || !ongoing || !isLive() || !isHumanTurn();
  $("move-input").disabled = !ongoing;
  $("move-submit").disabled = !ongoing;
}

function renderExport() {
  if (!$("io").open) return; // filled in when opened
  const fen = viewPly === null ? game.fen() : viewFen(viewPly);
  $("fen-out").value = fen;
  $("pdn-out").value = pdnText();
  const hash = store.encodeShare(record(), START_FEN);
  $("share-out").value = `${location.origin}${location.pathname}${hash ? `#${hash}` : ""}`;
}

function viewFen(ply) {
  if (ply === 0) return game.startFen();
  return game.history()[ply - 1].fen;
}

// ---- clocks --------------------------------------------------------------

/** Under this many milliseconds a clock shows low time (colour and one sound). */
function lowTimeMs(color) {
  return Math.min(10000, (clockControl ? clockControl[color].baseMs : 60000) / 4);
}

function renderClocks(now = performance.now()) {
  for (const el of document.querySelectorAll(".player-clock")) {
    const color = el.closest(".player")?.dataset.color;
    if (!clock || !color) {
      el.hidden = true;
      el.removeAttribute("data-clock");
      continue;
    }
    const ms = clock.remaining(color, now);
    el.hidden = false;
    el.dataset.clock = color;
    el.dataset.ms = String(Math.round(ms));
    el.dataset.running = clock.running === color ? "true" : "false";
    el.dataset.low = ms <= lowTimeMs(color) ? "true" : "false";
    const text = formatMs(ms);
    if (el.textContent !== text) el.textContent = text;
    el.setAttribute("aria-label", `${t("clock.label", { side: color })}: ${text}`);
  }
}

function tick() {
  if (!clock) return;
  const now = performance.now();
  renderClocks(now);
  if (!clock.running || game.status().state !== "ongoing") return;
  const c = clock.running;
  if (!lowWarned[c] && clock.remaining(c, now) <= lowTimeMs(c)) {
    lowWarned[c] = true;
    playSound("lowTime");
    announce(t("clock.lowTime", { side: c }));
  }
  const flagged = clock.flagged(now);
  if (flagged) flagFall(flagged);
}

/** `color`'s time ran out: the engine records the loss on time. */
function flagFall(color) {
  cancelRequests();
  clock.stop(performance.now());
  try {
    game.loseOnTime(color);
  } catch {
    return; // already over
  }
  end = { type: "time", side: color };
  notice = t("clock.flag", { side: color });
  update();
  gameOver();
  announce(`${notice} ${statusSentence(game.status())}`);
}

/** The end of a game: the sound, and the game kept in My games. */
function gameOver() {
  playSound("end");
  keepInArchive();
}

// ---- PDN and My games ----------------------------------------------------

function pdnDate(iso) {
  const d = new Date(iso);
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/** The game's PDN with its tags (players, date, time control, how it ended). */
function pdnText({ abandoned = false } = {}) {
  const st = game.status();
  const l = levelInfo();
  const name = (c) =>
    settings.mode === "humans" ? (c === "white" ? "White" : "Black") : c === settings.human ? "Player" : `Shashki bot, level ${l.level}`;
  game.setTag("Event", settings.mode === "humans" ? "Two players at one board" : "Game against the Shashki bot");
  game.setTag("Site", "Shashki");
  game.setTag("Date", pdnDate(startedAt));
  game.setTag("White", name("white"));
  game.setTag("Black", name("black"));
  game.setTag("TimeControl", pdnTimeControl(clockControl));
  // A loss on time is written by the engine itself ("time forfeit").
  game.setTag("Termination", st.state !== "ongoing" ? "normal" : abandoned ? "abandoned" : "unterminated");
  return game.pdn();
}

/** The game as a My games entry (null when there is nothing to keep). */
function archiveEntry() {
  if (game.ply() === 0 && !end) return null;
  const st = game.status();
  const over = st.state !== "ongoing";
  const who = settings.mode === "humans" ? "white" : settings.human;
  const outcome = !over ? "unfinished" : st.state === "draw" ? "draw" : st.winner === who ? "win" : "loss";
  return {
    date: startedAt,
    opponent: settings.mode === "humans" ? "humans" : settings.level,
    color: settings.mode === "humans" ? null : settings.human,
    result: over ? (st.state === "draw" ? "1-1" : st.winner === "white" ? "2-0" : "0-2") : "*",
    outcome,
    reason: over ? st.reason : "abandoned",
    timeControl: pdnTimeControl(clockControl),
    startFen: game.startFen(),
    moves: movesPlayed(),
    pdn: pdnText({ abandoned: !over }),
  };
}

/** Stores (or rewrites) this game in My games; a failure is shown, the game goes on. */
function keepInArchive() {
  if (!archiveUi) return;
  const entry = archiveEntry();
  if (!entry) return;
  const key = `${entry.result}|${entry.reason}|${entry.moves.length}`;
  if (key === archivedKey) return;
  archivedKey = key;
  if (archiveId !== null) entry.id = archiveId;
  const forGame = generation;
  archiveUi
    .keep(entry)
    .then((id) => {
      if (forGame === generation) {
        archiveId = id;
        persist();
      }
    })
    .catch(() => {
      if (forGame === generation) archivedKey = null;
    });
}

function showArchiveError(message) {
  debug.archiveError = message;
}

// ---- announcements and errors ------------------------------------------

let announceTimer = null;
function announce(text) {
  const el = $("announcer");
  // Clear first so that the same sentence twice is still read.
  el.textContent = "";
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    el.textContent = text;
  }, 30);
}

function showMoveError(text) {
  $("move-error").textContent = text;
  $("move-input").setAttribute("aria-invalid", text ? "true" : "false");
}

// ---- viewing earlier positions ----------------------------------------

function viewPosition(ply) {
  const n = game.ply();
  if (ply === null || ply >= n) {
    viewPly = null;
    const hist = game.history();
    board.set({ position: game.board(), lastMove: hist[n - 1] || null, viewOnly: false });
    update();
    announce(t("play.backToGame", { status: statusSentence(game.status()) }));
    return;
  }
  viewPly = Math.max(0, ply);
  const g = Game.fromFen(viewFen(viewPly));
  const last = viewPly > 0 ? game.history()[viewPly - 1] : null;
  board.set({ position: g.board(), lastMove: last, viewOnly: true, legalMoves: [], hint: null });
  g.free();
  renderPanels(game.status());
  announce(viewPly === 0 ? t("play.startPosition") : t("play.positionAfter", { move: last.notation }));
}

// ---- commands ----------------------------------------------------------

function newGame(opts) {
  keepInArchive(); // an unfinished game is kept as abandoned
  settings = { ...settings, ...opts };
  const g = new Game();
  archiveId = null;
  archivedKey = null;
  startedAt = new Date().toISOString();
  // The clocks are set before the game: the bot, when it plays White,
  // starts thinking as soon as the game is set, on its clock.
  clockControl = controlFor(settings.timeControl, settings.custom);
  clock = clockControl ? new GameClock(clockControl) : null;
  lowWarned = { white: false, black: false };
  if (clock) clock.start(g.turn(), performance.now());
  setGame(g);
  board.setOrientation(settings.mode === "bot" ? settings.human : "white");
  renderPanels(game.status());
  persist();
  announce(
    settings.mode === "bot"
      ? t("play.newBotGame", { level: settings.level, side: settings.human })
      : t("play.newHumansGame"),
  );
}

function undo() {
  if (clock && settings.mode === "humans") {
    notice = t("clock.noUndoHumans");
    update({ save: false });
    return;
  }
  const stopClock = !!clock;
  const wasThinking = thinking;
  cancelRequests();
  const rec = record();
  const g = buildGame({ ...rec, end: null });
  if (rec.end) {
    // only take back the resignation or the agreed draw
  } else if (settings.mode === "humans" || wasThinking) {
    g.undo();
  } else {
    // take back the bot's reply and the player's own move
    g.undo();
    while (g.turn() !== settings.human && g.undo());
  }
  const n = g.ply();
  g.free();
  setGame(buildGame({ startFen: rec.startFen, moves: rec.moves.slice(0, n), end: null }));
  if (stopClock) {
    // A takeback against the bot stops the clocks for the rest of the game.
    clock = null;
    notice = t("clock.stoppedUndo");
    update();
  }
  announce(t("play.undone", { status: statusSentence(game.status()) }));
}

async function offerDraw() {
  const st = game.status();
  if (st.state !== "ongoing") return;
  if (settings.mode === "humans") {
    const side = st.toMove;
    const ok = await confirmDialog(
      t("play.offersDraw", { side }),
      t("play.acceptQuestion", { side: other(side) }),
      t("play.acceptDraw"),
      t("play.decline"),
    );
    if (ok) finishByAgreement(side);
    else {
      notice = t("play.declined", { side: other(side) });
      announce(notice);
      update();
    }
    return;
  }
  const gen = generation;
  waiting = "draw";
  update({ think: false, save: false });
  try {
    const { result } = await bot.request(
      { kind: "acceptsDraw", startFen: game.startFen(), moves: movesPlayed(), side: other(settings.human) },
      8000,
    );
    if (gen !== generation) return;
    waiting = null;
    if (result) finishByAgreement(settings.human);
    else {
      notice = t("play.botDeclines");
      announce(notice);
      update();
    }
  } catch (e) {
    if (e.cancelled || gen !== generation) return;
    waiting = null;
    notice = t("play.noDrawAnswer", { message: e.message });
    update();
  }
}

function finishByAgreement(side) {
  game.offerDraw(side);
  game.acceptDraw();
  end = { type: "agreement", side };
  notice = settings.mode === "bot" ? t("play.botAccepts") : "";
  update();
  gameOver();
  announce(`${notice} ${statusSentence(game.status())}`.trim());
}

async function resign() {
  const st = game.status();
  if (st.state !== "ongoing") return;
  const side = settings.mode === "bot" ? settings.human : st.toMove;
  const ok = await confirmDialog(
    t("play.resignTitle"),
    settings.mode === "bot" ? t("play.resignBot") : t("play.resignHumans", { side, other: other(side) }),
    t("play.resign"),
    t("play.keepPlaying"),
  );
  if (!ok || game.status().state !== "ongoing") return;
  cancelRequests();
  game.resign(side);
  end = { type: "resign", side };
  notice = ""; // a declined draw offer, a failed hint: stale once the game is over
  update();
  gameOver();
  announce(statusSentence(game.status()));
}

async function askHint() {
  if (!isHumanTurn()) return;
  const gen = generation;
  waiting = "hint";
  update({ think: false, save: false });
  try {
    const { result } = await bot.request({ kind: "hint", startFen: game.startFen(), moves: movesPlayed() }, 8000);
    if (gen !== generation) return;
    waiting = null;
    hint = result.move || null;
    update();
    if (hint) announce(t("play.hint", { move: hint.notation }));
  } catch (e) {
    if (e.cancelled || gen !== generation) return;
    waiting = null;
    notice = t("play.noHint", { message: e.message });
    update();
  }
}

function flip() {
  board.flip();
  renderPlayers(game.status(), game.board());
  persist();
  announce(t("play.flipped", { side: board.orientation }));
}

/** Opens a pasted FEN or PDN (or a share link). */
function loadText(text) {
  const pasted = text.trim();
  if (!pasted) return t("play.pasteFirst");
  const shared = pasted.includes("#") ? store.decodeShare(pasted.slice(pasted.indexOf("#"))) : null;
  keepInArchive();
  clock = null;
  clockControl = null;
  archiveId = null;
  archivedKey = null;
  startedAt = new Date().toISOString();
  try {
    if (shared) setGame(buildGame(shared));
    else if (/^\[?\s*(FEN\s+")?[WB]\s*:/i.test(pasted)) setGame(Game.fromFen(pasted));
    else setGame(Game.fromPdn(pasted));
  } catch (e) {
    return errorText(e);
  }
  announce(t("play.loaded", { status: statusSentence(game.status()) }));
  return "";
}

// ---- dialogs -----------------------------------------------------------

function confirmDialog(title, text, yes, no) {
  const dlg = $("confirm-dialog");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  dlg.returnValue = "";
  dlg.showModal();
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "yes"), { once: true });
  });
}

function openNewGameDialog() {
  const dlg = $("new-game-dialog");
  const form = $("new-game-form");
  form.elements.side.value = settings.mode === "humans" ? "humans" : settings.human;
  form.elements.level.value = String(settings.level);
  form.elements.timeControl.value = settings.timeControl;
  form.elements.customWhite.value = String(settings.custom.white);
  form.elements.customBlack.value = String(settings.custom.black);
  form.elements.customInc.value = String(settings.custom.inc);
  form.elements.autoFlip.checked = settings.autoFlip;
  syncLevelDescription();
  dlg.showModal();
}

function syncLevelDescription() {
  const form = $("new-game-form");
  const l = levelInfo(Number(form.elements.level.value));
  $("level-desc").textContent = t("play.levelDescription", { level: l.level, description: l.description });
  $("level-row").hidden = form.elements.side.value === "humans";
  $("flip-row").hidden = form.elements.side.value !== "humans";
  $("custom-clock").hidden = form.elements.timeControl.value !== "custom";
}

function setupNewGameDialog() {
  const sel = $("level-select");
  for (const l of LEVELS) {
    const o = document.createElement("option");
    o.value = String(l.level);
    o.textContent = t("play.levelOption", { level: l.level, name: l.name });
    sel.append(o);
  }
  const form = $("new-game-form");
  form.addEventListener("change", syncLevelDescription);
  $("new-game-dialog").addEventListener("close", () => {
    if ($("new-game-dialog").returnValue !== "start") return;
    const side = form.elements.side.value;
    const clockOpts = {
      timeControl: form.elements.timeControl.value,
      custom: {
        white: Number(form.elements.customWhite.value) || 5,
        black: Number(form.elements.customBlack.value) || Number(form.elements.customWhite.value) || 5,
        inc: Number(form.elements.customInc.value) || 0,
      },
      autoFlip: form.elements.autoFlip.checked,
    };
    newGame(
      side === "humans"
        ? { mode: "humans", ...clockOpts }
        : { mode: "bot", human: side, level: Number(form.elements.level.value), ...clockOpts },
    );
  });
}

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
  $("nav-prev").addEventListener("click", () => viewPosition((viewPly ?? game.ply()) - 1));
  $("nav-next").addEventListener("click", () => viewPosition((viewPly ?? game.ply()) + 1));
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
    if (game.status().state !== "ongoing") return showMoveError(t("play.gameOver"));
    if (!isHumanTurn()) return showMoveError(thinking ? t("play.waitBot") : t("play.notYourMove"));
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

function openFromHash() {
  const shared = store.decodeShare(location.hash);
  if (!shared) return false;
  keepInArchive();
  clock = null; // a shared game is opened without a clock
  clockControl = null;
  archiveId = null;
  archivedKey = null;
  startedAt = new Date().toISOString();
  try {
    setGame(buildGame(shared));
    announce(t("play.sharedOpened", { status: statusSentence(game.status()) }));
  } catch (e) {
    notice = t("play.badLink", { message: errorText(e) });
    update();
  }
  history.replaceState(null, "", location.pathname + location.search);
  return true;
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
  notice = "";
  movesKey = ""; // the move list's labels are in the old language
  openingShown = { ...openingShown, key: null };
  renderPanels(game.status());
  if (archiveUi) archiveUi.refresh();
}

// ---- start -------------------------------------------------------------

let archiveUi = null;

function start() {
  wire();
  onLangChange(relabel);
  const saved = store.loadSaved();
  if (saved && saved.settings) {
    settings = { ...settings, ...saved.settings };
    if (!LEVELS.some((l) => l.level === settings.level)) settings.level = DEFAULT_LEVEL;
  }
  board.setOrientation(saved?.orientation || (settings.mode === "bot" ? settings.human : "white"));
  if (!openFromHash()) {
    let g = null;
    if (saved) {
      try {
        g = buildGame(saved.record);
      } catch (e) {
        notice = t("play.badSaved", { message: errorText(e) });
      }
    }
    if (g) {
      // Restored before the game is set: the bot, when it is to move,
      // starts thinking as soon as it is, on its clock.
      archiveId = saved.archiveId ?? null;
      archivedKey = saved.archivedKey ?? null;
      startedAt = saved.startedAt || startedAt;
      clockControl = saved.clockControl || saved.clock?.ctl || null;
      if (saved.clock && saved.clock.ctl && g.status().state === "ongoing") {
        // The time away from the page is not counted: the clock of the
        // side to move starts again from what it showed when saved.
        clock = new GameClock(saved.clock.ctl, saved.clock);
        clock.start(g.turn(), performance.now());
      }
    }
    setGame(g || new Game(), g ? saved.record.end || null : null);
  }
  setInterval(tick, 100);
  let reviewStored = () => {};
  archiveUi = setupArchive({ engine, t, onError: showArchiveError, confirmDialog, onReview: (g) => reviewStored(g) });
  const gameReview = setupGameReview({
    Game,
    game: () => ({
      startFen: game.startFen(),
      moves: movesPlayed(),
      over: game.status().state !== "ongoing",
      players: settings.mode === "humans" ? ["white", "black"] : [settings.human],
    }),
  });
  refreshReview = gameReview.refresh;
  reviewStored = gameReview.review;
  refreshReview();
  document.body.classList.add("ready");
  markInteractive();
}

start();
