// Short sounds synthesised with Web Audio (no sound files): a move, a
// capture, a crowning, the end of a game and low time. Off by default; the
// one switch is the "sound" setting (shared/settings.js). The AudioContext
// is only created after the page has had a user gesture (a click, a tap or
// a key), so nothing plays, and no autoplay warning appears, before that.

import { getSettings } from "./settings.js";

let ctx = null;
let gestured = false;

if (typeof addEventListener === "function") {
  const mark = () => {
    gestured = true;
  };
  for (const ev of ["pointerdown", "keydown"]) addEventListener(ev, mark, { capture: true, passive: true });
}

function audio() {
  if (!gestured || getSettings().sound !== "on") return null;
  const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!AC) return null;
  try {
    if (!ctx) ctx = new AC();
    if (ctx.state === "suspended") ctx.resume();
  } catch {
    return null;
  }
  return ctx;
}

/** One tone: frequency (Hz) gliding to `to`, for `dur` seconds, starting `at` seconds from now. */
function tone(ac, { freq, to = freq, dur = 0.08, at = 0, type = "sine", gain = 0.18 }) {
  const t0 = ac.currentTime + at;
  const osc = ac.createOscillator();
  const g = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  osc.frequency.exponentialRampToValueAtTime(Math.max(1, to), t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

const SOUNDS = {
  move: (ac) => tone(ac, { freq: 420, to: 300, dur: 0.07, type: "triangle" }),
  capture: (ac) => {
    tone(ac, { freq: 260, to: 160, dur: 0.09, type: "square", gain: 0.08 });
    tone(ac, { freq: 520, to: 300, dur: 0.06, at: 0.05, type: "triangle" });
  },
  crown: (ac) => {
    tone(ac, { freq: 660, dur: 0.09 });
    tone(ac, { freq: 880, dur: 0.09, at: 0.08 });
    tone(ac, { freq: 1320, dur: 0.14, at: 0.16 });
  },
  end: (ac) => {
    tone(ac, { freq: 523, dur: 0.16 });
    tone(ac, { freq: 392, dur: 0.16, at: 0.14 });
    tone(ac, { freq: 262, dur: 0.3, at: 0.28 });
  },
  lowTime: (ac) => {
    tone(ac, { freq: 990, dur: 0.06, type: "square", gain: 0.06 });
    tone(ac, { freq: 990, dur: 0.06, at: 0.12, type: "square", gain: 0.06 });
  },
};

/** Plays a named sound when the sound is on and the page has had a gesture. Returns whether it played. */
export function play(name) {
  const ac = audio();
  if (!ac || !SOUNDS[name]) return false;
  try {
    SOUNDS[name](ac);
    return true;
  } catch {
    return false;
  }
}

/** The sound for a played move: crowning beats capture beats a plain move. */
export function playMoveSound(move) {
  if (!move) return false;
  if (move.crowns || move.promotes) return play("crown");
  if (move.captures && move.captures.length) return play("capture");
  return play("move");
}
