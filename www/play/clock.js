// Game clocks (Fischer: a base time per side plus an increment added after
// each of that side's moves). Pure bookkeeping on timestamps the caller
// passes in (performance.now()), so it is easy to test and never drifts:
// the time left is always computed from when the running side's clock was
// started, not by counting ticks. The page (play/app.js) draws it, asks the
// engine for the flag fall's result (Game.loseOnTime) and the bot's budget.

/** The preset controls: value -> [base minutes, increment seconds]. */
export const PRESETS = {
  "1+0": [1, 0],
  "3+2": [3, 2],
  "5+3": [5, 3],
  "10+5": [10, 5],
  "15+10": [15, 10],
};

export const other = (c) => (c === "white" ? "black" : "white");

/**
 * The control chosen: null for "none", else {white: {baseMs, incMs},
 * black: {...}}. `custom` = {white: minutes, black: minutes, inc: seconds}
 * (different minutes per side make a handicap).
 */
export function controlFor(value, custom = {}) {
  if (!value || value === "none") return null;
  const side = (min, inc) => ({ baseMs: Math.round(min * 60000), incMs: Math.round(inc * 1000) });
  if (value === "custom") {
    const num = (x, d) => (Number.isFinite(Number(x)) && Number(x) >= 0 ? Number(x) : d);
    const w = Math.max(0.05, num(custom.white, 5));
    const b = Math.max(0.05, num(custom.black, w));
    const inc = Math.min(600, num(custom.inc, 0));
    return { white: side(w, inc), black: side(b, inc) };
  }
  const p = PRESETS[value];
  return p ? { white: side(p[0], p[1]), black: side(p[0], p[1]) } : null;
}

/** PDN's TimeControl value: seconds+increment ("180+2"); White's/Black's for a handicap. */
export function pdnTimeControl(ctl) {
  if (!ctl) return "-";
  const one = (s) => `${Math.round(s.baseMs / 1000)}+${Math.round(s.incMs / 1000)}`;
  const w = one(ctl.white);
  const b = one(ctl.black);
  return w === b ? w : `${w}/${b}`;
}

/** A short label for lists: "3+2", "5+3 / 1+3". */
export function controlLabel(ctl) {
  if (!ctl) return "";
  const one = (s) => `${+(s.baseMs / 60000).toFixed(2)}+${Math.round(s.incMs / 1000)}`;
  const w = one(ctl.white);
  const b = one(ctl.black);
  return w === b ? w : `${w} / ${b}`;
}

/** "4:59", "0:09.4" under ten seconds, "1:02:03" over an hour. */
export function formatMs(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) {
    const tenths = Math.floor(t / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

export class GameClock {
  /** @param {object} ctl from controlFor; @param {object} [saved] from toJSON */
  constructor(ctl, saved = null) {
    this.ctl = ctl;
    this.left = { white: ctl.white.baseMs, black: ctl.black.baseMs };
    this.running = null;
    this.since = 0;
    if (saved && saved.left) {
      for (const c of ["white", "black"]) {
        if (Number.isFinite(saved.left[c])) this.left[c] = Math.max(0, saved.left[c]);
      }
    }
  }

  /** Milliseconds left for `color` at time `now`. */
  remaining(color, now) {
    let ms = this.left[color];
    if (this.running === color) ms -= now - this.since;
    return Math.max(0, ms);
  }

  /** Starts `color`'s clock (stopping the other's). */
  start(color, now) {
    this.stop(now);
    this.running = color;
    this.since = now;
  }

  /** Stops whichever clock runs. */
  stop(now) {
    if (this.running) this.left[this.running] = this.remaining(this.running, now);
    this.running = null;
  }

  /** `mover` has moved: its clock stops, its increment is added, the other's clock starts. */
  press(mover, now) {
    if (this.running === mover) this.left[mover] = this.remaining(mover, now);
    this.left[mover] += this.ctl[mover].incMs;
    this.running = other(mover);
    this.since = now;
  }

  /** The side whose time has run out, or null. */
  flagged(now) {
    return this.running && this.remaining(this.running, now) <= 0 ? this.running : null;
  }

  /** What a reload needs: the time left on both clocks now, and who was to move. */
  toJSON(now) {
    return {
      left: { white: this.remaining("white", now), black: this.remaining("black", now) },
      running: this.running,
    };
  }
}
