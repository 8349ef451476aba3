// The clocks on the page: their faces in the players' bars, the low-time
// warning, a flag fall (the engine records the loss on time), and what
// happens at the end of any game.

import { t } from "../i18n/i18n.js";
import { play as playSound } from "../shared/sound.js";
import { formatMs } from "./clock.js";
import { announce } from "../shared/announce.js";
import { S, statusSentence } from "./state.js";
import { cancelRequests, update } from "./game.js";
import { keepInArchive } from "./keep.js";

// ---- clocks --------------------------------------------------------------

/** Under this many milliseconds a clock shows low time (colour and one sound). */
function lowTimeMs(color) {
  return Math.min(10000, (S.clockControl ? S.clockControl[color].baseMs : 60000) / 4);
}

export function renderClocks(now = performance.now()) {
  for (const el of document.querySelectorAll(".player-clock")) {
    const color = el.closest(".player")?.dataset.color;
    if (!S.clock || !color) {
      el.hidden = true;
      el.removeAttribute("data-clock");
      continue;
    }
    const ms = S.clock.remaining(color, now);
    el.hidden = false;
    el.dataset.clock = color;
    el.dataset.ms = String(Math.round(ms));
    el.dataset.running = S.clock.running === color ? "true" : "false";
    el.dataset.low = ms <= lowTimeMs(color) ? "true" : "false";
    const text = formatMs(ms);
    if (el.textContent !== text) el.textContent = text;
    el.setAttribute("aria-label", `${t("clock.label", { side: color })}: ${text}`);
  }
}

export function tick() {
  if (!S.clock) return;
  const now = performance.now();
  renderClocks(now);
  if (!S.clock.running || S.game.status().state !== "ongoing") return;
  const c = S.clock.running;
  if (!S.lowWarned[c] && S.clock.remaining(c, now) <= lowTimeMs(c)) {
    S.lowWarned[c] = true;
    playSound("lowTime");
    announce(t("clock.lowTime", { side: c }));
  }
  const flagged = S.clock.flagged(now);
  if (flagged) flagFall(flagged);
}

/** `color`'s time ran out: the engine records the loss on time. */
function flagFall(color) {
  cancelRequests();
  S.clock.stop(performance.now());
  try {
    S.game.loseOnTime(color);
  } catch {
    return; // already over
  }
  S.end = { type: "time", side: color };
  S.notice = t("clock.flag", { side: color });
  update();
  gameOver();
  announce(`${S.notice} ${statusSentence(S.game.status())}`);
}

/** The end of a game: the sound, and the game kept in My games. */
export function gameOver() {
  playSound("end");
  keepInArchive();
}
