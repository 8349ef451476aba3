// The engine's evaluation of the explorer's moves, on demand (a search
// Worker) and cached in the browser.

import { errorText } from "../shared/status-text.js";
import { t } from "../i18n/i18n.js";
import { $ } from "../shared/util.js";
import { EVAL_KEY, EVAL_MS, Game, S, WORKER_URL } from "./state.js";
import { ex } from "./explorer.js";

// ---- the engine's evaluation, on demand and cached ------------------------

const evalCache = new Map();
try {
  for (const [k, v] of JSON.parse(localStorage.getItem(EVAL_KEY) || "[]")) evalCache.set(k, v);
} catch {
  /* no saved evaluations */
}

function saveEvals() {
  try {
    localStorage.setItem(EVAL_KEY, JSON.stringify([...evalCache].slice(-400)));
  } catch {
    /* storage unavailable */
  }
}

export function afterFen(fen, notation) {
  const g = Game.fromFen(fen);
  try {
    g.play(notation);
    return g.fen();
  } catch {
    return null;
  } finally {
    g.free();
  }
}

export function evalOf(fen) {
  return fen ? evalCache.get(fen) || null : null;
}

export function evalText(ev) {
  if (ev.result && ev.result.winner) return t("openings.win", { side: ev.result.winner });
  if (typeof ev.score !== "number") return "0.00";
  const s = ev.score.toFixed(2);
  return ev.score > 0 ? `+${s}` : s;
}

const waiting = new Map();

function startWorker() {
  S.worker = new Worker(WORKER_URL, { type: "module" });
  S.worker.onmessage = (e) => {
    const m = e.data || {};
    const w = waiting.get(m.id);
    if (!w) return;
    if (m.type === "review-step") {
      waiting.delete(m.id);
      w.resolve(m.eval);
    } else if (m.type === "error") {
      waiting.delete(m.id);
      w.reject(new Error((m.error && m.error.message) || "error"));
    }
  };
}

function evaluateFen(fen) {
  if (!S.worker) startWorker();
  const id = S.nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    S.worker.postMessage({ type: "review", id, startFen: fen, moves: [], movetimeMs: EVAL_MS });
  });
}

$("ex-eval").addEventListener("click", async () => {
  if (S.evaluating) return;
  const fen = ex.fen;
  const rows = [...document.querySelectorAll("#ex-moves-body tr")].map((tr) => tr.dataset.explorerMove);
  S.evaluating = true;
  $("ex-eval").disabled = true;
  let done = 0;
  try {
    for (const notation of rows) {
      const after = afterFen(fen, notation);
      if (!after) continue;
      $("ex-eval-status").textContent = t("openings.evaluating", { done, total: rows.length });
      if (!evalCache.has(after)) {
        const ev = await evaluateFen(after);
        evalCache.set(after, { score: ev.score, result: ev.result, depth: ev.depth });
        saveEvals();
      }
      done += 1;
      if (ex.fen === fen) {
        const cell = document.querySelector(`#ex-moves-body [data-eval-for="${CSS.escape(notation)}"]`);
        if (cell) cell.textContent = evalText(evalCache.get(after));
      }
    }
    $("ex-eval-status").textContent = t("openings.evaluated");
  } catch (e) {
    $("ex-eval-status").textContent = t("openings.evalFailed", { message: errorText(e) });
  } finally {
    S.evaluating = false;
    $("ex-eval").disabled = false;
  }
});
