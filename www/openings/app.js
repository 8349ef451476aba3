// The openings page: the explorer (moves played from a position in the 200
// classic games, the opening book's moves, the engine's evaluation on
// demand), the list of every named opening, and opening practice against
// the bot. Every name, count, book move and legal move comes from the
// engine (openings(), Game.opening(), bookMoves, pdnGames and the FEN after
// each move of a game); this file only shows them and counts equal FENs.

import { Board } from "../board/board.js";
import { loadEngine } from "../board/engine.js";
import { BotClient } from "../play/bot-client.js";
import { fetchEngineData, installEngineData } from "../shared/engine-data.js";
import { explorerHref, openingName, showOpening } from "../shared/opening.js";
import { errorText } from "../shared/status-text.js";
import { lang, onLangChange, t } from "../i18n/i18n.js";

const $ = (id) => document.getElementById(id);
const GAMES_URL = new URL("../analysis/russian-games.pdn", import.meta.url).href;
const WORKER_URL = new URL("../analysis/analysis-worker.js", import.meta.url).href;
const EVAL_KEY = "shashki.openings.evals.v1";
const EVAL_MS = 300;

const bookData = fetchEngineData(["book"]);
const engine = await loadEngine();
const { Game, bookMoves, levels, pdnGames } = engine;
await installEngineData(engine, bookData).catch(() => {});
const OPENINGS = engine.openings();
const BY_ID = new Map(OPENINGS.map((o) => [o.id, o]));
const BY_FEN = new Map(OPENINGS.map((o) => [o.fen, o]));
const NOTES_URL = new URL("../engine/openings-notes.txt", import.meta.url).href;
/** id -> {source, note, "about-ru", "about-en"}: the project's notes file
 * (shown as text only). */
let NOTES = new Map();

