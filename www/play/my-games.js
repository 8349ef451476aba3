// The "My games" section of the play page: the games kept in IndexedDB
// (play/archive.js) listed as [data-archive-game] items with filters by
// result and opponent, each opened in the analysis page or deleted; all
// exported as one PDN file ([data-archive-export]) or a PDN file imported
// (read by the engine, pdnGames and Game.fromPdn; never as HTML); and the
// results against each bot level with an estimate of the player's
// strength (play/strength.js). Any storage failure is shown in the
// section and leaves the game in progress alone.

import { Archive } from "./archive.js";
import { estimateStrength } from "./strength.js";
import { lang } from "../i18n/i18n.js";
import { errorText, reasonText } from "../shared/status-text.js";
import { START_FEN } from "../board/fen.js";

import { $ } from "../shared/util.js";

export function setupArchive({ engine, t, onError, confirmDialog, onReview = null }) {
  const archive = new Archive();
  let entries = [];
  let failed = "";

  function showError(e) {
    failed = t("archive.storageFailed", { message: (e && e.message) || String(e) });
    $("archive-error").textContent = failed;
    onError(failed);
  }

  async function load() {
    try {
      entries = await archive.all();
      failed = "";
      $("archive-error").textContent = "";
    } catch (e) {
      entries = [];
      showError(e);
    }
    render();
  }

  function opponentLabel(e) {
    if (e.opponent === "humans") return t("archive.humans");
    if (typeof e.opponent === "number") return t("archive.level", { level: e.opponent });
    return "PDN";
  }

  function resultLabel(e) {
    // The player's own result against the bot; two players: the score only.
    const word = e.color ? t(`archive.you.${e.outcome}`) : "";
    const head = word ? `${e.result} (${word})` : e.result;
    if (e.reason === "abandoned") return `${head}, ${t("archive.abandoned")}`;
    if (!e.reason || e.result === "*") return head;
    const state = e.result === "1-1" ? "draw" : "win";
    const winner = e.result === "2-0" ? "white" : e.result === "0-2" ? "black" : null;
    const why = reasonText({ state, winner, reason: e.reason });
    return why ? `${head}. ${why}` : head;
  }

  function analysisHref(e) {
    const params = new URLSearchParams();
    if (e.startFen && e.startFen !== START_FEN) params.set("fen", e.startFen);
    if (e.moves && e.moves.length) params.set("moves", e.moves.join(" "));
    const hash = params.toString();
    return hash ? `analysis.html#${hash}` : "analysis.html";
  }

  function syncOpponentFilter() {
    const sel = $("archive-filter-opponent");
    const keep = sel.value;
    const values = new Set(entries.map((e) => String(e.opponent)));
    const opts = [["all", t("archive.all")]];
    if (values.has("humans")) opts.push(["humans", t("archive.humans")]);
    for (const v of [...values].filter((v) => /^\d+$/.test(v)).sort()) opts.push([v, t("archive.level", { level: Number(v) })]);
    if (values.has("imported")) opts.push(["imported", "PDN"]);
    sel.replaceChildren(
      ...opts.map(([v, text]) => {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = text;
        return o;
      }),
    );
    sel.value = opts.some(([v]) => v === keep) ? keep : "all";
  }

  function render() {
    syncOpponentFilter();
    const byResult = $("archive-filter-result").value;
    const byOpponent = $("archive-filter-opponent").value;
    const shown = entries.filter(
      (e) => (byResult === "all" || e.outcome === byResult) && (byOpponent === "all" || String(e.opponent) === byOpponent),
    );
    const list = $("archive-list");
    const fmt = new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" });
    list.replaceChildren(
      ...shown.map((e) => {
        const li = document.createElement("li");
        li.className = "archive-game";
        li.dataset.archiveGame = String(e.id);
        li.dataset.outcome = e.outcome;
        const text = document.createElement("p");
        text.className = "archive-text";
        const date = (() => {
          try {
            return fmt.format(new Date(e.date));
          } catch {
            return String(e.date);
          }
        })();
        const parts = [date, opponentLabel(e)];
        if (e.color) parts.push(t("archive.you", { color: e.color }));
        if (e.timeControl && e.timeControl !== "-") parts.push(e.timeControl);
        text.textContent = parts.join(" · ");
        const res = document.createElement("p");
        res.className = "archive-result";
        res.textContent = resultLabel(e);
        const actions = document.createElement("div");
        actions.className = "archive-item-actions";
        const open = document.createElement("a");
        open.className = "btn btn-small";
        open.href = analysisHref(e);
        open.textContent = t("archive.open");
        open.setAttribute("aria-label", `${t("archive.open")}: ${date}, ${opponentLabel(e)}`);
        /** A small button of this game's row: `data` names its data attribute, `key` its text. */
        const rowButton = (data, key) => {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "btn btn-small";
          b.dataset[data] = String(e.id);
          b.textContent = t(key);
          b.setAttribute("aria-label", `${t(key)}: ${date}, ${opponentLabel(e)}`);
          return b;
        };
        const del = rowButton("archiveDelete", "archive.delete");
        if (onReview && e.moves && e.moves.length) actions.append(open, rowButton("archiveReview", "mistakes.reviewShort"), del);
        else actions.append(open, del);
        li.append(text, res, actions);
        return li;
      }),
    );
    $("archive-empty").hidden = entries.length > 0;
    $("archive-export").disabled = entries.length === 0;
    $("archive-clear").disabled = entries.length === 0;
    renderStats();
  }

  function renderStats() {
    const box = $("archive-stats");
    const rated = entries.filter((e) => typeof e.opponent === "number" && ["win", "draw", "loss"].includes(e.outcome));
    const perLevel = new Map();
    for (const e of rated) {
      const c = perLevel.get(e.opponent) || { w: 0, d: 0, l: 0 };
      c[e.outcome === "win" ? "w" : e.outcome === "draw" ? "d" : "l"] += 1;
      perLevel.set(e.opponent, c);
    }
    const kids = [];
    const h = document.createElement("h3");
    h.textContent = t("archive.stats");
    kids.push(h);
    const ul = document.createElement("ul");
    ul.className = "archive-stat-lines";
    for (const level of [...perLevel.keys()].sort((a, b) => a - b)) {
      const li = document.createElement("li");
      li.dataset.statLevel = String(level);
      li.textContent = t("archive.statsLine", { level, ...perLevel.get(level) });
      ul.append(li);
    }
    if (ul.children.length) kids.push(ul);
    const est = estimateStrength(rated.map((e) => ({ level: e.opponent, score: e.outcome === "win" ? 1 : e.outcome === "draw" ? 0.5 : 0 })));
    const p = document.createElement("p");
    p.id = "archive-strength";
    if (!est) p.textContent = t("archive.noStrength");
    else if (est.kind === "above") p.textContent = t("archive.strengthAll", est);
    else if (est.kind === "below") p.textContent = t("archive.strengthNone", est);
    else p.textContent = t("archive.strength", est);
    p.dataset.kind = est ? est.kind : "none";
    if (est && est.elo !== undefined) p.dataset.elo = String(est.elo);
    kids.push(p);
    box.replaceChildren(...kids);
  }

  function download() {
    const text = entries
      .slice()
      .reverse()
      .map((e) => e.pdn.trimEnd())
      .join("\n\n");
    const blob = new Blob([`${text}\n`], { type: "application/x-pdn;charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "my-games.pdn";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  }

  /** An entry from one imported game (the engine read it). */
  function importedEntry(summary) {
    const g = engine.Game.fromPdn(summary.pdn);
    try {
      const st = g.status();
      const levelOf = (name) => {
        const m = /level (\d+)/i.exec(name || "");
        return m ? Number(m[1]) : null;
      };
      let opponent = "imported";
      let color = null;
      if (summary.white === "Player" && levelOf(summary.black)) {
        opponent = levelOf(summary.black);
        color = "white";
      } else if (summary.black === "Player" && levelOf(summary.white)) {
        opponent = levelOf(summary.white);
        color = "black";
      } else if (/two players/i.test(summary.event || "")) opponent = "humans";
      const who = color || "white";
      const over = st.state !== "ongoing";
      const d = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(summary.date || "");
      return {
        date: d ? new Date(`${d[1]}-${d[2]}-${d[3]}T12:00:00`).toISOString() : new Date().toISOString(),
        opponent,
        color,
        result: summary.result,
        outcome: !over ? "unfinished" : st.state === "draw" ? "draw" : st.winner === who ? "win" : "loss",
        reason: over ? st.reason : "",
        timeControl: (/\[TimeControl "([^"]*)"\]/.exec(summary.pdn) || [])[1] || "-",
        startFen: g.startFen(),
        moves: g.history().map((h) => h.notation),
        pdn: summary.pdn,
      };
    } finally {
      g.free();
    }
  }

  async function importFile(file) {
    const status = $("archive-status");
    status.textContent = "";
    let games;
    try {
      const text = await file.text();
      games = engine.pdnGames(text).map(importedEntry);
    } catch (e) {
      status.textContent = t("archive.importFailed", { message: errorText(e) });
      return;
    }
    try {
      for (const e of games) await archive.put(e);
      status.textContent = t("archive.imported", { n: games.length });
    } catch (e) {
      showError(e);
    }
    await load();
  }

  $("archive-filter-result").addEventListener("change", render);
  $("archive-filter-opponent").addEventListener("change", render);
  $("archive-export").addEventListener("click", download);
  $("archive-import").addEventListener("change", (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (file) importFile(file).finally(() => (ev.target.value = ""));
  });
  $("archive-clear").addEventListener("click", async () => {
    if (!(await confirmDialog(t("archive.deleteAll"), t("archive.deleteAllConfirm"), t("archive.deleteAll"), t("archive.cancel")))) return;
    try {
      await archive.clear();
    } catch (e) {
      showError(e);
    }
    await load();
  });
  $("archive-list").addEventListener("click", async (ev) => {
    const r = ev.target.closest("button[data-archive-review]");
    if (r) {
      const e = entries.find((x) => String(x.id) === r.dataset.archiveReview);
      if (e) onReview({ startFen: e.startFen, moves: e.moves, players: e.color ? [e.color] : ["white", "black"] });
      return;
    }
    const b = ev.target.closest("button[data-archive-delete]");
    if (!b) return;
    try {
      await archive.remove(Number(b.dataset.archiveDelete));
    } catch (e) {
      showError(e);
    }
    await load();
  });

  load();

  return {
    /** Stores the entry; resolves to its id, rejects (after showing why) on a storage failure. */
    async keep(entry) {
      try {
        const id = await archive.put(entry);
        await load();
        return id;
      } catch (e) {
        showError(e);
        throw e;
      }
    },
    refresh: render,
    entries: () => entries,
  };
}
