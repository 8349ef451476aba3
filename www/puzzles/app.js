// The puzzles page: one puzzle at a time in a <shashki-board> exercise.
// The puzzles (www/puzzles/puzzles.json, built by `shashki puzzles mine`)
// are loaded when the page opens: first puzzles/first.json (the first
// puzzles and their number, written by the build and preloaded by the
// page), so that a new reader's first puzzle is on the board before the
// whole collection has come; the controls that need every puzzle (filters,
// the daily puzzle, the run) wait for it. The board and the engine judge every
// move; this file only picks the puzzle, keeps the reader's record
// (store.js) and words the outcome (texts.js).

import { texts as T } from "./texts.js";
import * as store from "./store.js";
import { el } from "../shared/util.js";
import { renderDashboard } from "./dashboard.js";
import { PENALTY_MS, PuzzleRun, bestRun } from "./run.js";

const DATA_URL = new URL("./puzzles.json", import.meta.url).href;
const FIRST_URL = new URL("./first.json", import.meta.url).href;
const DIFFICULTY = {
  easy: [0, 1199],
  medium: [1200, 1599],
  hard: [1600, 1999],
  expert: [2000, 99999],
};
// The daily puzzle is chosen among the middling ones.
const DAILY_RANGE = [1000, 1900];

const $ = (id) => document.getElementById(id);

let all = []; // every puzzle, in file order (the first few until the whole file has come)
let complete = false; // `all` is the whole collection
let total = 0; // the collection's size (known from first.json before the rest)
let byId = new Map();
let list = []; // the puzzles matching the filters
let current = null;
let rec = store.load();
let attempt = null; // {id, wrong, shown, done, run}
let run = null; // the timed run going on, or null

/** Fills the page's fixed texts from texts.js (the HTML holds the English as a fallback). */
function applyTexts() {
  for (const node of document.querySelectorAll("[data-text]")) {
    const v = node.dataset.text.split(".").reduce((o, k) => (o ? o[k] : undefined), T);
    if (typeof v === "string") node.textContent = v;
  }
}

function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