/** Reads the notes file: records of "key: value" lines, blank-line separated. */
function parseNotes(text) {
  const out = new Map();
  for (const block of text.split(/\n\s*\n/)) {
    const rec = {};
    for (const line of block.split("\n")) {
      if (line.startsWith("#")) continue;
      const at = line.indexOf(":");
      if (at > 0) rec[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    if (rec.id) out.set(rec.id, rec);
  }
  return out;
}

/** Reads the page's facts (tests and the curious). */
const facts = { explorerReady: false, practice: null };
window.shashkiOpenings = facts;

function announce(text) {
  const a = $("announcer");
  a.textContent = "";
  requestAnimationFrame(() => (a.textContent = text));
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

/** A Game from the start with `moves` played (throws the engine's error). */
function gameOf(moves) {
  const g = new Game();
  try {
    for (const m of moves) g.play(m);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

function withGame(moves, fn) {
  const g = gameOf(moves);
  try {
    return fn(g);
  } finally {
    g.free();
  }
}

// ---- the explorer -------------------------------------------------------

const ex = { moves: [], collection: null, failed: "" };

const exBoard = new Board($("ex-board"), {
  label: t("openings.boardLabel"),
  onMove: (move) => exPlay(move.notation),
});

function exPlay(notation) {
  ex.moves = [...ex.moves, notation];
  renderExplorer();
  announce(t("openings.moved", { move: notation }));
}

function exSet(moves) {
  ex.moves = moves;
  renderExplorer();
}

function percent(n, total) {
  return total ? `${n} (${Math.round((100 * n) / total)}%)` : "0";
}

/** The named openings whose positions the line passes through, in order. */
function reachedAlong(moves) {
  const out = [];
  const g = new Game();
  try {
    const check = () => {
      const o = BY_FEN.get(g.fen());
      if (o && !out.some((x) => x.id === o.id)) out.push(o);
    };
    check();
    for (const m of moves) {
      g.play(m);
      check();
    }
  } finally {
    g.free();
  }
  return out;
}

function renderExplorer() {
  const state = withGame(ex.moves, (g) => ({
    fen: g.fen(),
    board: g.board(),
    legal: g.legalMoves(),
    last: g.history().at(-1) || null,
    opening: g.opening(),
  }));
  exBoard.set({ position: state.board, legalMoves: state.legal, lastMove: state.last, label: t("openings.boardLabel") });
  $("ex-line").textContent = ex.moves.length ? ex.moves.join(" ") : t("openings.lineEmpty");
  showOpening($("ex-opening"), state.opening);
  if (!state.opening) $("ex-opening").textContent = t("openings.none");
  const reached = reachedAlong(ex.moves);
  $("ex-reached").textContent = reached.length ? reached.map((o) => openingName(o)).join(" → ") : t("openings.none");
  $("ex-back").disabled = !ex.moves.length;
  $("ex-start").disabled = !ex.moves.length;
  const link = new URLSearchParams();
  if (ex.moves.length) link.set("moves", ex.moves.join(" "));
  $("ex-analyse").href = `analysis.html${ex.moves.length ? `#${link}` : ""}`;
  ex.fen = state.fen;
  renderMovesTable(state);
}

function renderMovesTable(state) {
  const body = $("ex-moves-body");
  const played = ex.collection ? ex.collection.moves(state.fen) : [];
  const book = bookMoves(state.fen);
  const bookSet = new Set(book.map((b) => b.notation));
  const rows = played.map((m) => ({ ...m }));
  for (const b of book) {
    if (!rows.some((r) => r.notation === b.notation)) rows.push({ notation: b.notation, games: 0, white: 0, draws: 0, black: 0 });
  }
  if (ex.collection) {
    const n = ex.collection.gamesAt(state.fen);
    $("ex-games").textContent = t("openings.gamesAt", { n, total: ex.collection.size });
    $("ex-games").dataset.count = String(n);
  } else {
    $("ex-games").textContent = ex.failed ? t("openings.gamesFailed", { message: ex.failed }) : t("openings.gamesLoading");
  }
  const trs = rows.map((r) => {
    const decided = r.white + r.draws + r.black;
    const playBtn = el("button", {
      type: "button",
      class: "ex-move-btn",
      text: r.notation,
      "aria-label": t("openings.playMove", { move: r.notation }),
    });
    playBtn.addEventListener("click", () => exPlay(r.notation));
    const evalCell = el("td", { class: "ex-eval", "data-eval-for": r.notation });
    const cached = evalOf(afterFen(state.fen, r.notation));
    evalCell.textContent = cached ? evalText(cached) : "";
    return el(
      "tr",
      { "data-explorer-move": r.notation, "data-count": String(r.games), "data-book": String(bookSet.has(r.notation)) },
      el("th", { scope: "row" }, playBtn),
      el("td", { class: "num", text: String(r.games) }),
      el("td", { class: "num", text: percent(r.white, decided) }),
      el("td", { class: "num", text: percent(r.draws, decided) }),
      el("td", { class: "num", text: percent(r.black, decided) }),
      el("td", { text: bookSet.has(r.notation) ? t("openings.inBook") : t("openings.notInBook") }),
      evalCell,
    );
  });
  body.replaceChildren(...trs);
  $("ex-empty").hidden = rows.length > 0;
  $("ex-eval").disabled = rows.length === 0 || evaluating;
}

$("ex-start").addEventListener("click", () => exSet([]));
$("ex-back").addEventListener("click", () => exSet(ex.moves.slice(0, -1)));

/** The classic games indexed by position: the engine reads every game and
 * writes the FEN after each move; the page only counts equal FENs (so a
 * position reached by another move order counts too, each game once). */
/** Resolves at the next turn of the event loop (input and painting go first). */
const yieldToPage = () =>
  globalThis.scheduler && typeof scheduler.yield === "function" ? scheduler.yield() : new Promise((r) => setTimeout(r, 0));

/** Reading the 200 games takes a few hundred ms on a phone: in slices of
 * about 4 ms, so the page answers taps meanwhile (no long task). */
const SLICE_MS = 4;

async function buildExplorer(text) {
  await yieldToPage();
  // Read by the engine ten games at a time (cut before each [Event tag; a
  // game without one stays with the one before it, and is read all the same).
  const parts = text.split(/\n(?=\[Event )/);
  const games = [];
  let sliceStart = performance.now();
  for (let k = 0; k < parts.length; k += 10) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    games.push(...pdnGames(parts.slice(k, k + 10).join("\n")));
  }
  const visits = new Map(); // fen -> [{i, next}]
  for (let i = 0; i < games.length; i++) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    const s = games[i];
    const g = Game.fromPdn(s.pdn);
    try {
      const hist = g.history();
      const fens = [g.startFen(), ...hist.map((h) => h.fen)];
      fens.forEach((fen, k) => {
        let list = visits.get(fen);
        if (!list) visits.set(fen, (list = []));
        if (!list.length || list[list.length - 1].i !== i) list.push({ i, next: hist[k] ? hist[k].notation : null });
      });
    } finally {
      g.free();
    }
  }
  return {
    size: games.length,
    gamesAt: (fen) => (visits.get(fen) || []).length,
    moves(fen) {
      const by = new Map();
      for (const { i, next } of visits.get(fen) || []) {
        if (!next) continue;
        if (!by.has(next)) by.set(next, { notation: next, games: 0, white: 0, draws: 0, black: 0 });
        const m = by.get(next);
        m.games += 1;
        const r = games[i].result;
        if (r === "2-0") m.white += 1;
        else if (r === "0-2") m.black += 1;
        else if (r === "1-1") m.draws += 1;
      }
      return [...by.values()].sort((a, b) => b.games - a.games || (a.notation < b.notation ? -1 : 1));
    },
  };
}

fetch(GAMES_URL)
  .then((res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  })
  .then(buildExplorer)
  .then((collection) => {
    ex.collection = collection;
    facts.explorerReady = true;
    renderExplorer();
  })
  .catch((e) => {
    ex.failed = errorText(e);
    renderExplorer();
  });

// ---- the engine's evaluation, on demand and cached ------------------------

const evalCache = new Map();
try {
  for (const [k, v] of JSON.parse(localStorage.getItem(EVAL_KEY) || "[]")) evalCache.set(k, v);
} catch {
  /* no saved evaluations */
}

function saveEvals() {
  try {
    localStorage.setItem(EVAL_KEY, JSON.stringify([...evalCache].slice(-400)));
  } catch {
    /* storage unavailable */
  }
}

function afterFen(fen, notation) {
  const g = Game.fromFen(fen);
  try {
    g.play(notation);
    return g.fen();
  } catch {
    return null;
  } finally {
    g.free();
  }
}

function evalOf(fen) {
  return fen ? evalCache.get(fen) || null : null;
}

function evalText(ev) {
  if (ev.result && ev.result.winner) return t("openings.win", { side: ev.result.winner });
  if (typeof ev.score !== "number") return "0.00";
  const s = ev.score.toFixed(2);
  return ev.score > 0 ? `+${s}` : s;
}

let worker = null;
let evaluating = false;
let nextId = 1;
const waiting = new Map();

function startWorker() {
  worker = new Worker(WORKER_URL, { type: "module" });
  worker.onmessage = (e) => {
    const m = e.data || {};
    const w = waiting.get(m.id);
    if (!w) return;
    if (m.type === "review-step") {
      waiting.delete(m.id);
      w.resolve(m.eval);
    } else if (m.type === "error") {
      waiting.delete(m.id);
      w.reject(new Error((m.error && m.error.message) || "error"));
    }
  };
}

function evaluateFen(fen) {
  if (!worker) startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ type: "review", id, startFen: fen, moves: [], movetimeMs: EVAL_MS });
  });
}

