// The play page's dialogs: a yes/no question and the new game's settings.

import { t } from "../i18n/i18n.js";
import { $ } from "../shared/util.js";
import { levelInfo, LEVELS, S } from "./state.js";
import { newGame } from "./commands.js";

// ---- dialogs -----------------------------------------------------------

export function confirmDialog(title, text, yes, no) {
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

export function openNewGameDialog() {
  const dlg = $("new-game-dialog");
  const form = $("new-game-form");
  form.elements.side.value = S.settings.mode === "humans" ? "humans" : S.settings.human;
  form.elements.level.value = String(S.settings.level);
  form.elements.timeControl.value = S.settings.timeControl;
  form.elements.customWhite.value = String(S.settings.custom.white);
  form.elements.customBlack.value = String(S.settings.custom.black);
  form.elements.customInc.value = String(S.settings.custom.inc);
  form.elements.autoFlip.checked = S.settings.autoFlip;
  syncLevelDescription();
  dlg.showModal();
}

export function syncLevelDescription() {
  const form = $("new-game-form");
  const l = levelInfo(Number(form.elements.level.value));
  $("level-desc").textContent = t("play.levelDescription", { level: l.level, description: l.description });
  $("level-row").hidden = form.elements.side.value === "humans";
  $("flip-row").hidden = form.elements.side.value !== "humans";
  $("custom-clock").hidden = form.elements.timeControl.value !== "custom";
}

export function setupNewGameDialog() {
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
