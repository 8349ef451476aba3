// The coordinate trainer of the lessons page: 30-second runs that teach the
// square names used everywhere on the site. Two tasks: "find" (a name is
// shown, click its square) and "name" (a square is marked, pick its name),
// each from White's or Black's side of the board. Only the 32 dark squares
// count: they are the only ones draughts notation ever names. The board's
// own coordinate labels are hidden during a run (CSS), or the task would be
// reading them off. Best scores are kept in this browser per task and side.
//
// Nothing here is a rule of the game: square names are geometry
// (board/geometry.js), so the trainer needs no engine.

import { Board } from "../board/board.js";
import { DARK_SQUARES } from "../board/geometry.js";
import { onLangChange, t } from "../i18n/i18n.js";
import { storage } from "../shared/util.js";
import { whenNear } from "../shared/near.js";

const BEST_KEY = "shashki.coords.best";
/** The length of a run, in seconds, unless the root's data-seconds says otherwise. */
const RUN_SECONDS = 30;
/** How many names the "name" task offers to choose from. */
const CHOICES = 4;

const root = document.querySelector("[data-coordinate-trainer]");

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("aria-") || k.startsWith("data-") || k === "role" || k === "type") e.setAttribute(k, v);
    else e[k] = v;
  }
  e.append(...kids);
  return e;
}

/** A random element of `items` other than `not` (uniform). */
function pickOther(items, not, random = Math.random) {
  const pool = items.filter((x) => x !== not);
  return pool[Math.floor(random() * pool.length)];
}