$("ex-eval").addEventListener("click", async () => {
  if (evaluating) return;
  const fen = ex.fen;
  const rows = [...document.querySelectorAll("#ex-moves-body tr")].map((tr) => tr.dataset.explorerMove);
  evaluating = true;
  $("ex-eval").disabled = true;
  let done = 0;
  try {
    for (const notation of rows) {
      const after = afterFen(fen, notation);
      if (!after) continue;
      $("ex-eval-status").textContent = t("openings.evaluating", { done, total: rows.length });
      if (!evalCache.has(after)) {
        const ev = await evaluateFen(after);
        evalCache.set(after, { score: ev.score, result: ev.result, depth: ev.depth });
        saveEvals();
      }
      done += 1;
      if (ex.fen === fen) {
        const cell = document.querySelector(`#ex-moves-body [data-eval-for="${CSS.escape(notation)}"]`);
        if (cell) cell.textContent = evalText(evalCache.get(after));
      }
    }
    $("ex-eval-status").textContent = t("openings.evaluated");
  } catch (e) {
    $("ex-eval-status").textContent = t("openings.evalFailed", { message: errorText(e) });
  } finally {
    evaluating = false;
    $("ex-eval").disabled = false;
  }
});

// ---- the list of named openings ---------------------------------------------

function renderList() {
  const items = OPENINGS.map((o) => {
    const name = openingName(o);
    const notes = NOTES.get(o.id) || {};
    const open = el("a", {
      class: "btn btn-small",
      href: explorerHref(o.id),
      text: t("openings.open"),
      "aria-label": t("openings.openNamed", { name }),
    });
    const diagram = document.createElement("shashki-board");
    diagram.setAttribute("fen", o.fen);
    diagram.setAttribute("size", "240");
    diagram.setAttribute("caption", t("openings.diagram", { name }));
    return el(
      "li",
      { class: "opening-entry", "data-opening-entry": "", "data-id": o.id, id: `opening-${o.id}` },
      el("h3", { text: name }),
      el("p", { class: "opening-moves", text: o.moves.join(" ") }),
      diagram,
      el("p", { class: "opening-about", text: notes[lang() === "ru" ? "about-ru" : "about-en"] || "" }),
      el("p", { class: "opening-source hint" }, notes.source ? `${t("openings.source")}: ${notes.source}${notes.note ? ` ${notes.note}` : ""}` : ""),
      open,
    );
  });
  $("opening-list").replaceChildren(...items);
}

