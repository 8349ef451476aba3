// The lessons page: keeps the reader's progress (solved exercises) in
// localStorage and shows it. The exercises themselves are <shashki-board>
// widgets; each tells us when it is solved with a `shashki-solved` event.

import { onLangChange, t } from "../i18n/i18n.js";
import { storage } from "../shared/util.js";

const KEY = "shashki.lessons.v1";

/** Storage unavailable or damaged: start afresh. */
function load() {
  const data = storage.get(KEY, {});
  return new Set(Array.isArray(data?.solved) ? data.solved.filter((s) => typeof s === "string") : []);
}

/** Private mode or full storage: progress lasts for this visit only. */
function save(solved) {
  storage.set(KEY, { solved: [...solved].sort() });
}

const solved = load();
const exercises = [...document.querySelectorAll('shashki-board[mode="exercise"][id]')];
const lessons = [...document.querySelectorAll("section.lesson")];

function tick(el, done) {
  let t = el.querySelector(":scope > .tick");
  if (!t) {
    t = document.createElement("span");
    t.className = "tick";
    t.setAttribute("aria-hidden", "true");
    el.prepend(t);
  }
  t.textContent = done ? "\u2713" : "";
}

function render() {
  const ids = new Set(exercises.map((e) => e.id));
  const count = [...solved].filter((id) => ids.has(id)).length;
  const total = exercises.length;
  document.getElementById("progress-text").textContent =
    count === 0
      ? t("lessons.progressNone", { total })
      : count === total
        ? t("lessons.progressAll", { total })
        : t("lessons.progressSome", { count, total });
  document.getElementById("progress-fill").style.width = `${total ? (100 * count) / total : 0}%`;
  // kept in its place when there is nothing to reset, so the box keeps its height
  document.getElementById("progress-reset").style.visibility = count === 0 ? "hidden" : "";

  for (const title of document.querySelectorAll(".exercise-title[data-for]")) {
    const done = solved.has(title.dataset.for);
    tick(title, done);
    title.dataset.done = String(done);
  }
  const list = document.getElementById("lesson-list");
  for (const section of lessons) {
    const own = exercises.filter((e) => section.contains(e));
    const done = own.length > 0 && own.every((e) => solved.has(e.id));
    section.dataset.done = String(done);
    tick(section.querySelector(".lesson-head h2"), done);
    const link = list && list.querySelector(`a[href="#${section.id}"]`);
    if (link) {
      tick(link.parentElement, done);
      if (done) link.setAttribute("aria-description", t("lessons.completed"));
      else link.removeAttribute("aria-description");
    }
  }
}

document.addEventListener("shashki-solved", (ev) => {
  const id = ev.target && ev.target.id;
  if (!id) return;
  solved.add(id);
  save(solved);
  render();
});

document.getElementById("progress-reset").addEventListener("click", () => {
  solved.clear();
  save(solved);
  render();
});

render();
onLangChange(render);
