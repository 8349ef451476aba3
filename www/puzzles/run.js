// Timed puzzle runs: puzzles of rising difficulty one after another against
// a 3-minute clock. A solved puzzle scores one and brings the next; a wrong
// move (or asking for the solution) costs PENALTY_MS and brings the next
// too. Runs do not touch the puzzle rating: they are practice at speed
// (a puzzle rushed in a run says little about how well it is understood).
// The best score is kept in this browser.

import { storage } from "../shared/util.js";

export const RUN_SECONDS = 180;
export const PENALTY_MS = 10000;
/** The k-th puzzle of a run is picked near FIRST_RATING + k * STEP. */
export const FIRST_RATING = 800;
export const STEP = 50;
/** How many of the puzzles nearest the target rating the pick is made from. */
const NEAREST = 8;
const BEST_KEY = "shashki.puzzles.run.best";

/** The next puzzle: random among the NEAREST unseen ones nearest the k-th target rating. */
export function pickNext(all, k, seen, random = Math.random) {
  const target = FIRST_RATING + k * STEP;
  const pool = all
    .filter((p) => !seen.has(p.id))
    .sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target) || a.rating - b.rating)
    .slice(0, NEAREST);
  return pool.length ? pool[Math.floor(random() * pool.length)] : null;
}

export function bestRun() {
  const v = storage.get(BEST_KEY, 0);
  return Number.isInteger(v) && v > 0 ? v : 0;
}

function keepBest(score) {
  if (score <= bestRun()) return false;
  storage.set(BEST_KEY, score);
  return true;
}

const clockText = (ms) => {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export class PuzzleRun {
  /**
   * @param {object} o
   * @param {object[]} o.all the puzzles
   * @param {(p, onOutcome: (solved: boolean) => void, k: number) => void} o.show puts a puzzle on the board
   * @param {{clock: Element, score: Element}} o.dom where the run's clock and score show
   * @param {(r: {score, misses, record, stopped}) => void} o.onEnd
   * @param {number} [o.seconds]
   */
  constructor({ all, show, dom, onEnd, seconds = RUN_SECONDS }) {
    Object.assign(this, { all, showPuzzle: show, dom, onEnd, seconds });
    this.running = false;
  }

  start() {
    this.running = true;
    this.score = 0;
    this.misses = 0;
    this.k = 0;
    this.seen = new Set();
    this.endsAt = performance.now() + this.seconds * 1000;
    this.timer = setInterval(() => this.tick(), 100);
    this.next();
    this.tick();
  }

  tick() {
    const left = this.endsAt - performance.now();
    this.dom.clock.textContent = clockText(left);
    this.dom.clock.dataset.ms = String(Math.max(0, Math.round(left)));
    this.dom.clock.dataset.low = String(left < 20000);
    this.dom.score.textContent = String(this.score);
    if (this.running && left <= 0) this.end(false);
  }

  next() {
    const p = pickNext(this.all, this.k, this.seen);
    if (!p) return this.end(false);
    this.seen.add(p.id);
    this.k += 1;
    const token = (this.token = {});
    this.showPuzzle(
      p,
      (solved) => {
        if (!this.running || this.token !== token) return;
        if (solved) this.score += 1;
        else {
          this.misses += 1;
          this.endsAt -= PENALTY_MS;
        }
        this.tick();
        if (this.running) setTimeout(() => this.running && this.token === token && this.next(), solved ? 500 : 900);
      },
      this.k,
    );
  }

  /** Ends the run; a stopped run is not kept as a best. */
  end(stopped) {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    this.token = null;
    this.tick();
    const record = !stopped && keepBest(this.score);
    this.onEnd({ score: this.score, misses: this.misses, record, stopped });
  }
}