// ---- opening practice --------------------------------------------------------

const LEVELS = levels();
const PRACTICE_LEVEL = LEVELS[Math.min(2, LEVELS.length - 1)];
let bot = null;
const pr = { game: null, opening: null, side: "white", mode: "play", generation: 0, line: [] };

const prBoard = new Board($("pr-board"), {
  label: t("openings.prBoardLabel"),
  onMove: (move) => prHumanMove(move.notation),
});

function fillPracticeSelect() {
  const sel = $("pr-opening");
  const keep = sel.value;
  const random = sel.options[0];
  random.textContent = t("openings.prRandom");
  sel.replaceChildren(random, ...OPENINGS.map((o) => el("option", { value: o.id, text: openingName(o) })));
  sel.value = keep || "random";
}

function prStatus(text, state) {
  $("pr-status").textContent = text;
  $("pr-status").dataset.practiceStatus = state;
}

function prRender() {
  const g = pr.game;
  const st = g.status();
  const yours = st.state === "ongoing" && st.toMove === pr.side && !pr.busy;
  prBoard.set({ position: g.board(), legalMoves: yours ? g.legalMoves() : [], lastMove: g.history().at(-1) || null, viewOnly: !yours });
  facts.practice = { id: pr.opening.id, mode: pr.mode, side: pr.side, fen: g.fen(), ply: g.ply() };
  return st;
}

/** The main line from the current position: the opening's own moves while
 * inside them, then the opening book's heaviest move. */
function mainLineMove() {
  const g = pr.game;
  const ply = g.ply();
  if (ply < pr.opening.moves.length) return pr.opening.moves[ply];
  const book = bookMoves(g.fen());
  return book.length ? book[0].notation : null;
}

function startPractice(e) {
  e.preventDefault();
  const chosen = $("pr-opening").value;
  const o = chosen === "random" ? OPENINGS[Math.floor(Math.random() * OPENINGS.length)] : BY_ID.get(chosen);
  if (!o) return;
  pr.generation += 1;
  if (bot) bot.cancel();
  if (pr.game) pr.game.free();
  pr.opening = o;
  pr.side = document.querySelector('input[name="pr-side"]:checked').value;
  pr.mode = document.querySelector('input[name="pr-mode"]:checked').value;
  pr.busy = false;
  // Play: from the opening's defining position. Drill: from the start,
  // asking for the opening's moves (then the book's) for the reader's side.
  pr.game = pr.mode === "play" ? gameOf(o.moves) : new Game();
  showOpening($("pr-name"), o);
  $("pr-area").hidden = false;
  prBoard.setOrientation(pr.side);
  prNext();
  $("pr-board").focus?.();
}

function prNext() {
  const st = prRender();
  if (st.state !== "ongoing") return prStatus(t("openings.prOver"), "over");
  if (pr.mode === "drill") {
    const next = mainLineMove();
    if (!next) return prStatus(t("openings.prDrillDone"), "done");
    if (st.toMove !== pr.side) {
      pr.game.play(next);
      return prNext();
    }
    return prStatus(t("openings.prDrillAsk", { n: Math.floor(pr.game.ply() / 2) + 1 }), "your-move");
  }
  if (st.toMove === pr.side) return prStatus(t("openings.prYourMove"), "your-move");
  prBotMove();
}