/** A stable pick for a date: FNV-1a of the date over the middling puzzles. */
function dailyPuzzle(date = todayUtc()) {
  const pool = all.filter((p) => p.rating >= DAILY_RANGE[0] && p.rating <= DAILY_RANGE[1]);
  const from = pool.length ? pool : all;
  let h = 0x811c9dc5;
  for (const c of date) {
    h ^= c.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return from[h % from.length];
}

function matches(p) {
  const theme = $("theme").value;
  const diff = $("difficulty").value;
  if (theme && !p.themes.includes(theme)) return false;
  if (diff) {
    const [lo, hi] = DIFFICULTY[diff];
    if (p.rating < lo || p.rating > hi) return false;
  }
  return true;
}

function applyFilters() {
  list = all.filter(matches);
}

function fillFilters() {
  const theme = $("theme");
  theme.replaceChildren(el("option", { value: "" }, T.anyTheme));
  const counts = new Map();
  for (const p of all) for (const t of p.themes) counts.set(t, (counts.get(t) || 0) + 1);
  for (const t of Object.keys(T.themes)) {
    if (!counts.has(t)) continue;
    theme.append(el("option", { value: t }, `${T.themes[t]} (${counts.get(t)})`));
  }
  const diff = $("difficulty");
  diff.replaceChildren(el("option", { value: "" }, T.anyDifficulty));
  for (const k of Object.keys(DIFFICULTY)) diff.append(el("option", { value: k }, T.difficulty[k]));
}

function solutionText(p) {
  const black = p.fen.trim().toUpperCase().startsWith("B");
  const out = [];
  let n = 1;
  p.solution.forEach((m, i) => {
    const whiteMove = black ? i % 2 === 1 : i % 2 === 0;
    if (i === 0 && black) out.push(`${n}... ${m}`);
    else if (whiteMove) out.push(`${n}. ${m}`);
    else out.push(m);
    if (!whiteMove) n += 1;
  });
  return out.join(" ");
}

function analyseHref(p) {
  const params = new URLSearchParams({ fen: p.fen, moves: p.solution.join(" "), ply: "0" });
  return `analysis.html#${params.toString()}`;
}

function renderStats() {
  $("stat-rating").textContent = String(rec.rating);
  $("stat-streak").textContent = T.streak(rec.streak);
  $("stat-best").textContent = String(rec.best);
  $("stat-solved").textContent = T.solvedCount(store.solvedCount(rec), all.length);
  $("stat-run").textContent = String(bestRun());
  renderDashboard($("dashboard"), rec, byId, T, { onPractise: practise });
}

/** "Practise your weakest theme": the theme filter set to it, its first unseen puzzle shown. */
function practise(theme) {
  $("theme").value = theme;
  $("difficulty").value = "";
  onFilter();
  $("puzzle").focus();
}

function setFeedback(text, kind = "") {
  const f = $("feedback");
  f.textContent = text;
  f.dataset.kind = kind;
}

/** The first outcome of the puzzle on the board counts for the rating. */
function outcome(solved) {
  if (!attempt || attempt.done || !current) return;
  attempt.done = true;
  if (attempt.run) {
    setFeedback(solved ? T.runRight : T.runWrong(PENALTY_MS / 1000), solved ? "solved" : "failed");
    attempt.run(solved);
    return;
  }
  const delta = store.record(rec, current.id, current.rating, solved);
  renderStats();
  if (delta === null) setFeedback(solved ? T.resultAgain : "", solved ? "solved" : "");
  else setFeedback(solved ? T.resultSolved(delta, rec.rating) : T.resultFailed(delta, rec.rating), solved ? "solved" : "failed");
  revealSolution();
}

function revealSolution() {
  $("solution-line").textContent = solutionText(current);
  $("solution").hidden = false;
}

/** The puzzle's title ("Puzzle 3 of 1300") and the daily badge. */
function showTitle(onRun = null, runIndex = 0) {
  const p = current;
  const pos = list.indexOf(p);
  // Until the whole file has come, `list` is the first few: count the collection.
  $("puzzle-title").textContent = onRun
    ? T.runTitle(runIndex)
    : pos >= 0
      ? T.title(pos + 1, complete ? list.length : total)
      : T.title(all.indexOf(p) + 1, total);
  $("puzzle-daily").hidden = !complete || p !== dailyPuzzle();
}

/** Previous and next: off during a run, and until every puzzle has come. */
function setStepButtons(onRun = null) {
  const pos = list.indexOf(current);
  $("prev").disabled = !complete || !!onRun || pos <= 0;
  $("next").disabled = !complete || !!onRun || (pos < 0 ? list.length === 0 : pos >= list.length - 1);
}

function show(p, { updateHash = true, onRun = null, runIndex = 0 } = {}) {
  current = p;
  attempt = { id: p.id, wrong: false, shown: false, done: false, run: onRun };
  showTitle(onRun, runIndex);
  // The rating above the board (one line, no shift); the themes, a line
  // of any length, below it.
  $("puzzle-meta").textContent = T.meta(p.rating);
  $("puzzle-themes").textContent = T.themesLine(p.themes.map((t) => T.themes[t] || t).join(", "));
  $("puzzle-source").textContent = T.source(p.source);
  $("puzzle-gain").textContent = T.gain(p.gain);
  $("solution").hidden = true;
  $("solution-line").textContent = "";
  $("analyse").href = analyseHref(p);
  setFeedback("");
  // Screen readers hear which puzzle is on the board now.
  $("announce").textContent = `${$("puzzle-title").textContent}. ${$("puzzle-meta").textContent}. ${$("puzzle-themes").textContent}.`;
  setStepButtons(onRun);

  const turn = p.fen.trim().toUpperCase().startsWith("B") ? "black" : "white";
  const board = el("shashki-board", {
    id: `puzzle-${p.id}`,
    mode: "exercise",
    fen: p.fen,
    solution: p.solution.join(" "),
    orientation: turn,
    size: "30rem",
    prompt: T.prompt(turn, p.gain),
    success: T.success,
    hint: T.hint,
  });
  // The widget's public attempt() judges every try of the reader (board
  // clicks, drags and typed moves all go through it): a legal move that is
  // not the answer fails the puzzle.
  const judge = board.attempt.bind(board);
  board.attempt = async (move, opts) => {
    const r = await judge(move, opts);
    if (r && r.refused === "legal" && current === p) {
      attempt.wrong = true;
      outcome(false);
    }
    return r;
  };
  board.addEventListener("shashki-solved", () => {
    if (current === p) outcome(!attempt.wrong && !attempt.shown);
  });
  board.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest('[data-action="solution"]') && current === p) {
      attempt.shown = true;
      outcome(false);
    }
  });
  $("board-slot").replaceChildren(board);
  if (updateHash) history.replaceState(null, "", `#id=${encodeURIComponent(p.id)}`);
}

function step(d) {
  const i = list.indexOf(current);
  const next = i < 0 ? list[0] : list[i + d];
  if (next) show(next);
}

