// Live analysis: the eval, its bar, the best line and the candidate moves
// of the current position, from a search Worker that deepens until it is
// stopped. Depth reports arrive in bursts and are drawn at most every
// RENDER_GAP_MS; every report is still recorded in `facts` for the tests.

import { expected } from "../shared/review.js";
import { T } from "./texts.js";
import { $, S, facts, withGame } from "./state.js";
import { EngineWorker } from "./engine-worker.js";
import { board, bestArrowMove, drawBestArrow, playMove } from "./view.js";

const live = new EngineWorker(onLiveMessage);

let startTimer = null;
export function startAnalysisSoon(st) {
  if (live.busy) live.restart();
  facts.depths = [];
  renderIdle(T.engineLoading);
  clearTimeout(startTimer);
  startTimer = setTimeout(() => {
    if (S.analysing && S.mode === "play") startAnalysis(st);
  }, 80);
}


export function renderIdle(text = T.engineIdle) {
  const ev = $("eval");
  ev.textContent = "–";
  ev.dataset.score = "";
  ev.dataset.depth = "0";
  $("eval-info").textContent = text;
  $("pv").textContent = "";
  $("multipv").replaceChildren();
  setBar(null);
  drawBestArrow(null);
}

function setBar(evaluation) {
  const share = evaluation ? expected(evaluation) : 0.5;
  $("eval-bar-white").style.width = `${(share * 100).toFixed(1)}%`;
}

function scoreText(line) {
  if (line.result) return T.winsIn(line.result.winner, line.result.moves);
  const s = line.score;
  return `${s > 0 ? "+" : s < 0 ? "−" : ""}${Math.abs(s).toFixed(2)}`;
}

/** Analyses the current position (`st`: its status, when known). */
export function startAnalysis(st = withGame(S.current, (g) => g.status())) {
  clearTimeout(startTimer);
  if (live.busy) live.restart();
  if (st.state !== "ongoing") {
    renderIdle(T.gameOverNoAnalysis);
    const ev = $("eval");
    const score = st.state === "draw" ? "0" : st.winner === "white" ? "win" : "loss";
    ev.dataset.score = score;
    ev.textContent = st.state === "draw" ? T.statusDraw : T.statusWin(st.winner);
    setBar(st.state === "draw" ? { score: 0 } : { result: { winner: st.winner } });
    return;
  }
  renderIdle(T.engineLoading);
  facts.depths = [];
  live.send({ type: "analyse", startFen: S.tree.startFen, moves: S.tree.moves(S.current), multipv: 3 });
}

export function stopAnalysis() {
  clearTimeout(startTimer);
  if (live.busy) live.restart();
}

function setAnalysing(on) {
  S.analysing = on;
  document.body.dataset.analysing = String(on);
  const b = $("btn-analyse");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? T.analyseOff : T.analyseOn;
  if (on && S.mode === "play") startAnalysis();
  else {
    stopAnalysis();
    renderIdle();
    drawBestArrow(null);
  }
}

$("btn-analyse").addEventListener("click", () => setAnalysing(!S.analysing));

// Early depths arrive in bursts: the page draws the latest at most every
// RENDER_GAP_MS (each report is still recorded for tests in `facts`).
const RENDER_GAP_MS = 100;
let pendingDepth = null;
let renderTimer = null;
let lastRenderAt = 0;
function queueDepth(r) {
  facts.depths.push({
    depth: r.depth,
    score: r.lines[0] && r.lines[0].score,
    result: r.lines[0] && r.lines[0].result,
    pv: r.lines[0] && r.lines[0].pv,
    timeMs: r.timeMs,
  });
  pendingDepth = r;
  if (renderTimer) return;
  const wait = Math.max(0, lastRenderAt + RENDER_GAP_MS - performance.now());
  renderTimer = setTimeout(flushDepth, wait);
}

function flushDepth() {
  renderTimer = null;
  const d = pendingDepth;
  pendingDepth = null;
  lastRenderAt = performance.now();
  if (d && S.analysing && d.id === live.current) renderDepth(d);
  if (pendingDone && pendingDone === live.current) showDone();
  pendingDone = null;
}

let pendingDone = null;
function showDone() {
  if (S.lastDepth) $("eval-info").textContent = `${T.depthInfo(S.lastDepth.depth, S.lastDepth.nps)} · ${T.provenDone}`;
}

function onLiveMessage(msg) {
  if (msg.type === "ready" || msg.id !== live.current) return;
  if (msg.type === "depth") queueDepth({ ...msg.result, id: msg.id });
  else if (msg.type === "done") {
    live.busy = false;
    // after the last depth is drawn
    if (renderTimer) pendingDone = msg.id;
    else showDone();
  } else if (msg.type === "error") {
    live.busy = false;
    renderIdle(msg.error.message);
  }
}

function renderDepth(r) {
  S.lastDepth = r;
  const best = r.lines[0];
  if (!best) return;
  const ev = $("eval");
  ev.dataset.score = best.result ? (best.result.winner === "white" ? "win" : "loss") : String(best.score);
  ev.dataset.depth = String(r.depth);
  ev.textContent = scoreText(best);
  $("eval-info").textContent = T.depthInfo(r.depth, r.nps);
  $("pv").textContent = best.pv.join(" ");
  setBar(best);
  const items = r.lines.map((l) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cand-move";
    b.dataset.move = l.move;
    b.textContent = l.move;
    const s = document.createElement("span");
    s.className = "cand-score";
    s.textContent = scoreText(l);
    const pv = document.createElement("span");
    pv.className = "cand-pv";
    pv.textContent = l.pv.slice(1).join(" ");
    li.append(b, " ", s, " ", pv);
    return li;
  });
  $("multipv").replaceChildren(...items);
  // During a move's animation the arrow waits (updateBoard draws it after).
  if (S.mode === "play" && !board.animating) {
    const mv = board.legalMoves.find((m) => m.notation === best.move) || null;
    const shown = bestArrowMove();
    if ((shown && shown.notation) !== (mv && mv.notation)) drawBestArrow(mv);
  }
}

$("multipv").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-move]");
  if (b && S.mode === "play") playMove(b.dataset.move);
});