function pickBook(book) {
  const total = book.reduce((s, b) => s + b.weight, 0);
  let r = Math.random() * total;
  for (const b of book) {
    r -= b.weight;
    if (r < 0) return b.notation;
  }
  return book[0].notation;
}

async function prBotMove() {
  const gen = pr.generation;
  const book = bookMoves(pr.game.fen());
  if (book.length) {
    const move = pickBook(book);
    pr.game.play(move);
    prNext();
    if (pr.game.status().state === "ongoing") prStatus(`${t("openings.prBookMove", { move })} ${t("openings.prYourMove")}`, "your-move");
    return;
  }
  pr.busy = true;
  prRender();
  prStatus(t("openings.prBotThinking"), "thinking");
  if (!bot) bot = new BotClient();
  try {
    const { result } = await bot.request(
      {
        kind: "play",
        startFen: pr.game.startFen(),
        moves: pr.game.history().map((m) => m.notation),
        level: PRACTICE_LEVEL.level,
        seed: Math.floor(Math.random() * 2 ** 31),
      },
      PRACTICE_LEVEL.movetimeMs + 4000,
    );
    if (gen !== pr.generation) return;
    pr.busy = false;
    if (!result.move) return prNext();
    pr.game.play(result.move.notation);
    prNext();
    if (pr.game.status().state === "ongoing") prStatus(`${t("openings.prBotMove", { move: result.move.notation })} ${t("openings.prYourMove")}`, "your-move");
  } catch (e) {
    if (e.cancelled || gen !== pr.generation) return;
    pr.busy = false;
    prRender();
    prStatus(t("openings.prFailed", { message: errorText(e) }), "error");
  }
}

function prHumanMove(notation) {
  if (!pr.game) return;
  if (pr.mode === "drill") {
    const expected = mainLineMove();
    if (expected && notation !== expected) {
      prRender();
      return prStatus(t("openings.prDrillWrong", { move: notation, book: expected }), "wrong");
    }
    pr.game.play(notation);
    const st = prRender();
    const next = mainLineMove();
    prNext();
    if (next && st.state === "ongoing" && $("pr-status").dataset.practiceStatus === "your-move") {
      prStatus(`${t("openings.prDrillGood", { move: notation })} ${$("pr-status").textContent}`, "your-move");
    }
    return;
  }
  pr.game.play(notation);
  prNext();
}

$("pr-form").addEventListener("submit", startPractice);
$("pr-stop").addEventListener("click", () => {
  pr.generation += 1;
  if (bot) bot.cancel();
  $("pr-area").hidden = true;
  facts.practice = null;
});

// ---- addresses: #opening=<id> or #moves=<line> ----------------------------------

function openFromHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const id = params.get("opening");
  const moves = params.get("moves");
  if (id && BY_ID.has(id)) {
    const o = BY_ID.get(id);
    exSet([...o.moves]);
    announce(t("openings.opened", { name: openingName(o) }));
    $("explorer").focus({ preventScroll: true });
    $("explorer").scrollIntoView({ block: "start" });
    return;
  }
  if (moves) {
    try {
      const line = moves.trim().split(/[\s,]+/).filter(Boolean);
      withGame(line, () => {});
      exSet(line);
    } catch {
      /* a bad line leaves the explorer where it is */
    }
  }
}

window.addEventListener("hashchange", openFromHash);

// ---- language and start ----------------------------------------------------------

function relabel() {
  renderList();
  fillPracticeSelect();
  exBoard.set({ label: t("openings.boardLabel") });
  prBoard.set({ label: t("openings.prBoardLabel") });
  renderExplorer();
  if (pr.opening) showOpening($("pr-name"), pr.opening);
}

onLangChange(relabel);
fetch(NOTES_URL)
  .then((res) => (res.ok ? res.text() : ""))
  .then((text) => {
    NOTES = parseNotes(text);
    renderList();
  })
  .catch(() => {});
renderList();
fillPracticeSelect();
renderExplorer();
openFromHash();
document.body.classList.add("ready");
facts.lang = lang();