/** `n` distinct names: `answer` and n-1 others, in random order. */
export function choicesFor(answer, n = CHOICES, random = Math.random) {
  const out = [answer];
  while (out.length < n) {
    const s = pickOther(DARK_SQUARES, answer, random);
    if (!out.includes(s)) out.push(s);
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const state = {
  task: "find", // "find" | "name"
  side: "white", // the side at the bottom of the board
  running: false,
  target: null,
  score: 0,
  misses: 0,
  endsAt: 0,
  timer: 0,
};

let board = null;
const dom = {};

function bestScores() {
  const b = storage.get(BEST_KEY, {});
  return b && typeof b === "object" ? b : {};
}

function bestOf(task, side) {
  const v = bestScores()[`${task}-${side}`];
  return Number.isInteger(v) && v >= 0 ? v : 0;
}

/** Stores `score` if it beats the best of its task and side; true when it did. */
function keepBest(task, side, score) {
  const all = bestScores();
  const key = `${task}-${side}`;
  if (score <= (all[key] || 0)) return false;
  all[key] = score;
  storage.set(BEST_KEY, all);
  return true;
}

function runSeconds() {
  const n = Number(root.dataset.seconds);
  return Number.isFinite(n) && n > 0 ? n : RUN_SECONDS;
}

function say(text, kind = "") {
  dom.feedback.textContent = text;
  dom.feedback.dataset.kind = kind;
}

function build() {
  const toggle = (group, value) =>
    el("button", { type: "button", "data-value": value, "aria-pressed": "false", onclick: () => choose(group, value) });
  dom.h2 = el("h2", { id: "coords-h2" });
  dom.intro = el("p", { id: "coords-intro" });
  dom.taskLabel = el("span", { class: "coords-group-label", id: "coords-task-label" });
  dom.task = el("div", { class: "coords-choose", role: "group", "aria-labelledby": "coords-task-label" }, toggle("task", "find"), toggle("task", "name"));
  dom.sideLabel = el("span", { class: "coords-group-label", id: "coords-side-label" });
  dom.side = el("div", { class: "coords-choose", role: "group", "aria-labelledby": "coords-side-label" }, toggle("side", "white"), toggle("side", "black"));
  dom.board = el("div", { class: "coords-board", id: "coords-board" });
  dom.prompt = el("p", { class: "coords-prompt", id: "coords-prompt", "data-coords-prompt": "" });
  dom.target = el("p", { class: "coords-target", id: "coords-target", "data-coords-target": "" });
  dom.answers = el("div", { class: "coords-answers", role: "group", "aria-labelledby": "coords-prompt" });
  dom.timeLabel = el("dt");
  dom.time = el("dd", { "data-coords-time": "" });
  dom.scoreLabel = el("dt");
  dom.score = el("dd", { "data-coords-score": "" });
  dom.bestLabel = el("dt");
  dom.best = el("dd", { "data-coords-best": "" });
  dom.start = el("button", { type: "button", class: "coords-start", "data-coords-start": "", onclick: start });
  dom.feedback = el("p", { class: "coords-feedback", role: "status", "aria-live": "polite", "data-coords-feedback": "" });
  root.replaceChildren(
    dom.h2,
    dom.intro,
    el("div", { class: "coords-options" }, el("div", {}, dom.taskLabel, dom.task), el("div", {}, dom.sideLabel, dom.side)),
    el(
      "div",
      { class: "coords-main" },
      dom.board,
      el(
        "div",
        { class: "coords-panel" },
        dom.prompt,
        dom.target,
        dom.answers,
        el("dl", { class: "coords-facts" }, dom.timeLabel, dom.time, dom.scoreLabel, dom.score, dom.bestLabel, dom.best),
        dom.start,
        dom.feedback,
      ),
    ),
  );
  board = new Board(dom.board, {
    orientation: state.side,
    position: [],
    showMustCapture: false,
    animation: false,
    label: t("coords.board"),
    onSquare: (sq) => clicked(sq),
  });
}

function choose(group, value) {
  if (state.running) return;
  state[group] = value;
  board.setOrientation(state.side);
  board.set({ highlights: [] });
  say("");
  render();
}

function render() {
  root.dataset.task = state.task;
  root.dataset.side = state.side;
  root.dataset.state = state.running ? "running" : root.dataset.state === "done" ? "done" : "idle";
  dom.h2.textContent = t("coords.h2");
  dom.intro.textContent = t("coords.intro");
  dom.taskLabel.textContent = t("coords.taskLabel");
  dom.sideLabel.textContent = t("coords.sideLabel");
  for (const b of [...dom.task.children, ...dom.side.children]) {
    const group = b.parentElement === dom.task ? "task" : "side";
    b.textContent = t(`coords.${group}.${b.dataset.value}`);
    b.setAttribute("aria-pressed", String(state[group] === b.dataset.value));
    b.disabled = state.running;
  }
  board.set({ label: t("coords.board") });
  dom.prompt.textContent = state.running ? t(`coords.prompt.${state.task}`) : t("coords.prompt.idle");
  dom.target.textContent = state.running && state.task === "find" ? state.target : "";
  dom.target.hidden = !(state.running && state.task === "find");
  dom.timeLabel.textContent = t("coords.time");
  dom.scoreLabel.textContent = t("coords.score");
  dom.bestLabel.textContent = t("coords.best");
  dom.score.textContent = String(state.score);
  dom.best.textContent = String(bestOf(state.task, state.side));
  dom.start.textContent = state.running ? t("coords.stop") : t("coords.start");
  for (const b of dom.answers.children) b.disabled = !state.running;
  tick();
}

function tick() {
  const left = state.running ? Math.max(0, state.endsAt - performance.now()) : runSeconds() * 1000;
  dom.time.textContent = t("coords.seconds", { s: (Math.ceil(left / 100) / 10).toFixed(1) });
  dom.time.dataset.ms = String(Math.round(left));
  if (state.running && left <= 0) finish();
}

function nextTarget() {
  state.target = pickOther(DARK_SQUARES, state.target);
  root.dataset.target = state.target;
  if (state.task === "name") {
    board.set({ highlights: [state.target] });
    dom.answers.replaceChildren(
      ...choicesFor(state.target).map((s) =>
        el("button", { type: "button", "data-coords-answer": s, textContent: s, onclick: () => answered(s) }),
      ),
    );
  } else {
    board.set({ highlights: [] });
    dom.answers.replaceChildren();
  }
  render();
}

function start() {
  if (state.running) return finish(true);
  state.running = true;
  state.score = 0;
  state.misses = 0;
  state.target = null;
  state.endsAt = performance.now() + runSeconds() * 1000;
  root.dataset.state = "running";
  say("");
  clearInterval(state.timer);
  state.timer = setInterval(tick, 100);
  nextTarget();
  dom.board.parentElement.scrollIntoView({ block: "nearest" });
  if (state.task === "name") dom.answers.firstChild?.focus();
  else board.focus(state.side === "white" ? "a1" : "h8");
}

function finish(stopped = false) {
  clearInterval(state.timer);
  state.running = false;
  root.dataset.state = "done";
  delete root.dataset.target;
  board.set({ highlights: [] });
  dom.answers.replaceChildren();
  const record = !stopped && keepBest(state.task, state.side, state.score);
  const text = stopped
    ? t("coords.stopped", { n: state.score })
    : t(record ? "coords.record" : "coords.over", { n: state.score, misses: state.misses });
  render();
  say(text, record ? "record" : "over");
  dom.start.focus();
}

/** One answer: right moves on to the next square, wrong says what it was. */
function judge(given) {
  if (!state.running) return;
  if (given === state.target) {
    state.score += 1;
    say(t("coords.right", { sq: given }), "right");
    nextTarget();
  } else {
    state.misses += 1;
    say(t(`coords.wrong.${state.task}`, { sq: given, target: state.target }), "wrong");
    render();
  }
}

function clicked(square) {
  if (state.running && state.task === "find") judge(square);
}

function answered(name) {
  if (state.running && state.task === "name") judge(name);
}

// Built only once the reader comes near it (it ends the page).
if (root) {
  whenNear(root, () => {
    build();
    render();
    onLangChange(render);
  });
}
