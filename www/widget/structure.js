// <shashki-board>: the element's structure (board box, caption, prompt,
// buttons bar, status line) and its texts in the reader's language.

import { t } from "../i18n/i18n.js";
import { el } from "../shared/util.js";
import { button, ACTION_KEYS } from "./helpers.js";

/** Methods of ShashkiBoardElement (assigned to its prototype). */
export const structureMethods = {
  _build() {
    // The author's explanation paragraphs for wrong moves stay as hidden children.
    for (const c of this.querySelectorAll(":scope > [data-wrong]")) c.hidden = true;
    const id = `sbw${this._n}`;
    const figure = el("figure", { class: "sbw", role: "group", "aria-labelledby": `${id}-cap` });
    const boardBox = el("div", { class: "sbw-board" });
    const bar = el("div", { class: "sbw-bar" });
    const moves = el("ol", { class: "sbw-moves", "aria-label": t("widget.moves") });
    const form = el("form", { class: "sbw-form" });
    const input = el("input", {
      type: "text",
      id: `${id}-move`,
      autocomplete: "off",
      spellcheck: "false",
      placeholder: t("widget.placeholder"),
      "aria-label": t("widget.inputLabel"),
    });
    const formLabel = el("label", { for: `${id}-move`, class: "sbw-form-label" }, t("widget.typeIt"));
    const submit = el("button", { type: "submit", class: "sbw-btn" }, t("widget.play"));
    form.append(formLabel, input, submit);
    const status = el("p", { class: "sbw-status", role: "status", "aria-live": "polite" });
    const caption = el("figcaption", { class: "sbw-caption", id: `${id}-cap` });
    const controls = el("div", { class: "sbw-controls" });
    controls.append(bar, moves);
    const prompt = el("p", { class: "sbw-prompt", id: `${id}-prompt`, hidden: true });
    figure.append(prompt, boardBox, status, controls, form, caption);
    this.appendChild(figure);
    this._ui = { figure, prompt, boardBox, bar, moves, form, formLabel, submit, input, status, caption, id };

    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      this.attempt(text).then((r) => {
        if (r.ok) input.value = "";
      });
    });
    bar.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-action]");
      if (b && !b.disabled) this._action(b.dataset.action);
    });
    moves.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-ply]");
      if (b) this._replayGoto(Number(b.dataset.ply), { animate: false });
    });
    figure.addEventListener("keydown", (ev) => {
      if (this.mode !== "replay" || ev.target.closest("input")) return;
      const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
      // arrows on the board move the square focus; elsewhere they step the replay
      if (ev.target.closest("svg") && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) return;
      if (keys[ev.key]) {
        ev.preventDefault();
        this._action(keys[ev.key]);
      }
    });
    this._applySize();
    this._applyCaption();
  },

  _applySize() {
    const size = (this.getAttribute("size") || "").trim();
    if (!size) this.style.removeProperty("--sbw-size");
    else this.style.setProperty("--sbw-size", /^\d+(\.\d+)?$/.test(size) ? `${size}px` : size);
  },

  _applyCaption() {
    const text = this.getAttribute("caption") || "";
    this._ui.caption.textContent = text;
    this._ui.caption.hidden = !text;
    const names = [];
    if (!this._ui.prompt.hidden) names.push(`${this._ui.id}-prompt`);
    if (text) names.push(`${this._ui.id}-cap`);
    if (names.length) {
      this._ui.figure.setAttribute("aria-labelledby", names.join(" "));
      this._ui.figure.removeAttribute("aria-label");
    } else {
      this._ui.figure.removeAttribute("aria-labelledby");
      this._ui.figure.setAttribute("aria-label", t("widget.boardLabel"));
    }
  },

  /** Shows the exercise's task (the author's prompt, or the default one). */
  _applyPrompt() {
    this._ui.prompt.textContent = this.getAttribute("prompt") || t("widget.defaultPrompt", { side: this._reader });
  },

  /** After a change of language: every word of the widget again. */
  _relabel() {
    const ui = this._ui;
    if (!ui) return;
    ui.moves.setAttribute("aria-label", t("widget.moves"));
    ui.input.placeholder = t("widget.placeholder");
    ui.input.setAttribute("aria-label", t("widget.inputLabel"));
    ui.formLabel.textContent = t("widget.typeIt");
    ui.submit.textContent = t("widget.play");
    for (const b of ui.bar.querySelectorAll("button[data-action]")) {
      const label = t(ACTION_KEYS[b.dataset.action]);
      if (b.classList.contains("sbw-icon")) {
        b.setAttribute("aria-label", label);
        b.title = label;
      } else b.textContent = label;
    }
    this._applyCaption();
    if (this._board) this._board.set({ label: null });
    if (!this._game || ui.figure.classList.contains("sbw-error")) return;
    if (this.mode === "explore") this._refreshExplore();
    else if (this.mode === "replay") this._refreshReplayUi();
    else if (this.mode === "exercise") {
      this._applyPrompt();
      if (this.solved) this._solve({ quiet: true });
      else this._setStatus("");
      this._refreshExercise();
    } else this._updateLabel();
    if (this._board) this._board.redraw();
  },
};