/** The puzzle named in the address (#id=...), if any. */
function fromHash() {
  const m = /(?:^#|&)id=([^&]+)/.exec(location.hash);
  return m ? byId.get(decodeURIComponent(m[1])) || null : null;
}

function openFromHash() {
  const p = fromHash();
  if (!p || p === current || run?.running) return false;
  if (!matches(p)) {
    $("theme").value = "";
    $("difficulty").value = "";
    applyFilters();
  }
  show(p, { updateHash: false });
  return true;
}

function firstUnseen() {
  return list.find((p) => !rec.results[p.id]) || list[0] || null;
}

function onFilter() {
  applyFilters();
  const keep = current && list.includes(current);
  if (keep) {
    show(current, { updateHash: false });
    return;
  }
  const p = firstUnseen();
  if (p) show(p);
  else {
    current = null;
    $("puzzle-title").textContent = T.noMatch;
    for (const id of ["puzzle-meta", "puzzle-themes", "puzzle-source", "puzzle-gain"]) $(id).textContent = "";
    $("puzzle-daily").hidden = true;
    $("board-slot").replaceChildren();
    $("solution").hidden = true;
    $("prev").disabled = true;
    $("next").disabled = true;
  }
}

/** The controls that pick a puzzle are off during a timed run. */
function lockControls(locked) {
  for (const id of ["theme", "difficulty", "prev", "next", "daily", "reset-stats"]) $(id).disabled = locked;
  $("run-start").textContent = locked ? T.runStop : T.runStart;
  $("run-bar").hidden = !locked && !$("run-bar").dataset.ended;
  document.body.dataset.puzzleRun = locked ? "running" : "idle";
}

function startRun() {
  const seconds = Number($("run-start").dataset.seconds) || undefined;
  run = new PuzzleRun({
    all,
    seconds,
    dom: { clock: $("run-clock"), score: $("run-score") },
    show: (p, onOutcome, k) => show(p, { updateHash: false, onRun: onOutcome, runIndex: k }),
    onEnd: ({ score, misses, record, stopped }) => {
      $("run-bar").dataset.ended = "true";
      lockControls(false);
      if (attempt) attempt.run = null;
      renderStats();
      setFeedback(stopped ? T.runStopped(score) : T.runOver(score, misses, record), "run-end");
      $("announce").textContent = $("feedback").textContent;
    },
  });
  delete $("run-bar").dataset.ended;
  lockControls(true);
  run.start();
  $("puzzle").focus();
}

/** A puzzle file's valid puzzles, or null if it is not one. */
async function loadFile(url) {
  try {
    const res = await fetch(url);
    if (!res.ok) return null;
    const data = await res.json();
    if (!data || !Array.isArray(data.puzzles)) return null;
    const puzzles = data.puzzles.filter(
      (p) => p && typeof p.id === "string" && typeof p.fen === "string" && Array.isArray(p.solution) && Array.isArray(p.themes),
    );
    return { puzzles, total: Number.isInteger(data.total) ? data.total : puzzles.length };
  } catch {
    return null;
  }
}

function setPuzzles(puzzles) {
  // The puzzle on the board stays the same object (its board's listeners compare it).
  all = current ? puzzles.map((p) => (p.id === current.id ? current : p)) : puzzles;
  byId = new Map(all.map((p) => [p.id, p]));
  applyFilters();
}

/**
 * The first screen from first.json: the puzzle the address names, or the
 * reader's first unseen one, if it is among the first few. Returns whether
 * a puzzle is shown.
 */
function showFirst(first) {
  if (!first || !first.puzzles.length) return false;
  total = first.total;
  setPuzzles(first.puzzles);
  const named = /(?:^#|&)id=/.test(location.hash);
  const p = named ? fromHash() : list.find((q) => !rec.results[q.id]);
  if (!p) return false;
  show(p, { updateHash: false });
  return true;
}

const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function init() {
  applyTexts();
  $("daily-date").textContent = todayUtc();
  renderStats();
  const controls = ["theme", "difficulty", "daily", "run-start"];
  for (const id of controls) $(id).disabled = true;
  const shown = showFirst(await loadFile(FIRST_URL));
  if (shown) await afterPaint(); // the whole file is fetched once the first puzzle is painted
  else setFeedback(T.loading);
  const data = await loadFile(DATA_URL);
  if (!data) {
    setFeedback(T.loadFailed, "failed");
    return;
  }
  complete = true;
  total = data.puzzles.length;
  setPuzzles(data.puzzles);
  fillFilters();
  renderStats();
  for (const id of controls) $(id).disabled = false;
  if (!shown) setFeedback("");

  $("theme").addEventListener("change", onFilter);
  $("difficulty").addEventListener("change", onFilter);
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("daily").addEventListener("click", () => {
    location.hash = `id=${encodeURIComponent(dailyPuzzle().id)}`;
  });
  $("reset-stats").addEventListener("click", () => {
    rec = store.reset();
    renderStats();
    setFeedback(T.resetConfirm);
  });
  window.addEventListener("hashchange", openFromHash);
  $("run-start").addEventListener("click", () => (run?.running ? run.end(true) : startRun()));

  const moved = openFromHash(); // the address may have changed while the collection came
  if (!moved && current) {
    showTitle();
    setStepButtons();
  }
  const unseen = current ? null : firstUnseen();
  if (unseen) show(unseen);
  document.body.dataset.puzzles = String(all.length);
}

init();
